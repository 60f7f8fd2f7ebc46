"""Chance nodes through the OpenSpiel bridge, on the core's toy dice game (tests/core/test_chance):
the random simulation test of an explicit stochastic game, the outcomes' ids and probabilities,
and MCTSBot through chance nodes."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

import meeples.openspiel as bridge  # noqa: E402
from tests.core.test_chance import GAME as TOY  # noqa: E402

#: The toy's players' actions, then its chance outcomes: each its own id space, as OpenSpiel's.
DECISIONS = ("roll",)
OUTCOMES = ("first0", "first1", "1", "2", "3", "4", "5", "6")
TABLE = SimpleNamespace(
    COUNT=len(DECISIONS),
    action_id=DECISIONS.index,
    action_text=DECISIONS.__getitem__,
    CHANCE_COUNT=len(OUTCOMES),
    chance_id=OUTCOMES.index,
    chance_text=OUTCOMES.__getitem__,
    LABELS=None,
    ids=None,
    seat_relative=None,
)


def toy() -> object:
    name = bridge.register_bridge(bridge.Bridge(TOY, TABLE, chance=True,
                                                max_game_length={2: 4}))
    return pyspiel.load_game(name)


def test_toy_game_type_is_explicit_stochastic() -> None:
    game_type = toy().get_type()  # type: ignore[attr-defined]
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION


def test_openspiel_random_simulation_test_passes_on_a_game_with_chance() -> None:
    pyspiel.random_sim_test(toy(), num_sims=20, serialize=True, verbose=False)


def test_undealt_start_is_a_chance_node_with_its_outcomes_ids_and_probabilities() -> None:
    state = toy().new_initial_state()  # type: ignore[attr-defined]
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in state.legal_actions()
            ] == ["first0", "first1"]


def test_chance_outcome_played_joins_the_history_as_its_text() -> None:
    state = toy().new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(OUTCOMES.index("first1"))
    state.apply_action(DECISIONS.index("roll"))
    state.apply_action(OUTCOMES.index("6"))
    assert state.node.state.history == ("first1", "roll", "6")
    assert state.current_player() == 0


def test_mcts_bot_plays_through_chance_nodes() -> None:
    game = toy()
    random_state = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, random_state),
                       random_state=random_state)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(random_state.choice(ids, p=probabilities))
        else:
            state.apply_action(bot.step(state))
    assert len(state.node.state.history) == 9
