"""Golden replays (tests/data/meeple_war/replays, made by
scripts/regenerate_meeple_war_replays.py): each record replays to its stored final position
and outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeples.core.record import Match

REPLAYS = sorted((Path(__file__).resolve().parents[2] / "data" / "meeple_war" / "replays")
                 .glob("*.json"))


def test_replays_exist() -> None:
    assert len(REPLAYS) >= 4


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_reaches_the_stored_final_position(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    final = Match.from_json(data).replay()
    assert final.position() == data["final_position"]
    assert final.outcome is not None
    assert final.outcome.to_json() == data["outcome"]
