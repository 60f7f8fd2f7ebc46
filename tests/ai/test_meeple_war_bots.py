"""Meeple War bots: legal answers at every level, the attacking bot, and the evaluation."""

from __future__ import annotations

import dataclasses
import random

import pytest

import meeples
from meeples.ai import get_bot
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
        state = state.play(rng.choice(state.legal()))
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
