"""meeples.env.batch: N self-play games stepped as one batch, equal to N AEC environments."""

from __future__ import annotations

import numpy as np
import pytest

from meeples.core.errors import IllegalAction
from meeples.env import aec, batch
from meeples.env.batch_env import ENDED
from meeples.games.sparta import actions

PASS = actions.COUNT - 1


def pick(mask: np.ndarray, rng: np.random.Generator, illegal: float = 0.0) -> int:
    legal = np.flatnonzero(mask)
    if not len(legal):
        return 0
    return PASS if rng.random() < illegal else int(legal[rng.integers(len(legal))])


def test_batch_steps_as_pettingzoos_aec_environments_of_the_same_games() -> None:
    games = batch("sparta", 3, checked=True)
    twins = [aec("sparta", checked=True) for _ in range(3)]
    observations, info = games.reset(seed=4)
    for twin, seed in zip(twins, games.game_seeds, strict=True):
        twin.reset(seed=seed)
    rng = np.random.default_rng(2)
    restarted = np.zeros(3, bool)  # the games that ended on the last step restart on this one
    ended = illegal_ids = 0
    for _ in range(500):
        for i, twin in enumerate(twins):
            if restarted[i]:
                assert info["to_move"][i] == ENDED and not info["action_mask"][i].any()
                continue
            seen = twin.observe(twin.agent_selection)
            assert info["to_move"][i] == twin.possible_agents.index(twin.agent_selection)
            assert np.array_equal(observations[i], seen["observation"])
            assert np.array_equal(info["action_mask"][i], seen["action_mask"])
        chosen = np.array([pick(row, rng, illegal=0.005) for row in games.action_masks()])
        observations, rewards, terminated, _, info = games.step(chosen)
        for i, twin in enumerate(twins):
            if restarted[i]:
                twin.reset(seed=games.game_seeds[i])
                assert not rewards[i].any() and not terminated[i]
                continue
            twin.step(int(chosen[i]))
            assert rewards[i].tolist() == [twin.rewards[agent] for agent in twin.possible_agents]
            assert terminated[i] == all(twin.terminations.values())
        ended += int(terminated.sum())
        illegal_ids += int(info.get("illegal_action", np.zeros(3, bool)).sum())
        restarted = terminated.copy()
    assert ended >= 3 and illegal_ids >= 1  # restarts and illegal ids were both compared


def test_batch_ended_game_gives_its_players_rewards_and_restarts() -> None:
    games = batch("sparta", 2)
    games.reset(seed=0)
    to_move = int(games._to_move[0])
    legal = int(np.flatnonzero(games.action_masks()[1])[0])
    _, rewards, terminated, _, info = games.step(np.array([PASS, legal]))
    assert rewards[0].tolist() == [-1.0 if p == to_move else 0.0 for p in range(2)]
    assert terminated.tolist() == [True, False] and info["illegal_action"].tolist() == [True, False]
    assert info["to_move"].tolist() == [ENDED, 1]
    _, rewards, terminated, _, info = games.step(np.array([0, pick(info["action_mask"][1],
                                                                  np.random.default_rng(0))]))
    assert not rewards.any() and not terminated.any() and info["to_move"].tolist() == [0, 0]


def test_batch_replays_from_its_seed() -> None:
    runs = []
    for _ in range(2):
        games = batch("sparta", 2, copy=True)
        observations, _ = games.reset(seed=9)
        rng = np.random.default_rng(9)
        trace = [observations]
        for _ in range(50):
            trace.append(games.step(np.array([pick(m, rng) for m in games.action_masks()]))[0])
        runs.append((games.game_seeds, trace))
    assert runs[0][0] == runs[1][0]
    assert all(np.array_equal(a, b) for a, b in zip(runs[0][1], runs[1][1], strict=True))


def test_batch_refuses_bad_input_and_changes_nothing() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        batch("sparta", 0)
    games = batch("sparta", 2, illegal="raise")
    games.reset(seed=0)
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        games.step(np.array([0]))
    legal = int(np.flatnonzero(games.action_masks()[0])[0])
    with pytest.raises(IllegalAction):
        games.step(np.array([legal, PASS]))
    assert all(episode.last is None for episode in games.episodes)
