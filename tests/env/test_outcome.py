"""info["outcome"] at the end of a game: winners, ranking, reason (key and English), the score
sheet and the returns, in Gymnasium's final step, every PettingZoo agent's infos and the vector
and batch environments' batched infos."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from meeples.env import aec, batch, env_games, gym, vector
from meeples.games.sparta import actions
from tests.env.test_pettingzoo import LAST_CITY

PLAYERS = {"sparta": 2, "rise_of_tribes": 3, "meeple_war": 2}


def check(outcome: dict[str, Any], players: int) -> None:
    """The mapping's shape: JSON-ready, its parts consistent with each other."""
    json.dumps(outcome)
    assert outcome["illegal_action"] is None
    assert sorted(p for group in outcome["ranking"] for p in group) == list(range(players))
    assert outcome["winners"] == (outcome["ranking"][0] if outcome["winners"] else [])
    assert isinstance(outcome["reason"]["key"], str) and outcome["reason"]["text"]
    assert len(outcome["returns"]) == players
    sheet = outcome["score_sheet"]
    assert sheet is not None
    for line in sheet["lines"]:
        assert len(line["points"]) == players and line["label"]["text"]


@pytest.mark.parametrize("game", env_games())
def test_aec_tells_every_agent_how_the_game_ended(game: str) -> None:
    env = aec(game, players=PLAYERS[game])
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            break
        assert "outcome" not in info
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    outcomes = [env.infos[agent]["outcome"] for agent in env.agents]
    check(outcomes[0], PLAYERS[game])
    assert all(outcome == outcomes[0] for outcome in outcomes)
    assert outcomes[0]["returns"] == [env.rewards[agent] for agent in env.possible_agents]


@pytest.mark.parametrize("game", env_games())
def test_gym_final_step_says_how_the_game_ended(game: str) -> None:
    env = gym(game, opponents="random", players=PLAYERS[game])
    _, info = env.reset(seed=5)
    over = False
    while not over:
        assert "outcome" not in info
        _, reward, over, _, info = env.step(env.action_space.sample(info["action_mask"]))
    check(info["outcome"], PLAYERS[game])
    assert info["outcome"]["returns"][0] == reward


def test_sparta_outcome_names_the_conquest() -> None:
    env = gym("sparta", opponents="random")
    # South takes North's last city: i4-i6.
    env.reset(options={"position": LAST_CITY})
    *_, info = env.step(actions.action_id("i4-i6"))
    outcome = info["outcome"]
    assert (outcome["winners"], outcome["ranking"], outcome["returns"]) == ([0], [[0], [1]],
                                                                             [1.0, -1.0])
    assert outcome["reason"]["key"].startswith("sp.end.")
    assert "South" in outcome["reason"]["text"]


def test_gym_illegal_id_outcome_ranks_the_learner_last() -> None:
    env = gym("sparta", opponents="random")
    env.reset(seed=0)
    *_, info = env.step(actions.COUNT - 1)  # pass, with moves to make
    assert info["outcome"]["winners"] == [1] and info["outcome"]["illegal_action"] == 0
    assert info["outcome"]["returns"] == [-1.0, 0.0]


def test_vector_and_batch_batch_the_outcomes() -> None:
    envs = vector("sparta", 2, opponents="random")
    envs.reset(seed=0)
    legal = int(np.flatnonzero(envs.action_masks()[1])[0])
    *_, info = envs.step(np.array([actions.COUNT - 1, legal]))
    # Batched as SyncVectorEnv batches a dict that some games' infos have: key by key.
    assert info["_outcome"].tolist() == [True, False]
    assert info["outcome"]["winners"][0] == [1]
    assert info["outcome"]["reason"]["key"][0] == "core.outcome.illegal_action"
    games = batch("sparta", 2)
    games.reset(seed=0)
    legal = int(np.flatnonzero(games.action_masks()[1])[0])
    *_, info = games.step(np.array([actions.COUNT - 1, legal]))
    assert info["_outcome"].tolist() == [True, False]
    assert info["outcome"][0]["illegal_action"] == 0 and info["outcome"][1] is None
