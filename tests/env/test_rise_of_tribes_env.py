"""Rise of Tribes' environments: PettingZoo's api_test and seed_test at 2-4 players, Gymnasium's
check_env, masks from the action table, chance drawn inside, rewards from the ranking."""

from __future__ import annotations

import random
import re
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeples
from meeples.core.chance import CHANCE
from meeples.core.game import Outcome
from meeples.env import aec, gym
from meeples.env.episode import Episode
from meeples.env.rise_of_tribes import FEATURES, SEAT_FEATURES, SHAPE, from_state, from_view
from meeples.games.rise_of_tribes import action_table
from tests.env.test_pettingzoo import DICT_OBSERVATION

GAME = "rise_of_tribes"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_aec_passes_pettingzoo_api_test(players: int) -> None:
    env = aec(GAME, players=players, checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=300, verbose_progress=False)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION


@pytest.mark.parametrize("players", [2, 4])
def test_aec_passes_pettingzoo_seed_test(players: int) -> None:
    seed_test(lambda: aec(GAME, players=players), num_cycles=300)


def test_gym_passes_gymnasium_check_env() -> None:
    env = gymnasium.make("meeples/RiseOfTribes-v0", opponents="random", checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_aec_spaces_are_the_table_and_the_features(players: int) -> None:
    env = aec(GAME, players=players)
    env.reset(seed=0)
    assert env.possible_agents == [f"player_{i}" for i in range(players)]
    assert env.action_space("player_0").n == action_table.COUNT
    observation = env.observe("player_0")
    assert observation["observation"].shape == SHAPE == (len(FEATURES),)
    assert observation["observation"].dtype == np.float32


@pytest.mark.parametrize("players", [2, 3, 4])
def test_aec_masks_are_the_legal_ids_and_chance_never_reaches_an_agent(players: int) -> None:
    env = aec(GAME, players=players)
    episode: Episode = env.unwrapped.episode
    rules = episode.rules
    rng = random.Random(players)
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            assert episode.to_move != CHANCE and not episode.view(None)["chance"]
            assert agent == f"player_{episode.to_move}"
            legal = {action_table.action_id(text) for text in rules.legal_actions(episode.inner)}
            ids = np.flatnonzero(observation["action_mask"])
            assert set(ids) == legal and len(ids) == len(legal)
            planes = observation["observation"]
            assert np.array_equal(planes, from_view(episode.view(episode.to_move)))
            for seat in range(players):
                assert np.array_equal(from_state(episode.inner, seat),
                                      from_view(episode.view(seat)))
            assert planes.min() >= 0.0 and planes.max() <= 1.0
            env.step(int(ids[rng.randrange(len(ids))]))


def test_fast_observation_equals_the_views_at_the_undealt_start_and_the_end() -> None:
    game = meeples.load(GAME)
    for players in (2, 3, 4):
        state = game.new(players, 2, deal=False)
        rng = random.Random(players)
        while not state.is_terminal():
            for seat in range(players):
                assert np.array_equal(from_state(state.inner, seat), from_view(state.view(seat)))
            state = state.settle() if state.is_chance else state.play(rng.choice(state.legal()))
        for seat in range(players):
            assert np.array_equal(from_state(state.inner, seat), from_view(state.view(seat)))


def test_fast_observation_is_right_whatever_state_it_was_last_made_for() -> None:
    # from_state writes again only what differs from the last state the same seat observed:
    # states of one game met out of order, and of two games in turn, must each still give the
    # view's observation.
    game = meeples.load(GAME)
    rng = random.Random(11)
    states = []
    for seed in (1, 2):
        state = game.new(3, seed, leaders=True, scenario_tiles=True, elders=True)
        while not state.is_terminal() and len(states) < 150 * seed:
            state = state.settle() if state.is_chance else state.play(rng.choice(state.legal()))
            states.append(state)
    rng.shuffle(states)
    for state in states:
        seat = rng.randrange(3)
        assert np.array_equal(from_state(state.inner, seat), from_view(state.view(seat)))


def test_fast_observation_is_a_new_array_each_time() -> None:
    state = meeples.load(GAME).new(2, 3)
    first = from_state(state.inner, 0)
    first[:] = 0.5  # the caller's to change
    again = from_state(state.inner, 0)
    assert np.array_equal(again, from_view(state.view(0))) and again.flags.writeable


def test_observation_puts_the_observer_in_seat_slot_zero() -> None:
    state = meeples.load(GAME).new(3, 5)
    width = len(SEAT_FEATURES)
    base = FEATURES.index("seat 0 at table")
    for seat in range(3):
        observation = from_view(state.view(seat))
        to_move = [observation[base + k * width + width - 1] for k in range(4)]
        assert to_move[(state.view(None)["to_move"] - seat) % 3] == 1.0
        assert sum(to_move) == 1.0
        assert observation[base + 3 * width] == 0.0  # no fourth seat at three players


@pytest.mark.parametrize("players", [3, 4])
def test_aec_random_games_rank_the_players_in_minus_one_to_one(players: int) -> None:
    env = aec(GAME, players=players)
    rng = random.Random(1)
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        ids = np.flatnonzero(observation["action_mask"])
        env.step(int(ids[rng.randrange(len(ids))]))
    assert max(totals.values()) == 1.0 and min(totals.values()) == -1.0
    assert sum(totals.values()) == pytest.approx(0.0)


def test_returns_scale_the_ranking_with_ties_sharing_places() -> None:
    episode = Episode(GAME, 4, {})
    episode.reset(0)
    ranked = Outcome((2,), ((2,), (0, 3), (1,)), "test")
    episode.rules = type("Over", (), {"outcome": staticmethod(lambda _: ranked)})()  # type: ignore[assignment]
    assert episode.returns() == [0.0, -1.0, 1.0, 0.0]


def test_gym_plays_whole_games_against_random_from_the_seed() -> None:
    def play(seed: int) -> tuple[list[int], float]:
        env = gym(GAME, players=3, seat=1, opponents="random")
        rng = random.Random(seed)
        env.reset(seed=seed)
        chosen, reward, over = [], 0.0, False
        while not over:
            ids = np.flatnonzero(env.action_masks())
            chosen.append(int(ids[rng.randrange(len(ids))]))
            _, reward, over, _, _ = env.step(chosen[-1])
        return chosen, float(reward)

    assert play(4) == play(4)
    assert -1.0 <= play(4)[1] <= 1.0


def test_aec_renders_the_terminal_board() -> None:
    env = aec(GAME, players=3, render_mode="ansi")
    env.reset(seed=0)
    observation = env.observe(env.agent_selection)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    text = env.render()
    assert isinstance(text, str) and "Rise of Tribes" in text


def test_observation_has_the_events_goals_powers_elders_tiles_and_volcano() -> None:
    game = meeples.load(GAME)
    rng = random.Random(7)
    seen: set[str] = set()
    # Each kind by the pattern of its features' names (not the seat counts of goals, nor the
    # event deck and discard).
    kinds = {"tile": r" tile ", "elder": r" elder ", "power": r" power ",
             "in progress": r" goal \w+ in progress$", "completed": r" goal \w+ completed$",
             "event": r"^event \d \w+$", "tokens": r" tokens$", "volcano": r"^volcano "}
    for seed in range(3):
        state = game.new(4, seed, leaders=True, scenario_tiles=True, elders=True)
        while not state.is_terminal():
            state = state.settle() if state.is_chance else state.play(rng.choice(state.legal()))
            if state.is_chance:
                continue
            view = state.view(1)
            observation = from_view(view)
            assert np.array_equal(from_state(state.inner, 1), observation)
            seen.update(kind for index in np.flatnonzero(observation)
                        for kind, pattern in kinds.items()
                        if re.search(pattern, FEATURES[int(index)]))
            for seat, entry in enumerate(view["table"]):
                k = (seat - 1) % 4
                for goal in entry["in_progress"]:
                    assert observation[FEATURES.index(f"seat {k} goal {goal} in progress")] == 1
                for code in entry["powers"]:
                    assert observation[FEATURES.index(f"seat {k} power {code}")] == 1
            for i, event in enumerate(view["events"]):
                if event["id"] is not None:
                    assert observation[FEATURES.index(f"event {i} {event['id']}")] == 1
    assert {"tile", "elder", "power", "in progress", "event", "tokens"} <= seen


def test_episode_step_refuses_an_illegal_id_and_changes_nothing() -> None:
    from meeples.env.episode import Episode

    episode = Episode("rise_of_tribes", 2, {})
    episode.reset(5)
    legal = episode.legal_ids()
    before, plies = episode.inner, episode.plies
    illegal = next(i for i in range(episode.count) if i not in legal)
    assert episode.step(illegal) is False
    assert episode.step("1") is False
    assert (episode.inner, episode.plies) == (before, plies)
    assert episode.step(np.intp(legal[0])) is True
    assert episode.inner is not before


def test_episode_step_raises_on_an_illegal_id_when_asked() -> None:
    from meeples.env.episode import Episode

    episode = Episode("rise_of_tribes", 2, {}, illegal="raise")
    episode.reset(5)
    episode.mask()  # the legal list kept: the one-lookup path
    with pytest.raises(meeples.IllegalAction):
        episode.step(episode.count)
