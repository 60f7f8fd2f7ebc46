"""Match records (issue 13): the second format keeps the seed as decimal text with its
commitment; files of the first format still load, and are saved back in the second."""

from __future__ import annotations

import json
from typing import Any

import pytest

import meeples
from meeples.core.chance import commitment
from meeples.core.errors import CorruptRecord
from meeples.core.record import FORMAT, FORMAT_V1, Match

V1_SPARTA = {"format": "meeples-match/1", "game": "sparta", "players": 2, "seed": 0,
             "options": {"heroes_conquer": True, "first": 0}, "position": None,
             "actions": ["b2-b4", "c9-c7"]}


def test_record_format_1_of_a_game_without_chance_loads_unchanged() -> None:
    match = Match.loads(json.dumps(V1_SPARTA))
    assert match.actions == ("b2-b4", "c9-c7") and match.seed == 0
    assert match.commitment == commitment(0)
    saved = match.to_json()
    assert (saved["format"], saved["seed"]) == (FORMAT, "0") and FORMAT_V1 != FORMAT


def test_record_format_2_keeps_a_256_bit_seed_exactly() -> None:
    seed = 2**256 - 1
    state = meeples.load("meeple_war").new(players=2, seed=seed)
    data = json.loads(state.record().dumps())
    assert data["seed"] == str(seed) and data["commitment"] == commitment(seed)
    assert Match.loads(json.dumps(data)).replay() == state


@pytest.mark.parametrize(("field", "value"), [
    ("seed", "12a"), ("seed", "-5"), ("seed", "1" * 81), ("commitment", "abc"),
    ("commitment", "G" * 64), ("commitment", 5),
])
def test_record_format_2_bad_seed_or_commitment_is_refused(field: str, value: Any) -> None:
    data = meeples.load("sparta").new(seed=3).record().to_json()
    data[field] = value
    with pytest.raises(CorruptRecord, match=field):
        Match.from_json(data)


def test_record_of_an_unknown_format_is_refused() -> None:
    with pytest.raises(CorruptRecord, match="format"):
        Match.from_json(dict(V1_SPARTA, format="meeples-match/9"))
