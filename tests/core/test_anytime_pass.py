"""The facade's anytime setting: which "at any time" decision is declined for the player to
move (ask: none; own: those on another player's turn; never: all), as the terminal and the
server both play it."""

from __future__ import annotations

import pytest

import meeples
from meeples.core.game import ANYTIME_SETTINGS, DEFAULT_ANYTIME
from tests.terminal.fake_tokens import TOKENS


def test_settings_default_to_never_asking() -> None:
    assert ANYTIME_SETTINGS == ("ask", "own", "never") and DEFAULT_ANYTIME == "never"


def test_armed_player_is_asked_whatever_the_setting() -> None:
    state = TOKENS.new(players=3).play("done")
    assert state.anytime_pass("never") == "done"
    assert state.anytime_pass("never", armed=True) is None
    assert state.anytime_pass("own", armed=True) is None


def test_own_turn_is_read_from_the_views_active_seat() -> None:
    state = TOKENS.new(players=3)
    assert state.to_move == 0 and state.is_own_turn(0)
    after = state.play("done")
    assert after.to_move == 1 and not after.is_own_turn(1)


def test_ask_never_declines() -> None:
    assert TOKENS.new(players=3).play("done").anytime_pass("ask") is None


def test_own_declines_only_on_another_players_turn() -> None:
    state = TOKENS.new(players=3)
    assert state.anytime_pass("own") is None
    assert state.play("done").anytime_pass("own") == "done"


def test_never_declines_on_ones_own_turn_too() -> None:
    assert TOKENS.new(players=3).anytime_pass("never") == "done"


def test_no_decline_without_an_anytime_decision() -> None:
    state = meeples.load("sparta").new()
    assert [state.anytime_pass(s) for s in ANYTIME_SETTINGS] == [None, None, None]


def test_a_game_without_active_seat_is_always_ones_own_turn() -> None:
    assert meeples.load("sparta").new().is_own_turn(1)


def test_unknown_setting_is_refused() -> None:
    with pytest.raises(ValueError, match="anytime is one of ask, own, never"):
        TOKENS.new(players=3).anytime_pass("sometimes")
