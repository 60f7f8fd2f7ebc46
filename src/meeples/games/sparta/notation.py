"""Sparta's notation: action strings and the one-line position text.

Actions (fixed by the sheet): ``b2-d4`` a move, ``e5=H`` in-place promotion, ``pass``.

Position text, six or seven space-separated fields::

    10/1wwwwwwww1/10/10/10/10/10/10/1WWWWWWWW1/10 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0

1. placement, rank 10 first, files a..j: ``W``/``H`` South warrior/hero, ``w``/``h`` North,
   a number for a run of empty squares;
2. side to move, ``S`` (player 0) or ``N`` (player 1);
3. the 8 cities as ``square:owner``, comma-separated in square order (rank 1 first, a..j);
4. heroes left in reserve, South/North;
5. plies since the last capture, conquest or promotion (the 200-ply rule);
6. consecutive passes just played (0 or 1; 2 ends the game);
7. ``warriors-conquer`` when the ``heroes_conquer`` option is off (omitted by default).

A parsed position starts a fresh repetition history (like FEN). It must be one a game can
reach as far as a single position shows: 8 cities, no more heroes on the board than left the
reserve, no more warriors than were not promoted, and no enclosed run of pieces.
"""

from __future__ import annotations

import re

from meeples.core.errors import BadPosition, IllegalAction
from meeples.core.text import Ref, msg, shown
from meeples.games.sparta import rules, setup
from meeples.games.sparta.state import HERO_OF, NO_CITY, PASS, WARRIOR_OF, Action, Piece, State

SIZE = setup.SIZE
FILES = setup.FILES
_SQUARE = re.compile(r"([a-j])(10|[1-9])")
_PIECE_CHARS = {Piece.SOUTH_WARRIOR: "W", Piece.SOUTH_HERO: "H", Piece.NORTH_WARRIOR: "w",
                Piece.NORTH_HERO: "h"}
_CHAR_PIECES = {c: int(p) for p, c in _PIECE_CHARS.items()}
_SIDES = "SN"


def _name(sq: int) -> str:
    rank, file = divmod(sq, SIZE)
    return f"{FILES[file]}{rank + 1}"


#: Every square's name, looked up rather than formatted: the server names each legal action's
#: squares three times (text, parts, description), 1.3 million times a minute at 500 games.
_NAMES = tuple(_name(sq) for sq in range(SIZE * SIZE))


def square_name(sq: int) -> str:
    """Return the name of a square index, e.g. 11 -> ``b2``."""
    return _NAMES[sq]


def _bad(key: str, **params: object) -> BadPosition:
    """Return the refusal of a position, as a message (``core.bad.*`` or ``sp.bad.*``)."""
    return BadPosition(msg(key, **params))


def parse_square(text: str) -> int:
    """Return the index of a square name.

    Raises:
        ValueError: not a square of the board.
    """
    match = _SQUARE.fullmatch(text)
    if not match:
        raise ValueError(f"{text!r} is not a square (a1 to j10)")
    return (int(match.group(2)) - 1) * SIZE + FILES.index(match.group(1))


def format_action(action: Action) -> str:
    """Return the canonical text of an action."""
    if action == PASS:
        return "pass"
    origin, target = action
    if origin == target:
        return f"{square_name(origin)}=H"
    return f"{square_name(origin)}-{square_name(target)}"


def parse_action(text: str) -> Action:
    """Return the action a canonical text names.

    Raises:
        IllegalAction: the text is not of the form ``b2-d4``, ``e5=H`` or ``pass``.
    """
    if text == "pass":
        return PASS
    try:
        if text.endswith("=H"):
            sq = parse_square(text[:-2])
            return Action(sq, sq)
        origin, sep, target = text.partition("-")
        if sep:
            action = Action(parse_square(origin), parse_square(target))
            if action.origin != action.target:
                return action
    except ValueError:
        pass
    raise IllegalAction(msg("core.not_an_action", action=shown(text), game="Sparta",
                            hint=msg("sp.notation_hint")))


def format_state(state: State) -> str:
    """Return the position text of a state."""
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row, empty = [], 0
        for file in range(SIZE):
            piece = state.board[rank * SIZE + file]
            if piece:
                if empty:
                    row.append(str(empty))
                    empty = 0
                row.append(_PIECE_CHARS[Piece(piece)])
            else:
                empty += 1
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    cities = ",".join(
        f"{square_name(sq)}:{_SIDES[owner]}"
        for sq, owner in enumerate(state.cities)
        if owner != NO_CITY
    ) or "-"
    fields = [
        "/".join(rows),
        _SIDES[state.to_move],
        cities,
        f"{state.reserves[0]}/{state.reserves[1]}",
        str(state.quiet_plies),
        str(state.passes),
    ]
    if not state.heroes_conquer:
        fields.append("warriors-conquer")
    return " ".join(fields)


def parse_state(text: str) -> State:
    """Return the state a position text describes.

    Raises:
        BadPosition: the text is malformed or the position cannot arise in a game.
    """
    if not isinstance(text, str):
        raise _bad("core.bad.position_text")
    fields = text.split()
    if len(fields) not in (6, 7):
        raise _bad("sp.bad.fields", count=len(fields))
    placement, side, city_text, reserve_text, quiet_text, pass_text = fields[:6]
    heroes_conquer = True
    if len(fields) == 7:
        if fields[6] != "warriors-conquer":
            raise _bad("sp.bad.seventh", field=repr(fields[6]))
        heroes_conquer = False
    board = _parse_placement(placement)
    if side not in ("S", "N"):
        raise _bad("sp.bad.side", value=repr(side))
    cities = [NO_CITY] * (SIZE * SIZE)
    if city_text != "-":
        for item in city_text.split(","):
            name, colon, owner = item.partition(":")
            try:
                sq = parse_square(name)
            except ValueError:
                raise _bad("sp.bad.city_square", city=repr(item), square=repr(name)) from None
            if not colon or owner not in ("S", "N"):
                raise _bad("sp.bad.city_owner", city=repr(item))
            if cities[sq] != NO_CITY:
                raise _bad("sp.bad.two_cities", square=name)
            cities[sq] = _SIDES.index(owner)
    try:
        south_reserve, north_reserve = (int(x) for x in reserve_text.split("/"))
        quiet, passes = int(quiet_text), int(pass_text)
    except ValueError:
        raise _bad("sp.bad.numbers") from None
    for value, what in ((south_reserve, "reserve"), (north_reserve, "reserve"), (quiet, "plies"),
                        (passes, "passes")):
        if value < 0:
            raise _bad(f"sp.bad.negative_{what}")
    if south_reserve > setup.HEROES or north_reserve > setup.HEROES:
        raise _bad("sp.bad.reserve", n=setup.HEROES)
    if passes > 2:
        raise _bad("sp.bad.passes")
    city_count = sum(1 for owner in cities if owner != NO_CITY)
    if city_count != setup.CITIES:
        raise _bad("sp.bad.cities", n=setup.CITIES, count=city_count)
    board_tuple = tuple(board)
    _check_pieces(board_tuple, (south_reserve, north_reserve))
    for sq, piece in enumerate(board_tuple):
        enclosed = rules.captured_by(board_tuple, sq) if piece else set()
        if enclosed:
            names = " ".join(square_name(s) for s in sorted(enclosed))
            raise _bad("sp.bad.enclosed", squares=names)
    state = State(
        board=board_tuple,
        cities=tuple(cities),
        to_move=_SIDES.index(side),
        reserves=(south_reserve, north_reserve),
        quiet_plies=quiet,
        passes=passes,
        heroes_conquer=heroes_conquer,
    )
    return rules._with_history(state, ())


def _check_pieces(board: tuple[int, ...], reserves: tuple[int, int]) -> None:
    """Refuse piece counts no game reaches.

    Every hero that left a reserve replaced a warrior (sheet, A turn 2 and 4), so a side has
    promoted ``HEROES - reserve`` warriors: its heroes on the board are at most that many, and
    its warriors on the board at most ``WARRIORS`` minus that many.

    Raises:
        BadPosition: a side has more heroes or warriors than its reserve allows.
    """
    for player in (0, 1):
        side = Ref("sp.side", player)
        promoted = setup.HEROES - reserves[player]
        warriors = sum(1 for p in board if p == WARRIOR_OF[player])
        heroes = sum(1 for p in board if p == HERO_OF[player])
        if heroes > promoted:
            raise _bad("sp.bad.heroes", side=side, count=heroes, promoted=promoted,
                       reserve=reserves[player], n=setup.HEROES)
        if warriors > setup.WARRIORS - promoted:
            raise _bad("sp.bad.warriors", side=side, count=warriors, promoted=promoted,
                       n=setup.WARRIORS, reserve=reserves[player], left=setup.WARRIORS - promoted)


def _parse_placement(placement: str) -> list[int]:
    rows = placement.split("/")
    if len(rows) != SIZE:
        raise _bad("sp.bad.ranks", n=SIZE, count=len(rows))
    board = [0] * (SIZE * SIZE)
    for i, row in enumerate(rows):
        rank = SIZE - 1 - i
        file = 0
        for token in re.findall(r"[0-9]+|.", row):
            if token.isdigit():
                if token.startswith("0") or len(token) > 2:
                    cut = token if len(token) < 20 else token[:20] + "..."
                    raise _bad("sp.bad.run", rank=rank + 1, token=cut)
                file += int(token)
            elif token in _CHAR_PIECES:
                if file < SIZE:
                    board[rank * SIZE + file] = _CHAR_PIECES[token]
                file += 1
            else:
                raise _bad("sp.bad.piece", rank=rank + 1, token=repr(token))
        if file != SIZE:
            raise _bad("sp.bad.rank_squares", rank=rank + 1, count=file, n=SIZE)
    return board
