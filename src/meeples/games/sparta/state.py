"""Sparta's state: frozen data only. Squares are integers 0..99, ``rank * 10 + file``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, NamedTuple

from meeples.core.game import Outcome


class Player(IntEnum):
    """The two sides; South (yellow, Spartans) is player 0."""

    SOUTH = 0
    NORTH = 1


class Piece(IntEnum):
    """What stands on a square."""

    EMPTY = 0
    SOUTH_WARRIOR = 1
    SOUTH_HERO = 2
    NORTH_WARRIOR = 3
    NORTH_HERO = 4


#: Owner of each piece code (-1 for an empty square), and whether it is a hero.
OWNER = (-1, 0, 0, 1, 1)
IS_HERO = (False, False, True, False, True)
WARRIOR_OF = (Piece.SOUTH_WARRIOR, Piece.NORTH_WARRIOR)
HERO_OF = (Piece.SOUTH_HERO, Piece.NORTH_HERO)

NO_CITY = -1


class Action(NamedTuple):
    """A move ``origin -> target``; ``origin == target`` is in-place promotion; PASS is -1/-1.

    A NamedTuple rather than a dataclass: bots create and hash millions of these.
    """

    origin: int
    target: int


PASS = Action(-1, -1)


@dataclass(frozen=True, slots=True)
class State:
    """A Sparta position with what the end rules need.

    ``cities[square]`` is the owner of the city on that square, or ``NO_CITY``. ``seen`` lists
    the positions since the last capture or promotion (for threefold repetition; a
    conquest does not reset it, since a city can be taken back);
    it is history, not position, so it takes no part in equality.
    """

    board: tuple[int, ...]
    cities: tuple[int, ...]
    to_move: int
    reserves: tuple[int, int]
    quiet_plies: int = 0
    passes: int = 0
    heroes_conquer: bool = True
    outcome: Outcome | None = None
    seen: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = field(
        default=(), compare=False, repr=False
    )
    #: Move-generation data kept for speed (see ``rules``): never compared, hashed, shown or
    #: written. ``rules.apply`` sets it from its parent's by changing only what the move
    #: touched; not an ``__init__`` argument, so a state built any other way (or by
    #: ``dataclasses.replace``) starts without it and the rules compute it from the board.
    aux: tuple[Any, ...] = field(default=(), init=False, compare=False, repr=False)
