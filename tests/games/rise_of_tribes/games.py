"""Seeded random games over every option set, for the tests that check all the words and parts
the engine produces (test_messages.py, test_parts.py, test_anytime.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import meeples
from meeples.games.rise_of_tribes.state import State

GAME = meeples.load("rise_of_tribes")

#: Base and advanced option sets: leader powers (both, or picked), elders, scenario tiles.
OPTION_SETS: dict[str, dict[str, Any]] = {
    "base": {},
    "classic12": {"events": "classic12"},
    "leaders": {"leaders": True},
    "pick": {"leaders": True, "leader_powers": "pick", "elders": True},
    "advanced": {"leaders": True, "elders": True, "scenario_tiles": True},
}


@cache
def played(players: int, seed: int, options: str) -> tuple[meeples.State[State, str], ...]:
    """Return every state of one seeded random game, start to end."""
    rng = random.Random(seed)
    state = GAME.new(players=players, seed=seed, **OPTION_SETS[options])
    states = [state]
    while state.outcome is None:
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
        states.append(state)
    return tuple(states)


#: The games the word and part checks walk: every option set at 2, 3 and 4 players.
GAMES = [(players, seed, options) for seed, options in enumerate(OPTION_SETS, start=40)
         for players in (2, 3, 4)]


def states(players: int, seed: int, options: str) -> Iterator[meeples.State[State, str]]:
    """Yield the states of one game of :data:`GAMES`."""
    yield from played(players, seed, options)
