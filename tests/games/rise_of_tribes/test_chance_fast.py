"""The die's fast path against the working copy it skips (rules.roll_fast, rules.apply_work)."""

from __future__ import annotations

import random

import pytest

import meeples
from meeples.core.chance import CHANCE
from meeples.games.rise_of_tribes import rules
from meeples.games.rise_of_tribes.state import Phase


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_roll_by_the_fast_path_equals_the_roll_through_a_working_copy(players: int) -> None:
    game = meeples.load("rise_of_tribes")
    options = game.check_options(players, {"leaders": True})
    fast = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = rules.initial_state(players, seed, options)
        while not state.over:
            if state.phase == Phase.ROLL:
                for roll in rules.legal_actions(state):
                    quick = rules.roll_fast(state, roll)
                    if quick is not None:
                        fast += 1
                        assert quick == rules.apply_work(state, roll)
                        assert type(quick) is type(state)
            if game.rules.to_move(state) == CHANCE:
                state = rules.apply(state, rules.sample_chance(state, rng))
            else:
                state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert fast > 100
