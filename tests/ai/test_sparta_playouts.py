"""MCTS with leaves valued by batched random playouts on Sparta's batch engine: Sparta's own
bot kind ``playouts`` (``p``: leaves a round)."""

from __future__ import annotations

import random

import pytest

from meeples.ai import get_bot
from meeples.ai.levels import kinds, parse_level
from meeples.ai.sparta_playouts import BatchRolloutMCTSBot
from tests.ai.test_bots import LAST_CITY, SPARTA, midgame


def test_batched_playouts_find_the_win_in_one() -> None:
    state = SPARTA.parse(LAST_CITY)
    bot = get_bot("sparta", "playouts:400,p16")
    assert isinstance(bot, BatchRolloutMCTSBot)
    assert bot.act(state, random.Random(0)) == "i4-i6"


def test_batched_playouts_count_leaves_against_the_iterations() -> None:
    state = midgame()
    bot = get_bot("sparta", "playouts:40,p16")
    legal = state.legal()
    assert bot.choose(state.view(state.to_move), legal, random.Random(1)) in legal
    assert isinstance(bot, BatchRolloutMCTSBot) and bot.last_iterations == 40


def test_the_same_seed_picks_the_same_move() -> None:
    state = midgame()
    picks = {get_bot("sparta", "playouts:64,p16").choose(state.view(state.to_move), state.legal(),
                                                     random.Random(7)) for _ in range(3)}
    assert len(picks) == 1


def test_the_playouts_option_is_a_spec_letter() -> None:
    level = parse_level("playouts:2s,p32", kinds("sparta"))
    assert dict(level.options) == {"playouts": 32} and level.spec() == "playouts:2s,p32"


@pytest.mark.parametrize(("game", "spec", "error"), [
    ("sparta", "alphabeta:d2,p16", "only playouts takes p"),
    ("sparta", "mcts:100,p16", "only playouts takes p"),
    ("sparta", "playouts:100,p16,r4", "only mcts and ismcts take r"),
    ("sparta", "playouts:100,p0", "whole number from 1"),
    ("rise_of_tribes", "playouts:100,p16", "the playouts bot plays Sparta only"),
])
def test_playouts_are_refused_where_they_do_not_apply(game: str, spec: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        get_bot(game, spec)
