"""Seeded random playouts shared by the property, notation and view tests (cached): players
choose uniformly, chance draws by its probabilities, from the undealt setup on."""

from __future__ import annotations

import random
from functools import cache

from meeples.core.chance import CHANCE
from meeples.games.meeple_war import RULES
from meeples.games.meeple_war.state import State

CONFIGS = [(n, qs) for n in (2, 3, 4) for qs in (False, True)]


@cache
def playout(players: int, quickstart: bool, seed: int, max_plies: int = 3000) -> tuple[
        tuple[State, str], ...]:
    """Return (state, action played) pairs of a random game, ending with (final, "")."""
    rng = random.Random(seed)
    state = RULES.initial_state(players, seed, {"quickstart": quickstart})
    out = []
    while not state.result and len(out) < max_plies:
        if RULES.to_move(state) == CHANCE:  # chance draws by its probabilities
            outcomes = RULES.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(RULES.legal_actions(state))
        out.append((state, action))
        state = RULES.apply(state, action)
    out.append((state, ""))
    return tuple(out)
