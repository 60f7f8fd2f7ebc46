"""Rise of Tribes' map for the terminal: a hex grid of the view's hexes, or a list.

Each hex shows its letter and land (terrain, or a scenario tile by name, by code when the name
does not fit, the legend naming it), the members by owner letter (``R3``), invaders (``i2``),
villages and elders by owner letter (``V:R``, ``E:R``), the mammoth, the tiger and a lower
population limit (``max4``). The volcano is a cell of its own beside the map.

Everything comes from the view and the game's component data; no rules are imported.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from meeples.games.rise_of_tribes import data
from meeples.terminal import hexgrid
from meeples.terminal.hexgrid import Cell, Hex
from meeples.terminal.legend import name_of

COLOURS = ("red", "blue", "green", "yellow")
LETTERS = "RBGY"
TERRAIN_STYLE = {"forest": "green4", "lake": "deep_sky_blue3", "mountain": "grey62"}
#: Grid layouts tried widest first: (pitch, lines per cell).
LAYOUTS = ((16, 3), (14, 3), (12, 3))
TILE_IDS = {name: code for name, code, _ in data.SCENARIO_TILES}


def letter(player: int) -> Text:
    """Return a player's letter in the player's colour."""
    return Text(LETTERS[player], style=f"bold {COLOURS[player]}")


def goal_name(code: str) -> str:
    """Return a goal card's name (catalogue first)."""
    fallback = data.GOAL_NAMES[data.GOAL_IDS.index(code)] if code in data.GOAL_IDS else code
    return name_of("rot.goal", code, fallback)


def event_name(code: str) -> str:
    """Return an event's name (catalogue first)."""
    fallback = data.EVENT_NAMES[data.EVENT_IDS.index(code)] if code in data.EVENT_IDS else code
    return name_of("rot.event", code, fallback)


def tile_name(code: str) -> str:
    """Return a scenario tile's name (catalogue first)."""
    names = {c: n for n, c, _ in data.SCENARIO_TILES}
    return name_of("rot.tile", code, names.get(code, code))


class Map:
    """The hexes of a view, and the codes the drawing used (for the legend)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.hexes: dict[Hex, dict[str, Any]] = {(h["q"], h["r"]): h for h in view["hexes"]}
        volcano = view.get("volcano")
        self.volcano: Hex | None = (volcano[0], volcano[1]) if volcano else None
        self.used: dict[str, str] = {}

    def coords(self) -> list[Hex]:
        """Return every hex drawn, the volcano included."""
        return [*self.hexes, *([self.volcano] if self.volcano else [])]

    def people(self, cell: dict[str, Any]) -> Text:
        """Return the members by owner letter (``R3 B2``) and the invaders (``i2``)."""
        text = Text()
        for p, count in enumerate(cell["members"]):
            if count:
                text.append(" " if text else "")
                text.append(f"{LETTERS[p]}{count}", style=f"bold {COLOURS[p]}")
                self.used["R3"] = "3 members of Red"
        if cell["invaders"]:
            text.append(" " if text else "")
            text.append(f"i{cell['invaders']}", style="bold magenta")
            self.used["i2"] = "2 invaders"
        return text

    def land(self, cell: dict[str, Any], room: int) -> Text:
        """Return the hex's letter and its terrain or scenario tile (by code when long); "?"
        while the setup has not dealt its terrain yet (a replay's first chance nodes)."""
        terrain = cell["terrain"]
        text = Text(f"{cell['name']} ", style="bold")
        if terrain is None:
            text.append("?", style="dim")
            return text
        tile = cell["tile"]
        if tile:
            code = TILE_IDS.get(tile, tile)
            name = tile_name(code)
            style = TERRAIN_STYLE.get(terrain, "")
            if len(name) + 2 <= room:
                text.append(name, style=style)
            else:
                fits = len(code) + len(terrain) + 3 <= room
                text.append(f"{code} {terrain}" if fits else code, style=style)
                self.used[code] = name if fits else f"{name} ({terrain})"
        else:
            text.append(terrain, style=TERRAIN_STYLE.get(terrain, ""))
        return text

    def marks(self, cell: dict[str, Any]) -> Text:
        """Return the village, elder, mammoth, tiger and population limit of a hex."""
        text = Text()
        if cell["village"] is not None:
            text.append("V:")
            text.append_text(letter(cell["village"]))
            text.append(" ")
            self.used["V:R"] = "Red's village"
        if cell["elder"] is not None:
            text.append("E:")
            text.append_text(letter(cell["elder"]))
            text.append(" ")
            self.used["E:R"] = "Red's Tribal Elder"
        if cell["mammoth"]:
            text.append("mammoth ", style="bold")
        if cell["tiger"]:
            text.append("tiger ", style="bold")
        if cell["limit"] != data.POP_LIMIT:
            text.append(f"max{cell['limit']}", style="dim")
            self.used["max4"] = "at most 4 members of a tribe there"
        text.rstrip()
        return text

    def cells(self, room: int) -> dict[Hex, Cell]:
        """Return every cell of the map, its lines cut to ``room`` characters."""
        out = {h: Cell((self.land(c, room), self.people(c), self.marks(c)))
               for h, c in self.hexes.items()}
        if self.volcano:
            out[self.volcano] = Cell((Text("VOLCANO", style="bold red"),))
        return out

    def layout(self, width: int) -> tuple[int, int] | None:
        """Return the widest grid layout (pitch, lines) that fits, or None."""
        for pitch, lines in LAYOUTS:
            if hexgrid.width(self.coords(), pitch) <= width:
                return pitch, lines
        return None

    def listed(self) -> list[Text]:
        """Return the map as a list, one hex per line (pipes, NO_COLOR, narrow consoles)."""
        out = [Text("Map (hex: land, members, marks):", style="bold")]
        for h in sorted(self.hexes, key=lambda h: (h[1], h[0])):
            cell = self.hexes[h]
            line = Text("  ") + self.land(cell, 99)
            for part in (self.people(cell), self.marks(cell)):
                if part:
                    line.append(", ")
                    line.append_text(part)
            out.append(line)
        if self.volcano:
            out.append(Text(f"  the volcano lies at {self.volcano[0]},{self.volcano[1]} "
                            "(outside the map, beside its hexes)"))
        return out
