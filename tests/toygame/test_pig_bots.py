"""Pig served by the bots: each level it declares plays whole games, and a hint names the best
actions with a reason, all through the declared capabilities."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from meeples.ai import get_bot, hint, levels
from meeples.ai.mcts import MCTSBot


def play(game: meeples.Game[Any, Any], specs: list[str], seed: int) -> meeples.State[Any, Any]:
    """Return the end of a game of Pig to 20 between bots, chance dealt from the seed."""
    bots = [get_bot("pig", spec) for spec in specs]
    rng = random.Random(seed)
    state = game.new(players=len(specs), seed=seed, goal=20)
    while state.outcome is None:
        if state.is_chance:
            state = state.deal()
            continue
        mover = state.to_move
        assert mover is not None
        state = state.play(bots[mover].choose(state.view(mover), state.legal(), rng))
    return state


def test_pig_levels_are_the_ones_it_declares(pig: meeples.Game[Any, Any]) -> None:
    declared = {name: level.spec() for name, level in levels("pig").items()}
    assert declared == {"easy": "heuristic", "normal": "mcts:200it", "hard": "mcts:1000it,2s"}
    assert isinstance(get_bot("pig", "hard"), MCTSBot)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_pig_level_plays_a_whole_game(pig: meeples.Game[Any, Any], level: str) -> None:
    end = play(pig, [level, "random"], seed=3)
    assert end.outcome is not None and max(end.inner.scores) >= 20


def test_the_heuristic_rolls_for_a_win_five_faces_in_six_give(
    pig: meeples.Game[Any, Any],
) -> None:
    # holding banks 19 against 18; rolling wins on any face but 1 (its evaluation is the
    # expectation over the six faces of the chance node)
    state = pig.parse("goal=20 scores=12,18 turn=0 total=7 die=still turns=6")
    bot = get_bot("pig", "easy")
    assert bot.choose(state.view(0), state.legal(), random.Random(0)) == "roll"


def test_a_hint_names_the_hold_that_banks_points(pig: meeples.Game[Any, Any]) -> None:
    state = pig.parse("goal=100 scores=0,0 turn=0 total=40 die=still turns=0")
    best = hint(state, n=2, level="normal", seed=1)
    assert best[0].action == "hold"
    assert best[0].reason is not None and best[0].reason.key == "pig.hint.banks"
