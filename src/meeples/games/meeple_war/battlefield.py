"""The battlefield of a position: its territory tiles, Trees and upgrade tokens, and what
follows from them alone (sheet B1, B2, B5, A12, A15, A18, D7).

Meeples move at nearly every action; tiles, Trees and tokens change a few times a game. So what
depends only on the latter is worked out once per :class:`Battlefield` and shared by every state
that has it: tile kinds, the mines, the sides closed by forest, where each hex reaches, the
open forest edges and the upgradable tiles. A Battlefield is never changed in place: placing a
tile, a Tree or a token makes a new one, so its caches can never go stale.
"""

from __future__ import annotations

from typing import NamedTuple

from meeples.games.meeple_war import board
from meeples.games.meeple_war.board import DELTA
from meeples.games.meeple_war.data import TILES

TILE_KINDS = tuple(tile.kind for tile in TILES)


class Reach(NamedTuple):
    """Where meeples on a hex may go, as far as the battlefield decides (movement.py adds the
    meeples and buildings). Every list is in the order the sides are looked at."""

    territories: tuple[int, ...]  # always open: open sides, a Cavern's range, a Mine's exits
    mines: tuple[int, ...]  # mines within reach: their exits open when free of opponents
    slots: tuple[tuple[int, int, int], ...]  # (hex, owner, index) of slots across open sides
    empty: tuple[int, ...]  # empty hexes across open sides, to explore (B2)


class Battlefield:
    """Placed tiles, Trees and upgrade tokens of one position, with their derived data."""

    __slots__ = ("tiles", "trees", "upgrades", "village", "cavern_exact", "fields", "kinds",
                 "mines", "_closed", "_reach", "_open_edges", "_upgradable")

    def __init__(self, tiles: dict[int, tuple[int, int]], trees: frozenset[int],
                 upgrades: dict[int, str], village: dict[int, tuple[int, int]],
                 cavern_exact: bool) -> None:
        self.tiles = tiles  # hex -> (tile index, rotation)
        self.trees = trees  # edge keys cleared by a Tree
        self.upgrades = upgrades  # hex -> token
        self.village = village  # slot hex -> (owner, index): fixed by the seating
        self.cavern_exact = cavern_exact  # option cavern_range_exactly_2 (D7)
        #: The state fields (tiles, trees, upgrades), sorted as the state keeps them.
        self.fields = (tuple(sorted((h, t, r) for h, (t, r) in tiles.items())),
                       tuple(sorted(trees)), tuple(sorted(upgrades.items())))
        self.kinds = {h: TILE_KINDS[t] for h, (t, _) in tiles.items()}
        self.mines = tuple(sorted(h for h, kind in self.kinds.items() if kind == "mine"))
        self._closed: dict[int, int] = {}
        self._reach: dict[tuple[int, bool], Reach] = {}
        self._open_edges: list[int] | None = None
        self._upgradable: list[int] | None = None

    def _with(self, tiles: dict[int, tuple[int, int]] | None = None,
              trees: frozenset[int] | None = None,
              upgrades: dict[int, str] | None = None) -> Battlefield:
        return Battlefield(self.tiles if tiles is None else tiles,
                           self.trees if trees is None else trees,
                           self.upgrades if upgrades is None else upgrades,
                           self.village, self.cavern_exact)

    def with_tile(self, h: int, tile: int, rot: int) -> Battlefield:
        """Return this battlefield with a tile placed on h."""
        return self._with(tiles={**self.tiles, h: (tile, rot)})

    def with_tree(self, key: int) -> Battlefield:
        """Return this battlefield with a Tree on an edge."""
        return self._with(trees=self.trees | {key})

    def with_upgrade(self, h: int, token: str) -> Battlefield:
        """Return this battlefield with an upgrade token on h."""
        return self._with(upgrades={**self.upgrades, h: token})

    # --- queries -------------------------------------------------------------------------

    def forest(self, h: int, d: int) -> bool:
        """Return whether the tile on h (if any) shows forest on side d."""
        placed = self.tiles.get(h)
        return placed is not None and bool(board.FOREST[placed[0]][placed[1]] >> d & 1)

    def closed(self, h: int) -> int:
        """Return the 6-bit mask of h's sides closed by forest on either face and no Tree."""
        mask = self._closed.get(h)
        if mask is None:
            mask = 0
            for d in range(6):
                if ((self.forest(h, d) or self.forest(h + DELTA[d], (d + 3) % 6))
                        and board.edge_key(h, d) not in self.trees):
                    mask |= 1 << d
            self._closed[h] = mask
        return mask

    def blocked(self, h: int, d: int, nature: bool = False) -> bool:
        """Return whether forest closes side d of hex h (Nature Control opens every side)."""
        return not nature and bool(self.closed(h) >> d & 1)

    def reach(self, h: int, nature: bool) -> Reach:
        """Return where meeples on h may go as far as the battlefield decides (A12, A15, D7)."""
        key = (h, nature)
        found = self._reach.get(key)
        if found is None:
            found = self._reach[key] = self._compute_reach(h, nature)
        return found

    def _compute_reach(self, h: int, nature: bool) -> Reach:
        closed = 0 if nature else self.closed(h)
        kinds = self.kinds
        territories: list[int] = []
        mines: list[int] = []
        slots: list[tuple[int, int, int]] = []
        empty: list[int] = []
        for d in range(6):
            if closed >> d & 1:
                continue
            n = h + DELTA[d]
            if n in kinds:
                territories.append(n)
                if kinds[n] == "mine":
                    mines.append(n)
            elif n in self.village:
                slots.append((n, *self.village[n]))
            else:
                empty.append(n)
        kind = kinds.get(h, "")
        if kind == "cavern":
            in_range = board.within_2(h)
            if self.cavern_exact:
                in_range = tuple(n for n in in_range if board.distance(h, n) == 2)
            for n in in_range:
                if n in kinds:
                    territories.append(n)
                    if kinds[n] == "mine":
                        mines.append(n)
        elif kind == "mine":
            territories.extend(self.mines)
        return Reach(tuple(territories), tuple(mines), tuple(slots), tuple(empty))

    def open_forest_edges(self) -> list[int]:
        """Return the keys of edges with forest on a face and no Tree yet, sorted (B5)."""
        if self._open_edges is None:
            edges = set()
            for h, (t, r) in self.tiles.items():
                mask = board.FOREST[t][r]
                if mask:
                    for d in range(6):
                        if mask >> d & 1:
                            key = board.edge_key(h, d)
                            if key not in self.trees:
                                edges.add(key)
            self._open_edges = sorted(edges)
        return self._open_edges

    def upgradable(self) -> list[int]:
        """Return the blank tiles without an upgrade token (A18), sorted."""
        if self._upgradable is None:
            self._upgradable = sorted(h for h, kind in self.kinds.items()
                                      if kind == "blank" and h not in self.upgrades)
        return self._upgradable
