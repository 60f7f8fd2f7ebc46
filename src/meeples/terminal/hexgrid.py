"""Pointy-top hex maps as text: cells of a few lines between edges, each edge drawable.

Hexes are axial ``(q, r)``, r growing downwards, and each row sits half a cell to the right of
the row above: a hex's column is ``x = 2q + r`` half-cells. Directions are numbered as in Meeple
War: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE. A cell of pitch ``p`` is ``p - 1`` characters wide
between its two vertical sides; its slanted sides share the line between two rows::

     \\   /   \\   /
      |  0,0  |  1,0  |
     /   \\   /   \\   /
    |  0,1  |  1,1  |

An edge is drawn plain (``/``, ``\\``, ``|``), dotted when no real tile lies on either side, or
with a mark (a forest ``#``, a forest opened by a Tree ``#T#``...) that the caller chooses, so
closed edges are seen where they are instead of being listed as codes. Only ASCII is used for
the lines, so the map survives any terminal font.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
Hex = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Cell:
    """What one hex shows: its lines of text; ``solid`` False for a hex without a tile."""

    lines: tuple[Text, ...]
    solid: bool = True


@dataclass(frozen=True, slots=True)
class Mark:
    """How a marked edge is drawn: a fill character, an optional centre character, a style."""

    fill: str
    centre: str = ""
    style: str = ""


#: Return the mark of side ``d`` of a hex, or None for a plain edge.
EdgeLook = Callable[[Hex, int], Mark | None]


def neighbour(h: Hex, d: int) -> Hex:
    """Return the hex on side d of h."""
    dq, dr = DIRECTIONS[d]
    return h[0] + dq, h[1] + dr


def column(h: Hex) -> int:
    """Return the half-cell column of a hex."""
    return 2 * h[0] + h[1]


def width(hexes: Sequence[Hex] | Mapping[Hex, object], pitch: int) -> int:
    """Return how many characters a map of these hexes needs at this pitch."""
    xs = [column(h) for h in hexes]
    if not xs:
        return 0
    return (max(xs) - min(xs)) * (pitch // 2) + pitch + 1


def height(hexes: Sequence[Hex] | Mapping[Hex, object], lines: int) -> int:
    """Return how many lines a map of these hexes needs with cells of ``lines`` lines."""
    rs = [r for _, r in hexes]
    return (max(rs) - min(rs) + 1) * (lines + 1) + 1 if rs else 0


class _Canvas:
    """A grid of characters with a style each."""

    def __init__(self, rows: int, cols: int) -> None:
        self.chars = [[" "] * cols for _ in range(rows)]
        self.styles = [[""] * cols for _ in range(rows)]

    def put(self, y: int, x: int, char: str, style: str = "") -> None:
        if 0 <= y < len(self.chars) and 0 <= x < len(self.chars[y]):
            self.chars[y][x] = char
            self.styles[y][x] = style

    def text(self, y: int, x: int, text: Text, room: int) -> None:
        plain = text.plain[:room]
        for i, char in enumerate(plain):
            self.put(y, x + i, char, _style_at(text, i))

    def lines(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            end = len(chars)
            while end and chars[end - 1] == " ":
                end -= 1
            line = Text()
            start = 0
            for i in range(1, end + 1):
                if i == end or styles[i] != styles[start]:
                    line.append("".join(chars[start:i]), style=styles[start])
                    start = i
            out.append(line)
        return out


def _style_at(text: Text, index: int) -> str:
    style = str(text.style or "")
    for span in text.spans:
        if span.start <= index < span.end:
            style = str(span.style)
    return style


def draw(
    cells: Mapping[Hex, Cell], pitch: int, lines: int, look: EdgeLook | None = None
) -> list[Text]:
    """Return the map as lines of text: every cell with its edges, marks where ``look`` says.

    ``pitch`` must be even (a row is shifted by half of it); a cell shows its first ``lines``
    lines, each cut to ``pitch - 1`` characters.
    """
    if not cells:
        return []
    half = pitch // 2
    xmin = min(column(h) for h in cells)
    rmin = min(r for _, r in cells)
    canvas = _Canvas(height(cells, lines), width(cells, pitch))
    # Ghost cells first, so a real tile's edge is drawn over a dotted one.
    for h in sorted(cells, key=lambda h: cells[h].solid):
        cell = cells[h]
        left = (column(h) - xmin) * half
        top = (h[1] - rmin) * (lines + 1)
        for i, line in enumerate(cell.lines[:lines]):
            canvas.text(top + 1 + i, left + 1, line, pitch - 1)
        for d in range(6):
            other = cells.get(neighbour(h, d))
            solid = cell.solid or (other is not None and other.solid)
            mark = look(h, d) if look is not None else None
            _edge(canvas, left, top, half, lines, d, mark, solid)
    return canvas.lines()


def _edge(canvas: _Canvas, left: int, top: int, half: int, lines: int, d: int,
          mark: Mark | None, solid: bool) -> None:
    """Draw side d of the cell whose left side is at ``left`` and top line at ``top``."""
    if d in (0, 3):  # a vertical side: E on the right, W on the left
        x = left + 2 * half if d == 0 else left
        middle = top + 1 + (lines - 1) // 2
        for y in range(top + 1, top + 1 + lines):
            if mark is not None:
                char = mark.centre if mark.centre and y == middle else mark.fill
                canvas.put(y, x, char, mark.style)
            else:
                canvas.put(y, x, "|" if solid else ":", "" if solid else "dim")
        return
    y = top if d in (1, 2) else top + lines + 1
    start = left + 1 if d in (2, 4) else left + half + 1
    glyph = "/" if d in (2, 5) else "\\"
    size = half - 1
    for i in range(size):
        if mark is not None:
            char = mark.centre if mark.centre and i == size // 2 else mark.fill
            canvas.put(y, start + i, char, mark.style)
        elif i == size // 2:
            canvas.put(y, start + i, glyph if solid else ".", "" if solid else "dim")
