"""Rise of Tribes' observation: one flat float32 vector in [0, 1], from one player's view.

The view is public (rule sheet §2: everything on the table is open; goal decks are shown as
counts), so the observation reads the view alone. Its shape is the same at 2, 3 and 4 players:
the board is padded to the 15 hexes of the four-player map (``a``-``o``) and the seats to 4.
Seats are **relative to the observer**: seat slot 0 is the observer, slot ``k`` the player
``k`` places after it (``(player + k) % players``); slots of absent seats stay 0.

===========  ======  =========================================================================
block        size    value
===========  ======  =========================================================================
hexes        15x15   per hex ``a``-``o``: on the map (1); terrain forest, lake, mountain (one-hot);
                     members of each seat slot / 5, capped; village of each seat slot (1);
                     invaders / 4; mammoth (1); sabertooth tiger (1)
seats        4x10    per seat slot: at the table (1); wood, food, stone / 10, capped; score / 15;
                     members in supply / 20; villages built / 12; goals in progress / 5, goals
                     completed / 10, capped; to move (1, the seat that decides next)
rows         4x3     per action row (grow, move, gather, lead): dice of each face (sun, moon,
                     blank) on it / 6
hand         3       dice of each face in the hand of the player to move / 2
phase        31      the phase (one-hot, ``Phase`` of ``state.py``; chance phases never reach an
                     agent, kept for a stable layout)
round        1       round / 60 (the designed round limit), capped
over         1       1 once the game is over
tiles        15x8    per hex: its scenario tile (one-hot over ``TILE_IDS``)
elders       15x4    per hex: the elder of each seat slot standing there (1)
powers       4x16    per seat slot: the leader powers it may use (over ``LEADER_POWER_CODES``; a
                     power picked under leader_powers="pick" is in force from the pick)
goals        4x15x2  per seat slot: each goal card in progress (1), then each completed (1)
events       2x19    per event slot: the event on offer (one-hot over ``EVENT_IDS``), then its
                     wood, food, stone tokens / 5, capped
volcano      9       the vent the volcano stands on (one-hot)
holdings     4x43    per seat slot: its tribe (one-hot over ``TRIBE_NAMES``); each event it
                     acquired (Altar, Dugout Canoe, Walls: 1); a tamed mammoth (1); its goal deck:
                     cards / 15, each goal card unseen in it (1), each goal card known to lie
                     under them (1 the next of those to be drawn, 1/15 less for each place after)
piles        33      each event unseen in the event deck (1), each event in the discard (1),
                     the event deck's cards / 16
observer     4       the observer's own seat number (one-hot; its seat slot is always 0): so
                     one policy playing every seat knows which it plays
===========  ======  =========================================================================

The decks hold no secret order: the view shows a goal deck as its unseen cards, with their
counts (a card is in it once at most), and the cards under them in order, and the event deck as
its unseen cards; the observation holds the same, no more. Not in it: the rest of the view's
position text (the bookkeeping of the decision under way: the members moved this turn, which
goal cards a LEAD just drew while Dreamtime puts one back, the turn's flags), the player whose
turn it is when another decides (a bid, a conflict), and what follows from the rest (a village's
cost from the tribe, a hex's population limit from Drought and the Oasis).

:data:`FEATURES` names every entry; :func:`from_view` is the definition. :func:`from_state`
computes the same numbers from the internal state's fields that the view publishes (the board,
resources, scores, rows, hand, phase and round, the goals, events and decks), in
float32 bytes, writing into a copy of the last observation of the same game and seat only the
features whose fields changed (about 5 to 10 µs; through the view about 240 µs, as it writes
the whole position text and every player's goals); ``checked=True`` environments build both
and compare them, and so do the tests.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from itertools import compress
from operator import ne
from typing import Any

import numpy as np

from meeples.env.registry import Planes
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import CHANCE_PHASES, Phase, Reader, State

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
#: The events a player may acquire (Altar, Dugout Canoe, Walls: ``data.ACQUIRE``), the scale of
#: a card's copies in a deck or the discard (one of each), and of the decks' sizes.
ACQUIRABLE = tuple(sorted(data.ACQUIRE))
CARD_SCALE = 1
GOAL_DECK_SCALE = len(data.GOAL_IDS)
EVENT_DECK_SCALE = len(data.EVENT_IDS)
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
HOLDING_FEATURES = (
    *(f"tribe {t}" for t in data.TRIBE_NAMES),
    *(f"acquired {data.EVENT_IDS[e]}" for e in ACQUIRABLE), "tamed mammoth", "goal deck size",
    *(f"goal deck {g} unseen" for g in data.GOAL_IDS),
    *(f"goal deck {g} under" for g in data.GOAL_IDS),
)
FEATURES = (
    *FEATURES,
    *(f"seat {k} {f}" for k in range(SEATS) for f in HOLDING_FEATURES),
    *(f"event deck {e}" for e in data.EVENT_IDS), *(f"event discard {e}" for e in data.EVENT_IDS),
    "event deck size",
)
#: Where the piles end and the observer's own seat number starts (its seat slot is always 0).
_PILE_END = len(FEATURES)
FEATURES = (*FEATURES, *(f"observer seat {k}" for k in range(SEATS)))
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
_HOLD_BASE = _VOLCANO_BASE + VOLCANO_SLOTS
_PILE_BASE = _HOLD_BASE + SEATS * len(HOLDING_FEATURES)
_POWERS = len(data.LEADER_POWER_CODES)
_GOALS = len(data.GOAL_IDS)
_GOAL_INDEX = {g: i for i, g in enumerate(data.GOAL_IDS)}
_EVENT_INDEX = {e: i for i, e in enumerate(data.EVENT_IDS)}
_POWER_INDEX = {c: i for i, c in enumerate(data.LEADER_POWER_CODES)}
_TILE_INDEX = {t: i for i, t in enumerate(TILE_IDS)}
_TRIBE_INDEX = {t: i for i, t in enumerate(data.TRIBE_NAMES)}
_ACQUIRED_INDEX = {data.EVENT_IDS[e]: i for i, e in enumerate(ACQUIRABLE)}
_TRIBES = len(data.TRIBE_NAMES)
_EVENT_COUNT = len(data.EVENT_IDS)
#: Where a seat's holdings lie in its row: acquired events, tamed mammoth, goal deck size,
#: goal cards unseen in the deck, goal cards under it.
_ACQUIRED_AT = _TRIBES
_TAMED_AT = _ACQUIRED_AT + len(ACQUIRABLE)
_DECK_SIZE_AT = _TAMED_AT + 1
_UNSEEN_AT = _DECK_SIZE_AT + 1
_UNDER_AT = _UNSEEN_AT + _GOALS
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
    width = len(HOLDING_FEATURES)
    for seat, entry in enumerate(view["table"]):
        base = _HOLD_BASE + slot[seat] * width
        if entry["tribe"] is not None:
            out[base + _TRIBE_INDEX[entry["tribe"]]] = 1.0
        for event in entry["acquired"]:
            out[base + _ACQUIRED_AT + _ACQUIRED_INDEX[event]] = 1.0
        out[base + _TAMED_AT] = entry["tamed_mammoth"]
        out[base + _DECK_SIZE_AT] = _capped(entry["deck_size"], GOAL_DECK_SCALE)
        for goal, count in entry["deck_unseen"].items():
            out[base + _UNSEEN_AT + _GOAL_INDEX[goal]] = _capped(count, CARD_SCALE)
        for place, goal in enumerate(entry["deck_bottom"]):
            out[base + _UNDER_AT + _GOAL_INDEX[goal]] = _under(place)
    for event, count in view["event_deck"].items():
        out[_PILE_BASE + _EVENT_INDEX[event]] = _capped(count, CARD_SCALE)
    discard = view["event_discard"]
    for event in set(discard):
        at = _PILE_BASE + _EVENT_COUNT + _EVENT_INDEX[event]
        out[at] = _capped(discard.count(event), CARD_SCALE)
    out[_PILE_BASE + 2 * _EVENT_COUNT] = _capped(view["event_deck_size"], EVENT_DECK_SCALE)
    out[_PILE_END + player] = 1.0
    return out


def _under(place: int) -> float:
    """Return a goal card's feature under the deck: 1 the next of those cards to be drawn,
    1/15 less for each place after it."""
    return max(GOAL_DECK_SCALE - place, 0) / GOAL_DECK_SCALE


def from_state(state: State, player: int) -> Planes:
    """Return :func:`from_view` of ``view(state, player)``, from the state's public fields."""
    # The vector is float32 bytes. From one step to the next most fields stay the same: the
    # bytes last made for the same seat at the same player count are copied, and only the
    # features whose fields differ are written again, from pieces kept by their values (a hex,
    # a row of dice, a seat's goals, the events...) or tables of each value's bytes. Any earlier
    # state will do: every field the vector reads is compared, nothing is assumed. One copy and
    # one new array replace writing the features one by one and converting Python floats to an
    # array, which cost more than the rest.
    players = state.n
    # The view's "to_move": None once over, CHANCE at a chance node, else the decider.
    to_move = -1 if state.over or state.phase in CHANCE_PHASES else state.decider
    # The terrain stays the same object for a whole game once dealt: games played in turn
    # (a vector environment's) each keep their own last state.
    seat = (players, player, id(state.terrain))
    try:
        seen = _SEEN.get(seat)
        if seen is not None and seen[0].terrain == state.terrain:
            made = _changed(seen, state, player, to_move)
        else:
            made = _whole(state, player, to_move)
    except TypeError:  # a working copy's lists (unhashable): their tuples
        _SEEN.pop(seat, None)  # its bytes may be half rewritten
        if isinstance(state, _Frozen):
            raise
        return from_state(_Frozen(state), player)  # type: ignore[arg-type]
    out, on_board, built = made
    # The bytes kept are rewritten in place by the next call for this seat (through the
    # bytearray, which the array kept beside them views): the caller's array is a copy.
    if seen is not None and out is seen[1]:
        array = seen[2]
    else:
        array = np.frombuffer(out, dtype=np.float32)
        if len(_SEEN) >= _SEEN_SIZE and seat not in _SEEN:
            _SEEN.clear()
    _SEEN[seat] = (state, out, array, on_board, built, to_move)
    return array.copy()


#: The last state observed by each seat of each game: (state, its observation's bytes, each
#: seat's members on the board, villages built, the seat to move), by (players, seat, the id
#: of the game's terrain); emptied when full (games end, and the setup deals the terrain).
_SEEN: dict[tuple[int, int, int], tuple[Any, bytearray, Planes, tuple[int, ...],
                                       tuple[int, ...], int]] = {}
_SEEN_SIZE = 256

_HEX_WIDTH = len(HEX_FEATURES)
_SEAT_WIDTH = len(SEAT_FEATURES)
#: Where things lie in the bytes (4 a feature): a hex's row, a seat slot's row and its values
#: (resources, score, supply, villages, goals in progress, completed, to move), a row of dice,
#: the hand, the turn, a seat slot's goals, the tiles to powers, the events, the volcano.
_HEX_ROW = 4 * _HEX_WIDTH
_SEAT_AT = tuple(4 * (_SEAT_BASE + k * _SEAT_WIDTH) for k in range(SEATS))
_RES_AT, _SCORE_AT, _SUPPLY_AT, _BUILT_AT, _PROGRESS_AT, _DONE_AT, _MOVE_AT = (
    4 * SEAT_FEATURES.index(name)
    for name in (data.RESOURCE_NAMES[0], "score", "supply", "villages", "in progress",
                 "completed", "to move"))
_DICE_AT = tuple(4 * (_ROW_BASE + 3 * r) for r in range(len(data.ACTION_NAMES)))
_HAND_BYTES = slice(4 * _HAND_BASE, 4 * _PHASE_BASE)
_TURN_BYTES = slice(4 * _PHASE_BASE, 4 * _TILE_BASE)
_GOALS_AT = tuple(4 * (_GOAL_BASE + k * _GOALS) for k in range(SEATS))
_COMPLETED_AT = tuple(4 * (_DONE_BASE + k * _GOALS) for k in range(SEATS))
_SETUP_BYTES = slice(4 * _TILE_BASE, 4 * _GOAL_BASE)
_EVENT_BYTES = slice(4 * _EVENT_BASE, 4 * _VOLCANO_BASE)
_VOLCANO_BYTES = slice(4 * _VOLCANO_BASE, 4 * _HOLD_BASE)
_HOLD_WIDTH = len(HOLDING_FEATURES)
_HOLD_AT = tuple(4 * (_HOLD_BASE + k * _HOLD_WIDTH) for k in range(SEATS))
_PILE_BYTES = slice(4 * _PILE_BASE, 4 * _PILE_END)


def _whole(state: State, player: int, to_move: int
           ) -> tuple[bytearray, tuple[int, ...], tuple[int, ...]]:
    """Return the observation's bytes, each seat's members on the board and villages built."""
    players = state.n
    slots = range(player, player + players)  # seat slot k: seat (player + k) % players
    on_board, built = _on_board(state)
    absent = _ABSENT_GOALS[players]
    return bytearray(b"".join((
        *(_hex_row(state, player, h) for h in range(len(data.MAPS[players]))),
        _OFF_MAP[players],
        *(_seat_row(state, seat % players, on_board, built, to_move) for seat in slots),
        _ABSENT_SEATS[players],
        *map(_dice_row, state.rows), _hand(state.hand),
        _TURN[state.phase][min(state.rnd + 1, ROUND_SCALE)][bool(state.over)],
        _setup(state, player),
        *(_goal_row(state.progress[seat % players]) for seat in slots), absent,
        *(_goal_row(state.completed[seat % players]) for seat in slots), absent,
        _events(state.slots, state.tokens),
        _VOLCANO[state.volcano + 1],
        *(_holding_row(state, seat % players) for seat in slots), _ABSENT_HOLDINGS[players],
        _piles(state.ev_deck, state.ev_discard),
        _OBSERVER[player],
    ))), on_board, built


def _changed(seen: tuple[Any, bytearray, Planes, tuple[int, ...], tuple[int, ...], int],
             state: State, player: int, to_move: int
             ) -> tuple[bytearray, tuple[int, ...], tuple[int, ...]]:
    """Return :func:`_whole` from an earlier state's (its terrain the same): its bytes, with
    the features whose fields differ written again in place. The rules share every container
    an action leaves alone (the same object): ``is`` answers most comparisons at once."""
    before, out, _, on_board, built, moved = seen
    players = state.n
    seats = range(players)
    pop, villages = state.pop, state.villages
    if pop is not before.pop:
        earlier = before.pop
        now_list = [*on_board]  # moved by the hexes that changed (one or two, most steps)
        for h in compress(range(len(pop)), map(ne, pop, earlier)):
            out[_HEX_ROW * h: _HEX_ROW * (h + 1)] = _hex_row(state, player, h)
            for seat, (count, was) in enumerate(zip(pop[h], earlier[h], strict=True)):
                now_list[seat] += count - was
        now = tuple(now_list)
        if now != on_board:
            values = _BYTES[SUPPLY_SCALE]
            for seat in compress(seats, map(ne, now, on_board)):
                at = _SEAT_AT[(seat - player) % players] + _SUPPLY_AT
                out[at: at + 4] = values[min(data.MEMBERS - now[seat], SUPPLY_SCALE)]
            on_board = now
    if villages is not before.villages:
        for h in compress(range(len(villages)), map(ne, villages, before.villages)):
            out[_HEX_ROW * h: _HEX_ROW * (h + 1)] = _hex_row(state, player, h)
        now = tuple(map(villages.count, seats))
        if now != built:
            values = _BYTES[VILLAGE_SCALE]
            for seat in compress(seats, map(ne, now, built)):
                at = _SEAT_AT[(seat - player) % players] + _BUILT_AT
                out[at: at + 4] = values[min(now[seat], VILLAGE_SCALE)]
            built = now
    # Invaders, the mammoth and the tiger: the hexes they left and the hexes they are on.
    if (state.inv_hex != before.inv_hex or state.inv != before.inv
            or state.mammoth != before.mammoth or state.tiger != before.tiger):
        for h in {state.inv_hex, before.inv_hex, state.mammoth, before.mammoth, state.tiger,
                  before.tiger}:
            if h >= 0:
                out[_HEX_ROW * h: _HEX_ROW * (h + 1)] = _hex_row(state, player, h)
    res = state.res
    if res is not before.res:
        values = _BYTES[RESOURCE_SCALE]
        for seat in compress(seats, map(ne, res, before.res)):
            wood, food, stone = res[seat]
            at = _SEAT_AT[(seat - player) % players] + _RES_AT
            out[at: at + 12] = (values[min(wood, RESOURCE_SCALE)]
                                + values[min(food, RESOURCE_SCALE)]
                                + values[min(stone, RESOURCE_SCALE)])
    score = state.score
    if score is not before.score:
        values = _BYTES[SCORE_SCALE]
        for seat in compress(seats, map(ne, score, before.score)):
            at = _SEAT_AT[(seat - player) % players] + _SCORE_AT
            out[at: at + 4] = values[min(score[seat], SCORE_SCALE)]
    if state.progress is not before.progress:
        _cards(out, state.progress, before.progress, player, IN_PROGRESS_SCALE, _PROGRESS_AT,
               _GOALS_AT)
    if state.completed is not before.completed:
        _cards(out, state.completed, before.completed, player, COMPLETED_SCALE, _DONE_AT,
               _COMPLETED_AT)
    if to_move != moved:
        for seat, value in ((moved, _ZERO), (to_move, _ONE)):
            if seat >= 0:
                at = _SEAT_AT[(seat - player) % players] + _MOVE_AT
                out[at: at + 4] = value
    rows = state.rows
    if rows is not before.rows:
        for r in compress(range(len(_DICE_AT)), map(ne, rows, before.rows)):
            at = _DICE_AT[r]
            out[at: at + 12] = _dice_row(rows[r])
    if state.hand is not before.hand and state.hand != before.hand:
        out[_HAND_BYTES] = _hand(state.hand)
    if state.phase != before.phase or state.rnd != before.rnd or state.over != before.over:
        out[_TURN_BYTES] = _TURN[state.phase][min(state.rnd + 1, ROUND_SCALE)][bool(state.over)]
    if ((state.special is not before.special and state.special != before.special)
            or (state.elder_at is not before.elder_at and state.elder_at != before.elder_at)
            or (state.tribe is not before.tribe and state.tribe != before.tribe)
            or state.leaders != before.leaders):
        out[_SETUP_BYTES] = _setup(state, player)
    if ((state.slots is not before.slots and state.slots != before.slots)
            or (state.tokens is not before.tokens and state.tokens != before.tokens)):
        out[_EVENT_BYTES] = _events(state.slots, state.tokens)
    if state.volcano != before.volcano:
        out[_VOLCANO_BYTES] = _VOLCANO[state.volcano + 1]
    if (state.decks is not before.decks or state.acquired is not before.acquired
            or state.tamed is not before.tamed or state.bottoms is not before.bottoms
            or state.tribe is not before.tribe):
        tribe, acquired, tamed, decks, bottoms = (
            state.tribe, state.acquired, state.tamed, state.decks, state.bottoms)
        for seat in seats:
            if (tribe[seat] != before.tribe[seat] or acquired[seat] != before.acquired[seat]
                    or tamed[seat] != before.tamed[seat] or decks[seat] != before.decks[seat]
                    or bottoms[seat] != before.bottoms[seat]):
                at = _HOLD_AT[(seat - player) % players]
                out[at: at + 4 * _HOLD_WIDTH] = _holding_row(state, seat)
    if ((state.ev_deck is not before.ev_deck and state.ev_deck != before.ev_deck)
            or (state.ev_discard is not before.ev_discard
                and state.ev_discard != before.ev_discard)):
        out[_PILE_BYTES] = _piles(state.ev_deck, state.ev_discard)
    return out, on_board, built


def _cards(out: bytearray, cards: tuple[tuple[int, ...], ...],
           earlier: tuple[tuple[int, ...], ...], player: int, scale: int, count_at: int,
           goals_at: tuple[int, ...]) -> None:
    """Write again the goal cards (in progress, or completed) of the seats whose cards
    differ: their count and their row."""
    players = len(cards)
    values = _BYTES[scale]
    for seat in compress(range(players), map(ne, cards, earlier)):
        k = (seat - player) % players
        at = _SEAT_AT[k] + count_at
        out[at: at + 4] = values[min(len(cards[seat]), scale)]
        at = goals_at[k]
        out[at: at + 4 * _GOALS] = _goal_row(cards[seat])


class _Pieces(dict[Any, bytes]):
    """Pieces of the vector by their key, emptied when full (a game's pieces are seldom met
    again in another game's, and a few thousand hold those of the games in play)."""

    SIZE = 4096

    def put(self, key: Any, value: bytes) -> bytes:
        if len(self) >= self.SIZE:
            self.clear()
        self[key] = value
        return value


def _floats(values: list[float]) -> bytes:
    """Return float32 bytes of values (rounded as NumPy's float32 conversion rounds them)."""
    return struct.pack(f"{len(values)}f", *values)


_HEX_ROWS = _Pieces()  # one hex's features
_DICE = _Pieces()  # a row's dice
_HANDS = _Pieces()  # the hand's dice
_SETUP = _Pieces()  # the tiles, elders and powers
#: A seat's goals in progress, or completed, by the set of cards (bit ``card``): 2^15 at most.
_GOAL_ROWS: list[bytes | None] = [None] * (1 << len(data.GOAL_IDS))
_EVENTS = _Pieces()  # the event slots and their tokens
_HOLDINGS = _Pieces()  # a seat's tribe, acquired events, tamed mammoth and goal deck
_PILES = _Pieces()  # the event deck and discard

#: Zeros for the hexes off the map, the seats and goals of absent seats, by player count.
_OFF_MAP = {players: bytes(4 * _HEX_WIDTH * (len(HEX_NAMES) - len(hexes)))
            for players, hexes in data.MAPS.items()}
_ABSENT_SEATS = {players: bytes(4 * _SEAT_WIDTH * (SEATS - players)) for players in data.MAPS}
_ABSENT_GOALS = {players: bytes(4 * _GOALS * (SEATS - players)) for players in data.MAPS}
_ABSENT_HOLDINGS = {players: bytes(4 * _HOLD_WIDTH * (SEATS - players)) for players in data.MAPS}
_ONE, _ZERO = _floats([1.0]), _floats([0.0])
#: The observer's seat, one-hot (the last features), by seat.
_OBSERVER = tuple(b"".join(_ONE if k == player else _ZERO for k in range(SEATS))
                  for player in range(SEATS))
#: A count's bytes over each scale of the seats, by count (up to the scale: capped).
_BYTES = {
    scale: tuple(_floats([_capped(count, scale)]) for count in range(scale + 1))
    for scale in (RESOURCE_SCALE, SCORE_SCALE, SUPPLY_SCALE, VILLAGE_SCALE, IN_PROGRESS_SCALE,
                  COMPLETED_SCALE)
}


def _on_board(state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return each seat's members on the board (in one pass: ``state.supply`` sums the board
    per seat) and villages built."""
    return (tuple(map(sum, zip(*state.pop, strict=True))),
            tuple(map(state.villages.count, range(state.n))))


def _hex_row(state: State, player: int, h: int) -> bytes:
    """Return the bytes of a hex of the map."""
    # Invaders, the mammoth and the tiger each stand on one hex at most (or none: -1).
    key = (state.terrain[h], state.pop[h], state.villages[h],
           state.inv if h == state.inv_hex else 0, h == state.mammoth, h == state.tiger, player)
    found = _HEX_ROWS.get(key)
    return _HEX_ROWS.put(key, _new_hex_row(*key)) if found is None else found


def _new_hex_row(terrain: int, members: tuple[int, ...], village: int, invaders: int,
                 mammoth: bool, tiger: bool, player: int) -> bytes:
    players = len(members)
    out = [0.0] * _HEX_WIDTH
    out[0] = 1.0
    if terrain >= 0:
        out[1 + terrain] = 1.0
    for seat, count in enumerate(members):
        out[4 + (seat - player) % players] = _capped(count, MEMBER_SCALE)
    if village >= 0:
        out[8 + (village - player) % players] = 1.0
    out[12] = _capped(invaders, INVADER_SCALE)
    out[13] = float(mammoth)
    out[14] = float(tiger)
    return _floats(out)


def _seat_row(state: State, seat: int, on_board: tuple[int, ...], built: tuple[int, ...],
              to_move: int) -> bytes:
    """Return the bytes of a seat at the table, from each value's bytes (a seat's counts seldom
    come back together: seats kept whole by their counts were nearly always missing)."""
    wood, food, stone = state.res[seat]
    resource = _BYTES[RESOURCE_SCALE]
    return b"".join((
        _ONE,
        resource[min(wood, RESOURCE_SCALE)],
        resource[min(food, RESOURCE_SCALE)],
        resource[min(stone, RESOURCE_SCALE)],
        _BYTES[SCORE_SCALE][min(state.score[seat], SCORE_SCALE)],
        _BYTES[SUPPLY_SCALE][min(data.MEMBERS - on_board[seat], SUPPLY_SCALE)],
        _BYTES[VILLAGE_SCALE][min(built[seat], VILLAGE_SCALE)],
        _BYTES[IN_PROGRESS_SCALE][min(len(state.progress[seat]), IN_PROGRESS_SCALE)],
        _BYTES[COMPLETED_SCALE][min(len(state.completed[seat]), COMPLETED_SCALE)],
        _ONE if seat == to_move else _ZERO,
    ))


def _dice_row(faces: tuple[int, ...]) -> bytes:
    """Return the bytes of a row's dice: each face's count over the row's scale."""
    found = _DICE.get(faces)
    return _DICE.put(faces, _dice(faces, ROW_SCALE)) if found is None else found


def _hand(faces: tuple[int, ...]) -> bytes:
    """Return the bytes of the hand's dice: each face's count over the hand's scale."""
    found = _HANDS.get(faces)
    return _HANDS.put(faces, _dice(faces, HAND_SCALE)) if found is None else found


def _dice(faces: tuple[int, ...], scale: int) -> bytes:
    return _floats([_capped(faces.count(face), scale) for face in range(len(data.FACE_NAMES))])


def _turn(phase: int, rnd: int, over: bool) -> bytes:
    """Return the bytes of the phase, the round (already capped) and the end."""
    out = [0.0] * (_TILE_BASE - _PHASE_BASE)
    out[phase] = 1.0
    out[_ROUND - _PHASE_BASE] = _capped(rnd, ROUND_SCALE)
    out[_OVER - _PHASE_BASE] = float(over)
    return _floats(out)


#: The phase, round and end blocks, all of them: [phase][capped round][over].
_TURN = tuple(
    tuple((_turn(phase, rnd, False), _turn(phase, rnd, True)) for rnd in range(ROUND_SCALE + 1))
    for phase in range(len(PHASES))
)
#: The volcano block by slot + 1 (0: no volcano yet).
_VOLCANO = (bytes(4 * VOLCANO_SLOTS), *(
    _floats([float(v == slot) for v in range(VOLCANO_SLOTS)]) for slot in range(VOLCANO_SLOTS)
))


def _setup(state: State, player: int) -> bytes:
    """Return the bytes of the scenario tiles, the elders and the leader powers."""
    key = (state.special, state.elder_at, state.tribe, state.leaders, player)
    found = _SETUP.get(key)
    return _SETUP.put(key, _new_setup(state, player)) if found is None else found


def _goal_row(cards: tuple[int, ...]) -> bytes:
    """Return the bytes of a seat's goal cards (in progress, or completed): one per goal."""
    # Kept by the set of cards (a bit each), for good: kept by the cards in the order drawn,
    # they filled the pieces every few games, and a tenth of the steps built a row again.
    mask = 0
    for card in cards:
        mask |= 1 << card
    found = _GOAL_ROWS[mask]
    if found is None:
        out = [0.0] * _GOALS
        for card in cards:
            out[card] = 1.0
        found = _GOAL_ROWS[mask] = _floats(out)
    return found


def _events(slots: tuple[int, ...], tokens: tuple[tuple[int, ...], ...]) -> bytes:
    """Return the bytes of the event slots and the resource tokens on their cards."""
    key = (slots, tokens)
    found = _EVENTS.get(key)
    if found is None:
        events = len(data.EVENT_IDS)
        out = [0.0] * (_VOLCANO_BASE - _EVENT_BASE)
        for i, event in enumerate(slots):
            if event >= 0:
                out[i * events + event] = 1.0
            at = _TOKEN_BASE - _EVENT_BASE + i * 3
            out[at: at + 3] = (_capped(count, TOKEN_SCALE) for count in tokens[i])
        found = _EVENTS.put(key, _floats(out))
    return found


def _new_setup(state: State, player: int) -> bytes:
    """Return the bytes of the scenario tiles, the elders and the leader powers."""
    players = state.n
    out = [0.0] * (_GOAL_BASE - _TILE_BASE)
    tiles = len(TILE_IDS)
    for h, tile in enumerate(state.special):
        if tile > 0:
            out[h * tiles + tile - 1] = 1.0
    tribes = state.tribe
    for seat in range(players):
        k = (seat - player) % players
        h = state.elder_at[seat]
        if h >= 0:
            out[_ELDER_BASE - _TILE_BASE + h * SEATS + k] = 1.0
        tribe = tribes[seat]
        if tribe >= 0 and state.leaders:
            for power in (2 * tribe, 2 * tribe + 1):
                if Reader.has_power(state, seat, power):
                    out[_POWER_BASE - _TILE_BASE + k * _POWERS + power] = 1.0
    return _floats(out)


def _holding_row(state: State, seat: int) -> bytes:
    """Return the bytes of a seat's tribe, acquired events, tamed mammoth and goal deck."""
    key = (state.tribe[seat], state.acquired[seat], state.tamed[seat], state.decks[seat],
           state.bottoms[seat])
    found = _HOLDINGS.get(key)
    return _HOLDINGS.put(key, _new_holding_row(*key)) if found is None else found


def _new_holding_row(tribe: int, acquired: tuple[int, ...], tamed: int, deck: tuple[int, ...],
                     bottom: tuple[int, ...]) -> bytes:
    out = [0.0] * _HOLD_WIDTH
    if tribe >= 0:
        out[tribe] = 1.0
    for event in acquired:
        out[_ACQUIRED_AT + ACQUIRABLE.index(event)] = 1.0
    out[_TAMED_AT] = float(bool(tamed))
    out[_DECK_SIZE_AT] = _capped(len(deck) + len(bottom), GOAL_DECK_SCALE)
    for card in deck:  # a card's copies over CARD_SCALE (1), capped: 1 for any
        out[_UNSEEN_AT + card] = 1.0
    for place, card in enumerate(bottom):
        out[_UNDER_AT + card] = _under(place)
    return _floats(out)


def _piles(deck: tuple[int, ...], discard: tuple[int, ...]) -> bytes:
    """Return the bytes of the event deck's unseen cards, the discard and the deck's size."""
    key = (deck, discard)
    found = _PILES.get(key)
    if found is None:
        out = [0.0] * (_PILE_END - _PILE_BASE)
        for card in deck:  # a card's copies over CARD_SCALE (1), capped: 1 for any
            out[card] = 1.0
        for card in discard:
            out[_EVENT_COUNT + card] = 1.0
        out[2 * _EVENT_COUNT] = _capped(len(deck), EVENT_DECK_SCALE)
        found = _PILES.put(key, _floats(out))
    return found


class _Frozen:
    """The fields :func:`from_state` reads, as tuples, from a working copy's lists."""

    def __init__(self, state: Any) -> None:
        for name in ("n", "over", "phase", "decider", "inv_hex", "inv", "mammoth", "tiger",
                     "rnd", "leaders", "volcano"):
            setattr(self, name, getattr(state, name))
        for name in ("terrain", "villages", "score", "hand", "special", "elder_at", "tribe",
                     "slots", "tamed", "ev_deck", "ev_discard"):
            setattr(self, name, tuple(getattr(state, name)))
        for name in ("pop", "res", "progress", "completed", "rows", "tokens", "acquired",
                     "decks", "bottoms"):
            setattr(self, name, tuple(map(tuple, getattr(state, name))))


assert len(data.FACE_NAMES) == 3  # noqa: S101 - the rows and hand are written three at a time
assert CARD_SCALE == 1  # noqa: S101 - a card in a deck or the discard is written 1, not counted
