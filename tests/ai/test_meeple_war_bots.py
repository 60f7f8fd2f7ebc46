"""Meeple War bots: legal answers at every level, the attacking bot, and the evaluation."""

from __future__ import annotations

import dataclasses
import random

import pytest

import meeples
from meeples.ai import Budget, get_bot
from meeples.ai.attack import AttackBot, attack_points, move_score
from meeples.ai.levels import levels
from meeples.games.meeple_war import board, work
from meeples.games.meeple_war.evaluate import evaluate

GAME = meeples.load("meeple_war")


def played(plies: int, seed: int = 4) -> meeples.State:
    state = GAME.new(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal())).settle()  # chance by the game's dealer
    return state


@pytest.mark.parametrize("spec", ["easy", "normal", "hard", "attack"])
def test_level_returns_legal_action(spec: str) -> None:
    bot = get_bot("meeple_war", spec)
    for state in (GAME.new(players=2, seed=1), played(40), played(90)):
        legal = state.legal()
        assert bot.choose(state.view(state.to_move), legal, random.Random(2)) in legal


def test_attack_bot_refuses_other_games() -> None:
    with pytest.raises(ValueError):
        AttackBot("sparta")


def test_attack_entering_a_village_beats_marching() -> None:
    state = played(0).inner
    targets = attack_points(state)
    village = work.Work(state).village
    target = min(targets)
    inside = next(h for h in board.within(target, 1) if h in village)
    outside = next(h for h in board.within(target, 1) if h not in village and h != target)
    name = board.hex_name
    march = move_score(state, f"{name(outside)}>{name(target)}:1", targets, village)
    enter = move_score(state, f"{name(target)}>{name(inside)}:1", targets, village)
    assert enter > march


def test_evaluate_prefers_more_victory_points() -> None:
    state = played(60).inner
    seats = list(state.seats)
    seats[0] = dataclasses.replace(seats[0], mountain=seats[0].mountain + 2)
    better = dataclasses.replace(state, seats=tuple(seats))
    assert evaluate(better, 0) > evaluate(state, 0)
    assert evaluate(better, 1) < evaluate(state, 1)


def test_attack_spec_greedy_share() -> None:
    bot = get_bot("meeple_war", "attack:g0.3")
    assert isinstance(bot, AttackBot) and bot.greedy == 0.3


def test_greedy_share_refused_for_other_kinds() -> None:
    with pytest.raises(ValueError, match="only attack"):
        get_bot("meeple_war", "heuristic:g0.3")


def test_attack_spec_blunder_share() -> None:
    bot = get_bot("meeple_war", "attack:b0.2")
    assert isinstance(bot, AttackBot) and bot.blunder == 0.2


def test_attack_full_blunder_plays_random_legal_actions() -> None:
    state = played(40)
    legal = state.legal()
    bot = AttackBot("meeple_war", blunder=1.0)
    picks = {bot.choose(state.view(state.to_move), legal, random.Random(s)) for s in range(12)}
    assert picks <= set(legal) and len(picks) > 1


def test_levels_blunder_less_from_easy_to_hard() -> None:
    easy, normal, hard = (get_bot("meeple_war", level) for level in ("easy", "normal", "hard"))
    assert isinstance(easy, AttackBot) and isinstance(normal, AttackBot)
    assert isinstance(hard, AttackBot)
    assert easy.blunder > normal.blunder > hard.blunder == 0.0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_level_spec_names_the_same_bot(level: str) -> None:
    spec = levels("meeple_war")[level].spec()
    named, again = get_bot("meeple_war", level), get_bot("meeple_war", spec)
    assert isinstance(named, AttackBot) and isinstance(again, AttackBot)
    assert (named.greedy, named.blunder) == (again.greedy, again.blunder)


def test_mcts_draws_chance_nodes_by_their_probabilities() -> None:
    # issue 13: at a chance node MCTS samples the outcome by its probability (no choice there)
    from fractions import Fraction

    from meeples.ai.mcts import MCTSBot
    from meeples.core.chance import CHANCE
    from tests.games.meeple_war.scenario import position

    state = position(step="explore", explore=[["1,0", ["0,0"]], ["-1,0", ["0,0"]]],
                     troops=(("1,0", 0, 1), ("-1,0", 0, 1)),
                     pile=["T35", "T19", "T15", "T14"])
    bot = MCTSBot("meeple_war", Budget(iterations=800), reuse=True)
    bot.analyse(state.inner, 0, random.Random(5), Budget(iterations=800))
    root = bot._root
    assert root is not None
    chance = root.children["explore@1,0"]
    assert chance.mover == CHANCE
    outcomes = dict(GAME.wrap(chance.state).chance_outcomes())
    assert set(chance.children) == set(outcomes)
    for action, node in chance.children.items():
        share = Fraction(node.visits, chance.visits - 1)
        assert abs(share - outcomes[action]) < Fraction(1, 10), action


def test_search_bots_of_meeple_war_need_no_sampler() -> None:
    # nothing is hidden: ismcts falls back to MCTS, which searches the public position
    from meeples.ai.mcts import MCTSBot

    bot = get_bot("meeple_war", "ismcts:30")
    assert type(bot) is MCTSBot
    state = played(40)
    assert bot.choose(state.view(state.to_move), state.legal(), random.Random(1)) in state.legal()
