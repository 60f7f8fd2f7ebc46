"""Sparta's observation: thirteen 10x10 planes of float32 in [0, 1], from one player's view.

The player sees the board from its own side: South as the board is printed (rank 1 at row 0,
file a at column 0), North turned half a turn (square ``s`` at the cell of ``99 - s``: rank 10
at row 0, file j at column 0), which takes North's start exactly onto South's. So both sides see
themselves moving towards higher rows, their cities on row 4, the enemy's on row 5.

====  =====================  ===================================================
 #    plane                  value
====  =====================  ===================================================
 0    own warriors           1 on each square with one of the player's warriors
 1    own heroes             1 on each square with one of the player's heroes
 2    enemy warriors         1 on each square with an enemy warrior
 3    enemy heroes           1 on each square with an enemy hero
 4    own cities             1 on each city the player owns
 5    enemy cities           1 on each city the enemy owns
 6    own reserve            heroes left in the player's reserve / 8, everywhere
 7    enemy reserve          heroes left in the enemy's reserve / 8, everywhere
 8    quiet plies            plies since the last capture, conquest or promotion / 200
 9    passes                 consecutive passes just played / 2
 10   to move                1 when it is the player's turn (0 once the game is over)
 11   heroes conquer         1 when heroes conquer cities (the default option)
 12   seat                   1 for North, 0 for South: whose side the turned board
                             is (one policy can play both seats and know which)
====  =====================  ===================================================

Every city always has an owner (cities change hands, never become free), so no plane of free
cities. A spectator's view (player None) is seen as South's.

:func:`from_view` defines the planes. :func:`from_state` computes the same numbers from the
fields of the internal state the view publishes, three times faster (the view writes every
square's name and the position text): Sparta hides nothing, so it reads nothing a player could
not see. ``checked=True`` environments build both and compare them; so do the tests.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from meeples.env.registry import Planes
from meeples.games.sparta import notation, setup
from meeples.games.sparta.state import IS_HERO, OWNER, State

PLANES = (
    "own warriors", "own heroes", "enemy warriors", "enemy heroes", "own cities", "enemy cities",
    "own reserve", "enemy reserve", "quiet plies", "passes", "to move", "heroes conquer", "seat",
)
SQUARES = setup.SIZE * setup.SIZE
SHAPE = (len(PLANES), setup.SIZE, setup.SIZE)
#: The designed end rules' limits, for scaling the counters to [0, 1].
PASS_LIMIT = 2

_SQUARE = {notation.square_name(sq): sq for sq in range(SQUARES)}


def from_view(view: Mapping[str, Any]) -> Planes:
    """Return the observation planes of the player whose view this is (the definition)."""
    player = view["player"] or 0
    out = np.zeros((len(PLANES), SQUARES), dtype=np.float32)
    for name, piece in view["pieces"].items():
        cell = _cell(_SQUARE[name], player)
        out[(0 if piece["owner"] == player else 2) + (piece["kind"] == "hero"), cell] = 1.0
    for name, owner in view["cities"].items():
        out[4 if owner == player else 5, _cell(_SQUARE[name], player)] = 1.0
    reserves = view["reserves"]
    out[6] = reserves[player] / setup.HEROES
    out[7] = reserves[1 - player] / setup.HEROES
    out[8] = min(view["quiet_plies"], setup.QUIET_PLY_LIMIT) / setup.QUIET_PLY_LIMIT
    out[9] = min(view["passes"], PASS_LIMIT) / PASS_LIMIT
    out[10] = view["to_move"] == player
    out[11] = bool(view["heroes_conquer"])
    out[12] = player
    return out.reshape(SHAPE)


def _cell(square: int, player: int) -> int:
    """Return the cell of a square as the player sees the board (North: half a turn)."""
    return SQUARES - 1 - square if player else square


# The fast twin, in bytes (a NumPy call costs more than the work of a plane): the board as one
# byte per square, turned for North by reversing it; each piece plane is that board translated
# by a table (1 where the plane's piece stands); the two city planes are kept per player for the
# last cities met; each counter plane is its count repeated. Then one NumPy division of those
# bytes by each plane's scale makes the float32 planes (IEEE division: the same float32 as
# ``count / scale`` in ``from_view``; tested for every count).
_PACK = struct.Struct(f"{SQUARES}B").pack
#: What each plane is divided by (its counts' limit; 1 for the 0/1 planes).
SCALES = (1, 1, 1, 1, 1, 1, setup.HEROES, setup.HEROES, setup.QUIET_PLY_LIMIT, PASS_LIMIT, 1, 1,
          1)
_DIVISORS = np.array(SCALES, dtype=np.float32).reshape(len(PLANES), 1, 1)
#: A whole plane of each count, as bytes.
_FILLED = tuple(bytes([count]) * SQUARES for count in range(256))


def _piece_tables(player: int) -> tuple[bytes, ...]:
    """Return, for each piece plane as ``player`` sees it, the byte of each piece code."""
    tables = [bytearray(256) for _ in range(4)]
    for code, owner in enumerate(OWNER):
        if code:
            tables[(0 if owner == player else 2) + IS_HERO[code]][code] = 1
    return tuple(bytes(table) for table in tables)


_PIECE_TABLES = (_piece_tables(0), _piece_tables(1))
#: Per player, the last cities met and their two planes, one pair replaced at once (threads
#: share it): a move rarely changes the cities, and a state then keeps its parent's tuple. The
#: tuple is kept with its planes, so its identity stays meaningful.
_last_cities: list[tuple[tuple[int, ...] | None, bytes]] = [(None, b""), (None, b"")]
#: Every city ownership met, by value: a vector environment interleaves games whose cities
#: differ, so the identity check above misses at every step there, and building the planes
#: (30 µs) costs twenty times the lookup. Eight cities of two owners make 256 patterns a board;
#: the bound only guards against position texts with other city squares.
_city_cache: dict[tuple[tuple[int, ...], int], bytes] = {}
CITY_CACHE_SIZE = 4096


def _city_planes(cities: tuple[int, ...], player: int) -> bytes:
    """Return the own-city and enemy-city planes of a player, as bytes."""
    last, planes = _last_cities[player]
    if last is not cities:
        key = (cities, player)
        found = _city_cache.get(key)
        if found is None:
            own = bytes(owner == player for owner in cities)
            enemy = bytes(owner == 1 - player for owner in cities)
            found = own[::-1] + enemy[::-1] if player else own + enemy
            if len(_city_cache) >= CITY_CACHE_SIZE:
                _city_cache.clear()
            _city_cache[key] = found
        planes = found
        _last_cities[player] = (cities, planes)
    return planes


def from_state(state: State, player: int) -> Planes:
    """Return :func:`from_view` of ``view(state, player)``, from the state's public fields."""
    board = _PACK(*state.board)
    if player:
        board = board[::-1]
    own_warriors, own_heroes, enemy_warriors, enemy_heroes = _PIECE_TABLES[player]
    reserves = state.reserves
    counts = b"".join((
        board.translate(own_warriors), board.translate(own_heroes),
        board.translate(enemy_warriors), board.translate(enemy_heroes),
        _city_planes(state.cities, player),
        _FILLED[reserves[player]],
        _FILLED[reserves[1 - player]],
        _FILLED[min(state.quiet_plies, setup.QUIET_PLY_LIMIT)],
        _FILLED[min(state.passes, PASS_LIMIT)],
        _FILLED[state.outcome is None and state.to_move == player],
        _FILLED[state.heroes_conquer],
        _FILLED[player],
    ))
    # uint8 / float32 is float32 (NumPy's promotion; its stubs say float64).
    return cast(Planes, np.frombuffer(counts, dtype=np.uint8).reshape(SHAPE) / _DIVISORS)
