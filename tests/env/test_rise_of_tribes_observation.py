"""Rise of Tribes' observation of what each seat holds (its tribe, the events it acquired, a
tamed mammoth, its goal deck) and of the event deck and discard, at the features FEATURES names,
from positions of seeded random games; the fast twin gives the same numbers."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

import meeples
from meeples.env.rise_of_tribes import FEATURES, SHAPE, from_state, from_view
from meeples.games.rise_of_tribes import data

GAME = meeples.load("rise_of_tribes")


def play_until(players: int, seed: int, found: Callable[[Any], bool], **options: Any) -> Any:
    """Return the first position of a seeded random game (not a chance node) where found(its
    internal state) holds; fail if the game ends first."""
    state = GAME.new(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_terminal():
        state = state.settle() if state.is_chance else state.play(rng.choice(state.legal()))
        if not state.is_chance and found(state.inner):
            return state
    raise AssertionError(f"seed {seed}: the game ended first")


def feature(name: str) -> int:
    return FEATURES.index(name)


def test_new_blocks_come_after_the_earlier_features_which_keep_their_places() -> None:
    assert FEATURES.index("volcano 8") == 723
    assert FEATURES.index("seat 0 tribe Daba") == 724
    assert FEATURES.index("event deck size") == 928
    assert FEATURES[-4:] == tuple(f"observer seat {k}" for k in range(4))
    assert SHAPE == (len(FEATURES),) == (933,)


def test_observation_shows_each_seats_tribe_in_its_seat_slot() -> None:
    state = play_until(4, 1, lambda inner: True)
    for observer in range(4):
        observation = from_view(state.view(observer))
        for seat, entry in enumerate(state.view(observer)["table"]):
            k = (seat - observer) % 4
            tribes = [observation[feature(f"seat {k} tribe {t}")] for t in data.TRIBE_NAMES]
            assert tribes[data.TRIBE_NAMES.index(entry["tribe"])] == 1.0 and sum(tribes) == 1.0


def test_observation_shows_no_tribe_while_the_setup_deals_them() -> None:
    state = GAME.new(3, 2, deal=False)
    assert state.view(0)["table"][0]["tribe"] is None
    observation = from_view(state.view(0))
    assert not any(observation[feature(f"seat {k} tribe {t}")]
                   for k in range(4) for t in data.TRIBE_NAMES)
    assert np.array_equal(from_state(state.inner, 0), observation)


def assert_in_seat_slot(state: Any, owner: int, name: str) -> None:
    """Assert that a 2-player state's observations show ``seat k {name}`` at the owner's seat
    slot alone, for both observers, from the view and from the state alike."""
    for observer in range(2):
        observation = from_view(state.view(observer))
        k = (owner - observer) % 2
        assert observation[feature(f"seat {k} {name}")] == 1.0
        assert observation[feature(f"seat {1 - k} {name}")] == 0.0
        assert np.array_equal(from_state(state.inner, observer), observation)


def test_observation_shows_an_acquired_event_in_its_owners_seat_slot() -> None:
    state = play_until(2, 3, lambda inner: any(inner.acquired))
    owner = next(seat for seat in range(2) if state.inner.acquired[seat])
    event = data.EVENT_IDS[state.inner.acquired[owner][0]]
    assert state.view(0)["table"][owner]["acquired"] == [event]
    assert_in_seat_slot(state, owner, f"acquired {event}")


def test_observation_shows_a_tamed_mammoth_in_its_tamers_seat_slot() -> None:
    state = play_until(2, 3, lambda inner: any(inner.tamed))
    tamer = state.inner.tamed.index(1)
    assert state.view(0)["table"][tamer]["tamed_mammoth"] is True
    assert_in_seat_slot(state, tamer, "tamed mammoth")


def test_observation_shows_the_goal_deck_unseen_cards_and_those_under_it_in_order() -> None:
    state = play_until(2, 9, lambda inner: any(len(cards) > 1 for cards in inner.bottoms))
    owner = next(seat for seat in range(2) if len(state.inner.bottoms[seat]) > 1)
    observer = 1 - owner  # the owner in seat slot 1
    entry = state.view(observer)["table"][owner]
    observation = from_view(state.view(observer))
    unseen = {g: observation[feature(f"seat 1 goal deck {g} unseen")] for g in data.GOAL_IDS}
    assert {g for g, value in unseen.items() if value} == set(entry["deck_unseen"])
    assert set(unseen.values()) <= {0.0, 1.0}
    under = [observation[feature(f"seat 1 goal deck {g} under")] for g in entry["deck_bottom"]]
    assert under == sorted(under, reverse=True) and under[0] == 1.0  # the next one first
    assert np.allclose(under, [(15 - place) / 15 for place in range(len(under))])
    assert observation[feature("seat 1 goal deck size")] == np.float32(entry["deck_size"] / 15)
    assert np.array_equal(from_state(state.inner, observer), observation)


def test_observation_shows_the_event_deck_and_the_discard() -> None:
    state = play_until(2, 3, lambda inner: bool(inner.ev_discard))
    view = state.view(0)
    observation = from_view(view)
    deck = {e for e in data.EVENT_IDS if observation[feature(f"event deck {e}")]}
    discard = {e for e in data.EVENT_IDS if observation[feature(f"event discard {e}")]}
    assert deck == set(view["event_deck"]) and discard == set(view["event_discard"]) != set()
    assert observation[feature("event deck size")] == np.float32(view["event_deck_size"] / 16)
    assert np.array_equal(from_state(state.inner, 0), observation)


def test_observation_shows_a_picked_leader_power_from_the_pick_on() -> None:
    # Under leader_powers="pick" the power picked is in force at once: the leader powers block
    # shows it (the view's power_choice is its only power), and nothing else is needed.
    state = play_until(3, 4, lambda inner: any(inner.chosen_power(p) >= 0 for p in range(3)),
                       leaders=True, leader_powers="pick")
    picker = next(p for p in range(3) if state.inner.chosen_power(p) >= 0)
    entry = state.view(0)["table"][picker]
    assert entry["powers"] == [entry["power_choice"]]
    observation = from_view(state.view(0))
    tribe = state.inner.tribe[picker]
    shown = [observation[feature(f"seat {picker} power {data.LEADER_POWER_CODES[power]}")]
             for power in (2 * tribe, 2 * tribe + 1)]
    assert shown == [float(code == entry["power_choice"])
                     for code in data.LEADER_POWER_CODES[2 * tribe: 2 * tribe + 2]]


def test_fast_observation_equals_the_views_with_acquired_events_a_tamed_mammoth_and_decks() -> None:
    # Two whole games in which an event is acquired, a mammoth tamed, events discarded (seed
    # 3), and goal cards put under a deck (seed 9): the twin rewrites these blocks as they change.
    seen: set[str] = set()
    kinds = ("acquired", "tamed", "under", "discard")
    for seed in (3, 9):
        state = GAME.new(2, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state = state.settle() if state.is_chance else state.play(rng.choice(state.legal()))
            if state.is_chance:
                continue
            for observer in range(2):
                observation = from_view(state.view(observer))
                assert np.array_equal(from_state(state.inner, observer), observation)
            seen.update(kind for index in np.flatnonzero(observation)
                        for kind in kinds if kind in FEATURES[int(index)])
    assert seen == set(kinds)
