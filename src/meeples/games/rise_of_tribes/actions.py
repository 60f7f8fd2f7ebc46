"""Step 3 of the turn: placing a die and reading the power (§2.4), and the actions GROW, MOVE
and LEAD (§2.5, R1, R2) with their development, event and leader modifiers (GATHER: gather.py).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from meeples.core.chance import Draws
from meeples.games.rise_of_tribes import data, gather, goals, rules
from meeples.games.rise_of_tribes.grammar import (
    HEXES,
    Add,
    Bottom,
    Cards,
    Draw,
    Elder,
    Find,
    Hunt,
    Light,
    Move,
    Place,
    Pottery,
    Recycle,
    Stop,
    Tame,
    Tiger,
    text,
    texts,
)
from meeples.games.rise_of_tribes.state import PH, Flag, State
from meeples.games.rise_of_tribes.work import Work, put, without

RES = data.RESOURCE_LETTERS
#: The texts of the actions without fields.
STOP, DRAW = text(Stop()), text(Draw())
#: The texts of the typed actions these generators list, by field values (grammar.texts:
#: a subscript, where building each action and asking its text cost ten times more).
FOCUSED = texts(Place)
HUNT = texts(Hunt)
TAME = texts(Tame)
TIGER = texts(Tiger)
FIND = texts(Find)
RECYCLE = texts(Recycle)
BOTTOM = texts(Bottom)


def read_power(row: list[int] | tuple[int, ...]) -> int:
    """Return the power the three dice of a row give (§2.4): sun, moon or default."""
    if row.count(data.SUN) >= 2:
        return data.POWER_SUN
    if row.count(data.MOON) >= 2:
        return data.POWER_MOON
    return data.POWER_DEFAULT


# --- ACT: choose a die and an action --------------------------------------------------------------

#: The die placements on action rows, memoized by the rows used and the dice in hand (all
#: they depend on; a few thousand combinations at most).
_PLACEMENTS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[str, ...]] = {}


def _placements(used: tuple[int, ...], hand: tuple[int, ...]) -> tuple[str, ...]:
    key = (used, hand)
    texts = _PLACEMENTS.get(key)
    if texts is None:
        faces = sorted(set(hand))
        texts = _PLACEMENTS[key] = tuple(
            text(Place(a, f)) for a in range(4) if a not in used for f in faces)
    return texts


def legal_act(s: State) -> list[str]:
    out = [*_placements(s.used, s.hand)]
    if s.leaders or s.mammoth >= 0 or s.tiger >= 0:  # else none of these can apply
        out += _special_placements(s)
    return out + goals.legal_anytime(s)


def _special_placements(s: State) -> list[str]:
    """Return the Focused Effort placements and the dice spent on an event (R2)."""
    p = s.active
    faces = sorted(set(s.hand))
    out: list[str] = []
    if s.has_power(p, data.FOCUSED_EFFORT) and not s.flags[Flag.FOCUS]:
        # Focused Effort: a placement that would read moon may use the default power instead.
        out += [FOCUSED[a, f, True] for a in range(4) if a not in s.used for f in faces
                if read_power((f, *s.rows[a][:2])) == data.POWER_MOON]
    # R2: a die may be spent on an eligible event instead of an action row.
    if s.mammoth >= 0 and data.MAMMOTH in s.slots and s.pop[s.mammoth][p] >= data.MAMMOTH_MEMBERS:
        out += [HUNT[f] for f in faces]
        if s.res[p][data.FOOD] >= data.MAMMOTH_TAME[0]:
            out += [TAME[f] for f in faces]
    if s.tiger >= 0 and data.SABERTOOTH in s.slots and \
            s.pop[s.tiger][p] >= data.SABERTOOTH_MEMBERS:
        out += [TIGER[f] for f in faces]
    return out


def apply_act(w: Work, action: Place | Hunt | Tame | Tiger | Pottery | Elder) -> None:
    if isinstance(action, (Pottery, Elder)):
        goals.apply_anytime(w, action)
        return
    face = action.face
    w.hand = without(w.hand, face)
    p = w.active
    if not isinstance(action, Place):
        spend_on_event(w, action, p)
        rules.finish_action(w)
        return
    act, focus = action.row, action.focus
    w.used = (*w.used, act)
    # Only this row changes (rows is shared with the state, work._SHARED): the die of slot 3
    # leaves, it passes to the next player.
    rows = w.rows
    row = rows[act]
    row = (face, row[0], row[1])
    w.rows = rows[:act] + (row,) + rows[act + 1:]
    power = read_power(row)
    if focus:  # Focused Effort, once per turn
        w.flags = put(w.flags, Flag.FOCUS, 1)
        power = data.POWER_DEFAULT
    if power == data.POWER_MOON and w.has_power(p, data.LIGHT_IN_THE_DARK):
        w.phase, w.pend = PH.LIGHT, [act, power]
        return
    start_action(w, act, power)


def spend_on_event(w: Work, action: Hunt | Tame | Tiger, p: int) -> None:
    """Spend a die on the Mammoth (hunt or tame) or the Sabertooth Tiger (§4.5)."""
    if type(action) is Tiger:
        w.discard_slot(w.slot_of(data.SABERTOOTH))
        h, w.tiger = w.tiger, -1
        w.remove(h, p)
        w.gain_vp(p, data.SABERTOOTH_VP, data.VP_SABERTOOTH)
        return
    w.discard_slot(w.slot_of(data.MAMMOTH))
    w.mammoth = -1
    if type(action) is Hunt:
        w.gain(p, data.FOOD, data.MAMMOTH_HUNT[0])
        w.gain_vp(p, data.MAMMOTH_HUNT[1], data.VP_MAMMOTH)
    else:
        w.res[p][data.FOOD] -= data.MAMMOTH_TAME[0]
        w.tamed[p] = 1
        w.gain_vp(p, data.MAMMOTH_TAME[1], data.VP_MAMMOTH)


def legal_light(s: State) -> list[str]:
    return [*LIGHT_TEXTS]


#: Each resource Light in the Dark may take.
LIGHT_TEXTS = tuple(text(Light(r)) for r in range(len(RES)))


def apply_light(w: Work, action: Light) -> None:
    w.gain(w.active, action.resource)
    act, power = w.pend
    start_action(w, act, power)


def start_action(w: Work, act: int, power: int) -> None:
    """Resolve an action at a power: set up its decisions (or resolve it at once)."""
    p = w.active
    w.pend, w.queue = [], []
    if act == data.GROW:
        count = data.GROW_POWER[power] + w.has_dev(p, data.SHELTER) + \
            w.has_power(p, data.FARMING)
        slot = w.slot_of(data.MILD_WINTER)
        if slot >= 0:  # one food leaves the card at every GROW (§2.6)
            count += data.MILD_WINTER_BONUS
            w.tokens[slot][data.FOOD] -= 1
            if w.tokens[slot][data.FOOD] <= 0:
                w.discard_slot(slot)
        # The hexes that may receive members are fixed when the action starts (§2.5: hexes that
        # already hold your members), so an Exogamy hex entered now opens no further hex.
        w.queue = grow_hexes(w, p)  # type: ignore[arg-type]
        w.pend = [0 if any(row[p] for row in w.pop) else 1]  # 1: R1 comeback, one hex only
        w.phase, w.left = PH.GROW, count
        if not can_grow(w):  # type: ignore[arg-type]
            rules.finish_action(w)
    elif act == data.MOVE:
        w.left = data.MOVE_POWER[power] + w.has_power(p, data.PATHFINDER)
        w.power = 1 + w.has_dev(p, data.OXEN) + w.has_power(p, data.WAYFARERS)
        w.moved = (0,) * len(w.moved)  # one per hex
        if data.DISCOVERY in w.slots:  # R9: judged before the MOVE
            w.queue = [h for h in range(len(w.pop)) if not w.pop[h][p] and w.rivals(h, p)]
        w.phase = PH.MOVE
        if not can_move(w):  # type: ignore[arg-type]
            rules.finish_action(w)
    elif act == data.GATHER:
        w.left, w.power = data.GATHER_POWER[power]
        w.pend = [0, 0, 0]  # A1 count, types gathered (bit mask), a lake was gathered
        w.phase = PH.GATHER
        if not gather.has_gather_hex(w):  # type: ignore[arg-type]
            gather.finish_gather(w)
    else:
        w.left = data.LEAD_POWER[power] + w.has_dev(p, data.CAVE_PAINTING) + \
            w.has_power(p, data.DREAMTIME)
        w.pend = [0]
        if w.villages_of(p) and w.progress[p]:
            w.phase = PH.RECYCLE
        else:
            draw_goals(w)


# --- GROW (§2.5, R1) ------------------------------------------------------------------------------

def grow_hexes(s: State, p: int) -> list[int]:
    """Return the hexes GROW may add a member of p to."""
    pop = s.pop
    hexes = range(len(pop))
    own = [h for h in hexes if pop[h][p]]
    if not own:  # R1 comeback: any one hex without opponents (any hex if none is free)
        free = [h for h in hexes if s.rivals(h, p) == 0]
        return free or list(hexes)
    if s.has_power(p, data.EXOGAMY):
        adj = data.ADJACENT[s.n]
        near = {b for a in own for b in adj[a]}
        return sorted(set(own) | {h for h in near if s.rivals(h, p) and not pop[h][p]})
    return own


#: The text of each hex's GROW step.
ADD_TEXT = tuple(text(Add(h)) for h in range(len(HEXES)))


def can_grow(s: State) -> bool:
    """Return whether the GROW goes on (``legal_grow`` is not empty: "stop" is always in it)."""
    return s.left > 0 and s.supply(s.active) > 0


def legal_grow(s: State) -> list[str]:
    if not can_grow(s):
        return []
    return [ADD_TEXT[h] for h in s.queue] + [STOP]


def apply_grow(w: Work, action: Add | Stop) -> None:
    if type(action) is Add:
        h = action.hex
        w.add(h, w.active)
        w.left -= 1
        if w.pend[0]:  # R1: every member of a comeback GROW goes to the same hex
            w.queue = [h]
        if can_grow(w):  # type: ignore[arg-type]
            return
    rules.finish_action(w)


# --- MOVE (§2.5, Q6) ------------------------------------------------------------------------------

def destinations(s: State, p: int, origin: int, distance: int) -> list[int]:
    """Return the hexes a member of p can reach from origin (Jungle, Dugout Canoe)."""
    adj = data.ADJACENT[s.n]
    canoe = data.CANOE in s.acquired[p]
    if distance == 1 and not canoe:
        return list(adj[origin])  # the common case: one step to any neighbour
    best = {origin: 0}
    frontier = [origin]
    while frontier:
        nxt = []
        for a in frontier:
            if a != origin and s.special[a] == data.JUNGLE:
                continue  # entering the Jungle ends a member's movement
            for b in adj[a]:
                cost = best[a] + (0 if canoe and s.counts_as(b, data.FOOD) else 1)
                if cost <= distance and cost < best.get(b, distance + 1):
                    best[b] = cost
                    nxt.append(b)
        frontier = nxt
    return sorted(h for h in best if h != origin)


#: The text of every step "a-b" of a MOVE, by origin and destination.
STEP_NAMES = tuple(tuple(text(Move(a, b)) for b in range(len(ADD_TEXT)))
                   for a in range(len(ADD_TEXT)))

#: The one-step moves from each hex of each map: the steps of a distance-1 MOVE without the
#: Dugout Canoe (``destinations``'s common case, which only the map decides).
NEIGHBOUR_STEPS = {n: tuple(tuple(STEP_NAMES[a][b] for b in near) for a, near in enumerate(adj))
                   for n, adj in data.ADJACENT.items()}

#: The steps from an origin (``destinations``), memoized by everything they depend on: the map
#: and its tiles (shared by every state of a game), the origin, the distance and the canoe.
_STEPS: dict[tuple[object, ...], tuple[str, ...]] = {}


def _steps(s: State, p: int, origin: int, distance: int, canoe: bool) -> tuple[str, ...]:
    key = (s.n, origin, distance, canoe, s.special, s.terrain)
    steps = _STEPS.get(key)
    if steps is None:
        if len(_STEPS) >= 20000:
            _STEPS.clear()  # many games played: forget the maps of the old ones
        names = STEP_NAMES[origin]
        steps = _STEPS[key] = tuple(names[b] for b in destinations(s, p, origin, distance))
    return steps


def legal_move(s: State) -> list[str]:
    p = s.active
    if s.left <= 0:
        return []
    out: list[str] = []
    moved = s.moved
    power = s.power
    canoe = data.CANOE in s.peek("acquired")[p]
    if power == 1 and not canoe:
        near = NEIGHBOUR_STEPS[s.n]
        for a, row in enumerate(s.pop):
            if row[p] - moved[a] > 0:
                out += near[a]
    else:
        for a, row in enumerate(s.pop):
            if row[p] - moved[a] > 0:
                out += _steps(s, p, a, power, canoe)
    return out + [STOP] if out else []


def can_move(s: State) -> bool:
    """Return whether the MOVE goes on, i.e. ``legal_move`` is not empty, without listing the
    steps: a member that has not moved yet always has one (every hex has neighbours, and a
    distance of at least 1 reaches them all, Jungle or not)."""
    if s.power < 1:  # never in play; at distance 0 only the canoe's free lake steps exist
        return bool(legal_move(s))
    if s.left <= 0:
        return False
    p, moved = s.active, s.moved
    return any(row[p] > moved[a] for a, row in enumerate(s.pop))


def apply_move(w: Work, action: Move | Stop) -> None:
    if type(action) is Move:
        a, b = action
        p = w.active
        w.set_pop(b, p, w.pop[b][p] + 1)
        w.moved = put(w.moved, b, w.moved[b] + 1)
        w.remove(a, p)
        w.left -= 1
        if b in w.queue:  # Discovery: one resource per such destination hex per MOVE
            w.queue.remove(b)
            slot = w.slot_of(data.DISCOVERY)
            if slot >= 0:
                w.phase = PH.DISCOVER
                return
        if can_move(w):  # type: ignore[arg-type]
            return
    rules.finish_action(w)


def legal_discover(s: State) -> list[str]:
    slot = s.slot_of(data.DISCOVERY)
    return [FIND[r] for r in range(3) if s.tokens[slot][r] > 0]


def apply_discover(w: Work, action: Find) -> None:
    slot = w.slot_of(data.DISCOVERY)
    r = action.resource
    w.tokens[slot][r] -= 1
    w.gain(w.active, r)
    if sum(w.tokens[slot]) == 0:
        w.discard_slot(slot)
        w.queue = []
    w.phase = PH.MOVE
    if not can_move(w):  # type: ignore[arg-type]
        rules.finish_action(w)


# --- LEAD (§2.5) ----------------------------------------------------------------------------------

def legal_recycle(s: State) -> list[str]:
    p = s.active
    out = [DRAW]
    if s.pend[0] < s.villages_of(p):
        out += [RECYCLE[c] for c in s.progress[p]]
    return out


def apply_recycle(w: Work, action: Recycle | Draw) -> None:
    if type(action) is Recycle:
        p = w.active
        card = action.goal
        w.progress[p].remove(card)
        w.bottoms[p].append(card)  # under the deck, in the open: its place is known
        w.pend[0] += 1
        if legal_recycle(w)[1:]:  # type: ignore[arg-type]
            return
    draw_goals(w)


def draw_goals(w: Work) -> None:
    """Draw the LEAD cards plus one per recycled card (Q12: what is left of the deck)."""
    w.to_draw, w.drawn = w.left + w.pend[0], []
    next_card(w)


def next_card(w: Work) -> None:
    """Draw the cards still to draw: from the unseen ones by chance (``PH.CARD``, the whole
    hand at once), then the ones known under them in order; then go on with the LEAD, or back
    to step 5 after Shared Knowledge (its draw is the only one once the conflicts of step 4
    began).

    The hand is one chance node, not one per card: the cards of a hand come together, and the
    bots' evaluation takes the exact expectation over a chance node's outcomes, which over
    card-by-card draws grew as 14 x 13 x 12 x ... (240,240 leaves for a LEAD of 5, 2.2 million
    of 6), against at most C(14, 7) = 3,432 hands.
    """
    p = w.active
    unseen = w.peek("decks")[p]
    if w.to_draw > 0 and unseen:
        if w.to_draw < len(unseen):
            w.phase, w.decider = PH.CARD, p
            return
        for card in unseen:  # every unseen card comes: no chance in which
            take_card(w, card)
        w.decks[p] = []
    while w.to_draw > 0 and w.peek("bottoms")[p]:
        take_card(w, w.bottoms[p].pop(0))
    w.to_draw = 0  # Q12: the deck is exhausted
    if w.drawn and w.has_power(p, data.DREAMTIME) and not w.flags[Flag.CONFLICT]:
        w.phase, w.decider = PH.DREAM, p
        return
    w.drawn = []  # kept only while Dreamtime chooses among them
    if w.flags[Flag.CONFLICT]:
        w.phase, w.decider = PH.GOALS, p
        return
    rules.finish_action(w)


def take_card(w: Work, card: int) -> None:
    """Put a drawn goal card among the active player's goals in progress."""
    w.progress[w.active].append(card)
    w.drawn.append(card)
    w.to_draw -= 1


@lru_cache(maxsize=4096)
def hands(unseen: tuple[int, ...], size: int) -> tuple[str, ...]:
    """Return the texts of every hand of ``size`` cards among the unseen ones (in increasing
    order of cards, hands in lexicographic order)."""
    return tuple(text(Cards(hand)) for hand in combinations(unseen, size))


def chance_card(s: State) -> list[tuple[str, Fraction]]:
    """The hand drawn from the active player's deck: any ``to_draw`` of the unseen cards, each
    hand equally likely (the top cards of a shuffled deck)."""
    texts = hands(s.decks[s.active], s.to_draw)
    p = Fraction(1, len(texts))
    return [(text, p) for text in texts]


def sample_card(s: State, rng: Draws) -> str:
    """One hand of ``chance_card``, each as likely: the unseen cards drawn one by one without
    putting back (every order of a hand as likely), named in increasing order."""
    pool = [*s.decks[s.active]]
    hand = []
    for _ in range(s.to_draw):
        hand.append(pool.pop(rng.randrange(len(pool))))
    return text(Cards(tuple(sorted(hand))))


def legal_card(s: State) -> list[str]:
    """The outcomes of ``chance_card`` without their probabilities (cheaper to list)."""
    return [*hands(s.decks[s.active], s.to_draw)]


def apply_card(w: Work, action: Cards) -> None:
    unseen = w.decks[w.active]
    for card in action.goals:
        unseen.remove(card)
        take_card(w, card)
    next_card(w)


def legal_dream(s: State) -> list[str]:
    return [BOTTOM[c] for c in sorted(set(s.drawn))]


def apply_dream(w: Work, action: Bottom) -> None:
    p = w.active
    card = action.goal
    w.progress[p].remove(card)
    w.bottoms[p].append(card)  # Dreamtime: the card's place under the deck is known
    w.drawn = []
    rules.finish_action(w)
