"""Bots for every game: random, heuristic, MCTS, IS-MCTS and alpha-beta, with levels.

    from meeples.ai import get_bot, hint
    bot = get_bot("sparta", "hard")          # or "easy", "normal", "mcts:800", "alphabeta:d3"
    action = bot.choose(state.view(state.to_move), state.legal(), random.Random(0))
    hint(state, n=3)                         # best three actions with estimates
"""

from meeples.ai.bot import Bot, Budget, Estimate
from meeples.ai.hint import calibrated_budget, hint
from meeples.ai.levels import LEVEL_NAMES, Level, get_bot, levels

__all__ = [
    "LEVEL_NAMES", "Bot", "Budget", "Estimate", "Level", "calibrated_budget", "get_bot",
    "hint", "levels",
]
