"""Rise of Tribes' observation: one flat float32 vector in [0, 1], from one player's view.

The view is public (rule sheet §2: everything on the table is open; goal decks are shown as
counts), so the observation reads the view alone. Its shape is the same at 2, 3 and 4 players:
the board is padded to the 15 hexes of the four-player map (``a``-``o``) and the seats to 4.
Seats are **relative to the observer**: seat slot 0 is the observer, slot ``k`` the player
``k`` places after it (``(player + k) % players``); slots of absent seats stay 0.

===========  =====  =========================================================================
block        size   value
===========  =====  =========================================================================
hexes        15x15  per hex ``a``-``o``: on the map (1); terrain forest, lake, mountain (one-hot);
                    members of each seat slot / 5, capped; village of each seat slot (1);
                    invaders / 4; mammoth (1); sabertooth tiger (1)
seats        4x10   per seat slot: at the table (1); wood, food, stone / 10, capped; score / 15;
                    members in supply / 20; villages built / 12; goals in progress / 5, goals
                    completed / 10, capped; to move (1, the seat that decides next)
rows         4x3    per action row (grow, move, gather, lead): dice of each face (sun, moon,
                    blank) on it / 6
hand         3      dice of each face in the hand of the player to move / 2
phase        31     the phase (one-hot, ``Phase`` of ``state.py``; chance phases never reach an
                    agent, kept for a stable layout)
round        1      round / 60 (the designed round limit), capped
over         1      1 once the game is over
===========  =====  =========================================================================

:data:`FEATURES` names every entry; :func:`from_view` is the definition. :func:`from_state`
computes the same numbers from the internal state's fields that the view publishes (the board,
resources, scores, rows, hand, phase and round; never the order of a goal or event deck), about
ten times faster (the view writes the whole position text and every player's goals);
``checked=True`` environments build both and compare them, and so do the tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from meeples.env.registry import Planes
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import CHANCE_PHASES, Phase, State

HEX_NAMES = "abcdefghijklmno"
SEATS = 4
#: The scale of each capped count (its count divided by this, at most 1).
MEMBER_SCALE = 5
INVADER_SCALE = data.INVADERS_MAX
RESOURCE_SCALE = 10
SCORE_SCALE = data.WIN_VP
SUPPLY_SCALE = data.MEMBERS
VILLAGE_SCALE = data.VILLAGES
IN_PROGRESS_SCALE = 5
COMPLETED_SCALE = 10
ROW_SCALE = 6
HAND_SCALE = 2
ROUND_SCALE = data.ROUND_LIMIT

PHASES = tuple(phase.name.lower() for phase in Phase)
#: The scenario tiles (``data.TILE_IDS`` but the basic tile's empty id), the vents of the
#: largest map, and the scale of the resource tokens on an event card.
TILE_IDS = data.TILE_IDS[1:]
VOLCANO_SLOTS = max(len(slots) for slots in data.VOLCANO_SLOTS.values())
TOKEN_SCALE = 5
HEX_FEATURES = (
    "on map", *data.TERRAIN_NAMES,
    *(f"members {k}" for k in range(SEATS)), *(f"village {k}" for k in range(SEATS)),
    "invaders", "mammoth", "tiger",
)
SEAT_FEATURES = (
    "at table", *data.RESOURCE_NAMES, "score", "supply", "villages", "in progress", "completed",
    "to move",
)
FEATURES = (
    *(f"hex {h} {f}" for h in HEX_NAMES for f in HEX_FEATURES),
    *(f"seat {k} {f}" for k in range(SEATS) for f in SEAT_FEATURES),
    *(f"row {r} {face}" for r in data.ACTION_NAMES for face in data.FACE_NAMES),
    *(f"hand {face}" for face in data.FACE_NAMES),
    *(f"phase {p}" for p in PHASES),
    "round", "over",
    *(f"hex {h} tile {t}" for h in HEX_NAMES for t in TILE_IDS),
    *(f"hex {h} elder {k}" for h in HEX_NAMES for k in range(SEATS)),
    *(f"seat {k} power {c}" for k in range(SEATS) for c in data.LEADER_POWER_CODES),
    *(f"seat {k} goal {g} in progress" for k in range(SEATS) for g in data.GOAL_IDS),
    *(f"seat {k} goal {g} completed" for k in range(SEATS) for g in data.GOAL_IDS),
    *(f"event {i} {e}" for i in range(data.EVENT_SLOTS) for e in data.EVENT_IDS),
    *(f"event {i} {r} tokens" for i in range(data.EVENT_SLOTS) for r in data.RESOURCE_NAMES),
    *(f"volcano {v}" for v in range(VOLCANO_SLOTS)),
)
SHAPE = (len(FEATURES),)

_HEX_BASE = 0
_SEAT_BASE = len(HEX_NAMES) * len(HEX_FEATURES)
_ROW_BASE = _SEAT_BASE + SEATS * len(SEAT_FEATURES)
_HAND_BASE = _ROW_BASE + len(data.ACTION_NAMES) * len(data.FACE_NAMES)
_PHASE_BASE = _HAND_BASE + len(data.FACE_NAMES)
_ROUND = _PHASE_BASE + len(PHASES)
_OVER = _ROUND + 1
_TILE_BASE = _OVER + 1
_ELDER_BASE = _TILE_BASE + len(HEX_NAMES) * len(TILE_IDS)
_POWER_BASE = _ELDER_BASE + len(HEX_NAMES) * SEATS
_GOAL_BASE = _POWER_BASE + SEATS * len(data.LEADER_POWER_CODES)
_DONE_BASE = _GOAL_BASE + SEATS * len(data.GOAL_IDS)
_EVENT_BASE = _DONE_BASE + SEATS * len(data.GOAL_IDS)
_TOKEN_BASE = _EVENT_BASE + data.EVENT_SLOTS * len(data.EVENT_IDS)
_VOLCANO_BASE = _TOKEN_BASE + data.EVENT_SLOTS * len(data.RESOURCE_NAMES)
_POWERS = len(data.LEADER_POWER_CODES)
_GOALS = len(data.GOAL_IDS)
_GOAL_INDEX = {g: i for i, g in enumerate(data.GOAL_IDS)}
_EVENT_INDEX = {e: i for i, e in enumerate(data.EVENT_IDS)}
_POWER_INDEX = {c: i for i, c in enumerate(data.LEADER_POWER_CODES)}
_TILE_INDEX = {t: i for i, t in enumerate(TILE_IDS)}
_TERRAIN = {name: i for i, name in enumerate(data.TERRAIN_NAMES)}
_FACE = {name: i for i, name in enumerate(data.FACE_NAMES)}
_PHASE = {name: i for i, name in enumerate(PHASES)}


def _capped(count: int, scale: int) -> float:
    """Return a count over its scale, at most 1."""
    return min(count, scale) / scale


def from_view(view: Mapping[str, Any]) -> Planes:
    """Return the observation vector of the player whose view this is (the definition)."""
    players: int = view["players"]
    player: int = view["player"] or 0
    slot = {(player + k) % players: k for k in range(players)}
    out = np.zeros(SHAPE, dtype=np.float32)
    width = len(HEX_FEATURES)
    for hex_ in view["hexes"]:
        base = _HEX_BASE + HEX_NAMES.index(hex_["name"]) * width
        out[base] = 1.0
        if hex_["terrain"] in _TERRAIN:
            out[base + 1 + _TERRAIN[hex_["terrain"]]] = 1.0
        for seat, members in enumerate(hex_["members"]):
            out[base + 4 + slot[seat]] = _capped(members, MEMBER_SCALE)
        if hex_["village"] is not None:
            out[base + 8 + slot[int(hex_["village"])]] = 1.0
        out[base + 12] = _capped(hex_["invaders"], INVADER_SCALE)
        out[base + 13] = bool(hex_["mammoth"])
        out[base + 14] = bool(hex_["tiger"])
    width = len(SEAT_FEATURES)
    for seat, entry in enumerate(view["table"]):
        base = _SEAT_BASE + slot[seat] * width
        resources = entry["resources"]
        out[base: base + width] = (
            1.0,
            *(_capped(resources[name], RESOURCE_SCALE) for name in data.RESOURCE_NAMES),
            _capped(entry["score"], SCORE_SCALE),
            _capped(entry["supply"], SUPPLY_SCALE),
            _capped(entry["villages"], VILLAGE_SCALE),
            _capped(len(entry["in_progress"]), IN_PROGRESS_SCALE),
            _capped(len(entry["completed"]), COMPLETED_SCALE),
            view["to_move"] == seat,
        )
    for r, row in enumerate(data.ACTION_NAMES):
        faces = [_FACE[face] for face in view["rows"][row]]
        for f in range(len(data.FACE_NAMES)):
            out[_ROW_BASE + r * 3 + f] = _capped(faces.count(f), ROW_SCALE)
    hand = [_FACE[face] for face in view["hand"]]
    for f in range(len(data.FACE_NAMES)):
        out[_HAND_BASE + f] = _capped(hand.count(f), HAND_SCALE)
    out[_PHASE_BASE + _PHASE[view["phase"]]] = 1.0
    out[_ROUND] = _capped(view["round"], ROUND_SCALE)
    out[_OVER] = view["outcome"] is not None
    for h, hex_ in enumerate(view["hexes"]):
        if hex_["tile_id"] is not None:
            out[_TILE_BASE + h * len(TILE_IDS) + _TILE_INDEX[hex_["tile_id"]]] = 1.0
        if hex_["elder"] is not None:
            out[_ELDER_BASE + h * SEATS + slot[hex_["elder"]]] = 1.0
    for seat, entry in enumerate(view["table"]):
        k = slot[seat]
        for code in entry["powers"]:
            out[_POWER_BASE + k * _POWERS + _POWER_INDEX[code]] = 1.0
        for goal in entry["in_progress"]:
            out[_GOAL_BASE + k * _GOALS + _GOAL_INDEX[goal]] = 1.0
        for goal in entry["completed"]:
            out[_DONE_BASE + k * _GOALS + _GOAL_INDEX[goal]] = 1.0
    for i, event in enumerate(view["events"]):
        if event["id"] is not None:
            out[_EVENT_BASE + i * len(data.EVENT_IDS) + _EVENT_INDEX[event["id"]]] = 1.0
        for r, name in enumerate(data.RESOURCE_NAMES):
            out[_TOKEN_BASE + i * 3 + r] = _capped(event["tokens"][name], TOKEN_SCALE)
    if view["volcano"] is not None:
        vents = [list(vent) for vent in data.VOLCANO_SLOTS[players]]
        out[_VOLCANO_BASE + vents.index(list(view["volcano"]))] = 1.0
    return out


def from_state(state: State, player: int) -> Planes:
    """Return :func:`from_view` of ``view(state, player)``, from the state's public fields."""
    # Filled as a Python list, then one array: a NumPy item assignment costs several times a
    # list's, and most features are written one by one.
    players = state.n
    out = [0.0] * _TILE_BASE
    slot = [(seat - player) % players for seat in range(players)]
    width = len(HEX_FEATURES)
    terrains = state.terrain
    villages = state.villages
    for h, members in enumerate(state.pop[: len(data.MAPS[players])]):
        base = _HEX_BASE + h * width
        out[base] = 1.0
        terrain = terrains[h]
        if terrain >= 0:
            out[base + 1 + terrain] = 1.0
        for seat, count in enumerate(members):
            if count:
                out[base + 4 + slot[seat]] = _MEMBER_VALUES[min(count, MEMBER_SCALE)]
        village = villages[h]
        if village >= 0:
            out[base + 8 + slot[village]] = 1.0
    # Invaders, the mammoth and the tiger each stand on one hex at most (or none: -1).
    if state.inv_hex >= 0 and state.inv:
        out[_HEX_BASE + state.inv_hex * width + 12] = _capped(state.inv, INVADER_SCALE)
    if state.mammoth >= 0:
        out[_HEX_BASE + state.mammoth * width + 13] = 1.0
    if state.tiger >= 0:
        out[_HEX_BASE + state.tiger * width + 14] = 1.0
    over = bool(state.over)
    # The view's "to_move": None once over, CHANCE at a chance node, else the decider.
    to_move = -1 if over or state.phase in CHANCE_PHASES else state.decider
    width = len(SEAT_FEATURES)
    # Each count over its scale from a table of the values (a call per feature costs more).
    resource, score, supply = _VALUES[RESOURCE_SCALE], _VALUES[SCORE_SCALE], _VALUES[SUPPLY_SCALE]
    built, progress = _VALUES[VILLAGE_SCALE], _VALUES[IN_PROGRESS_SCALE]
    completed = _VALUES[COMPLETED_SCALE]
    # Each seat's members on the board in one pass (``state.supply`` sums the board per seat).
    on_board = [sum(column) for column in zip(*state.peek("pop"), strict=True)]
    for seat in range(players):
        base = _SEAT_BASE + slot[seat] * width
        wood, food, stone = state.res[seat]
        out[base: base + width] = (
            1.0,
            resource[min(wood, RESOURCE_SCALE)],
            resource[min(food, RESOURCE_SCALE)],
            resource[min(stone, RESOURCE_SCALE)],
            score[min(state.score[seat], SCORE_SCALE)],
            supply[min(data.MEMBERS - on_board[seat], SUPPLY_SCALE)],
            built[min(state.villages_of(seat), VILLAGE_SCALE)],
            progress[min(len(state.progress[seat]), IN_PROGRESS_SCALE)],
            completed[min(len(state.completed[seat]), COMPLETED_SCALE)],
            float(to_move == seat),
        )
    rows = _VALUES[ROW_SCALE]
    at = _ROW_BASE
    for row in state.rows:
        if row:
            out[at: at + 3] = (rows[min(row.count(0), ROW_SCALE)],
                               rows[min(row.count(1), ROW_SCALE)],
                               rows[min(row.count(2), ROW_SCALE)])
        at += 3
    hand = state.hand
    if hand:
        hands = _VALUES[HAND_SCALE]
        out[_HAND_BASE: _HAND_BASE + 3] = (hands[min(hand.count(0), HAND_SCALE)],
                                           hands[min(hand.count(1), HAND_SCALE)],
                                           hands[min(hand.count(2), HAND_SCALE)])
    out[_PHASE_BASE + state.phase] = 1.0
    out[_ROUND] = _VALUES[ROUND_SCALE][min(state.rnd + 1, ROUND_SCALE)]
    out[_OVER] = float(over)
    return np.concatenate((np.fromiter(out, dtype=np.float32, count=_TILE_BASE),
                           _extra(state, slot)))


#: The later blocks (tiles, elders, powers, goals, events, volcano) by their fields and the
#: observer's slots: they change a few times a round, and converting them feature by feature
#: would cost more than the rest of the vector.
_extra_cache: dict[tuple[Any, ...], Planes] = {}
_EXTRA_CACHE_SIZE = 8192


def _extra(state: State, slot: list[int]) -> Planes:
    key = (state.special, state.elder_at, state.tribe, state.leaders, state.progress,
           state.completed, state.slots, state.tokens, state.volcano, tuple(slot))
    try:
        found = _extra_cache.get(key)
    except TypeError:  # a working copy's lists
        return _extra_block(state, slot)
    if found is None:
        found = _extra_block(state, slot)
        if len(_extra_cache) >= _EXTRA_CACHE_SIZE:
            _extra_cache.clear()
        _extra_cache[key] = found
    return found


def _extra_block(state: State, slot: list[int]) -> Planes:
    players = state.n
    out = [0.0] * len(FEATURES)  # indices as in FEATURES, the head cut off at the end
    tiles = len(TILE_IDS)
    for h, tile in enumerate(state.special):
        if tile > 0:
            out[_TILE_BASE + h * tiles + tile - 1] = 1.0
    tribes = state.tribe
    for seat in range(players):
        k = slot[seat]
        h = state.elder_at[seat]
        if h >= 0:
            out[_ELDER_BASE + h * SEATS + k] = 1.0
        tribe = tribes[seat]
        if tribe >= 0 and state.leaders:
            for power in (2 * tribe, 2 * tribe + 1):
                if state.has_power(seat, power):
                    out[_POWER_BASE + k * _POWERS + power] = 1.0
        for card in state.progress[seat]:
            out[_GOAL_BASE + k * _GOALS + card] = 1.0
        for card in state.completed[seat]:
            out[_DONE_BASE + k * _GOALS + card] = 1.0
    events = len(data.EVENT_IDS)
    tokens = _VALUES[TOKEN_SCALE]
    for i, event in enumerate(state.slots):
        if event >= 0:
            out[_EVENT_BASE + i * events + event] = 1.0
        wood, food, stone = state.tokens[i]
        at = _TOKEN_BASE + i * 3
        out[at: at + 3] = (tokens[min(wood, TOKEN_SCALE)], tokens[min(food, TOKEN_SCALE)],
                           tokens[min(stone, TOKEN_SCALE)])
    if state.volcano >= 0:
        out[_VOLCANO_BASE + state.volcano] = 1.0
    return np.array(out[_TILE_BASE: len(FEATURES)], dtype=np.float32)


_MEMBER_VALUES = tuple(count / MEMBER_SCALE for count in range(MEMBER_SCALE + 1))
#: Every scale's values, count / scale for each count up to it (``_capped`` once and for all).
_VALUES = {
    scale: tuple(_capped(count, scale) for count in range(scale + 1))
    for scale in (RESOURCE_SCALE, SCORE_SCALE, SUPPLY_SCALE, VILLAGE_SCALE, IN_PROGRESS_SCALE,
                  COMPLETED_SCALE, ROW_SCALE, HAND_SCALE, ROUND_SCALE, TOKEN_SCALE)
}
assert len(data.FACE_NAMES) == 3  # noqa: S101 - the rows and hand are written three at a time
