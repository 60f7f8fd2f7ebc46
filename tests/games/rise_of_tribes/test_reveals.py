"""reveals: a chance outcome (a part of the setup, a die, a goal card, an event) is seen once
drawn, so it cannot be undone; a player's action only leads to a chance node and reveals
nothing itself (issue 13: chance as explicit actions)."""

from __future__ import annotations

from meeples.games.rise_of_tribes import rules
from meeples.games.rise_of_tribes.state import Phase
from tests.games.rise_of_tribes.games import GAME, states
from tests.games.rise_of_tribes.helpers import S, goals_step, legal, play, turn


def test_reveals_exactly_the_chance_outcomes() -> None:
    revealing = plain = 0
    played = list(states(3, 40, "leaders"))
    for before, after in zip(played, played[1:], strict=False):
        action = after.history[-1]
        assert before.reveals(action) == before.is_chance, action
        revealing += before.is_chance
        plain += not before.is_chance
    assert revealing > 20 and plain > 20


def test_the_last_action_of_a_turn_leads_to_the_next_roll_and_reveals_nothing() -> None:
    state = goals_step(active=1, members={"a": (1, 0), "i": (0, 1)})
    assert not GAME.rules.reveals(state, "done")
    after = play(state, "done")
    assert after.phase == Phase.ROLL and rules.is_chance(after)
    assert GAME.rules.reveals(after, "roll S")


def test_an_action_that_draws_nothing_reveals_nothing() -> None:
    state = turn(members={"e": (3, 3)}, hand=(S,))
    assert all(not GAME.rules.reveals(state, a) for a in legal(state))


def test_reveals_refuses_an_illegal_action() -> None:
    state = GAME.new(players=2, seed=1)
    try:
        state.reveals("nonsense")
    except ValueError:
        return
    raise AssertionError("an illegal action was judged")
