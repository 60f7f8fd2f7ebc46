"""The checked copy-on-write mode: a rule that writes to anything a frozen state shares raises.

The engines are fast because a new state shares most of its parts with the state it came
from (STYLE, "Performance inside a pure API"): Meeple War's states carry mutable maps and seat
records in ``aux`` that the next working copy takes over and copies only before a change
(``Work.seat``, ``Work.own_troops``); Sparta's carry the byte tables of its move generation;
Rise of Tribes' share tuples only. That holds by convention: a one-line slip in a rule
(``w.seats[p].stock += 5`` instead of ``w.seat(p).stock += 5``) writes into the state before,
silently (STYLE: "a trick that needs a convention to stay correct needs a checked mode").

In the checked mode every game's ``apply`` seals the state it starts from and the state it
returns (each game registers its sealer here, :func:`register`): the parts a state shares
with later working copies become read-only containers that raise :class:`SharedWrite` at the
write itself, and a sealer refuses a state that holds a mutable container where a frozen one
belongs. ``with checked():`` turns it on (the conformance suite runs its playouts so), as does
``MEEPLES_CHECKED=1`` in the environment for a whole process.

Off, it costs nothing: the mode swaps each game's ``Rules.apply`` for a sealing twin and back,
so the code run when it is off is the code run before it existed. What was sealed stays sealed
when the mode ends (states, and what the engines' caches share with them, such as Meeple War's
openings): correct rules never write to them, so a slip only raises earlier.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, SupportsIndex

#: Set to 1 to run a whole process in the checked mode (the test suite, a fuzzing run).
ENVIRONMENT = "MEEPLES_CHECKED"


class SharedWrite(RuntimeError):
    """A rule wrote to a part of a state that other states share (a bug in the rules, never
    bad input: raised only in the checked mode)."""


def _refuse(what: str) -> NoReturn:
    raise SharedWrite(f"write to a {what} that a frozen state shares: copy it first (the "
                      "working copy's own copy, e.g. Work.seat(p), Work.own_troops())")


class ReadOnlyDict(dict[Any, Any]):
    """A dict every write to which raises :class:`SharedWrite`; ``copy()`` is a plain dict."""

    __slots__ = ()

    def __setitem__(self, key: Any, value: Any) -> NoReturn:
        _refuse("map")

    def __delitem__(self, key: Any) -> NoReturn:
        _refuse("map")

    def __ior__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse("map")

    def clear(self) -> NoReturn:
        _refuse("map")

    def pop(self, *args: Any) -> NoReturn:
        _refuse("map")

    def popitem(self) -> NoReturn:
        _refuse("map")

    def setdefault(self, *args: Any) -> NoReturn:
        _refuse("map")

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse("map")


class ReadOnlyList(list[Any]):
    """A list every write to which raises :class:`SharedWrite`; ``copy()``, ``list(x)`` and
    slices are plain lists."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> NoReturn:
        _refuse("list")

    def __delitem__(self, index: Any) -> NoReturn:
        _refuse("list")

    def __iadd__(self, other: Iterable[Any]) -> NoReturn:  # type: ignore[misc]
        _refuse("list")

    def __imul__(self, count: SupportsIndex) -> NoReturn:
        _refuse("list")

    def append(self, value: Any) -> NoReturn:
        _refuse("list")

    def extend(self, values: Iterable[Any]) -> NoReturn:
        _refuse("list")

    def insert(self, index: SupportsIndex, value: Any) -> NoReturn:
        _refuse("list")

    def pop(self, index: SupportsIndex = -1) -> NoReturn:
        _refuse("list")

    def remove(self, value: Any) -> NoReturn:
        _refuse("list")

    def clear(self) -> NoReturn:
        _refuse("list")

    def reverse(self) -> NoReturn:
        _refuse("list")

    def sort(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse("list")


class ReadOnlyBytes(bytearray):
    """A bytearray every write to which raises :class:`SharedWrite`; ``copy()`` is a plain
    bytearray."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> NoReturn:
        _refuse("byte table")

    def __delitem__(self, index: Any) -> NoReturn:
        _refuse("byte table")

    def __iadd__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse("byte table")

    def __imul__(self, count: SupportsIndex) -> NoReturn:
        _refuse("byte table")

    def append(self, value: SupportsIndex) -> NoReturn:
        _refuse("byte table")

    def extend(self, values: Any) -> NoReturn:
        _refuse("byte table")

    def insert(self, index: SupportsIndex, value: SupportsIndex) -> NoReturn:
        _refuse("byte table")

    def pop(self, index: int = -1) -> NoReturn:
        _refuse("byte table")

    def remove(self, value: int) -> NoReturn:
        _refuse("byte table")

    def clear(self) -> NoReturn:
        _refuse("byte table")

    def reverse(self) -> NoReturn:
        _refuse("byte table")


def read_only_dict(value: dict[Any, Any]) -> ReadOnlyDict:
    """Return a read-only copy of a dict (the same object when it is one already)."""
    return value if isinstance(value, ReadOnlyDict) else ReadOnlyDict(value)


def read_only_list(value: list[Any]) -> ReadOnlyList:
    """Return a read-only copy of a list (the same object when it is one already)."""
    return value if isinstance(value, ReadOnlyList) else ReadOnlyList(value)


def read_only_bytes(value: bytearray) -> ReadOnlyBytes:
    """Return a read-only copy of a bytearray (the same object when it is one already)."""
    return value if isinstance(value, ReadOnlyBytes) else ReadOnlyBytes(value)


#: Values a frozen state may hold as they are: nothing in them can change.
_ATOMS = (int, str, float, bool, bytes, type(None))


def check_frozen(value: Any, where: str) -> None:
    """Refuse a value that holds a mutable container (lists, dicts, sets, bytearrays, at any
    depth inside tuples and frozensets).

    Raises:
        SharedWrite: one is found; ``where`` names the field it is in.
    """
    if isinstance(value, _ATOMS):
        return
    if isinstance(value, (tuple, frozenset)):
        for item in value:
            check_frozen(item, where)
        return
    raise SharedWrite(f"{where} holds a {type(value).__name__}, a mutable container that every "
                      "later working copy would share: freeze it (a tuple) before the state is "
                      "made")


Sealer = Callable[[Any], None]


class _Sealed:
    """A game's ``apply`` that seals the state it starts from and the state it returns."""

    __slots__ = ("apply", "seal")

    def __init__(self, apply: Callable[[Any, Any], Any], seal: Sealer) -> None:
        self.apply, self.seal = apply, seal

    def __call__(self, state: Any, action: Any) -> Any:
        # The state started from: it may come from a parser, a constructor or a run outside
        # the mode. The state returned: the next working copy takes its parts over.
        self.seal(state)
        after = self.apply(state, action)
        self.seal(after)
        return after


#: The registered games: their rules object and its sealer.
_GAMES: list[tuple[Any, Sealer]] = []
_depth = 0


def _from_environment() -> bool:
    return os.environ.get(ENVIRONMENT, "") not in ("", "0")


def _switch(rules: Any, seal: Sealer, on: bool) -> None:
    """Put the sealing twin of a rules object's ``apply`` on it, or take it off."""
    if on:
        vars(rules)["apply"] = _Sealed(type(rules).apply, seal)
    else:
        vars(rules).pop("apply", None)


def register(rules: Any, seal: Sealer) -> None:
    """Register a game's rules object (with a class attribute ``apply``) and its sealer: a
    function that makes the parts a state shares with later working copies read-only, in
    place, and raises :class:`SharedWrite` for a state holding a mutable part it cannot seal.
    The checked mode, when on, applies at once."""
    _GAMES.append((rules, seal))
    if is_checked():
        _switch(rules, seal, True)


def is_checked() -> bool:
    """Return whether the checked mode is on."""
    return _depth > 0 or _from_environment()


@contextmanager
def checked() -> Iterator[None]:
    """Run the block in the checked mode (nested blocks keep it on until the outermost ends)."""
    global _depth
    _depth += 1
    if _depth == 1:
        for rules, seal in _GAMES:
            _switch(rules, seal, True)
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0 and not _from_environment():
            for rules, seal in _GAMES:
                _switch(rules, seal, False)


def games() -> Iterator[tuple[Any, Sealer]]:
    """Yield each registered rules object with its sealer."""
    yield from _GAMES
