"""A heuristic evaluation of Sparta positions for the bots (declared in its capabilities).

It counts what decides the game (sheet, End of the game): cities first (all cities win, and
every other ending is decided by the city count), then material (one piece left loses; a hero
moves farther than a warrior), guards standing on their own cities (an occupied square cannot
be entered, so a guarded city cannot be conquered), and empty enemy cities within a piece's
reach. The score is squashed into [0, 1], the share the player may expect.
"""

from __future__ import annotations

import math
import struct
from itertools import compress

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
_SQUARES = range(rules.SQUARES)
_PACK = struct.Struct(f"{rules.SQUARES}B").pack
#: The cities as signed bytes, read as 1 for a city (owner 0 or 1) and 0 for none (-1).
_PACK_CITIES = struct.Struct(f"{rules.SQUARES}b").pack
_CITY_BYTE = bytes(0 if byte == NO_CITY & 0xFF else 1 for byte in range(256))
#: Each piece's value and its guard bonus, signed for South (products of a sign: exact).
_SIGNED_VALUE = tuple(sign * value for sign, value in zip(_SIGN, _VALUE, strict=True))
_SIGNED_GUARD = tuple(sign * GUARD for sign in _SIGN)
#: Per city owner: each piece code read as 1 for an enemy warrior, 2 for an enemy hero.
_ENEMY_OF = tuple(
    bytes([(2 if _REACH[p] == 3 else 1) if p and _OWNER[p] != owner else 0 for p in range(5)])
    + bytes(251)
    for owner in (0, 1)
)


def _distance(a: int, b: int) -> int:
    (ra, fa), (rb, fb) = divmod(a, rules.SIZE), divmod(b, rules.SIZE)
    return max(abs(ra - rb), abs(fa - fb))


_DISTANCE = tuple(
    tuple(_distance(a, b) for b in range(rules.SQUARES)) for a in range(rules.SQUARES)
)


#: Per square: the pieces (bytes 1 warrior, 2 hero, as in ``_ENEMY_OF``) within reach of it.
#: A warrior's 1 is matched within two steps, a hero's 2 within three.
_WITHIN = tuple(
    sum(
        (3 if _DISTANCE[sq][other] <= 2 else 2) << (8 * other)
        for other in range(rules.SQUARES)
        if _DISTANCE[sq][other] <= 3
    )
    for sq in range(rules.SQUARES)
)


def _share(outcome: Outcome, player: int) -> float:
    if not outcome.winners:
        return 0.5
    return 1.0 / len(outcome.winners) if player in outcome.winners else 0.0


def _reachers(board: tuple[int, ...]) -> tuple[int, int]:
    """Return, per city owner, its enemy's pieces as a number of one byte per square.

    The byte is 1 for a warrior and 2 for a hero, to be matched against ``_WITHIN``.
    """
    raw = _PACK(*board)
    return (
        int.from_bytes(raw.translate(_ENEMY_OF[0]), "little"),
        int.from_bytes(raw.translate(_ENEMY_OF[1]), "little"),
    )


def score(state: State) -> float:
    """Return South's advantage in pieces (positive: South is better)."""
    board = state.board
    cities = state.cities
    total = 0.0
    # Only the occupied squares and the cities, each in ascending order (so the sum is made
    # in the same order as over every square): ``compress`` picks them at C speed.
    for sq in compress(_SQUARES, board):
        piece = board[sq]
        total += _SIGNED_VALUE[piece]
        if cities[sq] == _OWNER[piece]:
            total += _SIGNED_GUARD[piece]
    near = None
    for sq in compress(_SQUARES, _PACK_CITIES(*cities).translate(_CITY_BYTE)):
        owner = cities[sq]
        total += CITY if owner == 0 else -CITY
        if board[sq]:
            continue
        # An empty city: is an enemy piece within reach of it? (Any enemy piece will do: its
        # owner, the one the bonus depends on, is the other side.)
        if near is None:
            near = _reachers(board)
        if near[owner] & _WITHIN[sq]:
            bonus = THREAT_TO_MOVE if owner != state.to_move else THREAT_WAITING
            total += bonus if owner == 1 else -bonus
    total += RESERVE_HERO * (state.reserves[0] - state.reserves[1])
    return total


def evaluate(state: State, player: int) -> float:
    """Return the share of the game ``player`` may expect, in [0, 1] (1: a sure win)."""
    if state.outcome is not None:
        return _share(state.outcome, player)
    south = 1.0 / (1.0 + math.exp(-score(state) / SCALE))
    return south if player == 0 else 1.0 - south
