"""The OpenSpiel games with relative_actions=True: each player's ids numbered from its own seat,
as its observation tensor is (issue 27)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import meeples.openspiel as bridge  # noqa: E402 - after the check of the extra
from meeples.games.sparta import actions  # noqa: E402


@pytest.mark.parametrize("game", bridge.declared_games())
def test_relative_games_pass_openspiels_random_simulation(game: str) -> None:
    loaded = bridge.load(game, relative_actions=True)
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def test_sparta_relative_ids_are_souths_own_and_norths_mirrored() -> None:
    plain, relative = bridge.load("sparta"), bridge.load("sparta", relative_actions=True)
    a, b = plain.new_initial_state(), relative.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(30):
        if a.is_terminal():
            break
        player = a.current_player()
        legal = a.legal_actions()
        expected = sorted(actions.mirror(n) for n in legal) if player else legal
        assert b.legal_actions() == expected
        number = int(rng.choice(b.legal_actions()))
        absolute = actions.mirror(number) if player else number
        assert b.action_to_string(player, number) == a.action_to_string(player, absolute)
        b.apply_action(number)
        a.apply_action(absolute)
        assert str(a) == str(b)
        assert np.array_equal(a.observation_tensor(player), b.observation_tensor(player))


def test_rise_of_tribes_relative_ids_count_seats_from_the_player() -> None:
    from meeples.games.rise_of_tribes import action_table

    game = bridge.load("rise_of_tribes", players=3, relative_actions=True)
    state = game.new_initial_state()
    turned = action_table.seat_relative(2, 3)
    assert game.get_parameters()["relative_actions"] is True
    assert state.action_to_string(2, turned[action_table.action_id("give 0 w")]) == "give 0 w"
