"""Meeple War's map for the terminal: a hex grid when it fits the width, else a list.

Every hex of the view becomes a cell: territories (name, kind, meeples), village slots (owner
letter, slot, building, defenders), hexes being explored (``?``) and the empty hexes next to the
map that meeples may explore (dotted). Forest sides are drawn on the edges themselves (``#``),
a forest opened by a Tree as ``#T#``. Owners are written by letter (R, B, G, Y) as well as
coloured, so the map reads the same without colour.

Everything comes from the view and the game's component data; no rules are imported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from meeples.games.meeple_war.data import BUILDINGS, KIND_NAMES, TILE_INDEX, TILES, TOKEN_NAMES
from meeples.terminal import hexgrid
from meeples.terminal.hexgrid import Cell, Hex, Mark
from meeples.terminal.legend import name_of

COLOURS = ("red", "blue", "green", "yellow")
LETTERS = "RBGY"
SIDES = ("E", "NE", "NW", "W", "SW", "SE")
SIDE_WORDS = ("right", "upper right", "upper left", "left", "lower left", "lower right")
#: Grid layouts tried widest first: (pitch, lines per cell).
LAYOUTS = ((14, 3), (12, 3), (10, 3), (8, 3))
#: Tile kinds in at most 9 and at most 7 characters, for narrow cells.
KIND_LABELS = {
    "stone_tower": ("Tower 2VP", "Tower 2"), "wooden_tower": ("Tower 1VP", "Tower 1"),
    "mine": ("Mine", "Mine"), "blank": ("", ""), "shields_forge": ("Shields", "Shields"),
    "weapons_forge": ("Weapons", "Weapons"), "workshop": ("Workshop", "Worksh."),
    "village": ("Village", "Village"), "druid_hut": ("Druid Hut", "Druid"),
    "cavern": ("Cavern", "Cavern"), "altar": ("Altar", "Altar"),
}
KIND_STYLE = {"mine": "grey62", "cavern": "grey62", "altar": "magenta", "stone_tower": "bold",
              "wooden_tower": "bold"}
FOREST = Mark("#", style="green")
OPENED = Mark("#", "T", "bold green")


def letter(player: int) -> Text:
    """Return a player's letter in the player's colour."""
    return Text(LETTERS[player], style=f"bold {COLOURS[player]}")


def parse_hex(name: str) -> Hex:
    """Return (q, r) of a hex name such as ``2,-1``."""
    q, _, r = name.partition(",")
    return int(q), int(r)


def hex_name(h: Hex) -> str:
    """Return the name of a hex."""
    return f"{h[0]},{h[1]}"


def kind_name(kind: str) -> str:
    """Return a tile kind's name (catalogue first)."""
    return name_of("mw.kind", kind, KIND_NAMES.get(kind, kind))


def building_name(code: str) -> str:
    """Return a building's name (catalogue first)."""
    return name_of("mw.building", code, BUILDINGS[code].name if code in BUILDINGS else code)


def token_name(token: str) -> str:
    """Return an upgrade token's name (catalogue first)."""
    return name_of("mw.token", token, TOKEN_NAMES.get(token, token))


def tile_forest(tile_id: str, rotation: int) -> list[int]:
    """Return the forest sides (absolute directions) of a tile laid at a rotation."""
    return sorted((side + rotation) % 6 for side in TILES[TILE_INDEX[tile_id]].forest)


@dataclass
class Board:
    """The map of a view, read once: tiles, villages, meeples, edges; and what it used."""

    view: dict[str, Any]
    tiles: dict[Hex, dict[str, Any]] = field(default_factory=dict)
    slots: dict[Hex, tuple[int, int]] = field(default_factory=dict)
    troops: dict[Hex, dict[int, int]] = field(default_factory=dict)
    exploring: dict[Hex, list[Hex]] = field(default_factory=dict)
    gates: dict[Hex, int] = field(default_factory=dict)
    upgrades: dict[Hex, str] = field(default_factory=dict)
    forests: set[frozenset[Hex]] = field(default_factory=set)
    opened: set[frozenset[Hex]] = field(default_factory=set)
    #: Symbols and codes drawn so far, for the legend: code -> meaning.
    used: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        view = self.view
        for tile in view["map"]:
            h = parse_hex(tile["hex"])
            self.tiles[h] = tile
            for d in tile["forest"]:
                self.forests.add(frozenset((h, hexgrid.neighbour(h, d))))
        for owner, hexes in enumerate(view["villages"]):
            for index, name in enumerate(hexes):
                self.slots[parse_hex(name)] = (owner, index)
        for name, p, count in view["troops"]:
            self.troops.setdefault(parse_hex(name), {})[p] = count
        for name, origins in view["explore"]:
            self.exploring[parse_hex(name)] = [parse_hex(o) for o in origins]
        for p, name in enumerate(view["gates"]):
            self.gates[parse_hex(name)] = p
        for name, token in view["upgrades"]:
            self.upgrades[parse_hex(name)] = token
        for key in view["trees"]:
            spot, _, side = key.partition("/")
            h = parse_hex(spot)
            self.opened.add(frozenset((h, hexgrid.neighbour(h, int(side)))))

    # -- what is where -----------------------------------------------------------------------

    def unexplored(self) -> list[Hex]:
        """Return the empty hexes next to the map's tiles (where meeples may explore)."""
        taken = set(self.tiles) | set(self.slots) | set(self.exploring)
        out = {hexgrid.neighbour(h, d) for h in self.tiles for d in range(6)} - taken
        return sorted(out, key=lambda h: (h[1], h[0]))

    def look(self, h: Hex, d: int) -> Mark | None:
        """Return the mark of an edge: a forest, or a forest a Tree opened."""
        edge = frozenset((h, hexgrid.neighbour(h, d)))
        if edge in self.opened:
            self.used["#T#"] = "forest opened by a Tree"
            return OPENED
        if edge in self.forests:
            self.used["#"] = "forest (closed side)"
            return FOREST
        return None

    def meeples(self, h: Hex, spaced: bool = True) -> Text:
        """Return the meeples on a hex by owner: ``R2 B1``."""
        text = Text()
        for p, count in sorted(self.troops.get(h, {}).items()):
            if text and spaced:
                text.append(" ")
            text.append(f"{LETTERS[p]}{count}", style=f"bold {COLOURS[p]}")
        if text:
            self.used["R2"] = "2 meeples of Red"
        return text

    def defenders(self, owner: int, index: int) -> Text:
        """Return the defenders of a slot by owner letter and its spaces: ``RR/6``."""
        slot = self.view["seats"][owner]["slots"][index]
        capacity = self.view["capacity"][owner][index]
        text = Text()
        for p in slot[3]:
            text.append_text(letter(p))
        text.append(f"{'' if slot[3] else '-'}/{capacity}")
        self.used["RR/6"] = "defenders/spaces"
        return text

    # -- cells -------------------------------------------------------------------------------

    def cells(self, room: int) -> dict[Hex, Cell]:
        """Return every cell of the map, its lines cut to ``room`` characters."""
        out: dict[Hex, Cell] = {}
        for h in self.unexplored():
            out[h] = Cell((Text(hex_name(h), style="dim"),), solid=False)
        if self.unexplored():
            self.used[":"] = "empty hex (explore it)"
        for h in self.exploring:
            self.used["?"] = "being explored"
            out[h] = Cell((Text(hex_name(h)), Text("?", style="bold"),
                           self.meeples(h, len(self.troops.get(h, {})) * 3 <= room)),
                          solid=False)
        for h, tile in self.tiles.items():
            out[h] = Cell(self.tile_lines(h, tile, room))
        for h, (owner, index) in self.slots.items():
            out[h] = Cell(self.slot_lines(h, owner, index, room))
        return out

    def kind_label(self, kind: str, room: int) -> str:
        """Return the kind's name if it fits, else a label (then explained in the legend)."""
        full = kind_name(kind)
        if kind == "blank" or len(full) <= room and kind not in ("stone_tower", "wooden_tower"):
            return "" if kind == "blank" else full
        long, short = KIND_LABELS.get(kind, (full, full[:7]))
        label = long if len(long) <= room else short
        if not full.startswith(label):
            self.used[label] = full
        return label

    def tile_lines(self, h: Hex, tile: dict[str, Any], room: int) -> tuple[Text, ...]:
        """Return a territory's lines: its name, its kind (gate, token), its meeples."""
        kind = tile["kind"]
        middle = Text(self.kind_label(kind, room), style=KIND_STYLE.get(kind, ""))
        if h in self.gates:
            p = self.gates[h]
            middle.append("gate ")
            middle.append_text(letter(p))
            self.used["gate R"] = "Red's gate"
        token = self.upgrades.get(h)
        if token:
            middle.append(f"{' ' if middle else ''}+{token}", style="bold cyan")
            self.used[f"+{token}"] = f"token {token_name(token)}"
        spaced = sum(3 for _ in self.troops.get(h, {})) <= room
        return Text(hex_name(h)), middle, self.meeples(h, spaced)

    def slot_lines(self, h: Hex, owner: int, index: int, room: int) -> tuple[Text, ...]:
        """Return a village slot's lines: hex and owner, slot and building, defenders."""
        head = Text(hex_name(h) + " ")
        head.append_text(letter(owner))
        slot = self.view["seats"][owner]["slots"][index]
        colour = COLOURS[owner]
        self.used["V1"] = "village slot 1"
        if slot is None:
            return head, Text(f"V{index + 1} -", style=colour), self.meeples(h)
        code, built = slot[0], slot[1]
        self.used[code] = building_name(code)
        middle = Text(f"V{index + 1} {code}{'' if built else '*'}", style=f"bold {colour}")
        if not built:
            self.used["*"] = "under construction"
        bottom = self.meeples(h, False)
        defence = self.defenders(owner, index)
        if len(bottom) + len(defence) + 1 <= room:
            bottom.append(" " if bottom else "")
            bottom.append_text(defence)
        elif not bottom:
            bottom = defence
        return head, middle, bottom

    # -- the whole map -----------------------------------------------------------------------

    def hexes(self) -> list[Hex]:
        """Return every hex the map draws."""
        return [*self.tiles, *self.slots, *self.exploring, *self.unexplored()]

    def layout(self, width: int) -> tuple[int, int] | None:
        """Return the widest grid layout (pitch, lines) that fits, or None."""
        hexes = self.hexes()
        for pitch, lines in LAYOUTS:
            if hexgrid.width(hexes, pitch) <= width:
                return pitch, lines
        return None

    def grid(self, pitch: int, lines: int) -> list[Text]:
        """Return the map drawn as a hex grid."""
        return hexgrid.draw(self.cells(pitch - 1), pitch, lines, self.look)


TILES_VP = {"stone_tower": 2, "wooden_tower": 1}


def rotation_previews(board: Board, legal: list[str], width: int) -> list[Text]:
    """Return the drawn tile shown at each legal rotation (``rot:N``), side by side."""
    drawn = board.view.get("drawn") or []
    rotations = [int(a[4:]) for a in legal if a.startswith("rot:")]
    if not drawn or not rotations:
        return []
    centre, tile_id = parse_hex(drawn[0]), drawn[1]
    tile = TILES[TILE_INDEX[tile_id]]
    origins = ", ".join(hex_name(o) for o in board.exploring.get(centre, []))
    head = Text(f"Drawn tile {tile_id} ({kind_name(tile.kind)}) for {drawn[0]}", style="bold")
    head.append(f", entered from {origins}" if origins else "")
    head.append(": choose its rotation, rot:N (# = forest side)")
    pictures = [_preview(board, centre, tile_id, rot) for rot in rotations]
    # Each picture takes a column as wide as its widest line and a space: as many as fit.
    column = 1 + max(len(line) for picture in pictures for line in picture)
    across = max(1, (width + 1) // column)
    out = [head]
    for start in range(0, len(pictures), across):
        row = pictures[start:start + across]
        for i in range(max(len(p) for p in row)):
            line = Text()
            for picture in row:
                part = picture[i] if i < len(picture) else Text()
                line.append_text(part)
                line.append(" " * (column - len(part)))
            line.rstrip()
            out.append(line)
    return out


def _preview(board: Board, centre: Hex, tile_id: str, rotation: int) -> list[Text]:
    forest = tile_forest(tile_id, rotation)
    cells = {centre: Cell((Text(f"rot:{rotation}", style="bold cyan"),))}
    for d in range(6):
        h = hexgrid.neighbour(centre, d)
        solid = h in board.tiles or h in board.slots
        cells[h] = Cell((Text(hex_name(h), style="" if solid else "dim"),), solid=solid)

    def look(h: Hex, d: int) -> Mark | None:
        other = hexgrid.neighbour(h, d)
        if h == centre and d in forest or other == centre and (d + 3) % 6 in forest:
            return FOREST
        return board.look(h, d)

    lines = hexgrid.draw(cells, 8, 1, look)
    return [Text(" ") + line for line in lines]


def tree_sides() -> list[Text]:
    """Return how the sides of ``tree:q,r/N`` are numbered, with a small hex."""
    words = ", ".join(f"{d} = {SIDES[d]} ({SIDE_WORDS[d]})" for d in (0, 1, 2))
    return [
        Text("   2 / \\ 1    tree:q,r/N puts your Tree on side N of hex q,r:"),
        Text(f"    |   | 0   {words}"),
    ]


def plain_map(board: Board) -> list[Text]:
    """Return the map as a list, one hex per line (pipes, NO_COLOR, narrow terminals)."""
    out = [Text("Map (hex: tile, meeples, forest sides):", style="bold")]
    for h in sorted(board.tiles, key=lambda h: (h[1], h[0])):
        tile = board.tiles[h]
        line = Text(f"  {hex_name(h):6} {kind_name(tile['kind'])}")
        if tile["kind"] in TILES_VP:
            line.append(f" ({TILES_VP[tile['kind']]} VP)")
        if h in board.gates:
            line.append(", gate of ")
            line.append_text(letter(board.gates[h]))
        if h in board.upgrades:
            line.append(f", upgrade token {token_name(board.upgrades[h])}")
        meeples = board.meeples(h)
        if meeples:
            line.append(", meeples ")
            line.append_text(meeples)
        sides = []
        for d in range(6):
            mark = board.look(h, d)
            if mark is OPENED:
                sides.append(f"{SIDES[d]} (opened by a Tree)")
            elif mark is FOREST:
                sides.append(SIDES[d])
        if sides:
            line.append(", forest " + " ".join(sides))
        out.append(line)
    for h, origins in board.exploring.items():
        line = Text(f"  {hex_name(h):6} being explored (entered from "
                    f"{', '.join(hex_name(o) for o in origins)})")
        meeples = board.meeples(h)
        if meeples:
            line.append(", meeples ")
            line.append_text(meeples)
        out.append(line)
    empty = board.unexplored()
    if empty:
        out.append(Text("  Empty hexes next to the map (to explore): "
                        + " ".join(hex_name(h) for h in empty)))
    return out


def slot_words(board: Board, owner: int, index: int) -> Text:
    """Return a village slot in short words: ``PS worker a RR/3`` or ``PS* 1/3 built``."""
    slot = board.view["seats"][owner]["slots"][index]
    if slot is None:
        return Text("empty", style="dim")
    code, built, node, _ = slot
    board.used[code] = building_name(code)
    text = Text(code, style=f"bold {COLOURS[owner]}")
    if built:
        text.append(f" worker {node} ")
    else:
        length = BUILDINGS[code].construction_length if code in BUILDINGS else 0
        text.append(f"* {node[1:]}/{length} built ")
        board.used["*"] = "under construction"
    text.append_text(board.defenders(owner, index))
    return text
