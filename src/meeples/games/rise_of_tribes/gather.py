"""The GATHER action (§2.5, §4.1, R8): hexes and resources, the volcano's stone, scenario tiles,
Plentiful cards, then the Agriculture, tamed-mammoth, Basketry and Trader bonuses.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.grammar import Basket, Gather, Keep, Stop, Trade, text, texts
from meeples.games.rise_of_tribes.state import PH, Flag, State
from meeples.games.rise_of_tribes.work import Work, put

STOP, KEEP = text(Stop()), text(Keep())
#: The texts of the typed actions these generators list, by field values (grammar.texts:
#: a subscript, where building each action and asking its text cost ten times more).
BASKET = texts(Basket)
TRADE = texts(Trade)


# --- GATHER (§2.5, R8) ----------------------------------------------------------------------------

def gather_kinds(s: State, h: int) -> tuple[int, ...]:
    """Return the resource types a hex may produce (Wild Land: any; near the volcano: stone)."""
    if s.special[h] == data.WILD_LAND:
        return (data.WOOD, data.FOOD, data.STONE)
    kind = s.terrain[h]
    if s.volcano >= 0 and kind != data.STONE and h in data.VOLCANO_ADJACENT[s.n][s.volcano]:
        return (kind, data.STONE)
    return (kind,)


def gather_hexes(s: State, p: int) -> list[int]:
    queue, inv_hex, inv = s.queue, s.inv_hex, s.inv  # invaders_at(h) == 0, inlined
    return [h for h, row in enumerate(s.pop) if row[p] and h not in queue
            and (h != inv_hex or not inv)]


def has_gather_hex(s: State) -> bool:
    return s.left > 0 and bool(gather_hexes(s, s.active))


#: The gathers of a hex, memoized by hex, kinds it may produce, power and Wild Land.
_GATHERS: dict[tuple[object, ...], tuple[str, ...]] = {}


def _gathers(h: int, kinds: tuple[int, ...], power: int, wild: bool) -> tuple[str, ...]:
    key = (h, kinds, power, wild)
    texts = _GATHERS.get(key)
    if texts is None:
        texts = _GATHERS[key] = tuple(
            text(Gather(h, combo))
            for combo in combinations_with_replacement(kinds, power)
            if wild or len(set(combo)) <= 2)
    return texts


def legal_gather(s: State) -> list[str]:
    if s.left <= 0:
        return []
    hexes = gather_hexes(s, s.active)
    if not hexes:
        return []
    out: list[str] = []
    for h in hexes:
        out += _gathers(h, gather_kinds(s, h), s.power, s.special[h] == data.WILD_LAND)
    return out + [STOP]


def apply_gather(w: Work, action: Gather | Stop) -> None:
    if type(action) is not Gather:
        finish_gather(w)
        return
    p = w.active
    h, taken = action
    for r in taken:
        w.gain(p, r)
        w.pend[1] |= 1 << r
    w.pend[0] += len(taken)
    w.queue.append(h)
    w.left -= 1
    if w.special[h] in (data.GREAT_LAKE, data.GREAT_FOREST, data.GREAT_MOUNTAIN):
        w.gain(p, w.terrain[h], data.GREAT_BONUS)
        w.pend[0] += data.GREAT_BONUS
    if w.has_power(p, data.SHARED_BOUNTY) and w.rivals(h, p):
        w.gain(p, taken[0])
    if w.counts_as(h, data.FOOD):
        w.pend[2] = 1
    for event, kind in data.PLENTIFUL.items() if not _PLENTIFUL.isdisjoint(w.slots) else ():
        slot = w.slot_of(event)
        if slot >= 0 and w.counts_as(h, kind):  # bonus per hex of that type (§2.6)
            bonus = min(data.PLENTIFUL_BONUS, w.tokens[slot][kind])
            w.gain(p, kind, bonus)
            w.tokens[slot][kind] -= bonus
            if w.tokens[slot][kind] <= 0:
                w.discard_slot(slot)
    if not has_gather_hex(w):  # type: ignore[arg-type]
        finish_gather(w)


#: The Plentiful events (most gathers meet none of them in the slots).
_PLENTIFUL = frozenset(data.PLENTIFUL)


def finish_gather(w: Work) -> None:
    """After the hexes: Agriculture, tamed mammoth, then the Basketry and Trader choices."""
    p = w.active
    if w.pend[2]:
        if w.has_power(p, data.AGRICULTURE):
            w.gain(p, data.FOOD)
        if w.peek("tamed")[p]:
            w.gain(p, data.FOOD)
    w.queue = []
    if w.pend[1] and w.has_dev(p, data.BASKETRY):
        w.queue.append(1)
    if w.pend[1] and w.has_power(p, data.TRADER):
        w.queue.append(2)
    next_bonus(w)


def next_bonus(w: Work) -> None:
    while w.queue:
        if legal_bonus(w):  # type: ignore[arg-type]
            w.phase = PH.BONUS
            return
        w.queue.pop(0)
    if w.pend[0] >= data.GATHER6_AMOUNT:
        w.flags = put(w.flags, Flag.GATHER6, 1)
    rules.finish_action(w)


def legal_bonus(s: State) -> list[str]:
    kinds = [r for r in range(3) if s.pend[1] >> r & 1]
    if s.queue[0] == 1:
        return [BASKET[r] for r in kinds]
    p = s.active
    return [KEEP] + [TRADE[a, b] for a in kinds if s.res[p][a]
                     for b in range(3) if b != a]


def apply_bonus(w: Work, action: Basket | Trade | Keep) -> None:
    p = w.active
    if type(action) is Basket:
        w.gain(p, action.resource)
        w.pend[0] += 1  # R8: Basketry counts toward Gather 6 Resources
    elif type(action) is Trade:
        w.res[p][action.give] -= 1
        w.gain(p, action.take)
    w.queue.pop(0)
    next_bonus(w)
