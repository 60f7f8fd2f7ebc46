"""Meeple War in the checked copy-on-write mode (:mod:`meeples.core.cow`): sealing a state.

A state made by ``Work.freeze`` hands its working copy's containers on in ``aux``: the troops
map, the seats list (whose entries may be the working copy's own mutable ``SeatW`` records,
with their slots lists), the frozen-meeples map and the battlefield's maps. The next working
copy takes them over and must copy each before a change (``Work.own_troops``, ``Work.seat``,
``Work.set_tile``...). Sealing puts read-only copies in their place, so a rule that writes to
one of them without copying first raises :class:`~meeples.core.cow.SharedWrite` where it writes
instead of changing the state before it (and every state that shares the part).
"""

from __future__ import annotations

from typing import Any, NoReturn

from meeples.core import cow
from meeples.games.meeple_war.battlefield import Battlefield
from meeples.games.meeple_war.state import Seat, State
from meeples.games.meeple_war.work import PLAIN, SeatW, battlefield_of


class SealedSeat(SeatW):
    """A seat record that states share: every write raises (a rule changes ``Work.seat(p)``,
    its working copy's own copy, never ``Work.seats[p]``)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise cow.SharedWrite(f"write to {name!r} of a seat that a frozen state shares: change "
                              "Work.seat(p), the working copy's own copy, not Work.seats[p]")


def sealed_seat(seat: Seat | SeatW) -> SealedSeat:
    """Return a sealed copy of a seat (the same object when it is sealed already)."""
    if isinstance(seat, SealedSeat):
        return seat
    copy = SeatW(seat)
    copy.slots = cow.read_only_list(copy.slots)
    copy.__class__ = SealedSeat  # the same slots: a plain SeatW until now, then sealed
    return copy  # type: ignore[return-value]  # its class is SealedSeat from here on


def seal_battlefield(field: Battlefield) -> None:
    """Make a battlefield's maps read-only in place: every state of a game, and the openings of
    every game, share it (its caches of sides and reaches stay writable: derived data that a
    battlefield fills as it is asked)."""
    field.tiles = cow.read_only_dict(field.tiles)
    field.upgrades = cow.read_only_dict(field.upgrades)
    field.kinds = cow.read_only_dict(field.kinds)
    field.village = cow.read_only_dict(field.village)


def seal(state: State) -> None:
    """Make the parts a state shares with later working copies read-only, in place.

    Raises:
        SharedWrite: a field of the state holds a mutable container (a list put in by a rule
            instead of a tuple).
    """
    for name, value in zip(PLAIN, (getattr(state, name) for name in PLAIN), strict=True):
        cow.check_frozen(value, f"the field {name!r} of a Meeple War state")
    aux = state.aux
    if not aux:  # a working copy thaws it whole, but for the battlefield, shared by openings
        seal_battlefield(battlefield_of(state))
        return
    field, troops, legal, seats, frozen = aux
    seal_battlefield(field)
    sealed = (
        field,
        cow.read_only_dict(troops),
        None if legal is None else cow.read_only_list(legal),
        cow.read_only_list([sealed_seat(seat) for seat in seats]),
        cow.read_only_dict(frozen),
    )
    object.__setattr__(state, "aux", sealed)  # derived data only: equal parts, read-only
