"""Meeple War's state: frozen data only (hashable, tuples throughout).

Hexes are integers: ``(q + 128) * 256 + (r + 128)`` (see :mod:`board`), so a neighbour is one
addition away. Players are ``0..n-1`` in seating order; the turn order starts at ``first``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Slot:
    """A building on a village slot, with its worker and the meeples on its defense spaces."""

    building: str  # a code of data.BUILDINGS
    built: bool  # False: the construction side is up
    node: str  # the worker: "c<i>" (i moves done) on the construction path, else a path node
    defense: tuple[int, ...]  # owners of the meeples on the defense spaces, sorted


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's pieces off the map."""

    stock: int
    depot: int
    ladder: int  # bravery ladder position 0..6 (the ladder meeple itself is not in stock)
    mountain: int  # meeples on the Reputation Mountain (permanent VP)
    extra_vp: int  # VP scored when no meeple was left to put on the mountain (A11)
    tree: bool  # the Tree Hiding the Forest is still in hand
    tokens: tuple[str, ...]  # upgrade tokens in hand, sorted
    shields: int  # Shields Forge sources held since this player's last turn start (E2)
    available: tuple[str, ...]  # buildings that may still be built
    boxed: tuple[str, ...]  # destroyed buildings (out of the game)
    slots: tuple[Slot | None, ...]  # V1..V4
    # VP scored from bravery (D11), on the mountain or in extra_vp: the rest of mountain +
    # extra_vp came from destroyed buildings (E3, A9). Kept only for the score sheet.
    bravery_vp: int = 0


@dataclass(frozen=True)
class State:
    """A whole Meeple War position. Nothing in it is secret: the face-down pile is the set of
    tiles not yet seen, in no order, and each tile turned up is a chance outcome (``draw:T..``).

    Not slotted, unlike the other records: ``Work.freeze`` builds each new state by copying its
    source's instance dict and setting the changed fields, several times cheaper than calling
    ``__init__`` with 29 fields, and it runs once per action.
    """

    players: int
    options: tuple[str, ...]  # names of the rule options switched on, sorted
    first: int
    active: int
    turn: int  # turns begun, from 1
    phase: int  # 1..5 (B1), 0 once the game is over
    step: str  # the decision awaited: first (chance: the first player, B3), window, bonus, worker,
    # action, fly, fright, move, explore, draw (chance: the tile turned up), rotate, battle, over
    window: tuple[int, ...]  # token holders still to decide at this phase start (head decides)
    bonuses: tuple[tuple[int, str], ...]  # phase-1 bonuses left to resolve: (hex, asm|dep)
    temp_vp: int  # the active player's tower VP this turn
    weapons: int  # the active player's Weapons Forge sources this turn
    nature: bool  # the active player's Nature Control this turn
    workers: tuple[int, ...]  # phase 2: slots whose worker has still to move (head next)
    pending: tuple[int, ...]  # phase 3: slots whose action is still to do
    sub: tuple[Any, ...]  # an action in progress: ("fly", slot, hexes) / ("fright", left, arrivals)
    frozen: tuple[tuple[int, int], ...]  # (hex, n): active meeples there that may not move
    explore: tuple[tuple[int, tuple[int, ...]], ...]  # empty hexes entered: (hex, origins)
    drawn: tuple[int, ...]  # (hex,): the hex explored while its tile is drawn (step draw);
    # (hex, tile): the tile drawn for it, awaiting its rotation (step rotate); else ()
    altars_used: tuple[tuple[int, int], ...]  # (altar hex, player) used this turn
    effects: tuple[tuple[Any, ...], ...]  # interrupts: ("kill"|"jump", player, hex)
    pile: tuple[int, ...]  # the face-down tiles, sorted: every tile neither laid nor drawn
    tiles: tuple[tuple[int, int, int], ...]  # (hex, tile index, rotation), sorted
    upgrades: tuple[tuple[int, str], ...]  # (hex, token) on blank tiles, sorted
    trees: tuple[int, ...]  # edge keys cleared by a Tree token, sorted
    pool: tuple[str, ...]  # upgrade tokens still available, sorted
    troops: tuple[tuple[int, int, int], ...]  # (hex, player, count > 0), sorted
    seats: tuple[Seat, ...]
    result: tuple[Any, ...]  # () while playing, else (winners, ranking, reason)
    # Derived data kept for speed, never compared or serialized: (battlefield, troops map,
    # legal actions or None, seats list, frozen map), see ``work.Work``.
    # Only ``Work.freeze`` sets it; ``init=False`` keeps ``dataclasses.replace`` (and every other
    # constructor call) from carrying it over, so a state's aux always belongs to it.
    aux: tuple[Any, ...] = field(default=(), init=False, compare=False, hash=False, repr=False)


#: (hex, meeples per player) -> its entries in the troops field: rows recur all game long.
_ENTRIES: dict[tuple[int, tuple[int, ...]], list[tuple[int, int, int]]] = {}


def freeze_troops(troops: dict[int, tuple[int, ...]]) -> tuple[tuple[int, int, int], ...]:
    """Return the troops field of hex -> meeples per player (sorted, counts above 0)."""
    out: list[tuple[int, int, int]] = []
    for h in sorted(troops):
        key = (h, troops[h])
        entries = _ENTRIES.get(key)
        if entries is None:
            if len(_ENTRIES) > 100_000:  # rows of 3-4 players vary more: stay bounded
                _ENTRIES.clear()
            entries = _ENTRIES[key] = [(h, p, c) for p, c in enumerate(key[1]) if c]
        out += entries
    return tuple(out)


class _Lazy:
    """A field of a state whose instance dict may lack it: made from the state's ``aux`` on
    first read, then kept in the instance dict (which is looked up first).

    ``Work.freeze`` leaves out the troops when meeples moved, the seats when a seat changed and
    the frozen meeples when there are some, since random play and search never read them: they
    go on from the troops map, the seats list and the frozen map in ``aux``. None is changed
    once a state holds it (a working copy copies the maps, the list and a seat before a
    change), so the field made later is the one made at once.
    """

    def __init__(self, name: str, make: Callable[[tuple[Any, ...]], Any]) -> None:
        self.name = name
        self.make = make

    def __get__(self, state: State | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        value = state.__dict__[self.name] = self.make(state.aux)
        return value


def _frozen_seats(aux: tuple[Any, ...]) -> tuple[Seat, ...]:
    # the list holds frozen seats and work.SeatW copies (not imported here: work imports us)
    return tuple([s if type(s) is Seat else s.freeze() for s in aux[3]])


# Set after the class is made, so the dataclass does not take them for the fields' defaults.
setattr(State, "troops", _Lazy("troops", lambda aux: freeze_troops(aux[1])))  # noqa: B010
setattr(State, "seats", _Lazy("seats", _frozen_seats))  # noqa: B010
setattr(State, "frozen", _Lazy(  # noqa: B010
    "frozen", lambda aux: tuple(sorted([(h, k) for h, k in aux[4].items() if k]))))
