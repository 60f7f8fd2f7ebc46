"""reveals: only chance's outcomes (the first player, a tile turned up) reveal anything, so undo
never takes one back; every player's action may be undone, an exploration included, since the
tile it leads to is not drawn yet (issue 13; issue: turn flow, undo)."""

from __future__ import annotations

from meeples.core.chance import CHANCE
from meeples.games.meeple_war import GAME, RULES
from tests.games.meeple_war.playouts import CONFIGS, playout


def test_reveals_exactly_the_chance_outcomes() -> None:
    chance = others = 0
    for players, quickstart in CONFIGS:
        for state, action in playout(players, quickstart, 0)[:-1]:
            is_chance = RULES.to_move(state) == CHANCE
            assert RULES.reveals(state, action) == is_chance, action
            chance += is_chance
            others += not is_chance
    assert chance > 10 and others > 1000


def test_an_exploration_reveals_nothing_until_chance_draws() -> None:
    explored = 0
    for state, action in playout(3, True, 0)[:-1]:
        if action.startswith("explore@"):
            assert not GAME.wrap(state).reveals(action)
            after = RULES.apply(state, action)
            assert RULES.to_move(after) == CHANCE and after.pile == state.pile
            explored += 1
    assert explored
