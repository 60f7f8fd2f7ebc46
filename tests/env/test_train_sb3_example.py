"""examples/train_sparta_sb3.py: MaskablePPO (sb3-contrib) trains one network for both seats on
the relative, flat environments and plays only legal ids (skipped without the sb3 extra)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_sparta_sb3.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    pytest.importorskip("sb3_contrib")
    spec = importlib.util.spec_from_file_location("train_sparta_sb3", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_sparta_sb3"] = module
    spec.loader.exec_module(module)
    return module


def test_maskable_ppo_learns_on_both_seats_and_plays_legal_ids(example: ModuleType) -> None:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    envs = DummyVecEnv([lambda seat=seat: example.make("random", seat) for seat in (0, 1)])
    model = MaskablePPO("MlpPolicy", envs, n_steps=32, batch_size=32, n_epochs=1, seed=0)
    model.learn(64)
    for seat in (0, 1):
        env = example.make("random", seat)
        observation, _ = env.reset(seed=seat)
        for _ in range(10):
            mask = env.action_masks()
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            assert mask[int(action)]
            observation, _, terminated, _, _ = env.step(int(action))
            if terminated:
                break
    assert np.isfinite(example.evaluate(model, "random", 1, seed=0)["win_rate"])
