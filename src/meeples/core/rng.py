"""A tiny seeded generator whose whole state is one integer, so it can live inside a frozen
game state: replaying setup, seed and actions reproduces every draw (boardgame.io's idea).

The state never appears in a player's view: knowing it would reveal future draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Return the generator state for a seed (any int)."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (64-bit value, next state): splitmix64."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Return (uniform int in [0, n), next state)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Return (a Fisher-Yates shuffle of items, next state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
