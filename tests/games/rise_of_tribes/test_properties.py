"""Invariants over seeded random playouts (2, 3, 4 players; base and each option): each
player's 20 members and the 12 villages accounted for, resources never negative, scores never
decreasing (no rule takes VP away), every game ends properly; at every chance node the outcomes
are the legal actions and their probabilities are right (the dice, the decks' counts)."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeples
from meeples.core.chance import Dealer, check_distribution
from meeples.games.rise_of_tribes import data, notation, rules, view
from meeples.games.rise_of_tribes.state import CHANCE_PHASES, Phase, State

OPTION_SETS: dict[str, dict[str, Any]] = {
    "base": {},
    "classic12": {"events": "classic12"},
    "leaders": {"leaders": True},
    "leader_pick": {"leaders": True, "leader_powers": "pick"},
    "scenario_tiles": {"scenario_tiles": True},
    "elders": {"elders": True},
}
GAME = meeples.load("rise_of_tribes")
CASES = [(n, name) for n in (2, 3, 4) for name in OPTION_SETS]
SEEDED = [(n, name, seed) for n, name in CASES for seed in range(3)]


def playout(n: int, options: dict[str, Any], seed: int) -> list[State]:
    """Return the states of a random game: players choose uniformly, chance by probability
    (the dealer of the seed)."""
    state = rules.initial_state(n, seed, options)
    rng = random.Random(seed)
    dealer = Dealer(seed)
    states = [state]
    for ply in range(8000):
        legal = rules.legal_actions(state)
        if not legal:
            break
        if rules.is_chance(state):
            action = dealer.pick(rules.chance_outcomes(state), ply)
        else:
            action = rng.choice(legal)
        state = rules.apply(state, action)
        states.append(state)
    return states


def expected_outcomes(s: State) -> dict[str, Fraction]:
    """Return a chance node's outcomes worked out again from the state, plainly."""
    phase = s.phase
    if phase == Phase.ROLL:
        return {f"roll {data.FACE_LETTERS[f]}": Fraction(data.DIE_FACES.count(f), 6)
                for f in set(data.DIE_FACES)}
    if phase == Phase.CARD:  # every hand of to_draw unseen cards, each as likely
        unseen = s.decks[s.active]
        count = math.comb(len(unseen), s.to_draw)
        return {"cards " + " ".join(data.GOAL_IDS[c] for c in hand): Fraction(1, count)
                for hand in itertools.combinations(sorted(unseen), s.to_draw)}
    if phase == Phase.EVENT:
        return {f"event {data.EVENT_IDS[e]}": Fraction(s.ev_deck.count(e), len(s.ev_deck))
                for e in s.ev_deck}
    if phase == Phase.TERRAIN:
        left = {k: s.n + 1 - s.terrain.count(k) for k in range(3)}
        return {f"terrain {data.TERRAIN_NAMES[k]}": Fraction(c, sum(left.values()))
                for k, c in left.items() if c}
    if phase == Phase.TRIBE:
        free = [t for t in range(8) if t not in s.tribe]
        return {f"tribe {data.TRIBE_NAMES[t]}": Fraction(1, len(free)) for t in free}
    if phase == Phase.FIRST:
        return {f"first {p}": Fraction(1, s.n) for p in range(s.n)}
    code = rules.next_tile(s)
    free = rules.tile_hexes(s, code)
    return {f"tile {data.TILE_IDS[code]} {chr(97 + h)}": Fraction(1, len(free)) for h in free}


@pytest.mark.parametrize(("n", "name"), CASES)
def test_chance_outcomes_are_the_legal_actions_with_the_right_odds(n: int, name: str) -> None:
    kinds = set()
    for state in playout(n, OPTION_SETS[name], seed=300 + n):
        outcomes = rules.chance_outcomes(state)
        if state.phase not in CHANCE_PHASES or state.over:
            assert outcomes == []
            continue
        kinds.add(state.phase)
        check_distribution(outcomes)
        assert [a for a, _ in outcomes] == rules.legal_actions(state)
        assert dict(outcomes) == expected_outcomes(state)
    assert {Phase.TERRAIN, Phase.TRIBE, Phase.FIRST, Phase.ROLL, Phase.CARD,
            Phase.EVENT} <= kinds


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
        for p in range(n):  # each deck: unseen + known under them + drawn = the whole deck
            cards = after.decks[p] + after.bottoms[p] + after.progress[p] + after.completed[p]
            assert sorted(cards) == list(data.goal_deck(n))


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
    assert notation.parse_state(view.view(state, 0)["position"]) == state


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
        state = GAME.new(players=rng.choice((2, 3, 4)), seed=rng.randrange(1000),
                         scenario_tiles=rng.random() < 0.7).inner
        count = len(state.special)
        hexes = sorted(rng.sample(range(count), rng.randrange(count + 1)))
        assert has_all_types(state, hexes) == search(state, hexes)
