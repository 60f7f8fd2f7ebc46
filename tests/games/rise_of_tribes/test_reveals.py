"""reveals: the dice, the goal decks and the event deck are chance and hidden information; an
action that touches them cannot be undone (issue: turn flow, undo)."""

from __future__ import annotations

from meeples.games.rise_of_tribes import view
from meeples.games.rise_of_tribes.state import Phase
from tests.games.rise_of_tribes.games import GAME, states
from tests.games.rise_of_tribes.helpers import S, goals_step, legal, play, turn


def test_reveals_whenever_a_die_a_goal_card_or_an_event_comes_out() -> None:
    revealing = plain = 0
    played = list(states(3, 40, "leaders"))
    for before, after in zip(played, played[1:], strict=False):
        action = after.history[-1]
        changed = any(getattr(after.inner, f) != getattr(before.inner, f) for f in view.HIDDEN)
        assert before.reveals(action) == changed, action
        revealing += changed
        plain += not changed
    assert revealing > 20 and plain > 20


def test_the_last_action_of_a_turn_reveals_the_next_roll() -> None:
    state = goals_step(active=1, members={"a": (1, 0), "i": (0, 1)})
    assert GAME.rules.reveals(state, "done")  # ends the turn: the next player's dice are rolled
    after = play(state, "done")
    assert after.phase != Phase.GOALS and after.rng != state.rng


def test_an_action_that_draws_nothing_reveals_nothing() -> None:
    state = turn(members={"e": (3, 3)}, hand=(S,))
    assert [a for a in legal(state) if not GAME.rules.reveals(state, a)]


def test_reveals_refuses_an_illegal_action() -> None:
    state = GAME.new(players=2, seed=1)
    try:
        state.reveals("nonsense")
    except ValueError:
        return
    raise AssertionError("an illegal action was judged")
