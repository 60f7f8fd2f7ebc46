"""Hints: the best few actions for the player to move, each with the calibrated chance that the
mover wins after it (:mod:`meeples.ai.calibration`) and one reason built from the terms of the
game's evaluation (its ``reasons`` module: what the action captures, scores, builds...).

An action the search did not examine (no simulation reached it, or alpha-beta ran out of time
before its first depth) gets no number: its value would be a placeholder.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from meeples.ai import calibration
from meeples.ai.alphabeta import AlphaBetaBot
from meeples.ai.bot import Budget, Estimate, SearchBot
from meeples.ai.levels import get_bot
from meeples.ai.model import model
from meeples.core.game import State
from meeples.core.text import Message, msg

Reason = Callable[[Any, Any, int], Message | None]

#: Bots that rank actions by rules of thumb (Meeple War's attacking policy): a hint keeps their
#: order and values each action by the game's evaluation of the position it leads to.
POLICIES = frozenset({"attack"})


def raw_estimates(
    state: State[Any, Any],
    n: int = 3,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
) -> list[Estimate]:
    """Return up to ``n`` best actions for the player to move with the search's raw values
    (its own scale), best first. In a hidden-information game the search starts from the
    mover's view only."""
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
        searched = bot.analyse(inner, state.to_move, rng, chosen, view, keep=n)
        fmt = state.game.rules.format_action
        return [Estimate(fmt(a), v, d) for a, v, d in searched[:n]]
    ranked = bot.estimates(inner, rng, chosen, view)[:n]
    if bot.name in POLICIES:
        # The policy's order, the evaluation's numbers: its values mark its choice (1 for the
        # action picked, 0 for the others), they estimate nothing.
        rules, mover = state.game.rules, state.to_move
        ranked = [
            dataclasses.replace(e, value=bot.model.evaluate(
                rules.apply(inner, rules.parse_action(e.action)), mover), visits=1)
            for e in ranked
        ]
    return ranked


def hint(
    state: State[Any, Any],
    n: int = 3,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
) -> list[Estimate]:
    """Return up to ``n`` best actions for the player to move, best first, each with its
    calibrated win probability (None when not examined or not calibrated) and its reason."""
    ranked = raw_estimates(state, n, level, seed, budget)
    mover = state.to_move
    if not ranked or mover is None:
        return ranked
    # A hidden-information game's true state holds what the mover may not see: no reason.
    explain = None if model(state.game.name).hidden else reason_of(state.game.name)
    found = []
    for estimate in ranked:
        probability = None
        if estimate.visits > 0:
            probability = calibration.probability(state.game.name, state.players, estimate.value)
        after = state.game.rules.apply(state.inner, state.parse_action(estimate.action))
        why = explain(state.inner, after, mover) if explain is not None else None
        if why is None:
            why = msg("core.hint.best_found")
        found.append(dataclasses.replace(estimate, probability=probability, reason=why))
    return found


@cache
def reason_of(game: str) -> Reason | None:
    """Return the ``reason(before, after, player)`` of a game's ``reasons`` module, or None."""
    try:
        module = importlib.import_module(f"meeples.games.{game}.reasons")
    except ImportError:
        return None
    found: Reason | None = getattr(module, "reason", None)
    return found
