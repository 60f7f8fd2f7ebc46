"""Board images for ``render_mode="rgb_array"``: each game's board drawn from a player's view.

An image is an ``(H, W, 3)`` uint8 array of a size fixed per game (a video keeps one frame
size), drawn with Pillow from ``view(state, player)`` alone, as the terminal and the browser
draw theirs, so it shows what that player may see and nothing the view hides. Each game declares
its drawing in its environment (``EnvSpec.drawing``: its size and the function that draws it,
in a module of its own such as :mod:`meeples.env.sparta_image`); a game that declares none is
drawn as its terminal board, in text. This module holds what the drawings share: seats take the
colour-blind-safe Okabe-Ito colours of the browser's safe palette, owners are told apart by
shape or letter as well, and a hex map is fitted to the frame.

Pillow is imported on the first image, not with the environments: it is only needed for frames
(``pip install 'meeples[rl]'`` brings it).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from meeples.env.registry import env_spec

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

Image = npt.NDArray[np.uint8]
Point = tuple[float, float]

#: Seat colours (the browser's safe palette: orange, blue, bluish green, reddish purple).
SEATS = ((230, 159, 0), (0, 114, 178), (0, 158, 115), (204, 121, 167))
LETTERS = "RBGY"
BACKGROUND = (246, 241, 231)
INK = (43, 33, 24)
FAINT = (170, 160, 150)
STRIP = 64  # the seats' line at the bottom
#: The frame of a game that draws no board of its own (its terminal board as text).
TEXT_SIZE = (640, 480)
#: Box-drawing characters (U+2500-U+257F), which Pillow's own font lacks, as ASCII lines.
ASCII_BOX = {code: "-" if code in (0x2500, 0x2501, 0x2550) else
             "|" if code in (0x2502, 0x2503, 0x2551) else "+" for code in range(0x2500, 0x2580)}


def image(game: str, view: Mapping[str, Any], last: str | None = None,
          outcome: Mapping[str, Any] | None = None) -> Image:
    """Return a game's board drawn from a view (a player's, or a spectator's), as RGB pixels:
    ``last`` the last action's text (Sparta marks its squares), ``outcome`` how the game ended
    (``Outcome.to_json()``, written in the seats' line).

    Raises:
        ImportError: Pillow is not installed (the rl extra).
    """
    try:
        from PIL import Image as PILImage
        from PIL import ImageDraw as PILDraw
    except ImportError as error:
        raise ImportError(
            f"render_mode='rgb_array' needs Pillow (the rl extra): pip install 'meeples[rl]'"
            f" ({error})", name=error.name) from error
    drawing = env_spec(game).drawing
    canvas = PILImage.new("RGB", drawing.size if drawing else TEXT_SIZE, BACKGROUND)
    draw = PILDraw.Draw(canvas)
    if drawing is None:  # a game with no drawing of its own: its terminal board, as text
        text_board(draw, game, view, last, outcome_note(outcome))
    else:
        drawing.draw(draw, view, last, outcome_note(outcome))
    return np.asarray(canvas, dtype=np.uint8).copy()


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Return Pillow's own font at a size (no font file needed)."""
    from PIL import ImageFont

    return ImageFont.load_default(size)


def tint(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """Return a colour mixed with white, ``amount`` of the colour kept."""
    r, g, b = (round(255 - (255 - c) * amount) for c in colour)
    return r, g, b


def centred(draw: ImageDraw.ImageDraw, at: Point, text: str, size: int,
            fill: tuple[int, int, int] = INK) -> None:
    """Write a text centred on a point."""
    draw.text(at, text, fill=fill, font=font(size), anchor="mm")


def seats_line(draw: ImageDraw.ImageDraw, width: int, top: int, labels: Sequence[str],
               player: int | None, to_move: int | None, note: str) -> None:
    """Write the seats' line: each seat's colour, letter and label, ``you`` for the observer,
    a bar under the seat to move; then a note (the turn, or how the game ended)."""
    draw.rectangle((0, top, width, top + STRIP), fill=(232, 225, 211))
    step = width / max(len(labels), 1)
    for seat, label in enumerate(labels):
        x = step * seat + 8
        draw.ellipse((x, top + 8, x + 18, top + 26), fill=SEATS[seat], outline=INK)
        you = " (you)" if seat == player else ""
        draw.text((x + 24, top + 9), f"{LETTERS[seat]}{you} {label}", fill=INK, font=font(13))
        if seat == to_move:
            draw.rectangle((x, top + 29, x + step - 16, top + 31), fill=INK)
    draw.text((8, top + 38), note, fill=INK, font=font(13))


def outcome_note(outcome: Mapping[str, Any] | None) -> str | None:
    """Return how a game ended, in a line, or None while it goes on."""
    if not outcome:
        return None
    winners = outcome.get("winners") or []
    who = " and ".join(LETTERS[w] for w in winners) or "nobody"
    return f"over: {who} won ({outcome.get('reason', '')})"[:90]


# --- hex maps ---------------------------------------------------------------------------------

ROOT3 = math.sqrt(3)


def hex_centre(q: int, r: int, radius: float) -> Point:
    """Return a pointy-top hex's centre (axial q, r; r grows downwards), origin at 0, 0."""
    return radius * ROOT3 * (q + r / 2), radius * 1.5 * r


def hex_corners(centre: Point, radius: float) -> list[Point]:
    """Return a pointy-top hex's corners."""
    x, y = centre
    return [(x + radius * math.cos(math.radians(60 * k - 30)),
             y + radius * math.sin(math.radians(60 * k - 30))) for k in range(6)]


def fit(hexes: Sequence[tuple[int, int]], width: int, height: int, most: float
        ) -> Callable[[int, int], Point]:
    """Return where each hex's centre lies so that all of them fit the area, and the radius."""
    points = [hex_centre(q, r, 1.0) for q, r in hexes] or [(0.0, 0.0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    span_x, span_y = max(xs) - min(xs) + ROOT3, max(ys) - min(ys) + 2
    radius = min(most, (width - 16) / span_x, (height - 16) / span_y)
    left = (width - (max(xs) + min(xs)) * radius) / 2
    top = (height - (max(ys) + min(ys)) * radius) / 2

    def place(q: int, r: int) -> Point:
        x, y = hex_centre(q, r, radius)
        return x + left, y + top

    place.radius = radius  # type: ignore[attr-defined]
    return place


def discs(draw: ImageDraw.ImageDraw, centre: Point, counts: Sequence[tuple[int, int]],
          radius: float) -> None:
    """Draw each seat's count as a disc of its colour with the number in it, in a row."""
    x, y = centre
    size = max(6.0, radius * 0.28)
    start = x - (len(counts) - 1) * size
    for i, (seat, count) in enumerate(counts):
        cx = start + 2 * size * i
        draw.ellipse((cx - size, y - size, cx + size, y + size), fill=SEATS[seat], outline=INK)
        centred(draw, (cx, y), str(count), max(9, int(size * 1.2)))


def text_board(draw: ImageDraw.ImageDraw, game: str, view: Mapping[str, Any], last: str | None,
               ended: str | None) -> None:
    """Draw a game that has no drawing here as its terminal board (the generic renderer if it
    declares none), in plain text, cut to the frame; how it ended on the last line."""
    from rich.console import Console

    from meeples.terminal import renderer_for

    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None, force_terminal=False)
    console.print(renderer_for(game).render(dict(view), [], last))
    lines = out.getvalue().translate(ASCII_BOX).splitlines()
    size, step = 13, 16
    width, height = TEXT_SIZE
    room = (height - 2 * step) // step
    for row, line in enumerate(lines[:room]):
        draw.text((12, 8 + row * step), line, fill=INK, font=font(size))
    if ended:
        draw.text((12, height - 2 * step), ended, fill=INK, font=font(size))
