"""Scenario builders for the Rise of Tribes tests.

2-player map (§3.4), hexes a..i, with the fixed test terrain F L M / F L M / F L M
(F forest, L lake, M mountain)::

    a b c          a: b d          e: b c d f g h
     d e f         b: a c d e      f: c e h i
      g h i        c: b e f        g: d e h
                   d: a b e g      h: e f g i   i: f h
"""

from __future__ import annotations

import dataclasses
from typing import Any

import meeples
from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.state import FLAG_COUNT, Phase, State

S, M, B = data.SUN, data.MOON, data.BLANK
W, F, ST = data.WOOD, data.FOOD, data.STONE
GAME = meeples.load("rise_of_tribes")
TERRAIN = {2: (W, F, ST) * 3, 3: (W, F, ST) * 4, 4: (W, F, ST) * 5}


def hx(name: str) -> int:
    return ord(name) - 97


def board(n: int, members: dict[str, tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Return a population table from {hex name: members per player}."""
    rows = [[0] * n for _ in data.MAPS[n]]
    for name, counts in members.items():
        rows[hx(name)] = list(counts) + [0] * (n - len(counts))
    return tuple(tuple(r) for r in rows)


def new(n: int = 2, seed: int = 0, **options: Any) -> State:
    """Return the start of a game once its setup is dealt from seed (the facade's default)."""
    return GAME.new(players=n, seed=seed, **options).inner


def full_decks(n: int = 2) -> tuple[tuple[int, ...], ...]:
    """Return every player's whole goal deck, unseen (§2.2 step 3)."""
    return (data.goal_deck(n),) * n


def turn(n: int = 2, members: dict[str, tuple[int, ...]] | None = None,
         hand: tuple[int, ...] = (S, B), active: int = 0, seed: int = 0,
         options: dict[str, Any] | None = None, **changes: Any) -> State:
    """Return a state in step 3 (ACT) of player `active`'s turn on the test terrain.

    The goal decks are empty unless given (``decks=``): a LEAD then draws nothing, and a test
    of a draw names the cards that come up (``card D7``, a chance outcome).
    """
    base = rules.initial_state(n, seed, options or {})
    values: dict[str, Any] = dict(
        terrain=TERRAIN[n], special=(0,) * len(data.MAPS[n]), decks=((),) * n,
        pop=board(n, members or {}), hand=hand, active=active, decider=active, first=0,
        phase=Phase.ACT, pend=(), queue=(), used=(), flags=(0,) * FLAG_COUNT,
        tribe=tuple(range(n)),
    )
    values.update(changes)
    return dataclasses.replace(base, **values)


def with_flag(state: State, flag: int, value: int = 1) -> State:
    flags = list(state.flags)
    flags[flag] = value
    return dataclasses.replace(state, flags=tuple(flags))


def play(state: State, *actions: str) -> State:
    """Play actions, each checked against the legal list."""
    for action in actions:
        legal = rules.legal_actions(state)
        assert action in legal, f"{action!r} not in {legal}"
        state = rules.apply(state, action)
    return state


def legal(state: State) -> list[str]:
    return rules.legal_actions(state)


def members(state: State, name: str) -> tuple[int, ...]:
    return state.pop[hx(name)]


def goals_step(n: int = 2, **kw: Any) -> State:
    """Return a state in step 5 (goals) of player 0."""
    return turn(n, hand=(), phase=Phase.GOALS, used=(0, 1), **kw)


def res(*triples: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    return tuple(triples)
