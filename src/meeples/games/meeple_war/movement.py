"""Phase 4, meeple movement, and the special territories (rulebook "Meeple Movement on the
Battlefield", "Special Territories"; sheet B1, B2, B7, A12, A13, A15, A17, D7, D8, D16).

A move (``grammar.Move``, written ``q,r>q2,r2:k``) takes k meeples from one hex to one
destination: an adjacent territory, an empty hex to explore, an adjacent enemy building slot, a
territory within 2 of a Cavern, or another Mine exit (from a Mine, or through an adjacent Mine
free of opponents, whose jump is immediate). Each meeple moves once.
"""

from __future__ import annotations

from meeples.games.meeple_war import board, grammar
from meeples.games.meeple_war.battlefield import EMPTY, EXIT, SLOT, Reach, move_texts
from meeples.games.meeple_war.grammar import Kill, Move, Vp
from meeples.games.meeple_war.work import Work

#: The text of a typed action.
text = grammar.text


def mines(w: Work) -> tuple[int, ...]:
    """Return the hexes of the Mine tiles, sorted."""
    return w.battlefield.mines


def place(w: Work, p: int, h: int, k: int) -> None:
    """Put k meeples of p (already taken from their source) on territory h (A13, A15)."""
    if k <= 0:
        return
    w.add(h, p, k)
    if w.has_opponent(h, p):
        if p == w.active:
            w.frozen[h] = w.frozen.get(h, 0) + k
    elif w.kind(h) == "altar":
        trigger_altar(w, p, h)


def trigger_altar(w: Work, p: int, h: int) -> None:
    """Meeples of p entered altar h: sacrifice one, then maybe kill within 2 (A13, D16)."""
    key = (h, p if w.option("altar_once_per_player") else -1)
    if key in w.altars_used or not w.count(h, p):
        return
    w.altars_used += (key,)
    if p == w.active and w.frozen.get(h, 0):
        w.frozen[h] -= 1  # the sacrifice is one of the meeples that just entered
    w.destroy(h, p, 1)
    if kill_options(w, p, h):
        w.effects += (("kill", p, h),)


def kill_options(w: Work, p: int, altar: int) -> list[str]:
    """Return the opposing meeples on territories within 2 of the altar (not on buildings)."""
    out: list[str] = []
    for h in (altar, *board.within_2(altar)):
        if h in w.tiles:
            out.extend(text(Kill(o, h)) for o in w.present(h) if o != p)
    return out


def apply_kill(w: Work, p: int, action: Kill) -> None:
    w.destroy(action.hex, action.player, 1)
    w.gain_bravery(p, 1)


def vp_options(w: Work, p: int) -> list[str]:
    """Return the hexes a bravery VP meeple may come from when stock and Depot are empty."""
    if not w.seats[p].extra_vp:
        return []
    return [text(Vp(h)) for h in sorted(w.troops) if w.troops[h][p]]


def apply_vp(w: Work, p: int, action: Vp) -> None:
    w.remove(action.hex, p, 1)
    seat = w.seat(p)
    seat.extra_vp -= 1  # counted already: the VP stay as they were
    seat.mountain += 1


def jump_options(w: Work, p: int, h: int) -> list[str]:
    """Return the tunnel jumps of p's meeples standing on mine h (A12)."""
    here = w.count(h, p)
    return [t for e in mines(w) if e != h for t in move_texts(h, e)[:here]]


def apply_jump(w: Work, p: int, action: Move) -> None:
    src, dest, k = action
    w.remove(src, p, k)
    w.add(dest, p, k)


def destinations(w: Work, h: int, a: int) -> list[tuple[int, int, tuple[str, ...]]]:
    """Return (destination, most meeples that may go there, move texts) for a's meeples on h,
    sorted by destination."""
    reach = w.battlefield.reach(h, w.nature)
    tunnels = room = None
    out = []
    for n, opens, texts, slot in reach.candidates:
        cap = 99
        if opens == EXIT:
            if tunnels is None:
                tunnels = has_tunnel(w, reach.mines, a)
            if not tunnels:
                continue
        elif opens == SLOT:
            cap = slot_room(w, slot[0], slot[1], a)
            if cap <= 0:
                continue
        elif opens == EMPTY:
            if room is None:
                room = has_room(w)
            if not room and n not in w.explore:
                continue
        out.append((n, cap, texts))
    return out


def has_tunnel(w: Work, mines: tuple[int, ...], a: int) -> bool:
    """Return whether one of these mines is free of a's opponents: then every Mine opens (A12)."""
    troops = w.troops
    for m in mines:
        row = troops.get(m)
        if row is None or sum(row) == row[a]:  # w.has_opponent inlined: checked at every move
            return True
    return False


def has_room(w: Work) -> bool:
    """Return whether the pile can cover one more explored hex (B2)."""
    return len(w.explore) < len(w.pile)


def slot_room(w: Work, owner: int, index: int, a: int) -> int:
    """Return the free defense spaces a's meeples may enter on a village slot (0 or less: none):
    never one's own buildings, nor an empty slot (B1)."""
    building = w.seats[owner].slots[index]
    if owner == a or building is None:
        return 0
    return w.slot_capacity(building) - len(building.defense)


def move_options(w: Work) -> list[str]:
    a = w.active
    out: list[str] = []
    troops = w.troops
    field = w.battlefield
    kinds = field.kinds
    frozen = w.frozen
    room = None
    for h in sorted(troops):
        movable = troops[h][a]
        if movable and frozen:
            movable -= frozen.get(h, 0)
        if movable <= 0 or h not in kinds:
            continue
        reach = field.reach(h, w.nature)
        if reach.has_empty:
            if room is None:
                room = has_room(w)
            if not room:  # then each empty hex depends on the explorations: no shortcut
                for _, cap, texts in destinations(w, h, a):
                    out.extend(texts[:movable if movable < cap else cap])
                continue
        # What is left to check (tunnels, room in buildings) makes the key of the texts kept
        # per reach, valid while the battlefield is (see Battlefield).
        tunnels = bool(reach.mines) and has_tunnel(w, reach.mines, a)
        rooms = tuple(slot_room(w, owner, index, a) for owner, index in reach.slots
                      ) if reach.slots else ()
        key = (movable, tunnels, rooms)
        moves = reach.moves.get(key)
        if moves is None:
            moves = reach.moves[key] = texts_for(reach, movable, tunnels, rooms)
        out += moves
    return out


def texts_for(reach: Reach, movable: int, tunnels: bool, rooms: tuple[int, ...]) -> list[str]:
    """Return the move texts of a reach, as destinations would allow them."""
    out: list[str] = []
    left = iter(rooms)
    for _, opens, texts, _ in reach.candidates:
        cap = movable
        if opens == EXIT and not tunnels:
            continue
        if opens == SLOT:
            cap = min(movable, next(left))
            if cap <= 0:
                continue
        out.extend(texts[:cap])
    return out


def apply_move(w: Work, action: Move) -> None:
    a = w.active
    src, dest, k = action
    w.remove(src, a, k)
    if dest in w.village:
        owner, index = w.village[dest]
        for _ in range(k):
            w.fill_defense(owner, index, a)
        return
    w.add(dest, a, k)
    w.frozen[dest] = w.frozen.get(dest, 0) + k
    if dest not in w.tiles:
        origins = w.explore.setdefault(dest, [])
        if src not in origins:
            origins.append(src)
    elif w.kind(dest) == "altar" and not w.has_opponent(dest, a):
        trigger_altar(w, a, dest)
