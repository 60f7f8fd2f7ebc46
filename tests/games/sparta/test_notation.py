"""Action notation and the position text (sheet, Notation; README, Notation and position text)."""

from __future__ import annotations

import pytest

from meeples.games.sparta import notation
from meeples.games.sparta.state import PASS, Action
from tests.games.sparta.helpers import GAME, parse

OPENING_TEXT = (
    "10/1wwwwwwww1/10/10/10/10/10/10/1WWWWWWWW1/10 S "
    "b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"
)


def test_notation_squares_a1_to_j10() -> None:
    assert notation.parse_square("a1") == 0
    assert notation.parse_square("j1") == 9
    assert notation.parse_square("a10") == 90
    assert notation.parse_square("j10") == 99
    assert [notation.square_name(sq) for sq in (0, 11, 99)] == ["a1", "b2", "j10"]


def test_notation_move_is_from_dash_to() -> None:
    assert notation.parse_action("b2-d4") == Action(11, 33)
    assert notation.format_action(Action(11, 33)) == "b2-d4"


def test_notation_in_place_promotion_is_square_equals_h() -> None:
    assert notation.parse_action("e5=H") == Action(44, 44)
    assert notation.format_action(Action(44, 44)) == "e5=H"


def test_notation_pass() -> None:
    assert notation.parse_action("pass") == PASS
    assert notation.format_action(PASS) == "pass"


def test_notation_promotion_on_landing_is_not_written() -> None:
    state = parse({"c3": "W", "a1": "W", "a10": "w", "c10": "w", "j10": "w"})
    assert "c3-b5" in state.legal()
    assert state.play("c3-b5").history == ("c3-b5",)


def test_notation_round_trips_every_action_of_the_opening() -> None:
    state = GAME.new()
    for text in state.legal():
        assert notation.format_action(notation.parse_action(text)) == text


def test_notation_players_south_0_north_1() -> None:
    assert GAME.new().to_move == 0
    assert GAME.new().play("b2-b4").to_move == 1


def test_position_text_of_the_opening() -> None:
    assert GAME.new().position() == OPENING_TEXT


def test_position_text_fields_after_moves() -> None:
    state = GAME.new().play("c2-c4").play("b9-b8").play("c4-b5")
    placement, side, cities, reserves, plies, passes = state.position().split()
    assert placement.split("/")[5] == "1H8"  # rank 5: the promoted hero on b5
    assert side == "N"
    assert cities == "b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N"
    assert reserves == "7/8"
    assert plies == "0"  # the promotion reset the count
    assert passes == "0"


def test_position_text_counts_quiet_plies() -> None:
    state = GAME.new().play("c2-c4").play("b9-b8")
    assert state.position().split()[4] == "2"


def test_position_text_heroes_conquer_variant_field() -> None:
    text = GAME.new(heroes_conquer=False).position()
    assert text == OPENING_TEXT + " warriors-conquer"
    assert GAME.parse(text).inner.heroes_conquer is False


def test_position_text_round_trip_of_the_opening() -> None:
    assert GAME.parse(OPENING_TEXT).position() == OPENING_TEXT
    assert GAME.parse(OPENING_TEXT) == GAME.new()


def test_position_text_parse_starts_a_fresh_repetition_history() -> None:
    state = parse({"a1": "W", "c1": "W", "e1": "W", "j10": "w", "h10": "w", "f10": "w"})
    for action in ["a1-a2", "j10-j9", "a2-a1", "j9-j10"]:
        state = state.play(action)
    again = GAME.parse(state.position())
    for action in ["a1-a2", "j10-j9", "a2-a1", "j9-j10"]:
        again = again.play(action)
    assert again.outcome is None  # only the second occurrence since the text was read
    assert state.play("a1-a2").play("j10-j9").play("a2-a1").play("j9-j10").outcome is not None


@pytest.mark.parametrize("first", [0, 1])
def test_position_text_side_to_move(first: int) -> None:
    assert GAME.new(first=first).position().split()[1] == "SN"[first]
