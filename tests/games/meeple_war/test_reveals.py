"""reveals: an action that turns up a tile of the pile (an exploration, chosen or forced after a
``done`` or a move) cannot be undone; undo may take back any other (issue: turn flow, undo)."""

from __future__ import annotations

from meeples.games.meeple_war import GAME, RULES
from tests.games.meeple_war.playouts import CONFIGS, playout


def test_reveals_exactly_the_actions_that_change_the_pile_or_the_generator() -> None:
    explorations = others = 0
    for players, quickstart in CONFIGS:
        for state, action in playout(players, quickstart, 0)[:-1]:
            after = RULES.apply(state, action)
            hidden_changed = (after.pile, after.rng) != (state.pile, state.rng)
            assert RULES.reveals(state, action) == hidden_changed, action
            explorations += hidden_changed
            others += not hidden_changed
    assert explorations > 10 and others > 1000


def test_reveals_every_chosen_exploration_and_no_token() -> None:
    explored = 0
    for state, action in playout(3, True, 0)[:-1]:
        if action.startswith("explore@"):
            assert GAME.wrap(state).reveals(action)
            explored += 1
        if state.step == "window":
            assert not RULES.reveals(state, action) or action == "done"
    assert explored
