"""The registry of games: every package under ``meeples.games`` that exposes ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import meeples.games
from meeples.core.errors import UnknownGame
from meeples.core.game import Game


@cache
def _games() -> dict[str, Game[Any, Any]]:
    found: dict[str, Game[Any, Any]] = {}
    for info in pkgutil.iter_modules(meeples.games.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"meeples.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return dict(sorted(found.items()))


def game_names() -> list[str]:
    """Return the names of the registered games, sorted."""
    return list(_games())


def load(name: str) -> Game[Any, Any]:
    """Return a registered game by name.

    Raises:
        UnknownGame: no game has that name.
    """
    games = _games()
    if name not in games:
        raise UnknownGame(f"unknown game {name!r} (games: {', '.join(games) or 'none'})")
    return games[name]
