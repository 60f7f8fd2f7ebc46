"""The mutable working copy of a state used inside ``rules.apply``, and the shared helpers every
rule module uses on it: members, villages (§2.9), victory points (R13), chance (seeded rng).

``apply`` thaws the frozen state into a :class:`Work`, mutates it, and freezes it back, so the
rule modules read like the rulebook ("remove one member") without copying tuples at every step.
"""

from __future__ import annotations

from typing import Any

from meeples.core import rng as rngmod
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import FIELDS, Reader, State


class Won(Exception):
    """Raised the moment a player reaches 15 VP: the game ends in the middle of any effect."""


class Work(Reader):
    """A mutable copy of a :class:`State` (same field names, lists instead of tuples)."""

    __slots__ = tuple(name for name, _ in FIELDS) + ("adj", "_src", "_touched")

    n: int
    classic: int
    leaders: int
    elders_on: int
    tiles_on: list[int]
    terrain: list[int]
    special: list[int]
    volcano: int
    pop: list[list[int]]
    inv_hex: int
    inv: int
    villages: list[int]
    elder_at: list[int]
    res: list[list[int]]
    score: list[int]
    tribe: list[int]
    rows: list[list[int]]
    hand: list[int]
    decks: list[list[int]]
    progress: list[list[int]]
    completed: list[list[int]]
    ev_deck: list[int]
    ev_discard: list[int]
    slots: list[int]
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
    used: list[int]
    moved: list[int]
    left: int
    power: int
    flags: list[int]
    evstep: int
    evface: int
    rnd: int
    rng: int
    winner: int
    over: int
    adj: tuple[tuple[int, ...], ...]
    _src: State
    _touched: set[str]

    @classmethod
    def thaw(cls, state: State) -> Work:
        """Return a mutable copy of a state (containers are copied on first use)."""
        return _thaw(cls, state)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        # Called only for a container slot not yet copied: copy it from the frozen source.
        depth = _DEPTH.get(name)
        if not depth:
            raise AttributeError(name)
        value: Any = getattr(self._src, name)
        value = list(value) if depth == 1 else [list(v) for v in value]
        object.__setattr__(self, name, value)
        self._touched.add(name)
        return value

    def freeze(self) -> State:
        """Return the frozen state of this working copy (untouched containers are shared)."""
        return _freeze(self)  # type: ignore[no-any-return]

    # --- chance -------------------------------------------------------------------------------

    def randbelow(self, k: int) -> int:
        """Return a uniform int in [0, k) from the state's generator."""
        value, self.rng = rngmod.randbelow(self.rng, k)
        return value

    def roll(self) -> int:
        """Return the face of one rolled die (§4.2)."""
        return data.DIE_FACES[self.randbelow(len(data.DIE_FACES))]

    def shuffle(self, items: list[int]) -> list[int]:
        """Return the items in a random order."""
        out, self.rng = rngmod.shuffled(self.rng, items)
        return list(out)

    # --- hexes and members --------------------------------------------------------------------

    def gain_vp(self, p: int, amount: int) -> None:
        """Award VP one at a time; raise :class:`Won` when p reaches 15 (R13)."""
        for _ in range(amount):
            self.score[p] += 1
            if self.score[p] >= data.WIN_VP:
                self.winner = p
                self.over = 1
                self.phase = 22
                raise Won

    def gain(self, p: int, kind: int, amount: int = 1) -> None:
        self.res[p][kind] += amount

    def remove(self, h: int, p: int, amount: int = 1) -> None:
        """Remove members of p from a hex to their supply, then check villages (§2.9)."""
        self.pop[h][p] -= amount
        self.check_villages()

    def add(self, h: int, p: int, amount: int = 1) -> None:
        self.pop[h][p] += amount
        self.check_villages()

    def check_villages(self) -> None:
        """Destroy every village whose owner has no member in its hex (§2.9)."""
        for h, owner in enumerate(self.villages):
            if owner >= 0 and not self.village_holds(h, owner):
                self.destroy_village(h)

    def destroy_village(self, h: int) -> None:
        owner = self.villages[h]
        self.villages[h] = -1
        if self.elder_at[owner] == h:
            self.elder_at[owner] = -1
            if self.active != owner and self.phase != 0:
                self.gain_vp(self.active, 1)  # R5

    def discard_slot(self, slot: int) -> None:
        """Put the event of a slot on the discard pile; its tokens go to the supply."""
        self.ev_discard.append(self.slots[slot])
        self.slots[slot] = -1
        self.tokens[slot] = [0, 0, 0]



#: Containers no rule ever changes (the map and the tribes): the working copy shares the frozen
#: tuples instead of copying them on first read.
_SHARED = {"tiles_on", "terrain", "special", "tribe"}

_DEPTH = {name: 0 if name in _SHARED else depth for name, depth in FIELDS}


#: Containers the rules often replace whole (a lazy copy would miss a replacement made without
#: reading the field first) or touch in most actions (the first-use copy through ``__getattr__``
#: costs more than copying up front): copied eagerly; the others are copied on first use. The
#: event deck and discard stay lazy: every rule that replaces them reads them first.
_EAGER = {"pend", "queue", "used", "moved", "flags", "hand", "villages", "slots"}


def _build() -> tuple[Any, Any]:
    """Generate the thaw and freeze functions for the field table (profiling: the generic
    getattr/setattr loops took half of the time of a random playout)."""
    lines = ["def thaw(cls, state):", "    w = cls.__new__(cls)", "    w._src = state",
             "    w._touched = set()", "    w.adj = ADJ[state.n]"]
    lines += [f"    w.{name} = state.{name}" for name, depth in FIELDS if _DEPTH[name] == 0]
    lines += [f"    w.{name} = list(state.{name})" if _DEPTH[name] == 1
              else f"    w.{name} = list(map(list, state.{name}))" for name in sorted(_EAGER)]
    lines.append("    return w")
    # The frozen state is built slot by slot through the slot descriptors: the same object as
    # State(...) gives, without the frozen dataclass __init__'s object.__setattr__ per field.
    lines += ["def freeze(w):", "    src = w._src", "    t = w._touched", "    o = new(State)"]
    for name, depth in FIELDS:
        conv = f"tuple(w.{name})" if depth == 1 else f"tuple(map(tuple, w.{name}))"
        if _DEPTH[name] == 0:
            value = f"w.{name}"
        elif name in _EAGER:
            value = conv
        else:
            value = f"({conv} if {name!r} in t else src.{name})"
        lines.append(f"    set_{name}(o, {value})")
    lines.append("    return o")
    scope: dict[str, Any] = {"State": State, "ADJ": data.ADJACENT, "new": object.__new__}
    scope.update({f"set_{name}": State.__dict__[name].__set__ for name, _ in FIELDS})
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the fixed field table
    return scope["thaw"], scope["freeze"]


_thaw, _freeze = _build()
