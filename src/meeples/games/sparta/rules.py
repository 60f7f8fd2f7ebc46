"""Sparta's rules as pure functions: setup, legal actions, apply, the end of the game.

References are to the rule sheet ``shared/rules/sparta.md`` (sections "A turn", "End of the
game"), which resolves the rulebook ``rulebooks/sparta.es.txt``.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from functools import reduce as _reduce
from itertools import compress
from operator import iconcat
from typing import Any

from meeples.core import cow
from meeples.core.game import Outcome
from meeples.core.text import Message, Ref, msg
from meeples.games.sparta import setup
from meeples.games.sparta.state import (
    HERO_OF,
    IS_HERO,
    NO_CITY,
    OWNER,
    PASS,
    WARRIOR_OF,
    Action,
    Piece,
    State,
)

SIZE = setup.SIZE
SQUARES = SIZE * SIZE



def square(name: str) -> int:
    """Return the index of a square name such as ``b2``."""
    return (int(name[1:]) - 1) * SIZE + setup.FILES.index(name[0])


def _neighbours(sq: int) -> tuple[int, ...]:
    rank, file = divmod(sq, SIZE)
    out = []
    for dr in (-1, 0, 1):
        for df in (-1, 0, 1):
            r, f = rank + dr, file + df
            if (dr or df) and 0 <= r < SIZE and 0 <= f < SIZE:
                out.append(r * SIZE + f)
    return tuple(out)


def _lines(sq: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Return the four full lines through a square (rank, file, two diagonals), with its index."""
    rank, file = divmod(sq, SIZE)
    out = []
    for dr, df in ((0, 1), (1, 0), (1, 1), (1, -1)):
        r, f = rank, file
        while 0 <= r - dr < SIZE and 0 <= f - df < SIZE:
            r, f = r - dr, f - df
        line = []
        while 0 <= r < SIZE and 0 <= f < SIZE:
            line.append(r * SIZE + f)
            r, f = r + dr, f + df
        out.append((tuple(line), line.index(sq)))
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(sq) for sq in range(SQUARES))
LINES = tuple(_lines(sq) for sq in range(SQUARES))
STEPS = tuple(setup.HERO_STEPS if hero else setup.WARRIOR_STEPS for hero in IS_HERO)


def initial_state(players: int, seed: int, options: Mapping[str, Any]) -> State:
    """Return the opening position (the seed is unused: Sparta has no chance)."""
    board = [int(Piece.EMPTY)] * SQUARES
    cities = [NO_CITY] * SQUARES
    for player in (0, 1):
        for name in setup.WARRIOR_SQUARES[player]:
            board[square(name)] = WARRIOR_OF[player]
        for name in setup.CITY_SQUARES[player]:
            cities[square(name)] = player
    state = State(
        board=tuple(board),
        cities=tuple(cities),
        to_move=int(options.get("first", setup.FIRST_PLAYER)),
        reserves=(setup.HEROES, setup.HEROES),
        heroes_conquer=bool(options.get("heroes_conquer", True)),
    )
    return _with_history(state, ())


def destinations(board: Sequence[int], origin: int) -> list[int]:
    """Return the squares a piece can reach through free squares within its steps, sorted."""
    steps = STEPS[board[origin]]
    seen = {origin}
    frontier = [origin]
    reached = []
    for _ in range(steps):
        nxt = []
        for sq in frontier:
            for n in NEIGHBOURS[sq]:
                if n not in seen and board[n] == 0:
                    seen.add(n)
                    nxt.append(n)
        reached.extend(nxt)
        frontier = nxt
    reached.sort()
    return reached


def can_promote_in_place(state: State, sq: int) -> bool:
    """Return whether the side to move may turn its warrior on ``sq`` into a hero."""
    player = state.to_move
    return (
        state.board[sq] == WARRIOR_OF[player]
        and state.cities[sq] == player
        and state.reserves[player] > 0
    )


def _window(origin: int, steps: int) -> int:
    """Return the byte mask of the squares within ``steps`` king steps of ``origin``."""
    rank, file = divmod(origin, SIZE)
    mask = 0
    for sq in range(SQUARES):
        r, f = divmod(sq, SIZE)
        if sq != origin and max(abs(r - rank), abs(f - file)) <= steps:
            mask |= 1 << (8 * sq)
    return mask


# Move generation reads the board as bytes: one byte per square, so ``int.from_bytes`` of the
# occupancy gives a number whose byte ``sq`` is 1 when ``sq`` is occupied. A piece's targets
# depend only on the occupancy within its steps of it (its window) and, for a warrior on its
# own city, on whether its side still has a hero in reserve. So they are computed once per
# (kind, origin, occupied window, promotion) and kept as a ready tuple of actions: the
# in-place promotion first when there is one, then the same targets, in the same order, as
# ``destinations``.
#
# Every state made by these rules also carries, in ``State.aux`` (see ``Aux``), those ready
# tuples for the piece on each square, each side's squares (one byte per square) and the
# occupancy. ``apply`` copies them from the parent and redoes only the pieces within a hero's
# steps of a square the move changed (origin, landing, defeated pieces), and a side's
# promotions when its reserve runs out. So ``legal_actions`` only concatenates the tuples of
# the own squares, in ascending order. A state built otherwise (``State(...)``,
# ``dataclasses.replace``) has no such data: it is then computed from the board each time.
_PACK = struct.Struct(f"{SQUARES}B").pack  # twice as fast as bytes(board)
_OCCUPANCY = bytes([0, 1, 1, 1, 1]) + bytes(251)
#: Per player, each piece code read as 1 (own piece) or 0.
_OWN_BYTE = tuple(
    bytes([1 if p and OWNER[p] == player else 0 for p in range(5)]) + bytes(251)
    for player in (0, 1)
)
#: Per piece code: its row in ``_SLOTS`` (1 warrior, 2 hero), and the owner a city must have
#: for an in-place promotion (-2, no city's owner, for a hero).
_KIND = tuple((2 if IS_HERO[p] else 1) if p else 0 for p in range(5))
_PROMOTES_ON = tuple(OWNER[p] if p and not IS_HERO[p] else -2 for p in range(5))
#: Per kind and origin: the window mask and the kept moves by occupied window (with the
#: origin's own byte set when the piece may promote in place: no window holds its origin).
_SLOTS: tuple[tuple[tuple[int, dict[int, tuple[Action, ...]]], ...], ...] = tuple(
    tuple((_window(sq, steps), {}) for sq in range(SQUARES))
    for steps in (0, setup.WARRIOR_STEPS, setup.HERO_STEPS)
)
#: Windows kept per (kind, origin) before that table is emptied (bounds memory).
_MOVES_LIMIT = 1024
#: One shared action object per (origin, target) pair: the kept tuples only point at them.
_ACTIONS = tuple(tuple(Action(a, b) for b in range(SQUARES)) for a in range(SQUARES))
_PROMOTIONS = tuple(_ACTIONS[sq][sq] for sq in range(SQUARES))
_ALL_SQUARES = range(SQUARES)
#: Each square's byte, and the squares (bytes) whose piece's moves a change on it may alter.
_BYTE = tuple(1 << (8 * sq) for sq in range(SQUARES))
_NEAR = tuple(_window(sq, setup.HERO_STEPS) | _BYTE[sq] for sq in range(SQUARES))
_NO_MOVES: tuple[Action, ...] = ()
#: For the search of new windows on those numbers: every square, each square's neighbours,
#: the squares off file a and off file j (a step right or left may not wrap to another rank).
_FULL = sum(_BYTE)
_FIRST_STEP = tuple(sum(_BYTE[n] for n in NEIGHBOURS[sq]) for sq in range(SQUARES))
_OFF_FILE_A = sum(_BYTE[sq] for sq in range(SQUARES) if sq % SIZE)
_OFF_FILE_J = sum(_BYTE[sq] for sq in range(SQUARES) if sq % SIZE != SIZE - 1)
_RANK_SHIFT = 8 * SIZE
_MORE_STEPS = (0, setup.WARRIOR_STEPS - 1, setup.HERO_STEPS - 1)

#: (ready moves per square, South's squares, North's squares, occupancy, a hash of each
#: position in ``seen`` (a quick filter before comparing whole positions), each side's number
#: of cities). One flat tuple: fewer objects per state for the collector.
Aux = tuple[
    tuple[tuple[Action, ...], ...], bytearray, bytearray, int, tuple[int, ...], tuple[int, int]
]


def _set_aux(state: State, aux: Aux) -> None:
    """Attach the kept move-generation data to a new (frozen) state."""
    object.__setattr__(state, "aux", aux)


def seal(state: State) -> None:
    """Make the byte tables a state shares with the states made from it read-only, in place
    (the checked copy-on-write mode, :mod:`meeples.core.cow`): ``apply`` copies a side's table
    before it changes it, and shares it unchanged otherwise.

    Raises:
        SharedWrite: a field of the state holds a mutable container.
    """
    for name in ("board", "cities", "reserves"):
        cow.check_frozen(getattr(state, name), f"the field {name!r} of a Sparta state")
    # Only the newest position of the history: the others were checked with their own states.
    cow.check_frozen(state.seen[-1:], "the field 'seen' of a Sparta state")
    if not state.aux:
        return
    moves, south, north, occupied, hashes, city_counts = state.aux
    if not isinstance(moves, tuple):  # its entries are the kept tuples of _moves_on
        raise cow.SharedWrite(f"the ready moves of a Sparta state are a {type(moves).__name__}")
    _set_aux(state, (moves, cow.read_only_bytes(south), cow.read_only_bytes(north), occupied,
                     hashes, city_counts))


def _position_hash(board: tuple[int, ...], to_move: int) -> int:
    """Return a hash of a repetition key's board and side (equal keys, equal hashes)."""
    return hash(board) + to_move


def _moves_on(
    board: Sequence[int],
    cities: tuple[int, ...],
    reserves: tuple[int, int],
    occupied: int,
    sq: int,
) -> tuple[Action, ...]:
    """Return the actions of the piece on ``sq``: in-place promotion first, then its moves."""
    code = board[sq]
    mask, table = _SLOTS[_KIND[code]][sq]
    key = occupied & mask
    promote = cities[sq] == _PROMOTES_ON[code] and reserves[cities[sq]] > 0
    if promote:
        key |= _BYTE[sq]
    moves = table.get(key)
    if moves is None:
        if len(table) >= _MOVES_LIMIT:
            table.clear()
        # The squares of ``destinations``, a step at a time over the whole board at once:
        # spread to the neighbours of every square reached, keep the free ones.
        free = _FULL ^ occupied
        reached = _FIRST_STEP[sq] & free
        for _ in range(_MORE_STEPS[_KIND[code]]):
            spread = reached | (reached << _RANK_SHIFT) | (reached >> _RANK_SHIFT)
            reached = (
                spread | ((spread << 8) & _OFF_FILE_A) | ((spread >> 8) & _OFF_FILE_J)
            ) & free
        targets = tuple(compress(_ACTIONS[sq], reached.to_bytes(SQUARES, "little")))
        moves = table[key] = (_PROMOTIONS[sq], *targets) if promote else targets
    return moves


def _derive(state: State) -> Aux:
    """Return the move-generation data of a state computed from its board alone."""
    board = state.board
    raw = _PACK(*board)
    occupied = int.from_bytes(raw.translate(_OCCUPANCY), "little")
    south = bytearray(raw.translate(_OWN_BYTE[0]))
    north = bytearray(raw.translate(_OWN_BYTE[1]))
    moves = [_NO_MOVES] * SQUARES
    for sq in compress(_ALL_SQUARES, raw):
        moves[sq] = _moves_on(board, state.cities, state.reserves, occupied, sq)
    hashes = tuple(_position_hash(key[0], key[2]) for key in state.seen)
    return tuple(moves), south, north, occupied, hashes, count_cities(state.cities)


def legal_actions(state: State) -> list[Action]:
    """Return the legal actions of the side to move: moves, in-place promotions, else pass.

    Origins ascend; a warrior's in-place promotion comes before its moves, its targets ascend.
    """
    if state.outcome is not None:
        return []
    aux = state.aux or _derive(state)
    # A fresh list extended by each own square's tuple in turn (faster than chaining items).
    return _reduce(iconcat, compress(aux[0], aux[1 + state.to_move]), []) or [PASS]


def captured_by(board: list[int] | tuple[int, ...], landing: int) -> set[int]:
    """Return the squares whose pieces are enclosed on the four lines through ``landing``.

    On each line, the maximal contiguous segment of pieces through the landing square
    alternates runs of one colour; every run but the two end ones has an enemy on both sides
    and falls (sheet, Captures: simultaneous, both colours, no second pass).
    """
    out: set[int] = set()
    for line, index in LINES[landing]:
        start = index
        while start > 0 and board[line[start - 1]]:
            start -= 1
        end = index
        last = len(line) - 1
        while end < last and board[line[end + 1]]:
            end += 1
        if end - start < 2:
            continue
        first_colour = OWNER[board[line[start]]]
        a = start
        while a <= end and OWNER[board[line[a]]] == first_colour:
            a += 1
        last_colour = OWNER[board[line[end]]]
        b = end
        while b >= start and OWNER[board[line[b]]] == last_colour:
            b -= 1
        for i in range(a, b + 1):
            out.add(line[i])
    return out


def apply(state: State, action: Action) -> State:
    """Return the state after a legal action (trusted, not checked)."""
    player = state.to_move
    cities = state.cities
    reserves = state.reserves
    progress = False  # a capture, conquest or promotion: resets the 200-ply count
    irreversible = False  # a capture or promotion: no earlier position can come back
    origin, target = action
    moves, south, north, occupied, hashes, city_counts = state.aux or _derive(state)
    if origin < 0:  # pass
        passes = state.passes + 1
        board_tuple = state.board
    else:
        passes = 0
        board = list(state.board)
        changing = list(moves)
        changed: Any
        if origin == target:
            board[target] = HERO_OF[player]
            reserves = _spend_hero(reserves, player)
            progress = irreversible = True
            changed = [target]  # the occupancy is unchanged: only the new hero's moves
        else:
            piece = board[origin]
            board[origin] = 0
            board[target] = piece
            owner = cities[target]
            if owner == player and not IS_HERO[piece] and reserves[player] > 0:
                board[target] = HERO_OF[player]
                reserves = _spend_hero(reserves, player)
                progress = irreversible = True
            elif owner != NO_CITY and owner != player and (
                state.heroes_conquer or not IS_HERO[piece]
            ):
                conquered = list(cities)
                conquered[target] = player
                cities = tuple(conquered)
                city_counts = count_cities(cities)
                progress = True
            mine = (north if player else south).copy()
            mine[origin] = 0
            mine[target] = 1
            theirs = south if player else north
            occupied ^= _BYTE[origin] | _BYTE[target]
            near = _NEAR[origin] | _NEAR[target]
            changing[origin] = _NO_MOVES
            fallen = captured_by(board, target)
            if fallen:
                theirs = theirs.copy()
                for sq in fallen:
                    board[sq] = 0
                    mine[sq] = theirs[sq] = 0
                    occupied &= ~_BYTE[sq]
                    near |= _NEAR[sq]
                    changing[sq] = _NO_MOVES
                progress = irreversible = True
            south, north = (theirs, mine) if player else (mine, theirs)
            changed = compress(_ALL_SQUARES, (near & occupied).to_bytes(SQUARES, "little"))
        if not reserves[player] and reserves is not state.reserves:
            # The last hero left the reserve: no warrior of this side may promote any more.
            warrior = WARRIOR_OF[player]
            changed = [*changed, *(
                sq for sq in _ALL_SQUARES if board[sq] == warrior and cities[sq] == player
            )]
        for sq in changed:
            changing[sq] = _moves_on(board, cities, reserves, occupied, sq)
        # A tuple, not a list: once the collector has seen that it holds only tuples of
        # actions it stops tracking it, so big search trees cost it no time.
        moves = tuple(changing)
        board_tuple = tuple(board)
    to_move = 1 - player
    # A conquered city can be taken back, so conquest keeps the repetition history.
    key = (board_tuple, cities, to_move)
    position = _position_hash(board_tuple, to_move)
    seen: tuple[Any, ...]
    if irreversible:
        seen, hashes = (key,), (position,)
    else:
        seen, hashes = state.seen + (key,), hashes + (position,)
    repeated = hashes.count(position)
    if repeated >= setup.REPETITION_LIMIT:  # as often as that in the hashes: compare keys
        repeated = seen.count(key)
    quiet = 0 if progress else state.quiet_plies + 1
    outcome = _decide(
        city_counts, cities, south.count(1), north.count(1), passes, repeated, quiet
    )
    new = State(
        board=board_tuple,
        cities=cities,
        to_move=to_move,
        reserves=reserves,
        quiet_plies=quiet,
        passes=passes,
        heroes_conquer=state.heroes_conquer,
        outcome=outcome,
        seen=seen,
    )
    _set_aux(new, (moves, south, north, occupied, hashes, city_counts))
    return new


def _spend_hero(reserves: tuple[int, int], player: int) -> tuple[int, int]:
    return (reserves[0] - 1, reserves[1]) if player == 0 else (reserves[0], reserves[1] - 1)


def _with_history(state: State, seen: tuple[Any, ...]) -> State:
    """Return the state with its repetition history extended and its outcome decided."""
    key = (state.board, state.cities, state.to_move)
    seen = seen + (key,)
    repeated = seen.count(key)
    outcome = decide(state, repeated)
    new = State(
        board=state.board,
        cities=state.cities,
        to_move=state.to_move,
        reserves=state.reserves,
        quiet_plies=state.quiet_plies,
        passes=state.passes,
        heroes_conquer=state.heroes_conquer,
        outcome=outcome,
        seen=seen,
    )
    _set_aux(new, _derive(new))
    return new


def count_pieces(board: tuple[int, ...]) -> tuple[int, int]:
    """Return the number of pieces each player has on the board."""
    south = north = 0
    for piece in board:
        if piece:
            if OWNER[piece] == 0:
                south += 1
            else:
                north += 1
    return south, north


def count_cities(cities: tuple[int, ...]) -> tuple[int, int]:
    """Return the number of cities each player owns."""
    return cities.count(0), cities.count(1)


def side(player: int) -> Ref:
    """Return a reference to a side by player index (0 South, 1 North), named in each language."""
    return Ref("sp.side", player)


def _win(player: int, reason: str, key: str) -> Outcome:
    return Outcome(
        winners=(player,), ranking=((player,), (1 - player,)), reason=reason,
        message=msg(key, winner=side(player)),
    )


def _by_cities(cities: tuple[int, ...], reason: str, why: Message) -> Outcome:
    """Decide as in end condition 3: more cities wins, equal is a draw."""
    south, north = count_cities(cities)
    if south == north:
        return Outcome(
            winners=(), ranking=((0, 1),), reason=f"{reason}; equal cities: draw",
            message=msg("sp.end.cities_draw", why=why),
        )
    winner = 0 if south > north else 1
    return Outcome(
        winners=(winner,), ranking=((winner,), (1 - winner,)), reason=f"{reason}; more cities",
        message=msg("sp.end.more_cities", why=why, winner=side(winner)),
    )


def decide(state: State, repeated: int = 1) -> Outcome | None:
    """Return the outcome if the game has ended, checking the end conditions in sheet order."""
    south, north = count_pieces(state.board)
    return _decide(
        count_cities(state.cities), state.cities, south, north, state.passes, repeated,
        state.quiet_plies,
    )


def _decide(
    city_counts: tuple[int, int],
    cities: tuple[int, ...],
    south: int,
    north: int,
    passes: int,
    repeated: int,
    quiet: int,
) -> Outcome | None:
    """Decide as :func:`decide` from the counts of cities and of pieces on the board."""
    south_cities, north_cities = city_counts
    total = south_cities + north_cities
    if total:
        if south_cities == total:
            return _win(0, "all cities", "sp.end.all_cities")
        if north_cities == total:
            return _win(1, "all cities", "sp.end.all_cities")
    if (south <= 1) != (north <= 1):
        return _win(1 if south <= 1 else 0, "one piece left", "sp.end.one_piece")
    if south <= 2 and north <= 2:
        return _by_cities(cities, "both sides down to two pieces", msg("sp.end.two_pieces"))
    if passes >= 2:
        return _by_cities(cities, "both players passed", msg("sp.end.passes"))
    if repeated >= setup.REPETITION_LIMIT:
        return _by_cities(cities, "threefold repetition", msg("sp.end.repetition"))
    if quiet >= setup.QUIET_PLY_LIMIT:
        limit = setup.QUIET_PLY_LIMIT
        return _by_cities(
            cities, f"{limit} plies without progress", msg("sp.end.quiet", n=limit)
        )
    return None
