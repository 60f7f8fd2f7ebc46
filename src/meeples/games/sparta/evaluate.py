"""A heuristic evaluation of Sparta positions for the bots (imported only by ``meeples.ai``).

It counts what decides the game (sheet, End of the game): cities first (all cities win, and
every other ending is decided by the city count), then material (one piece left loses; a hero
moves farther than a warrior), guards standing on their own cities (an occupied square cannot
be entered, so a guarded city cannot be conquered), and empty enemy cities within a piece's
reach. The score is squashed into [0, 1], the share the player may expect.
"""

from __future__ import annotations

import math

from meeples.core.game import Outcome
from meeples.games.sparta import rules
from meeples.games.sparta.state import NO_CITY, State

CITY = 2.0
WARRIOR = 1.0
HERO = 1.4
RESERVE_HERO = 0.15
GUARD = 0.3
THREAT_TO_MOVE = 0.8
THREAT_WAITING = 0.25
SCALE = 4.0

_OWNER = (-1, 0, 0, 1, 1)
_VALUE = (0.0, WARRIOR, HERO, WARRIOR, HERO)
_SIGN = (0, 1, 1, -1, -1)
_REACH = (0, 2, 3, 2, 3)


def _distance(a: int, b: int) -> int:
    (ra, fa), (rb, fb) = divmod(a, rules.SIZE), divmod(b, rules.SIZE)
    return max(abs(ra - rb), abs(fa - fb))


_DISTANCE = tuple(
    tuple(_distance(a, b) for b in range(rules.SQUARES)) for a in range(rules.SQUARES)
)


def _share(outcome: Outcome, player: int) -> float:
    if not outcome.winners:
        return 0.5
    return 1.0 / len(outcome.winners) if player in outcome.winners else 0.0


def score(state: State) -> float:
    """Return South's advantage in pieces (positive: South is better)."""
    board = state.board
    cities = state.cities
    total = 0.0
    pieces: list[int] = []
    for sq in range(rules.SQUARES):
        piece = board[sq]
        if piece:
            pieces.append(sq)
            sign = _SIGN[piece]
            total += sign * _VALUE[piece]
            owner = cities[sq]
            if owner != NO_CITY and owner == _OWNER[piece]:
                total += sign * GUARD
    for sq in range(rules.SQUARES):
        owner = cities[sq]
        if owner == NO_CITY:
            continue
        total += CITY if owner == 0 else -CITY
        if board[sq]:
            continue
        # An empty city: is an enemy piece within reach of it?
        distances = _DISTANCE[sq]
        for origin in pieces:
            piece = board[origin]
            if _OWNER[piece] != owner and distances[origin] <= _REACH[piece]:
                bonus = THREAT_TO_MOVE if _OWNER[piece] == state.to_move else THREAT_WAITING
                total += bonus if owner == 1 else -bonus
                break
    total += RESERVE_HERO * (state.reserves[0] - state.reserves[1])
    return total


def evaluate(state: State, player: int) -> float:
    """Return the share of the game ``player`` may expect, in [0, 1] (1: a sure win)."""
    if state.outcome is not None:
        return _share(state.outcome, player)
    south = 1.0 / (1.0 + math.exp(-score(state) / SCALE))
    return south if player == 0 else 1.0 - south
