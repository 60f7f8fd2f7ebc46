"""Invariants over seeded random playouts (2, 3, 4 players; base and each option): each
player's 20 members and the 12 villages accounted for, resources never negative, scores never
decreasing (no rule takes VP away), every game ends properly."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeples.games.rise_of_tribes import data, notation, rules, view
from meeples.games.rise_of_tribes.state import State

OPTION_SETS: dict[str, dict[str, Any]] = {
    "base": {},
    "classic12": {"events": "classic12"},
    "leaders": {"leaders": True},
    "scenario_tiles": {"scenario_tiles": True},
    "elders": {"elders": True},
}
CASES = [(n, name) for n in (2, 3, 4) for name in OPTION_SETS]
SEEDED = [(n, name, seed) for n, name in CASES for seed in range(3)]


def playout(n: int, options: dict[str, Any], seed: int) -> list[State]:
    state = rules.initial_state(n, seed, options)
    rng = random.Random(seed)
    states = [state]
    for _ in range(5000):
        legal = rules.legal_actions(state)
        if not legal:
            break
        state = rules.apply(state, rng.choice(legal))
        states.append(state)
    return states


@pytest.mark.parametrize(("n", "name", "seed"), SEEDED)
def test_invariants_members_villages_resources_scores(n: int, name: str, seed: int) -> None:
    states = playout(n, OPTION_SETS[name], seed=n * 7 + len(name) + 1000 * seed)
    for before, after in zip(states, states[1:], strict=False):
        for p in range(n):
            on_board = sum(row[p] for row in after.pop)
            assert 0 <= on_board <= data.MEMBERS
            assert on_board + after.supply(p) == data.MEMBERS
            assert min(after.res[p]) >= 0
            assert after.score[p] >= before.score[p]
        assert min(v for row in after.pop for v in row) >= 0
        assert 0 <= after.villages_left() <= data.VILLAGES
        assert all(after.villages[h] < 0 or after.village_holds(h, after.villages[h])
                   for h in range(len(after.pop)))
        assert after.inv >= 0
        assert sum(len(d) for d in after.decks) + sum(len(g) for g in after.progress) + \
            sum(len(g) for g in after.completed) == n * len(data.goal_deck(n))


@pytest.mark.parametrize(("n", "name"), CASES)
def test_random_games_end_properly(n: int, name: str) -> None:
    final = playout(n, OPTION_SETS[name], seed=100 + n)[-1]
    out = rules.outcome(final)
    assert out is not None and rules.legal_actions(final) == []
    if final.over == 1:
        assert final.score[final.winner] == data.WIN_VP
        assert all(s < data.WIN_VP for p, s in enumerate(final.score) if p != final.winner)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_event_accounted_for(n: int) -> None:
    for state in playout(n, {"leaders": True}, seed=n)[::7]:
        cards = list(state.ev_deck) + list(state.ev_discard) + [e for e in state.slots if e >= 0]
        cards += [e for acq in state.acquired for e in acq]
        assert sorted(cards) == list(range(16))


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), plies=st.integers(0, 300),
       leaders=st.booleans(), elders=st.booleans(), tiles=st.booleans())
def test_position_text_and_view_round_trip_anywhere(players: int, seed: int, plies: int,
                                                     leaders: bool, elders: bool,
                                                     tiles: bool) -> None:
    options = {"leaders": leaders, "elders": elders, "scenario_tiles": tiles}
    state = rules.initial_state(players, seed, options)
    rng = random.Random(seed)
    for _ in range(plies):
        legal = rules.legal_actions(state)
        if not legal:
            break
        state = rules.apply(state, rng.choice(legal))
    assert notation.parse_state(notation.format_state(state)) == state
    for action in rules.legal_actions(state):
        assert notation.parse_action(action) == action
    sample = view.sample_state(view.view(state, 0), seed)
    assert view.view(sample, 0) == view.view(state, 0)
