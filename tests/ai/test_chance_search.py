"""Bots at chance nodes: exact expectation at small ones, sampled at large ones (issue 13)."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import meeples
from meeples.ai.bot import Budget
from meeples.ai.mcts import MCTSBot, Node
from meeples.ai.model import CHANCE_LEAVES, GameModel, model
from meeples.games.rise_of_tribes.state import Phase

ROT = model("rise_of_tribes")


def first_state(phase: int, at_least: int = 1, seed: int = 0) -> Any:
    """Return the first internal state of seeded random Rise of Tribes games at ``phase`` with at
    least ``at_least`` legal actions."""
    rules = ROT.rules
    for game_seed in range(seed, seed + 200):
        rng = random.Random(game_seed)
        state = rules.initial_state(2, game_seed, {})
        while rules.outcome(state) is None:
            if state.phase == phase and len(rules.legal_actions(state)) >= at_least:
                return state
            if ROT.is_chance(state):
                state = rules.apply(state, ROT.sample_chance(state, rng))
            else:
                actions = rules.legal_actions(state)
                state = rules.apply(state, actions[rng.randrange(len(actions))])
    raise AssertionError("no such state in 200 games")


def counting(base: GameModel) -> tuple[GameModel, list[int]]:
    calls = [0]
    assert base.evaluate_fn is not None
    evaluate_fn = base.evaluate_fn

    def counted(state: Any, player: int) -> float:
        calls[0] += 1
        return float(evaluate_fn(state, player))

    return replace(base, evaluate_fn=counted), calls


def exact(state: Any, player: int) -> float:
    """The expectation over every outcome of every chance node in a row (the slow twin)."""
    if ROT.is_chance(state):
        return math.fsum(float(p) * exact(ROT.rules.apply(state, a), player)
                         for a, p in ROT.chance_outcomes(state))
    return ROT.evaluate(state, player)


def test_two_dice_are_evaluated_by_their_exact_expectation() -> None:
    state = first_state(Phase.ROLL)
    assert not state.hand  # two dice to roll: 3 x 3 outcomes, within CHANCE_LEAVES
    assert ROT.evaluate(state, 0) == exact(state, 0)


def test_a_hand_of_goal_cards_is_evaluated_on_a_bounded_sample() -> None:
    state = first_state(Phase.CARD, at_least=100)
    counted, calls = counting(ROT)
    value = counted.evaluate(state, 0, random.Random(1))
    assert 0.0 <= value <= 1.0
    assert 1 <= calls[0] <= CHANCE_LEAVES  # exact, it was one evaluation per hand (>= 100)


def test_a_sampled_evaluation_averages_outcomes_of_the_node() -> None:
    state = first_state(Phase.CARD, at_least=100)
    children = ROT.chance_children(state, random.Random(2))
    legal = {ROT.rules.apply(state, a) for a in ROT.rules.legal_actions(state)}
    assert math.isclose(math.fsum(w for w, _, _ in children), 1.0)
    assert all(child in legal for _, child, _ in children)


def test_sampled_evaluation_without_a_generator_is_the_same_each_time() -> None:
    state = first_state(Phase.CARD, at_least=100)
    assert ROT.values(state) == ROT.values(state)


def test_mcts_widens_a_large_chance_node_with_the_square_root_of_its_visits() -> None:
    state = first_state(Phase.CARD, at_least=100)
    bot = MCTSBot(ROT, Budget(iterations=1))
    root = Node(state, 2)
    rng = random.Random(3)
    for _ in range(400):
        bot.iterate(root, rng)
    assert 2 <= len(root.children) <= math.ceil(math.sqrt(400))
    assert sum(child.visits for child in root.children.values()) == 400
    assert max(child.visits for child in root.children.values()) > 1  # searched again


def test_mcts_draws_every_visit_afresh_at_a_small_chance_node() -> None:
    state = first_state(Phase.ROLL)
    bot = MCTSBot(ROT, Budget(iterations=1))
    root = Node(state, 2)
    rng = random.Random(4)
    for _ in range(300):
        bot.iterate(root, rng)
    visits = {a: child.visits for a, child in root.children.items()}
    assert set(visits) == set(ROT.rules.legal_actions(state))
    assert all(80 <= v <= 120 for v in visits.values())  # each face a third of 300


def test_mcts_plays_a_legal_move_of_rise_of_tribes_through_chance() -> None:
    state = meeples.load("rise_of_tribes").new(players=2, seed=5)
    assert MCTSBot("rise_of_tribes", Budget(iterations=150)).act(state, random.Random(0)) \
        in state.legal()
