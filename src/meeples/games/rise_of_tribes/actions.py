"""Step 3 of the turn: placing a die and reading the power (§2.4), and the four actions GROW,
MOVE, GATHER and LEAD (§2.5, R1, R2), with their development, event and leader modifiers.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from meeples.games.rise_of_tribes import data, goals, rules
from meeples.games.rise_of_tribes.state import Flag, Phase, State
from meeples.games.rise_of_tribes.work import Work

RES = data.RESOURCE_LETTERS
FACES = data.FACE_LETTERS
ACTS = data.ACTION_NAMES


HEX_NAMES = tuple(chr(97 + h) for h in range(15))


def hn(h: int) -> str:
    return HEX_NAMES[h]


def hi(name: str) -> int:
    return ord(name) - 97


def read_power(row: list[int] | tuple[int, ...]) -> int:
    """Return the power the three dice of a row give (§2.4): sun, moon or default."""
    if row.count(data.SUN) >= 2:
        return data.POWER_SUN
    if row.count(data.MOON) >= 2:
        return data.POWER_MOON
    return data.POWER_DEFAULT


# --- ACT: choose a die and an action --------------------------------------------------------------

def legal_act(s: State) -> list[str]:
    p = s.active
    faces = [FACES[f] for f in sorted(set(s.hand))]
    out = [f"{ACTS[a]} {f}" for a in range(4) if a not in s.used for f in faces]
    if s.has_power(p, data.KAHA) and not s.flags[Flag.FOCUS]:
        # Focused Effort: a placement that would read moon may use the default power instead.
        out += [f"{ACTS[a]} {f}!" for a in range(4) if a not in s.used for f in faces
                if read_power((FACES.index(f), *s.rows[a][:2])) == data.POWER_MOON]
    # R2: a die may be spent on an eligible event instead of an action row.
    if s.mammoth >= 0 and data.MAMMOTH in s.slots and s.pop[s.mammoth][p] >= data.MAMMOTH_MEMBERS:
        out += [f"hunt {f}" for f in faces]
        if s.res[p][data.FOOD] >= data.MAMMOTH_TAME[0]:
            out += [f"tame {f}" for f in faces]
    if s.tiger >= 0 and data.SABERTOOTH in s.slots and \
            s.pop[s.tiger][p] >= data.SABERTOOTH_MEMBERS:
        out += [f"tiger {f}" for f in faces]
    return out + goals.legal_anytime(s)


def apply_act(w: Work, words: list[str]) -> None:
    verb = words[0]
    if verb in ("pottery", "elder"):
        goals.apply_anytime(w, words)
        return
    focus = words[1].endswith("!")
    face = FACES.index(words[1][0])
    w.hand.remove(face)
    p = w.active
    if verb in ("hunt", "tame", "tiger"):
        spend_on_event(w, verb, p)
        rules.finish_action(w)
        return
    act = ACTS.index(verb)
    w.used.append(act)
    row = w.rows[act]
    w.rows[act] = [face, row[0], row[1]]  # the die of slot 3 leaves: it passes to the next player
    power = read_power(w.rows[act])
    if focus:  # Focused Effort, once per turn
        w.flags[Flag.FOCUS] = 1
        power = data.POWER_DEFAULT
    if power == data.POWER_MOON and w.has_power(p, data.TUNGA):
        w.phase, w.pend = Phase.LIGHT, [act, power]
        return
    start_action(w, act, power)


def spend_on_event(w: Work, verb: str, p: int) -> None:
    """Spend a die on the Mammoth (hunt or tame) or the Sabertooth Tiger (§4.5)."""
    if verb == "tiger":
        w.discard_slot(w.slot_of(data.SABERTOOTH))
        h, w.tiger = w.tiger, -1
        w.remove(h, p)
        w.gain_vp(p, data.SABERTOOTH_VP)
        return
    w.discard_slot(w.slot_of(data.MAMMOTH))
    w.mammoth = -1
    if verb == "hunt":
        w.gain(p, data.FOOD, data.MAMMOTH_HUNT[0])
        w.gain_vp(p, data.MAMMOTH_HUNT[1])
    else:
        w.res[p][data.FOOD] -= data.MAMMOTH_TAME[0]
        w.tamed[p] = 1
        w.gain_vp(p, data.MAMMOTH_TAME[1])


def legal_light(s: State) -> list[str]:
    return [f"light {r}" for r in RES]


def apply_light(w: Work, words: list[str]) -> None:
    w.gain(w.active, RES.index(words[1]))
    act, power = w.pend
    start_action(w, act, power)


def start_action(w: Work, act: int, power: int) -> None:
    """Resolve an action at a power: set up its decisions (or resolve it at once)."""
    p = w.active
    w.pend, w.queue = [], []
    if act == data.GROW:
        count = data.GROW_POWER[power] + w.has_dev(p, data.SHELTER) + \
            w.has_power(p, data.INDARTSU)
        slot = w.slot_of(data.MILD_WINTER)
        if slot >= 0:  # one food leaves the card at every GROW (§2.6)
            count += data.MILD_WINTER_BONUS
            w.tokens[slot][data.FOOD] -= 1
            if w.tokens[slot][data.FOOD] <= 0:
                w.discard_slot(slot)
        w.phase, w.left = Phase.GROW, count
        if not legal_grow(w):  # type: ignore[arg-type]
            rules.finish_action(w)
    elif act == data.MOVE:
        w.left = data.MOVE_POWER[power] + w.has_power(p, data.KIROR)
        w.power = 1 + w.has_dev(p, data.OXEN) + w.has_power(p, data.KAHA)
        w.moved = [0] * len(w.pop)
        if data.DISCOVERY in w.slots:  # R9: judged before the MOVE
            w.queue = [h for h in range(len(w.pop)) if not w.pop[h][p] and w.others(h, p)]
        w.phase = Phase.MOVE
        if not legal_move(w):  # type: ignore[arg-type]
            rules.finish_action(w)
    elif act == data.GATHER:
        w.left, w.power = data.GATHER_POWER[power]
        w.pend = [0, 0, 0]  # A1 count, types gathered (bit mask), a lake was gathered
        w.phase = Phase.GATHER
        if not has_gather_hex(w):  # type: ignore[arg-type]
            finish_gather(w)
    else:
        w.left = data.LEAD_POWER[power] + w.has_dev(p, data.CAVE_PAINTING) + \
            w.has_power(p, data.KIAKIA)
        w.pend = [0]
        if w.villages_of(p) and w.progress[p]:
            w.phase = Phase.RECYCLE
        else:
            draw_goals(w)


# --- GROW (§2.5, R1) ------------------------------------------------------------------------------

def grow_hexes(s: State, p: int) -> list[int]:
    """Return the hexes GROW may add a member of p to."""
    hexes = range(len(s.pop))
    own = [h for h in hexes if s.pop[h][p]]
    if not own:  # R1 comeback: any one hex without opponents (any hex if none is free)
        free = [h for h in hexes if s.others(h, p) == 0]
        return free or list(hexes)
    if s.has_power(p, data.INDARTSU):  # Exogamy
        adj = data.ADJACENT[s.n]
        near = {b for a in own for b in adj[a]}
        return sorted(set(own) | {h for h in near if s.others(h, p) and not s.pop[h][p]})
    return own


def legal_grow(s: State) -> list[str]:
    p = s.active
    if s.left <= 0 or s.supply(p) <= 0:
        return []
    return [f"add {hn(h)}" for h in grow_hexes(s, p)] + ["stop"]


def apply_grow(w: Work, words: list[str]) -> None:
    if words[0] == "add":
        w.add(hi(words[1]), w.active)
        w.left -= 1
        if legal_grow(w):  # type: ignore[arg-type]
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


def legal_move(s: State) -> list[str]:
    p = s.active
    if s.left <= 0:
        return []
    names = HEX_NAMES
    out = [f"{names[a]}-{names[b]}" for a in range(len(s.pop)) if s.pop[a][p] - s.moved[a] > 0
           for b in destinations(s, p, a, s.power)]
    return out + ["stop"] if out else []


def apply_move(w: Work, words: list[str]) -> None:
    if words[0] != "stop":
        a, b = hi(words[0][0]), hi(words[0][2])
        p = w.active
        w.pop[b][p] += 1
        w.moved[b] += 1
        w.remove(a, p)
        w.left -= 1
        if b in w.queue:  # Discovery: one resource per such destination hex per MOVE
            w.queue.remove(b)
            slot = w.slot_of(data.DISCOVERY)
            if slot >= 0:
                w.phase = Phase.DISCOVER
                return
        if legal_move(w):  # type: ignore[arg-type]
            return
    rules.finish_action(w)


def legal_discover(s: State) -> list[str]:
    slot = s.slot_of(data.DISCOVERY)
    return [f"find {RES[r]}" for r in range(3) if s.tokens[slot][r] > 0]


def apply_discover(w: Work, words: list[str]) -> None:
    slot = w.slot_of(data.DISCOVERY)
    r = RES.index(words[1])
    w.tokens[slot][r] -= 1
    w.gain(w.active, r)
    if sum(w.tokens[slot]) == 0:
        w.discard_slot(slot)
        w.queue = []
    w.phase = Phase.MOVE
    if not legal_move(w):  # type: ignore[arg-type]
        rules.finish_action(w)


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
    return [h for h in range(len(s.pop)) if s.pop[h][p] and h not in s.queue
            and s.invaders_at(h) == 0]


def has_gather_hex(s: State) -> bool:
    return s.left > 0 and bool(gather_hexes(s, s.active))


def legal_gather(s: State) -> list[str]:
    if not has_gather_hex(s):
        return []
    out = []
    for h in gather_hexes(s, s.active):
        for combo in combinations_with_replacement(gather_kinds(s, h), s.power):
            if s.special[h] == data.WILD_LAND or len(set(combo)) <= 2:
                out.append(f"{hn(h)}={''.join(RES[r] for r in combo)}")
    return out + ["stop"]


def apply_gather(w: Work, words: list[str]) -> None:
    if words[0] == "stop":
        finish_gather(w)
        return
    p = w.active
    h, taken = hi(words[0][0]), words[0][2:]
    for letter in taken:
        w.gain(p, RES.index(letter))
        w.pend[1] |= 1 << RES.index(letter)
    w.pend[0] += len(taken)
    w.queue.append(h)
    w.left -= 1
    if w.special[h] in (data.GREAT_LAKE, data.GREAT_FOREST, data.GREAT_MOUNTAIN):
        w.gain(p, w.terrain[h], data.GREAT_BONUS)
        w.pend[0] += data.GREAT_BONUS
    if w.has_power(p, data.MUKAAN) and w.others(h, p):  # Shared Bounty
        w.gain(p, RES.index(taken[0]))
    if w.counts_as(h, data.FOOD):
        w.pend[2] = 1
    for event, kind in data.PLENTIFUL.items():
        slot = w.slot_of(event)
        if slot >= 0 and w.counts_as(h, kind):  # bonus per hex of that type (§2.6)
            bonus = min(data.PLENTIFUL_BONUS, w.tokens[slot][kind])
            w.gain(p, kind, bonus)
            w.tokens[slot][kind] -= bonus
            if w.tokens[slot][kind] <= 0:
                w.discard_slot(slot)
    if not has_gather_hex(w):  # type: ignore[arg-type]
        finish_gather(w)


def finish_gather(w: Work) -> None:
    """After the hexes: Agriculture, tamed mammoth, then the Basketry and Trader choices."""
    p = w.active
    if w.pend[2]:
        if w.has_power(p, data.DANANU):
            w.gain(p, data.FOOD)
        if w.tamed[p]:
            w.gain(p, data.FOOD)
    w.queue = []
    if w.pend[1] and w.has_dev(p, data.BASKETRY):
        w.queue.append(1)
    if w.pend[1] and w.has_power(p, data.DABA):
        w.queue.append(2)
    next_bonus(w)


def next_bonus(w: Work) -> None:
    while w.queue:
        if legal_bonus(w):  # type: ignore[arg-type]
            w.phase = Phase.BONUS
            return
        w.queue.pop(0)
    if w.pend[0] >= data.GATHER6_AMOUNT:
        w.flags[Flag.GATHER6] = 1
    rules.finish_action(w)


def legal_bonus(s: State) -> list[str]:
    kinds = [r for r in range(3) if s.pend[1] >> r & 1]
    if s.queue[0] == 1:
        return [f"basket {RES[r]}" for r in kinds]
    p = s.active
    return ["keep"] + [f"trade {RES[a]}>{RES[b]}" for a in kinds if s.res[p][a]
                       for b in range(3) if b != a]


def apply_bonus(w: Work, words: list[str]) -> None:
    p = w.active
    if words[0] == "basket":
        w.gain(p, RES.index(words[1]))
        w.pend[0] += 1  # R8: Basketry counts toward Gather 6 Resources
    elif words[0] == "trade":
        w.res[p][RES.index(words[1][0])] -= 1
        w.gain(p, RES.index(words[1][2]))
    w.queue.pop(0)
    next_bonus(w)


# --- LEAD (§2.5) ----------------------------------------------------------------------------------

def legal_recycle(s: State) -> list[str]:
    p = s.active
    out = ["draw"]
    if s.pend[0] < s.villages_of(p):
        out += [f"recycle {data.GOAL_IDS[c]}" for c in s.progress[p]]
    return out


def apply_recycle(w: Work, words: list[str]) -> None:
    if words[0] == "recycle":
        p = w.active
        card = data.GOAL_IDS.index(words[1])
        w.progress[p].remove(card)
        w.decks[p].append(card)
        w.pend[0] += 1
        if legal_recycle(w)[1:]:  # type: ignore[arg-type]
            return
    draw_goals(w)


def draw_goals(w: Work) -> None:
    """Draw the LEAD cards plus one per recycled card (Q12: what is left of the deck)."""
    p = w.active
    count = min(w.left + w.pend[0], len(w.decks[p]))
    drawn = w.decks[p][:count]
    w.decks[p] = w.decks[p][count:]
    w.progress[p].extend(drawn)
    if drawn and w.has_power(p, data.KIAKIA):  # Dreamtime
        w.phase, w.pend = Phase.DREAM, drawn
        return
    rules.finish_action(w)


def legal_dream(s: State) -> list[str]:
    return [f"bottom {data.GOAL_IDS[c]}" for c in sorted(set(s.pend))]


def apply_dream(w: Work, words: list[str]) -> None:
    p = w.active
    card = data.GOAL_IDS.index(words[1])
    w.progress[p].remove(card)
    w.decks[p].append(card)
    rules.finish_action(w)
