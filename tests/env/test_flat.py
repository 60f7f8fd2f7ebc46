"""flat=True: observations as one Box vector, the mask in info and action_mask(s), so that
SuperSuit's wrappers and SB3's plain policies take the environments (issue 27)."""

from __future__ import annotations

import math
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from meeples.env import aec, batch, env_games, env_spec, gym, vector

PLAYERS = {"sparta": 2, "rise_of_tribes": 3, "meeple_war": 2}
TITLES = {"sparta": "Sparta", "rise_of_tribes": "RiseOfTribes", "meeple_war": "MeepleWar"}


def size(game: str) -> int:
    return math.prod(env_spec(game).shape)


@pytest.mark.parametrize("game", env_games())
def test_flat_aec_passes_api_test_without_a_warning(game: str) -> None:
    env = aec(game, players=PLAYERS[game], flat=True, checked=True)
    assert env.observation_space("player_0") == gymnasium.spaces.Box(
        0.0, 1.0, (size(game),), np.float32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=200, verbose_progress=False)
    # A Box observation: not even the dict observation's warnings of the default form.
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("game", env_games())
def test_flat_aec_gives_the_planes_and_the_mask_of_the_dict_form(game: str) -> None:
    flat, plain = aec(game, flat=True), aec(game)
    flat.reset(seed=1)
    plain.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(40):
        observation, _, terminated, _, info = flat.last()
        expected, *_ = plain.last()
        if terminated:
            break
        assert observation.shape == (size(game),)
        assert np.array_equal(observation, expected["observation"].reshape(-1))
        for agent in flat.agents:
            mask = plain.observe(agent)["action_mask"]
            assert np.array_equal(flat.infos[agent]["action_mask"], mask)
            assert np.array_equal(flat.action_mask(agent), mask.astype(bool))
        assert np.array_equal(flat.action_masks(), info["action_mask"].astype(bool))
        chosen = int(rng.choice(np.flatnonzero(info["action_mask"])))
        flat.step(chosen)
        plain.step(chosen)


@pytest.mark.parametrize("game", env_games())
def test_flat_gym_passes_check_env(game: str) -> None:
    env = gymnasium.make(f"meeples/{TITLES[game]}-v0", opponents="random", flat=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    observation, info = env.reset(seed=0)
    assert observation.shape == (size(game),) and info["action_mask"].any()


def test_flat_vector_and_batch_give_one_vector_a_game() -> None:
    envs = vector("sparta", 3, opponents="random", flat=True)
    observations, _ = envs.reset(seed=0)
    assert observations.shape == (3, size("sparta"))
    assert envs.single_observation_space.shape == (size("sparta"),)
    games = batch("sparta", 3, flat=True)
    observations, info = games.reset(seed=0)
    assert observations.shape == (3, size("sparta"))
    plain = batch("sparta", 3)
    planes, _ = plain.reset(seed=0)
    assert np.array_equal(observations, planes.reshape(3, -1))
    chosen = np.array([np.flatnonzero(row)[0] for row in info["action_mask"]])
    assert np.array_equal(games.step(chosen)[0], plain.step(chosen)[0].reshape(3, -1))


def test_supersuit_wrappers_take_the_flat_aec() -> None:
    supersuit = pytest.importorskip("supersuit")
    env = supersuit.frame_stack_v1(aec("sparta", flat=True), 2)
    env = supersuit.dtype_v0(env, np.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=100, verbose_progress=False)
    env.reset(seed=0)
    observation, *_ = env.last()
    assert observation.shape == (2 * size("sparta"),) and observation.dtype == np.float64


def test_stable_baselines3_plain_and_masked_policies_train_briefly() -> None:
    sb3 = pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    import meeples.env  # noqa: F401 - registers meeples/Sparta-v0

    # SB3's one-liner: it asks every environment for render_mode="rgb_array".
    envs = make_vec_env("meeples/Sparta-v0", n_envs=2, env_kwargs={"opponents": "random"})
    model = sb3.PPO("MlpPolicy", envs, n_steps=32, batch_size=32, n_epochs=1)
    model.learn(64)
    contrib = pytest.importorskip("sb3_contrib")
    single = gym("sparta", opponents="random", flat=True)
    masked = contrib.MaskablePPO("MlpPolicy", single, n_steps=32, batch_size=32, n_epochs=1)
    masked.learn(64)
