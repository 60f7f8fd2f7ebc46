"""meeples.env.fast: Sparta's vector environment over the batch engine plays the environments'
games: the rules' positions, the planes of meeples.env.sparta, their masks and rewards."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence

from meeples.core.errors import IllegalAction
from meeples.env import batch as self_play
from meeples.env import fast
from meeples.env import sparta as observer
from meeples.env.outcome import returns_of
from meeples.env.registry import NoEnvironment
from meeples.env.sparta_batch import ILLEGAL
from meeples.games.sparta import actions, rules
from meeples.games.sparta.state import State


def picks(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = np.zeros(len(masks), np.int64)
    for i, row in enumerate(masks):
        legal = np.flatnonzero(row)
        if len(legal):
            out[i] = legal[rng.integers(len(legal))]
    return out


def opening() -> State:
    return rules.initial_state(2, 0, {})


@pytest.mark.parametrize("seat", [0, 1])
def test_games_against_the_random_player_follow_the_rules(seat: int) -> None:
    # The same games replayed in the rules: the learner's ids, then the random player's
    # replies (info["opponent_action"]); next-step autoreset.
    envs = fast("sparta", 6, seat=seat)
    observations, info = envs.reset(seed=5)
    states = [opening() for _ in range(6)]
    rng = np.random.default_rng(1)
    ended = 0
    stepped = np.zeros(6, bool)  # whether the last step played an id in each game
    rewards = terminated = np.zeros(6)
    for _ in range(400):
        for i in range(6):
            reply = int(info["opponent_action"][i])
            if reply >= 0:
                states[i] = rules.apply(states[i], actions.action(reply))
            state = states[i]
            assert np.array_equal(observations[i], observer.from_state(state, seat))
            legal = actions.ids(rules.legal_actions(state)) if state.to_move == seat else []
            assert np.flatnonzero(info["action_mask"][i]).tolist() == legal
            if stepped[i]:
                assert terminated[i] == (state.outcome is not None)
                assert rewards[i] == returns_of(state.outcome, 2)[seat]
        chosen = picks(envs.action_masks(), rng)
        restart = np.array([state.outcome is not None for state in states])
        observations, rewards, terminated, truncated, info = envs.step(chosen)
        assert envs.observation_space.contains(observations) and not truncated.any()
        for i, state in enumerate(states):
            states[i] = opening() if restart[i] else rules.apply(state, actions.action(
                int(chosen[i])))
        stepped = ~restart
        ended += int(terminated.sum())
    assert ended >= 1


def test_self_play_steps_as_the_self_play_batch_of_the_environments() -> None:
    # Sparta has no chance: the same ids play the same games in both, autoresets included.
    ours = fast("sparta", 4, seat=None, relative_actions=True, copy=True)
    theirs = self_play("sparta", 4, relative_actions=True, copy=True)
    mine, reference = ours.reset(seed=0), theirs.reset(seed=0)
    assert data_equivalence(mine[0], reference[0], exact=True)
    infos = mine[1], reference[1]
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(1500):
        masks = ours.action_masks()
        assert np.array_equal(masks, theirs.action_masks())
        assert np.array_equal(infos[0]["to_move"], infos[1]["to_move"])
        movers = np.maximum(infos[1]["to_move"], 0)
        chosen = picks(masks, rng)
        step, other = ours.step(chosen), theirs.step(chosen)
        assert data_equivalence(step[0], other[0], exact=True)
        assert np.array_equal(step[1], other[1][np.arange(4), movers])
        assert np.array_equal(step[2], other[2])
        infos = step[4], other[4]
        ended += int(step[2].sum())
    assert ended >= 2


@pytest.mark.parametrize(("seat", "relative"), [(None, True), (None, False), (0, False),
                                              (1, True)])
def test_the_step_s_one_scan_gives_the_fresh_masks_and_planes(seat: int | None,
                                                              relative: bool) -> None:
    # The step scans each board once for both its planes and its mask (the free squares, the
    # player's pieces): equal, step after step, to a fresh mask and fresh planes of its games.
    from meeples.games.sparta import batch

    envs = fast("sparta", 128, seat=seat, relative_actions=relative)
    envs.reset(seed=4)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(1000):
        observations, _, terminated, _, _ = envs.step(envs.random_actions(rng))
        games = envs.games
        assert np.array_equal(envs.action_masks(), batch.legal_mask(games, relative))
        going = ~games.ended
        fresh = batch.observe(games, games.to_move if seat is None else seat)
        assert np.array_equal(observations[going], fresh[going])
        ended += int(terminated.sum())
    assert ended >= 100


def test_an_illegal_id_loses_its_game_only() -> None:
    envs = fast("sparta", 3)
    envs.reset(seed=0)
    chosen = picks(envs.action_masks(), np.random.default_rng(0))
    chosen[1] = actions.PASS_ID  # not legal with moves on the board
    _, rewards, terminated, _, info = envs.step(chosen)
    assert terminated.tolist() == [False, True, False] and rewards[1] == -1.0
    assert info["illegal_action"].tolist() == [False, True, False]
    assert info["reason"][1] == ILLEGAL and info["winner"][1] == 1


def test_an_illegal_id_with_raise_moves_no_game() -> None:
    envs = fast("sparta", 2, illegal="raise")
    envs.reset(seed=0)
    before = envs.games.copy()
    with pytest.raises(IllegalAction):
        envs.step(np.array([actions.action_id("d2-d4"), actions.PASS_ID]))
    assert np.array_equal(envs.games.board, before.board)


def test_a_seeded_reset_replays_the_same_games() -> None:
    runs = []
    for _ in range(2):
        envs = fast("sparta", 4, seat=1, copy=True)
        steps = [envs.reset(seed=9)]
        rng = np.random.default_rng(3)
        for _ in range(50):
            steps.append(envs.step(picks(envs.action_masks(), rng)))
        runs.append(steps)
    assert data_equivalence(runs[0], runs[1], exact=True)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(NoEnvironment):
        fast("rise_of_tribes")
    with pytest.raises(ValueError, match="opponent"):
        fast("sparta", 2, opponents="hard")
    with pytest.raises(ValueError, match="seat"):
        fast("sparta", 2, seat=2)
    with pytest.raises(ValueError, match="integer ids"):
        envs = fast("sparta", 2)
        envs.reset()
        envs.step(np.array([0.5, 1.0]))


def test_gymnasiums_vector_wrappers_record_its_episodes() -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    envs = RecordEpisodeStatistics(fast("sparta", 8))
    envs.reset(seed=1)
    assert envs.single_action_space.n == actions.COUNT
    for _ in range(600):
        *_, info = envs.step(envs.unwrapped.random_actions())
        if "episode" in info:
            finished = info["_episode"]
            assert set(info["episode"]["r"][finished]) <= {-1.0, 0.0, 1.0}
            return
    pytest.fail("no episode ended in 600 steps")
