"""One action replayed under watch, for ``effects.py``: what the rules did, step by step, and
which of their functions did it.

The state does not keep what happened inside an action (a conflict's rounds, a bonus resource,
the VP of a goal): ``apply`` only returns the state after it, and nothing may be added to that
hot path. So the effects replay the action once more through the engine's own step functions
(``rules.APPLY``), on a working copy that notes every change of members, VP, resources,
villages and event slots with the engine function that made it, and a few checks that mark where
the engine stands inside a conflict (R3) or a GATHER (§2.5): the members of the hex when
``resolve_hex`` starts (before Spear, §4.4 D6), when it reaches Walls (§4.5), when the removal
rounds start (the strengths, R14) and end (before the limit, Q7), and once the hex is settled.
Nothing of the rule is written twice: the notes are what the engine itself did.

The marks follow the order of the calls in ``conflict.resolve_hex`` (two ``turn_order``, then
``has_power(INTIMIDATE)``, ``limit``, ``check_villages``); ``tests/games/rise_of_tribes/
test_effects.py`` replays random games and checks the notes against the states.
"""

from __future__ import annotations

import sys
from types import CodeType
from typing import Any, NamedTuple, cast

from meeples.games.rise_of_tribes import conflict, events, gather, rules
from meeples.games.rise_of_tribes.state import PH, State
from meeples.games.rise_of_tribes.work import Won, Work


class Note(NamedTuple):
    """One thing the engine did: ``what`` it was, the engine function ``by`` which, its data,
    and the members of every hex and the invaders at that moment."""

    what: str  # pop, vp, gain, raze, discard, or check (a mark: data[0] is the method's name)
    by: CodeType
    data: tuple[Any, ...]
    pop: tuple[tuple[int, ...], ...]
    inv_hex: int
    inv: int
    evface: int


#: The engine functions whose checks mark a step (the only checks noted).
WATCHED = frozenset({conflict.resolve_hex.__code__, gather.apply_gather.__code__,
                     gather.finish_gather.__code__, events.volcano_face.__code__})


class Witness(Work):
    """A working copy that notes what the rules do to it (see the module docstring)."""

    __slots__ = ("notes",)
    notes: list[Note]

    def _note(self, what: str, data: tuple[Any, ...]) -> None:
        self.notes.append(Note(what, _by(), data, self.pop, self.inv_hex, self.inv, self.evface))

    def _check(self, name: str, *data: Any) -> None:
        by = sys._getframe(2).f_code  # the direct caller: the step marked
        if by in WATCHED:
            self.notes.append(Note("check", by, (name, *data), self.pop, self.inv_hex, self.inv,
                                   self.evface))

    # --- changes ----------------------------------------------------------------------------

    def set_pop(self, h: int, p: int, members: int) -> None:
        self._note("pop", (h, p, self.pop[h][p], members))
        Work.set_pop(self, h, p, members)

    def gain_vp(self, p: int, amount: int, source: int) -> None:
        start = self.score[p]
        try:
            Work.gain_vp(self, p, amount, source)
        finally:  # R13: the game may end on any one of them; note those scored
            if self.score[p] > start:
                self._note("vp", (p, source, self.score[p] - start, self.score[p]))

    def gain(self, p: int, kind: int, amount: int = 1) -> None:
        self._note("gain", (p, kind, amount))
        Work.gain(self, p, kind, amount)

    def destroy_village(self, h: int) -> None:
        self._note("raze", (h, self.villages[h]))
        Work.destroy_village(self, h)

    def discard_slot(self, slot: int) -> None:
        self._note("discard", (self.slots[slot],))
        Work.discard_slot(self, slot)

    # --- checks that mark a step ------------------------------------------------------------

    def turn_order(self, start: int) -> list[int]:
        self._check("turn_order", self.pend[0] if self.pend else -1)
        return Work.turn_order(self, start)

    def has_power(self, p: int, power: int) -> bool:
        held = Work.has_power(self, p, power)
        self._check("has_power", p, power, held)
        return held

    def others(self, h: int, p: int) -> int:
        count = Work.others(self, h, p)
        self._check("others", h, p, count)
        return count

    def limit(self, h: int) -> int:
        cap = Work.limit(self, h)
        self._check("limit", h, cap)
        return cap

    def check_villages(self) -> None:
        self._check("check_villages")
        Work.check_villages(self)

    def slot_of(self, event: int) -> int:
        self._check("slot_of", event)
        return Work.slot_of(self, event)

    def peek(self, name: str) -> Any:
        self._check("peek", name)
        return Work.peek(self, name)


#: The working copy's own helpers: a change is noted as made by the engine function that
#: called them (``Work.remove`` called by ``apply_bow`` is the Bow's).
_HELPERS = frozenset(
    {getattr(Work, name).__code__ for name in ("remove", "add", "check_villages",
                                               "destroy_village", "gain_vp")}
    | {getattr(Witness, name).__code__ for name in ("_note", "_check", "set_pop", "gain_vp",
                                                   "gain", "destroy_village", "discard_slot",
                                                   "turn_order", "has_power", "others", "limit",
                                                   "check_villages", "slot_of", "peek")})


def _by() -> CodeType:
    """Return the code of the engine function behind the change or check being noted."""
    frame = sys._getframe(1)
    while frame.f_code in _HELPERS and frame.f_back is not None:
        frame = frame.f_back
    return frame.f_code


def replay(state: State, action: str) -> tuple[list[Note], State]:
    """Return what the rules do when a legal action is applied, and the state they reach (the
    same as ``rules.apply``)."""
    w = cast(Witness, Witness.thaw(state))  # thaw makes an instance of the class it is called on
    w.notes = []
    try:
        rules.APPLY[state.phase](w, rules.ACTION(action))
    except Won:
        w.phase = PH.OVER
    return w.notes, w.freeze()
