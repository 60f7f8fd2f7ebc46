"""Hints: the best few actions for the player to move, with the bot's estimate of each."""

from __future__ import annotations

import random
from typing import Any

from meeples.ai.alphabeta import AlphaBetaBot
from meeples.ai.bot import Budget, Estimate, SearchBot
from meeples.ai.levels import get_bot
from meeples.core.game import State


def hint(
    state: State[Any, Any],
    n: int = 3,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
) -> list[Estimate]:
    """Return up to ``n`` best actions for the player to move, best first.

    Each carries the bot's estimate of the mover's share of the game (0 lost, 1 won). In a
    hidden-information game the search starts from the mover's view only.
    """
    if state.to_move is None or state.is_chance:  # nobody decides: nothing to hint
        return []
    bot = get_bot(state.game.name, level)
    rng = random.Random(seed)
    if not isinstance(bot, SearchBot):
        bot = get_bot(state.game.name, "heuristic")
    assert isinstance(bot, SearchBot)
    view = None
    inner = state.inner
    if bot.model.hidden:
        view = state.view(state.to_move)
        inner = bot.model.state_from_view(view, rng)
    chosen = budget if budget is not None else bot.budget
    if isinstance(bot, AlphaBetaBot):
        ranked = bot.analyse(inner, state.to_move, rng, chosen, view, keep=n)
        fmt = state.game.rules.format_action
        return [Estimate(fmt(a), v, d) for a, v, d in ranked[:n]]
    return bot.estimates(inner, rng, chosen, view)[:n]
