"""Rise of Tribes' map image (``render_mode="rgb_array"``), declared in its environment
(``EnvSpec.drawing``): the hex map has no side, so the observer is marked in the seats' line
(``you``); drawn from the view alone (:mod:`meeples.env.images`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeples.env.images import (
    INK,
    LETTERS,
    SEATS,
    STRIP,
    centred,
    discs,
    fit,
    hex_corners,
    seats_line,
)
from meeples.env.registry import Drawing

if TYPE_CHECKING:
    from PIL import ImageDraw

#: The frame, (width, height) in pixels: multiples of 16, as video encoders want.
SIZE = (640, 576)

TERRAIN = {"forest": (108, 160, 92), "lake": (112, 170, 214), "mountain": (168, 164, 158)}


def rise_of_tribes(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], last: str | None,
                   ended: str | None) -> None:
    """Draw Rise of Tribes' map: each hex's terrain, letter and tile, the members of each tribe,
    villages and elders by owner, invaders, the mammoth, the tiger and the volcano."""
    width, height = SIZE
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


DRAWING = Drawing(SIZE, rise_of_tribes)
