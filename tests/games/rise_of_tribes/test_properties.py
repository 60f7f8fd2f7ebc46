"""Invariants over seeded random playouts (2, 3, 4 players; base and each option): each
player's 20 members and the 12 villages accounted for, resources never negative, scores never
decreasing (no rule takes VP away), every game ends properly."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeples.games.rise_of_tribes import data, notation, rules, view
from meeples.games.rise_of_tribes.state import Phase, State

OPTION_SETS: dict[str, dict[str, Any]] = {
    "base": {},
    "classic12": {"events": "classic12"},
    "leaders": {"leaders": True},
    "leader_pick": {"leaders": True, "leader_powers": "pick"},
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


@pytest.mark.parametrize(("n", "name"), CASES)
def test_move_goes_on_exactly_when_legal_moves_are_left(n: int, name: str) -> None:
    # apply asks can_move instead of listing every step: the two must agree, whatever the
    # distance (Oxen, Kaha, none) or the moves left.
    from meeples.games.rise_of_tribes.actions import can_move, legal_move
    moves = [s for s in playout(n, OPTION_SETS[name], seed=200 + n) if s.phase == Phase.MOVE]
    assert moves
    for state in moves:
        for power in range(4):
            for left in range(3):
                changed = dataclasses.replace(state, power=power, left=left)
                assert can_move(changed) == bool(legal_move(changed))


@pytest.mark.parametrize("seed", range(3))
def test_masters_of_the_land_matches_a_search_for_distinct_hexes(seed: int) -> None:
    # has_all_types counts types in closed form; a search over distinct hexes must agree.
    from meeples.games.rise_of_tribes.goals import has_all_types

    def search(s: State, hexes: list[int], kind: int = 0, used: frozenset[int] = frozenset()
               ) -> bool:
        return kind == 3 or any(search(s, hexes, kind + 1, used | {h}) for h in hexes
                                if h not in used and s.counts_as(h, kind))

    rng = random.Random(seed)
    for _ in range(300):
        state = rules.initial_state(rng.choice((2, 3, 4)), rng.randrange(1000),
                                    {"scenario_tiles": rng.random() < 0.7})
        count = len(state.special)
        hexes = sorted(rng.sample(range(count), rng.randrange(count + 1)))
        assert has_all_types(state, hexes) == search(state, hexes)
