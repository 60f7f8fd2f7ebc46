"""Terminal play. A game's renderer module draws its view with rich.

The renderer contract: the module a game declares (``Capabilities.terminal``, a function that
loads it; ours are ``meeples.terminal.<game>``) exposes

    render(view: dict, legal: list[str]) -> rich.console.RenderableType

which draws one player's view (``state.view(player)``, already stripped of what that player may
not see) and may use the legal actions to mark what can move. It must not import the game's
rules: everything it shows comes from the view, so it can never leak hidden information. It
declares each of the extras below, None (or an empty ``NOTATION``) where it has none
(:data:`EXTRAS`, read directly and checked by the tests, never guessed from an absent name):

- ``render`` may take a keyword ``last: str | None``, the action that led to the position
  (e.g. to highlight the squares of the last move), and a keyword ``layout: str``, "auto"
  (the default: a board that fits the console's width, a plain list in pipes and with
  NO_COLOR), "grid" or "list"; the session passes them only when the signature accepts them.
- ``player_name(player: int) -> str`` names a seat ("South"); by default seat 0 is "Player 1",
  seat 1 "Player 2", and so on. Owners on a board are told apart by letter or shape as well as
  colour, so a colour-blind player or a NO_COLOR terminal loses nothing.
- ``glossary() -> list[legend.Entry]``: every code and symbol the board shows, with its name
  and effect (the session's ``info NAME`` and ``info``); none by default. A glossary that takes
  a keyword ``view`` gets the spectator's view of the match at hand, for what its options
  change (a Meeple War quick start's changed cards).
- ``NOTATION``: examples of the game's action texts with their meaning, for ``help``; by
  default ``help`` quotes the legal actions of the position with their descriptions.

A game that declares no renderer is rendered by :mod:`meeples.terminal.generic` (its view as
readable JSON), so a new game is playable in the terminal as soon as it is registered.
Descriptions of actions come from the rules through ``state.describe(action)``, not from the
renderer.

Hidden information: when several humans share the keyboard, each sees only their own view, and
between two of them the screen is cleared behind a "pass the keyboard" pause when the game
declares hidden information (``Capabilities.hidden_information``). Bots'
actions are then reported without the rules' descriptions, which are computed from the full state.

The interactive loop is :class:`meeples.terminal.session.Session`; replays are stepped by
:mod:`meeples.terminal.replay`. Both take an input callable and a rich ``Console`` so tests can
script them without a terminal.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType

from meeples.terminal.legend import Entry

#: The extras every renderer module declares (None, or an empty ``NOTATION``, where it has none).
EXTRAS = ("player_name", "glossary", "NOTATION")


@dataclass(frozen=True, slots=True)
class Renderer:
    """A game's terminal renderer, with the contract's optional parts filled in."""

    module_name: str
    _render: Callable[..., RenderableType]
    _player_name: Callable[[int], str] | None
    _takes: frozenset[str]
    _glossary: Callable[..., list[Entry]] | None = None
    notation: tuple[tuple[str, str], ...] = ()

    def render(self, view: dict[str, Any], legal: list[str], last: str | None = None,
               layout: str = "auto") -> Any:
        """Return the renderable for a view (passing ``last`` and ``layout`` when the module
        takes them)."""
        extras: dict[str, Any] = {}
        if "last" in self._takes:
            extras["last"] = last
        if "layout" in self._takes:
            extras["layout"] = layout
        return self._render(view, legal, **extras)

    def glossary(self, view: Mapping[str, Any] | None = None) -> list[Entry]:
        """Return the codes and symbols the board shows (none when the module lists none), as
        the match of ``view`` plays them when the module's glossary takes a view."""
        if self._glossary is None:
            return []
        if view is not None and "view" in _parameters(self._glossary):
            return self._glossary(view=view)
        return self._glossary()

    def player_name(self, player: int) -> str:
        """Return the name of a seat."""
        if self._player_name is not None:
            return self._player_name(player)
        return f"Player {player + 1}"


def renderer_for(game_name: str) -> Renderer:
    """Return the renderer of a game: the module it declares, else the generic one (also for
    a game that is not registered)."""
    from meeples.core.errors import UnknownGame
    from meeples.core.registry import load

    try:
        declared = load(game_name).capabilities.terminal
    except UnknownGame:
        declared = None
    module = declared() if declared is not None else importlib.import_module(
        "meeples.terminal.generic")
    render = module.render
    takes = _parameters(render)
    return Renderer(
        module.__name__, render, module.player_name, takes, module.glossary,
        tuple(module.NOTATION),
    )


def _parameters(function: Callable[..., Any]) -> frozenset[str]:
    """Return the names of a function's parameters (none when it has no signature)."""
    try:
        return frozenset(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return frozenset()
