"""The registry and the public facade names."""

from __future__ import annotations

import pytest

import meeples


def test_game_names_lists_sparta() -> None:
    assert "sparta" in meeples.game_names()


def test_load_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(meeples.UnknownGame, match="unknown game 'chess'.*sparta"):
        meeples.load("chess")


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(meeples.IllegalAction, ValueError)
