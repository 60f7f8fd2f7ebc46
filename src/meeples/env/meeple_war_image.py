"""Meeple War's map image (``render_mode="rgb_array"``), declared in its environment
(``EnvSpec.drawing``): the hex map has no side, so the observer is marked in the seats' line
(``you``); drawn from the view alone (:mod:`meeples.env.images`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeples.env.images import (
    FAINT,
    INK,
    SEATS,
    STRIP,
    centred,
    discs,
    fit,
    hex_corners,
    seats_line,
    tint,
)
from meeples.env.registry import Drawing

if TYPE_CHECKING:
    from PIL import ImageDraw

#: The frame, (width, height) in pixels: multiples of 16, as video encoders want.
SIZE = (640, 640)

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
    width, height = SIZE
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


DRAWING = Drawing(SIZE, meeple_war)
