"""Meeple War's observation: one flat float32 vector in [0, 1], from one player's view.

Nothing in Meeple War is secret (the view is the whole position), so the observation reads the
view alone and its fast twin reads the same fields of the state. Its shape is the same at 2, 3
and 4 players and however far the map grows: the board is described by **places**, as the
action table and the environments' choices name hexes (:data:`PLACES`: the 36 tiles ``Tnn``
wherever they lie, the 216 empty hexes ``Tnn+d`` next to them, the 27 village slots ``q,r``;
place ``p`` is the place of second id ``choices.FIRST_COUNT + p``). Seats are **relative to the
observer**: seat slot 0 is the observer, slot ``k`` the player ``k`` places after it
(``(player + k) % players``); slots of absent seats stay 0.

The first entries are the places' block (one row per place: 40 features a tile, 17 an empty
hex, 25 a village slot; see :data:`ROW`), then the players' boards, the turn, the head awaiting
its place and the decision in progress.

==========  ======  =========================================================================
block       size    value
==========  ======  =========================================================================
places      279x48  per place: present (a laid tile, a village slot of this layout, an empty
                    hex next to a tile); its hex's axial q and r, ``(q + 36) / 72``; the
                    tile's kind (one-hot over 11 kinds); forest on each side 0 E .. 5 SE (as
                    laid); the tile's VP / 2; meeples of each seat slot / 13; a village slot
                    of each seat slot; which slot, V1-V4; upgrade token asm, dep, nat, wpn,
                    shd; a Tree on each side 0-5; frozen meeples / 13; entered, to explore;
                    the hex being explored; the origin of the pending head
seats       4x168   per seat slot: at the table; stock / 13; depot / 13; ladder / 6; mountain
                    / 13; extra VP / 6; VP / 6; Tree in hand; tokens in hand per kind / 2;
                    shields / 4; buildings available (10); buildings boxed (10); active; to
                    move; then per village slot V1-V4: built on; building (one-hot, 10); built
                    (not the construction side); worker's node (one-hot, 17); defenders of each
                    seat slot / 6
turn        41      phase 0-5 (one-hot); step (one-hot, 13); turn / 240; tower VP this turn /
                    6; weapons / 4; nature control; tokens in the pool (5); tiles in the pile /
                    36; workers still to move, actions still to do (per village slot, 4 + 4);
                    bonuses left / 4; fly and fright in progress; over
pending     36      the head chosen, awaiting its place (see ``choices``): its verb (one-hot
                    over tree, upgrade, bonus, rei, stealth, burn, bomb, conv, frighten, move,
                    kill); its count / 13; its side (3); its token (5); its village slot (4);
                    the seat slot owning the target (4); the target's spot (4); the seat slot
                    of its player (whose meeple: conv, frighten, kill; 4); and the place
                    feature "pending origin" marks its tile (move, frighten: the origin; bonus:
                    the structure)
decision    81      the sides the hex being explored was entered from (6); the tile drawn
                    for it: kind (one-hot, 11), VP / 2, forest on each side in each rotation
                    (6 x 6: what ``rot:r`` lays); per altar (T35, T36): used this turn, and by
                    which seat slot (with ``altar_once_per_player``); the first interrupt: kill
                    or jump, its player's seat slot, the altar or mine it stands on (5), and
                    how many more wait behind it / 4; the seat slots still to decide in a
                    phase's token window (4); the meeples a Frighten may still move / 4
observer    4       the observer's own seat number (one-hot; its seat slot is always 0): so
                    one policy playing every seat knows which it plays
==========  ======  =========================================================================

Counts are divided by the scale shown and capped at 1, coordinates clipped to [0, 1] (only a
parsed position could lie beyond 36 hexes out: 36 tiles grown from the centre cannot). A Tree
clears the edge between two hexes: both faces show it (side ``d`` of one, ``d + 3`` of the
other, where they are places). :data:`FEATURES` names every entry; :func:`from_view` is the
definition, :func:`from_state` computes the same numbers from the state (what changes seldom kept
as cached arrays), and :func:`mark` writes the pending head, which is the environment's, not the
game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from types import SimpleNamespace
from typing import Any

import numpy as np
import numpy.typing as npt

from meeples.env.registry import Planes
from meeples.games.meeple_war import action_table, choices
from meeples.games.meeple_war.action_table import NODES, PLACES
from meeples.games.meeple_war.board import (
    DELTA,
    FOREST,
    VILLAGE,
    coords,
    direction_between,
    hex_name,
    parse_hex,
)
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
_EMPTY_AT = len(action_table.TILE_PLACES)
_VILLAGE_AT = _EMPTY_AT + len(action_table.EMPTY_PLACES)
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
QUEUE_SCALE = 4
FRIGHT_SCALE = 4
#: Coordinates are ``(q + REACH) / (2 * REACH)``: the 36 tiles, grown one next to another from
#: the setup's (within 2 of the centre), lie within 35 hexes of it, their empty sides within 36.
REACH = len(TILES)

#: The features of every place, first in its row.
PLACE_FEATURES = (
    "present", "q", "r", *(f"meeples {k}" for k in range(SEATS)),
    *(f"tree {d}" for d in range(6)), "frozen", "to explore", "exploring", "pending origin",
)
#: A tile's row: the place's features, then the tile's.
TILE_FEATURES = (
    *PLACE_FEATURES, *(f"kind {k}" for k in KINDS), *(f"forest {d}" for d in range(6)),
    "tile vp", *(f"upgrade {t}" for t in UPGRADE_TOKENS),
)
#: An empty hex's row: the place's features alone.
EMPTY_FEATURES = PLACE_FEATURES
#: A village slot's row: the place's features, then whose it is and which.
VILLAGE_FEATURES = (
    *PLACE_FEATURES, *(f"village {k}" for k in range(SEATS)),
    *(f"slot V{m + 1}" for m in range(VILLAGE_SLOTS)),
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
#: The altars and the mines (tile indices): where an interrupt stands, and which altar was used.
ALTAR_TILES = tuple(t for t, tile in enumerate(TILES) if tile.kind == "altar")
MINE_TILES = tuple(t for t, tile in enumerate(TILES) if tile.kind == "mine")
#: What the decision in progress depends on beyond the turn (appended last, after the pending
#: head): the sides the hex being explored was entered from and the tile drawn for it (its kind,
#: VP and forest in each rotation: what the ``rot:r`` choices lay), each altar's use this turn,
#: the first interrupt (an altar's kill, a mine's jump), its player, where, and how many more
#: wait behind it, the token holders still to decide at this phase start (the first decides
#: now), and how many more meeples a Frighten in progress may move.
DECISION_FEATURES = (
    *(f"exploring entered from {d}" for d in range(6)),
    *(f"drawn kind {k}" for k in KINDS), "drawn vp",
    *(f"drawn rotation {r} forest {d}" for r in range(6) for d in range(6)),
    *(f"altar {TILES[t].id} {what}" for t in ALTAR_TILES
      for what in ("used", *(f"used by {k}" for k in range(SEATS)))),
    "interrupt kill", "interrupt jump", *(f"interrupt player {k}" for k in range(SEATS)),
    *(f"interrupt at {TILES[t].id}" for t in (*ALTAR_TILES, *MINE_TILES)),
    "interrupts queued", *(f"window {k}" for k in range(SEATS)), "fright left",
    # A bravery VP earned with no meeple in stock or Depot: its player chooses which meeple of
    # the map goes up the mountain (A11); an interrupt with no place of its own.
    "interrupt vp",
)
#: Each place's features, in the order of :data:`PLACES`.
ROWS = tuple(TILE_FEATURES if p < _EMPTY_AT else EMPTY_FEATURES if p < _VILLAGE_AT
             else VILLAGE_FEATURES for p in range(len(PLACES)))
#: Where each place's row starts (place index -> entry).
ROW = tuple(sum(len(row) for row in ROWS[:p]) for p in range(len(PLACES)))
#: The places' blocks end here: ``observation[:PLACE_BLOCK]``; the tiles' rows are
#: ``observation[:36 * 40].reshape(36, 40)``, then the empty hexes' and the village slots'.
PLACE_BLOCK = sum(len(row) for row in ROWS)
FEATURES = (
    *(f"{place} {f}" for place, row in zip(PLACES, ROWS, strict=True) for f in row),
    *(f"seat {k} {f}" for k in range(SEATS) for f in SEAT_FEATURES),
    *TURN_FEATURES, *PENDING_FEATURES, *DECISION_FEATURES,
    *(f"observer seat {k}" for k in range(SEATS)),
)
SHAPE = (len(FEATURES),)

_F = {name: i for i, name in enumerate(TILE_FEATURES)}
_F.update((name, i) for i, name in enumerate(VILLAGE_FEATURES))
_Q, _R, _KIND, _FOREST, _TILE_VP = _F["q"], _F["r"], _F["kind stone_tower"], _F["forest 0"], _F[
    "tile vp"]
_MEEPLES, _VILLAGE, _SLOT, _UPGRADE = _F["meeples 0"], _F["village 0"], _F["slot V1"], _F[
    "upgrade asm"]
_TREE, _FROZEN, _EXPLORE, _EXPLORING = _F["tree 0"], _F["frozen"], _F["to explore"], _F[
    "exploring"]
_ORIGIN = _F["pending origin"]
_TILE_WIDTH = len(TILE_FEATURES)
_SEAT_BASE = PLACE_BLOCK
_SEAT_WIDTH = len(SEAT_FEATURES)
_SLOT_BASE = SEAT_FEATURES.index("V1 built on")
_TURN = _SEAT_BASE + SEATS * _SEAT_WIDTH
_PENDING = _TURN + len(TURN_FEATURES)
_S = {name: i for i, name in enumerate(SEAT_FEATURES)}
_T = {name: _TURN + i for i, name in enumerate(TURN_FEATURES)}
_H = {name: _PENDING + i for i, name in enumerate(PENDING_FEATURES)}
_DECISION = _PENDING + len(PENDING_FEATURES)
_D = {name: _DECISION + i for i, name in enumerate(DECISION_FEATURES)}
#: The observer's own seat number, one-hot (its seat slot is always 0).
_OBSERVER = _DECISION + len(DECISION_FEATURES)
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_TOKEN = {t: i for i, t in enumerate(UPGRADE_TOKENS)}
_BUILDING = {c: i for i, c in enumerate(BUILDING_CODES)}
_NODE = {n: i for i, n in enumerate(NODE_NAMES)}
_STEP = {s: i for i, s in enumerate(STEPS)}
_TILE_INDEX = {tile.id: i for i, tile in enumerate(TILES)}


def _capped(count: int, scale: int) -> float:
    return min(count, scale) / scale


def _coordinate(value: int) -> float:
    return min(max((value + REACH) / (2 * REACH), 0.0), 1.0)


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
    """Return the observation vector of the player whose view this is (the definition).

    Raises:
        ValueError: something lies on a hex that is no place (never in a game's positions).
    """
    players: int = view["players"]
    player: int = view["player"] or 0
    slot = [(seat - player) % players for seat in range(players)]
    out = np.zeros(SHAPE, dtype=np.float32)
    tiles = tuple(sorted((parse_hex(entry["hex"]), _TILE_INDEX[entry["tile"]],
                          entry["rotation"]) for entry in view["map"]))
    # The action table's names of the hexes (by text): the twin numbers them its own way.
    named = action_table.places(SimpleNamespace(players=players, tiles=tiles))

    def at(name: str) -> int:
        place = named.get(name)
        if place is None:
            raise ValueError(f"hex {name} holds something but is no place of this map")
        return ROW[PLACES.index(place)]

    for name in named:
        base = at(name)
        q, r = coords(parse_hex(name))
        out[base] = 1.0
        out[base + _Q] = _coordinate(q)
        out[base + _R] = _coordinate(r)
    for entry in view["map"]:
        base = at(entry["hex"])
        out[base + _KIND + _KIND_INDEX[entry["kind"]]] = 1.0
        for d in entry["forest"]:
            out[base + _FOREST + d] = 1.0
        out[base + _TILE_VP] = entry["vp"] / 2
    for name, seat, count in view["troops"]:
        out[at(name) + _MEEPLES + slot[seat]] = _capped(count, MEEPLE_SCALE)
    for seat, hexes in enumerate(view["villages"]):
        for m, name in enumerate(hexes):
            out[at(name) + _VILLAGE + slot[seat]] = 1.0
            out[at(name) + _SLOT + m] = 1.0
    for name, token in view["upgrades"]:
        out[at(name) + _UPGRADE + _TOKEN[token]] = 1.0
    for edge in view["trees"]:
        name, _, side = edge.partition("/")
        d = int(side)
        for face, face_side in ((parse_hex(name), d), (parse_hex(name) + DELTA[d], d + 3)):
            if hex_name(face) in named:
                out[at(hex_name(face)) + _TREE + face_side] = 1.0
    for name, count in view["frozen"]:
        out[at(name) + _FROZEN] = _capped(count, MEEPLE_SCALE)
    for name, _ in view["explore"]:
        out[at(name) + _EXPLORE] = 1.0
    if view["drawn"]:
        out[at(view["drawn"][0]) + _EXPLORING] = 1.0
    moving = view["to_move"]
    for seat, entry in enumerate(view["seats"]):
        _seat(out, _SEAT_BASE + slot[seat] * _SEAT_WIDTH, entry, view["vp"][seat],
              seat == view["active"], seat == moving, slot)
    _turn(out, view["phase"], view["step"], view["turn"], view["temp_vp"], view["weapons"],
          view["nature"], view["pool"], view["pile_count"], view["workers"], view["pending"],
          len(view["bonuses"]), view["sub"], bool(view["result"]))
    _decision(out, view, slot)
    out[_OBSERVER + player] = 1.0
    return out


def _decision(out: Planes, view: Mapping[str, Any], slot: list[int]) -> None:
    """Write the decision block from a view (see :data:`DECISION_FEATURES`)."""
    drawn = view["drawn"]
    if drawn:
        h = parse_hex(drawn[0])
        for name, origins in view["explore"]:
            if name == drawn[0]:
                for origin in origins:
                    d = direction_between(h, parse_hex(origin))
                    if d >= 0:
                        out[_D[f"exploring entered from {d}"]] = 1.0
    tile = view.get("drawn_tile")
    if tile is not None:
        out[_D[f"drawn kind {tile['kind']}"]] = 1.0
        out[_D["drawn vp"]] = TILES[_TILE_INDEX[tile["tile"]]].vp / 2
        for r, sides in enumerate(tile["forest"]):
            for d in sides:
                out[_D[f"drawn rotation {r} forest {d}"]] = 1.0
    tile_at = {entry["hex"]: entry["tile"] for entry in view["map"]}
    for name, p in view["altars_used"]:
        out[_D[f"altar {tile_at[name]} used"]] = 1.0
        if p >= 0:  # once per player (the option): by whom
            out[_D[f"altar {tile_at[name]} used by {slot[p]}"]] = 1.0
    if view["effects"]:
        kind, p, name = view["effects"][0]
        out[_D[f"interrupt {kind}"]] = 1.0
        out[_D[f"interrupt player {slot[p]}"]] = 1.0
        if kind != "vp":  # an altar's or a mine's: where it stands
            out[_D[f"interrupt at {tile_at[name]}"]] = 1.0
        out[_D["interrupts queued"]] = _capped(len(view["effects"]) - 1, QUEUE_SCALE)
    for p in view["window"]:
        out[_D[f"window {slot[p]}"]] = 1.0
    if view["sub"] and view["sub"][0] == "fright":
        out[_D["fright left"]] = _capped(view["sub"][1], FRIGHT_SCALE)


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
        out[_T["workers V1"] + m] = 1.0  # village slot indices, V1 = 0
    for m in pending:
        out[_T["pending V1"] + m] = 1.0
    out[_T["bonuses"]] = _capped(bonuses, BONUS_SCALE)
    if sub:
        out[_T["fly"] if sub[0] == "fly" else _T["fright"]] = 1.0
    out[_T["over"]] = float(over)


# --- the fast twin ------------------------------------------------------------------------------
#
# It keeps what changes seldom as whole arrays, found by the identity of the state's fields
# (states share a field's object until it changes): the map's block (places present, their
# coordinates and tiles) per tiles tuple, the base observation (the map's block with the
# villages, upgrade tokens and Trees) per observer, the meeples' entries per troops map, each
# seat's block per seat object. A step copies the base and writes the rest with a few NumPy
# assignments: single entries cost about 70 ns each, converting a list to an array about 50 ns
# an entry, so what recurs is kept as arrays.

Entries = tuple[npt.NDArray[np.intp], npt.NDArray[np.float32]]

#: Per tile and rotation, its features from the kind on (kind, forest, VP).
_TILE_ROWS = np.zeros((len(TILES), 6, _TILE_VP + 1 - _KIND), dtype=np.float32)
for _t, _tile in enumerate(TILES):
    for _rotation in range(6):
        _TILE_ROWS[_t, _rotation, _KIND_INDEX[_tile.kind]] = 1.0
        for _d in range(6):
            if FOREST[_t][_rotation] >> _d & 1:
                _TILE_ROWS[_t, _rotation, _FOREST - _KIND + _d] = 1.0
        _TILE_ROWS[_t, _rotation, _TILE_VP - _KIND] = _tile.vp / 2

class _Map:
    """What the fast twin keeps of one map (its players and tiles)."""

    __slots__ = ("tiles", "players", "numbered", "lineage", "offsets", "_block")
    offsets: dict[int, int]

    def __init__(self, players: int, tiles: tuple[tuple[int, int, int], ...],
                 numbered: dict[int, int], before: _Map | None = None,
                 lineage: choices.Lineage | None = None) -> None:
        self.tiles = tiles  # held, so that its id stays its own while the map is kept
        self.players = players
        self.numbered = numbered
        #: The choices' lineage ending at this map: the next map of its game follows from it.
        self.lineage: choices.Lineage = [] if lineage is None else lineage
        self._block: Planes | None = None
        if before is not None and before.tiles == tiles:  # the same tiles in a new tuple
            self.offsets = before.offsets
            return
        laid = () if before is None else choices.added_tiles(before.tiles, tiles)
        #: Where the row of each hex's place starts (hex code -> entry): the map before's with
        #: the hexes the tiles laid since rename (one tile at a time, as the rules lay them),
        #: or all of them.
        if before is not None and laid:
            offsets = before.offsets.copy()
            places = before.numbered if len(laid) == 1 else before.numbered.copy()
            for tile in laid:
                hexes = choices.renamed(places, tile)
                if len(laid) > 1:
                    places.update(hexes)
                for h, p in hexes.items():
                    offsets[h] = ROW[p]
        else:
            offsets = {h: ROW[p] for h, p in numbered.items()}
        self.offsets = offsets

    @property
    def block(self) -> Planes:
        """The places' blocks of the map alone: present, q, r and the tiles' features (made on
        first use: an observer needs them only to build an observation whole)."""
        block = self._block
        if block is None:
            block = self._block = np.zeros(PLACE_BLOCK, dtype=np.float32)
            count = len(self.offsets)
            hexes = np.fromiter(self.offsets, dtype=np.intp, count=count)
            rows = np.fromiter(self.offsets.values(), dtype=np.intp, count=count)
            block[rows] = 1.0
            block[rows + _Q] = np.clip((hexes // 256 - 128 + REACH) / (2 * REACH), 0.0, 1.0)
            block[rows + _R] = np.clip((hexes % 256 - 128 + REACH) / (2 * REACH), 0.0, 1.0)
            if self.tiles:
                laid = np.array([(index, rotation) for _, index, rotation in self.tiles],
                                dtype=np.intp)
                where = laid[:, :1] * _TILE_WIDTH + np.arange(_KIND, _TILE_VP + 1)
                block[where] = _TILE_ROWS[laid[:, 0], laid[:, 1]]
        return block


#: id(tiles) -> its map: states share their tiles tuple until a tile is laid.
_maps: dict[int, _Map] = {}
_MAP_CACHE_SIZE = 128
#: The last map made: most often the next one is it and one tile more (see ``_Map._follow``).
_last_map: list[_Map] = []
_CACHE_SIZE = 1024


def _map(state: State, before: _Map | None = None) -> _Map:
    """Return the map of a state's tiles, made (once) from ``before``, the map its observer saw
    last (so that games observed in turn each grow their own), or else the last one made."""
    tiles = state.tiles
    found = _maps.get(id(tiles))
    if found is None or found.tiles is not tiles or found.players != state.players:
        if len(_maps) >= _MAP_CACHE_SIZE:
            _maps.clear()
        if before is None or before.players != state.players:
            before = _last_map[0] if _last_map and _last_map[0].players == state.players \
                else None
        lineage = [] if before is None else list(before.lineage)
        found = _maps[id(tiles)] = _Map(state.players, tiles, choices.places(state, lineage),
                                        before, lineage)
        _last_map[:] = [found]
    return found


def _village_entries(players: int, first: int, player: int) -> Entries:
    """Return the entries of the village slots of a layout, seen by a player."""
    index: list[int] = []
    value: list[float] = []
    for h, (owner, m) in VILLAGE[players, first].items():
        base = ROW[choices.VILLAGE_PLACE[h]]
        q, r = coords(h)
        index += (base, base + _Q, base + _R, base + _VILLAGE + (owner - player) % players,
                  base + _SLOT + m)
        value += (1.0, _coordinate(q), _coordinate(r), 1.0, 1.0)
    return np.array(index, dtype=np.intp), np.array(value, dtype=np.float32)


_VILLAGE_ENTRIES = {
    (players, first, player): _village_entries(players, first, player)
    for players, first in VILLAGE for player in range(players)
}

#: (ids of tiles, upgrades and trees, players, first, player) -> (the three, the observation
#: with the map's block, the villages, the upgrade tokens and the Trees alone).
_bases: dict[tuple[int, int, int, int, int, int], tuple[Any, Any, Any, Planes]] = {}
_BASE_CACHE_SIZE = 256


def _base(state: State, board: _Map, player: int) -> Planes:
    """Return the observation with only what changes seldom (to copy, not change)."""
    tiles, upgrades, trees = state.tiles, state.upgrades, state.trees
    key = (id(tiles), id(upgrades), id(trees), state.players, state.first, player)
    found = _bases.get(key)
    if found is not None and found[0] is tiles and found[1] is upgrades and found[2] is trees:
        return found[3]
    base = np.zeros(SHAPE, dtype=np.float32)
    base[:PLACE_BLOCK] = board.block
    index, value = _VILLAGE_ENTRIES[state.players, state.first, player]
    base[index] = value
    base[_OBSERVER + player] = 1.0
    offsets = board.offsets
    for h, token in upgrades:
        base[offsets[h] + _UPGRADE + _TOKEN[token]] = 1.0
    for edge in trees:
        h, d = divmod(edge, 8)
        for face, side in ((h, d), (h + DELTA[d], d + 3)):
            row = offsets.get(face)
            if row is not None:
                base[row + _TREE + side] = 1.0
    if len(_bases) >= _BASE_CACHE_SIZE:
        _bases.clear()
    _bases[key] = (tiles, upgrades, trees, base)
    return base


#: (id(seat), observer's slots) -> (the seat, its block without VP, active and to move). A
#: state's seats are frozen seats or working copies that nothing changes any more, and a state
#: shares its parent's seats but for those its action changed: so a seat's identity keeps its
#: block (the cache holds the seat, so its id is not reused while there).
_seat_cache: dict[tuple[int, tuple[int, ...]], tuple[Any, Planes]] = {}
_SEAT_CACHE_SIZE = 4096


def _write_seat(out: Planes, base: int, seat: Any, slot: tuple[int, ...]) -> None:
    """Write a seat's block of features (but its VP, active and to move) into an observation
    whose block is 0, and keep it."""
    found = _seat_cache.get((id(seat), slot))
    if found is not None and found[0] is seat:
        out[base: base + _SEAT_WIDTH] = found[1]
        return
    out[base] = 1.0
    out[base + 1] = _MEEPLE_VALUES[min(seat.stock, MEEPLE_SCALE)]
    out[base + 2] = _MEEPLE_VALUES[min(seat.depot, MEEPLE_SCALE)]
    if seat.ladder:
        out[base + 3] = _capped(seat.ladder, LADDER_SCALE)
    if seat.mountain:
        out[base + 4] = _capped(seat.mountain, MEEPLE_SCALE)
    if seat.extra_vp:
        out[base + 5] = _capped(seat.extra_vp, VP_SCALE)
    if seat.tree:
        out[base + 7] = 1.0
    if seat.tokens:
        tokens = list(seat.tokens)
        for token in set(tokens):
            out[base + _S["token asm"] + _TOKEN[token]] = _capped(tokens.count(token),
                                                                  TOKEN_SCALE)
    if seat.shields:
        out[base + _S["shields"]] = _capped(seat.shields, SHIELD_SCALE)
    out[_codes(seat.available, base + _S["available VS"])] = 1.0
    if seat.boxed:
        out[_codes(seat.boxed, base + _S["boxed VS"])] = 1.0
    width = len(SLOT_FEATURES)
    for m, entry in enumerate(seat.slots):
        if entry is not None:
            at = base + _SLOT_BASE + m * width
            out[at: at + width] = _slot_row(entry, slot)
    if len(_seat_cache) >= _SEAT_CACHE_SIZE:
        _seat_cache.clear()
    _seat_cache[id(seat), slot] = (seat, out[base: base + _SEAT_WIDTH].copy())


_code_cache: dict[tuple[tuple[str, ...], int], npt.NDArray[np.intp]] = {}


def _codes(codes: tuple[str, ...], base: int) -> npt.NDArray[np.intp]:
    """Return the indices of some building codes' features from ``base`` (cached)."""
    key = (tuple(codes), base)
    found = _code_cache.get(key)
    if found is None:
        found = _code_cache[key] = np.array([base + _BUILDING[c] for c in codes], dtype=np.intp)
    return found


#: Per observer's seats' slots: id(village slot) -> (the slot, its entries as that observer
#: sees it, the same through a memoryview). The rules share one object per slot value (held
#: here, so its id stays its own), and the same few values recur all game and from game to
#: game.
_SLOT_ROWS: dict[tuple[int, ...], dict[int, tuple[Any, Planes, Any]]] = {}


def _slot_rows(slot: tuple[int, ...]) -> dict[int, tuple[Any, Planes, Any]]:
    """Return the village slots' entries kept for an observer's seats' slots."""
    return _SLOT_ROWS.setdefault(slot, {})


def _slot_row(entry: Any, slot: tuple[int, ...]) -> Planes:
    """Return a village slot's entries as an observer sees it (kept: not to be changed)."""
    rows = _slot_rows(slot)
    found = rows.get(id(entry))
    if found is not None and found[0] is entry:
        return found[1]
    row = np.zeros(len(SLOT_FEATURES), dtype=np.float32)
    row[0] = 1.0
    row[1 + _BUILDING[entry.building]] = 1.0
    row[11] = float(bool(entry.built))
    row[12 + _NODE[entry.node]] = 1.0
    defense = list(entry.defense)
    for owner in set(defense):
        row[29 + slot[owner]] = _capped(defense.count(owner), DEFENSE_SCALE)
    if len(rows) >= _SLOT_CACHE_SIZE:
        rows.clear()
    row.flags.writeable = False  # shared
    rows[id(entry)] = (entry, row, _view(row))
    return row


_SLOT_CACHE_SIZE = 8192


def _view(array: Planes) -> Any:
    """Return a memoryview of an array's entries (typed Any: its items are floats here)."""
    return array.data


#: Zeros to write through a memoryview.
_ZEROS = _view(np.zeros(64, dtype=np.float32))


_MEEPLE_VALUES = tuple(_capped(count, MEEPLE_SCALE) for count in range(MEEPLE_SCALE + 1))
_VP_VALUES = tuple(_capped(count, VP_SCALE) for count in range(VP_SCALE + 1))
_SEAT_VP, _SEAT_ACTIVE, _SEAT_TO_MOVE = _S["vp"], _S["active"], _S["to move"]


class _Troops:
    """The entries of the meeples of one troops map, seen by one observer on one map."""

    __slots__ = ("troops", "tiles", "index", "value", "arrays")

    def __init__(self, troops: Any, tiles: Any, index: list[int], value: list[float]) -> None:
        self.troops = troops  # held, so that its id stays its own while kept
        self.tiles = tiles
        self.index = index
        self.value = value
        self.arrays: Entries | None = None


#: (id of the rules' troops map, slots) -> its entries: a state shares its parent's map until
#: meeples move (the rules copy it before a change), so its identity keeps them while the map's
#: places stay the same (the same tiles). Met once, they are written one by one; met again,
#: as arrays (converting a list costs as much as writing it).
_troop_cache: dict[tuple[int, tuple[int, ...]], _Troops] = {}


def _write_troops(out: Planes, troops: Any, tiles: Any, offsets: dict[int, int],
                  slot: tuple[int, ...]) -> None:
    """Write the meeples of a troops map (hex -> meeples of each player) into an
    observation."""
    key = (id(troops), slot)
    found = _troop_cache.get(key)
    if found is not None and found.troops is troops and found.tiles is tiles:
        arrays = found.arrays
        if arrays is None:
            arrays = found.arrays = (np.array(found.index, dtype=np.intp),
                                     np.array(found.value, dtype=np.float32))
        out[arrays[0]] = arrays[1]
        return
    index = []
    value = []
    for h, row in troops.items():
        at = offsets[h] + _MEEPLES
        for seat, count in enumerate(row):
            if count:
                where = at + slot[seat]
                count = _MEEPLE_VALUES[count] if count <= MEEPLE_SCALE else 1.0
                out[where] = count
                index.append(where)
                value.append(count)
    if len(_troop_cache) >= _CACHE_SIZE:
        _troop_cache.clear()
    _troop_cache[key] = _Troops(troops, tiles, index, value)


def from_state(state: State, player: int) -> Planes:
    """Return :func:`from_view` of ``view(state, player)``, from the state's fields."""
    players = state.players
    slot = _SLOTS[players][player]
    board = _map(state)
    offsets = board.offsets
    out = _base(state, board, player).copy()
    aux = state.aux
    if aux:  # the working maps the rules keep: reading the fields would build them
        _write_troops(out, aux[1], state.tiles, offsets, slot)
        frozen = aux[4]
        if frozen:
            frozen = frozen.items()
        seats = aux[3]
    else:
        for h, seat, count in state.troops:
            out[offsets[h] + _MEEPLES + slot[seat]] = _capped(count, MEEPLE_SCALE)
        frozen, seats = state.frozen, state.seats
    if frozen:
        for h, count in frozen:
            if count:
                out[offsets[h] + _FROZEN] = _MEEPLE_VALUES[min(count, MEEPLE_SCALE)]
    if state.explore:
        for h, _ in state.explore:
            out[offsets[h] + _EXPLORE] = 1.0
    if state.drawn:
        out[offsets[state.drawn[0]] + _EXPLORING] = 1.0
    moving = to_move(state)
    active = state.active
    temp_vp = state.temp_vp
    for seat, entry in enumerate(seats):
        base = _SEAT_BASE + slot[seat] * _SEAT_WIDTH
        _write_seat(out, base, entry, slot)
        vp = entry.mountain + entry.extra_vp + (temp_vp if seat == active else 0)
        if vp:
            out[base + _SEAT_VP] = _VP_VALUES[min(vp, VP_SCALE)]
        if seat == active:
            out[base + _SEAT_ACTIVE] = 1.0
        if seat == moving:
            out[base + _SEAT_TO_MOVE] = 1.0
    _write_turn(out, state)
    if state.drawn or state.altars_used or state.effects or state.window or state.sub:
        _write_decision(out, state, slot)
    return out


#: Per tile: its entries of the decision block when drawn (kind, VP, forest in each rotation).
_DRAWN_AT = _D[f"drawn kind {KINDS[0]}"]
_DRAWN_ROWS = np.zeros((len(TILES), len(KINDS) + 1 + 36), dtype=np.float32)
for _t, _tile in enumerate(TILES):
    _DRAWN_ROWS[_t, _KIND_INDEX[_tile.kind]] = 1.0
    _DRAWN_ROWS[_t, len(KINDS)] = _tile.vp / 2
    for _rotation in range(6):
        for _d in range(6):
            if FOREST[_t][_rotation] >> _d & 1:
                _DRAWN_ROWS[_t, len(KINDS) + 1 + 6 * _rotation + _d] = 1.0
_ENTERED = _D["exploring entered from 0"]
_ALTAR = {t: _D[f"altar {TILES[t].id} used"] for t in ALTAR_TILES}
_INTERRUPT_AT = {t: _D[f"interrupt at {TILES[t].id}"] for t in (*ALTAR_TILES, *MINE_TILES)}
_INTERRUPT_PLAYER, _QUEUED = _D["interrupt player 0"], _D["interrupts queued"]
_INTERRUPT = {"kill": _D["interrupt kill"], "jump": _D["interrupt jump"], "vp": _D["interrupt vp"]}
_WINDOW, _FRIGHT_LEFT = _D["window 0"], _D["fright left"]


def _write_decision(out: Planes, state: State, slot: tuple[int, ...]) -> None:
    """Write the decision block of a state (what :func:`_decision` writes from its view)."""
    out[_DECISION: _DECISION + len(DECISION_FEATURES)] = 0.0
    drawn = state.drawn
    if drawn:
        h = drawn[0]
        for entered, origins in state.explore:
            if entered == h:
                for origin in origins:
                    d = direction_between(h, origin)
                    if d >= 0:
                        out[_ENTERED + d] = 1.0
        if len(drawn) == 2:
            out[_DRAWN_AT: _DRAWN_AT + _DRAWN_ROWS.shape[1]] = _DRAWN_ROWS[drawn[1]]
    if state.altars_used or state.effects:
        tile_at = {h: t for h, t, _ in state.tiles}
        for h, p in state.altars_used:
            at = _ALTAR[tile_at[h]]
            out[at] = 1.0
            if p >= 0:
                out[at + 1 + slot[p]] = 1.0
        if state.effects:
            kind, p, h = state.effects[0]
            out[_INTERRUPT[kind]] = 1.0
            out[_INTERRUPT_PLAYER + slot[p]] = 1.0
            if kind != "vp":  # an altar's or a mine's: where it stands
                out[_INTERRUPT_AT[tile_at[h]]] = 1.0
            out[_QUEUED] = _capped(len(state.effects) - 1, QUEUE_SCALE)
    for p in state.window:
        out[_WINDOW + slot[p]] = 1.0
    sub = state.sub
    if sub and sub[0] == "fright":
        out[_FRIGHT_LEFT] = _capped(sub[1], FRIGHT_SCALE)


def _write_turn(out: Planes, state: State) -> None:
    """Write the turn block into an observation whose block is 0 (directly: its combinations
    recur too seldom to cache)."""
    out[_PHASE0 + state.phase] = 1.0
    out[_STEP0 + _STEP[state.step]] = 1.0
    out[_TURN_AT] = _TURN_VALUES[min(state.turn, TURN_SCALE)]
    temp_vp = state.temp_vp
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


#: The fields of a state that change seldom (its map, the hexes to explore, the one explored,
#: its layout), in one call.
_rare = attrgetter("tiles", "upgrades", "trees", "explore", "drawn", "players", "first")
#: What the turn block is made of, in two calls: the fields that change at most steps, and
#: those that change seldom.
_hot_turn = attrgetter("phase", "step", "turn", "workers", "pending")
_cold_turn = attrgetter("temp_vp", "weapons", "nature", "pool", "pile", "bonuses", "sub",
                        "result", "altars_used", "effects", "window")


def _patch_hot(out: Any, before: tuple[Any, ...], now: tuple[Any, ...]) -> None:
    """Rewrite the entries of the turn block whose fields (of :data:`_hot_turn`) differ."""
    phase, step, turn, workers, pending = now
    if phase != before[0]:
        out[_PHASE0 + before[0]] = 0.0
        out[_PHASE0 + phase] = 1.0
    if step != before[1]:
        out[_STEP0 + _STEP[before[1]]] = 0.0
        out[_STEP0 + _STEP[step]] = 1.0
    if turn != before[2]:
        out[_TURN_AT] = _TURN_VALUES[min(turn, TURN_SCALE)]
    if workers != before[3]:
        for m in before[3]:
            out[_WORKERS0 + m] = 0.0
        for m in workers:
            out[_WORKERS0 + m] = 1.0
    if pending != before[4]:
        for m in before[4]:
            out[_ACTIONS0 + m] = 0.0
        for m in pending:
            out[_ACTIONS0 + m] = 1.0


def _patch_cold(out: Planes, before: tuple[Any, ...], now: tuple[Any, ...]) -> None:
    """Rewrite the entries of the turn block whose fields (of :data:`_cold_turn`) differ."""
    temp_vp, weapons, nature, pool, pile, bonuses, sub, result, _, _, _ = now
    if temp_vp != before[0]:
        out[_TEMP_VP] = _VP_VALUES[min(temp_vp, VP_SCALE)]
    if weapons != before[1]:
        out[_WEAPONS] = _capped(weapons, WEAPON_SCALE)
    if nature != before[2]:
        out[_NATURE] = float(bool(nature))
    if pool != before[3]:
        out[_POOL0: _POOL0 + len(UPGRADE_TOKENS)] = 0.0
        for token in pool:
            out[_POOL0 + _TOKEN[token]] = 1.0
    if len(pile) != len(before[4]):
        out[_PILE] = _PILE_VALUES[min(len(pile), PILE_SCALE)]
    if len(bonuses) != len(before[5]):
        out[_BONUSES] = _capped(len(bonuses), BONUS_SCALE)
    if sub[:1] != before[6][:1]:
        out[_FLY] = float(sub[:1] == ("fly",))
        out[_FRIGHT] = float(bool(sub) and sub[:1] != ("fly",))
    if bool(result) != bool(before[7]):
        out[_OVER] = float(bool(result))


class _Seen:
    """What an :class:`Observer` last wrote for one player: the observation and its sources."""

    __slots__ = ("state", "tiles", "upgrades", "trees", "rare", "board", "slot", "bases",
                 "out", "view", "troops", "frozen", "seats", "heads", "rows", "marks", "hot",
                 "cold")

    def __init__(self, state: State, player: int) -> None:
        self.state = state  # the last state written (held: its identity is its own)
        self.tiles, self.upgrades, self.trees = state.tiles, state.upgrades, state.trees
        self.rare = _rare(state)
        self.board = _map(state)
        self.slot = slot = _SLOTS[state.players][player]
        #: Where each seat's block starts (seat -> entry).
        self.bases = tuple(_SEAT_BASE + slot[k] * _SEAT_WIDTH for k in range(state.players))
        self.out = from_state(state, player)
        #: The same entries through a memoryview: its items are written in half the time.
        self.view = _view(self.out)
        aux = state.aux
        self.troops = aux[1]
        self.frozen = dict(aux[4]) if aux[4] else {}
        self.seats = list(aux[3])
        #: Each seat's fields but its village slots (of :data:`_seat_head`), as last written.
        self.heads = [_seat_head(seat) for seat in self.seats]
        #: A village slot's entries for this observer.
        self.rows = _slot_rows(slot)
        self.marks = (state.active, to_move(state), state.temp_vp)
        self.hot, self.cold = _hot_turn(state), _cold_turn(state)

    def patch(self, state: State) -> bool:
        """Make the observation that of a state of this one's layout whose map grew from this
        one's (the same tiles, or more), rewriting what changed and nothing else (a state
        shares its source's fields but those that changed: most are passed over by identity,
        the seldom changed ones compared at once); return False, changing nothing, for any
        other state."""
        aux = state.aux
        if not aux:
            return False
        rare = _rare(state)
        if rare != self.rare and not self._patch_rare(state, rare):
            return False
        out, view, offsets, slot = self.out, self.view, self.board.offsets, self.slot
        troops = aux[1]
        if troops is not self.troops:
            old = self.troops
            for h, row in troops.items():
                if old.get(h) is not row:
                    at = offsets[h] + _MEEPLES
                    for seat, count in enumerate(row):
                        view[at + slot[seat]] = _MEEPLE_VALUES[count] if count <= MEEPLE_SCALE \
                            else 1.0
            for h in old:
                if h not in troops:
                    at = offsets[h] + _MEEPLES
                    view[at: at + SEATS] = _ZEROS[:SEATS]
            self.troops = troops
        frozen = aux[4]
        if (frozen or self.frozen) and frozen != self.frozen:
            for h in self.frozen:
                view[offsets[h] + _FROZEN] = 0.0
            for h, count in frozen.items():
                if count:
                    view[offsets[h] + _FROZEN] = _MEEPLE_VALUES[min(count, MEEPLE_SCALE)]
            self.frozen = dict(frozen)
        marks = (state.active, to_move(state), state.temp_vp)
        changed = marks != self.marks  # the seats' VP, active and to move to write again
        seats, kept, rows = aux[3], self.seats, self.rows
        for k, entry in enumerate(seats):
            before = kept[k]
            if entry is before:
                continue
            kept[k] = entry
            head = _seat_head(entry)
            if head != self.heads[k]:
                changed = _patch_header(out, self.bases[k], self.heads[k], head) or changed
                self.heads[k] = head
            now, then = entry.slots, before.slots
            if now is not then:  # most often a worker moved: a slot or two changed
                at = self.bases[k] + _SLOT_BASE
                for now_slot, then_slot in zip(now, then, strict=True):
                    if now_slot is not then_slot:
                        if now_slot is None:
                            view[at: at + _SLOT_WIDTH] = _ZEROS[:_SLOT_WIDTH]
                        else:
                            found = rows.get(id(now_slot))
                            if found is None or found[0] is not now_slot:
                                _slot_row(now_slot, slot)
                                found = rows[id(now_slot)]
                            view[at: at + _SLOT_WIDTH] = found[2]
                    at += _SLOT_WIDTH
        if changed:
            self.marks = marks
            active, moving, temp_vp = marks
            for k, entry in enumerate(seats):
                base = self.bases[k]
                vp = entry.mountain + entry.extra_vp + (temp_vp if k == active else 0)
                view[base + _SEAT_VP] = _VP_VALUES[min(vp, VP_SCALE)]
                view[base + _SEAT_ACTIVE] = float(k == active)
                view[base + _SEAT_TO_MOVE] = float(k == moving)
        hot = _hot_turn(state)
        if hot != self.hot:
            _patch_hot(view, self.hot, hot)
            self.hot = hot
        cold = _cold_turn(state)
        if cold != self.cold:
            _patch_cold(out, self.cold, cold)
            if cold[8:] != self.cold[8:] or cold[6] != self.cold[6]:  # see _write_decision
                _write_decision(out, state, self.slot)
            self.cold = cold
        self.state = state
        return True

    def _patch_rare(self, state: State, rare: tuple[Any, ...]) -> bool:
        """Bring the map's entries (tiles, upgrade tokens, Trees), the hexes to explore and the
        one explored to a state's (the fields of :data:`_rare`); return False, changing
        nothing, when its layout differs or its map did not grow from this one's."""
        tiles, upgrades, trees, explore, drawn, players, first = rare
        before = self.rare
        if players != before[5] or first != before[6]:
            return False
        if tiles is not self.tiles and not self._lay(state):
            return False
        if upgrades is not self.upgrades:
            self._upgrade(state)
        if trees is not self.trees:
            now, then = set(trees), set(self.trees)
            self._faces(then - now, 0.0)
            self._faces(now - then, 1.0)
            self.trees = trees
        out, offsets = self.out, self.board.offsets
        if explore != before[3]:
            for h, _ in before[3]:
                out[offsets[h] + _EXPLORE] = 0.0
            for h, _ in explore:
                out[offsets[h] + _EXPLORE] = 1.0
        if drawn != before[4]:
            if before[4]:
                out[offsets[before[4][0]] + _EXPLORING] = 0.0
            if drawn:
                out[offsets[drawn[0]] + _EXPLORING] = 1.0
        if drawn != before[4] or drawn and explore != before[3]:
            _write_decision(out, state, self.slot)
        self.rare = rare
        return True

    def _lay(self, state: State) -> bool:
        """Move the rows of the hexes that the tiles laid since rename (their own hexes, empty
        places before, and the empty hexes next to them they name): what lies there goes
        along. Return False when the tiles are not this map's and more."""
        if state.tiles == self.tiles:  # the same tiles in a new tuple (a Tree, a token)
            self.board, self.tiles = _map(state, self.board), state.tiles
            return True
        tiles = state.tiles
        tile = choices.added_tile(self.tiles, tiles)  # most often one tile laid
        if tile is not None:
            laid: Any = (tile,)
        else:
            before = set(self.tiles)
            if len(before) >= len(tiles) or not before.issubset(tiles):
                return False
            laid = [entry for entry in tiles if entry not in before]
        view, old, board = self.view, self.board, _map(state, self.board)
        numbered, numbered_before = board.numbered, old.numbered
        placed = []
        seen: set[int] = set()
        for h0, _, _ in laid:
            for delta in _AROUND:
                h = h0 + delta
                p = numbered.get(h)
                was = numbered_before.get(h)
                if p is None or p == was or h in seen:
                    continue
                seen.add(h)
                row = ROW[p]
                if was is None:
                    view[row: row + 3] = _PRESENT.get(h) or _present(h)  # present, q, r
                    placed.append(h)
                else:
                    start = ROW[was]
                    view[row: row + _COMMON] = view[start: start + _COMMON]
                    view[start: start + _COMMON] = _ZEROS[:_COMMON]
        for _, index, rotation in laid:  # each tile's own features (its place is its index)
            row = ROW[index]
            view[row + _KIND: row + _TILE_VP + 1] = _TILE_VIEWS[index][rotation]
        self.board, self.tiles = board, state.tiles
        if placed and self.trees:  # a Tree's face on a hex that is a place only now
            self._faces(self.trees, 1.0, set(placed))
        return True

    def _upgrade(self, state: State) -> None:
        out, offsets = self.out, self.board.offsets
        now, then = set(state.upgrades), set(self.upgrades)
        for h, token in then - now:
            out[offsets[h] + _UPGRADE + _TOKEN[token]] = 0.0
        for h, token in now - then:
            out[offsets[h] + _UPGRADE + _TOKEN[token]] = 1.0
        self.upgrades = state.upgrades

    def _faces(self, edges: Any, value: float, only: set[int] | None = None) -> None:
        """Write ``value`` on both faces of Tree edges that are places (those on the hexes
        ``only``, if given)."""
        out, offsets = self.out, self.board.offsets
        for edge in edges:
            h, d = divmod(edge, 8)
            for face, side in ((h, d), (h + DELTA[d], d + 3)):
                row = offsets.get(face)
                if row is not None and (only is None or face in only):
                    out[row + _TREE + side] = value


#: A hex and its neighbours, from it.
_AROUND = (0, *DELTA)
#: The features every place has, first in its row (moved along when a hex is renamed).
_COMMON = len(PLACE_FEATURES)
#: Per tile and rotation, its row from the kind on, through a memoryview.
_TILE_VIEWS = tuple(tuple(_view(_TILE_ROWS[t, rotation].copy()) for rotation in range(6))
                    for t in range(len(TILES)))


#: A seat's fields but its village slots, in one call (the order :func:`_patch_header` reads).
_seat_head = attrgetter("stock", "depot", "ladder", "mountain", "extra_vp", "tree", "tokens",
                        "shields", "available", "boxed")
_SLOT_WIDTH = len(SLOT_FEATURES)
_TOKENS_AT, _SHIELDS_AT = _S["token asm"], _S["shields"]
_AVAILABLE_AT, _BOXED_AT = _S["available VS"], _S["boxed VS"]


#: Per hex: its first three place features (present, q, r), to write through a memoryview.
_PRESENT: dict[int, Any] = {}


def _present(h: int) -> Any:
    q, r = coords(h)
    found = _PRESENT[h] = _view(np.array([1.0, _coordinate(q), _coordinate(r)], np.float32))
    return found


def _patch_header(out: Planes, base: int, before: tuple[Any, ...], now: tuple[Any, ...]
                  ) -> bool:
    """Rewrite the entries of a seat's block (but its slots, VP, active and to move) whose
    fields (of :data:`_seat_head`) differ from those before; return whether its VP changed."""
    stock, depot, ladder, mountain, extra_vp, tree, tokens, shields, available, boxed = now
    if stock != before[0]:
        out[base + 1] = _MEEPLE_VALUES[min(stock, MEEPLE_SCALE)]
    if depot != before[1]:
        out[base + 2] = _MEEPLE_VALUES[min(depot, MEEPLE_SCALE)]
    if ladder != before[2]:
        out[base + 3] = _capped(ladder, LADDER_SCALE)
    vp = False
    if mountain != before[3]:
        out[base + 4] = _capped(mountain, MEEPLE_SCALE)
        vp = True
    if extra_vp != before[4]:
        out[base + 5] = _capped(extra_vp, VP_SCALE)
        vp = True
    if tree != before[5]:
        out[base + 7] = float(bool(tree))
    if tokens != before[6]:
        at = base + _TOKENS_AT
        out[at: at + len(UPGRADE_TOKENS)] = 0.0
        tokens = list(tokens)
        for token in set(tokens):
            out[at + _TOKEN[token]] = _capped(tokens.count(token), TOKEN_SCALE)
    if shields != before[7]:
        out[base + _SHIELDS_AT] = _capped(shields, SHIELD_SCALE)
    if available != before[8]:
        out[base + _AVAILABLE_AT: base + _AVAILABLE_AT + len(BUILDING_CODES)] = 0.0
        if available:
            out[_codes(available, base + _AVAILABLE_AT)] = 1.0
    if boxed != before[9]:
        out[base + _BOXED_AT: base + _BOXED_AT + len(BUILDING_CODES)] = 0.0
        if boxed:
            out[_codes(boxed, base + _BOXED_AT)] = 1.0
    return vp


class Observer:
    """The fast twin as an environment keeps it, one per game: each player's last observation,
    patched where the state changed (the meeples of a hex, a seat's slot, the turn) rather than
    built again, then copied out. Equal to :func:`from_state` for any state, in any order: a
    state of another map or layout (a tile laid, a new game) is built whole."""

    def __init__(self) -> None:
        self._seen: dict[int, _Seen] = {}

    def __call__(self, state: State, player: int) -> Planes:
        seen = self._seen.get(player)
        if seen is not None and (seen.state is state or seen.patch(state)):
            return seen.out.copy()  # the same state again (after a head), or patched
        if state.aux:
            seen = self._seen[player] = _Seen(state, player)
        else:  # a state the rules have not worked on (parsed): nothing to follow
            return from_state(state, player)
        return seen.out.copy()


_PHASE0, _STEP0, _TURN_AT = _T["phase 0"], _T["step first"], _T["turn"]
_TEMP_VP, _WEAPONS, _NATURE, _POOL0 = _T["temp vp"], _T["weapons"], _T["nature"], _T["pool asm"]
_PILE, _BONUSES, _FLY, _FRIGHT, _OVER = _T["pile"], _T["bonuses"], _T["fly"], _T["fright"], _T[
    "over"]
_WORKERS0, _ACTIONS0 = _T["workers V1"], _T["pending V1"]
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
        found = _HEAD_FIELDS[pending] = choices.head_fields(pending)
    return found


def mark(planes: Planes, pending: int | None, player: int, players: int) -> Planes:
    """Write the pending head (a first id whose place is awaited) into an observation, in
    place, and return it; ``None`` leaves it as it is (those features stay 0)."""
    if pending is None:
        return planes
    found = _MARKS.get((pending, player, players))
    if found is None:
        found = _MARKS[pending, player, players] = _mark_entries(pending, player, players)
    planes[found[0]] = found[1]
    return planes


#: (head, player, players) -> the entries :func:`mark` writes (a head's are always the same).
_MARKS: dict[tuple[int, int, int], Entries] = {}


def _mark_entries(pending: int, player: int, players: int) -> Entries:
    """Return the entries that mark a head, and their values."""
    fields = _head_fields(pending)
    out: dict[int, float] = {_HEAD_VERB[fields["verb"]]: 1.0}
    origin = fields.get("from") or fields.get("hex")
    if origin is not None:
        out[ROW[choices.PLACE_INDEX[origin]] + _ORIGIN] = 1.0
    if "count" in fields:
        out[_H["head count"]] = _capped(int(fields["count"]), MEEPLE_SCALE)
    if "side" in fields:
        out[_H["head side 0"] + int(fields["side"])] = 1.0
    if "token" in fields:
        out[_H["head token asm"] + _TOKEN[fields["token"]]] = 1.0
    if "slot" in fields:
        out[_H["head slot V1"] + int(fields["slot"]) - 1] = 1.0
    if "owner" in fields:
        out[_H["head owner 0"] + (int(fields["owner"]) - player) % players] = 1.0
    if "spot" in fields:
        out[_H["head spot 1"] + int(fields["spot"]) - 1] = 1.0
    if "player" in fields:
        out[_H["head player 0"] + (int(fields["player"]) - player) % players] = 1.0
    index = np.fromiter(out, dtype=np.intp, count=len(out))
    value = np.fromiter(out.values(), dtype=np.float32, count=len(out))
    index.flags.writeable = value.flags.writeable = False  # shared
    return index, value
