"""A slow, obviously correct Sparta rules model, written without ``meeples.games.sparta``.

It exists only to check the real engine (``rules.py``): it shares no code with it. Where the
engine is clever (breadth-first reach sets, scanning only the four lines through the landing
square, resetting the repetition history on irreversible actions), this model does the plain
thing the rule sheet (``shared/rules/sparta.md``) says:

- a move is every path of 1..budget king steps, each step onto a free square, enumerated one
  step at a time; the destinations are the path ends other than the start;
- captures scan every line of the whole board (ranks, files, both diagonals), split each
  maximal segment of pieces into runs of one colour and defeat every run with an enemy piece
  directly on both ends, all at once;
- repetition counts every position since the model started.

It reads and writes the same position text as the engine, parsed here from scratch.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FILES = "abcdefghij"
SIZE = 10
STEP_BUDGET = {"W": 2, "w": 2, "H": 3, "h": 3}
TOTAL_CITIES = 8
DIRECTIONS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
LINE_DIRECTIONS = [(1, 0), (0, 1), (1, 1), (1, -1)]

Square = tuple[int, int]  # (file, rank), both 0-based


def name(sq: Square) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def parse_name(text: str) -> Square:
    return FILES.index(text[0]), int(text[1:]) - 1


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE


def side_of(piece: str) -> str:
    """Return 'S' for an upper case (South) piece letter, 'N' for lower case (North)."""
    return "S" if piece.isupper() else "N"


def other(side: str) -> str:
    return "N" if side == "S" else "S"


@dataclass
class Position:
    board: dict[Square, str]  # square -> one of W H w h
    cities: dict[Square, str]  # square -> owner 'S' or 'N'
    side: str
    reserves: dict[str, int]
    quiet: int
    passes: int
    heroes_conquer: bool = True
    history: list[tuple[object, ...]] = field(default_factory=list)
    result: str | None = None  # set when the game is over: 'S', 'N' or 'draw'

    def key(self) -> tuple[object, ...]:
        return (
            tuple(sorted(self.board.items())),
            tuple(sorted(self.cities.items())),
            self.side,
        )


def parse(text: str) -> Position:
    """Read a position text (the engine's format, documented in the README)."""
    fields = text.split()
    placement, side, city_text, reserves, quiet, passes = fields[:6]
    board: dict[Square, str] = {}
    for row_index, row in enumerate(placement.split("/")):
        rank = SIZE - 1 - row_index
        file = 0
        number = ""
        for char in row + "$":
            if char.isdigit():
                number += char
                continue
            if number:
                file += int(number)
                number = ""
            if char in "WHwh":
                board[(file, rank)] = char
                file += 1
    cities: dict[Square, str] = {}
    if city_text != "-":
        for item in city_text.split(","):
            square_text, owner = item.split(":")
            cities[parse_name(square_text)] = owner
    south, north = reserves.split("/")
    position = Position(
        board=board,
        cities=cities,
        side=side,
        reserves={"S": int(south), "N": int(north)},
        quiet=int(quiet),
        passes=int(passes),
        heroes_conquer=len(fields) < 7,
    )
    position.history = [position.key()]
    position.result = decide(position)
    return position


def format_position(position: Position) -> str:
    """Write a position text in the engine's format."""
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row = ""
        empty = 0
        for file in range(SIZE):
            piece = position.board.get((file, rank))
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        if empty:
            row += str(empty)
        rows.append(row)
    city_items = sorted(position.cities.items(), key=lambda item: (item[0][1], item[0][0]))
    cities = ",".join(f"{name(sq)}:{owner}" for sq, owner in city_items) or "-"
    text = " ".join([
        "/".join(rows),
        position.side,
        cities,
        f"{position.reserves['S']}/{position.reserves['N']}",
        str(position.quiet),
        str(position.passes),
    ])
    if not position.heroes_conquer:
        text += " warriors-conquer"
    return text


def destinations(position: Position, origin: Square) -> set[Square]:
    """Return every end square of a path of free squares within the piece's step budget."""
    budget = STEP_BUDGET[position.board[origin]]

    def is_free(sq: Square) -> bool:
        # The moving piece has left its start square, so that square is free on the way.
        return on_board(sq) and (sq == origin or sq not in position.board)

    ends: set[Square] = set()

    def walk(at: Square, steps_left: int) -> None:
        for df, dr in DIRECTIONS:
            nxt = (at[0] + df, at[1] + dr)
            if is_free(nxt):
                ends.add(nxt)
                if steps_left > 1:
                    walk(nxt, steps_left - 1)

    walk(origin, budget)
    ends.discard(origin)
    return ends


def legal_moves(position: Position) -> list[str]:
    """Return the legal action strings of the side to move, sorted."""
    if position.result is not None:
        return []
    moves = []
    for origin, piece in position.board.items():
        if side_of(piece) != position.side:
            continue
        for target in destinations(position, origin):
            moves.append(f"{name(origin)}-{name(target)}")
        if (
            piece.upper() == "W"
            and position.cities.get(origin) == position.side
            and position.reserves[position.side] > 0
        ):
            moves.append(f"{name(origin)}=H")
    return sorted(moves) or ["pass"]


def all_lines() -> list[list[Square]]:
    """Return every rank, file and diagonal of the board as a list of squares."""
    lines = []
    for df, dr in LINE_DIRECTIONS:
        for start in [(f, r) for f in range(SIZE) for r in range(SIZE)]:
            before = (start[0] - df, start[1] - dr)
            if on_board(before):
                continue  # not the first square of its line
            line = []
            sq = start
            while on_board(sq):
                line.append(sq)
                sq = (sq[0] + df, sq[1] + dr)
            lines.append(line)
    return lines


LINES = all_lines()


def enclosed(board: dict[Square, str]) -> set[Square]:
    """Return every square whose piece is in a run of one colour with enemies on both ends."""
    out: set[Square] = set()
    for line in LINES:
        runs: list[list[Square]] = []  # runs of one colour inside one segment of pieces
        for sq in line + [None]:  # type: ignore[list-item]
            piece = board.get(sq) if sq is not None else None
            if piece is None:
                for run in runs[1:-1]:
                    out.update(run)
                runs = []
                continue
            if runs and side_of(board[runs[-1][-1]]) == side_of(piece):
                runs[-1].append(sq)
            else:
                runs.append([sq])
    return out


def play(position: Position, move: str) -> Position:
    """Return the position after a legal action string (checked against legal_moves)."""
    assert move in legal_moves(position), move
    board = dict(position.board)
    cities = dict(position.cities)
    reserves = dict(position.reserves)
    side = position.side
    progress = False
    passes = 0
    if move == "pass":
        passes = position.passes + 1
    elif move.endswith("=H"):
        sq = parse_name(move[:-2])
        board[sq] = "H" if side == "S" else "h"
        reserves[side] -= 1
        progress = True
    else:
        origin_text, target_text = move.split("-")
        origin, target = parse_name(origin_text), parse_name(target_text)
        piece = board.pop(origin)
        board[target] = piece
        city = cities.get(target)
        is_warrior = piece.upper() == "W"
        if city == side and is_warrior and reserves[side] > 0:
            board[target] = "H" if side == "S" else "h"
            reserves[side] -= 1
            progress = True
        elif city == other(side) and (is_warrior or position.heroes_conquer):
            cities[target] = side
            progress = True
        fallen = enclosed(board)
        for sq in fallen:
            del board[sq]
        if fallen:
            progress = True
    after = Position(
        board=board,
        cities=cities,
        side=other(side),
        reserves=reserves,
        quiet=0 if progress else position.quiet + 1,
        passes=passes,
        heroes_conquer=position.heroes_conquer,
    )
    after.history = position.history + [after.key()]
    after.result = decide(after)
    return after


def by_cities(position: Position) -> str:
    south = sum(1 for owner in position.cities.values() if owner == "S")
    north = sum(1 for owner in position.cities.values() if owner == "N")
    return "S" if south > north else "N" if north > south else "draw"


def decide(position: Position) -> str | None:
    """Return 'S', 'N' or 'draw' if the game is over, checking the sheet's order."""
    for side in "SN":
        owned = sum(1 for owner in position.cities.values() if owner == side)
        if owned == len(position.cities) and owned > 0:
            return side
    south = sum(1 for piece in position.board.values() if side_of(piece) == "S")
    north = sum(1 for piece in position.board.values() if side_of(piece) == "N")
    if south <= 1 and north > 1:
        return "N"
    if north <= 1 and south > 1:
        return "S"
    if south <= 2 and north <= 2:
        return by_cities(position)
    if position.passes >= 2:
        return by_cities(position)
    if position.history.count(position.key()) >= 3:
        return by_cities(position)
    if position.quiet >= 200:
        return by_cities(position)
    return None


def perft(position: Position, depth: int) -> int:
    """Return the number of action sequences of exactly ``depth`` actions."""
    if depth == 0:
        return 1
    moves = legal_moves(position)
    if depth == 1:
        return len(moves)
    return sum(perft(play(position, move), depth - 1) for move in moves)
