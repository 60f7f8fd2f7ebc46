"""Who sits at each seat of a terminal game: a human at the keyboard or a bot.

Bots come from :mod:`meeples.ai` when it offers them; ``random`` always works, built in here, so
terminal play never depends on the bot package. A bot sees only ``state.view(player)`` and
``state.legal()``, never the state itself.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import meeples
from meeples.core.errors import BadOptions, MeeplesError
from meeples.core.game import Game

HUMAN = "human"
RANDOM = "random"


class Bot(Protocol):
    """What a seat bot does: choose one of the legal actions from a view."""

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str: ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        """Return a random legal action."""
        return rng.choice(legal)


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: its label (``human`` or a bot name) and the bot, None for a human."""

    label: str
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        """Return whether a person plays this seat."""
        return self.bot is None


def _ai() -> Any:
    try:
        return importlib.import_module("meeples.ai")
    except ImportError:
        return None


def bot_names(game: Game[Any, Any]) -> list[str]:
    """Return the names a seat may take besides ``human``: levels first, then bot kinds."""
    names = [RANDOM]
    ai = _ai()
    if ai is not None:
        levels = importlib.import_module("meeples.ai.levels")
        kinds = levels.kinds(game.name) if game.name in meeples.game_names() else levels.KINDS
        names = [*getattr(ai, "LEVEL_NAMES", ()), *kinds]
        names += [RANDOM] if RANDOM not in names else []
    return names


def make_seat(label: str, game: Game[Any, Any]) -> Seat:
    """Return the seat for a label: ``human``, a level (``easy``, ``normal``, ``hard``) or a bot
    spec of :mod:`meeples.ai` (``random``, ``mcts:800``, ``policy:FILE``...), in any case but
    for a file's path; ``random`` works without it.

    Raises:
        BadOptions: no seat or bot has that name.
    """
    label = label.strip()  # the case of a bot's file (policy:FILE) is kept: a path's own
    if label.lower() == HUMAN:
        return Seat(HUMAN)
    ai = _ai()
    if ai is None or game.name not in meeples.game_names():
        if label.lower() == RANDOM:
            return Seat(RANDOM, RandomBot())
    else:
        try:
            return Seat(label, ai.get_bot(game.name, label))
        except MeeplesError:
            raise
        except ValueError as error:
            raise BadOptions(f"seat {label!r}: {error}") from None
    known = ", ".join(bot_names(game))
    raise BadOptions(f"unknown seat {label!r} (choose human or a bot: {known})")


def make_seats(labels: Sequence[str], game: Game[Any, Any]) -> list[Seat]:
    """Return the seats for a list of labels."""
    return [make_seat(label, game) for label in labels]


def hint_function() -> Callable[..., Any] | None:
    """Return the bot package's ``hint(state, n)``, or None without it."""
    ai = _ai()
    return getattr(ai, "hint", None) if ai is not None else None
