"""Sparta's board image (``render_mode="rgb_array"``), declared in its environment
(``EnvSpec.drawing``): drawn from the player's own side, as its observation is (North's board
turned half a turn), from the view alone (:mod:`meeples.env.images`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeples.env.images import (
    INK,
    SEATS,
    STRIP,
    Point,
    centred,
    seats_line,
    tint,
)
from meeples.env.registry import Drawing

if TYPE_CHECKING:
    from PIL import ImageDraw

#: The frame, (width, height) in pixels: multiples of 16, as video encoders want.
SIZE = (480, 544)

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
    top = SIZE[1] - STRIP
    seats_line(draw, SIZE[0], top, labels, player, to_move, note)


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


DRAWING = Drawing(SIZE, sparta)
