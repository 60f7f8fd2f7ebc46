"""Phase 3, building actions (rulebook "Buildings Actions List"; sheet B7, B9, A2-A8, A14,
A18, D9, D12-D14).

Every action is optional and numeric ones mean "up to X" (B9). An action names the village
slot whose worker reached the leaf (``slot``, its index; written ``s<slot>:<verb>...``, see
``grammar``).
"""

from __future__ import annotations

from typing import Any

from meeples.games.meeple_war import grammar
from meeples.games.meeple_war.board import DELTA
from meeples.games.meeple_war.cards import card
from meeples.games.meeple_war.data import BUILDINGS, SQUARE_SLOT
from meeples.games.meeple_war.grammar import (
    Assemble,
    Bomb,
    Build,
    Burn,
    Convert,
    Deploy,
    Fly,
    FlyTo,
    Fright,
    Frighten,
    Produce,
    Reinforce,
    Stealth,
    Up,
)
from meeples.games.meeple_war.movement import place
from meeples.games.meeple_war.phases import move_worker, worker_exits
from meeples.games.meeple_war.work import Work, make_slot, sorted_with, without


def leaf_action(w: Work, index: int) -> tuple[str, int]:
    slot = w.seats[w.active].slots[index]
    assert slot is not None
    return card(slot.building, w.options).leaves[slot.node]


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


def meeple_sources(w: Work, p: int) -> list[int | None]:
    """Return where Bomb or Conversion takes its meeple: stock, else the Depot or a territory.

    None means the stock (or, when it is empty, the Depot); a hex, a territory.
    """
    seat = w.seats[p]
    if seat.stock:
        return [None]
    return [*([None] if seat.depot else []), *own_territories(w, p)]


def take_meeple(w: Work, p: int, source: int | None) -> None:
    seat = w.seat(p)
    if source is not None:
        w.remove(source, p, 1)
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
                    out.append(text(Frighten(o, h, n)))
    return out


#: The text of a typed action; the texts of the actions with no hex, by field values.
text = grammar.text
ASSEMBLE, DEPLOY = grammar.texts(Assemble), grammar.texts(Deploy)
FLY, FRIGHT = grammar.texts(Fly), grammar.texts(Fright)
PRODUCE, UP = grammar.texts(Produce), grammar.texts(Up)
#: (slot, building) -> the texts building it on each spot but the Square's.
_BUILD_TEXTS = {(index, b): tuple(grammar.texts(Build)[index, b, spot] for spot in range(4)
                                  if spot != SQUARE_SLOT)
                for index in range(4) for b in BUILDINGS}
#: (slot, most) -> the texts assembling 1..most meeples, and deploying them; (slot, hex, most)
#: -> those reinforcing the hex with them: they recur all game long.
_ASSEMBLED: dict[tuple[int, int], tuple[str, ...]] = {}
_DEPLOYED: dict[tuple[int, int], tuple[str, ...]] = {}
_REINFORCED: dict[tuple[int, int, int], tuple[str, ...]] = {}


def counted(index: int, most: int, texts: Any, known: dict[tuple[int, int], tuple[str, ...]]
            ) -> tuple[str, ...]:
    """Return the texts (``texts``: a class's by field values) of a slot's action for 1..most
    meeples, kept in ``known``."""
    found = known.get((index, most))
    if found is None:
        found = known[index, most] = tuple(texts[index, k] for k in range(1, most + 1))
    return found


def reinforcements(index: int, h: int, most: int) -> tuple[str, ...]:
    """Return the texts of a slot's reinforcements of hex h by 1..most meeples."""
    found = _REINFORCED.get((index, h, most))
    if found is None:
        found = _REINFORCED[index, h, most] = tuple(text(Reinforce(index, k, h))
                                                    for k in range(1, most + 1))
    return found


def slot_options(w: Work, index: int) -> list[str]:
    """Return the ways to carry out the action due on a slot."""
    a = w.active
    seat = w.seats[a]
    action, x = leaf_action(w, index)
    if action == "build":
        return [t for b in sorted(seat.available) for t in _BUILD_TEXTS[index, b]]
    if action == "asm":
        return list(counted(index, min(x, seat.stock), ASSEMBLE, _ASSEMBLED))
    if action == "dep":
        return list(counted(index, min(x, seat.depot), DEPLOY, _DEPLOYED))
    if action == "rei":
        most = min(x, seat.depot)
        return [t for h in reinforcement_targets(w, a) for t in reinforcements(index, h, most)]
    if action == "fly":
        return [FLY[index]] if seat.depot and own_territories(w, a) else []
    if action == "stealth":
        return [text(Stealth(index, h)) for h in stealth_targets(w, a)] if seat.depot else []
    if action == "fright":
        return [FRIGHT[index]] if fright_options(w) else []
    if action == "burn":
        return [text(Burn(index, h)) for h in opponent_territories(w, a)]
    if action == "bomb":
        sources = meeple_sources(w, a)
        return [text(Bomb(index, o, i, src))
                for o, other in enumerate(w.seats) if o != a
                for i, slot in enumerate(other.slots)
                if slot is not None and len(slot.defense) < w.slot_capacity(slot)
                for src in sources]
    if action == "conv":
        sources = meeple_sources(w, a)
        return [text(Convert(index, o, i, who, src))
                for o, other in enumerate(w.seats)
                for i, slot in enumerate(other.slots)
                if slot is not None
                for who in sorted(set(slot.defense)) if who != a
                for src in sources]
    if action == "prod":
        return [PRODUCE[index, i, node] for i, slot in enumerate(seat.slots)
                if slot is not None for node in worker_exits(slot, w.options)]
    if action == "up":
        return [UP[index, tok] for tok in sorted(set(w.pool))]
    return []


def action_options(w: Work) -> list[str]:
    out = []
    for index in sorted(w.pending):
        out.extend(slot_options(w, index))
    return out


def apply_action(w: Work, action: Any) -> None:
    """Carry out a slot's action (a typed action of a slot: Build, Assemble ... Up)."""
    a = w.active
    seat = w.seat(a)
    index = action.slot
    w.pending = without(w.pending, index)
    verb = type(action)
    if verb is Build:
        construct(w, a, action.building, action.spot)
    elif verb is Assemble:
        k = action.count_
        seat.stock -= k
        seat.depot += k
    elif verb is Deploy:
        k = action.count_
        seat.depot -= k
        place(w, a, w.gate[a], k)
    elif verb is Reinforce:
        seat.depot -= action.count_
        place(w, a, action.hex, action.count_)
    elif verb is Fly:
        targets = own_territories(w, a)
        if seat.depot >= len(targets):
            for h in targets:
                seat.depot -= 1
                place(w, a, h, 1)
        else:
            w.sub = ("fly", tuple(targets))
            w.step = "fly"
    elif verb is Stealth:
        seat.depot -= 1
        place(w, a, action.hex, 1)
    elif verb is Fright:
        w.sub = ("fright", leaf_action(w, index)[1], ())
        w.step = "fright"
    elif verb is Burn:
        h = action.hex
        killed = 0
        for o in w.present(h):
            if o != a:
                killed += w.count(h, o)
                w.destroy(h, o, w.count(h, o))
        w.gain_bravery(a, killed)
    elif verb is Bomb:
        take_meeple(w, a, action.from_)
        w.fill_defense(action.owner, action.spot, a)
    elif verb is Convert:
        take_meeple(w, a, action.from_)
        convert(w, action.owner, action.spot, action.player, a)
    elif verb is Produce:
        j = action.worker
        if j in w.pending:
            w.pending = without(w.pending, j)
        move_worker(w, a, j, action.node)
    elif verb is Up:
        w.pool = without(w.pool, action.token)
        seat.tokens = sorted_with(seat.tokens, action.token)


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
    return [text(FlyTo(h)) for h in w.sub[1]]


def apply_fly(w: Work, action: FlyTo) -> None:
    a = w.active
    h = action.hex
    w.seat(a).depot -= 1
    w.sub = ("fly", tuple(x for x in w.sub[1] if x != h))
    place(w, a, h, 1)
    if not w.sub[1] or not w.seats[a].depot:
        w.sub = ()
        w.step = "action"


def apply_fright(w: Work, action: Frighten) -> None:
    o, h, n = action
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

