"""The one place where the server asks a bot for an action.

A bot sees only what its seat may see: the view ``state.view(seat)`` and the legal action
strings (``meeples.ai`` bots' ``choose(view, legal, rng)``). The ``random`` level, and every
level when :mod:`meeples.ai` cannot be imported, is a seeded random choice among the legal
actions.
"""

from __future__ import annotations

import importlib
import logging
import random
from typing import Any

LEVELS = ("random", "easy", "normal", "hard")
log = logging.getLogger("meeples.server")


def _ai() -> Any | None:
    try:
        return importlib.import_module("meeples.ai")
    except ImportError:
        return None


def choose(game_name: str, level: str, view: dict[str, Any], legal: list[str], seed: int) -> str:
    """Return the action a bot of this level picks; runs in a worker thread."""
    if not legal:
        raise ValueError("a bot was asked to act with no legal action")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    ai = None if level == "random" else _ai()
    if ai is not None:
        bot = ai.get_bot(game_name, level)
        action = str(bot.choose(view, legal, rng))
        if action in legal:
            return action
        log.error("the %s bot for %s chose %r, not a legal action", level, game_name, action)
    return rng.choice(legal)


def hint(state: Any, n: int, seed: int) -> list[dict[str, Any]] | None:
    """Return the best few actions for the player to move (None without ``meeples.ai``).

    ``meeples.ai.hint`` searches from the mover's view in hidden-information games, so a hint
    tells the player nothing their own view does not.
    """
    ai = _ai()
    if ai is None:
        return None
    from meeples.ai.bot import Budget

    ranked = ai.hint(state, n=n, level="normal", seed=seed, budget=Budget(seconds=1.5))
    # "value": the calibrated chance that the mover wins, or None (not examined, or no fit).
    return [
        {
            "action": e.action,
            "msg": state.describe_message(e.action).to_json(),
            "value": None if e.probability is None else round(e.probability, 3),
            "why": None if e.reason is None else e.reason.to_json(),
        }
        for e in ranked
    ]
