"""The one place where the server asks a bot for an action.

A bot sees only what its seat may see: the view ``state.view(seat)`` and the legal action
strings. When :mod:`meeples.ai` is importable its bots are used; otherwise (and for the
``random`` level) a seeded random choice among the legal actions.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

LEVELS = ("random", "easy", "normal", "hard")


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
        action = _ask_ai(ai, game_name, level, view, legal, rng)
        if action in legal:
            return action
    return rng.choice(legal)


def _ask_ai(
    ai: Any, game_name: str, level: str, view: dict[str, Any], legal: list[str], rng: random.Random
) -> str | None:
    """Return the action of a ``meeples.ai`` bot, or None when it cannot play from a view."""
    get_bot = getattr(ai, "get_bot", None)
    if get_bot is None:
        return None
    try:
        bot = get_bot(game_name, level)
    except (ValueError, KeyError):
        return None
    for method in ("choose_from_view", "act_from_view"):
        if hasattr(bot, method):
            return str(getattr(bot, method)(view, legal))
    position = view.get("position")
    if isinstance(position, str):
        # Perfect-information games publish the position text in every view: the bot rebuilds a
        # state from what its seat may see (a fresh repetition history, like a FEN).
        import meeples

        state = meeples.load(game_name).parse(position)
        for method in ("choose", "act", "select_action", "__call__"):
            if hasattr(bot, method):
                return str(getattr(bot, method)(state))
    return None
