"""Sparta's rules as pure functions: setup, legal actions, apply, the end of the game.

References are to the rule sheet ``shared/rules/sparta.md`` (sections "A turn", "End of the
game"), which resolves the rulebook ``rulebooks/sparta.es.txt``.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from itertools import compress
from typing import Any

from meeples.core.game import Outcome
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


def destinations(board: tuple[int, ...], origin: int) -> list[int]:
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
# depend only on the occupancy within its steps of it (its window), so they are computed once
# per (origin, steps, occupied window) and kept as a ready tuple of actions: the same moves,
# in the same order, as ``destinations``.
_PACK = struct.Struct(f"{SQUARES}B").pack  # twice as fast as bytes(board)
_OCCUPANCY = bytes([0, 1, 1, 1, 1]) + bytes(251)
#: Per player, each piece code read as 1 (own warrior), 2 (own hero) or 0.
_OWN_CODE = tuple(
    bytes([(2 if IS_HERO[p] else 1) if p and OWNER[p] == player else 0 for p in range(5)])
    + bytes(251)
    for player in (0, 1)
)
#: Per code and origin: the window mask and the kept moves by occupied window.
_SLOTS: tuple[tuple[tuple[int, dict[int, tuple[Action, ...]]], ...], ...] = tuple(
    tuple((_window(sq, steps), {}) for sq in range(SQUARES))
    for steps in (0, setup.WARRIOR_STEPS, setup.HERO_STEPS)
)
#: Windows kept per (code, origin) before that table is emptied (bounds memory).
_MOVES_LIMIT = 1024
#: One shared action object per (origin, target) pair: the kept tuples only point at them.
_ACTIONS = tuple(tuple(Action(a, b) for b in range(SQUARES)) for a in range(SQUARES))
_PROMOTIONS = tuple(_ACTIONS[sq][sq] for sq in range(SQUARES))
_ALL_SQUARES = range(SQUARES)


def legal_actions(state: State) -> list[Action]:
    """Return the legal actions of the side to move: moves, in-place promotions, else pass.

    Origins ascend; a warrior's in-place promotion comes before its moves, its targets ascend.
    """
    if state.outcome is not None:
        return []
    board = state.board
    player = state.to_move
    raw = _PACK(*board)
    occupied = int.from_bytes(raw.translate(_OCCUPANCY), "little")
    own = raw.translate(_OWN_CODE[player])
    cities = state.cities
    promote = state.reserves[player] > 0
    slots = _SLOTS
    actions: list[Action] = []
    for origin in compress(_ALL_SQUARES, own):
        code = own[origin]
        mask, table = slots[code][origin]
        if code == 1 and promote and cities[origin] == player:
            actions.append(_PROMOTIONS[origin])
        window = occupied & mask
        moves = table.get(window)
        if moves is None:
            if len(table) >= _MOVES_LIMIT:
                table.clear()
            row = _ACTIONS[origin]
            moves = table[window] = tuple(row[t] for t in destinations(board, origin))
        actions += moves
    return actions or [PASS]


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
    board = list(state.board)
    cities = state.cities
    reserves = state.reserves
    progress = False  # a capture, conquest or promotion: resets the 200-ply count
    irreversible = False  # a capture or promotion: no earlier position can come back
    if action == PASS:
        passes = state.passes + 1
    else:
        passes = 0
        origin, target = action
        if origin == target:
            board[target] = HERO_OF[player]
            reserves = _spend_hero(reserves, player)
            progress = irreversible = True
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
                progress = True
            fallen = captured_by(board, target)
            if fallen:
                for sq in fallen:
                    board[sq] = 0
                progress = irreversible = True
    new = State(
        board=tuple(board),
        cities=cities,
        to_move=1 - player,
        reserves=reserves,
        quiet_plies=0 if progress else state.quiet_plies + 1,
        passes=passes,
        heroes_conquer=state.heroes_conquer,
    )
    # A conquered city can be taken back, so conquest keeps the repetition history.
    return _with_history(new, () if irreversible else state.seen)


def _spend_hero(reserves: tuple[int, int], player: int) -> tuple[int, int]:
    return (reserves[0] - 1, reserves[1]) if player == 0 else (reserves[0], reserves[1] - 1)


def _with_history(state: State, seen: tuple[Any, ...]) -> State:
    """Return the state with its repetition history extended and its outcome decided."""
    key = (state.board, state.cities, state.to_move)
    seen = seen + (key,)
    repeated = seen.count(key)
    outcome = decide(state, repeated)
    return State(
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


def _win(player: int, reason: str) -> Outcome:
    return Outcome(winners=(player,), ranking=((player,), (1 - player,)), reason=reason)


def _by_cities(cities: tuple[int, ...], reason: str) -> Outcome:
    """Decide as in end condition 3: more cities wins, equal is a draw."""
    south, north = count_cities(cities)
    if south == north:
        return Outcome(winners=(), ranking=((0, 1),), reason=f"{reason}; equal cities: draw")
    return _win(0 if south > north else 1, f"{reason}; more cities")


def decide(state: State, repeated: int = 1) -> Outcome | None:
    """Return the outcome if the game has ended, checking the end conditions in sheet order."""
    south_cities, north_cities = count_cities(state.cities)
    total = south_cities + north_cities
    if total:
        if south_cities == total:
            return _win(0, "all cities")
        if north_cities == total:
            return _win(1, "all cities")
    south, north = count_pieces(state.board)
    if (south <= 1) != (north <= 1):
        return _win(1 if south <= 1 else 0, "one piece left")
    if south <= 2 and north <= 2:
        return _by_cities(state.cities, "both sides down to two pieces")
    if state.passes >= 2:
        return _by_cities(state.cities, "both players passed")
    if repeated >= setup.REPETITION_LIMIT:
        return _by_cities(state.cities, "threefold repetition")
    if state.quiet_plies >= setup.QUIET_PLY_LIMIT:
        return _by_cities(state.cities, f"{setup.QUIET_PLY_LIMIT} plies without progress")
    return None
