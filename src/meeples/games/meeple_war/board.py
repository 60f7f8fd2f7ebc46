"""Hex geometry of Meeple War, precomputed: hex codes, neighbours, forests, distances.

A hex ``(q, r)`` is coded ``(q + 128) * 256 + (r + 128)`` so a neighbour is ``h + DELTA[d]``.
An edge is keyed by the hex on its E/NE/NW side: ``hex * 8 + d`` with ``d`` in 0..2.
"""

from __future__ import annotations

from functools import cache

from meeples.games.meeple_war.data import DIRECTIONS, SEATS, TILES

DELTA = tuple(dq * 256 + dr for dq, dr in DIRECTIONS)


def hex_of(q: int, r: int) -> int:
    """Return the code of hex (q, r)."""
    return (q + 128) * 256 + (r + 128)


def coords(h: int) -> tuple[int, int]:
    """Return (q, r) of a hex code."""
    return h // 256 - 128, h % 256 - 128


_NAMES: dict[int, str] = {}


def hex_name(h: int) -> str:
    """Return the text of a hex, e.g. ``2,-2``."""
    name = _NAMES.get(h)
    if name is None:
        q, r = coords(h)
        name = _NAMES[h] = f"{q},{r}"
    return name


def parse_hex(text: str) -> int:
    """Return the hex code of a text such as ``2,-2``.

    Raises:
        ValueError: not two integers separated by a comma.
    """
    q, _, r = text.partition(",")
    qi, ri = int(q), int(r)
    if not (-100 < qi < 100 and -100 < ri < 100):
        raise ValueError(f"hex {text!r} is too far out")
    return hex_of(qi, ri)


@cache
def distance(a: int, b: int) -> int:
    """Return the hex distance between two hexes."""
    (q1, r1), (q2, r2) = coords(a), coords(b)
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def direction_between(a: int, b: int) -> int:
    """Return d with ``a + DELTA[d] == b`` (-1 when not adjacent)."""
    diff = b - a
    return DELTA.index(diff) if diff in DELTA else -1


def edge_key(h: int, d: int) -> int:
    """Return the key of the edge on side d of hex h (both faces share it)."""
    if d < 3:
        return h * 8 + d
    return (h + DELTA[d]) * 8 + d - 3


def edge_of_key(key: int) -> tuple[int, int]:
    """Return (hex, d) of an edge key, d in 0..2."""
    return key // 8, key % 8


#: FOREST[tile][rotation]: 6-bit mask of the absolute directions with forest.
FOREST = tuple(
    tuple(sum(1 << ((side + rot) % 6) for side in tile.forest) for rot in range(6))
    for tile in TILES
)


def within(h: int, radius: int) -> tuple[int, ...]:
    """Return the hexes at distance 1..radius of h."""
    q0, r0 = coords(h)
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            if dq or dr:
                out.append(hex_of(q0 + dq, r0 + dr))
    return tuple(out)


WITHIN_2: dict[int, tuple[int, ...]] = {}


def within_2(h: int) -> tuple[int, ...]:
    """Return the hexes at distance 1 or 2 of h (cached)."""
    found = WITHIN_2.get(h)
    if found is None:
        found = WITHIN_2[h] = within(h, 2)
    return found


#: Per player count: slot hexes of each seat (V1..V4), and all village hexes.
SLOT_HEXES = {
    n: tuple(tuple(hex_of(*s) for s in seat.slots) for seat in seats)
    for n, seats in SEATS.items()
}
GATE_HEXES = {n: tuple(hex_of(*seat.gate) for seat in seats) for n, seats in SEATS.items()}
VILLAGE = {
    (n, first): {
        h: ((seat + first) % n, i) for seat, hexes in enumerate(slots) for i, h in enumerate(hexes)
    }
    for n, slots in SLOT_HEXES.items()
    for first in range(n)
}


def seat_of(player: int, first: int, n: int) -> int:
    """Return the setup seat (P1 = 0) of a player, given the first player (B3)."""
    return (player - first) % n


def gate_of(player: int, first: int, n: int) -> int:
    """Return the hex of the territory in front of a player's gate."""
    return GATE_HEXES[n][seat_of(player, first, n)]
