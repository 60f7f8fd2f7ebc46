"""§2.3 turn structure, §2.4 dice rows and powers, R2 dice use, R13/Q16 winning."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.state import Phase
from tests.games.rise_of_tribes.helpers import B, M, S, goals_step, legal, play, turn


def test_count_villages_scores_one_per_village_at_turn_start() -> None:
    state = goals_step(members={"a": (2, 0), "b": (1, 0), "e": (0, 2)},
                       villages=(0, 0, -1, -1, 1, -1, -1, -1, -1), score=(3, 0))
    state = play(state, "done")
    assert state.active == 1 and state.score == (3, 1)
    state = dataclasses.replace(state, phase=Phase.GOALS, hand=(), decider=1)
    state = play(state, "done")
    assert state.active == 0 and state.score[0] == 5


def test_roll_two_dice_at_turn_start() -> None:
    state = play(goals_step(members={"a": (2, 0), "e": (0, 2)}), "done")
    assert state.phase == Phase.ROLL and state.hand == () and state.active == 1
    state = play(state, "roll M")
    assert state.phase == Phase.ROLL and state.hand == (M,)
    state = play(state, "roll B")
    assert state.phase == Phase.ACT and state.hand == (M, B)


def test_roll_each_face_one_third_4_2() -> None:
    state = play(goals_step(members={"a": (2, 0), "e": (0, 2)}), "done")
    assert rules.chance_outcomes(state) == [("roll S", Fraction(1, 3)),
                                            ("roll M", Fraction(1, 3)),
                                            ("roll B", Fraction(1, 3))]


def test_roll_double_triggers_an_event() -> None:
    start = goals_step(members={"a": (2, 0), "e": (0, 2)})
    state = play(start, "done", "roll S", "roll S")
    assert state.phase == Phase.EVENT and state.ev_deck == start.ev_deck


def test_roll_without_a_double_draws_no_event() -> None:
    start = goals_step(members={"a": (2, 0), "e": (0, 2)})
    state = play(start, "done", "roll S", "roll M")
    assert state.phase == Phase.ACT and state.ev_deck == start.ev_deck
    assert state.slots == (-1, -1)


def test_die_pushes_into_slot_one_and_reads_three_dice() -> None:
    state = play(turn(members={"a": (2, 0)}, hand=(S, B)), "grow S")
    assert state.rows[data.GROW] == (S, S, M)  # the blank of slot 3 left the board
    assert state.left == 4  # two suns: sun power


def test_power_moon_with_two_moons() -> None:
    rows = ((M, B, S),) + ((S, M, B),) * 3
    state = play(turn(members={"a": (2, 0)}, hand=(M, B), rows=rows), "grow M")
    assert state.left == data.GROW_POWER[data.POWER_MOON]


def test_power_default_otherwise() -> None:
    state = play(turn(members={"a": (2, 0)}, hand=(B, B)), "grow B")
    assert state.rows[data.GROW] == (B, S, M) and state.left == 3


def test_two_actions_must_differ() -> None:
    state = play(turn(members={"a": (2, 0)}, hand=(S, B)), "lead S")
    assert state.phase == Phase.ACT
    assert not any(a.startswith("lead") for a in legal(state))
    assert "grow B" in legal(state)


def test_both_dice_must_be_used_before_conflicts() -> None:
    state = turn(members={"a": (2, 0)}, hand=(S, B))
    assert "done" not in legal(state)
    state = play(state, "lead S", "grow B")
    assert state.phase == Phase.GROW
    state = play(state, "stop")
    assert state.phase == Phase.GOALS and state.hand == ()


def test_action_may_have_no_effect() -> None:
    state = play(turn(members={"a": (2, 0)}, hand=(S, B), decks=((), ())), "lead S")
    assert state.phase == Phase.ACT and state.progress[0] == ()


def test_win_at_fifteen_ends_the_game_at_once() -> None:
    state = goals_step(members={"a": (2, 0), "e": (0, 2)}, score=(13, 0),
                       progress=((data.GREAT_TRIBE + 0, data.EXPANSION), ()),
                       flags=(0,) * 10)
    state = dataclasses.replace(state, pop=tuple(
        (15, 0) if h == 0 else ((0, 2) if h == 4 else (0, 0)) for h in range(9)))
    state = play(state, "goal A6")
    out = rules.outcome(state)
    assert out is not None and out.winners == (0,) and state.score[0] == 15
    assert legal(state) == []


def test_win_on_another_players_turn() -> None:
    # Player 1 defends against invaders alone: the last invader falls on player 0's turn.
    state = turn(members={"a": (3, 0), "e": (0, 5)}, hand=(B,), score=(0, 14),
                 inv_hex=4, inv=3, slots=(data.INVADERS, -1), used=(data.GROW,))
    state = play(state, "move B", "a-b", "stop")
    out = rules.outcome(state)
    assert out is not None and out.winners == (1,)


def test_spent_die_leaves_every_row_unchanged_r2() -> None:
    state = turn(members={"b": (4, 0)}, hand=(B, S), slots=(data.MAMMOTH, -1), mammoth=1)
    rows = state.rows
    state = play(state, "hunt B")
    assert state.rows == rows and state.hand == (S,) and state.used == ()
    state = play(state, "grow S", "stop", "done")
    assert state.active == 1 and state.phase == Phase.ROLL  # two dice pass on, rolled anew
