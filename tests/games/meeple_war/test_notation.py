"""Notation: canonical action strings and the one-line position text (issue point 4)."""

from __future__ import annotations

import json

import pytest

import meeples
from meeples.games.meeple_war import GAME, notation
from tests.games.meeple_war.playouts import CONFIGS, playout


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_notation_every_played_action_parses_back(players: int, quickstart: bool) -> None:
    for _, action in playout(players, quickstart, 0):
        if action:
            assert notation.format_action(notation.parse_action(action)) == action


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_notation_position_text_round_trips(players: int, quickstart: bool) -> None:
    for state, _ in playout(players, quickstart, 0)[::7]:
        text = notation.format_state(state)
        assert "\n" not in text
        assert notation.parse_state(text) == state


@pytest.mark.parametrize("text", ["", "move", "1,0>2,0", "s5:asm:1", "w1>Z", "done ", "rot:6",
                                  "kill:1@x,y", "s1:build:XX@1"])
def test_notation_malformed_actions_are_refused(text: str) -> None:
    with pytest.raises(meeples.IllegalAction):
        notation.parse_action(text)


def test_notation_well_formed_but_illegal_explained() -> None:
    state = GAME.new(players=2, seed=0)
    with pytest.raises(meeples.IllegalAction, match="must now"):
        state.play("rot:1")


@pytest.mark.parametrize("text", ["", "{}", "[1]", '{"game":"sparta"}',
                                  '{"game":"meeple_war","players":9}'])
def test_notation_bad_positions_are_refused(text: str) -> None:
    with pytest.raises(meeples.BadPosition):
        GAME.parse(text)


def test_notation_position_is_compact_json() -> None:
    data = json.loads(GAME.new(players=3, seed=4).position())
    assert data["game"] == "meeple_war" and data["players"] == 3


def test_notation_describe_every_legal_action() -> None:
    for state, _ in playout(4, False, 1)[::5]:
        wrapped = GAME.wrap(state)
        for action in wrapped.legal():
            words = wrapped.describe(action)
            assert words and words.isascii()


def test_derived_legal_actions_not_reused_after_dataclasses_replace() -> None:
    import dataclasses

    from meeples.games.meeple_war import RULES
    state = GAME.new(players=2, seed=0).inner
    assert RULES.legal_actions(state) == ["w2>L1", "w2>L2", "w2>L3"]
    assert RULES.legal_actions(dataclasses.replace(state, step="move")) == ["done"]


def _state_with_bravery_vp_pending() -> meeples.State:
    """Return a position where a bravery VP waits for its owner, with no meeple in stock or
    Depot, to pick the map meeple that goes to the Reputation Mountain (A11)."""
    from meeples.games.meeple_war.board import hex_name
    from tests.games.meeple_war.scenario import position

    state = position(troops=(("1,0", 1, 6), ("0,1", 1, 5)),
                     seats={1: {"stock": 0, "depot": 0, "extra_vp": 1}},
                     effects=[["vp", 1, hex_name(0)]])
    assert state.legal() == ["vp@0,1", "vp@1,0"]
    return state


def test_position_with_a_bravery_vp_choice_round_trips() -> None:
    state = _state_with_bravery_vp_pending()
    parsed = meeples.load("meeple_war").parse(state.position())
    assert parsed.position() == state.position()
    assert parsed.legal() == state.legal()


def test_view_with_a_bravery_vp_choice_shows_the_effect() -> None:
    state = _state_with_bravery_vp_pending()
    effects = state.view(state.to_move)["effects"]
    assert effects == json.loads(state.position())["effects"]
    assert any(e[0] == "vp" for e in effects)


@pytest.mark.parametrize("step", ["fly", "fright"])
def test_position_fly_or_fright_step_without_its_action_in_progress_is_refused(step: str) -> None:
    # found by the damaged-position fuzz: a fright step with no sub crashed on its first action
    from meeples.core.errors import BadPosition
    from tests.games.meeple_war.scenario import position

    with pytest.raises(BadPosition, match="sub"):
        position(step=step, sub=[])
