"""Golden replays: seeded random games saved in tests/data/sparta/replays/ replay identically.

Written by ``scripts/regenerate_replays.py``; a rules change that alters any game shows up here
and in the diff of the regenerated files.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import meeples
from meeples.core.record import Match

FOLDER = Path(__file__).resolve().parents[2] / "data" / "sparta" / "replays"
REPLAYS = sorted(FOLDER.glob("*.json"))


def test_replays_exist() -> None:
    assert len(REPLAYS) >= 5


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_reaches_the_saved_position_and_outcome(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    final = Match.from_json(data).replay()
    assert final.position() == data["final_position"]
    assert final.outcome is not None
    assert final.outcome.to_json() == data["outcome"]


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_actions_are_the_seeded_random_choices(path: Path) -> None:
    # The legal actions, in their order, are part of what the file pins down.
    data = json.loads(path.read_text(encoding="utf-8"))
    rng = random.Random(data["seed"])
    state = meeples.load("sparta").new(seed=data["seed"], **data["options"])
    for action in data["actions"]:
        assert rng.choice(state.legal()) == action
        state = state.play(action)
    assert state.outcome is not None
