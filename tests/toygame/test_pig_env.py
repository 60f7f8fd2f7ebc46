"""Pig in the learning environments it declares: PettingZoo's api_test and seed_test, and
Gymnasium's check_env, as our games pass them (tests/env)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.registration import EnvSpec
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeples
from meeples.env import aec, env_games, gym
from tests.env.test_pettingzoo import DICT_OBSERVATION


def test_pig_has_an_environment(pig: meeples.Game[Any, Any]) -> None:
    assert "pig" in env_games()


@pytest.mark.parametrize("players", [2, 4])
def test_pig_aec_passes_pettingzoo_api_test(pig: meeples.Game[Any, Any], players: int) -> None:
    env = aec("pig", players=players, checked=True, goal=20)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000, verbose_progress=False)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION


def test_pig_aec_passes_pettingzoo_seed_test(pig: meeples.Game[Any, Any]) -> None:
    seed_test(lambda: aec("pig", goal=20), num_cycles=300)


def test_pig_gym_passes_gymnasium_check_env(pig: meeples.Game[Any, Any]) -> None:
    # made from a spec, as meeples.env registers ours (meeples/Sparta-v0): every render mode is
    # checked too
    spec = EnvSpec("meeples/Pig-v0", entry_point="meeples.env.gymnasium_env:MeeplesGym",
                   kwargs={"game": "pig"})
    env = gymnasium.make(spec, opponents="random", checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_pig_gym_plays_whole_games_against_a_declared_level(pig: meeples.Game[Any, Any]) -> None:
    env = gym("pig", seat=1, opponents="easy", goal=20)
    rng = random.Random(0)
    for seed in range(3):
        env.reset(seed=seed)
        over = False
        while not over:
            legal = np.flatnonzero(env.action_masks())
            _, reward, over, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
            assert not truncated
        assert reward in (-1.0, 1.0)


def test_pig_rgb_array_frame_is_its_terminal_board_drawn_as_text(
    pig: meeples.Game[Any, Any],
) -> None:
    # A game that draws no image of its own still gives frames (SB3 and RecordVideo ask
    # render_mode="rgb_array"): its terminal board as text, in a frame of a fixed size.
    env = aec("pig", render_mode="rgb_array", goal=20)
    env.reset(seed=1)
    frame = env.render()
    assert frame.shape == (480, 640, 3) and frame.dtype == np.uint8
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 2  # text was drawn on the background
