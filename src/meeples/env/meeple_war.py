"""Meeple War's observation: one flat float32 vector in [0, 1], from one player's view.

Nothing in Meeple War is secret (the view is the whole position), so the observation reads the
view alone and its fast twin reads the same fields of the state. Its shape is the same at 2, 3
and 4 players. Seats are **relative to the observer**: seat slot 0 is the observer, slot ``k``
the player ``k`` places after it (``(player + k) % players``); slots of absent seats stay 0.

The first ``39 * 625`` entries are 39 planes of the 25x25 axial grid (``reshape(39, 25, 25)``:
row ``q + 12``, column ``r + 12``, hexes with ``|q|, |r| <= 12``, the cells of the second ids of
:mod:`meeples.games.meeple_war.choices`); the rest are the players' boards and the turn.

==========  =====  ==========================================================================
block       size   value
==========  =====  ==========================================================================
planes      39x625 per cell: a tile (1); its kind (one-hot over 11 kinds); forest on each side
                   0 E .. 5 SE (as laid); the tile's VP / 2; meeples of each seat slot / 13;
                   a village slot of each seat slot (1); upgrade token asm, dep, nat, wpn, shd
                   (1); a Tree on side 0, 1, 2 (1); frozen meeples / 13; entered, to explore
                   (1); the hex being explored (1); the origin of the pending head (1)
seats       4x168  per seat slot: at the table; stock / 13; depot / 13; ladder / 6; mountain
                   / 13; extra VP / 6; VP / 6; Tree in hand; tokens in hand per kind / 2;
                   shields / 4; buildings available (10); buildings boxed (10); active; to
                   move; then per village slot V1-V4: built on; building (one-hot, 10); built
                   (not the construction side); worker's node (one-hot, 17); defenders of each
                   seat slot / 6
turn        41     phase 0-5 (one-hot); step (one-hot, 13); turn / 240; tower VP this turn / 6;
                   weapons / 4; nature control; tokens in the pool (5); tiles in the pile / 36;
                   workers still to move, actions still to do (per village slot, 4 + 4);
                   bonuses left / 4; fly and fright in progress; over
pending     36     the head chosen, awaiting its hex (see ``choices``): its verb (one-hot over
                   tree, upgrade, bonus, rei, stealth, burn, bomb, conv, frighten, move,
                   kill); its count / 13; its side (3); its token (5); its village slot (4);
                   the seat slot owning the target (4); the target's spot (4); the seat slot
                   of its player (whose meeple: conv, frighten, kill; 4); and the plane
                   "pending origin" marks its hex (move, frighten: the origin; bonus: the
                   structure)
==========  =====  ==========================================================================

Counts are divided by the scale shown and capped at 1. :data:`FEATURES` names every entry;
:func:`from_view` is the definition, :func:`from_state` computes the same numbers from the
state (the tile planes kept while the tiles stay the same), and :func:`mark` writes the pending
head, which is the environment's, not the game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from meeples.env.registry import Planes
from meeples.games.meeple_war import choices
from meeples.games.meeple_war.action_table import NODES
from meeples.games.meeple_war.board import FOREST, VILLAGE, coords, hex_of
from meeples.games.meeple_war.data import (
    BUILDING_CODES,
    KIND_NAMES,
    MAX_ROUNDS,
    MEEPLES_PER_PLAYER,
    TILES,
    UPGRADE_TOKENS,
    VILLAGE_SLOTS,
    VP_TO_WIN,
)
from meeples.games.meeple_war.notation import _STEPS
from meeples.games.meeple_war.rules import to_move
from meeples.games.meeple_war.state import State

SEATS = 4
GRID = choices.GRID
CELLS = choices.CELLS
HALF = choices.HALF
KINDS = tuple(KIND_NAMES)
NODE_NAMES = NODES.values
STEPS = _STEPS
#: Scales (a count over its scale, at most 1).
MEEPLE_SCALE = MEEPLES_PER_PLAYER
LADDER_SCALE = 6
VP_SCALE = VP_TO_WIN
TOKEN_SCALE = 2
SHIELD_SCALE = 4
DEFENSE_SCALE = 6
WEAPON_SCALE = 4
BONUS_SCALE = 4
PILE_SCALE = len(TILES)
#: The designed limit of turns begun: 60 rounds of 4 players.
TURN_SCALE = MAX_ROUNDS * SEATS

PLANES = (
    "tile", *(f"kind {k}" for k in KINDS), *(f"forest {d}" for d in range(6)), "tile vp",
    *(f"meeples {k}" for k in range(SEATS)), *(f"village {k}" for k in range(SEATS)),
    *(f"upgrade {t}" for t in UPGRADE_TOKENS), *(f"tree {d}" for d in range(3)), "frozen",
    "to explore", "exploring", "pending origin",
)
SLOT_FEATURES = (
    "built on", *(f"building {c}" for c in BUILDING_CODES), "built",
    *(f"node {n}" for n in NODE_NAMES), *(f"defenders {k}" for k in range(SEATS)),
)
SEAT_FEATURES = (
    "at table", "stock", "depot", "ladder", "mountain", "extra vp", "vp", "tree",
    *(f"token {t}" for t in UPGRADE_TOKENS), "shields",
    *(f"available {c}" for c in BUILDING_CODES), *(f"boxed {c}" for c in BUILDING_CODES),
    "active", "to move",
    *(f"V{m + 1} {f}" for m in range(VILLAGE_SLOTS) for f in SLOT_FEATURES),
)
TURN_FEATURES = (
    *(f"phase {p}" for p in range(6)), *(f"step {s}" for s in STEPS), "turn", "temp vp",
    "weapons", "nature", *(f"pool {t}" for t in UPGRADE_TOKENS), "pile",
    *(f"workers V{m + 1}" for m in range(VILLAGE_SLOTS)),
    *(f"pending V{m + 1}" for m in range(VILLAGE_SLOTS)), "bonuses", "fly", "fright", "over",
)
PENDING_FEATURES = (
    *(f"head {v}" for v in choices.TWO_STEP), "head count",
    *(f"head side {d}" for d in range(3)), *(f"head token {t}" for t in UPGRADE_TOKENS),
    *(f"head slot V{m + 1}" for m in range(VILLAGE_SLOTS)),
    *(f"head owner {k}" for k in range(SEATS)), *(f"head spot {m + 1}" for m in range(4)),
    *(f"head player {k}" for k in range(SEATS)),
)
FEATURES = (
    *(f"{p} {choices.HEX_NAMES[c]}" for p in PLANES for c in range(CELLS)),
    *(f"seat {k} {f}" for k in range(SEATS) for f in SEAT_FEATURES),
    *TURN_FEATURES, *PENDING_FEATURES,
)
SHAPE = (len(FEATURES),)

_P = {name: i * CELLS for i, name in enumerate(PLANES)}
_KIND, _FOREST, _TILE_VP = _P["kind stone_tower"], _P["forest 0"], _P["tile vp"]
_MEEPLES, _VILLAGE, _UPGRADE = _P["meeples 0"], _P["village 0"], _P["upgrade asm"]
_TREE, _FROZEN, _EXPLORE, _EXPLORING = _P["tree 0"], _P["frozen"], _P["to explore"], _P["exploring"]
_ORIGIN = _P["pending origin"]
_SEAT_BASE = len(PLANES) * CELLS
_SEAT_WIDTH = len(SEAT_FEATURES)
_SLOT_BASE = SEAT_FEATURES.index("V1 built on")
_TURN = _SEAT_BASE + SEATS * _SEAT_WIDTH
_PENDING = _TURN + len(TURN_FEATURES)
_S = {name: i for i, name in enumerate(SEAT_FEATURES)}
_T = {name: _TURN + i for i, name in enumerate(TURN_FEATURES)}
_H = {name: _PENDING + i for i, name in enumerate(PENDING_FEATURES)}
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_TOKEN = {t: i for i, t in enumerate(UPGRADE_TOKENS)}
_BUILDING = {c: i for i, c in enumerate(BUILDING_CODES)}
_NODE = {n: i for i, n in enumerate(NODE_NAMES)}
_STEP = {s: i for i, s in enumerate(STEPS)}


def _capped(count: int, scale: int) -> float:
    return min(count, scale) / scale


def _cell_of_name(name: str) -> int | None:
    return choices.CELL.get(name)


def _cell(h: int) -> int | None:
    """Return the grid cell of a hex code, None off the grid."""
    q, r = coords(h)
    if -HALF <= q <= HALF and -HALF <= r <= HALF:
        return (q + HALF) * GRID + r + HALF
    return None


def _seat(out: Planes, base: int, seat: Mapping[str, Any], vp: int, active: bool,
          moving: bool, slot: list[int]) -> None:
    """Write one seat's features from a view's seat."""
    get = seat.__getitem__
    out[base + _S["at table"]] = 1.0
    out[base + _S["stock"]] = _capped(get("stock"), MEEPLE_SCALE)
    out[base + _S["depot"]] = _capped(get("depot"), MEEPLE_SCALE)
    out[base + _S["ladder"]] = _capped(get("ladder"), LADDER_SCALE)
    out[base + _S["mountain"]] = _capped(get("mountain"), MEEPLE_SCALE)
    out[base + _S["extra vp"]] = _capped(get("extra_vp"), VP_SCALE)
    out[base + _S["vp"]] = _capped(vp, VP_SCALE)
    out[base + _S["tree"]] = float(bool(get("tree")))
    tokens = list(get("tokens"))
    for t, token in enumerate(UPGRADE_TOKENS):
        out[base + _S["token asm"] + t] = _capped(tokens.count(token), TOKEN_SCALE)
    out[base + _S["shields"]] = _capped(get("shields"), SHIELD_SCALE)
    for code in get("available"):
        out[base + _S["available VS"] + _BUILDING[code]] = 1.0
    for code in get("boxed"):
        out[base + _S["boxed VS"] + _BUILDING[code]] = 1.0
    out[base + _S["active"]] = float(active)
    out[base + _S["to move"]] = float(moving)
    width = len(SLOT_FEATURES)
    for m, entry in enumerate(get("slots")):
        if entry is None:
            continue
        building, built, node, defense = entry
        at = base + _SLOT_BASE + m * width
        out[at] = 1.0
        out[at + 1 + _BUILDING[building]] = 1.0
        out[at + 11] = float(bool(built))
        out[at + 12 + _NODE[node]] = 1.0
        defense = list(defense)
        for owner in set(defense):
            out[at + 29 + slot[owner]] = _capped(defense.count(owner), DEFENSE_SCALE)


def from_view(view: Mapping[str, Any]) -> Planes:
    """Return the observation vector of the player whose view this is (the definition)."""
    players: int = view["players"]
    player: int = view["player"] or 0
    slot = [(seat - player) % players for seat in range(players)]
    out = np.zeros(SHAPE, dtype=np.float32)
    for entry in view["map"]:
        cell = _cell_of_name(entry["hex"])
        if cell is None:
            continue
        out[cell] = 1.0
        out[_KIND + _KIND_INDEX[entry["kind"]] * CELLS + cell] = 1.0
        for d in entry["forest"]:
            out[_FOREST + d * CELLS + cell] = 1.0
        out[_TILE_VP + cell] = entry["vp"] / 2
    for name, seat, count in view["troops"]:
        cell = _cell_of_name(name)
        if cell is not None:
            out[_MEEPLES + slot[seat] * CELLS + cell] = _capped(count, MEEPLE_SCALE)
    for seat, hexes in enumerate(view["villages"]):
        for name in hexes:
            cell = _cell_of_name(name)
            if cell is not None:
                out[_VILLAGE + slot[seat] * CELLS + cell] = 1.0
    for name, token in view["upgrades"]:
        cell = _cell_of_name(name)
        if cell is not None:
            out[_UPGRADE + _TOKEN[token] * CELLS + cell] = 1.0
    for edge in view["trees"]:
        name, _, side = edge.partition("/")
        cell = _cell_of_name(name)
        if cell is not None:
            out[_TREE + int(side) * CELLS + cell] = 1.0
    for name, count in view["frozen"]:
        cell = _cell_of_name(name)
        if cell is not None:
            out[_FROZEN + cell] = _capped(count, MEEPLE_SCALE)
    for name, _ in view["explore"]:
        cell = _cell_of_name(name)
        if cell is not None:
            out[_EXPLORE + cell] = 1.0
    if view["drawn"]:
        cell = _cell_of_name(view["drawn"][0])
        if cell is not None:
            out[_EXPLORING + cell] = 1.0
    moving = view["to_move"]
    for seat, entry in enumerate(view["seats"]):
        _seat(out, _SEAT_BASE + slot[seat] * _SEAT_WIDTH, entry, view["vp"][seat],
              seat == view["active"], seat == moving, slot)
    _turn(out, view["phase"], view["step"], view["turn"], view["temp_vp"], view["weapons"],
          view["nature"], view["pool"], view["pile_count"], view["workers"], view["pending"],
          len(view["bonuses"]), view["sub"], bool(view["result"]))
    return out


def _turn(out: list[float] | Planes, phase: int, step: str, turn: int, temp_vp: int,
          weapons: int, nature: bool, pool: Any, pile: int, workers: Any, pending: Any,
          bonuses: int, sub: Any, over: bool) -> None:
    out[_T["phase 0"] + phase] = 1.0
    out[_T["step first"] + _STEP[step]] = 1.0
    out[_T["turn"]] = _capped(turn, TURN_SCALE)
    out[_T["temp vp"]] = _capped(temp_vp, VP_SCALE)
    out[_T["weapons"]] = _capped(weapons, WEAPON_SCALE)
    out[_T["nature"]] = float(bool(nature))
    for token in pool:
        out[_T["pool asm"] + _TOKEN[token]] = 1.0
    out[_T["pile"]] = _capped(pile, PILE_SCALE)
    for m in workers:
        out[_T["workers V1"] + m - 1] = 1.0
    for m in pending:
        out[_T["pending V1"] + m - 1] = 1.0
    out[_T["bonuses"]] = _capped(bonuses, BONUS_SCALE)
    if sub:
        out[_T["fly"] if sub[0] == "fly" else _T["fright"]] = 1.0
    out[_T["over"]] = float(over)


Entries = tuple[npt.NDArray[np.intp], npt.NDArray[np.float32]]

# The fast twin writes what changes seldom (the tiles, the villages, a seat's board) as cached
# arrays of indices and values, one NumPy assignment each, and the few other entries one by one:
# converting lists to arrays costs more than the work (about 50 ns an entry).

#: The tiles met last, and their entries in the planes.
_last_tiles: list[Any] = [None, None]
_tile_cache: dict[tuple[tuple[int, int, int], ...], Entries] = {}
_CACHE_SIZE = 4096


def _entries(index: list[int], value: list[float]) -> Entries:
    return np.array(index, dtype=np.intp), np.array(value, dtype=np.float32)


def _tile_entries(tiles: tuple[tuple[int, int, int], ...]) -> Entries:
    if _last_tiles[0] is tiles:
        return _last_tiles[1]  # type: ignore[no-any-return]
    found = _tile_cache.get(tiles)
    if found is None:
        index: list[int] = []
        value: list[float] = []
        for h, t, rotation in tiles:
            cell = _cell(h)
            if cell is None:
                continue
            tile = TILES[t]
            index += (cell, _KIND + _KIND_INDEX[tile.kind] * CELLS + cell)
            value += (1.0, 1.0)
            forest = FOREST[t][rotation]
            for d in range(6):
                if forest >> d & 1:
                    index.append(_FOREST + d * CELLS + cell)
                    value.append(1.0)
            if tile.vp:
                index.append(_TILE_VP + cell)
                value.append(tile.vp / 2)
        if len(_tile_cache) >= _CACHE_SIZE:
            _tile_cache.clear()
        found = _tile_cache[tiles] = _entries(index, value)
    _last_tiles[0], _last_tiles[1] = tiles, found
    return found


#: The last base met: the observation with the tiles, villages, upgrade tokens and Trees alone.
_last_base: list[Any] = [None, None]
_base_cache: dict[tuple[Any, ...], Planes] = {}


def _base(tiles: tuple[tuple[int, int, int], ...], upgrades: tuple[tuple[int, str], ...],
          trees: tuple[int, ...], players: int, first: int, player: int) -> Planes:
    """Return the observation with only the planes that change seldom (to copy, not change)."""
    last = _last_base[0]
    if (last is not None and last[0] is tiles and last[1] is upgrades and last[2] is trees
            and last[3:] == (players, first, player)):
        return _last_base[1]  # type: ignore[no-any-return]
    key = (tiles, upgrades, trees, players, first, player)
    found = _base_cache.get(key)
    if found is None:
        found = np.zeros(SHAPE, dtype=np.float32)
        index, value = _tile_entries(tiles)
        found[index] = value
        index, value = _VILLAGE_ENTRIES[players, first, player]
        found[index] = value
        for h, token in upgrades:
            cell = _CELL_OF.get(h)
            if cell is not None:
                found[_UPGRADE + _TOKEN[token] * CELLS + cell] = 1.0
        for edge in trees:
            cell = _CELL_OF.get(edge // 8)
            if cell is not None:
                found[_TREE + edge % 8 * CELLS + cell] = 1.0
        if len(_base_cache) >= _BASE_CACHE_SIZE:
            _base_cache.clear()
        _base_cache[key] = found
    _last_base[0], _last_base[1] = key, found
    return found


#: Each base is 100 kB: a few hundred positions of tiles.
_BASE_CACHE_SIZE = 256
#: Every hex code of the grid -> its cell.
_CELL_OF: dict[int, int] = {
    hex_of(q, r): (q + HALF) * GRID + r + HALF
    for q in range(-HALF, HALF + 1) for r in range(-HALF, HALF + 1)
}


def _village_entries(players: int, first: int, player: int) -> Entries:
    index = []
    for h, (owner, _) in VILLAGE[players, first].items():
        cell = _cell(h)
        if cell is not None:
            index.append(_VILLAGE + (owner - player) % players * CELLS + cell)
    return _entries(index, [1.0] * len(index))


_VILLAGE_ENTRIES = {
    (players, first, player): _village_entries(players, first, player)
    for players, first in VILLAGE for player in range(players)
}
#: id(seat) -> (the seat, the observer's slot of each seat, its block without VP, active and to
#: move). A state's seats are frozen seats or working copies that nothing changes any more, and
#: a state shares its parent's seats but for those its action changed: so a seat's identity
#: keeps its block (the cache holds the seat, so its id is not reused while there).
_seat_cache: dict[int, tuple[Any, tuple[int, ...], Planes]] = {}
_SEAT_CACHE_SIZE = 4096


def _seat_block(seat: Any, slot: tuple[int, ...]) -> Planes:
    """Return a seat's block of features, its VP, active and to move left 0."""
    found = _seat_cache.get(id(seat))
    if found is not None and found[0] is seat and found[1] == slot:
        return found[2]
    row = np.zeros(_SEAT_WIDTH, dtype=np.float32)
    row[0] = 1.0
    row[1] = _MEEPLE_VALUES[min(seat.stock, MEEPLE_SCALE)]
    row[2] = _MEEPLE_VALUES[min(seat.depot, MEEPLE_SCALE)]
    if seat.ladder:
        row[3] = _capped(seat.ladder, LADDER_SCALE)
    if seat.mountain:
        row[4] = _capped(seat.mountain, MEEPLE_SCALE)
    if seat.extra_vp:
        row[5] = _capped(seat.extra_vp, VP_SCALE)
    if seat.tree:
        row[7] = 1.0
    if seat.tokens:
        tokens = list(seat.tokens)
        for token in set(tokens):
            row[_S["token asm"] + _TOKEN[token]] = _capped(tokens.count(token), TOKEN_SCALE)
    if seat.shields:
        row[_S["shields"]] = _capped(seat.shields, SHIELD_SCALE)
    row[_codes(seat.available, _S["available VS"])] = 1.0
    if seat.boxed:
        row[_codes(seat.boxed, _S["boxed VS"])] = 1.0
    width = len(SLOT_FEATURES)
    for m, entry in enumerate(seat.slots):
        if entry is not None:
            at = _SLOT_BASE + m * width
            row[at: at + width] = _slot_row(entry, slot)
    if len(_seat_cache) >= _SEAT_CACHE_SIZE:
        _seat_cache.clear()
    _seat_cache[id(seat)] = (seat, slot, row)
    return row


_code_cache: dict[tuple[tuple[str, ...], int], npt.NDArray[np.intp]] = {}


def _codes(codes: tuple[str, ...], base: int) -> npt.NDArray[np.intp]:
    """Return the indices of some building codes' features from ``base`` (cached)."""
    key = (tuple(codes), base)
    found = _code_cache.get(key)
    if found is None:
        found = _code_cache[key] = np.array([base + _BUILDING[c] for c in codes], dtype=np.intp)
    return found


#: id(slot) -> (the village slot, the observer's slots, its features): slots are frozen and
#: shared by the states until their building or worker changes.
_slot_cache: dict[int, tuple[Any, tuple[int, ...], Planes]] = {}


def _slot_row(entry: Any, slot: tuple[int, ...]) -> Planes:
    found = _slot_cache.get(id(entry))
    if found is not None and found[0] is entry and found[1] == slot:
        return found[2]
    row = np.zeros(len(SLOT_FEATURES), dtype=np.float32)
    row[0] = 1.0
    row[1 + _BUILDING[entry.building]] = 1.0
    row[11] = float(bool(entry.built))
    row[12 + _NODE[entry.node]] = 1.0
    defense = list(entry.defense)
    for owner in set(defense):
        row[29 + slot[owner]] = _capped(defense.count(owner), DEFENSE_SCALE)
    if len(_slot_cache) >= _SEAT_CACHE_SIZE:
        _slot_cache.clear()
    _slot_cache[id(entry)] = (entry, slot, row)
    return row


_MEEPLE_VALUES = tuple(_capped(count, MEEPLE_SCALE) for count in range(MEEPLE_SCALE + 1))
_VP_VALUES = tuple(_capped(count, VP_SCALE) for count in range(VP_SCALE + 1))
_SEAT_VP, _SEAT_ACTIVE, _SEAT_TO_MOVE = _S["vp"], _S["active"], _S["to move"]


def _troop_entries(troops: Any, slot: tuple[int, ...]) -> Entries:
    """Return the entries of the meeples on the map (``(hex, seat, count)`` triples)."""
    index = []
    value = []
    for h, seat, count in troops:
        cell = _CELL_OF.get(h)
        if cell is not None:
            index.append(_MEEPLES + slot[seat] * CELLS + cell)
            value.append(_MEEPLE_VALUES[min(count, MEEPLE_SCALE)])
    return _entries(index, value)


#: (id of the rules' troops map, the map, slots) -> its entries: a state shares its parent's
#: map until meeples move (the rules copy it before a change), so its identity keeps them.
_troop_cache: dict[tuple[int, tuple[int, ...]], tuple[Any, Entries]] = {}
def from_state(state: State, player: int) -> Planes:
    """Return :func:`from_view` of ``view(state, player)``, from the state's fields."""
    players = state.players
    slot = _SLOTS[players][player]
    out = _base(state.tiles, state.upgrades, state.trees, players, state.first, player).copy()
    aux = state.aux
    if aux:  # the working maps the rules keep: reading the fields would build them
        troops = aux[1]
        key = (id(troops), slot)
        found = _troop_cache.get(key)
        if found is None or found[0] is not troops:
            rows = [(h, seat, count) for h, row in troops.items()
                    for seat, count in enumerate(row) if count]
            if len(_troop_cache) >= _CACHE_SIZE:
                _troop_cache.clear()
            found = _troop_cache[key] = (troops, _troop_entries(rows, slot))
        index, value = found[1]
        frozen = aux[4]
        if frozen:
            frozen = frozen.items()
        seats = aux[3]
    else:
        index, value = _troop_entries(state.troops, slot)
        frozen, seats = state.frozen, state.seats
    out[index] = value
    if frozen:
        cell_of = _CELL_OF.get
        for h, count in frozen:
            cell = cell_of(h)
            if cell is not None and count:
                out[_FROZEN + cell] = _MEEPLE_VALUES[min(count, MEEPLE_SCALE)]
    if state.explore:
        for h, _ in state.explore:
            cell = _CELL_OF.get(h)
            if cell is not None:
                out[_EXPLORE + cell] = 1.0
    if state.drawn:
        cell = _CELL_OF.get(state.drawn[0])
        if cell is not None:
            out[_EXPLORING + cell] = 1.0
    moving = to_move(state)
    active = state.active
    temp_vp = state.temp_vp
    for seat, entry in enumerate(seats):
        base = _SEAT_BASE + slot[seat] * _SEAT_WIDTH
        out[base: base + _SEAT_WIDTH] = _seat_block(entry, slot)
        vp = entry.mountain + entry.extra_vp + (temp_vp if seat == active else 0)
        if vp:
            out[base + _SEAT_VP] = _VP_VALUES[min(vp, VP_SCALE)]
        if seat == active:
            out[base + _SEAT_ACTIVE] = 1.0
        if seat == moving:
            out[base + _SEAT_TO_MOVE] = 1.0
    # The turn block, written directly: its combinations recur too seldom to cache.
    out[_PHASE0 + state.phase] = 1.0
    out[_STEP0 + _STEP[state.step]] = 1.0
    out[_TURN_AT] = _TURN_VALUES[min(state.turn, TURN_SCALE)]
    if temp_vp:
        out[_TEMP_VP] = _VP_VALUES[min(temp_vp, VP_SCALE)]
    if state.weapons:
        out[_WEAPONS] = _capped(state.weapons, WEAPON_SCALE)
    if state.nature:
        out[_NATURE] = 1.0
    pool = _POOL_INDEX.get(state.pool)
    if pool is None:
        pool = _POOL_INDEX[state.pool] = np.array(
            [_POOL0 + _TOKEN[token] for token in state.pool], dtype=np.intp)
    out[pool] = 1.0
    out[_PILE] = _PILE_VALUES[min(len(state.pile), PILE_SCALE)]
    for m in state.workers:
        out[_WORKERS0 + m] = 1.0
    for m in state.pending:
        out[_ACTIONS0 + m] = 1.0
    if state.bonuses:
        out[_BONUSES] = _capped(len(state.bonuses), BONUS_SCALE)
    if state.sub:
        out[_FLY if state.sub[0] == "fly" else _FRIGHT] = 1.0
    if state.result:
        out[_OVER] = 1.0
    return out


_PHASE0, _STEP0, _TURN_AT = _T["phase 0"], _T["step first"], _T["turn"]
_TEMP_VP, _WEAPONS, _NATURE, _POOL0 = _T["temp vp"], _T["weapons"], _T["nature"], _T["pool asm"]
_PILE, _BONUSES, _FLY, _FRIGHT, _OVER = _T["pile"], _T["bonuses"], _T["fly"], _T["fright"], _T[
    "over"]
_WORKERS0, _ACTIONS0 = _T["workers V1"] - 1, _T["pending V1"] - 1
_TURN_VALUES = tuple(_capped(turn, TURN_SCALE) for turn in range(TURN_SCALE + 1))
_PILE_VALUES = tuple(_capped(count, PILE_SCALE) for count in range(PILE_SCALE + 1))
_POOL_INDEX: dict[tuple[str, ...], npt.NDArray[np.intp]] = {}


_SLOTS = {
    players: [tuple((seat - player) % players for seat in range(players))
              for player in range(players)]
    for players in range(2, SEATS + 1)
}


_HEAD_VERB = {verb: _H[f"head {verb}"] for verb in choices.TWO_STEP}
_HEAD_FIELDS: dict[int, dict[str, str]] = {}


def _head_fields(pending: int) -> dict[str, str]:
    found = _HEAD_FIELDS.get(pending)
    if found is None:
        form = choices.FIRST.form(pending)
        text = choices.FIRST.text(pending)
        match = None if text is None else form.regex.fullmatch(text)
        if match is None:
            raise ValueError(f"{pending} is not the id of a head")
        found = _HEAD_FIELDS[pending] = {"verb": form.verb, **match.groupdict()}
    return found


def mark(planes: Planes, pending: int | None, player: int, players: int) -> Planes:
    """Write the pending head (a first id whose hex is awaited) into an observation, in place,
    and return it; ``None`` leaves it as it is (those features stay 0)."""
    if pending is None:
        return planes
    fields = _head_fields(pending)
    planes[_HEAD_VERB[fields["verb"]]] = 1.0
    origin = fields.get("from") or fields.get("hex")
    if origin is not None:
        cell = choices.CELL.get(origin)
        if cell is not None:
            planes[_ORIGIN + cell] = 1.0
    if "count" in fields:
        planes[_H["head count"]] = _capped(int(fields["count"]), MEEPLE_SCALE)
    if "side" in fields:
        planes[_H["head side 0"] + int(fields["side"])] = 1.0
    if "token" in fields:
        planes[_H["head token asm"] + _TOKEN[fields["token"]]] = 1.0
    if "slot" in fields:
        planes[_H["head slot V1"] + int(fields["slot"]) - 1] = 1.0
    if "owner" in fields:
        planes[_H["head owner 0"] + (int(fields["owner"]) - player) % players] = 1.0
    if "spot" in fields:
        planes[_H["head spot 1"] + int(fields["spot"]) - 1] = 1.0
    if "player" in fields:
        planes[_H["head player 0"] + (int(fields["player"]) - player) % players] = 1.0
    return planes

