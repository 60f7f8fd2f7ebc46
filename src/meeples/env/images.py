"""Board images for ``render_mode="rgb_array"``: each game's board drawn from a player's view.

An image is an ``(H, W, 3)`` uint8 array of a size fixed per game (:data:`SIZES`: a video keeps
one frame size), drawn with Pillow from ``view(state, player)`` alone, as the terminal and the
browser draw theirs, so it shows what that player may see and nothing the view hides. Sparta is
drawn from the player's own side, as its observation is (North's board turned half a turn); the
hex maps of Meeple War and Rise of Tribes have no side, so the observer is marked in the seats'
line at the bottom (``you``). Seats take the colour-blind-safe Okabe-Ito colours of the browser's
safe palette, and owners are told apart by shape or letter as well.

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

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

Image = npt.NDArray[np.uint8]
Point = tuple[float, float]

#: Each game's frame, (width, height) in pixels: multiples of 16, as video encoders want.
SIZES = {"sparta": (480, 544), "rise_of_tribes": (640, 576), "meeple_war": (640, 640)}
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
    draw_board = DRAWN.get(game)
    canvas = PILImage.new("RGB", SIZES.get(game, TEXT_SIZE), BACKGROUND)
    draw = PILDraw.Draw(canvas)
    if draw_board is None:  # a game with no drawing of its own: its terminal board, as text
        text_board(draw, game, view, last, outcome_note(outcome))
    else:
        draw_board(draw, view, last, outcome_note(outcome))
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


# --- Sparta -----------------------------------------------------------------------------------

FILES = "abcdefghij"
SPARTA_NAMES = ("South", "North")


def sparta(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], last: str | None,
           ended: str | None) -> None:
    """Draw Sparta's board as the player sees it: South with rank 1 at the bottom, North turned
    half a turn (rank 10 at the bottom, file j on the left), as its observation is."""
    size = int(view.get("size", 10))
    player = view.get("player")
    north = player == 1
    cell, margin = 44, 20

    def corner(square: str) -> Point:
        file, rank = FILES.index(square[0]), int(square[1:]) - 1
        column, row = (size - 1 - file, rank) if north else (file, size - 1 - rank)
        return margin + column * cell, margin + row * cell

    touched = set() if not last or last == "pass" else set(last.removesuffix("=H").split("-"))
    for rank in range(1, size + 1):
        for file in FILES[:size]:
            square = f"{file}{rank}"
            x, y = corner(square)
            light = (FILES.index(file) + rank) % 2
            colour = (222, 206, 178) if light else (201, 180, 146)
            if square in touched:
                colour = (236, 222, 120)
            draw.rectangle((x, y, x + cell, y + cell), fill=colour)
    for square, owner in view.get("cities", {}).items():
        x, y = corner(square)
        draw.rectangle((x + 2, y + 2, x + cell - 2, y + cell - 2), fill=tint(SEATS[owner], 0.35),
                       outline=SEATS[owner], width=3)
    for square, piece in view.get("pieces", {}).items():
        x, y = corner(square)
        _sparta_piece(draw, (x + cell / 2, y + cell / 2), piece["owner"], piece["kind"] == "hero")
    for i in range(size):  # coordinates around the board, as this side sees it
        file = FILES[size - 1 - i] if north else FILES[i]
        rank = i + 1 if north else size - i
        centred(draw, (margin + i * cell + cell / 2, margin / 2), file, 12)
        centred(draw, (margin / 2, margin + i * cell + cell / 2), str(rank), 12)
    reserves = view.get("reserves", [0, 0])
    labels = [f"{SPARTA_NAMES[p]}, reserve {reserves[p]}" for p in range(2)]
    to_move = view.get("to_move")
    note = ended or f"quiet plies {view.get('quiet_plies', 0)}, passes {view.get('passes', 0)}"
    top = SIZES["sparta"][1] - STRIP
    seats_line(draw, SIZES["sparta"][0], top, labels, player, to_move, note)


def _sparta_piece(draw: ImageDraw.ImageDraw, at: Point, owner: int, hero: bool) -> None:
    """Draw a piece: South's round, North's a diamond, in its side's colour; a hero larger,
    with a white ring."""
    x, y = at
    r = 17 if hero else 13
    colour = SEATS[owner]
    if owner == 0:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
    else:
        draw.polygon(((x, y - r), (x + r, y), (x, y + r), (x - r, y)), fill=colour, outline=INK,
                     width=2)
    if hero:
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), outline=(255, 255, 255), width=3)


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


# --- Rise of Tribes ---------------------------------------------------------------------------

TERRAIN = {"forest": (108, 160, 92), "lake": (112, 170, 214), "mountain": (168, 164, 158)}


def rise_of_tribes(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], last: str | None,
                   ended: str | None) -> None:
    """Draw Rise of Tribes' map: each hex's terrain, letter and tile, the members of each tribe,
    villages and elders by owner, invaders, the mammoth, the tiger and the volcano."""
    width, height = SIZES["rise_of_tribes"]
    hexes = view.get("hexes", [])
    volcano = view.get("volcano")
    coordinates = [(h["q"], h["r"]) for h in hexes]
    if volcano:
        coordinates.append((volcano[0], volcano[1]))
    place = fit(coordinates, width, height - STRIP, 80)
    radius: float = place.radius  # type: ignore[attr-defined]
    for cell in hexes:
        centre = place(cell["q"], cell["r"])
        colour = TERRAIN.get(cell["terrain"] or "", (225, 220, 210))
        draw.polygon(hex_corners(centre, radius - 2), fill=colour, outline=INK, width=2)
        x, y = centre
        label = cell["name"] + (f" {cell['tile_id']}" if cell.get("tile_id") else "")
        centred(draw, (x, y - radius * 0.55), label, max(10, int(radius * 0.22)))
        members = [(seat, n) for seat, n in enumerate(cell["members"]) if n]
        discs(draw, (x, y - radius * 0.1), members, radius)
        marks = []
        if cell["village"] is not None:
            marks.append(f"V{LETTERS[int(cell['village'])]}")
        if cell["elder"] is not None:
            marks.append(f"E{LETTERS[int(cell['elder'])]}")
        if cell["invaders"]:
            marks.append(f"i{cell['invaders']}")
        if cell["mammoth"]:
            marks.append("mam")
        if cell["tiger"]:
            marks.append("tiger")
        if marks:
            centred(draw, (x, y + radius * 0.45), " ".join(marks), max(10, int(radius * 0.2)))
        if cell["village"] is not None:
            seat = int(cell["village"])
            draw.rectangle((x - radius * 0.6, y + radius * 0.25, x - radius * 0.42,
                            y + radius * 0.43), fill=SEATS[seat], outline=INK)
    if volcano:
        centre = place(volcano[0], volcano[1])
        draw.polygon(hex_corners(centre, radius - 2), fill=(196, 64, 48), outline=INK, width=2)
        centred(draw, centre, "volcano", max(10, int(radius * 0.22)), (255, 255, 255))
    table = view.get("table", [])
    labels = [f"{entry['score']} VP" for entry in table]
    note = ended or f"round {view.get('round', 0)}, {view.get('phase', '')}"
    seats_line(draw, width, height - STRIP, labels, view.get("player"), view.get("to_move"),
               note)


# --- Meeple War -------------------------------------------------------------------------------

KINDS = {
    "stone_tower": ((150, 140, 130), "Tower 2"), "wooden_tower": ((176, 140, 100), "Tower 1"),
    "mine": ((120, 116, 112), "Mine"), "blank": ((214, 200, 160), ""),
    "shields_forge": ((190, 170, 130), "Shields"), "weapons_forge": ((190, 160, 120), "Weapons"),
    "workshop": ((200, 180, 140), "Workshop"), "village": ((220, 190, 150), "Village"),
    "druid_hut": ((150, 190, 120), "Druid"), "cavern": ((130, 126, 140), "Cavern"),
    "altar": ((200, 150, 190), "Altar"),
}


def _hex(name: str) -> tuple[int, int]:
    q, _, r = name.partition(",")
    return int(q), int(r)


def meeple_war(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], last: str | None,
               ended: str | None) -> None:
    """Draw Meeple War's map, scaled to fit however far it grew: the tiles by kind with their
    forest sides, the village slots in their owner's colour, the hexes to explore dotted, and the
    meeples of each seat."""
    width, height = SIZES["meeple_war"]
    tiles = {_hex(entry["hex"]): entry for entry in view.get("map", [])}
    slots = {_hex(name): seat for seat, names in enumerate(view.get("villages", []))
             for name in names}
    explore = [_hex(name) for name, _ in view.get("explore", [])]
    place = fit([*tiles, *slots, *explore], width, height - STRIP, 40)
    radius: float = place.radius  # type: ignore[attr-defined]
    for h in explore:
        draw.polygon(hex_corners(place(*h), radius - 2), outline=FAINT, width=1)
    for h, seat in slots.items():
        if h not in tiles:
            draw.polygon(hex_corners(place(*h), radius - 2), fill=tint(SEATS[seat], 0.45),
                         outline=SEATS[seat], width=2)
    for h, entry in tiles.items():
        centre = place(*h)
        colour, label = KINDS.get(entry["kind"], ((214, 200, 160), entry["kind"]))
        corners = hex_corners(centre, radius - 2)
        draw.polygon(corners, fill=colour, outline=INK, width=1)
        for side in entry.get("forest", []):
            # Side d (0 E .. 5 SE) joins corners -d and 1 - d of hex_corners' order (from -30
            # degrees, y down): E lies between the corners at -30 and 30 degrees.
            a, b = corners[(1 - side) % 6], corners[(0 - side) % 6]
            draw.line((a, b), fill=(34, 110, 50), width=4)
        if label and radius >= 14:
            centred(draw, (centre[0], centre[1] - radius * 0.45), label, max(8, int(radius * .3)))
    troops: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for name, seat, count in view.get("troops", []):
        troops.setdefault(_hex(name), []).append((seat, count))
    for h, counts in troops.items():
        centre = place(*h)
        discs(draw, (centre[0], centre[1] + radius * 0.15), counts, radius)
    vp = view.get("vp", [])
    labels = [f"{points} VP" for points in vp]
    note = ended or (f"turn {view.get('turn', 0)}, phase {view.get('phase', '')},"
                     f" {view.get('step', '')}")
    seats_line(draw, width, height - STRIP, labels, view.get("player"), view.get("to_move"), note)


#: The drawing of each game's board.
DRAWN: dict[str, Callable[[Any, Mapping[str, Any], str | None, str | None], None]] = {
    "sparta": sparta, "rise_of_tribes": rise_of_tribes, "meeple_war": meeple_war,
}


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
