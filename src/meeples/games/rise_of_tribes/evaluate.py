"""A heuristic value of a Rise of Tribes position for bots (declared in its capabilities).

Victory points dominate; villages (1 VP every turn), members on the board, resources and goals
in progress add potential. The value compares a player's potential with the best opponent's.
"""

from __future__ import annotations

import math

from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Phase, State

VILLAGE_WEIGHT = 0.8
MEMBER_WEIGHT = 0.06
RESOURCE_WEIGHT = 0.05
PROGRESS_WEIGHT = 0.15
SCALE = 4.0


def potential(state: State, player: int) -> float:
    """Return a player's VP plus the estimated worth of what they hold."""
    return (state.score[player]
            + VILLAGE_WEIGHT * state.villages_of(player)
            + MEMBER_WEIGHT * state.on_board(player)
            + RESOURCE_WEIGHT * min(sum(state.res[player]), 15)
            + PROGRESS_WEIGHT * min(len(state.progress[player]) + drawing(state, player), 4))


def drawing(state: State, player: int) -> int:
    """Return the goal cards a player is about to draw at a chance node (``Phase.CARD``): how
    many is certain, only which is chance, and the value counts goals in progress."""
    if state.phase != Phase.CARD or state.active != player:
        return 0
    return min(state.to_draw, len(state.decks[player]) + len(state.bottoms[player]))


def evaluate(state: State, player: int) -> float:
    """Return a value in [0, 1] of the position for player (1: won, 0: lost)."""
    if state.over:
        if state.over == 1:
            return 1.0 if state.winner == player else 0.0
        best = max(state.score)
        return 1.0 if state.score[player] == best else 0.0
    own = potential(state, player)
    rival = max(potential(state, p) for p in range(state.n) if p != player)
    # Near the goal every point counts more.
    urgency = 1.0 + max(own, rival) / data.WIN_VP
    return 0.5 + 0.5 * math.tanh(urgency * (own - rival) / SCALE)
