"""The mutable working copy of a state used inside ``rules.apply``, and the shared helpers every
rule module uses on it: members, villages (§2.9), victory points (R13). Chance is not here: the
rules stop at a chance node (``state.CHANCE_PHASES``) and the outcome drawn is the next action.

``apply`` thaws the frozen state into a :class:`Work`, mutates it, and freezes it back, so the
rule modules read like the rulebook ("remove one member") without copying tuples at every step.
"""

from __future__ import annotations

from typing import Any

from meeples.core import cow
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import FIELDS, Reader, State

#: Containers the working copy shares with its state, as tuples: the map and the tribes, which
#: no rule changes, and the ones the rules read in most actions but change in few, where a rule
#: replaces what it changes (:func:`put`, :func:`without`; the members, ``Work.set_pop``, and
#: the action rows, one row): a copy to lists and back at every action cost more than the few
#: changes.
_SHARED = {"tiles_on", "terrain", "special", "tribe", "villages", "slots", "moved", "hand",
           "used", "flags", "pop", "rows"}

#: Containers touched in most actions (a copy on first use costs more than copying up front):
#: copied to lists when the working copy is made (flat tuples of ints in the state).
_EAGER = ("pend", "queue")

#: The other containers, by depth: copied on first use (see :class:`_Lazy`).
_LAZY = {name: depth for name, depth in FIELDS
         if depth and name not in _SHARED and name not in _EAGER}

#: The fields held in the working copy's slots: the ints, the shared and the eager containers.
_SLOTTED = tuple(name for name, _ in FIELDS if name not in _LAZY)


class Won(Exception):
    """Raised the moment a player reaches 15 VP: the game ends in the middle of any effect."""


class Work(Reader):
    """A mutable copy of a :class:`State` (same field names; lists instead of tuples, but for the
    shared fields, ``_SHARED``, which a rule replaces whole)."""

    # The lazily copied containers live in the instance dict, put there by their _Lazy
    # descriptor. No __getattr__ hook: it would slow down every attribute read of the rules.
    __slots__ = _SLOTTED + ("_src", "__dict__")

    n: int
    classic: int
    leaders: int
    elders_on: int
    tiles_on: list[int]
    terrain: list[int]
    special: list[int]
    volcano: int
    pop: tuple[tuple[int, ...], ...]
    inv_hex: int
    inv: int
    villages: tuple[int, ...]
    elder_at: list[int]
    res: list[list[int]]
    score: list[int]
    tribe: list[int]
    rows: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    decks: list[list[int]]
    bottoms: list[list[int]]
    progress: list[list[int]]
    completed: list[list[int]]
    ev_deck: list[int]
    ev_discard: list[int]
    slots: tuple[int, ...]
    tokens: list[list[int]]
    acquired: list[list[int]]
    mammoth: int
    tamed: list[int]
    tiger: int
    first: int
    active: int
    decider: int
    phase: int
    pend: list[int]
    queue: list[int]
    used: tuple[int, ...]
    moved: tuple[int, ...]
    left: int
    to_draw: int
    drawn: list[int]
    power: int
    flags: tuple[int, ...]
    evstep: int
    evface: int
    rnd: int
    winner: int
    over: int
    scored: list[list[int]]
    _src: State

    @classmethod
    def thaw(cls, state: State) -> Work:
        """Return a mutable copy of a state (most containers are copied on first use)."""
        return _thaw(cls, state)  # type: ignore[no-any-return]

    def peek(self, name: str) -> Any:
        """Return a container field to read, not change: the source's while it is not copied
        (reading a lazy field copies it, a waste for a rule that only looks)."""
        copied = self.__dict__
        if name in copied or name not in _LAZY:
            return getattr(self, name)
        return getattr(self._src, name)

    def freeze(self) -> State:
        """Return the frozen state of this working copy (containers never read are shared)."""
        return _freeze(self)  # type: ignore[no-any-return]

    # --- hexes and members --------------------------------------------------------------------

    def gain_vp(self, p: int, amount: int, source: int) -> None:
        """Award VP one at a time, from a source (an index of ``data.VP_SOURCES``); raise
        :class:`Won` when p reaches 15 (R13)."""
        if amount <= 0:
            return  # a turn start without villages: no copy of the scored table
        scored = self.scored[p]
        for _ in range(amount):
            self.score[p] += 1
            scored[source] += 1
            if self.score[p] >= data.WIN_VP:
                self.winner = p
                self.over = 1
                self.phase = 22
                raise Won

    def gain(self, p: int, kind: int, amount: int = 1) -> None:
        self.res[p][kind] += amount

    def remove(self, h: int, p: int, amount: int = 1) -> None:
        """Remove members of p from a hex to their supply, then check villages (§2.9)."""
        self.set_pop(h, p, self.pop[h][p] - amount)
        self.check_villages()

    def set_pop(self, h: int, p: int, members: int) -> None:
        """Set the members of p in a hex (``pop`` is shared with the state, as tuples: a rule
        replaces the row it changes, where copying every row to lists and back cost more)."""
        pop = self.pop
        row = pop[h]
        self.pop = pop[:h] + (row[:p] + (members,) + row[p + 1:],) + pop[h + 1:]

    def add(self, h: int, p: int, amount: int = 1) -> None:
        self.set_pop(h, p, self.pop[h][p] + amount)
        self.check_villages()

    def check_villages(self) -> None:
        """Destroy every village whose owner has no member in its hex (§2.9)."""
        for h, owner in enumerate(self.villages):
            if owner >= 0 and not self.village_holds(h, owner):
                self.destroy_village(h)

    def destroy_village(self, h: int) -> None:
        owner = self.villages[h]
        self.villages = put(self.villages, h, -1)
        if self.elder_at[owner] == h:
            self.elder_at[owner] = -1
            if self.active != owner and self.phase != 0:
                self.gain_vp(self.active, 1, data.VP_ELDER)  # R5

    def discard_slot(self, slot: int) -> None:
        """Put the event of a slot on the discard pile; its tokens go to the supply."""
        self.ev_discard.append(self.slots[slot])
        self.slots = put(self.slots, slot, -1)
        self.tokens[slot] = [0, 0, 0]


def put(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """Return a shared flat field (``_SHARED``) with entry ``i`` replaced."""
    return values[:i] + (value,) + values[i + 1:]


def without(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    """Return a shared flat field (``_SHARED``) without its first entry equal to ``value``.

    Raises:
        ValueError: no entry is equal to it.
    """
    i = values.index(value)
    return values[:i] + values[i + 1:]


def seal(state: State) -> None:
    """Refuse a state holding a mutable container (the checked copy-on-write mode,
    :mod:`meeples.core.cow`). Every field of a state is a tuple, so a write to one raises
    already; but a working copy shares the ``_SHARED`` fields as they are, so a rule that put a
    list there (``w.villages = [*w.villages]``, to change it in place) would leave it in the
    state, where every later working copy would change it under the states before.

    Raises:
        SharedWrite: a field holds a list (or another mutable container).
    """
    for name, _ in FIELDS:
        cow.check_frozen(getattr(state, name), f"the field {name!r} of a Rise of Tribes state")


class _Lazy:
    """A container field of the working copy, copied from the source state on first access.

    A non-data descriptor: the copy it stores in the instance dict hides it from then on, and
    :meth:`Work.freeze` takes every container found in that dict (copied, or replaced whole).
    """

    __slots__ = ("name", "depth")

    def __init__(self, name: str, depth: int) -> None:
        self.name, self.depth = name, depth

    def __get__(self, w: Work | None, owner: type | None = None) -> Any:
        if w is None:  # read on the class itself
            return self
        value: Any = getattr(w._src, self.name)
        # [*x] copies like list(x) without a call (cheaper in CPython 3.11), here and in thaw
        value = [*value] if self.depth == 1 else [[*v] for v in value]
        w.__dict__[self.name] = value
        return value


for _name, _depth in _LAZY.items():
    setattr(Work, _name, _Lazy(_name, _depth))


class _Frozen(Reader):
    """The slot layout of :class:`State` without its frozen ``__setattr__``: ``freeze`` fills one
    with plain slot stores and then makes it a State (same layout, so the class may change),
    where the State's slot descriptors would cost a call per field."""

    __slots__ = State.__slots__


def _build() -> tuple[Any, Any]:
    """Generate the thaw and freeze functions for the field table (profiling: the generic
    getattr/setattr loops took half of the time of a random playout)."""
    lines = ["def thaw(cls, state):", "    w = new(cls)", "    w._src = state"]
    lines += [f"    w.{name} = [*state.{name}]" if name in _EAGER
              else f"    w.{name} = state.{name}" for name in _SLOTTED]
    lines.append("    return w")
    # freeze takes every lazy container from the source, then puts back the few copied (none
    # in most actions): one test of the instance dict, not one per lazy field.
    lines += ["def freeze(w):", "    src = w._src", "    o = new(Frozen)"]
    for name, _ in FIELDS:
        if name in _LAZY:
            value = f"src.{name}"
        elif name in _EAGER:
            value = f"tuple(w.{name})"
        else:
            value = f"w.{name}"
        lines.append(f"    o.{name} = {value}")
    lines += ["    copied = w.__dict__", "    if copied:",
              "        for name, value in copied.items():", "            put_back[name](o, value)",
              "    o.__class__ = State", "    return o"]
    for name, depth in _LAZY.items():
        conv = "tuple(value)" if depth == 1 else "tuple(map(tuple, value))"
        lines += [f"def put_{name}(o, value):", f"    o.{name} = {conv}"]
    lines.append("put_back.update({" + ", ".join(f"{n!r}: put_{n}" for n in _LAZY) + "})")
    scope: dict[str, Any] = {"State": State, "Frozen": _Frozen, "new": object.__new__,
                             "put_back": {}}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the fixed field table
    return scope["thaw"], scope["freeze"]


_thaw, _freeze = _build()


def replacer(*names: str) -> Any:
    """Return a function ``(state, *values) -> State``: the state with these fields replaced,
    in this order (each a final, frozen value), every other field shared.

    Generated for its fields, like thaw and freeze: a die's roll or a setup draw changes one to
    three fields, where a thaw and freeze copy the mutable ones (``rules.roll_fast``; profiling:
    11 -> 3 us a roll through a generic ``setattr`` loop, 0.5 us generated)."""
    unknown = [name for name in names if name not in State.__slots__]
    if unknown or len(set(names)) != len(names):
        raise ValueError(f"not distinct fields of a state: {names!r}")
    args = [f"v_{name}" for name in names]
    lines = [f"def replace(state, {', '.join(args)}):", "    o = new(Frozen)"]
    lines += [f"    o.{name} = v_{name}" if name in names else f"    o.{name} = state.{name}"
              for name, _ in FIELDS]
    lines += ["    o.__class__ = State", "    return o"]
    scope: dict[str, Any] = {"State": State, "Frozen": _Frozen, "new": object.__new__}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the fixed field table
    return scope["replace"]


# The generated functions become the methods themselves (documented above): one call per
# action each instead of two.
_thaw.__doc__, _freeze.__doc__ = Work.thaw.__doc__, Work.freeze.__doc__
Work.thaw = classmethod(_thaw)  # type: ignore[method-assign,assignment]
Work.freeze = _freeze  # type: ignore[method-assign]
