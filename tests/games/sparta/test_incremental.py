"""The move-generation data ``apply`` keeps up to date equals the data computed from scratch.

``State.aux`` holds each square's ready actions, each side's squares, the occupancy, a hash
per position of the repetition history and the city counts. ``apply`` changes only what a move
touches; these tests recompute everything from the board after random plies and compare.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeples.games.sparta import notation, rules
from meeples.games.sparta.state import PASS, Action, State
from tests.games.sparta.helpers import GAME, parse


def fresh(state: State) -> State:
    """Return an equal state without kept data (as ``dataclasses.replace`` makes one)."""
    copy = dataclasses.replace(state)
    assert copy.aux == ()
    return copy


def plain_legal_actions(state: State) -> list[Action]:
    """Every own piece in square order: its in-place promotion, then its sorted targets."""
    if state.outcome is not None:
        return []
    actions = []
    for origin, piece in enumerate(state.board):
        if piece and rules.OWNER[piece] == state.to_move:
            if rules.can_promote_in_place(state, origin):
                actions.append(Action(origin, origin))
            actions += [Action(origin, t) for t in rules.destinations(state.board, origin)]
    return actions or [PASS]


def random_game(seed: int, plies: int, heroes_conquer: bool, first: int) -> list[State]:
    rng = random.Random(seed)
    state = GAME.new(heroes_conquer=heroes_conquer, first=first).inner
    states = [state]
    for _ in range(plies):
        actions = rules.legal_actions(state)
        if not actions:
            break
        state = rules.apply(state, rng.choice(actions))
        states.append(state)
    return states


def assert_kept_data_is_exact(state: State) -> None:
    assert state.aux, "a state made by the rules carries its move-generation data"
    assert state.aux == rules._derive(fresh(state))
    assert rules.legal_actions(state) == plain_legal_actions(state)


GAMES = st.tuples(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=400),
    st.booleans(),
    st.sampled_from([0, 1]),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_incremental_data_equals_a_fresh_computation_after_random_plies(
    game: tuple[int, int, bool, int],
) -> None:
    for state in random_game(*game):
        assert_kept_data_is_exact(state)


def test_incremental_data_exact_through_whole_seeded_games() -> None:
    for seed in range(3):
        states = random_game(seed, 2000, seed != 1, seed % 2)
        assert states[-1].outcome is not None
        for state in states:
            assert_kept_data_is_exact(state)


def test_incremental_data_built_for_a_parsed_position() -> None:
    for state in random_game(5, 120, True, 0)[::10]:
        parsed = notation.parse_state(notation.format_state(state))
        assert_kept_data_is_exact(parsed)


def test_incremental_data_drops_promotions_when_the_last_hero_is_spent_in_place() -> None:
    # No game reaches this (a side never has more warriors than heroes in reserve), so the
    # reserve is set by hand: with one hero left, promoting b5 leaves d5 without a promotion.
    base = parse({"b5": "W", "d5": "W", "a1": "W", "j10": "w", "j8": "w", "h10": "w"}).inner
    state = dataclasses.replace(base, reserves=(1, 8))
    b5, d5 = rules.square("b5"), rules.square("d5")
    assert Action(d5, d5) in rules.legal_actions(state)
    after = rules.apply(state, Action(b5, b5))
    after = rules.apply(after, Action(rules.square("j8"), rules.square("i8")))
    assert_kept_data_is_exact(after)
    assert Action(d5, d5) not in rules.legal_actions(after)


def test_incremental_data_drops_promotions_when_the_last_hero_is_spent_on_landing() -> None:
    base = parse({"b4": "W", "d5": "W", "a1": "W", "j10": "w", "j8": "w", "h10": "w"}).inner
    state = dataclasses.replace(base, reserves=(1, 8))
    after = rules.apply(state, Action(rules.square("b4"), rules.square("b5")))
    assert after.reserves == (0, 8)
    after = rules.apply(after, Action(rules.square("j8"), rules.square("i8")))
    assert_kept_data_is_exact(after)
    d5 = rules.square("d5")
    assert Action(d5, d5) not in rules.legal_actions(after)


def test_incremental_data_gives_a_conquering_warrior_its_promotion() -> None:
    state = parse({"c7": "W", "a1": "W", "a3": "W", "j10": "w", "j8": "w", "h10": "w"}).inner
    after = rules.apply(state, Action(rules.square("c7"), rules.square("c6")))
    after = rules.apply(after, Action(rules.square("j8"), rules.square("i8")))
    assert_kept_data_is_exact(after)
    assert Action(rules.square("c6"), rules.square("c6")) in rules.legal_actions(after)


def test_incremental_data_ignored_by_equality_hash_and_text() -> None:
    for state in random_game(7, 60, True, 1)[::6]:
        bare = fresh(state)
        assert bare == state and hash(bare) == hash(state)
        assert notation.format_state(bare) == notation.format_state(state)
        assert "aux" not in repr(state)


def test_incremental_data_recomputed_for_a_state_built_by_replace() -> None:
    # A changed board must not be served the moves kept for the old one.
    state = parse({"e5": "W", "a1": "W", "a3": "W", "j10": "w", "j8": "w", "h10": "w"}).inner
    moved = list(state.board)
    moved[rules.square("e5")], moved[rules.square("e4")] = 0, moved[rules.square("e5")]
    other = dataclasses.replace(state, board=tuple(moved))
    assert rules.legal_actions(other) == plain_legal_actions(other)
    after = rules.apply(other, Action(rules.square("e4"), rules.square("e3")))
    assert_kept_data_is_exact(after)


def test_incremental_data_survives_pickling() -> None:
    state = random_game(3, 40, True, 0)[-1]
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and rules.legal_actions(copy) == rules.legal_actions(state)
    assert_kept_data_is_exact(rules.apply(copy, rules.legal_actions(copy)[0]))


def test_incremental_repetition_exact_when_every_position_hash_collides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The kept position hashes only filter: with every hash equal, repetition is still
    # decided by comparing whole positions, so the games end exactly as before.
    games = [random_game(seed, 3000, True, 0) for seed in (0, 4)]
    monkeypatch.setattr(rules, "_position_hash", lambda board, to_move: 0)
    for seed, states in zip((0, 4), games, strict=True):
        again = random_game(seed, 3000, True, 0)
        assert [s.outcome for s in again] == [s.outcome for s in states]
        assert again == states
