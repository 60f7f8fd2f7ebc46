"""A heuristic value of a Meeple War position for bots: how well a player is doing, in [0, 1].

Victory points dominate; bravery progress, meeples in play, built buildings and towers held
with two meeples (temporary VP next turn) refine it. A finished game scores 1 for a sole
winner, 1/k for k tied winners and 0 for the others.
"""

from __future__ import annotations

import math

from meeples.games.meeple_war.data import BRAVERY_PER_VP, TILES, VP_TO_WIN
from meeples.games.meeple_war.state import State


def strength(state: State, p: int) -> float:
    """Return a raw material-and-score estimate of player p (about 3 per victory point)."""
    seat = state.seats[p]
    vp = seat.mountain + seat.extra_vp + (state.temp_vp if p == state.active else 0)
    value = 3.0 * vp + 2.5 * seat.ladder / BRAVERY_PER_VP
    tiles = {h: t for h, t, _ in state.tiles}
    on_map = 0
    for h, q, c in state.troops:
        if q == p:
            on_map += c
            tile = tiles.get(h)
            if tile is not None and c >= 2:
                value += 0.8 * TILES[tile].vp + (0.3 if TILES[tile].bonus else 0.0)
    for other in state.seats:
        for slot in other.slots:
            if slot is not None:
                on_map += slot.defense.count(p)
    value += 0.2 * on_map + 0.08 * seat.depot
    for slot in seat.slots:
        if slot is not None:
            value += 0.6 if slot.built else 0.3
    return value


def evaluate(state: State, player: int) -> float:
    """Return a score in [0, 1] for player: higher is better."""
    if state.result:
        winners = state.result[0]
        return 1.0 / len(winners) if player in winners else 0.0
    mine = strength(state, player)
    best_other = max(strength(state, q) for q in range(state.players) if q != player)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / VP_TO_WIN))
