"""Scenario helpers for the Sparta tests: positions from ASCII boards, boards from states.

A board is ten rows of ten cells, rank 10 first, files a..j left to right: ``W``/``H`` a South
warrior/hero, ``w``/``h`` a North warrior/hero, ``.`` an empty square. Spaces are ignored, so
rows may be written ``. . W . . . . . . .``.
"""

from __future__ import annotations

from typing import Any

import meeples

GAME = meeples.load("sparta")
FILES = "abcdefghij"

#: The designed city layout of the sheet (setup): South b5 d5 f5 h5, North c6 e6 g6 i6.
STANDARD_CITIES = {
    "b5": "S", "d5": "S", "f5": "S", "h5": "S", "c6": "N", "e6": "N", "g6": "N", "i6": "N",
}


def square_index(name: str) -> tuple[int, int]:
    """Return (row from the top, file) of a square name, as in an ASCII board."""
    return 10 - int(name[1:]), FILES.index(name[0])


def rows_of(board: str) -> list[str]:
    """Return the ten rows of an ASCII board, spaces removed, checked."""
    rows = ["".join(line.split()) for line in board.strip().splitlines()]
    assert len(rows) == 10 and all(len(row) == 10 for row in rows), rows
    return rows


def board_from(pieces: dict[str, str]) -> str:
    """Return the ASCII board with the given pieces (square name -> piece letter)."""
    grid = [["."] * 10 for _ in range(10)]
    for name, piece in pieces.items():
        row, file = square_index(name)
        grid[row][file] = piece
    return "\n".join("".join(row) for row in grid)


def position(
    board: str | dict[str, str],
    side: str = "S",
    cities: dict[str, str] | None = None,
    reserves: tuple[int, int] | None = None,
    quiet: int = 0,
    passes: int = 0,
    heroes_conquer: bool = True,
) -> str:
    """Return the position text of an ASCII board (or a square -> piece mapping).

    The reserves default to the count a real game would have: every hero on the board came
    out of the reserve.
    """
    if isinstance(board, dict):
        board = board_from(board)
    rows = rows_of(board)
    placement = []
    for row in rows:
        out, empty = "", 0
        for cell in row:
            if cell == ".":
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += cell
        placement.append(out + (str(empty) if empty else ""))
    city_map = STANDARD_CITIES if cities is None else cities
    ordered = sorted(city_map, key=lambda name: (int(name[1:]), name[0]))
    city_text = ",".join(f"{name}:{city_map[name]}" for name in ordered)
    if reserves is None:
        text = "".join(rows)
        reserves = (8 - text.count("H"), 8 - text.count("h"))
    fields = ["/".join(placement), side, city_text, f"{reserves[0]}/{reserves[1]}",
              str(quiet), str(passes)]
    if not heroes_conquer:
        fields.append("warriors-conquer")
    return " ".join(fields)


def parse(board: str | dict[str, str], **fields: Any) -> meeples.State[Any, Any]:
    """Return the facade state of an ASCII board (see :func:`position` for the fields)."""
    return GAME.parse(position(board, **fields))


def board(state: meeples.State[Any, Any]) -> str:
    """Return the pieces of a state as an ASCII board (rank 10 first, no spaces)."""
    placement = state.position().split()[0]
    rows = []
    for row in placement.split("/"):
        out = ""
        number = ""
        for char in row + "$":
            if char.isdigit():
                number += char
                continue
            if number:
                out += "." * int(number)
                number = ""
            if char != "$":
                out += char
        rows.append(out)
    return "\n".join(rows)


def expect(text: str) -> str:
    """Return an ASCII board written in a test as :func:`board` writes it."""
    return "\n".join(rows_of(text))


def cities(state: meeples.State[Any, Any]) -> dict[str, str]:
    """Return the owner ('S' or 'N') of each city of a state."""
    return dict(item.split(":") for item in state.position().split()[2].split(","))


def reserves(state: meeples.State[Any, Any]) -> tuple[int, int]:
    """Return the heroes left in each reserve, South first."""
    south, north = state.position().split()[3].split("/")
    return int(south), int(north)


def quiet_plies(state: meeples.State[Any, Any]) -> int:
    """Return the plies since the last capture, conquest or promotion."""
    return int(state.position().split()[4])


def targets(state: meeples.State[Any, Any], origin: str) -> set[str]:
    """Return the destinations of the piece on ``origin`` among the legal actions."""
    return {a.split("-")[1] for a in state.legal() if a.startswith(origin + "-")}
