"""Step 5 of the turn (§2.8, §2.9, R10): goals, villages, event purchases, the Altar, Shared
Knowledge, and the "any time in your turn" abilities (Pottery, Tribal Elders, R5).
"""

from __future__ import annotations

from typing import NamedTuple

from meeples.games.rise_of_tribes import actions, data, rules
from meeples.games.rise_of_tribes.grammar import (
    Altar,
    Buy,
    Done,
    Elder,
    Goal,
    Pottery,
    Share,
    Village,
    text,
    texts,
)
from meeples.games.rise_of_tribes.state import PH, Flag, State
from meeples.games.rise_of_tribes.work import Work, put

GOAL = data.GOAL_IDS
GOAL_TEXT = tuple(text(Goal(card)) for card in range(len(GOAL)))
DONE = text(Done())
#: The texts of the typed actions these generators list, by field values (grammar.texts:
#: a subscript, where building each action and asking its text cost ten times more).
BUY = texts(Buy)
ALTAR = texts(Altar)
SHARE = texts(Share)
VILLAGE = texts(Village)
POTTERY = texts(Pottery)
ELDER = texts(Elder)
_DEVELOPMENTS = len(data.DEVELOPMENTS)


# --- hex status (§2.8) ----------------------------------------------------------------------------

class Standing(NamedTuple):
    """What the achievements look at on the map for one player (one pass over the hexes)."""

    majority: list[int]  # hexes where p outnumbers all opponents together (invaders count, R4)
    occupied: int  # hexes holding members of p
    lakes: int  # controlled hexes (no opponent, no invader) counting as lakes
    members: int  # members of p on the map


def standing(s: State, p: int) -> Standing:
    """Return p's standing on the map for the achievement checks."""
    inv_hex, inv = s.inv_hex, s.inv
    terrain, special = s.terrain, s.special
    majority: list[int] = []
    occupied = lakes = members = 0
    for h, row in enumerate(s.pop):
        mine = row[p]
        if mine:
            others = sum(row) - mine  # others(h, p), inlined
            if h == inv_hex:
                others += inv
            occupied += 1
            members += mine
            if mine > others:
                majority.append(h)
            if not others and (terrain[h] == _FOOD or special[h] == _WILD_LAND):
                lakes += 1
    # tuple.__new__: a NamedTuple's own constructor is a Python function (legal_goals calls
    # this at most of a game's steps 5)
    return _new_tuple(Standing, (majority, occupied, lakes, members))


_new_tuple = tuple.__new__
_FOOD, _WILD_LAND = data.FOOD, data.WILD_LAND


#: Largest group sizes by player count and hex set: connectivity depends on the map alone.
_GROUPS: dict[tuple[int, tuple[int, ...]], int] = {}


def largest_group(n: int, hexes: list[int]) -> int:
    """Return the size of the largest connected group among hexes of the map for n players."""
    key = (n, tuple(hexes))
    best = _GROUPS.get(key)
    if best is None:
        adj = data.ADJACENT[n]
        left, best = set(hexes), 0
        while left:
            stack = [left.pop()]
            size = 0
            while stack:
                a = stack.pop()
                size += 1
                for b in adj[a]:
                    if b in left:
                        left.remove(b)
                        stack.append(b)
            best = max(best, size)
        _GROUPS[key] = best  # at most 2^15 hex sets per map
    return best


def has_all_types(s: State, hexes: list[int]) -> bool:
    """R8: one distinct hex for each of lake, forest, mountain (Wild Land counts as one).

    A hex other than Wild Land counts as its own type only, Wild Land as any: the distinct hexes
    exist exactly when the types found outside Wild Land plus the Wild Land hexes reach three.
    """
    kinds, wild = set(), 0
    for h in hexes:
        if s.special[h] == data.WILD_LAND:
            wild += 1
        else:
            kinds.add(s.terrain[h])
    return len(kinds) + wild >= 3


def condition_met(s: State, p: int, card: int, stand: Standing | None = None) -> bool:
    """Return whether an achievement's condition holds now for p (Q15); ``stand`` is p's
    standing when the caller has it already."""
    if card == _GATHER6:
        return bool(s.flags[Flag.GATHER6])
    if card == _SETTLERS:
        return s.villages.count(p) >= data.SETTLERS_VILLAGES
    if card == _RAID:
        return bool(s.flags[Flag.RAID])
    if stand is None:
        stand = standing(s, p)
    if card == _NEIGHBOURS:
        return largest_group(s.n, stand.majority) >= data.NEIGHBOURS_GROUP
    if card == _WATERS:
        return stand.lakes >= data.WATERS_LAKES
    if card == _MASTERS:
        return has_all_types(s, stand.majority)
    if card == _EXPANSION:
        return stand.occupied >= data.EXPANSION_HEXES
    return stand.members >= data.GREAT_TRIBE_MEMBERS


#: The achievements as module constants (a read of ``data.X`` costs an attribute lookup more).
(_GATHER6, _NEIGHBOURS, _WATERS, _MASTERS, _EXPANSION, _SETTLERS, _RAID) = (
    data.GATHER6, data.NEIGHBOURS, data.WATERS, data.MASTERS, data.EXPANSION, data.SETTLERS,
    data.RAID)


def village_cost(s: State, p: int) -> tuple[int, ...]:
    return data.VILLAGE_COST[s.tribe[p]]


# --- step 5 ---------------------------------------------------------------------------------------

#: PH.GOALS read once (a read through the enum class is slow in Python 3.11: rules.ACT).
GOALS = PH.GOALS


def start_goals(w: Work) -> None:
    w.phase, w.decider, w.pend, w.queue = GOALS, w.active, [], []


def legal_goals(s: State) -> list[str]:
    p = s.active
    progress = s.progress[p]
    res = s.res[p]
    out = []
    if progress:
        cards = sorted(set(progress)) if len(progress) > 1 else progress
        # The map is looked at once for every achievement in progress (cards are sorted).
        stand = standing(s, p) if cards[-1] >= _DEVELOPMENTS else None
        wood, food, stone = res
        for card in cards:
            if card < _DEVELOPMENTS:  # a development: its cost, paid in resources
                cost = _DEV_COST[card]
                if wood >= cost[0] and food >= cost[1] and stone >= cost[2]:
                    out.append(GOAL_TEXT[card])
            elif condition_met(s, p, card, stand):
                out.append(GOAL_TEXT[card])
    out += legal_villages(s, p)
    slots = s.slots
    if _ALTAR in slots or _CANOE in slots or _WALLS in slots:
        for slot, event in enumerate(slots):
            if event in _ACQUIRE:
                kind = _ACQUIRE[event]
                if res[kind] >= data.ACQUIRE_BASE - s.tokens[slot][kind]:
                    out.append(BUY[event])
    if _ALTAR in s.acquired[p] and not s.flags[Flag.ALTAR]:
        pays = [_SAME[r] for r in range(3) if res[r] >= data.ALTAR_SAME]
        if all(res):
            pays.append(_EACH)
        out += [ALTAR[h, pay] for h in range(len(s.pop)) if s.pop[h][p] for pay in pays]
    if _SHARED in slots and not s.flags[Flag.SHARED] and (s.decks[p] or s.bottoms[p]) \
            and shares_hex(s, p):
        out += [SHARE[r] for r in range(3) if res[r]]
    return out + legal_anytime(s) + [DONE]


#: An altar's payments (§4.5): four of one resource, or one of each.
_SAME = tuple((r,) * data.ALTAR_SAME for r in range(3))
_EACH = (data.WOOD, data.FOOD, data.STONE)


_DEV_COST = data.DEV_COST
_ACQUIRE = data.ACQUIRE
_ALTAR, _CANOE, _WALLS, _SHARED, _POTTERY = (data.ALTAR, data.CANOE, data.WALLS, data.SHARED,
                                             data.POTTERY)


def shares_hex(s: State, p: int) -> bool:
    return any(row[p] and sum(row) > row[p] for row in s.pop)


def legal_villages(s: State, p: int) -> list[str]:
    # The costs first: they rule out most turns before any hex is looked at.
    cost = village_cost(s, p)
    res = s.res[p]
    # (discount, elder): Crafty Builders' resource fewer, the elder placed on the village
    variants: list[tuple[int | None, bool]] = []
    if s.has_power(p, data.CRAFTY_BUILDERS):  # one resource fewer, of your choice
        for r in range(3):
            if cost[r] and all(res[k] >= cost[k] - (k == r) for k in range(3)):
                variants.append((r, False))
    elif res[0] >= cost[0] and res[1] >= cost[1] and res[2] >= cost[2]:
        variants.append((None, False))
    if not variants or s.villages_left() <= 0:
        return []
    if s.elders_on and s.elder_at[p] < 0:
        variants += [(discount, True) for discount, _ in variants]
    return [VILLAGE[h, discount, elder] for h in range(len(s.pop)) if s.pop[h][p]
            and s.villages[h] < 0 and not s.invaders_at(h) for discount, elder in variants]


def apply_goals(w: Work, action: Done | Goal | Village | Buy | Altar | Share | Pottery | Elder
                ) -> None:
    p = w.active
    if isinstance(action, Done):
        rules.end_turn(w)
    elif isinstance(action, Goal):
        card = action.goal
        w.progress[p].remove(card)
        w.completed[p].append(card)
        if card < len(data.DEVELOPMENTS):
            for r in range(3):
                w.res[p][r] -= data.DEV_COST[card][r]
            w.gain_vp(p, data.DEVELOPMENT_VP, data.VP_DEVELOPMENTS)
        else:
            w.gain_vp(p, data.ACHIEVEMENT_VP[card - len(data.DEVELOPMENTS)],
                      data.VP_ACHIEVEMENTS)
    elif isinstance(action, Village):
        h, discount, elder = action
        cost = list(village_cost(w, p))  # type: ignore[arg-type]
        if discount is not None:  # Crafty Builders
            cost[discount] -= 1
        if elder:
            w.elder_at[p] = h
        for r in range(3):
            w.res[p][r] -= cost[r]
        w.villages = put(w.villages, h, p)
    elif isinstance(action, Buy):
        event = action.event
        slot = w.slot_of(event)
        kind = data.ACQUIRE[event]
        w.res[p][kind] -= data.ACQUIRE_BASE - w.tokens[slot][kind]
        # R9: the card leaves its slot, its tokens go to the supply
        w.slots = put(w.slots, slot, -1)
        w.tokens[slot] = [0, 0, 0]
        w.acquired[p].append(event)
    elif isinstance(action, Altar):
        w.flags = put(w.flags, Flag.ALTAR, 1)
        for r in action.pay:
            w.res[p][r] -= 1
        w.remove(action.hex, p)
        w.gain_vp(p, data.ALTAR_VP, data.VP_ALTAR)
    elif isinstance(action, Share):
        w.flags = put(w.flags, Flag.SHARED, 1)
        slot = w.slot_of(data.SHARED)
        r = action.resource
        w.res[p][r] -= 1
        w.tokens[slot][r] += 1
        if sum(w.tokens[slot]) >= data.SHARED_LIMIT:
            w.discard_slot(slot)
        w.to_draw, w.drawn = 1, []
        actions.next_card(w)  # a chance node while the deck holds unseen cards
    else:
        apply_anytime(w, action)


# --- any time in your turn: Pottery, Tribal Elders ------------------------------------------------

def legal_anytime(s: State) -> list[str]:
    p = s.active
    # Neither power is at hand in most positions (asked at every die placed and every step 5)
    if not (s.elders_on or s.flags[Flag.BORROWED] or _POTTERY in s.completed[p]):
        return []
    out = []
    if s.has_dev(p, data.POTTERY) and not s.flags[Flag.POTTERY]:
        out += [POTTERY[a, b] for a in range(3) if s.res[p][a] >= 2
                for b in range(3) if b != a]
    if s.elders_on and s.elder_at[p] >= 0 and not s.flags[Flag.ELDER]:
        out += [ELDER[q, r, d] for q in range(s.n) if q != p
                for r in range(3) if s.res[p][r]
                for d in sorted(set(s.completed[q])) if d < len(data.DEVELOPMENTS)]
    return out


def apply_anytime(w: Work, action: Pottery | Elder) -> None:
    p = w.active
    if isinstance(action, Pottery):
        w.flags = put(w.flags, Flag.POTTERY, 1)
        w.res[p][action.give] -= 2
        w.gain(p, action.take)
    else:  # R5: give one resource, then use one of their developments this turn
        w.flags = put(w.flags, Flag.ELDER, 1)
        r = action.resource
        w.res[p][r] -= 1
        w.gain(action.seat, r)
        w.flags = put(w.flags, Flag.BORROWED, action.goal + 1)
