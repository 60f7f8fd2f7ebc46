"""Step 2 of the turn: doubles and events (§2.6, §3.6, §4.5, R9, Q8), the scenario hazards
(§4.7), and the decisions events ask of the players (sites, volcano losses, Abandoned Village,
the Chieftain auction).

Doubles are resolved in stages kept in ``evstep``: 0 hazards, 1-2 the "any doubles" clause of
each slot, 3 draw a new event into a free slot (a chance node, ``PH.EVENT``), 4 done. A stage
that needs a decision sets the phase and returns; the decision's handler calls
:func:`continue_double`.
"""

from __future__ import annotations

from fractions import Fraction

from meeples.core.chance import Draws
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.grammar import (
    Bid,
    Event,
    Give,
    Lose,
    Pass,
    Settle,
    Site,
    Vent,
    text,
    texts,
)
from meeples.games.rise_of_tribes.state import PH, State
from meeples.games.rise_of_tribes.work import Work, put

PASS = text(Pass())
#: The texts of the typed actions these generators list, by field values (grammar.texts:
#: a subscript, where building each action and asking its text cost ten times more).
SITE = texts(Site)
VENT = texts(Vent)
LOSE = texts(Lose)
SETTLE = texts(Settle)
BID = texts(Bid)
GIVE = texts(Give)


def resolve_double(w: Work, face: int) -> None:
    w.evface, w.evstep = face, 0
    continue_double(w)


def continue_double(w: Work) -> None:
    """Run the stages of a double until one needs a decision or all are done."""
    while w.evstep < 4:
        stage = w.evstep
        w.evstep += 1
        if stage == 0:
            for h, code in enumerate(w.special):
                if data.HAZARD_FACE.get(code) == w.evface:
                    for q in range(w.n):
                        if w.pop[h][q]:
                            w.remove(h, q)
        elif stage in (1, 2):
            if doubles_clause(w, stage - 1):
                return
        elif draw_event(w):
            return
    w.phase, w.decider, w.pend = PH.ACT, w.active, []


def doubles_clause(w: Work, slot: int) -> bool:
    """Apply the "any doubles" clause of the event in a slot; True when a decision is needed."""
    event = w.slots[slot]
    if event in data.ACQUIRE:
        kind = data.ACQUIRE[event]
        w.tokens[slot][kind] += 1
        if w.tokens[slot][kind] >= data.ACQUIRE_BASE:
            w.discard_slot(slot)
    elif event == data.DROUGHT:
        w.discard_slot(slot)
    elif event == data.INVADERS and w.inv_hex >= 0:
        w.inv = min(w.inv + 1, data.INVADERS_MAX)
    elif event == data.SABERTOOTH and w.tiger >= 0:
        others = [h for h in range(len(w.pop)) if w.counts_as(h, data.STONE) and h != w.tiger]
        return ask_site(w, data.SABERTOOTH, others)
    return False


def draw_event(w: Work) -> bool:
    """Stop at the draw of an event into a free slot (``PH.EVENT``, a chance node); True
    when there is one to draw."""
    if -1 not in w.slots:
        return False
    if not w.ev_deck:  # §4.5 (3): the discard pile is shuffled into a new deck
        w.ev_deck, w.ev_discard = sorted(w.ev_discard), []
    if not w.ev_deck:
        return False  # R9: deck and discard both empty
    w.phase, w.decider = PH.EVENT, w.active
    return True


def chance_event(s: State) -> list[tuple[str, Fraction]]:
    """The top card of the event deck: any unseen event, each equally likely (one card of
    each event, listed in order: one outcome each)."""
    p = Fraction(1, len(s.ev_deck))
    return [(EVENT_TEXT[e], p) for e in s.ev_deck]


def sample_event(s: State, rng: Draws) -> str:
    """One event of ``chance_event``, each unseen one as likely."""
    return EVENT_TEXT[s.ev_deck[rng.randrange(len(s.ev_deck))]]


def legal_event(s: State) -> list[str]:
    """The outcomes of ``chance_event`` without their probabilities (cheaper to list)."""
    return [EVENT_TEXT[e] for e in s.ev_deck]


EVENT_TEXT = tuple(text(Event(e)) for e in range(len(data.EVENT_IDS)))


def apply_event(w: Work, action: Event) -> None:
    """The event drawn comes into the free slot and arrives; then the double goes on."""
    event = action.event
    w.ev_deck.remove(event)
    slot = w.slots.index(-1)
    w.slots = put(w.slots, slot, event)
    w.tokens[slot] = [0, 0, 0]
    w.phase, w.decider = PH.ACT, w.active
    if not arrive(w, event, slot):
        continue_double(w)


def shuffle_back(w: Work, event: int) -> None:
    """Put an event back among the deck's unseen cards (its place in the deck is unknown)."""
    w.slots = put(w.slots, w.slot_of(event), -1)
    w.ev_deck = sorted([*w.ev_deck, event])


def least_populated(w: Work, hexes: list[int]) -> list[int]:
    if not hexes:
        return []
    low = min(w.total(h) for h in hexes)
    return [h for h in hexes if w.total(h) == low]


def arrive(w: Work, event: int, slot: int) -> bool:
    """Resolve the arrival of an event (§3.6); True when a decision is needed."""
    hexes = list(range(len(w.pop)))
    if event == data.DISCOVERY:
        w.tokens[slot] = list(data.DISCOVERY_TOKENS)
    elif event == data.MILD_WINTER:
        w.tokens[slot][data.FOOD] = w.n
    elif event in data.PLENTIFUL:
        w.tokens[slot][data.PLENTIFUL[event]] = data.PLENTIFUL_TOKENS
    elif event == data.INVADERS:
        return ask_site(w, event, least_populated(w, hexes))
    elif event == data.MAMMOTH:
        lakes = [h for h in hexes if w.counts_as(h, data.FOOD)]
        return ask_site(w, event, least_populated(w, lakes))
    elif event == data.SABERTOOTH:
        return ask_site(w, event, [h for h in hexes if w.counts_as(h, data.STONE)])
    elif event == data.VOLCANO:
        if w.volcano < 0:
            return ask_vent(w)
        return volcano_face(w)
    elif event == data.ABANDONED:
        w.queue = w.turn_order(w.active)
        return next_settler(w)
    elif event == data.CHIEFTAIN:
        w.queue = w.turn_order(w.active)
        w.pend = [0, -1]
        return next_bidder(w)
    return False


# --- sites: Invaders, Mammoth, Sabertooth Tiger ---------------------------------------------------

def ask_site(w: Work, event: int, candidates: list[int]) -> bool:
    if not candidates:
        if event != data.SABERTOOTH or w.tiger < 0:
            w.discard_slot(w.slot_of(event))
        return False
    if len(candidates) == 1:
        place(w, event, candidates[0])
        return False
    w.phase, w.decider, w.pend = PH.SITE, w.active, [event, *candidates]
    return True


def place(w: Work, event: int, h: int) -> None:
    if event == data.INVADERS:
        w.inv_hex, w.inv = h, data.INVADERS_START
    elif event == data.MAMMOTH:
        w.mammoth = h
    else:
        w.tiger = h
        for q in range(w.n):  # each player there loses one member, at every placement
            if w.pop[h][q]:
                w.remove(h, q)


def legal_site(s: State) -> list[str]:
    return [SITE[h] for h in s.pend[1:]]


def apply_site(w: Work, action: Site) -> None:
    place(w, w.pend[0], action.hex)
    continue_double(w)


# --- Volcano --------------------------------------------------------------------------------------

def ask_vent(w: Work) -> bool:
    """Place the volcano on a slot, preferring slots next to the active player's hexes."""
    slots = data.VOLCANO_ADJACENT[w.n]
    near = [i for i, hexes in enumerate(slots) if any(w.pop[h][w.active] for h in hexes)]
    candidates = near or list(range(len(slots)))
    if len(candidates) == 1:
        w.volcano = candidates[0]
        return volcano_face(w)
    w.phase, w.decider, w.pend = PH.VENT, w.active, candidates
    return True


def legal_vent(s: State) -> list[str]:
    return [VENT[i] for i in s.pend]


def apply_vent(w: Work, action: Vent) -> None:
    w.volcano = action.slot
    if not volcano_face(w):
        continue_double(w)


def volcano_face(w: Work) -> bool:
    """R9: the face of the triggering double: each nearby tribe gains 1 stone, may lose members."""
    near = data.VOLCANO_ADJACENT[w.n][w.volcano]
    w.queue = [q for q in w.turn_order(w.active) if any(w.pop[h][q] for h in near)]
    for q in w.queue:
        w.gain(q, data.STONE, data.VOLCANO_STONE)
    w.pend = [data.VOLCANO_LOSSES[w.evface]]
    return next_loser(w)


def next_loser(w: Work) -> bool:
    near = data.VOLCANO_ADJACENT[w.n][w.volcano]
    while w.queue:
        q = w.queue[0]
        hexes = [h for h in near if w.pop[h][q]]
        if w.pend[0] <= 0 or not hexes:
            w.queue.pop(0)
            w.pend = [data.VOLCANO_LOSSES[w.evface]]
            continue
        if len(hexes) == 1:
            w.remove(hexes[0], q)
            w.pend[0] -= 1
            continue
        w.phase, w.decider = PH.LOSE, q
        return True
    # The card is shuffled back into the deck after resolving.
    shuffle_back(w, data.VOLCANO)
    w.pend = []
    return False


def legal_lose(s: State) -> list[str]:
    near = data.VOLCANO_ADJACENT[s.n][s.volcano]
    return [LOSE[h] for h in near if s.pop[h][s.decider]]


def apply_lose(w: Work, action: Lose) -> None:
    w.remove(action.hex, w.decider)
    w.pend[0] -= 1
    if not next_loser(w):
        continue_double(w)


# --- Abandoned Village ----------------------------------------------------------------------------

def settle_hexes(s: State, q: int) -> list[int]:
    """Hexes q controls without a village (invaders count as opponents, R4)."""
    if s.villages_left() <= 0 or any(s.res[q][r] < data.ABANDONED_COST[r] for r in range(3)):
        return []
    return [h for h in range(len(s.pop))
            if s.pop[h][q] and not s.others(h, q) and s.villages[h] < 0]


def next_settler(w: Work) -> bool:
    while w.queue:
        q = w.queue[0]
        if settle_hexes(w, q):  # type: ignore[arg-type]
            w.phase, w.decider = PH.SETTLE, q
            return True
        w.queue.pop(0)
    w.discard_slot(w.slot_of(data.ABANDONED))
    return False


def legal_settle(s: State) -> list[str]:
    return [PASS] + [SETTLE[h] for h in settle_hexes(s, s.decider)]


def apply_settle(w: Work, action: Settle | Pass) -> None:
    q = w.queue.pop(0)
    if type(action) is Settle:
        for r in range(3):
            w.res[q][r] -= data.ABANDONED_COST[r]
        w.villages = put(w.villages, action.hex, q)
    if not next_settler(w):
        continue_double(w)


# --- Chieftain ------------------------------------------------------------------------------------

def next_bidder(w: Work) -> bool:
    """Bidding goes round in turn order until one bidder is left (pend: high bid, bidder)."""
    high, bidder = w.pend
    while w.queue:
        if len(w.queue) == 1 and w.queue[0] == bidder:
            return chieftain_won(w)
        q = w.queue[0]
        if sum(w.res[q]) > high:
            w.phase, w.decider = PH.BID, q
            return True
        w.queue.pop(0)  # cannot raise: drops out
    if bidder < 0:  # nobody bid: the card is shuffled back into the deck
        shuffle_back(w, data.CHIEFTAIN)
        return False
    return chieftain_won(w)


def legal_bid(s: State) -> list[str]:
    high = s.pend[0]
    return [PASS] + [BID[k] for k in range(high + 1, sum(s.res[s.decider]) + 1)]


def apply_bid(w: Work, action: Bid | Pass) -> None:
    q = w.queue.pop(0)
    if type(action) is Bid:
        w.pend = [action.amount, q]
        w.queue.append(q)
    if not next_bidder(w):
        continue_double(w)


def chieftain_won(w: Work) -> bool:
    high, bidder = w.pend
    w.queue = []
    w.pend = [high, bidder, high]  # the winner hands the bid out, one resource at a time
    w.phase, w.decider = PH.GIVE, bidder
    return True


def legal_give(s: State) -> list[str]:
    q = s.decider
    return [GIVE[o, r] for o in range(s.n) if o != q for r in range(3) if s.res[q][r]]


def apply_give(w: Work, action: Give) -> None:
    q = w.decider
    r = action.resource
    w.res[q][r] -= 1
    w.gain(action.seat, r)
    w.pend[2] -= 1
    if w.pend[2] > 0:
        return
    w.discard_slot(w.slot_of(data.CHIEFTAIN))
    w.decider = w.active
    w.gain_vp(q, 2 if w.pend[0] >= data.CHIEFTAIN_HIGH_BID else 1, data.VP_CHIEFTAIN)
    continue_double(w)
