"""meeples.env.parallel (PettingZoo's parallel API), max_cycles and state() (issue 27)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test, state_test

from meeples.env import aec, env_games, parallel

PLAYERS = {"sparta": 2, "rise_of_tribes": 3, "meeple_war": 2}


@pytest.mark.parametrize("flat", [False, True])
@pytest.mark.parametrize("game", env_games())
def test_parallel_passes_pettingzoo_parallel_api_test(game: str, flat: bool) -> None:
    env = parallel(game, players=PLAYERS[game], flat=flat, checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=300)
    assert [str(w.message) for w in caught] == []


def test_parallel_passes_pettingzoo_seed_test() -> None:
    parallel_seed_test(lambda: parallel("sparta"), num_cycles=100)


@pytest.mark.parametrize("game", env_games())
def test_parallel_plays_the_game_of_the_aec_environment(game: str) -> None:
    # The same ids step both: the agent to move's action counts, the others' are ignored.
    players = PLAYERS[game]
    par, seq = parallel(game, players=players), aec(game, players=players)
    observations, infos = par.reset(seed=6)
    seq.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(400):
        mover = infos["player_0"]["to_move"]
        assert mover == seq.agent_selection
        assert all(info["to_move"] == mover for info in infos.values())
        for agent in par.agents:
            expected = seq.observe(agent)
            assert np.array_equal(observations[agent]["observation"], expected["observation"])
            assert np.array_equal(observations[agent]["action_mask"], expected["action_mask"])
        chosen = int(rng.choice(np.flatnonzero(observations[mover]["action_mask"])))
        ignored = {agent: 0 for agent in par.agents if agent != mover}  # not legal: ignored
        observations, rewards, terminations, truncations, infos = par.step(
            {**ignored, mover: chosen})
        seq.step(chosen)
        assert rewards == {agent: seq.rewards[agent] for agent in rewards}
        if any(terminations.values()):
            assert par.agents == [] and all(terminations.values())
            assert all("outcome" in info for info in infos.values())
            return
    assert not par.agents == []


def test_parallel_illegal_action_ends_the_game() -> None:
    env = parallel("sparta")
    env.reset(seed=0)
    _, rewards, terminations, _, infos = env.step({"player_0": 4900, "player_1": 0})
    assert rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(terminations.values()) and infos["player_0"]["illegal_action"]
    assert infos["player_1"]["outcome"]["winners"] == [1]
    with pytest.raises(RuntimeError):
        env.step({"player_0": 0})


@pytest.mark.parametrize("game", env_games())
def test_max_cycles_truncates_after_that_many_decisions_of_each_player(game: str) -> None:
    players, cycles = PLAYERS[game], 3
    env = parallel(game, players=players, max_cycles=cycles)
    observations, infos = env.reset(seed=2)
    steps = 0
    while env.agents:
        mover = infos["player_0"]["to_move"]
        mask = observations[mover]["action_mask"]
        observations, rewards, terminations, truncations, infos = env.step(
            {mover: int(np.flatnonzero(mask)[0])})
        steps += 1
    assert steps == cycles * players
    assert all(truncations.values()) and not any(terminations.values())
    assert all(not observation["action_mask"].any() for observation in observations.values())
    # The AEC environment: each agent of an alternating game acts max_cycles times, then its
    # dead step (PettingZoo's max_cycles_test counts so).
    seq = aec("sparta", max_cycles=cycles)
    seq.reset(seed=2)
    counts = dict.fromkeys(seq.possible_agents, 0)
    for agent in seq.agent_iter():
        counts[agent] += 1
        observation, _, terminated, truncated, _ = seq.last()
        seq.step(None if terminated or truncated else
                 int(np.flatnonzero(observation["action_mask"])[0]))
    assert counts == dict.fromkeys(seq.possible_agents, cycles + 1)


@pytest.mark.parametrize("flat", [False, True])
@pytest.mark.parametrize("game", env_games())
def test_state_is_the_whole_position_and_passes_state_test(game: str, flat: bool) -> None:
    env = aec(game, players=PLAYERS[game], flat=flat)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state_test(env, parallel(game, players=PLAYERS[game], flat=flat), num_cycles=20)
    assert [str(w.message) for w in caught] == []
    env.reset(seed=1)
    first = env.observe("player_0")
    planes = first if flat else first["observation"]
    assert np.array_equal(env.state(), planes) and env.state_space.contains(env.state())


def test_supersuit_turns_the_flat_parallel_environment_into_a_vector_environment() -> None:
    supersuit = pytest.importorskip("supersuit")
    # PettingZoo's SB3 tutorial's recipe, with Gymnasium's vector class in place of SB3's.
    env = supersuit.pettingzoo_env_to_vec_env_v1(parallel("sparta", flat=True))
    envs = supersuit.concat_vec_envs_v1(env, 2, num_cpus=0, base_class="gymnasium")
    observations, infos = envs.reset(seed=0)
    assert observations.shape == (4, 1300)  # 2 games x 2 agents
    for _ in range(20):
        masks = np.array([info["action_mask"] for info in infos]) if isinstance(
            infos, list) else infos["action_mask"]
        actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert observations.shape == (4, 1300)
        assert not any(info.get("illegal_action") for info in infos)  # the masks were read
    envs.close()
