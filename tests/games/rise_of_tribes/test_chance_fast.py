"""The fast paths against the working copy they skip (rules.roll_fast and rules.done_fast
against rules.apply_work), and the containers of every state: tuples, never lists."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import meeples
from meeples.core.chance import CHANCE
from meeples.games.rise_of_tribes import rules
from meeples.games.rise_of_tribes.state import FIELDS, Phase, State


def _play(players: int, seed: int, visit: Callable[[State], None]) -> None:
    """Play a seeded random game with leaders, calling ``visit`` on every state."""
    game = meeples.load("rise_of_tribes")
    options = game.check_options(players, {"leaders": True})
    rng = random.Random(seed)
    state = rules.initial_state(players, seed, options)
    while not state.over:
        visit(state)
        if game.rules.to_move(state) == CHANCE:
            state = rules.apply(state, rules.sample_chance(state, rng))
        else:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    visit(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_roll_by_the_fast_path_equals_the_roll_through_a_working_copy(players: int) -> None:
    fast = 0

    def visit(state: State) -> None:
        nonlocal fast
        if state.phase == Phase.ROLL:
            for roll in rules.legal_actions(state):
                quick = rules.roll_fast(state, roll)
                if quick is not None:
                    fast += 1
                    assert quick == rules.apply_work(state, roll)
                    assert type(quick) is type(state)

    for seed in range(4):
        _play(players, seed, visit)
    assert fast > 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_turn_started_by_the_fast_path_equals_the_turn_through_a_working_copy(
    players: int,
) -> None:
    fast = slow = 0

    def visit(state: State) -> None:
        nonlocal fast, slow
        if state.phase == Phase.GOALS and not state.over:
            quick = rules.done_fast(state)
            if quick is None:
                slow += 1
            else:
                fast += 1
                assert quick == rules.apply_work(state, "done")
                assert type(quick) is type(state)

    for seed in range(4):
        _play(players, seed, visit)
    assert fast > 50 and slow > 5  # both the fast path and its refusals (villages) are met


def test_every_state_holds_tuples_of_ints_never_lists() -> None:
    def visit(state: State) -> None:
        for name, depth in FIELDS:
            value = getattr(state, name)
            if depth == 0:
                assert isinstance(value, int), name
                continue
            assert type(value) is tuple, name
            for item in value:
                if depth == 2:
                    assert type(item) is tuple, name
                    assert all(isinstance(x, int) for x in item), name
                else:
                    assert isinstance(item, int), name
        hash(state)

    for seed in range(3):
        _play(2 + seed, seed, visit)
