"""A mutable working copy of a state, and the primitive changes every rule is made of.

``apply`` thaws the frozen state into a :class:`Work`, changes it in place and freezes it again:
one copy per action instead of one per change. Destruction, bravery, victory points and building
destruction live here because every phase uses them (rulebook "Bravery", "Destroying Building").
"""

from __future__ import annotations

import operator
from typing import Any

from meeples.games.meeple_war import board
from meeples.games.meeple_war.battlefield import Battlefield
from meeples.games.meeple_war.cards import card
from meeples.games.meeple_war.data import BRAVERY_PER_VP, BUILDINGS, TILES
from meeples.games.meeple_war.state import Seat, Slot, State


class SeatW:
    """A player's off-map pieces, mutable (made by :meth:`Work.seat` on the first change)."""

    __slots__ = ("stock", "depot", "ladder", "mountain", "extra_vp", "tree", "tokens", "shields",
                 "available", "boxed", "slots", "bravery_vp")

    stock: int
    depot: int
    ladder: int
    mountain: int
    extra_vp: int
    tree: bool
    tokens: tuple[str, ...]
    shields: int
    available: tuple[str, ...]
    boxed: tuple[str, ...]
    bravery_vp: int

    def __init__(self, s: Seat | SeatW) -> None:
        self.stock = s.stock
        self.depot = s.depot
        self.ladder = s.ladder
        self.mountain = s.mountain
        self.extra_vp = s.extra_vp
        self.tree = s.tree
        # Rarely changed: kept as sorted tuples, a change makes a new one (see ``sorted_with``).
        self.tokens = s.tokens
        self.shields = s.shields
        self.available = s.available
        self.boxed = s.boxed
        self.slots: list[Slot | None] = list(s.slots)
        self.bravery_vp = s.bravery_vp

    def freeze(self) -> Seat:
        # Equal to Seat(...) with these fields, set through the slot descriptors: about three
        # times faster than the frozen dataclass __init__, and a seat is frozen at most actions.
        seat: Seat = _new_seat(Seat)
        _stock(seat, self.stock)
        _depot(seat, self.depot)
        _ladder(seat, self.ladder)
        _mountain(seat, self.mountain)
        _extra_vp(seat, self.extra_vp)
        _tree(seat, self.tree)
        _tokens(seat, self.tokens)
        _shields(seat, self.shields)
        _available(seat, self.available)
        _boxed(seat, self.boxed)
        _slots(seat, tuple(self.slots))
        _bravery_vp(seat, self.bravery_vp)
        return seat


_new_seat = object.__new__
(_stock, _depot, _ladder, _mountain, _extra_vp, _tree, _tokens, _shields, _available, _boxed,
 _slots, _bravery_vp) = (Seat.__dict__[name].__set__ for name in Seat.__dataclass_fields__)


#: Slots by their fields: a slot is an immutable value and the same few recur all game, so one
#: shared object each is cheaper than building a frozen dataclass at every worker move.
_SLOTS: dict[tuple[str, bool, str, tuple[int, ...]], Slot] = {}


def make_slot(building: str, built: bool, node: str, defense: tuple[int, ...]) -> Slot:
    """Return the slot with these fields (equal to ``Slot(...)``, shared)."""
    key = (building, built, node, defense)
    slot = _SLOTS.get(key)
    if slot is None:
        slot = _SLOTS[key] = Slot(building, built, node, defense)
    return slot


def sorted_with(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """Return items and item, sorted."""
    return tuple(sorted((*items, item)))


#: Fields a working copy takes over as they are (values, or tuples replaced on change) and hands
#: back as they are.
PLAIN = ("players", "options", "first", "active", "turn", "phase", "step", "temp_vp",
         "weapons", "nature", "sub", "drawn", "window", "bonuses", "workers", "pending",
         "altars_used", "effects", "pile", "pool", "result")
_read_plain = operator.attrgetter(*PLAIN)

_new_state = object.__new__
#: Sets a state's whole instance dict at once (its frozen ``__setattr__`` refuses attributes).
_set_state_dict = State.__dict__["__dict__"].__set__

_GATES = {(n, first): tuple(board.gate_of(p, first, n) for p in range(n))
          for n in board.GATE_HEXES for first in range(n)}


def without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """Return items without the first occurrence of item.

    Raises:
        ValueError: item is not there.
    """
    i = items.index(item)
    return items[:i] + items[i + 1:]


#: Battlefields of states not made by Work.freeze (openings, parsed positions), by what they
#: are made of: every game of a player count opens on the same map, so its cached reaches serve
#: game after game (a Battlefield never changes, see battlefield.py). Kept small.
_OPENING_FIELDS: dict[tuple[Any, ...], Battlefield] = {}


def battlefield_of(s: State) -> Battlefield:
    """Return the battlefield of a state, shared with earlier states made of the same parts."""
    cavern_exact = "cavern_range_exactly_2" in s.options
    key: tuple[Any, ...]
    try:
        key = (s.players, s.first, cavern_exact, tuple(s.tiles), tuple(s.trees),
               tuple(s.upgrades))
        field = _OPENING_FIELDS.get(key)
    except TypeError:  # unhashable parts (a hand-built state): nothing to share
        key, field = (), None
    if field is None:
        field = Battlefield({h: (t, r) for h, t, r in s.tiles}, frozenset(s.trees),
                            dict(s.upgrades), board.VILLAGE[s.players, s.first], cavern_exact)
        if key:
            if len(_OPENING_FIELDS) >= 64:
                _OPENING_FIELDS.clear()
            _OPENING_FIELDS[key] = field
    return field


def thaw_troops(troops: tuple[tuple[int, int, int], ...], n: int) -> dict[int, tuple[int, ...]]:
    """Return hex -> meeples per player of a troops field."""
    out: dict[int, list[int]] = {}
    for h, p, c in troops:
        row = out.get(h)
        if row is None:
            row = out[h] = [0] * n
        row[p] = c
    return {h: tuple(row) for h, row in out.items()}


class Work:
    """A thawed :class:`State` (same field names, mutable containers).

    A state made by :meth:`freeze` carries its battlefield and troops map (``aux``), which the
    next working copy shares until it changes them, and its fields are already in canonical
    order, so untouched fields go back unchanged. Any other state (built or parsed) is thawed
    whole, so its first freeze puts every field in canonical order as before.
    """

    __slots__ = (*PLAIN, "source", "village", "seats", "seats_thawed", "vp_moved", "own_seats",
                 "frozen", "explore", "battlefield", "tiles", "trees", "upgrades", "troops",
                 "troops_shared", "troops_changed")

    # The PLAIN fields: taken from the source and handed back as they are.
    players: int
    options: tuple[str, ...]
    first: int
    active: int
    turn: int
    phase: int
    step: str
    temp_vp: int
    weapons: int
    nature: bool
    sub: tuple[Any, ...]
    drawn: tuple[int, ...]
    # Short lists of the turn, kept as tuples: a change builds a new one (see ``without``).
    window: tuple[int, ...]
    bonuses: tuple[tuple[int, str], ...]
    workers: tuple[int, ...]
    pending: tuple[int, ...]
    altars_used: tuple[tuple[int, int], ...]
    effects: tuple[tuple[Any, ...], ...]
    pile: tuple[int, ...]  # face-down tiles, sorted: only ever shortened
    pool: tuple[str, ...]  # sorted: only ever shortened
    result: tuple[Any, ...]

    def __init__(self, s: State) -> None:
        self.source = s
        (self.players, self.options, self.first, self.active, self.turn, self.phase,
         self.step, self.temp_vp, self.weapons, self.nature, self.sub, self.drawn, self.window,
         self.bonuses, self.workers, self.pending, self.altars_used, self.effects, self.pile,
         self.pool, self.result) = _read_plain(s)  # in PLAIN order
        n = s.players
        self.explore = {h: list(origins) for h, origins in s.explore} if s.explore else {}
        self.seats_thawed = False
        #: Whether a player's VP may have risen since the source state (which was checked for
        #: the end when it was made): set by every change of mountain, extra_vp or temp_vp.
        self.vp_moved = not s.aux
        self.own_seats = 0  # bit p: seats[p] is this copy's own SeatW, free to change
        aux = s.aux
        if aux:
            # The source's seats as its working copy left them: frozen seats, or SeatW objects
            # that no working copy changes any more (seat() copies them first).
            self.seats: list[Seat | SeatW] = list(aux[3])
            frozen = aux[4]  # changed in place: copied
            self.frozen: dict[int, int] = frozen.copy() if frozen else {}  # hex -> active
            # meeples that may not move (a count may be 0: the same as no entry)
            field: Battlefield = aux[0]
            self.battlefield = field  # set_battlefield inlined: this runs once per action
            self.tiles, self.trees, self.upgrades = field.tiles, field.trees, field.upgrades
            self.village = field.village
            self.troops: dict[int, tuple[int, ...]] = aux[1]
            self.troops_shared = True  # the source's map: copied before a change
            self.troops_changed = False
        else:
            self.set_battlefield(battlefield_of(s))
            self.village = self.battlefield.village
            self.seats = list(s.seats)
            self.frozen = dict(s.frozen)
            self.troops = thaw_troops(s.troops, n)
            self.troops_shared = False
            self.troops_changed = True
            self.pile = tuple(sorted(s.pile))
            self.pool = tuple(sorted(s.pool))
            self.window, self.bonuses = tuple(s.window), tuple(s.bonuses)
            self.workers, self.pending = tuple(s.workers), tuple(s.pending)
            self.altars_used, self.effects = tuple(s.altars_used), tuple(s.effects)
            for p in range(n):
                seat = self.seat(p)  # its tuples sorted, as every later freeze keeps them
                seat.tokens = tuple(sorted(seat.tokens))
                seat.available = tuple(sorted(seat.available))
                seat.boxed = tuple(sorted(seat.boxed))

    def set_battlefield(self, field: Battlefield) -> None:
        self.battlefield = field
        self.tiles = field.tiles  # read-only aliases: changes go through a new Battlefield
        self.trees = field.trees
        self.upgrades = field.upgrades

    @property
    def gate(self) -> tuple[int, ...]:
        """Return each player's Village Gate hex."""
        return _GATES[self.players, self.first]

    def set_tile(self, h: int, tile: int, rot: int) -> None:
        """Place a tile."""
        self.set_battlefield(self.battlefield.with_tile(h, tile, rot))

    def place_tree(self, key: int) -> None:
        """Clear a forest edge with a Tree."""
        self.set_battlefield(self.battlefield.with_tree(key))

    def place_upgrade(self, h: int, token: str) -> None:
        """Put an upgrade token on a blank tile."""
        self.set_battlefield(self.battlefield.with_upgrade(h, token))

    def seat(self, p: int) -> SeatW:
        """Return p's seat for a change (copied on first use: the seat before may belong to
        earlier states too)."""
        if self.own_seats >> p & 1:
            return self.seats[p]  # type: ignore[return-value]
        thawed = self.seats[p] = SeatW(self.seats[p])
        self.own_seats |= 1 << p
        self.seats_thawed = True
        return thawed

    def freeze(self, legal: list[str] | None = None) -> State:
        """Return the state this working copy describes; ``legal`` is kept as derived data."""
        frozen, explore = self.frozen, self.explore  # empty outside phases 4 and 5
        source = self.source
        self.troops_shared = True  # from now on the new state's map too
        # A copy of the source's instance dict has every field's key, in field order, so setting
        # each value over it never resizes: about twice as fast as a 30-key dict display.
        # players, options and first never change: the copy already holds them.
        fields = source.__dict__.copy()
        fields["active"] = self.active
        fields["turn"] = self.turn
        fields["phase"] = self.phase
        fields["step"] = self.step
        fields["window"] = self.window
        fields["bonuses"] = self.bonuses
        fields["temp_vp"] = self.temp_vp
        fields["weapons"] = self.weapons
        fields["nature"] = self.nature
        fields["workers"] = self.workers
        fields["pending"] = self.pending
        fields["sub"] = self.sub
        if frozen:  # made from aux on first read (see state._Lazy)
            fields.pop("frozen", None)
        else:
            fields["frozen"] = ()
        fields["explore"] = (tuple((h, tuple(o)) for h, o in explore.items())
                             if explore else ())
        fields["drawn"] = self.drawn
        fields["altars_used"] = self.altars_used
        fields["effects"] = self.effects
        fields["pile"] = self.pile
        fields["tiles"], fields["trees"], fields["upgrades"] = self.battlefield.fields
        fields["pool"] = self.pool
        if self.troops_changed:  # made from aux on first read (see state._LazyTroops)
            fields.pop("troops", None)
        if self.seats_thawed:  # made from aux on first read (see state._LazySeats)
            fields.pop("seats", None)
        fields["result"] = self.result
        fields["aux"] = (self.battlefield, self.troops, legal, self.seats, frozen)
        state: State = _new_state(State)
        _set_state_dict(state, fields)
        return state

    # --- queries -------------------------------------------------------------------------

    def option(self, name: str) -> bool:
        return name in self.options

    def count(self, h: int, p: int) -> int:
        row = self.troops.get(h)
        return row[p] if row else 0

    def present(self, h: int) -> list[int]:
        """Return the players with meeples on a hex."""
        row = self.troops.get(h)
        if row is None:
            return []
        return [p for p, c in enumerate(row) if c]

    def has_opponent(self, h: int, p: int) -> bool:
        row = self.troops.get(h)
        return row is not None and sum(row) > row[p]  # counts are never negative

    def kind(self, h: int) -> str:
        return self.battlefield.kinds.get(h, "")

    def bonus(self, h: int) -> str:
        """Return the structure bonus of a tile (printed, or an upgrade token), or ""."""
        placed = self.tiles.get(h)
        if placed is None:
            return ""
        return TILES[placed[0]].bonus or self.upgrades.get(h, "")

    def forest(self, h: int, d: int) -> bool:
        return self.battlefield.forest(h, d)

    def blocked(self, h: int, d: int, nature: bool = False) -> bool:
        """Return whether forest closes side d of hex h (either face, Tree and Nature aside)."""
        return self.battlefield.blocked(h, d, nature)

    def recycling(self, p: int) -> bool:
        """Return whether a worker of p stands on a Recycling space."""
        for slot in self.seats[p].slots:
            if slot is None or not slot.built:
                continue
            leaf = card(slot.building, self.options).leaves.get(slot.node)
            if leaf is not None and leaf[0] == "recycle":
                return True
        return False

    def vp(self, p: int) -> int:
        """Return p's victory points (tower VP count only for the active player, A10)."""
        s = self.seats[p]
        return s.mountain + s.extra_vp + (self.temp_vp if p == self.active else 0)

    def on_map(self, p: int) -> int:
        """Return p's meeples on territories and defense spaces (the last tie-break)."""
        total = sum(row[p] for row in self.troops.values())
        for seat in self.seats:
            for slot in seat.slots:
                if slot is not None:
                    total += slot.defense.count(p)
        return total

    # --- changes ---------------------------------------------------------------------------

    def own_troops(self) -> dict[int, tuple[int, ...]]:
        """Return the troops map for a change (copied first while shared with a state).

        Rows are tuples, replaced and never changed, so a shallow copy is enough.
        """
        if self.troops_shared:
            self.troops = self.troops.copy()
            self.troops_shared = False
        self.troops_changed = True
        return self.troops

    def add(self, h: int, p: int, k: int) -> None:
        troops = self.own_troops()
        row = troops.get(h)
        counts = [0] * self.players if row is None else list(row)
        counts[p] += k
        troops[h] = tuple(counts)

    def remove(self, h: int, p: int, k: int) -> None:
        troops = self.own_troops()
        counts = list(troops[h])
        counts[p] -= k
        if any(counts):
            troops[h] = tuple(counts)
        else:
            del troops[h]
        if p == self.active and self.frozen.get(h, 0) > counts[p]:
            self.frozen[h] = counts[p]

    def destroy(self, h: int, p: int, k: int) -> None:
        """Destroy k meeples of p on hex h: to the Depot under Recycling, else to stock."""
        if k <= 0:
            return
        self.remove(h, p, k)
        if self.recycling(p):
            self.seat(p).depot += k
        else:
            self.seat(p).stock += k

    def gain_bravery(self, p: int, points: int) -> None:
        """Move p up the bravery ladder; each 7 points score 1 VP (D11)."""
        if points <= 0:
            return
        s = self.seat(p)
        s.ladder += points
        while s.ladder >= BRAVERY_PER_VP:
            s.ladder -= BRAVERY_PER_VP
            self.score_bravery_vp(p)

    def score_bravery_vp(self, p: int) -> None:
        """Put a meeple on p's mountain: from stock, else Depot, else the map (A11).

        From the map the owner chooses the hex: the VP is counted at once (``extra_vp``) and a
        ``("vp", p, 0)`` effect asks which meeple goes up (automatic when only one hex).
        """
        s = self.seat(p)
        s.bravery_vp += 1
        self.vp_moved = True
        if s.stock:
            s.stock -= 1
        elif s.depot:
            s.depot -= 1
        else:
            s.extra_vp += 1
            if any(row[p] for row in self.troops.values()):
                self.effects += (("vp", p, 0),)
            return
        s.mountain += 1

    def slot_capacity(self, slot: Slot) -> int:
        b = BUILDINGS[slot.building]
        return b.defense if slot.built else b.construction_defense

    def fill_defense(self, owner: int, index: int, p: int) -> None:
        """Put a meeple of p on a defense space; the building falls when the last fills (B1)."""
        slot = self.seats[owner].slots[index]
        assert slot is not None
        defense = tuple(sorted(slot.defense + (p,)))
        self.seat(owner).slots[index] = make_slot(slot.building, slot.built, slot.node, defense)
        if len(defense) >= self.slot_capacity(slot):
            self.destroy_building(owner, index)

    def clear_defense(self, owner: int, index: int, score: bool) -> None:
        """Empty a building's defense spaces: opponents score them as VP or go home (A5, A8)."""
        slot = self.seats[owner].slots[index]
        assert slot is not None
        for p in slot.defense:
            if score and p != owner:
                self.seat(p).mountain += 1
                self.vp_moved = True
            else:
                self.seat(p).stock += 1

    def destroy_building(self, owner: int, index: int) -> None:
        """Destroy a building (or site, B7): defenders score, it goes to the box, worker home."""
        slot = self.seats[owner].slots[index]
        assert slot is not None
        self.clear_defense(owner, index, score=True)
        seat = self.seat(owner)
        seat.slots[index] = None
        seat.boxed = sorted_with(seat.boxed, slot.building)
        if index in self.pending and owner == self.active:
            self.pending = without(self.pending, index)
        if owner == self.active and index in self.workers:
            self.workers = without(self.workers, index)
