"""meeples.env.vector: N games stepped as one batch, equal to Gymnasium's SyncVectorEnv."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from meeples.core.errors import IllegalAction
from meeples.env import gym, vector
from meeples.env.vector_env import MeeplesVector
from meeples.games.sparta import actions

PASS = actions.COUNT - 1


def picks(masks: np.ndarray, rng: np.random.Generator, illegal: float = 0.0) -> np.ndarray:
    """Return a random legal id per row (0 in a row without one), or now and then ``pass``,
    which is illegal in every position that has a move."""
    out = np.zeros(len(masks), np.int64)
    for i, row in enumerate(masks):
        legal = np.flatnonzero(row)
        if len(legal):
            out[i] = PASS if rng.random() < illegal else legal[rng.integers(len(legal))]
    return out


def test_vector_steps_as_gymnasiums_sync_vector_env_of_the_single_environments() -> None:
    ours = vector("sparta", 3, opponents="random", checked=True)
    sync = SyncVectorEnv(
        [lambda: gym("sparta", opponents="random", checked=True) for _ in range(3)]
    )
    assert ours.observation_space == sync.observation_space
    assert ours.action_space == sync.action_space
    first, second = ours.reset(seed=11), sync.reset(seed=11)
    assert data_equivalence(first, second, exact=True)
    rng = np.random.default_rng(0)
    ended = illegal = 0
    for _ in range(400):
        chosen = picks(ours.action_masks(), rng, illegal=0.01)
        step, reference = ours.step(chosen), sync.step(chosen)
        assert data_equivalence(step, reference, exact=True)
        assert ours.observation_space.contains(step[0])
        ended += int(step[2].sum())
        illegal += int(step[4].get("illegal_action", np.zeros(3)).sum())
    assert ended >= 3 and illegal >= 1  # autoresets and illegal ids were both compared


def test_vector_is_what_make_vec_builds_by_default() -> None:
    import meeples.env  # noqa: F401 - registers meeples/Sparta-v0

    envs = gymnasium.make_vec("meeples/Sparta-v0", num_envs=2, opponents="random", seat=1)
    assert isinstance(envs, MeeplesVector)
    assert envs.envs[0].seat == 1
    sync = gymnasium.make_vec(
        "meeples/Sparta-v0", num_envs=2, vectorization_mode="sync", opponents="random"
    )
    assert isinstance(sync, SyncVectorEnv)


def test_vector_masks_are_the_legal_ids_of_each_game() -> None:
    envs = vector("sparta", 2, opponents="random")
    _, info = envs.reset(seed=0)
    masks = envs.action_masks()
    assert masks.dtype == np.bool_ and masks.shape == (2, actions.COUNT)
    assert np.array_equal(masks, info["action_mask"].astype(bool))
    for env, row in zip(envs.envs, masks, strict=True):
        assert sorted(np.flatnonzero(row)) == sorted(env.episode.legal_ids())
        assert actions.texts(np.flatnonzero(row).tolist()) == env.episode.legal_texts()


def test_vector_game_ended_by_an_illegal_id_restarts_on_the_next_step() -> None:
    envs = vector("sparta", 2, opponents="random")
    envs.reset(seed=5)
    legal = int(np.flatnonzero(envs.action_masks()[1])[0])
    _, rewards, terminated, _, info = envs.step(np.array([PASS, legal]))
    assert rewards.tolist() == [-1.0, 0.0] and terminated.tolist() == [True, False]
    assert info["illegal_action"].tolist() == [True, False]
    assert not envs.action_masks()[0].any()  # nothing is legal in the ended game
    _, rewards, terminated, _, _ = envs.step(picks(envs.action_masks(), np.random.default_rng(0)))
    assert rewards[0] == 0.0 and not terminated[0]
    assert envs.action_masks()[0].any()  # a new game


def test_vector_runs_under_gymnasiums_episode_statistics_wrapper() -> None:
    envs = RecordEpisodeStatistics(vector("sparta", 2, opponents="random"))
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(300):
        *_, info = envs.step(picks(envs.unwrapped.action_masks(), rng, illegal=0.05))
        if "episode" in info:
            finished = info["_episode"]
            assert set(info["episode"]["r"][finished]) <= {-1.0, 0.0, 1.0}
            return
    pytest.fail("no episode ended in 300 steps")


def test_vector_returns_copies_only_when_asked() -> None:
    shared, copied = vector("sparta", 2, opponents="random"), vector(
        "sparta", 2, opponents="random", copy=True
    )
    for envs in (shared, copied):
        first, _ = envs.reset(seed=0)
        second, *_ = envs.step(picks(envs.action_masks(), np.random.default_rng(0)))
        assert (first is second) == (envs is shared)


def test_gymnasiums_async_vector_env_steps_the_single_environments() -> None:
    envs = AsyncVectorEnv([lambda: gym("sparta", opponents="random") for _ in range(2)])
    try:
        observations, info = envs.reset(seed=0)
        assert observations.shape == (2, 13, 10, 10)
        observations, *_ = envs.step(picks(info["action_mask"], np.random.default_rng(0)))
        assert envs.observation_space.contains(observations)
    finally:
        envs.close()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": True}, "num_envs"),
        ({"opponents": [object()]}, "bot specs"),
        ({"opponents": "nobody"}, "unknown bot"),
        ({"seat": 2}, "seat"),
    ],
)
def test_vector_refuses_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = {"num_envs": 2, "opponents": "random", **kwargs}
    with pytest.raises(ValueError, match=message):
        vector("sparta", **arguments)


def test_vector_refuses_a_batch_of_the_wrong_shape_and_changes_nothing() -> None:
    envs = vector("sparta", 2, opponents="random")
    before, _ = envs.reset(seed=0)
    kept = before.copy()
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        envs.step(np.array([0, 0, 0]))
    with pytest.raises(ValueError, match="3 seeds for 2"):
        envs.reset(seed=[1, 2, 3])
    assert np.array_equal(before, kept)
    assert all(env.episode.last is None for env in envs.envs)


def test_vector_refuses_an_illegal_id_in_raise_mode_before_any_game_moves() -> None:
    envs = vector("sparta", 2, opponents="random", illegal="raise")
    envs.reset(seed=0)
    legal = int(np.flatnonzero(envs.action_masks()[0])[0])
    with pytest.raises(IllegalAction, match="not the id of a legal action"):
        envs.step(np.array([legal, PASS]))
    assert all(env.episode.last is None for env in envs.envs)
    envs.step(np.array([legal, legal]))  # the same id is legal in both opening positions
    assert all(env.episode.last is not None for env in envs.envs)
