"""examples/train_sparta.py: its features, its gradient and a few steps of its training loop
(the full run, at most 10 minutes, is documented in docs/learning.md, not run here)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import meeples
from meeples.env.sparta import from_state
from meeples.games.sparta import actions

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_sparta.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_sparta", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_sparta"] = module
    spec.loader.exec_module(module)
    return module


def position_after(*moves: str) -> meeples.State:
    state = meeples.load("sparta").new(seed=0)
    for move in moves:
        state = state.play(move)
    return state


#: The cities of each side at the start (shared/rules/sparta.md, Setup): South's, North's.
CITIES = ({"b5", "d5", "f5", "h5"}, {"c6", "e6", "g6", "i6"})


@pytest.mark.parametrize(
    ("moves", "seat", "conquests"),
    [
        (("c2-c4", "b9-b8"), 0, ["c4-c6", "c4-e6"]),
        (("c2-c4", "d9-d7", "c4-c3"), 1, ["d7-b5", "d7-d5", "d7-f5"]),
    ],
)
def test_example_features_mark_the_conquest_of_an_enemy_city(
    example: ModuleType, moves: tuple[str, ...], seat: int, conquests: list[str]
) -> None:
    state = position_after(*moves)
    assert state.to_move == seat
    ids = np.array([actions.action_id(text) for text in state.legal()])
    phi = example.features(from_state(state.inner, seat), ids, seat)
    column = example.FEATURES.index("conquers an enemy city")
    marked = [text for text, row in zip(state.legal(), phi, strict=True) if row[column]]
    assert marked == conquests
    assert conquests == [t for t in state.legal() if t.partition("-")[2] in CITIES[1 - seat]]
    assert phi.shape == (len(ids), len(example.FEATURES))


def test_example_gradient_is_the_derivative_of_the_log_probability(example: ModuleType) -> None:
    rng = np.random.default_rng(0)
    phi = rng.normal(size=(7, len(example.FEATURES)))
    policy = example.Policy(rng.normal(size=len(example.FEATURES)))
    gradient = policy.gradient(phi, 3)
    for k in range(len(example.FEATURES)):
        nudge = np.zeros(len(example.FEATURES))
        nudge[k] = 1e-6
        up = np.log(example.Policy(policy.weights + nudge).probabilities(phi)[3])
        down = np.log(example.Policy(policy.weights - nudge).probabilities(phi)[3])
        assert gradient[k] == pytest.approx((up - down) / 2e-6, abs=1e-5)


def test_example_training_loop_learns_from_finished_games(example: ModuleType) -> None:
    lines: list[str] = []
    policy, figures = example.train(
        minutes=5, envs=4, seed=1, batch=1, steps=2000, log=lines.append
    )
    assert figures["training_steps"] >= 2000 and figures["training_games"] >= 1
    assert np.any(policy.weights != 0)  # updated from the finished games' rewards
    result = example.evaluate(policy, 2, seed=0, rng=np.random.default_rng(0))
    assert result["wins"] + result["draws"] + result["losses"] == 2 and result["steps"] > 0


def test_example_standing_at_the_end_is_read_from_the_score_sheet(example: ModuleType) -> None:
    # The shaping's potential: the same from the planes and from the final score sheet.
    from meeples.env import gym

    env = gym("sparta", seat=1, opponents="random")
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated = False
    while not terminated:
        observation, _, terminated, _, info = env.step(
            rng.choice(np.flatnonzero(info["action_mask"])))
    # The final observation is North's own view of the end: both readings must agree.
    lines = info["outcome"]["score_sheet"]["lines"]
    assert example.final_standing(lines, 1) == pytest.approx(example.standing(observation))
    assert example.final_standing(lines, 1) == pytest.approx(-example.final_standing(lines, 0))


def test_example_saves_a_policy_that_plays_as_a_bot(example: ModuleType, tmp_path: Path) -> None:
    import json

    from meeples.ai.levels import get_bot

    policy = example.Policy(np.arange(len(example.FEATURES), dtype=np.float64) / 10)
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(example.policy_file(policy, {"checks": []})))
    bot = get_bot("sparta", f"policy:{path}")
    assert list(bot.weights) == list(policy.weights)
    example.draw_curve({"checks": [{"games": 200, "check_win_rate": 0.5,
                                    "last_opponent_win_rate": 0.1}],
                        "curriculum": ["random", "heuristic"]}, str(tmp_path / "curve.png"))
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
