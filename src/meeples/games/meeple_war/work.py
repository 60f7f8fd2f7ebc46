"""A mutable working copy of a state, and the primitive changes every rule is made of.

``apply`` thaws the frozen state into a :class:`Work`, changes it in place and freezes it again:
one copy per action instead of one per change. Destruction, bravery, victory points and building
destruction live here because every phase uses them (rulebook "Bravery", "Destroying Building").
"""

from __future__ import annotations

from typing import Any

from meeples.games.meeple_war import board
from meeples.games.meeple_war.data import BRAVERY_PER_VP, BUILDINGS, TILES
from meeples.games.meeple_war.state import Seat, Slot, State

RECYCLING_LEAVES = {
    (code, leaf)
    for code, b in BUILDINGS.items()
    for leaf, (action, _) in b.leaves.items()
    if action == "recycle"
}


class SeatW:
    """A player's off-map pieces, mutable."""

    __slots__ = ("stock", "depot", "ladder", "mountain", "extra_vp", "tree", "tokens", "shields",
                 "available", "boxed", "slots")

    def __init__(self, s: Seat) -> None:
        self.stock = s.stock
        self.depot = s.depot
        self.ladder = s.ladder
        self.mountain = s.mountain
        self.extra_vp = s.extra_vp
        self.tree = s.tree
        self.tokens = list(s.tokens)
        self.shields = s.shields
        self.available = list(s.available)
        self.boxed = list(s.boxed)
        self.slots: list[Slot | None] = list(s.slots)

    def freeze(self) -> Seat:
        return Seat(self.stock, self.depot, self.ladder, self.mountain, self.extra_vp, self.tree,
                    tuple(sorted(self.tokens)), self.shields, tuple(sorted(self.available)),
                    tuple(sorted(self.boxed)), tuple(self.slots))


class Work:
    """A thawed :class:`State` (same field names, mutable containers)."""

    def __init__(self, s: State) -> None:
        self.players = s.players
        self.options = s.options
        self.rng = s.rng
        self.first = s.first
        self.active = s.active
        self.turn = s.turn
        self.phase = s.phase
        self.step = s.step
        self.window = list(s.window)
        self.bonuses = list(s.bonuses)
        self.temp_vp = s.temp_vp
        self.weapons = s.weapons
        self.nature = s.nature
        self.workers = list(s.workers)
        self.pending = list(s.pending)
        self.sub: tuple[Any, ...] = s.sub
        self.frozen = dict(s.frozen)
        self.explore = {h: list(o) for h, o in s.explore}
        self.drawn = s.drawn
        self.altars_used = list(s.altars_used)
        self.effects = list(s.effects)
        self.pile = list(s.pile)
        self.source = s
        aux = s.aux
        if aux:
            self.tiles = aux[0]  # shared with the frozen state: copied before a change
            self.tiles_shared = True
        else:
            self.tiles = {h: (t, r) for h, t, r in s.tiles}
            self.tiles_shared = False
        self.upgrades = dict(s.upgrades)
        self.trees = set(s.trees)
        self.pool = list(s.pool)
        n = s.players
        troops: dict[int, list[int]] = {}
        for h, p, c in s.troops:
            row = troops.get(h)
            if row is None:
                row = troops[h] = [0] * n
            row[p] = c
        self.troops = troops
        self.seats = [SeatW(x) for x in s.seats]
        self.result = s.result
        self.village = board.VILLAGE[n, s.first]
        self.gate = [board.gate_of(p, s.first, n) for p in range(n)]

    def set_tile(self, h: int, tile: int, rot: int) -> None:
        """Place a tile (copy-on-write of the shared tile map)."""
        if self.tiles_shared:
            self.tiles = dict(self.tiles)
            self.tiles_shared = False
        self.tiles[h] = (tile, rot)

    def freeze(self, legal: list[str] | None = None) -> State:
        troops = tuple(
            (h, p, c) for h in sorted(self.troops) for p, c in enumerate(self.troops[h]) if c
        )
        state = State(
            self.players, self.options, self.rng, self.first, self.active, self.turn, self.phase,
            self.step, tuple(self.window), tuple(self.bonuses), self.temp_vp, self.weapons,
            self.nature, tuple(self.workers), tuple(self.pending), self.sub,
            tuple(sorted((h, k) for h, k in self.frozen.items() if k)),
            tuple((h, tuple(o)) for h, o in self.explore.items()), self.drawn,
            tuple(self.altars_used), tuple(self.effects), tuple(self.pile),
            self.source.tiles if self.tiles_shared
            else tuple(sorted((h, t, r) for h, (t, r) in self.tiles.items())),
            tuple(sorted(self.upgrades.items())), tuple(sorted(self.trees)),
            tuple(sorted(self.pool)), troops, tuple(s.freeze() for s in self.seats), self.result,
        )
        object.__setattr__(state, "aux", (self.tiles, None if legal is None else tuple(legal)))
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
        if row is None:
            return False
        return any(c for q, c in enumerate(row) if q != p)

    def kind(self, h: int) -> str:
        placed = self.tiles.get(h)
        return TILES[placed[0]].kind if placed else ""

    def bonus(self, h: int) -> str:
        """Return the structure bonus of a tile (printed, or an upgrade token), or ""."""
        placed = self.tiles.get(h)
        if placed is None:
            return ""
        return TILES[placed[0]].bonus or self.upgrades.get(h, "")

    def forest(self, h: int, d: int) -> bool:
        placed = self.tiles.get(h)
        if placed is None:
            return False
        return bool(board.FOREST[placed[0]][placed[1]] >> d & 1)

    def blocked(self, h: int, d: int, nature: bool = False) -> bool:
        """Return whether forest closes side d of hex h (either face, Tree and Nature aside)."""
        if nature:
            return False
        if not (self.forest(h, d) or self.forest(h + board.DELTA[d], (d + 3) % 6)):
            return False
        return board.edge_key(h, d) not in self.trees

    def recycling(self, p: int) -> bool:
        """Return whether a worker of p stands on a Recycling space."""
        for slot in self.seats[p].slots:
            if slot is not None and slot.built and (slot.building, slot.node) in RECYCLING_LEAVES:
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

    def add(self, h: int, p: int, k: int) -> None:
        row = self.troops.get(h)
        if row is None:
            row = self.troops[h] = [0] * self.players
        row[p] += k

    def remove(self, h: int, p: int, k: int) -> None:
        row = self.troops[h]
        row[p] -= k
        if not any(row):
            del self.troops[h]
        if p == self.active and self.frozen.get(h, 0) > row[p]:
            self.frozen[h] = row[p]

    def destroy(self, h: int, p: int, k: int) -> None:
        """Destroy k meeples of p on hex h: to the Depot under Recycling, else to stock."""
        if k <= 0:
            return
        self.remove(h, p, k)
        if self.recycling(p):
            self.seats[p].depot += k
        else:
            self.seats[p].stock += k

    def gain_bravery(self, p: int, points: int) -> None:
        """Move p up the bravery ladder; each 7 points score 1 VP (D11)."""
        if points <= 0:
            return
        s = self.seats[p]
        s.ladder += points
        while s.ladder >= BRAVERY_PER_VP:
            s.ladder -= BRAVERY_PER_VP
            self.score_bravery_vp(p)

    def score_bravery_vp(self, p: int) -> None:
        """Put a meeple on p's mountain: from stock, else Depot, else the map (A11).

        From the map the owner chooses the hex: the VP is counted at once (``extra_vp``) and a
        ``("vp", p, 0)`` effect asks which meeple goes up (automatic when only one hex).
        """
        s = self.seats[p]
        if s.stock:
            s.stock -= 1
        elif s.depot:
            s.depot -= 1
        else:
            s.extra_vp += 1
            if any(row[p] for row in self.troops.values()):
                self.effects.append(("vp", p, 0))
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
        self.seats[owner].slots[index] = Slot(slot.building, slot.built, slot.node, defense)
        if len(defense) >= self.slot_capacity(slot):
            self.destroy_building(owner, index)

    def clear_defense(self, owner: int, index: int, score: bool) -> None:
        """Empty a building's defense spaces: opponents score them as VP or go home (A5, A8)."""
        slot = self.seats[owner].slots[index]
        assert slot is not None
        for p in slot.defense:
            if score and p != owner:
                self.seats[p].mountain += 1
            else:
                self.seats[p].stock += 1

    def destroy_building(self, owner: int, index: int) -> None:
        """Destroy a building (or site, B7): defenders score, it goes to the box, worker home."""
        slot = self.seats[owner].slots[index]
        assert slot is not None
        self.clear_defense(owner, index, score=True)
        self.seats[owner].slots[index] = None
        self.seats[owner].boxed.append(slot.building)
        if index in self.pending and owner == self.active:
            self.pending.remove(index)
        if owner == self.active and index in self.workers:
            self.workers.remove(index)
