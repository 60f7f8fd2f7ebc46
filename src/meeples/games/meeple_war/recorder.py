"""A working copy that notes what the rules do, for the effects of an action (:mod:`effects`).

``rules.apply`` carries out the action's own step, then settles every step with no real choice:
a battle alone in its resolution, the end of the turn, a whole turn of a player with nothing to
decide, the next turn's bonuses. The states before and after cannot tell those steps apart (two
battles on one hex, a bravery point that made a victory point, a turn that came and went), so
:func:`record` runs the same two calls again on a :class:`Recorder`: a :class:`Work` whose
primitive changes (``destroy``, ``gain_bravery``, ``clear_defense``...) also note an event, and
whose ``turn``, ``step`` and ``temp_vp`` note when a turn begins, when its bonuses are counted
(phase 1, B1) and when its tower VP end. The rules' own functions decide everything; the
recorder only watches.

Nothing here is on the rules' path: ``apply``, ``legal_actions`` and :class:`Work` are
unchanged, and only this subclass, made once per action told, records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meeples.games.meeple_war import rules
from meeples.games.meeple_war.state import State
from meeples.games.meeple_war.work import Work


@dataclass(slots=True)
class Destroyed:
    """Meeples destroyed by ``Work.destroy`` (a battle, a forge, an altar, a burn)."""

    hex: int
    player: int
    n: int
    before: tuple[int, ...]  # meeples per player on the hex just before
    place: str  # where they went: "stock", or "depot" under Recycling
    sacrifice: bool  # the altar's compulsory sacrifice (A13)
    active: int  # the active player at that moment


@dataclass(slots=True)
class BraveryVP:
    """A victory point from 7 bravery points (D11) and where its meeple came from (A11)."""

    player: int
    source: str  # "stock", "depot", "map" (the owner chooses the hex) or "none"
    vp: int  # the player's VP after it


@dataclass(slots=True)
class Bravery:
    """Bravery points gained, with the victory points they made."""

    player: int
    points: int
    ladder: int = 0  # the ladder position after them
    vps: list[BraveryVP] = field(default_factory=list)


@dataclass(slots=True)
class Cleared:
    """A building's defense spaces emptied: it fell (B1), was replaced (E3) or was finished
    (A5, ``score`` False)."""

    owner: int
    slot: int  # 0-3
    building: str
    defense: tuple[int, ...]
    score: bool
    fell: bool
    vp: dict[int, int] = field(default_factory=dict)  # the defenders' VP after


@dataclass(slots=True)
class Laid:
    """An explored tile laid on the map."""

    hex: int
    tile: int
    explorer: int


@dataclass(slots=True)
class TurnBegun:
    turn: int
    player: int


@dataclass(slots=True)
class Bonuses:
    """The active player's structure bonuses, counted at the start of phase 1 (B1)."""

    player: int
    towers: int  # tower VP for the turn
    weapons: int
    nature: bool
    shields: int
    vp: int


@dataclass(slots=True)
class TowersEnded:
    """The active player's tower VP ending with the turn."""

    player: int
    towers: int
    vp: int


@dataclass(slots=True)
class Settling:
    """The action's own step is done; what follows, the rules played by themselves."""


Event = (Destroyed | Bravery | Cleared | Laid | TurnBegun | Bonuses | TowersEnded
         | Settling)

# The slots' own descriptors, which the properties below stand in front of.
_TURN: Any = Work.__dict__["turn"]
_STEP: Any = Work.__dict__["step"]
_TEMP_VP: Any = Work.__dict__["temp_vp"]


class Recorder(Work):
    """A :class:`Work` that notes, in ``events``, each change the effects tell."""

    __slots__ = ("events", "recording", "gaining", "falling", "altars_seen")

    def __init__(self, state: State) -> None:
        self.recording = False  # the copy being made sets every field: nothing to note
        self.events: list[Event] = []
        self.gaining: Bravery | None = None
        self.falling = False
        super().__init__(state)
        self.altars_seen = self.altars_used
        self.recording = True

    @property
    def turn(self) -> int:
        value: int = _TURN.__get__(self, Work)
        return value

    @turn.setter
    def turn(self, value: int) -> None:
        _TURN.__set__(self, value)
        if self.recording:
            self.events.append(TurnBegun(value, self.active))

    @property
    def step(self) -> str:
        value: str = _STEP.__get__(self, Work)
        return value

    @step.setter
    def step(self, value: str) -> None:
        _STEP.__set__(self, value)
        if self.recording and value == "bonus":  # phase 1 has just counted the bonuses
            a = self.active
            self.events.append(Bonuses(a, self.temp_vp, self.weapons, self.nature,
                                       self.seats[a].shields, self.vp(a)))

    @property
    def temp_vp(self) -> int:
        value: int = _TEMP_VP.__get__(self, Work)
        return value

    @temp_vp.setter
    def temp_vp(self, value: int) -> None:
        old = _TEMP_VP.__get__(self, Work) if self.recording else 0
        _TEMP_VP.__set__(self, value)
        if old and not value:  # the turn ends (A1: tower VP last the turn)
            self.events.append(TowersEnded(self.active, old, self.vp(self.active)))

    def destroy(self, h: int, p: int, k: int) -> None:
        # An altar notes its use just before its sacrifice (trigger_altar): the first
        # destruction after a new entry, on that altar, is the sacrifice.
        used = self.altars_used
        sacrifice = bool(used) and used is not self.altars_seen and used[-1][0] == h
        self.altars_seen = used
        place = "depot" if self.recycling(p) else "stock"
        self.events.append(Destroyed(h, p, k, self.troops.get(h, ()), place, sacrifice,
                                     self.active))
        super().destroy(h, p, k)

    def gain_bravery(self, p: int, points: int) -> None:
        record = Bravery(p, points)
        self.events.append(record)
        outer, self.gaining = self.gaining, record
        super().gain_bravery(p, points)
        self.gaining = outer
        record.ladder = self.seats[p].ladder

    def score_bravery_vp(self, p: int) -> None:
        seat = self.seats[p]
        stock, depot, waiting = seat.stock, seat.depot, len(self.effects)
        super().score_bravery_vp(p)
        seat = self.seats[p]
        source = ("stock" if seat.stock < stock else "depot" if seat.depot < depot
                  else "map" if len(self.effects) > waiting else "none")
        assert self.gaining is not None  # the rules score bravery VP only while gaining it
        self.gaining.vps.append(BraveryVP(p, source, self.vp(p)))

    def destroy_building(self, owner: int, index: int) -> None:
        self.falling = True
        super().destroy_building(owner, index)
        self.falling = False

    def clear_defense(self, owner: int, index: int, score: bool) -> None:
        slot = self.seats[owner].slots[index]
        assert slot is not None
        event = Cleared(owner, index, slot.building, slot.defense, score, self.falling)
        self.events.append(event)
        super().clear_defense(owner, index, score)
        event.vp = {p: self.vp(p) for p in slot.defense}

    def set_tile(self, h: int, tile: int, rot: int) -> None:
        super().set_tile(h, tile, rot)
        if self.recording:
            self.events.append(Laid(h, tile, self.active))


def record(state: State, action: str) -> tuple[list[Event], State]:
    """Return what playing a legal action does, step by step, and the state it leads to (the
    same as ``rules.apply``).

    Not for the first player's draw (``first:P``), whose setup ``apply`` makes another way.
    """
    w = Recorder(state)
    rules.apply_step(w, action)
    w.events.append(Settling())
    legal = rules.settle(w)
    return w.events, w.freeze(legal)
