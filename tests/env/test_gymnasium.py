"""The Gymnasium environment: Gymnasium's own check_env, seats, bots, masks, seeds."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import meeples
from meeples.ai import get_bot
from meeples.env import SlowOpponentWarning, gym
from meeples.env.gymnasium_env import MeeplesGym
from meeples.games.sparta import actions
from tests.env.test_pettingzoo import LAST_CITY


def test_gym_passes_gymnasium_check_env() -> None:
    env = gymnasium.make("meeples/Sparta-v0", opponents="random", checked=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)  # with a spec: every render mode is checked too
    assert [str(w.message) for w in caught] == []


def test_gym_factory_makes_the_registered_environment() -> None:
    env = gym("sparta", seat=1, opponents="random")
    assert isinstance(env, MeeplesGym) and env.seat == 1
    assert env.action_space.n == actions.COUNT
    assert env.observation_space.shape == (13, 10, 10)


def play_out(env: MeeplesGym, seed: int) -> tuple[list[int], float]:
    """Play masked random ids to the end; return them and the last reward."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    chosen, reward, over = [], 0.0, False
    while not over:
        legal = np.flatnonzero(env.action_masks())
        chosen.append(int(legal[rng.randrange(len(legal))]))
        _, reward, over, truncated, _ = env.step(chosen[-1])
        assert not truncated
    return chosen, reward


@pytest.mark.parametrize("seat", [0, 1])
def test_gym_whole_games_against_random_replay_from_the_seed(seat: int) -> None:
    first = play_out(gym("sparta", seat=seat, opponents="random"), 7)
    again = play_out(gym("sparta", seat=seat, opponents="random"), 7)
    assert first == again
    assert first[1] in (-1.0, 0.0, 1.0)


def test_gym_seat_one_waits_for_the_bot() -> None:
    env = gym("sparta", seat=1, opponents="random")
    observation, info = env.reset(seed=0)
    assert observation[10].all()  # North to move: the bot played South's first move
    assert env.episode.last is not None
    assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())


def test_gym_action_masks_are_the_legal_actions() -> None:
    env = gym("sparta", opponents="random")
    env.reset(seed=0)
    legal = meeples.load("sparta").new().legal()
    assert env.action_masks().dtype == np.bool_
    assert set(np.flatnonzero(env.action_masks())) == {actions.action_id(t) for t in legal}


def test_gym_win_rewards_plus_one() -> None:
    env = gym("sparta", opponents="random")
    env.reset(options={"position": LAST_CITY})
    _, reward, terminated, truncated, info = env.step(actions.action_id("i4-i6"))
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError):
        env.step(actions.action_id("pass"))


def test_gym_illegal_action_loses_or_raises() -> None:
    env = gym("sparta", opponents="random")
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(actions.PASS_ID)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError):
        env.step(actions.action_id("b2-b4"))
    strict = gym("sparta", opponents="random", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(meeples.IllegalAction):
        strict.step(actions.PASS_ID)


def test_gym_opponents_by_level_spec_or_bot() -> None:
    by_spec = gym("sparta", opponents="heuristic")
    assert by_spec.opponents[1].name == "heuristic"
    bot = get_bot("sparta", "random")
    assert gym("sparta", seat=1, opponents=[bot]).opponents == {0: bot}
    by_spec.reset(seed=1)
    by_spec.step(int(np.flatnonzero(by_spec.action_masks())[0]))
    assert by_spec.episode.to_move == 0


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [({"seat": 2}, ValueError), ({"seat": True}, ValueError),
     ({"opponents": ["random", "random"]}, ValueError), ({"opponents": "grandmaster"}, ValueError),
     ({"render_mode": "rgb_array_list"}, ValueError), ({"colour": "red"}, meeples.BadOptions)],
)
def test_gym_refuses_bad_arguments(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        gym("sparta", **kwargs)


def test_gym_renders_the_terminal_board(capsys: pytest.CaptureFixture[str]) -> None:
    env = gym("sparta", opponents="random", render_mode="human")
    env.reset(seed=0)
    env.step(actions.action_id("b2-b4"))
    assert "last move" in capsys.readouterr().out


def test_gym_default_opponent_is_random_and_searching_bots_warn_of_their_cost() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fast = gym("sparta")
        gym("sparta", opponents=[get_bot("sparta", "random")])
        gymnasium.make("meeples/Sparta-v0")
    assert fast.opponents[1].name == "random" and caught == []
    for spec in ("normal", "easy", "heuristic", "mcts:50"):
        with pytest.warns(SlowOpponentWarning, match="searches on every move"):
            gym("sparta", opponents=spec)
