"""The registry of games: a game is a package (or module) that exposes ``GAME``.

Every package under ``meeples.games`` is registered when the registry is first read, then the
packages named in the environment variable ``MEEPLES_GAMES`` (separated by commas), and any
package given to :func:`register`: all three ways go through one function, so a game kept
outside ``meeples.games`` (the tests' toy game, ``tests/toygame/pig``) is served exactly as ours
are. What a game offers each tool it declares in its capabilities (``GAME.capabilities``);
nothing here or in the tools names a game.

Tools that keep something per set of registered games (a merged catalogue) key it by
:func:`generation`, which changes whenever a game is registered or removed.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache
from typing import Any

import meeples.games
from meeples.core.errors import UnknownGame
from meeples.core.game import Game

#: Packages of further games, separated by commas (``MEEPLES_GAMES=tests.toygame.pig``).
ENVIRONMENT = "MEEPLES_GAMES"

_changes = 0
#: The packages registered by :func:`register`, by game name (a worker process registers them
#: too: :func:`registered_packages`).
_packages: dict[str, str] = {}


def _game_of(package: str) -> Game[Any, Any] | None:
    """Return the ``GAME`` a package exposes, or None when it exposes none."""
    game = getattr(importlib.import_module(package), "GAME", None)
    return game if isinstance(game, Game) else None


@cache
def _games() -> dict[str, Game[Any, Any]]:
    found: dict[str, Game[Any, Any]] = {}
    ours = [f"meeples.games.{info.name}"
            for info in pkgutil.iter_modules(meeples.games.__path__) if info.ispkg]
    named = [p.strip() for p in os.environ.get(ENVIRONMENT, "").split(",") if p.strip()]
    for package in [*ours, *named]:
        game = _game_of(package)
        if game is not None:
            found[game.name] = game
    return found


def register(package: str) -> Game[Any, Any]:
    """Register the game of a package (its ``GAME``), as the registry registers ours, and
    return it.

    Raises:
        ImportError: no such package.
        UnknownGame: the package exposes no ``GAME``.
    """
    global _changes
    game = _game_of(package)
    if game is None:
        raise UnknownGame(f"{package!r} exposes no GAME")
    _games()[game.name] = game
    _packages[game.name] = package
    _changes += 1
    return game


def unregister(name: str) -> None:
    """Remove a game from the registry (a test's toy game, once the test is done)."""
    global _changes
    _packages.pop(name, None)
    if _games().pop(name, None) is not None:
        _changes += 1


def registered_packages() -> tuple[str, ...]:
    """Return the packages registered by :func:`register` (not found by the registry itself):
    what another process of the same program registers to serve the same games."""
    return tuple(_packages.values())


def generation() -> int:
    """Return a number that changes whenever the set of registered games changes."""
    return _changes


def game_names() -> list[str]:
    """Return the names of the registered games, sorted."""
    return sorted(_games())


def load(name: str) -> Game[Any, Any]:
    """Return a registered game by name.

    Raises:
        UnknownGame: no game has that name.
    """
    games = _games()
    if name not in games:
        known = ", ".join(sorted(games)) or "none"
        raise UnknownGame(f"unknown game {name!r} (games: {known})")
    return games[name]
