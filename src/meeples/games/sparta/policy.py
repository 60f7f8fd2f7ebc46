"""Sparta's move features for trained policies (``meeples.ai.policy``, ``policy:FILE`` bots).

A linear policy scores each legal id by ``w . features(observation, id)`` and plays the softmax
of the scores over the legal ids (greedy: the best). The features are read from the player's
observation planes (:mod:`meeples.env.sparta`: the board from the player's own side) and the
id's origin and target squares, with NumPy over all legal ids at once; they describe the move
(what moves, where to, what it takes or risks), never the rules' verdict on the game.

The reach features look one enemy move ahead on the board after the move (captures the move
makes left aside): an enemy warrior can land within 2 king steps through free squares, a hero
within 3, so a piece with an enemy beside it and a free square the enemy reaches on its other
side (in one line) can be enclosed next turn, and a city of the player that is free and in the
enemy's reach can be taken next turn. They are estimates: the enemy piece beside a piece may be
the one that reaches the square behind it, which it cannot do and enclose at once.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from meeples.core.capabilities import PolicyFeatures
from meeples.games.sparta import actions

Floats = npt.NDArray[np.float64]
SIZE = 10
SQUARES = SIZE * SIZE
#: The off-board cell of the padded planes: reading it gives 0.
OFF = SQUARES

MOVE_FEATURES = (
    "in-place promotion",      # a warrior on its own city becomes a hero
    "a hero moves",
    "conquers an enemy city",  # lands on a city of the enemy
    "promotes on landing",     # a warrior lands on its own city
    "leaves its own city",
    "advance",                 # rows gained towards the enemy side / 3
    "target row",              # / 9, in the player's own view
    "enemies next to target",  # / 8
    "friends next to target",  # / 8
    "encloses enemies",        # lines where an enemy is next and a friend behind it
    "lands between enemies",   # lines with an enemy on both sides: the piece is lost
    "distance to an enemy city",  # king steps from the target to the nearest enemy city / 9
)
REACH_FEATURES = (
    "own pieces exposed",      # own pieces the enemy could enclose next move / 8
    "own cities in reach",     # own free cities the enemy could take next move / 4
    "enemy pieces exposed",    # enemy pieces the player could enclose with its next move / 8
    "enemy cities in reach",   # enemy free cities the player could take with its next move / 4
)


def _geometry() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Return, per seat, the origin and target cell of every id in that seat's own view (OFF
    for pass and ids off the board), and the neighbour cell in each of 8 directions."""
    origin = np.full((2, actions.COUNT), OFF, np.int64)
    target = np.full((2, actions.COUNT), OFF, np.int64)
    for number, action in enumerate(actions.ACTIONS):
        if action is None or action.origin < 0:
            continue
        origin[0, number], target[0, number] = action.origin, action.target
        # North sees the board turned half a turn: square s at cell 99 - s.
        origin[1, number], target[1, number] = 99 - action.origin, 99 - action.target
    steps = [(dr, df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if dr or df]
    neighbour = np.full((len(steps), SQUARES + 1), OFF, np.int64)
    for d, (dr, df) in enumerate(steps):
        for cell in range(SQUARES):
            r, f = divmod(cell, SIZE)
            if 0 <= r + dr < SIZE and 0 <= f + df < SIZE:
                neighbour[d, cell] = (r + dr) * SIZE + f + df
    return origin, target, neighbour


ORIGIN, TARGET, NEIGHBOUR = _geometry()
#: The second cell in each direction, and the opposite direction of each (steps are symmetric).
BEYOND = NEIGHBOUR[np.arange(8)[:, None], NEIGHBOUR]
OPPOSITE = np.arange(8)[::-1]
IS_PROMOTION = np.zeros(actions.COUNT, bool)
IS_PROMOTION[: actions.PASS_ID : actions.SLOTS] = True
ROWS = np.append(np.arange(SQUARES) // SIZE, 0)
COLUMNS = np.append(np.arange(SQUARES) % SIZE, 0)


def _board(planes: npt.NDArray[np.float32]) -> Floats:
    """Return the six board planes flattened, with a last (off-board) cell of 0."""
    flat = np.zeros((6, SQUARES + 1))
    flat[:, :SQUARES] = planes[:6].reshape(6, SQUARES)
    return flat


def move_features(planes: npt.NDArray[np.float32], ids: npt.NDArray[np.int64],
                  seat: int) -> Floats:
    """Return the 12 move features of the legal ids of one observation, ``(len(ids), 12)``."""
    flat = _board(planes)
    own, enemy = flat[0] + flat[1], flat[2] + flat[3]
    o, t = ORIGIN[seat, ids], TARGET[seat, ids]
    promotion = IS_PROMOTION[ids]
    is_pass = ids == actions.PASS_ID
    move = ~(promotion | is_pass)
    near_t = NEIGHBOUR[:, t]                        # (8, k)
    # Friends next to the target, not counting the piece that moves away from its origin.
    enemy_next, own_next = enemy[near_t], own[near_t] * (near_t != o)
    # A friend two squares on, other than the piece that moves away from its origin.
    own_beyond = own[BEYOND[:, t]] * (BEYOND[:, t] != o)
    encloses = (enemy_next * own_beyond).sum(axis=0)
    between = (enemy_next * enemy_next[OPPOSITE]).sum(axis=0) / 2
    enemy_cities = np.flatnonzero(flat[5, :SQUARES])
    if len(enemy_cities):
        rows, columns = ROWS[t][:, None], COLUMNS[t][:, None]
        distance = np.maximum(abs(rows - ROWS[enemy_cities]), abs(columns - COLUMNS[enemy_cities]))
        nearest = distance.min(axis=1) / 9
    else:
        nearest = np.zeros(len(ids))
    out = np.stack([
        promotion,
        flat[1, o] * ~is_pass,
        flat[5, t] * move,
        flat[4, t] * flat[0, o] * move,
        flat[4, o] * move,
        (ROWS[t] - ROWS[o]) / 3 * move,
        ROWS[t] / 9 * move,
        enemy_next.sum(axis=0) / 8 * move,
        own_next.sum(axis=0) / 8 * move,
        encloses * move,
        between * move,
        nearest * move,
    ], axis=1)
    return out.astype(np.float64)


def _reach(start: npt.NDArray[np.bool_], free: npt.NDArray[np.bool_], steps: int
           ) -> npt.NDArray[np.bool_]:
    """Return the free cells reachable from the cells of ``start`` within ``steps`` king steps
    through free cells, for each row (candidate) at once: ``(k, SQUARES + 1)``."""
    reached = np.zeros_like(free)
    front = start
    for _ in range(steps):
        front = front[:, NEIGHBOUR].any(axis=1) & free & ~reached
        reached |= front
    return reached


def _exposed(pieces: Floats, enemy: Floats, reach: npt.NDArray[np.bool_]) -> Floats:
    """Return per row the pieces with an enemy beside them and, opposite in the same line, a
    free cell the enemy reaches: each could be enclosed by one enemy move."""
    beside = enemy[:, NEIGHBOUR]                    # (k, 8, cells)
    opposite = reach[:, NEIGHBOUR[OPPOSITE]]        # (k, 8, cells)
    threatened = (beside * opposite).any(axis=1)
    out: Floats = (pieces * threatened).sum(axis=1)
    return out


def reach_features(planes: npt.NDArray[np.float32], ids: npt.NDArray[np.int64],
                   seat: int) -> Floats:
    """Return the 4 reach features of the legal ids of one observation, ``(len(ids), 4)``."""
    flat = _board(planes)
    k = len(ids)
    o, t = ORIGIN[seat, ids], TARGET[seat, ids]
    rows = np.arange(k)
    moves = (o != OFF) & (t != OFF)
    own_w = np.repeat(flat[0][None], k, axis=0)
    own_h = np.repeat(flat[1][None], k, axis=0)
    # The board after each move: the piece leaves its origin for its target (a warrior landing
    # on its own city is a hero), or a warrior promotes in place.
    hero = own_h[rows, o] + flat[4, t] * own_w[rows, o]
    warrior = own_w[rows, o] * (1 - flat[4, t])
    moved_w, moved_h = own_w.copy(), own_h.copy()
    moved_w[rows[moves], o[moves]] = 0
    moved_h[rows[moves], o[moves]] = 0
    moved_w[rows[moves], t[moves]] = warrior[moves]
    moved_h[rows[moves], t[moves]] = hero[moves]
    promote = IS_PROMOTION[ids]
    cell = ORIGIN[seat, ids]
    moved_h[rows[promote], cell[promote]] = 1
    moved_w[rows[promote], cell[promote]] = 0
    moved_w[:, OFF] = moved_h[:, OFF] = 0
    enemy_w = np.repeat(flat[2][None], k, axis=0)
    enemy_h = np.repeat(flat[3][None], k, axis=0)
    own = moved_w + moved_h
    enemy = enemy_w + enemy_h
    free = (own + enemy) == 0
    free[:, OFF] = False
    enemy_reach = _reach(enemy_w > 0, free, 2) | _reach(enemy_h > 0, free, 3)
    own_reach = _reach(moved_w > 0, free, 2) | _reach(moved_h > 0, free, 3)
    own_cities = np.repeat(flat[4][None], k, axis=0)
    enemy_cities = np.repeat(flat[5][None], k, axis=0)
    own_cities[rows[moves], t[moves]] = np.maximum(own_cities[rows[moves], t[moves]],
                                                   flat[5, t[moves]])  # a conquest
    enemy_cities[rows[moves], t[moves]] = 0
    out = np.stack([
        _exposed(own, enemy, enemy_reach) / 8,
        (own_cities * free * enemy_reach).sum(axis=1) / 4,
        _exposed(enemy, own, own_reach) / 8,
        (enemy_cities * free * own_reach).sum(axis=1) / 4,
    ], axis=1)
    return out.astype(np.float64)


def features(planes: npt.NDArray[np.float32], ids: npt.NDArray[np.int64], seat: int) -> Floats:
    """Return the move and reach features of the legal ids of one observation."""
    return np.concatenate([move_features(planes, ids, seat), reach_features(planes, ids, seat)],
                          axis=1)


#: The feature sets a policy file may name (``meeples.ai.policy``).
FEATURE_SETS = {
    "sparta.moves/1": PolicyFeatures(MOVE_FEATURES, move_features),
    "sparta.reach/1": PolicyFeatures(MOVE_FEATURES + REACH_FEATURES, features),
}
