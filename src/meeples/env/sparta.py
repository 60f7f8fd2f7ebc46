"""Sparta's observation: twelve 10x10 planes of float32 in [0, 1], from one player's view.

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
====  =====================  ===================================================

Every city always has an owner (cities change hands, never become free), so no plane of free
cities. A spectator's view (player None) is seen as South's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from meeples.env.registry import Planes
from meeples.games.sparta import notation, setup

PLANES = (
    "own warriors", "own heroes", "enemy warriors", "enemy heroes", "own cities", "enemy cities",
    "own reserve", "enemy reserve", "quiet plies", "passes", "to move", "heroes conquer",
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
    return out.reshape(SHAPE)


def _cell(square: int, player: int) -> int:
    """Return the cell of a square as the player sees the board (North: half a turn)."""
    return SQUARES - 1 - square if player else square
