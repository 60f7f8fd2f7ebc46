"""Hints: the best few actions for the player to move, each with the calibrated chance that the
mover wins after it (:mod:`meeples.ai.calibration`) and one reason built from the terms of the
game's evaluation (its declared ``reason``: what the action captures, scores, builds...).

An action the search did not examine (no simulation reached it, or alpha-beta ran out of time
before its first depth, or no candidate turn of the turn search starts with it) gets no number:
its value would be a placeholder.

A level that is a scripted policy (Meeple War's attacking bot: its values are 1 for its pick, 0
for the rest) does not estimate anything: the hint asks the game's ``hard`` search instead
(Meeple War: whole turns judged by rollouts, :mod:`meeples.ai.meeple_war_turns`). There the
hinted action is the first decision of a candidate turn, its value the mean share of that turn's
rollouts, and its reason what the whole turn does (from the position before to the one the turn
ends in).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from meeples.ai import calibration
from meeples.ai.alphabeta import AlphaBetaBot
from meeples.ai.bot import Budget, Estimate, SearchBot
from meeples.ai.levels import get_bot
from meeples.ai.model import model
from meeples.core.game import State
from meeples.core.text import msg


def searched_level(game: str, level: str) -> str:
    """Return the level (or spec) whose search a hint at ``level`` runs: ``hard`` for a
    scripted policy, ``heuristic`` for a bot that does not search (see :func:`hint_bot`)."""
    bot = get_bot(game, level)
    if isinstance(bot, SearchBot) and bot.scripted:
        return "hard"
    return level if isinstance(bot, SearchBot) else "heuristic"


def hint_bot(game: str, level: str) -> SearchBot:
    """Return the search a hint at ``level`` runs: the level's bot if it searches, the game's
    ``hard`` level for a scripted policy, else the heuristic. A turn search judges a lone
    candidate turn too (the hint wants its number)."""
    bot = get_bot(game, level)
    if isinstance(bot, SearchBot) and bot.scripted:
        bot = get_bot(game, "hard")
    if not isinstance(bot, SearchBot) or bot.scripted:
        bot = get_bot(game, "heuristic")
    assert isinstance(bot, SearchBot)
    bot.for_hints()
    return bot


def raw_estimates(
    state: State[Any, Any],
    n: int = 3,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
    ends: dict[str, Any] | None = None,
) -> list[Estimate]:
    """Return up to ``n`` best actions for the player to move with the search's raw values
    (its own scale), best first. In a hidden-information game the search starts from the
    mover's view only. For a turn search, ``ends`` (if given) receives the position each
    action's turn ends in, by action text."""
    if state.to_move is None or state.is_chance:  # nobody decides: nothing to hint
        return []
    bot = hint_bot(state.game.name, level)
    rng = random.Random(seed)
    view = None
    inner = state.inner
    if bot.model.hidden:
        view = state.view(state.to_move)
        inner = bot.model.state_from_view(view, rng)
    chosen = budget if budget is not None else bot.budget
    fmt = state.game.rules.format_action
    if isinstance(bot, AlphaBetaBot):
        searched = bot.analyse(inner, state.to_move, rng, chosen, view, keep=n)
        return [Estimate(fmt(a), v, d) for a, v, d in searched[:n]]
    ranked = bot.estimates(inner, rng, chosen, view)[:n]
    if ends is not None:
        ends.update((fmt(a), end) for a, end in bot.turn_ends().items())
    return ranked


def hint(
    state: State[Any, Any],
    n: int = 3,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
) -> list[Estimate]:
    """Return up to ``n`` best actions for the player to move, best first, each with its
    calibrated win probability (None when not examined or not calibrated) and its reason.

    Without a ``budget``, a hint at the level the game's calibration was sampled with runs the
    budget it was sampled with (:func:`calibrated_budget`), so that its numbers mean what the
    fit measured; other levels run their own.
    """
    if budget is None:
        budget = calibrated_budget(state.game.name, level)
    ends: dict[str, Any] = {}
    ranked = raw_estimates(state, n, level, seed, budget, ends)
    mover = state.to_move
    if not ranked or mover is None:
        return ranked
    # A hidden-information game's true state holds what the mover may not see: no reason.
    declared = state.game.capabilities
    explain = None if model(state.game.name).hidden else declared.reason
    found = []
    for estimate in ranked:
        probability = None
        if estimate.visits > 0:
            probability = calibration.probability(state.game.name, state.players, estimate.value)
        why = None
        turn_end = ends.get(estimate.action)
        explain_turn = declared.turn_reason if explain else None
        if turn_end is not None and explain_turn is not None:
            why = explain_turn(state.inner, turn_end, mover)
        elif explain is not None:
            after = state.game.rules.apply(state.inner, state.parse_action(estimate.action))
            why = explain(state.inner, after, mover)
        if why is None:
            why = msg("core.hint.best_found")
        found.append(dataclasses.replace(estimate, probability=probability, reason=why))
    return found


def calibrated_budget(game: str, level: str = "normal",
                      most_seconds: float | None = None) -> Budget | None:
    """Return the budget a game's calibration valued its positions with, when a hint at
    ``level`` runs the same search (None: not recorded, or another search), its seconds capped
    at ``most_seconds`` (a server's bound on a hint's time; also given where the fit had no
    time cap). A level that is a scripted policy runs the game's ``hard`` search (see
    :func:`hint_bot`), as its calibration's does."""
    sampled = calibration.search(game)
    if sampled is None or searched_level(game, level) != searched_level(game, sampled.level):
        return None if most_seconds is None else Budget(seconds=most_seconds)
    seconds = sampled.seconds
    if most_seconds is not None:
        seconds = most_seconds if seconds is None else min(seconds, most_seconds)
    return Budget(seconds=seconds, iterations=sampled.iterations)
