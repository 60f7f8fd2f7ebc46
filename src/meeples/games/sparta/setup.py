"""Sparta's component data: the one table to change when the printed board is known.

Every value here is [DESIGNED] in the rule sheet (``shared/rules/sparta.md``, Setup): the
rulebook's pictures of the starting squares were lost.
"""

from __future__ import annotations

SIZE = 10
FILES = "abcdefghij"

#: Warriors per side on the board at the start, heroes per side in reserve.
WARRIORS = 8
HEROES = 8

#: Starting squares, player 0 (South, yellow) first.
WARRIOR_SQUARES = (
    ("b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2"),
    ("b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9"),
)
CITY_SQUARES = (
    ("b5", "d5", "f5", "h5"),
    ("c6", "e6", "g6", "i6"),
)

#: Cities on the board (both sides together).
CITIES = sum(len(squares) for squares in CITY_SQUARES)

#: King steps per move.
WARRIOR_STEPS = 2
HERO_STEPS = 3

#: Designed end rules: plies without capture, conquest or promotion, and repetitions.
QUIET_PLY_LIMIT = 200
REPETITION_LIMIT = 3

#: Who starts by default (the rulebook: the youngest player); option ``first``.
FIRST_PLAYER = 0
