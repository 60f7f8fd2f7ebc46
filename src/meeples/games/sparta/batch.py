"""Sparta at scale: N games as arrays, stepped at once by compiled kernels.

The rules of :mod:`meeples.games.sparta.rules` (the rule sheet ``shared/rules/sparta.md``) over
a batch of games held in NumPy arrays, for search and learning that want millions of
positions: ``legal_mask`` gives every game's legal ids of the fixed action table
(:mod:`meeples.games.sparta.actions`, 4,901 ids), ``step`` plays one id in every game, and
``observe`` writes the observation planes of :mod:`meeples.env.sparta`. The differential tests
(``tests/games/sparta/test_batch.py``, ``scripts/sparta_batch_differential.py``) play seeded
random games here and in the pure rules side by side and compare every mask, position and
outcome.

The kernels are plain Python loops over arrays, compiled by Numba (``pip install
'meeples[fast]'``) with ``cache=True`` (compiled once per machine, then loaded) and spread over
the cores (``parallel=True``, 64 games per iteration, :data:`CHUNK`). Without Numba the same
functions run as Python: the same results, some hundreds of times slower (about 0.7 ms a game
and ply against 2 µs); :data:`COMPILED` says which.

Arrays of :class:`Batch` (N games):

- ``board`` ``(N, 100)`` int8, the piece codes of :class:`~meeples.games.sparta.state.Piece`
  by square ``rank * 10 + file``; ``cities`` ``(N, 100)`` int8, each square's city owner or
  -1 (``NO_CITY``);
- ``to_move``, ``passes`` ``(N,)`` int8; ``reserves`` ``(N, 2)`` int8; ``quiet`` ``(N,)``
  int16 (plies since the last capture, conquest or promotion); ``heroes_conquer`` ``(N,)`` bool;
- ``winner`` ``(N,)`` int8: -1 while the game goes on, 0 or 1 the winner, 2 a draw; ``reason``
  ``(N,)`` int8, one of :data:`REASONS` (0 while it goes on);
- ``history`` ``(N, H)`` uint64 and ``seen`` ``(N,)`` int32: the 64-bit Zobrist hashes of the
  positions (pieces, kinds, city owners, side to move) since the last capture or promotion, as
  the rules' ``State.seen`` keeps the positions themselves, for threefold repetition. ``H``
  grows when a game's history fills it. Two different positions with one hash would count as a
  repetition: a chance of about one in 2^64 per pair of positions, never met by the
  differential runs.

``step`` changes the batch in place (and returns it): a search copies first (:meth:`Batch.copy`).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

from meeples.games.sparta import actions, rules, setup
from meeples.games.sparta.state import PASS, State

_numba: Any
try:  # the fast extra
    _numba = importlib.import_module("numba")
except ImportError:  # pragma: no cover - the dev environment has numba
    _numba = None

F = TypeVar("F", bound=Callable[..., Any])

#: Whether the kernels are compiled (Numba installed) or run as Python.
COMPILED = _numba is not None


def _plain(function: F) -> F:
    """Return a kernel to run as Python: 64-bit words wrap around silently, as compiled."""
    @functools.wraps(function)
    def run(*args: Any) -> Any:
        with np.errstate(over="ignore"):
            return function(*args)

    return cast(F, run)


def _kernel(parallel: bool = False, inline: bool = False) -> Callable[[F], F]:
    """Compile a function with Numba when it is installed (kept on disk), else leave it.

    ``inline``: compiled into each caller (a step's per-game parts, whose calls with some
    twenty arrays each cost more than a small part's work).
    """
    if _numba is None:  # pragma: no cover
        return _plain
    return cast(Callable[[F], F], _numba.njit(cache=True, nogil=True, parallel=parallel,
                                              inline="always" if inline else "never"))


_prange: Callable[[int], range] = range if _numba is None else _numba.prange


def _kernels(function: F) -> tuple[F, F]:
    """Return a batch kernel compiled twice: game after game, and spread over the cores.

    Spreading starts and joins threads at every call (some microseconds, and far more on a
    busy machine), so it pays only for large batches: see :data:`PARALLEL_FROM`.
    """
    return _kernel()(function), _kernel(parallel=True)(function)


#: Batches of this many games or more are stepped on every core (``numba.set_num_threads``
#: chooses how many), smaller ones on one.
PARALLEL_FROM = 1024

SIZE = setup.SIZE
SQUARES = SIZE * SIZE
COUNT = actions.COUNT
SLOTS = actions.SLOTS
PASS_ID = actions.PASS_ID
PLANES = 13

#: Why a game ended (``Batch.reason``), in the order the rules check the endings.
REASONS = ("", "all cities", "one piece left", "both sides down to two pieces",
           "both players passed", "threefold repetition",
           f"{setup.QUIET_PLY_LIMIT} plies without progress")
ONGOING, DRAW = -1, 2

# Tables, from the rules' own: each square's king neighbours, the four lines through it, and
# the id slot of each (origin, target) pair of the action table (-1: farther than a hero goes).
_NEIGHBOURS = np.full((SQUARES, 8), -1, np.int16)
_NEIGHBOUR_COUNT = np.zeros(SQUARES, np.int16)
for _sq, _near in enumerate(rules.NEIGHBOURS):
    _NEIGHBOURS[_sq, : len(_near)] = _near
    _NEIGHBOUR_COUNT[_sq] = len(_near)
_LINES = np.full((SQUARES, 4, SIZE), -1, np.int16)
_LINE_LENGTH = np.zeros((SQUARES, 4), np.int16)
_LINE_INDEX = np.zeros((SQUARES, 4), np.int16)
for _sq, _lines in enumerate(rules.LINES):
    for _k, (_line, _index) in enumerate(_lines):
        _LINES[_sq, _k, : len(_line)] = _line
        _LINE_LENGTH[_sq, _k] = len(_line)
        _LINE_INDEX[_sq, _k] = _index
_SLOT = np.full((SQUARES, SQUARES), -1, np.int16)
#: Each id's origin and target (-1 -1: pass; -2 -2: an id off the board).
_ORIGIN = np.full(COUNT, -2, np.int16)
_TARGET = np.full(COUNT, -2, np.int16)
for _number, _action in enumerate(actions.ACTIONS):
    if _action is None:
        continue
    _ORIGIN[_number], _TARGET[_number] = _action
    if _action != PASS and _action[0] != _action[1]:
        _SLOT[_action[0], _action[1]] = _number - _action[0] * SLOTS
#: Piece codes: owner (-1 empty) and steps of each.
_OWNER = np.array([-1, 0, 0, 1, 1], np.int8)
_STEPS = np.array(rules.STEPS, np.int8)
_WARRIOR = np.array([1, 3], np.int8)
_HERO = np.array([2, 4], np.int8)
#: Zobrist keys of the repetition key: a piece code on a square, a city owner (+1) on a square,
#: North to move. Fixed (seeded), so hashes are the same in every process.
_KEYS = np.random.default_rng(20261129).integers(0, 2**64 - 1, size=SQUARES * 8 + 1,
                                                  dtype=np.uint64, endpoint=True)
_PIECE_KEYS = _KEYS[: SQUARES * 5].reshape(SQUARES, 5)
_CITY_KEYS = _KEYS[SQUARES * 5: SQUARES * 8].reshape(SQUARES, 3)
_NORTH_KEY = _KEYS[SQUARES * 8]
#: The relative id of each id for North (the board turned half a turn); South's are its own.
TURNED = np.array(actions.seat_relative(1), np.int32)


@dataclass
class Batch:
    """N Sparta games as arrays (see the module for each field)."""

    board: npt.NDArray[np.int8]
    cities: npt.NDArray[np.int8]
    to_move: npt.NDArray[np.int8]
    reserves: npt.NDArray[np.int8]
    quiet: npt.NDArray[np.int16]
    passes: npt.NDArray[np.int8]
    heroes_conquer: npt.NDArray[np.bool_]
    winner: npt.NDArray[np.int8]
    reason: npt.NDArray[np.int8]
    history: npt.NDArray[np.uint64]
    seen: npt.NDArray[np.int32]

    def __len__(self) -> int:
        return int(self.board.shape[0])

    def copy(self) -> Batch:
        """Return an independent copy."""
        return Batch(*(getattr(self, name).copy() for name in _FIELDS))

    def take(self, rows: npt.ArrayLike) -> Batch:
        """Return a new batch of some games (row indices or a boolean mask)."""
        index = np.asarray(rows)
        return Batch(*(getattr(self, name)[index].copy() for name in _FIELDS))

    def put(self, rows: npt.ArrayLike, other: Batch) -> None:
        """Replace some games (row indices or a boolean mask) by those of ``other``."""
        index = np.asarray(rows)
        if other.history.shape[1] > self.history.shape[1]:
            self._grow(other.history.shape[1])
        for name in _FIELDS:
            if name == "history":
                self.history[index, : other.history.shape[1]] = other.history
            else:
                getattr(self, name)[index] = getattr(other, name)

    @property
    def ended(self) -> npt.NDArray[np.bool_]:
        """Whether each game has ended."""
        return cast(npt.NDArray[np.bool_], self.winner != ONGOING)

    def _grow(self, width: int) -> None:
        grown = np.zeros((len(self), width), np.uint64)
        grown[:, : self.history.shape[1]] = self.history
        self.history = grown


_FIELDS = ("board", "cities", "to_move", "reserves", "quiet", "passes", "heroes_conquer",
           "winner", "reason", "history", "seen")
#: Positions a new history holds before it grows.
HISTORY = 64


def from_states(states: Sequence[State]) -> Batch:
    """Return the batch of some states of the pure rules (their repetition history included).

    Raises:
        ValueError: no states.
    """
    if not states:
        raise ValueError("a batch needs at least one state")
    n = len(states)
    width = max(HISTORY, *(2 * len(state.seen) for state in states))
    batch = Batch(
        board=np.array([state.board for state in states], np.int8),
        cities=np.array([state.cities for state in states], np.int8),
        to_move=np.array([state.to_move for state in states], np.int8),
        reserves=np.array([state.reserves for state in states], np.int8),
        quiet=np.array([min(state.quiet_plies, 2**15 - 1) for state in states], np.int16),
        passes=np.array([state.passes for state in states], np.int8),
        heroes_conquer=np.array([state.heroes_conquer for state in states], np.bool_),
        winner=np.full(n, ONGOING, np.int8),
        reason=np.zeros(n, np.int8),
        history=np.zeros((n, width), np.uint64),
        seen=np.zeros(n, np.int32),
    )
    for i, state in enumerate(states):
        for j, (board, cities, to_move) in enumerate(state.seen):
            batch.history[i, j] = _hash(np.array(board, np.int8), np.array(cities, np.int8),
                                        to_move)
        batch.seen[i] = len(state.seen)
        if state.outcome is not None:
            batch.winner[i] = state.outcome.winners[0] if state.outcome.winners else DRAW
            batch.reason[i] = _reason_code(state.outcome.reason)
    return batch


def _reason_code(reason: str) -> int:
    for code, text in enumerate(REASONS):
        if code and reason.startswith(text):
            return code
    raise ValueError(f"not a Sparta ending: {reason!r}")


def init(n: int, seed: int | None = None, *, first: int = setup.FIRST_PLAYER,
         heroes_conquer: bool = True) -> Batch:
    """Return ``n`` games at the opening (the seed is unused: Sparta has no chance; options
    ``first`` and ``heroes_conquer`` as the game's).

    Raises:
        ValueError: not a number of games from 1, or not a player to start.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"a batch has a whole number of games from 1, not {n!r}")
    if first not in (0, 1):
        raise ValueError(f"first must be player 0 or 1, not {first!r}")
    opening = rules.initial_state(2, 0, {"first": first, "heroes_conquer": heroes_conquer})
    one = from_states([opening])
    return Batch(*(np.repeat(getattr(one, name), n, axis=0) for name in _FIELDS))


def _hash(board: npt.NDArray[np.int8], cities: npt.NDArray[np.int8], to_move: int) -> np.uint64:
    return cast(np.uint64, _position_hash(board, cities, to_move, _PIECE_KEYS, _CITY_KEYS,
                                          _NORTH_KEY))


@_kernel()
def _position_hash(board: Any, cities: Any, to_move: int, piece_keys: Any, city_keys: Any,
                   north_key: Any) -> Any:
    h = np.uint64(0)
    for sq in range(SQUARES):
        if board[sq]:
            h ^= piece_keys[sq, board[sq]]
        if cities[sq] >= 0:
            h ^= city_keys[sq, cities[sq] + 1]
    if to_move:
        h ^= north_key
    return h


# -- legal actions ---------------------------------------------------------------------------


@_kernel()
def _reach(board: Any, origin: int, steps: int, neighbours: Any, neighbour_count: Any,
           stamp: Any, mark: int, out: Any) -> int:
    """Write into ``out`` the squares a piece on ``origin`` reaches through free squares within
    ``steps`` king steps (``stamp`` marks the squares met with ``mark``); return how many."""
    stamp[origin] = mark
    count = 0
    begin = 0
    out_end = 0
    # breadth first: the frontier is out[begin:out_end]; the origin expands first
    for n in range(neighbour_count[origin]):
        sq = neighbours[origin, n]
        if board[sq] == 0 and stamp[sq] != mark:
            stamp[sq] = mark
            out[count] = sq
            count += 1
    out_end = count
    for _ in range(steps - 1):
        for k in range(begin, out_end):
            here = out[k]
            for n in range(neighbour_count[here]):
                sq = neighbours[here, n]
                if board[sq] == 0 and stamp[sq] != mark:
                    stamp[sq] = mark
                    out[count] = sq
                    count += 1
        begin = out_end
        out_end = count
    return count


# Move generation on bitboards: the board as 110 bits in two words, bit ``rank * 11 + file``
# (file 10 a guard column, always clear, so that a step sideways cannot wrap to the next rank).
_WIDTH = SIZE + 1
_BIT_OF = np.array([(sq // SIZE) * _WIDTH + sq % SIZE for sq in range(SQUARES)], np.int64)
_SQUARE_OF_BIT = np.full(128, -1, np.int64)
_SQUARE_OF_BIT[_BIT_OF] = np.arange(SQUARES)


def _words(bits: list[int]) -> tuple[int, int]:
    value = sum(1 << b for b in bits)
    return value & (2**64 - 1), value >> 64


_VALID_LO, _VALID_HI = (np.uint64(w) for w in _words(_BIT_OF.tolist()))
_KING_LO = np.array([_words([int(_BIT_OF[n]) for n in near])[0] for near in rules.NEIGHBOURS],
                    np.uint64)
_KING_HI = np.array([_words([int(_BIT_OF[n]) for n in near])[1] for near in rules.NEIGHBOURS],
                    np.uint64)
#: The index of a word's lowest set bit, by de Bruijn multiplication.
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DE_BRUIJN_INDEX = np.zeros(64, np.int64)
for _b in range(64):
    _DE_BRUIJN_INDEX[((1 << _b) * 0x03F79D71B4CB0A89 & (2**64 - 1)) >> 58] = _b
_U1, _U11, _U53, _U58, _U63 = (np.uint64(k) for k in (1, 11, 53, 58, 63))


#: Each square's bit in the two words (one of them 0), and the id of each (origin, target bit)
#: pair as each player's mask numbers it (``[1]``: North's ids turned half a turn, for
#: ``relative``; -1 off the reach of a hero), the promotion in place at ``[., origin, origin's
#: bit]``: the mask's inner loop reads an id per target bit, with no square in between.
_SQUARE_LO = np.array([_words([int(_BIT_OF[sq])])[0] for sq in range(SQUARES)], np.uint64)
_SQUARE_HI = np.array([_words([int(_BIT_OF[sq])])[1] for sq in range(SQUARES)], np.uint64)
_ID_OF_BIT = np.full((2, SQUARES, 128), -1, np.int16)
for _sq in range(SQUARES):
    for _to in range(SQUARES):
        if _SLOT[_sq, _to] >= 0:
            _ID_OF_BIT[0, _sq, _BIT_OF[_to]] = _sq * SLOTS + _SLOT[_sq, _to]
    _ID_OF_BIT[0, _sq, _BIT_OF[_sq]] = _sq * SLOTS
_ID_OF_BIT[1] = np.where(_ID_OF_BIT[0] >= 0, TURNED[_ID_OF_BIT[0]], -1)


@_kernel(inline=True)
def _legal_row(board: Any, cities: Any, player: int, reserve: int, owner: Any, steps: Any,
               warrior: int, own: Any, id_of_bit: Any, marking: bool, row: Any, listing: bool,
               listed: Any) -> int:
    """Write one game's legal ids, numbered by ``id_of_bit`` (a player's part of
    :data:`_ID_OF_BIT`), with ``marking`` into a zeroed row and with ``listing`` into
    ``listed``; return how many (pass included). ``own``: a scratch of 100 squares."""
    free_lo = _VALID_LO
    free_hi = _VALID_HI
    pieces = 0
    for sq in range(SQUARES):
        code = board[sq]
        if code:
            free_lo ^= _SQUARE_LO[sq]
            free_hi ^= _SQUARE_HI[sq]
            if owner[code] == player:
                own[pieces] = sq
                pieces += 1
    return _legal_targets(board, cities, player, reserve, steps, warrior, own, pieces, free_lo,
                          free_hi, id_of_bit, marking, row, listing, listed)


@_kernel(inline=True)
def _legal_targets(board: Any, cities: Any, player: int, reserve: int, steps: Any,
                   warrior: int, own: Any, pieces: int, free_lo: Any, free_hi: Any,
                   id_of_bit: Any, marking: bool, row: Any, listing: bool, listed: Any) -> int:
    """:func:`_legal_row` once the board is scanned: the player's ``pieces`` squares in
    ``own`` (in the squares' order) and the free squares' bits (``free_lo``, ``free_hi``)."""
    count = 0
    for p in range(pieces):
        origin = own[p]
        code = board[origin]
        ids = id_of_bit[origin]
        if code == warrior and cities[origin] == player and reserve > 0:
            number = ids[_BIT_OF[origin]]
            if marking:
                row[number] = True
            if listing:
                listed[count] = number
            count += 1
        # the squares reached through free squares within the piece's king steps (bits)
        lo = _KING_LO[origin] & free_lo
        hi = _KING_HI[origin] & free_hi
        for _ in range(steps[code] - 1):
            # one king step from every square reached: sideways, then up and down
            h_lo = (lo | (lo << _U1) | (lo >> _U1) | (hi << _U63)) & _VALID_LO
            h_hi = (hi | (hi << _U1) | (hi >> _U1) | (lo >> _U63)) & _VALID_HI
            lo = (h_lo | (h_lo << _U11) | (h_lo >> _U11) | (h_hi << _U53)) & free_lo
            hi = (h_hi | (h_hi << _U11) | (h_hi >> _U11) | (h_lo >> _U53)) & free_hi
        while lo:
            low = lo & (~lo + _U1)
            number = ids[_DE_BRUIJN_INDEX[(low * _DE_BRUIJN) >> _U58]]
            if marking:
                row[number] = True
            if listing:
                listed[count] = number
            count += 1
            lo ^= low
        while hi:
            low = hi & (~hi + _U1)
            number = ids[64 + _DE_BRUIJN_INDEX[(low * _DE_BRUIJN) >> _U58]]
            if marking:
                row[number] = True
            if listing:
                listed[count] = number
            count += 1
            hi ^= low
    if count == 0:
        if marking:
            row[PASS_ID] = True
        if listing:
            listed[0] = PASS_ID
        count = 1
    return count


#: Games a kernel's iteration steps one after the other, with one set of scratch arrays (a
#: game's own allocation costs more than its legal mask's bitboards).
CHUNK = 64


@_kernel(inline=True)
def _mask_one(i: int, board: Any, cities: Any, to_move: Any, reserves: Any, winner: Any,
              owner: Any, steps: Any, warriors: Any, relative: bool, out: Any, listing: bool,
              listed: Any, counts: Any, clear_listed: bool, own: Any) -> None:
    """Write game ``i``'s row of :func:`legal_mask` (``own``: a scratch of 100 squares)."""
    row = out[i]
    if clear_listed:
        for k in range(counts[i]):
            row[listed[i, k]] = False
    else:
        row[:] = False
    counts[i] = 0
    if winner[i] != -1:
        return
    player = to_move[i]
    counts[i] = _legal_row(board[i], cities[i], player, reserves[i, player], owner, steps,
                           warriors[player], own, _ID_OF_BIT[1 if relative and player == 1 else 0],
                           True, row, listing, listed[i])


@_kernel(inline=True)
def _mask_scanned(i: int, board: Any, cities: Any, to_move: Any, reserves: Any, winner: Any,
                  steps: Any, warriors: Any, relative: bool, out: Any, listed: Any, counts: Any,
                  own: Any, pieces: int, free_lo: Any, free_hi: Any) -> None:
    """:func:`_mask_one` (listing, clearing the listed ids) for a game whose board
    :func:`_observe_one` has just scanned as its player to move sees it."""
    row = out[i]
    for k in range(counts[i]):
        row[listed[i, k]] = False
    counts[i] = 0
    if winner[i] != -1:
        return
    player = to_move[i]
    counts[i] = _legal_targets(board[i], cities[i], player, reserves[i, player], steps,
                               warriors[player], own, pieces, free_lo, free_hi,
                               _ID_OF_BIT[1 if relative and player == 1 else 0], True, row,
                               True, listed[i])


def _legal_mask(board: Any, cities: Any, to_move: Any, reserves: Any, winner: Any,
                owner: Any, steps: Any, warriors: Any, relative: bool, out: Any,
                listing: bool, listed: Any, counts: Any, clear_listed: bool) -> None:
    n = board.shape[0]
    for chunk in _prange((n + CHUNK - 1) // CHUNK):
        own = np.empty(SQUARES, np.int16)
        for i in range(chunk * CHUNK, min(n, chunk * CHUNK + CHUNK)):
            _mask_one(i, board, cities, to_move, reserves, winner, owner, steps, warriors,
                      relative, out, listing, listed, counts, clear_listed, own)


#: The most legal actions a position has: 8 pieces a side (a hero replaces a warrior), each
#: with at most 48 moves and a promotion.
MOST_LEGAL = setup.WARRIORS * SLOTS


def legal_mask(batch: Batch, relative: bool = False, out: npt.NDArray[np.bool_] | None = None,
               ids: npt.NDArray[np.int16] | None = None,
               counts: npt.NDArray[np.int32] | None = None,
               incremental: bool = False) -> npt.NDArray[np.bool_]:
    """Return every game's legal ids, ``(N, 4901)`` booleans (a row of False for an ended
    game): as the board numbers them, or (``relative``) as the player to move numbers them
    (North's turned half a turn, :func:`meeples.games.sparta.actions.mirror`). ``out``: an
    array to write them into. ``ids`` ``(N, MOST_LEGAL)`` int16 and ``counts`` ``(N,)``
    int32, given together: arrays to write each game's legal ids into as well, as a list
    (``ids[i, :counts[i]]``, in no set order; a count of 0 for an ended game), for picking
    among them without scanning the mask (:func:`pick`). ``incremental``: ``out``, ``ids`` and
    ``counts`` hold the last call's answer (for any games), untouched since: only its True
    entries are cleared, not whole rows (the environment's masks; 4,901 bytes a game is more
    memory than the rest of a step writes)."""
    n = len(batch)
    if out is None:
        out = np.empty((n, COUNT), np.bool_)
    listing = ids is not None and counts is not None
    if ids is None or counts is None:
        ids, counts = np.empty((n, 1), np.int16), np.empty(n, np.int32)
    elif ids.shape != (n, MOST_LEGAL) or counts.shape != (n,):
        raise ValueError(f"ids must have shape ({n}, {MOST_LEGAL}) and counts ({n},)")
    if incremental and not listing:
        raise ValueError("an incremental mask needs the ids and counts of the last one")
    kernel = _pick(_legal_mask_pair, n)
    kernel(batch.board, batch.cities, batch.to_move, batch.reserves, batch.winner, _OWNER,
           _STEPS, _WARRIOR, relative, out, listing, ids, counts, incremental)
    return out


def pick(ids: npt.NDArray[np.int16], counts: npt.NDArray[np.int32],
         rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Return a uniformly random id of each game's list (:func:`legal_mask`'s ``ids`` and
    ``counts``), ``pass``'s id for a game with none."""
    rows = np.arange(len(counts))
    chosen = np.minimum((rng.random(len(counts)) * counts).astype(np.int64),
                        np.maximum(counts - 1, 0))
    picked = ids[rows, chosen].astype(np.int64)
    picked[counts == 0] = PASS_ID
    return picked


# -- applying an action ----------------------------------------------------------------------


@_kernel()
def _is_legal(board: Any, cities: Any, player: int, reserve: int, number: int, origins: Any,
              targets: Any, neighbours: Any, neighbour_count: Any, owner: Any, steps: Any,
              warrior: int, stamp: Any, reached: Any) -> bool:
    """Return whether an id is legal in one game that goes on."""
    if number < 0 or number >= COUNT or origins[number] == -2:
        return False
    origin = origins[number]
    target = targets[number]
    if origin == -1:  # pass: legal only when nothing else is
        for sq in range(SQUARES):
            code = board[sq]
            if code == 0 or owner[code] != player:
                continue
            if code == warrior and cities[sq] == player and reserve > 0:
                return False
            if _reach(board, sq, 1, neighbours, neighbour_count, stamp, sq + 1, reached):
                return False
        return True
    code = board[origin]
    if code == 0 or owner[code] != player:
        return False
    if origin == target:
        return bool(code == warrior and cities[origin] == player and reserve > 0)
    found = _reach(board, origin, steps[code], neighbours, neighbour_count, stamp, 1, reached)
    for k in range(found):
        if reached[k] == target:
            return True
    return False


def _check(board: Any, cities: Any, to_move: Any, reserves: Any, winner: Any, numbers: Any,
           turned: Any, relative: bool, origins: Any, targets: Any, neighbours: Any,
           neighbour_count: Any, owner: Any, steps: Any, warriors: Any, legal: Any) -> None:
    n = board.shape[0]
    for i in _prange(n):
        if winner[i] != -1:
            legal[i] = True  # ignored
            continue
        player = to_move[i]
        number = numbers[i]
        if relative and player == 1 and 0 <= number < COUNT:
            number = turned[number]
        stamp = np.zeros(SQUARES, np.int32)
        reached = np.empty(SQUARES, np.int16)
        legal[i] = _is_legal(board[i], cities[i], player, reserves[i, player], number, origins,
                             targets, neighbours, neighbour_count, owner, steps,
                             warriors[player], stamp, reached)


@_kernel(inline=True)
def _captures(board: Any, landing: int, lines: Any, line_length: Any, line_index: Any,
              owner: Any, out: Any) -> int:
    """Write the squares enclosed on the four lines through ``landing`` into ``out`` (the
    rules' ``captured_by``); return how many."""
    count = 0
    for k in range(4):
        line = lines[landing, k]
        last = line_length[landing, k] - 1
        index = line_index[landing, k]
        start = index
        while start > 0 and board[line[start - 1]]:
            start -= 1
        end = index
        while end < last and board[line[end + 1]]:
            end += 1
        if end - start < 2:
            continue
        first_colour = owner[board[line[start]]]
        a = start
        while a <= end and owner[board[line[a]]] == first_colour:
            a += 1
        last_colour = owner[board[line[end]]]
        b = end
        while b >= start and owner[board[line[b]]] == last_colour:
            b -= 1
        for j in range(a, b + 1):
            out[count] = line[j]
            count += 1
    return count


@_kernel(inline=True)
def _apply_one(i: int, number: int, board: Any, cities: Any, to_move: Any, reserves: Any,
               quiet: Any, passes: Any, heroes_conquer: Any, winner: Any, reason: Any,
               history: Any, seen: Any, origins: Any, targets: Any, lines: Any,
               line_length: Any, line_index: Any, owner: Any, warriors: Any, heroes: Any,
               piece_keys: Any, city_keys: Any, north_key: Any, fallen: Any,
               rewards: Any) -> None:
    """Play a legal id in game ``i`` that goes on (the rules' ``apply`` and ``_decide``).

    The position's hash is updated from the last one (``history``'s newest entry: the squares
    that changed), and the pieces and cities are counted only after a capture or a conquest:
    the endings by pieces and cities cannot change otherwise, and the game went on before
    (0.58 µs a step with a scan of the 100 squares, measured in docs/batch.md).
    """
    player = to_move[i]
    progress = False
    irreversible = False
    counting = False
    origin = origins[number]
    target = targets[number]
    b = board[i]
    c = cities[i]
    last = seen[i] - 1
    h = history[i, last] if last >= 0 else _position_hash(b, c, player, piece_keys, city_keys,
                                                          north_key)
    if origin == -1:
        passes[i] += 1
    else:
        passes[i] = 0
        if origin == target:
            h ^= piece_keys[target, b[target]] ^ piece_keys[target, heroes[player]]
            b[target] = heroes[player]
            reserves[i, player] -= 1
            progress = True
            irreversible = True
        else:
            piece = b[origin]
            h ^= piece_keys[origin, piece]
            b[origin] = 0
            city = c[target]
            is_hero = piece == heroes[player]
            if city == player and not is_hero and reserves[i, player] > 0:
                piece = heroes[player]
                reserves[i, player] -= 1
                progress = True
                irreversible = True
            elif city >= 0 and city != player and (heroes_conquer[i] or not is_hero):
                h ^= city_keys[target, city + 1] ^ city_keys[target, player + 1]
                c[target] = player
                progress = True
                counting = True
            b[target] = piece
            h ^= piece_keys[target, piece]
            found = _captures(b, target, lines, line_length, line_index, owner, fallen)
            if found:
                for k in range(found):
                    sq = fallen[k]
                    if b[sq]:  # a square enclosed on two lines is listed twice
                        h ^= piece_keys[sq, b[sq]]
                        b[sq] = 0
                progress = True
                irreversible = True
                counting = True
    player = 1 - player
    to_move[i] = player
    h ^= north_key
    # the repetition history: positions since the last capture or promotion
    if irreversible:
        seen[i] = 0
    history[i, seen[i]] = h
    seen[i] += 1
    repeated = 0
    # a position with the other side to move has another hash: every other entry only
    for k in range(seen[i] - 1, -1, -2):
        if history[i, k] == h:
            repeated += 1
    q = 0 if progress else quiet[i] + 1
    quiet[i] = min(q, 32767)
    south = 3
    north = 3
    south_cities = 0
    north_cities = 0
    if counting:
        south = 0
        north = 0
        for sq in range(SQUARES):
            code = b[sq]
            if code:
                if owner[code] == 0:
                    south += 1
                else:
                    north += 1
            if c[sq] == 0:
                south_cities += 1
            elif c[sq] == 1:
                north_cities += 1
    # the endings, in the rules' order
    total = south_cities + north_cities
    code = 0
    won = -1
    if total and south_cities == total:
        code, won = 1, 0
    elif total and north_cities == total:
        code, won = 1, 1
    elif (south <= 1) != (north <= 1):
        code, won = 2, (1 if south <= 1 else 0)
    elif south <= 2 and north <= 2:
        code = 3
    elif passes[i] >= 2:
        code = 4
    elif repeated >= 3:
        code = 5
    elif q >= 200:
        code = 6
    if code >= 4 and not counting:
        for sq in range(SQUARES):
            if c[sq] == 0:
                south_cities += 1
            elif c[sq] == 1:
                north_cities += 1
    if code:
        if won < 0:
            if south_cities > north_cities:
                won = 0
            elif north_cities > south_cities:
                won = 1
            else:
                won = 2
        winner[i] = won
        reason[i] = code
        if won < 2:
            rewards[i, won] = 1.0
            rewards[i, 1 - won] = -1.0


def _step(numbers: Any, turned: Any, relative: bool, board: Any, cities: Any, to_move: Any,
          reserves: Any, quiet: Any, passes: Any, heroes_conquer: Any, winner: Any, reason: Any,
          history: Any, seen: Any, origins: Any, targets: Any, lines: Any, line_length: Any,
          line_index: Any, owner: Any, warriors: Any, heroes: Any, piece_keys: Any,
          city_keys: Any, north_key: Any, rewards: Any, terminated: Any) -> None:
    n = board.shape[0]
    for i in _prange(n):
        rewards[i, 0] = 0.0
        rewards[i, 1] = 0.0
        if winner[i] != -1:
            terminated[i] = True
            continue
        number = numbers[i]
        if relative and to_move[i] == 1:
            number = turned[number]
        fallen = np.empty(4 * SIZE, np.int16)
        _apply_one(i, number, board, cities, to_move, reserves, quiet, passes, heroes_conquer,
                   winner, reason, history, seen, origins, targets, lines, line_length,
                   line_index, owner, warriors, heroes, piece_keys, city_keys, north_key,
                   fallen, rewards)
        terminated[i] = winner[i] != -1


def check(batch: Batch, ids: npt.ArrayLike, relative: bool = False) -> npt.NDArray[np.bool_]:
    """Return whether each game's id is legal there (True for an ended game: it is ignored)."""
    numbers = _ids(batch, ids)
    legal = np.empty(len(batch), np.bool_)
    kernel = _pick(_check_pair, len(batch))
    kernel(batch.board, batch.cities, batch.to_move, batch.reserves, batch.winner, numbers,
           TURNED, relative, _ORIGIN, _TARGET, _NEIGHBOURS, _NEIGHBOUR_COUNT, _OWNER, _STEPS,
           _WARRIOR, legal)
    return legal


def _ids(batch: Batch, ids: npt.ArrayLike) -> npt.NDArray[np.int64]:
    numbers = np.asarray(ids)
    if numbers.shape != (len(batch),) or not np.issubdtype(numbers.dtype, np.integer):
        raise ValueError(f"one integer id per game: shape ({len(batch)},), not "
                         f"{numbers.shape} of {numbers.dtype}")
    return numbers.astype(np.int64, copy=False)


def step(
    batch: Batch, ids: npt.ArrayLike, relative: bool = False, checked: bool = True
) -> tuple[Batch, npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
    """Play one id in every game that goes on (ended games ignore theirs), in place; return the
    batch, each player's reward ``(N, 2)`` (+1 the winner and -1 the loser of a game that ends
    on this step, 0 otherwise) and whether each game has ended ``(N,)``.

    ``relative``: the ids as the player to move numbers them (see :func:`legal_mask`).
    ``checked`` (the default) refuses a batch with an illegal id before any game moves;
    ``checked=False`` trusts the ids (from :func:`legal_mask`), for speed.

    Raises:
        ValueError: not one integer id per game, or (checked) an id not legal in its game;
            nothing changes then.
    """
    numbers = _ids(batch, ids)
    if checked:
        legal = check(batch, numbers, relative)
        if not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            raise ValueError(f"id {int(numbers[bad])} is not legal in game {bad}"
                             + (" (relative to the player to move)" if relative else ""))
    if int(batch.seen.max()) >= batch.history.shape[1]:
        batch._grow(2 * batch.history.shape[1])
    rewards = np.zeros((len(batch), 2), np.float32)
    terminated = np.empty(len(batch), np.bool_)
    kernel = _pick(_step_pair, len(batch))
    kernel(numbers, TURNED, relative, batch.board, batch.cities, batch.to_move, batch.reserves,
           batch.quiet, batch.passes, batch.heroes_conquer, batch.winner, batch.reason,
           batch.history, batch.seen, _ORIGIN, _TARGET, _LINES, _LINE_LENGTH, _LINE_INDEX, _OWNER,
           _WARRIOR, _HERO, _PIECE_KEYS, _CITY_KEYS, _NORTH_KEY, rewards, terminated)
    return batch, rewards, terminated


# -- observations ----------------------------------------------------------------------------


@_kernel(inline=True)
def _observe_one(i: int, player: int, board: Any, cities: Any, to_move: Any, reserves: Any,
                 quiet: Any, passes: Any, heroes_conquer: Any, winner: Any, owner: Any,
                 heroes: Any, incremental: bool, marks: Any, drawn: Any, values: Any,
                 out: Any, own: Any) -> tuple[int, Any, Any]:
    """Write game ``i``'s planes of :func:`observe`, as ``player`` sees them.

    ``marks[i]`` lists the ones last written into the six planes of squares (``plane * 100 +
    cell``, ``drawn[i]`` of them): they are cleared and the new ones written, with no reading
    of the old drawing square by square (in self-play the viewer turns every step, so nearly
    every piece's cell changes anyway). Return what :func:`_legal_row` scans the board for,
    for ``player``: how many pieces it has, their squares written into ``own`` (a scratch of
    100 squares), and the free squares' bits, so that the environment scans a board once."""
    o = out[i]
    listed = marks[i]
    if incremental:
        for k in range(drawn[i]):
            mark = listed[k]
            o[mark // SQUARES, (mark % SQUARES) // SIZE, mark % SIZE] = 0.0
    else:
        o[:6] = 0.0
    count = 0
    pieces = 0
    free_lo = _VALID_LO
    free_hi = _VALID_HI
    for sq in range(SQUARES):
        code = board[i, sq]
        city = cities[i, sq]
        if code or city >= 0:
            cell = SQUARES - 1 - sq if player else sq
            r = cell // SIZE
            f = cell % SIZE
            if code:
                free_lo ^= _SQUARE_LO[sq]
                free_hi ^= _SQUARE_HI[sq]
                piece = 2
                if owner[code] == player:
                    piece = 0
                    own[pieces] = sq
                    pieces += 1
                if code == heroes[owner[code]]:
                    piece += 1
                o[piece, r, f] = 1.0
                listed[count] = piece * SQUARES + cell
                count += 1
            if city >= 0:
                city = 4 if city == player else 5
                o[city, r, f] = 1.0
                listed[count] = city * SQUARES + cell
                count += 1
    drawn[i] = count
    scalars = values[i]
    scalars[0] = np.float32(reserves[i, player]) / np.float32(8.0)
    scalars[1] = np.float32(reserves[i, 1 - player]) / np.float32(8.0)
    scalars[2] = np.float32(min(quiet[i], 200)) / np.float32(200.0)
    scalars[3] = np.float32(min(passes[i], 2)) / np.float32(2.0)
    scalars[4] = np.float32(1.0 if winner[i] == -1 and to_move[i] == player else 0.0)
    scalars[5] = np.float32(1.0 if heroes_conquer[i] else 0.0)
    scalars[6] = np.float32(player)
    for k in range(PLANES - 6):
        # a whole plane written only when its number changed (every step: the quiet plies)
        if not incremental or o[6 + k, 0, 0] != scalars[k]:
            o[6 + k] = scalars[k]
    return pieces, free_lo, free_hi


def _observe(board: Any, cities: Any, to_move: Any, reserves: Any, quiet: Any, passes: Any,
             heroes_conquer: Any, winner: Any, players: Any, owner: Any, heroes: Any,
             incremental: bool, marks: Any, drawn: Any, values: Any, out: Any) -> None:
    n = board.shape[0]
    for chunk in _prange((n + CHUNK - 1) // CHUNK):
        own = np.empty(SQUARES, np.int16)
        for i in range(chunk * CHUNK, min(n, chunk * CHUNK + CHUNK)):
            _observe_one(i, players[i], board, cities, to_move, reserves, quiet, passes,
                         heroes_conquer, winner, owner, heroes, incremental, marks, drawn,
                         values, out, own)


@dataclass
class Drawing:
    """What :func:`observe` last wrote into an array of planes, for writing only the changes
    next time: the ones of the six planes of squares, as ``plane * 100 + cell``, ``(N, 200)``
    int16 (a square holds at most a piece and a city), ``drawn`` of them a game, ``(N,)``
    int32, and the numbers of the whole planes, ``(N, 7)`` float32 (a scratch)."""

    marks: npt.NDArray[np.int16]
    drawn: npt.NDArray[np.int32]
    values: npt.NDArray[np.float32]

    @classmethod
    def blank(cls, games: int) -> Drawing:
        """Return the drawing of planes all zero (``np.zeros``), as an environment starts."""
        return cls(np.zeros((games, 2 * SQUARES), np.int16), np.zeros(games, np.int32),
                   np.zeros((games, PLANES - 6), np.float32))


def observe(batch: Batch, players: npt.ArrayLike | None = None,
            out: npt.NDArray[np.float32] | None = None,
            drawing: Drawing | None = None) -> npt.NDArray[np.float32]:
    """Return each game's observation planes ``(N, 13, 10, 10)`` float32, the same numbers as
    :func:`meeples.env.sparta.from_state`, for one player per game (default: the player to
    move; an int: that player in every game). ``drawing``: what was last written into ``out``
    (untouched since), to clear only the ones last written and rewrite a whole plane of a
    number only when it changed (:class:`Drawing`; the environment's planes: some 30 ones
    where the whole planes are 5.2 kB a game)."""
    if players is None:
        seats = batch.to_move
    else:
        seats = np.broadcast_to(np.asarray(players, np.int8), (len(batch),))
        if seats.min() < 0 or seats.max() > 1:
            raise ValueError("the players of Sparta are 0 and 1")
    n = len(batch)
    incremental = drawing is not None and out is not None
    if drawing is None:
        drawing = Drawing.blank(n)
    elif (drawing.marks.shape != (n, 2 * SQUARES) or drawing.drawn.shape != (n,)
          or drawing.values.shape != (n, PLANES - 6)):
        raise ValueError(f"the drawing is not of {n} games")
    if out is None:
        out = np.empty((n, PLANES, SIZE, SIZE), np.float32)
    kernel = _pick(_observe_pair, n)
    kernel(batch.board, batch.cities, batch.to_move, batch.reserves, batch.quiet, batch.passes,
           batch.heroes_conquer, batch.winner, seats, _OWNER, _HERO, incremental,
           drawing.marks, drawing.drawn, drawing.values, out)
    return out


# -- random play (benchmarks, rollouts) ------------------------------------------------------


def _random_ids(board: Any, cities: Any, to_move: Any, reserves: Any, winner: Any,
                owner: Any, steps: Any, warriors: Any, draws: Any, out: Any) -> None:
    n = board.shape[0]
    for chunk in _prange((n + CHUNK - 1) // CHUNK):
        own = np.empty(SQUARES, np.int16)
        listed = np.empty(MOST_LEGAL, np.int16)
        for i in range(chunk * CHUNK, min(n, chunk * CHUNK + CHUNK)):
            if winner[i] != -1:
                out[i] = PASS_ID
                continue
            player = to_move[i]
            count = _legal_row(board[i], cities[i], player, reserves[i, player], owner, steps,
                               warriors[player], own, _ID_OF_BIT[0], False, listed, True, listed)
            out[i] = listed[min(int(draws[i] * count), count - 1)]


def random_ids(batch: Batch, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Return a uniformly random legal id per game (pass for an ended game), drawn from ``rng``
    (one uniform number per game from it)."""
    draws = rng.random(len(batch))
    out = np.empty(len(batch), np.int64)
    kernel = _pick(_random_ids_pair, len(batch))
    kernel(batch.board, batch.cities, batch.to_move, batch.reserves, batch.winner, _OWNER,
           _STEPS, _WARRIOR, draws, out)
    return out


@_kernel()
def _play_out(board: Any, cities: Any, to_move: Any, reserves: Any, quiet: Any, passes: Any,
              heroes_conquer: Any, winner: Any, reason: Any, history: Any, seen: Any,
              seed: int, cap: int) -> None:
    """Play every game on at random to its end, or for ``cap`` plies."""
    np.random.seed(seed)
    own = np.empty(SQUARES, np.int16)
    listed = np.empty(MOST_LEGAL, np.int16)
    fallen = np.empty(4 * SIZE, np.int16)
    rewards = np.zeros((board.shape[0], 2), np.float32)
    for i in range(board.shape[0]):
        for _ in range(cap):
            if winner[i] != -1:
                break
            player = to_move[i]
            count = _legal_row(board[i], cities[i], player, reserves[i, player], _OWNER, _STEPS,
                               _WARRIOR[player], own, _ID_OF_BIT[0], False, listed, True, listed)
            number = listed[min(int(np.random.random() * count), count - 1)]
            _apply_one(i, number, board, cities, to_move, reserves, quiet, passes,
                       heroes_conquer, winner, reason, history, seen, _ORIGIN, _TARGET, _LINES,
                       _LINE_LENGTH, _LINE_INDEX, _OWNER, _WARRIOR, _HERO, _PIECE_KEYS,
                       _CITY_KEYS, _NORTH_KEY, fallen, rewards)


def play_out(batch: Batch, rng: np.random.Generator, cap: int = 2000) -> Batch:
    """Play every game on with uniformly random legal ids to its end, or for ``cap`` plies
    (its ``winner`` stays -1 then), in place, in one compiled call (random playouts for
    search: :mod:`meeples.ai.batch_mcts`); the draws come from a seed taken from ``rng``."""
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 0:
        raise ValueError(f"cap is a whole number of plies, not {cap!r}")
    if int(batch.seen.max()) + cap + 1 > batch.history.shape[1]:
        batch._grow(int(batch.seen.max()) + cap + 1)
    _play_out(batch.board, batch.cities, batch.to_move, batch.reserves, batch.quiet,
              batch.passes, batch.heroes_conquer, batch.winner, batch.reason, batch.history,
              batch.seen, int(rng.integers(0, 2**31 - 1)), cap)
    return batch


def _sample(masks: Any, draws: Any, out: Any) -> None:
    n = masks.shape[0]
    for i in _prange(n):
        row = masks[i]
        count = 0
        for k in range(COUNT):
            count += row[k]
        out[i] = PASS_ID
        if count:
            pick = min(int(draws[i] * count), count - 1)
            for k in range(COUNT):
                if row[k]:
                    if pick == 0:
                        out[i] = k
                        break
                    pick -= 1


def sample(masks: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Return a uniformly random id among each row's True ones (``pass``'s id for a row of
    False), for random play over masks already computed (:func:`legal_mask`)."""
    draws = rng.random(len(masks))
    out = np.empty(len(masks), np.int64)
    _pick(_sample_pair, len(masks))(masks, draws, out)
    return out


def _pick(pair: tuple[F, F], games: int) -> F:
    return pair[games >= PARALLEL_FROM]


_legal_mask_pair = _kernels(_legal_mask)
_check_pair = _kernels(_check)
_step_pair = _kernels(_step)
_observe_pair = _kernels(_observe)
_random_ids_pair = _kernels(_random_ids)
_sample_pair = _kernels(_sample)

__all__ = ["COMPILED", "REASONS", "Batch", "Drawing", "check", "from_states", "init", "legal_mask",
           "observe", "pick", "play_out", "random_ids", "sample", "step"]
