"""Bad input: every error names the problem and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeples
from meeples.core.record import Match
from tests.games.sparta.helpers import GAME, parse

OPENING = GAME.new().position()
PLACEMENT, SIDE, CITIES, RESERVES, PLIES, PASSES = OPENING.split()


def with_field(index: int, value: str) -> str:
    fields = OPENING.split()
    fields[index] = value
    return " ".join(fields)


# Games and options ---------------------------------------------------------------------------


def test_bad_input_unknown_game_names_it_and_the_known_games() -> None:
    with pytest.raises(meeples.UnknownGame, match=r"'spartan'.*sparta"):
        meeples.load("spartan")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"heroes_conquer": "yes"}, "'heroes_conquer' takes true or false"),
        ({"heroes_conquer": 1}, "'heroes_conquer' takes true or false"),
        ({"first": 2}, "'first' must be one of 0, 1"),
        ({"first": "0"}, "'first' takes a whole number"),
        ({"first": True}, "'first' takes a whole number"),
        ({"colour": 1}, "no option 'colour'"),
    ],
    ids=["conquer-text", "conquer-number", "first-out-of-range", "first-text", "first-bool",
         "unknown"],
)
def test_bad_input_bad_options_are_named(options: dict[str, object], words: str) -> None:
    with pytest.raises(meeples.BadOptions, match=words):
        GAME.new(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 3, 0, "2", 2.0, True])
def test_bad_input_bad_player_count(players: object) -> None:
    with pytest.raises(meeples.BadOptions, match="players"):
        GAME.new(players=players)  # type: ignore[arg-type]


def test_bad_input_bad_seed() -> None:
    with pytest.raises(meeples.BadOptions, match="seed"):
        GAME.new(seed="x")  # type: ignore[arg-type]


# Action strings --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["", "b2b4", "b2-", "-b4", "B2-B4", "b2-b11", "k2-k4", "b0-b1", "b2-b4 ", " b2-b4",
     "b2-b4\n", "b2=Q", "e5=h", "e5=", "=H", "Pass", "pass ", "b2-b2", "b02-b04", "b2--b4"],
)
def test_bad_input_malformed_action_is_named(text: str) -> None:
    state = GAME.new()
    with pytest.raises(meeples.IllegalAction, match="is not a Sparta action") as error:
        state.play(text)
    assert repr(text) in str(error.value)
    assert state.position() == OPENING and state.history == ()


def test_bad_input_action_that_is_not_text() -> None:
    with pytest.raises(meeples.IllegalAction, match="an action is a text"):
        GAME.new().play(None)  # type: ignore[arg-type]


def test_illegal_action_occupied_square() -> None:
    with pytest.raises(meeples.IllegalAction, match="c2 is occupied"):
        GAME.new().play("b2-c2")


def test_illegal_action_too_far_for_a_warrior() -> None:
    with pytest.raises(meeples.IllegalAction, match="a warrior moves at most 2 steps"):
        GAME.new().play("b2-b5")


def test_illegal_action_too_far_for_a_hero() -> None:
    state = parse({"e4": "H", "a1": "W", "a10": "w", "c10": "w", "j10": "w"})
    with pytest.raises(meeples.IllegalAction, match="a hero moves at most 3 steps"):
        state.play("e4-e8")


def test_illegal_action_blocked_path() -> None:
    state = parse({"a1": "W", "a2": "W", "b2": "w", "j1": "W", "a10": "w", "j10": "w"})
    with pytest.raises(meeples.IllegalAction, match="no path of free squares leads from a1"):
        state.play("a1-a3")


def test_illegal_action_not_your_piece() -> None:
    with pytest.raises(meeples.IllegalAction, match="b9 is North's; South is to move"):
        GAME.new().play("b9-b8")


def test_illegal_action_no_piece_on_the_square() -> None:
    with pytest.raises(meeples.IllegalAction, match="there is no piece on a1"):
        GAME.new().play("a1-a2")


def test_illegal_action_promotion_off_own_city() -> None:
    with pytest.raises(meeples.IllegalAction, match="b2 is not one of your cities"):
        GAME.new().play("b2=H")


def test_illegal_action_promotion_of_a_hero() -> None:
    state = parse({"b5": "H", "a1": "W", "a10": "w", "c10": "w", "j10": "w"})
    with pytest.raises(meeples.IllegalAction, match="already a hero"):
        state.play("b5=H")


def test_illegal_action_promotion_on_enemy_city() -> None:
    state = parse({"c6": "W", "a1": "W", "a10": "w", "c10": "w", "j10": "w"})
    with pytest.raises(meeples.IllegalAction, match="c6 is not one of your cities"):
        state.play("c6=H")


def test_illegal_action_pass_not_allowed() -> None:
    with pytest.raises(meeples.IllegalAction, match="pass only when you have no move"):
        GAME.new().play("pass")


def test_illegal_action_after_the_game_is_over() -> None:
    state = parse({"a1": "W", "j10": "w"})
    with pytest.raises(meeples.IllegalAction, match="the game is over"):
        state.play("a1-a2")


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = GAME.new().play("b2-b4")
    before = (state.position(), state.history, state.inner)
    for bad in ["b2-c2", "b4-b6", "b9-c9", "pass", "b9=H", "nonsense"]:
        with pytest.raises(meeples.IllegalAction):
            state.play(bad)
    assert (state.position(), state.history, state.inner) == before


# Position text -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (OPENING + " extra", "unknown seventh field 'extra'"),
        (" ".join(OPENING.split()[:5]), "6 or 7 fields"),
        ("", "6 or 7 fields"),
        (with_field(0, "10/" + PLACEMENT), "10 ranks separated by '/', not 11"),
        (with_field(0, PLACEMENT.replace("1wwwwwwww1", "1wwwwwwwx1")), "'x' is not W, H, w, h"),
        (with_field(0, PLACEMENT.replace("1wwwwwwww1", "1wwwwwwww2")), "11 squares, not 10"),
        (with_field(0, PLACEMENT.replace("1wwwwwwww1", "wwwwwwww1")), "9 squares, not 10"),
        (with_field(0, PLACEMENT.replace("1wwwwwwww1", "01wwwwwwww1")), "not 0"),
        (with_field(1, "X"), "side to move must be S or N, not 'X'"),
        (with_field(1, "s"), "side to move must be S or N"),
        (with_field(2, CITIES.replace("b5:S", "k5:S")), "'k5' is not a square"),
        (with_field(2, CITIES.replace("b5:S", "b5:X")), "city 'b5:X' must be written"),
        (with_field(2, CITIES.replace("b5:S", "b5")), "city 'b5' must be written"),
        (with_field(2, CITIES.replace("d5:S", "b5:S")), "two cities on b5"),
        (with_field(2, CITIES.replace("b5:S,", "")), "8 cities, not 7"),
        (with_field(2, "-"), "8 cities, not 0"),
        (with_field(3, "8-8"), "reserves must be written S/N"),
        (with_field(3, "8/8/8"), "reserves must be written S/N"),
        (with_field(3, "9/8"), "at most 8 heroes"),
        (with_field(3, "-1/8"), "reserve cannot be negative"),
        (with_field(3, "7/8"), "South has 8 warriors on the board, but 1 of its 8 were promoted"),
        (with_field(4, "x"), "plies and passes as numbers"),
        (with_field(4, "-3"), "plies cannot be negative"),
        (with_field(5, "3"), "at most two passes"),
        (with_field(5, "one"), "plies and passes as numbers"),
    ],
    ids=["seventh-field", "five-fields", "empty", "eleven-ranks", "bad-piece", "long-rank",
         "short-rank", "zero-run", "side-x", "side-lower-case", "city-square", "city-owner",
         "city-no-owner", "city-twice", "seven-cities", "no-cities", "reserve-separator",
         "reserve-three", "reserve-too-big", "reserve-negative", "warriors-exceed-reserve",
         "plies-text", "plies-negative", "passes-three", "passes-text"],
)
def test_bad_input_corrupt_position_text_is_named(text: str, words: str) -> None:
    with pytest.raises(meeples.BadPosition, match=words):
        GAME.parse(text)


def test_bad_input_position_with_more_heroes_than_left_the_reserve() -> None:
    with pytest.raises(meeples.BadPosition, match="South has 1 heroes on the board but only 0"):
        parse({"e4": "H", "a1": "W", "a10": "w", "c10": "w"}, reserves=(8, 8))


def test_bad_input_position_with_an_enclosed_run() -> None:
    with pytest.raises(meeples.BadPosition, match="on d4 stand enclosed"):
        parse({"c4": "w", "d4": "W", "e4": "w", "a1": "W", "a10": "w"})


def test_bad_input_position_that_is_not_text() -> None:
    with pytest.raises(meeples.BadPosition, match="a position is a text"):
        GAME.parse(None)  # type: ignore[arg-type]


# Saved matches ---------------------------------------------------------------------------------


def saved_match() -> dict[str, object]:
    return json.loads(GAME.new().play("b2-b4").play("b9-b7").to_json())  # type: ignore[no-any-return]


def test_bad_input_save_that_is_not_json() -> None:
    with pytest.raises(meeples.CorruptRecord, match="not valid JSON"):
        Match.loads("{not json")


def test_bad_input_save_of_another_format() -> None:
    data = saved_match() | {"format": "chess-pgn"}
    with pytest.raises(meeples.CorruptRecord, match="not a Meeples match record"):
        Match.loads(json.dumps(data))


def test_bad_input_save_that_is_not_an_object() -> None:
    with pytest.raises(meeples.CorruptRecord, match="a match record is a JSON object"):
        Match.loads("[1, 2]")


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ("game", "field 'game'"),
        ("players", "field 'players'"),
        ("actions", "field 'actions'"),
        ("seed", "either a seed or a start position"),
    ],
)
def test_bad_input_save_with_a_missing_field(field: str, words: str) -> None:
    data = saved_match()
    del data[field]
    with pytest.raises(meeples.CorruptRecord, match=words):
        Match.loads(json.dumps(data))


def test_bad_input_save_with_an_action_that_does_not_replay() -> None:
    data = saved_match()
    data["actions"] = ["b2-b4", "b9-b7", "b4-b9"]
    with pytest.raises(meeples.CorruptRecord, match=r"action 3 \('b4-b9'\) does not apply"):
        Match.loads(json.dumps(data))


def test_bad_input_save_of_an_unknown_game() -> None:
    data = saved_match() | {"game": "spartan"}
    with pytest.raises(meeples.CorruptRecord, match="unknown game 'spartan'"):
        Match.loads(json.dumps(data))


def test_bad_input_save_with_bad_options() -> None:
    data = saved_match() | {"options": {"heroes_conquer": "sometimes"}}
    with pytest.raises(meeples.CorruptRecord, match="'heroes_conquer' takes true or false"):
        Match.loads(json.dumps(data))


def test_bad_input_save_with_a_corrupt_position() -> None:
    data = saved_match() | {"seed": None, "options": None, "position": "nonsense"}
    with pytest.raises(meeples.CorruptRecord, match="6 or 7 fields"):
        Match.loads(json.dumps(data))


def test_bad_input_corrupt_save_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text('{"format": "meeples-match/1", "game": "sparta"', encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(meeples.CorruptRecord, match="not valid JSON"):
        Match.load(path)
    assert path.read_bytes() == before


def test_bad_input_missing_save_file(tmp_path: Path) -> None:
    with pytest.raises(meeples.CorruptRecord, match="cannot read"):
        Match.load(tmp_path / "nothing.json")
