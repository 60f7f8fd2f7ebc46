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


def resigned_record(**changes: Any) -> dict[str, Any]:
    """A Sparta record where South resigned after one move each (the form of issue 28)."""
    data = meeples.load("sparta").new(seed=3).play("b2-b4").play("b9-b7").record().to_json()
    data["resigned"] = [{"seat": 0, "ply": 2}]
    data.update(changes)
    return data


def test_record_resignation_round_trips_and_ends_the_match() -> None:
    match = Match.loads(json.dumps(resigned_record()))
    assert match.resigned == ((0, 2),)
    assert Match.loads(match.dumps()) == match
    outcome = match.outcome(match.replay())
    assert outcome is not None and outcome.winners == (1,)
    assert match.outcome(match.states()[1]) is None  # before the resignation, it went on


def test_record_without_resignations_loads_as_before() -> None:
    data = resigned_record()
    del data["resigned"]
    match = Match.loads(json.dumps(data))
    assert match.resigned == () and "resigned" not in match.to_json()


def test_record_refuses_actions_after_a_resignation_ended_it() -> None:
    with pytest.raises(CorruptRecord, match="comes after the match ended by resignation"):
        Match.loads(json.dumps(resigned_record(resigned=[{"seat": 0, "ply": 1}])))


@pytest.mark.parametrize("resigned", [
    {"seat": 0}, [{"seat": 2, "ply": 1}], [{"seat": 0, "ply": 9}], [{"seat": "0", "ply": 1}],
    [{"seat": 0, "ply": 1}, {"seat": 0, "ply": 2}], [{"seat": 0, "ply": 2, "x": 1}],
])
def test_record_refuses_malformed_resignations(resigned: Any) -> None:
    with pytest.raises(CorruptRecord, match="resigned"):
        Match.from_json(resigned_record(resigned=resigned))


def test_record_whose_seed_was_edited_but_not_its_commitment_is_refused_at_load() -> None:
    data = meeples.load("meeple_war").new(players=2, seed=7).record().to_json()
    data["seed"] = "8"
    with pytest.raises(CorruptRecord, match="the seed does not match its commitment"):
        Match.loads(json.dumps(data))
    assert Match.from_json(data).seed == 8  # meeples verify still reads it, to report it


def test_record_with_five_players_names_the_games_player_range() -> None:
    data = {**resigned_record(), "players": 5, "seats": ["human"] * 5}
    with pytest.raises(CorruptRecord, match="sparta is played by 2 players, not 5"):
        Match.from_json(data)
