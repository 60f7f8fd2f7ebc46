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
from collections import OrderedDict
from typing import Any

LEVELS = ("random", "easy", "normal", "hard")
log = logging.getLogger("meeples.server")
#: Bots that keep a plan between decisions (``keeps_plan``: Meeple War's ``hard`` chooses a
#: whole turn, then plays it out), kept in this worker process per seat of a match, the most
#: recently used last; a bot asked again for the same seat follows its plan instead of searching
#: anew at every decision of its turn. Another process, or a bot dropped from here, searches
#: again: slower, never wrong (a plan is followed only while the game stays on it).
KEPT: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
KEPT_MOST = 256
#: The longest a hint may search (the calibrated searches take 0.5-2.5 s).
HINT_SECONDS = 2.5


def _ai() -> Any | None:
    try:
        return importlib.import_module("meeples.ai")
    except ImportError:
        return None


def choose(game_name: str, level: str, view: dict[str, Any], legal: list[str], seed: int,
           seat_key: str | None = None) -> str:
    """Return the action a bot of this level picks; runs in a worker process.

    ``seat_key`` names the match and seat the bot plays for: a bot that keeps a plan is kept
    for it (:data:`KEPT`).
    """
    if not legal:
        raise ValueError("a bot was asked to act with no legal action")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    ai = None if level == "random" else _ai()
    if ai is not None:
        bot = _bot(ai, game_name, level, seat_key)
        action = str(bot.choose(view, legal, rng))
        if action in legal:
            return action
        log.error("the %s bot for %s chose %r, not a legal action", level, game_name, action)
    return rng.choice(legal)


def _bot(ai: Any, game_name: str, level: str, seat_key: str | None) -> Any:
    """Return the bot of this level for this seat: the kept one, or a new one (kept if it
    keeps a plan)."""
    key = (game_name, level, seat_key or "")
    bot = KEPT.get(key) if seat_key is not None else None
    if bot is not None:
        KEPT.move_to_end(key)
        return bot
    bot = ai.get_bot(game_name, level)
    if seat_key is not None and getattr(bot, "keeps_plan", False):
        KEPT[key] = bot
        while len(KEPT) > KEPT_MOST:
            KEPT.popitem(last=False)
    return bot


def hint(state: Any, n: int, seed: int) -> list[dict[str, Any]] | None:
    """Return the best few actions for the player to move (None without ``meeples.ai``).

    ``meeples.ai.hint`` searches from the mover's view in hidden-information games, so a hint
    tells the player nothing their own view does not.
    """
    ai = _ai()
    if ai is None:
        return None
    # The search the game's calibration was sampled with, so the numbers mean what it measured,
    # never longer than HINT_SECONDS.
    budget = ai.calibrated_budget(state.game.name, "normal", HINT_SECONDS)
    ranked = ai.hint(state, n=n, level="normal", seed=seed, budget=budget)
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
