"""Seat-relative play (issue 27): every observation says whose seat it is."""

from __future__ import annotations

import numpy as np
import pytest

from meeples.env import aec, env_games, env_spec

PLAYERS = {"sparta": 2, "rise_of_tribes": 4, "meeple_war": 4}


def seat_of(game: str, planes: np.ndarray) -> int:
    """Return the seat an observation says it belongs to."""
    spec = env_spec(game)
    if game == "sparta":
        plane = planes[spec.planes.index("seat")]
        assert plane.min() == plane.max()
        return int(plane[0, 0])
    at = spec.planes.index("observer seat 0")
    one_hot = planes[at: at + 4]
    assert sorted(one_hot.tolist()) == [0.0, 0.0, 0.0, 1.0]
    return int(np.argmax(one_hot))


@pytest.mark.parametrize("game", env_games())
def test_every_observation_says_whose_seat_it_is(game: str) -> None:
    env = aec(game, players=PLAYERS[game], checked=True)  # from the view and from the state
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for _ in env.agent_iter(max_iter=60):
        for seat, agent in enumerate(env.possible_agents):
            assert seat_of(game, env.observe(agent)["observation"]) == seat
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert steps > 10
