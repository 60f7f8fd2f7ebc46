"""Meeple War records of the first format (tests/data/meeple_war/records_v1, the golden replays
of the engine before chance was explicit, issue 13): they still load, converted, and replay to the
same end. The golden playthroughs of today: tests/core/test_playthroughs.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeples.core.record import Match

OLD_RECORDS = sorted((Path(__file__).resolve().parents[2] / "data" / "meeple_war" / "records_v1")
                     .glob("*.json"))


def _classes(position: dict[str, object]) -> list[tuple[object, ...]]:
    """Return the laid tiles with each tile named by its class of identical tiles."""
    from meeples.games.meeple_war.data import TILE_CLASS, TILE_INDEX

    return sorted((h, TILE_CLASS[TILE_INDEX[t]], r)
                  for h, t, r in position["tiles"])  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", OLD_RECORDS, ids=[p.stem for p in OLD_RECORDS])
def test_old_record_format_1_converts_and_replays_to_the_same_end(path: Path) -> None:
    # issue 13: a meeples-match/1 file (chance inside the engine's generator) still loads; the
    # old generator's draws become chance actions, and the game ends as it did
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "meeples-match/1"
    match = Match.loads(path.read_text(encoding="utf-8"))
    assert match.actions[0].startswith("first:")
    assert sum(a.startswith("draw:") for a in match.actions) > 10
    final = match.replay()
    assert final.outcome is not None and final.outcome.to_json() == data["outcome"]
    old, new = json.loads(data["final_position"]), json.loads(final.position())
    for seat in new["seats"]:
        seat.pop("bravery_vp", None)  # the score sheet's field came after these records
    assert {k: v for k, v in old.items() if k not in ("rng", "tiles", "pile")} == {
        k: v for k, v in new.items() if k not in ("tiles", "pile")}
    assert _classes(old) == _classes(new)
    assert match.to_json()["format"] == "meeples-match/2"


@pytest.mark.parametrize("path", OLD_RECORDS, ids=[p.stem for p in OLD_RECORDS])
def test_old_position_text_with_a_generator_still_parses(path: Path) -> None:
    from meeples.games.meeple_war import GAME

    text = json.loads(path.read_text(encoding="utf-8"))["final_position"]
    assert '"rng"' in text
    state = GAME.parse(text)
    assert '"rng"' not in state.position()
    assert json.loads(state.position())["pile"] == sorted(json.loads(text)["pile"])
