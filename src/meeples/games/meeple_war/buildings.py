"""Phase 3, building actions (rulebook "Buildings Actions List"; sheet B7, B9, A2-A8, A14,
A18, D9, D12-D14).

Every action is optional and numeric ones mean "up to X" (B9). Actions are written
``s<slot>:<verb>...`` where ``slot`` (1-4) is the village slot whose worker reached the leaf.
"""

from __future__ import annotations

from meeples.games.meeple_war.board import DELTA, hex_name, parse_hex
from meeples.games.meeple_war.data import BUILDINGS, SQUARE_SLOT
from meeples.games.meeple_war.movement import place
from meeples.games.meeple_war.phases import move_worker, worker_exits
from meeples.games.meeple_war.work import Work, make_slot, sorted_with, without


def leaf_action(w: Work, index: int) -> tuple[str, int]:
    slot = w.seats[w.active].slots[index]
    assert slot is not None
    return BUILDINGS[slot.building].leaves[slot.node]


def own_territories(w: Work, p: int) -> list[int]:
    return [h for h in sorted(w.troops) if w.troops[h][p] and h in w.tiles]


def opponent_territories(w: Work, p: int) -> list[int]:
    return [h for h in sorted(w.troops) if h in w.tiles and w.has_opponent(h, p)]


def reinforcement_targets(w: Work, p: int) -> list[int]:
    """Return territories with a meeple of p, and the gate territory (D9 option)."""
    own = own_territories(w, p)
    if own and w.option("reinforce_gate_only_if_none"):
        return own
    return sorted(set(own) | {w.gate[p]})


def stealth_targets(w: Work, p: int) -> list[int]:
    """Return territories sharing an edge with one holding an opponent (forests ignored, B10)."""
    out = set()
    for h in opponent_territories(w, p):
        for d in DELTA:
            if h + d in w.tiles:
                out.add(h + d)
    return sorted(out)


def meeple_sources(w: Work, p: int) -> list[str]:
    """Return where Bomb or Conversion takes its meeple: stock, else the Depot or a territory.

    ``""`` means the stock (or, when it is empty, the Depot); ``<q,r`` a territory.
    """
    seat = w.seats[p]
    if seat.stock:
        return [""]
    return ([""] if seat.depot else []) + [f"<{hex_name(h)}" for h in own_territories(w, p)]


def take_meeple(w: Work, p: int, source: str) -> None:
    seat = w.seat(p)
    if source:
        w.remove(parse_hex(source[1:]), p, 1)
    elif seat.stock:
        seat.stock -= 1
    else:
        seat.depot -= 1


def fright_options(w: Work) -> list[str]:
    """Return single-meeple Frighten moves: an opponent's meeple to an adjacent territory.

    Each frightened meeple moves once (A14): those that arrived during this action stay put.
    """
    a = w.active
    arrived = w.sub[2] if w.sub and w.sub[0] == "fright" else ()
    out = []
    for h in opponent_territories(w, a):
        for o in w.present(h):
            if o == a or w.count(h, o) <= arrived.count((h, o)):
                continue
            for d in range(6):
                n = h + DELTA[d]
                if n in w.tiles and not w.blocked(h, d):
                    out.append(f"fr:{o}@{hex_name(h)}>{hex_name(n)}")
    return out


#: (prefix, verb, suffix, most) -> the texts for 1..most meeples: they recur all game long.
_COUNTED: dict[tuple[str, str, str, int], tuple[str, ...]] = {}


def counted(pre: str, verb: str, suffix: str, most: int) -> tuple[str, ...]:
    """Return ``f"{pre}{verb}:{k}{suffix}"`` for k = 1..most."""
    key = (pre, verb, suffix, most)
    texts = _COUNTED.get(key)
    if texts is None:
        texts = _COUNTED[key] = tuple(f"{pre}{verb}:{k}{suffix}" for k in range(1, most + 1))
    return texts


def slot_options(w: Work, index: int) -> list[str]:
    """Return the ways to carry out the action due on a slot."""
    a = w.active
    seat = w.seats[a]
    action, x = leaf_action(w, index)
    pre = _PREFIXES[index]
    if action == "build":
        return [text for b in sorted(seat.available) for text in _BUILD_TEXTS[pre, b]]
    if action == "asm":
        return list(counted(pre, "asm", "", min(x, seat.stock)))
    if action == "dep":
        return list(counted(pre, "dep", "", min(x, seat.depot)))
    if action == "rei":
        most = min(x, seat.depot)
        return [text for h in reinforcement_targets(w, a)
                for text in counted(pre, "rei", f"@{hex_name(h)}", most)]
    if action == "fly":
        return [f"{pre}fly"] if seat.depot and own_territories(w, a) else []
    if action == "stealth":
        return [f"{pre}stealth@{hex_name(h)}" for h in stealth_targets(w, a)] if seat.depot else []
    if action == "fright":
        return [f"{pre}fright"] if fright_options(w) else []
    if action == "burn":
        return [f"{pre}burn@{hex_name(h)}" for h in opponent_territories(w, a)]
    if action == "bomb":
        sources = meeple_sources(w, a)
        return [f"{pre}bomb@{o}.{i + 1}{src}"
                for o, other in enumerate(w.seats) if o != a
                for i, slot in enumerate(other.slots)
                if slot is not None and len(slot.defense) < w.slot_capacity(slot)
                for src in sources]
    if action == "conv":
        sources = meeple_sources(w, a)
        return [f"{pre}conv@{o}.{i + 1}.{who}{src}"
                for o, other in enumerate(w.seats)
                for i, slot in enumerate(other.slots)
                if slot is not None
                for who in sorted(set(slot.defense)) if who != a
                for src in sources]
    if action == "prod":
        return [f"{pre}prod@{i + 1}>{node}" for i, slot in enumerate(seat.slots)
                if slot is not None for node in worker_exits(slot, w.options)]
    if action == "up":
        return [f"{pre}up:{tok}" for tok in sorted(set(w.pool))]
    return []


_PREFIXES = ("s1:", "s2:", "s3:", "s4:")  # the slot an action text names
#: (prefix, building) -> the texts building it on each slot but the Square's.
_BUILD_TEXTS = {(pre, b): tuple(f"{pre}build:{b}@{i + 1}" for i in range(4) if i != SQUARE_SLOT)
                for pre in _PREFIXES for b in BUILDINGS}


def action_options(w: Work) -> list[str]:
    out = []
    for index in sorted(w.pending):
        out.extend(slot_options(w, index))
    return out


def apply_action(w: Work, action: str) -> None:
    a = w.active
    seat = w.seat(a)
    index = int(action[1]) - 1
    w.pending = without(w.pending, index)
    verb, _, rest = action[3:].partition(":")
    verb, _, target = verb.partition("@")
    if verb == "build":
        code, _, spot = rest.partition("@")
        construct(w, a, code, int(spot) - 1)
    elif verb == "asm":
        k = int(rest)
        seat.stock -= k
        seat.depot += k
    elif verb == "dep":
        k = int(rest)
        seat.depot -= k
        place(w, a, w.gate[a], k)
    elif verb == "rei":
        count, _, spot = rest.partition("@")
        seat.depot -= int(count)
        place(w, a, parse_hex(spot), int(count))
    elif verb == "fly":
        targets = own_territories(w, a)
        if seat.depot >= len(targets):
            for h in targets:
                seat.depot -= 1
                place(w, a, h, 1)
        else:
            w.sub = ("fly", tuple(targets))
            w.step = "fly"
    elif verb == "stealth":
        seat.depot -= 1
        place(w, a, parse_hex(target), 1)
    elif verb == "fright":
        w.sub = ("fright", leaf_action(w, index)[1], ())
        w.step = "fright"
    elif verb == "burn":
        h = parse_hex(target)
        killed = 0
        for o in w.present(h):
            if o != a:
                killed += w.count(h, o)
                w.destroy(h, o, w.count(h, o))
        w.gain_bravery(a, killed)
    elif verb == "bomb":
        spot, _, source = target.partition("<")
        owner, _, slot = spot.partition(".")
        take_meeple(w, a, f"<{source}" if source else "")
        w.fill_defense(int(owner), int(slot) - 1, a)
    elif verb == "conv":
        spot, _, source = target.partition("<")
        owner_, slot_, who_ = (int(v) for v in spot.split("."))
        take_meeple(w, a, f"<{source}" if source else "")
        convert(w, owner_, slot_ - 1, who_, a)
    elif verb == "prod":
        which, _, node = target.partition(">")
        j = int(which) - 1
        if j in w.pending:
            w.pending = without(w.pending, j)
        move_worker(w, a, j, node)
    elif verb == "up":
        w.pool = without(w.pool, rest)
        seat.tokens = sorted_with(seat.tokens, rest)


def construct(w: Work, p: int, code: str, index: int) -> None:
    """Build on a slot, replacing what stands there (E3, A2); a worker starts the site."""
    seat = w.seat(p)
    old = seat.slots[index]
    if old is not None:
        w.clear_defense(p, index, score=True)
        seat.available = sorted_with(seat.available, old.building)
        if index in w.pending:
            w.pending = without(w.pending, index)
    seat.available = without(seat.available, code)
    seat.slots[index] = make_slot(code, False, "c0", ())


def convert(w: Work, owner: int, index: int, who: int, p: int) -> None:
    """Swap who's meeple on a defense space for one of p's; it returns to stock (D13)."""
    slot = w.seats[owner].slots[index]
    assert slot is not None
    defense = list(slot.defense)
    defense.remove(who)
    defense.append(p)
    w.seat(owner).slots[index] = make_slot(slot.building, slot.built, slot.node,
                                           tuple(sorted(defense)))
    w.seat(who).stock += 1


def fly_options(w: Work) -> list[str]:
    if not w.seats[w.active].depot:
        return []
    return [f"fly@{hex_name(h)}" for h in w.sub[1]]


def apply_fly(w: Work, action: str) -> None:
    a = w.active
    h = parse_hex(action[4:])
    w.seat(a).depot -= 1
    w.sub = ("fly", tuple(x for x in w.sub[1] if x != h))
    place(w, a, h, 1)
    if not w.sub[1] or not w.seats[a].depot:
        w.sub = ()
        w.step = "action"


def apply_fright(w: Work, action: str) -> None:
    who, _, route = action[3:].partition("@")
    src, _, dest = route.partition(">")
    o, h, n = int(who), parse_hex(src), parse_hex(dest)
    w.remove(h, o, 1)
    w.add(n, o, 1)
    _, left, arrivals = w.sub
    w.sub = ("fright", left - 1, (*arrivals, (n, o)))
    if left - 1 <= 0:
        finish_fright(w)


def finish_fright(w: Work) -> None:
    """Resolve the battles and altars the frightened meeples caused, in arrival order (A14)."""
    from meeples.games.meeple_war.battle import after_arrival, resolve

    arrivals = w.sub[2] if w.sub else ()
    w.sub = ()
    w.step = "action"
    done = set()
    for n, o in arrivals:
        if (n, o) in done:
            continue
        done.add((n, o))
        if w.count(n, o) and w.has_opponent(n, o):
            resolve(w, n, o)
        after_arrival(w, o, n, jump=False)

