"""The battlefield of a position: its territory tiles, Trees and upgrade tokens, and what
follows from them alone (sheet B1, B2, B5, A12, A15, A18, D7).

Meeples move at nearly every action; tiles, Trees and tokens change a few times a game. So what
depends only on the latter is worked out once per :class:`Battlefield` and shared by every state
that has it: tile kinds, the mines, the sides closed by forest, where each hex reaches, the
open forest edges and the upgradable tiles. A Battlefield is never changed in place: placing a
tile, a Tree or a token makes a new one, so its caches can never go stale.
"""

from __future__ import annotations

import bisect
from typing import NamedTuple

from meeples.games.meeple_war import board, grammar
from meeples.games.meeple_war.board import DELTA
from meeples.games.meeple_war.data import TILES

TILE_KINDS = tuple(tile.kind for tile in TILES)


#: How a candidate destination opens (see :class:`Reach`).
OPEN = 0  # a territory across an open side, in a Cavern's range or a Mine's exit: always
EXIT = 1  # another Mine, open when a mine in reach is free of the mover's opponents (A12)
SLOT = 2  # an enemy building slot across an open side: while it has a free defense space
EMPTY = 3  # an empty hex across an open side: while the pile can cover it (B2)


class Reach(NamedTuple):
    """Where meeples on a hex may go, as far as the battlefield decides: movement.py checks the
    conditions that depend on meeples and buildings."""

    #: (destination, how it opens, its move texts, the slot's (owner, index) or ()), sorted by
    #: destination, the hex itself left out.
    candidates: tuple[tuple[int, int, tuple[str, ...], tuple[int, ...]], ...]
    mines: tuple[int, ...]  # mines within reach, whose tunnels may open the EXIT candidates
    slots: tuple[tuple[int, ...], ...]  # (owner, index) of the SLOT candidates, in order
    has_empty: bool  # an EMPTY candidate
    #: (meeples that may move, tunnels open, room in each SLOT) -> the move texts, when the pile
    #: can cover any hex (every EMPTY candidate is open); filled by movement.move_options.
    moves: dict[tuple[int, bool, tuple[int, ...]], list[str]]


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

    def _plus_tile(self, h: int, tile: int, rot: int) -> Battlefield:
        """Return this battlefield with a tile on the empty hex h, derived from this one's
        data instead of from scratch (equal to ``_with``: the tiles field stays sorted)."""
        new: Battlefield = object.__new__(Battlefield)
        new.tiles = {**self.tiles, h: (tile, rot)}
        new.trees, new.upgrades = self.trees, self.upgrades
        new.village, new.cavern_exact = self.village, self.cavern_exact
        placed, trees, upgrades = self.fields
        i = bisect.bisect(placed, (h, tile, rot))
        new.fields = (placed[:i] + ((h, tile, rot),) + placed[i:], trees, upgrades)
        kind = TILE_KINDS[tile]
        new.kinds = {**self.kinds, h: kind}
        new.mines = tuple(sorted((*self.mines, h))) if kind == "mine" else self.mines
        new._closed, new._reach = {}, {}
        new._open_edges = new._upgradable = None
        return new

    def _keep(self, new: Battlefield, sides: set[int], reaches: set[int] | None = None) -> None:
        """Hand the cached sides of hexes outside ``sides`` and reaches of hexes outside
        ``reaches`` (default: ``sides``; None: none) over to ``new``."""
        new._closed = {h: m for h, m in self._closed.items() if h not in sides}
        if reaches is not None:
            new._reach = {key: r for key, r in self._reach.items() if key[0] not in reaches}

    def with_tile(self, h: int, tile: int, rot: int) -> Battlefield:
        """Return this battlefield with a tile placed on h."""
        if h in self.tiles:  # never in play (tiles go on empty hexes): no shortcut then
            new = self._with(tiles={**self.tiles, h: (tile, rot)})
        else:
            new = self._plus_tile(h, tile, rot)
        # The tile's forest closes sides of h and its neighbours only. Reaches change there and
        # in Caverns within 2 (their range), or everywhere for a new Mine (its tunnels).
        around = {h, *(h + d for d in DELTA)}
        caverns = {c for c in board.within_2(h) if self.kinds.get(c) == "cavern"}
        self._keep(new, around, None if TILE_KINDS[tile] == "mine" else around | caverns)
        return new

    def with_tree(self, key: int) -> Battlefield:
        """Return this battlefield with a Tree on an edge."""
        new = self._with(trees=self.trees | {key})
        h, d = board.edge_of_key(key)
        edge = {h, h + DELTA[d]}  # the two hexes of the edge
        self._keep(new, edge, edge)
        return new

    def with_upgrade(self, h: int, token: str) -> Battlefield:
        """Return this battlefield with an upgrade token on h."""
        new = self._with(upgrades={**self.upgrades, h: token})
        self._keep(new, set(), set())  # tokens give bonuses, never a side or a reach
        return new

    # --- queries -------------------------------------------------------------------------

    def forest(self, h: int, d: int) -> bool:
        """Return whether the tile on h (if any) shows forest on side d."""
        placed = self.tiles.get(h)
        return placed is not None and bool(board.FOREST[placed[0]][placed[1]] >> d & 1)

    def closed(self, h: int) -> int:
        """Return the 6-bit mask of h's sides closed by forest on either face and no Tree."""
        mask = self._closed.get(h)
        if mask is None:
            tiles = self.tiles
            placed = tiles.get(h)
            forest = board.FOREST[placed[0]][placed[1]] if placed else 0
            for d in range(6):
                other = tiles.get(h + DELTA[d])
                if other and board.FOREST[other[0]][other[1]] >> (d + 3) % 6 & 1:
                    forest |= 1 << d
            mask = forest
            if forest and self.trees:
                for d in range(6):
                    if forest >> d & 1 and board.edge_key(h, d) in self.trees:
                        mask &= ~(1 << d)
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
        how: dict[int, tuple[int, tuple[int, ...]]] = {}
        for d in range(6):
            if closed >> d & 1:
                continue
            n = h + DELTA[d]
            if n in kinds:
                territories.append(n)
                if kinds[n] == "mine":
                    mines.append(n)
            elif n in self.village:
                how[n] = (SLOT, self.village[n])
            else:
                how[n] = (EMPTY, ())
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
        if mines:
            how.update(dict.fromkeys(self.mines, (EXIT, ())))
        how.update(dict.fromkeys(territories, (OPEN, ())))
        how.pop(h, None)
        texts = MOVE_TEXTS
        candidates = tuple([(n, opens, texts.get((h, n)) or move_texts(h, n), slot)
                            for n, (opens, slot) in sorted(how.items())])
        slots = tuple([slot for _, opens, _, slot in candidates if opens == SLOT])
        has_empty = EMPTY in [opens for _, opens, _, _ in candidates]
        return Reach(candidates, tuple(mines), slots, has_empty, {})

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


#: (source, destination) -> the move texts for 1, 2, ... meeples (13 is everyone a player has):
#: the texts of a game are few and recur.
MOVE_TEXTS: dict[tuple[int, int], tuple[str, ...]] = {}


def move_texts(h: int, dest: int) -> tuple[str, ...]:
    """Return the texts of the moves from h to dest, by number of meeples minus one."""
    texts = MOVE_TEXTS.get((h, dest))
    if texts is None:
        if len(MOVE_TEXTS) > 200_000:  # the map grows anywhere: stay bounded
            MOVE_TEXTS.clear()
        texts = MOVE_TEXTS[h, dest] = grammar.move_texts(h, dest)
    return texts
