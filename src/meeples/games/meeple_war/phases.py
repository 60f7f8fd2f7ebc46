"""Phases 1 and 2, and the token windows (rulebook "Territory Bonus", "Workers Movement",
"Territory Upgrades"; sheet B1, B5, A1, A5, A18).

Token window (B5): at the start of each phase the active player, then the others clockwise, may
place upgrade tokens or their Tree; a holder is asked only when they have a playable token.
"""

from __future__ import annotations

from meeples.games.meeple_war import board, grammar
from meeples.games.meeple_war.cards import card
from meeples.games.meeple_war.data import BUILDINGS, TILES
from meeples.games.meeple_war.grammar import Bonus, Tree, Upgrade, Worker
from meeples.games.meeple_war.movement import place
from meeples.games.meeple_war.state import Slot
from meeples.games.meeple_war.work import Work, make_slot, without

#: The text of a typed action.
text = grammar.text

# --- token windows ---------------------------------------------------------------------------


def open_forest_edges(w: Work) -> list[int]:
    """Return the keys of edges with forest on a face and no Tree yet, sorted (do not change)."""
    return w.battlefield.open_forest_edges()


def upgradable(w: Work) -> list[int]:
    """Return the blank tiles without an upgrade token (A18), sorted (do not change)."""
    return w.battlefield.upgradable()


def token_options(w: Work, p: int) -> list[str]:
    """Return p's token plays (without ``done``)."""
    out = []
    seat = w.seats[p]
    if seat.tree:
        for key in open_forest_edges(w):
            h, d = board.edge_of_key(key)
            out.append(text(Tree(h, d)))
    if seat.tokens:
        spots = upgradable(w)
        for tok in sorted(set(seat.tokens)):
            out.extend(text(Upgrade(tok, h)) for h in spots)
    return out


def token_holders(w: Work) -> tuple[int, ...]:
    """Return, active player first then clockwise, who may place a token now.

    A holder has the Tree and a forest edge is open, or a token and a blank tile is free.
    """
    n = w.players
    seats = w.seats
    for seat in seats:
        if seat.tree or seat.tokens:
            break
    else:
        return ()  # the usual case once the Trees are down: no need to look at the map
    edges = bool(w.battlefield.open_forest_edges())
    spots = bool(w.battlefield.upgradable())
    out = []
    for i in range(n):
        p = (w.active + i) % n
        seat = seats[p]
        if (edges and seat.tree) or (spots and seat.tokens):
            out.append(p)
    return tuple(out)


def apply_token(w: Work, p: int, action: Tree | Upgrade) -> None:
    """Place a Tree or an upgrade token."""
    if isinstance(action, Tree):
        w.place_tree(board.edge_key(action.hex, action.side))
        w.seat(p).tree = False
    else:
        tok = action.token
        w.place_upgrade(action.hex, tok)
        seat = w.seat(p)
        seat.tokens = without(seat.tokens, tok)


# --- phase 1: territory bonus ----------------------------------------------------------------


def check_bonuses(w: Work) -> None:
    """Collect the active player's structure bonuses: 2+ meeples on the tile now (phase 1)."""
    a = w.active
    if w.seats[a].shields:
        w.seat(a).shields = 0
    for h in sorted(w.troops):
        if w.troops[h][a] < 2 or h not in w.tiles:
            continue
        tile = TILES[w.tiles[h][0]]
        w.temp_vp += tile.vp
        w.vp_moved = True
        bonus = w.bonus(h)
        if bonus in ("asm", "dep"):
            w.bonuses += ((h, bonus),)
        elif bonus == "nat":
            w.nature = True
        elif bonus == "wpn":
            w.weapons += 1
        elif bonus == "shd":
            w.seat(a).shields += 1


def deploy_one_targets(w: Work, source: int) -> list[int]:
    """Return where a Deploy One Meeple bonus may place (A19, option D10)."""
    targets = {w.gate[w.active], source}
    if w.option("deploy_one_any_village_tile"):
        targets.update(h for h in w.tiles if w.bonus(h) == "dep")
    return sorted(targets)


def bonus_options(w: Work) -> list[str]:
    seat = w.seats[w.active]
    out = []
    for h, kind in w.bonuses:
        if kind == "asm" and seat.stock:
            out.append(text(Bonus(h)))
        elif kind == "dep" and seat.depot:
            out.extend(text(Bonus(h, t)) for t in deploy_one_targets(w, h))
    return out


def apply_bonus(w: Work, action: Bonus) -> None:
    a = w.active
    seat = w.seat(a)
    h, target = action
    for i, (bh, _) in enumerate(w.bonuses):
        if bh == h:
            w.bonuses = w.bonuses[:i] + w.bonuses[i + 1:]
            break
    if target is None:
        seat.stock -= 1
        seat.depot += 1
    else:
        seat.depot -= 1
        place(w, a, target, 1)


# --- phase 2: workers ------------------------------------------------------------------------


def worker_exits(slot: Slot, options: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Return the nodes a worker may move to (construction: the next space); ``options``, the
    state's, may name a quick-start setup that changes a path (``QuickStartSetup.exits``)."""
    if not slot.built:
        return _NEXT_SITE_SPACE[slot.node]
    return card(slot.building, options).path.get(slot.node, ("S",))


#: Construction path space -> the one after it ("c0" -> ("c1",)), longer than any path.
_NEXT_SITE_SPACE = {f"c{i}": (f"c{i + 1}",) for i in range(16)}
#: (slot index, node) -> the text of a worker move.
_WORKER_TEXTS = grammar.texts(Worker)


def move_worker(w: Work, p: int, index: int, node: str) -> None:
    """Move a worker one space; flip at construction end (A5); a leaf's action becomes due."""
    slot = w.seats[p].slots[index]
    assert slot is not None
    b = BUILDINGS[slot.building]
    if not slot.built:
        if int(node[1:]) >= b.construction_length:
            w.clear_defense(p, index, score=False)
            w.seat(p).slots[index] = make_slot(slot.building, True, "S", ())
        else:
            w.seat(p).slots[index] = make_slot(slot.building, False, node, slot.defense)
        return
    w.seat(p).slots[index] = make_slot(slot.building, True, node, slot.defense)
    leaf = card(slot.building, w.options).leaves.get(node)
    if leaf is not None and leaf[0] != "recycle" and index not in w.pending:
        w.pending += (index,)


def start_workers(w: Work) -> None:
    a = w.active
    w.workers = tuple(i for i, s in enumerate(w.seats[a].slots) if s is not None)
    advance_workers(w)


def advance_workers(w: Work) -> None:
    """Move every worker that has a single way forward, stopping at a branch."""
    while w.workers:
        slot = w.seats[w.active].slots[w.workers[0]]
        index = w.workers[0]
        if slot is None:
            w.workers = w.workers[1:]
            continue
        exits = worker_exits(slot, w.options)
        if len(exits) > 1:
            return
        w.workers = w.workers[1:]
        move_worker(w, w.active, index, exits[0])


def worker_options(w: Work) -> list[str]:
    if not w.workers:
        return []
    index = w.workers[0]
    slot = w.seats[w.active].slots[index]
    assert slot is not None
    return [_WORKER_TEXTS[index, node] for node in worker_exits(slot, w.options)]


def apply_worker(w: Work, action: Worker) -> None:
    index = action.slot
    workers = w.workers
    w.workers = workers[1:] if workers and workers[0] == index else without(workers, index)
    move_worker(w, w.active, index, action.node)
    advance_workers(w)
