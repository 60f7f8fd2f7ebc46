"""Every capture vector of the rule sheet (Test vectors), in each of the four line directions.

``Y`` is the side that moves, ``R`` the other, ``*`` the piece that just moved; ``|`` is the
board edge. The mover steps onto the line from the square beside its landing square, so the
move itself is one king step; both colours take each role.
"""

from __future__ import annotations

import dataclasses

import pytest

from meeples.games.sparta import notation, rules
from meeples.games.sparta.state import Action, Piece
from tests.games.sparta.helpers import board, board_from, expect, parse

FILES = "abcdefghij"

#: direction -> (file step, rank step) along the line, and the step from the line to the mover.
DIRECTIONS = {
    "rank": ((1, 0), (0, 1)),
    "file": ((0, 1), (1, 0)),
    "diagonal": ((1, 1), (-1, 1)),
    "antidiagonal": ((1, -1), (1, 1)),
}
#: first square of the line in the middle of the board (away from cities) and at an edge.
MIDDLE_START = {"rank": "c2", "file": "c1", "diagonal": "c1", "antidiagonal": "c4"}
EDGE_START = {"rank": "a2", "file": "c1", "diagonal": "a1", "antidiagonal": "a3"}
#: pieces far away that keep both sides above two pieces.
BYSTANDERS = {"S": ["a10", "c10", "e10"], "N": ["h10", "j10", "j8"]}


def shift(name: str, step: tuple[int, int], times: int = 1) -> str:
    file, rank = FILES.index(name[0]) + step[0] * times, int(name[1:]) + step[1] * times
    assert 0 <= file < 10 and 1 <= rank <= 10, (name, step, times)
    return f"{FILES[file]}{rank}"


def letter(side: str) -> str:
    return "W" if side == "S" else "w"


def play_vector(
    pattern: str, direction: str, mover: str, start: str
) -> tuple[str, dict[str, str], list[str]]:
    """Set up a vector such as ``R Y R Y*`` and play the starred move.

    Returns the board after the move, the pieces before it and the line's squares.
    """
    other = "N" if mover == "S" else "S"
    step, beside = DIRECTIONS[direction]
    cells = pattern.split()
    line = [shift(start, step, i) for i in range(len(cells))]
    pieces = {sq: letter(mover) for sq in BYSTANDERS[mover]}
    pieces.update({sq: letter(other) for sq in BYSTANDERS[other]})
    landing = origin = ""
    for sq, cell in zip(line, cells, strict=True):
        side = mover if cell.startswith("Y") else other
        if cell.endswith("*"):
            landing, origin = sq, shift(sq, beside)
            pieces[origin] = letter(side)
        else:
            pieces[sq] = letter(side)
    state = parse(pieces, side=mover)
    after = state.play(f"{origin}-{landing}")
    moved = dict(pieces)
    moved[landing] = moved.pop(origin)
    return board(after), moved, line


CASES = [(d, side) for d in DIRECTIONS for side in ("S", "N")]
IDS = [f"{d}-{'south' if side == 'S' else 'north'}-moves" for d, side in CASES]


@pytest.mark.parametrize(("direction", "mover"), CASES, ids=IDS)
def test_capture_vector_moved_piece_between_two_enemies_is_defeated(
    direction: str, mover: str
) -> None:
    after, moved, line = play_vector("R Y* R", direction, mover, MIDDLE_START[direction])
    del moved[line[1]]
    assert after == board_from(moved)


@pytest.mark.parametrize(("direction", "mover"), CASES, ids=IDS)
def test_capture_vector_two_own_pieces_between_enemies_are_defeated(
    direction: str, mover: str
) -> None:
    after, moved, line = play_vector("R Y Y* R", direction, mover, MIDDLE_START[direction])
    del moved[line[1]], moved[line[2]]
    assert after == board_from(moved)


def test_capture_vector_both_colours_fall_in_one_line() -> None:
    # The sheet's ``R Y R Y*`` cannot arise in a game: before the move, ``R Y R`` already
    # encloses the middle Y, which a position text refuses. So this vector is played on the
    # rules' own resolution, from a board built directly: the middle Y and the middle R fall.
    start = parse({"c3": "w", "e3": "w", "g4": "W", "a10": "W", "c10": "W", "j10": "w"}).inner
    built = list(start.board)
    built[rules.square("d3")] = Piece.SOUTH_WARRIOR  # the enclosed middle Y
    state = dataclasses.replace(start, board=tuple(built))
    after = rules.apply(state, Action(rules.square("g4"), rules.square("f3")))
    pieces = {notation.square_name(sq) for sq, piece in enumerate(after.board) if piece}
    assert pieces == {"c3", "f3", "a10", "c10", "j10"}


@pytest.mark.parametrize(("direction", "mover"), CASES, ids=IDS)
def test_capture_vector_both_colours_fall_when_mover_lands_between(
    direction: str, mover: str
) -> None:
    # ``R Y* R Y``: the reachable form of the same line; the mover falls and so does the R
    # it encloses with the Y beyond.
    after, moved, line = play_vector("R Y* R Y", direction, mover, MIDDLE_START[direction])
    del moved[line[1]], moved[line[2]]
    assert after == board_from(moved)
    assert line[0] in moved and line[3] in moved  # the end pieces survive


@pytest.mark.parametrize(("direction", "mover"), CASES, ids=IDS)
def test_capture_vector_mover_encloses_two_enemies(direction: str, mover: str) -> None:
    after, moved, line = play_vector("Y* R R Y", direction, mover, MIDDLE_START[direction])
    del moved[line[1]], moved[line[2]]
    assert after == board_from(moved)


@pytest.mark.parametrize(("direction", "mover"), CASES, ids=IDS)
def test_capture_vector_board_edge_never_encloses(direction: str, mover: str) -> None:
    after, moved, _ = play_vector("R R Y*", direction, mover, EDGE_START[direction])
    assert after == board_from(moved)


def test_capture_vector_both_colours_as_a_board() -> None:
    # R Y* R Y along rank 3, South (Y) moving d4-d3: d3 (South) and e3 (North) both fall.
    state = parse("""
        . . . . . . . . . .
        . . . . . . . w . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . W . . . . . .
        . . w . w W . . . .
        . . . . . . . . w .
        . . W . . . . . . W
    """)
    after = state.play("d4-d3")
    assert board(after) == expect("""
        . . . . . . . . . .
        . . . . . . . w . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . w . . W . . . .
        . . . . . . . . w .
        . . W . . . . . . W
    """)
