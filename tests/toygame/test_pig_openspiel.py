"""Pig inside OpenSpiel through the bridge it declares: OpenSpiel's random simulation test, as
for our games (tests/openspiel/test_bridge.py), and the game type of an explicit stochastic
game."""

from __future__ import annotations

from typing import Any

import pytest

import meeples

pyspiel = pytest.importorskip("pyspiel")

import meeples.openspiel as bridge  # noqa: E402


def test_pig_is_declared_and_ready(pig: meeples.Game[Any, Any]) -> None:
    assert "pig" in bridge.declared_games() and "pig" not in bridge.unavailable()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pig_passes_openspiels_random_simulation_test(pig: meeples.Game[Any, Any],
                                                       players: int) -> None:
    game = bridge.load("pig", players=players, goal=20)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_pig_is_an_explicit_stochastic_game_with_an_observation_tensor(
    pig: meeples.Game[Any, Any],
) -> None:
    game = bridge.load("pig")
    game_type = game.get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.provides_observation_tensor
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (2, 6)
    state = game.new_initial_state()
    state.apply_action(0)  # roll
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(face, pytest.approx(1 / 6)) for face in range(6)]
