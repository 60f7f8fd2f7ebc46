"""The bot protocol: choose an action from a player's view and the legal actions.

A bot gets what a human gets (the view and the legal action strings), an injected
``random.Random`` (its only source of chance, so fixed seeds replay) and a :class:`Budget`.
``act(state, rng)`` is a convenience for arenas and tests: for perfect-information games it
searches the true internal state (keeping the repetition history); for hidden-information games
it goes through the player's view like ``choose``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from meeples.ai.model import GameModel, model
from meeples.core.game import State
from meeples.core.text import Message


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a bot may think: seconds, iterations (simulations) and/or depth (plies).

    Search stops at the first limit reached; an empty budget means the bot's own default.
    """

    seconds: float | None = None
    iterations: int | None = None
    depth: int | None = None

    def deadline(self) -> float | None:
        """Return the ``time.perf_counter()`` deadline, or None without a time limit."""
        return None if self.seconds is None else time.perf_counter() + self.seconds

    def describe(self) -> str:
        """Return a short text such as ``1000it`` or ``2.0s,d3``."""
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations}it")
        if self.depth is not None:
            parts.append(f"d{self.depth}")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s")
        return ",".join(parts) or "default"


@dataclass(frozen=True, slots=True)
class Estimate:
    """An action with a bot's estimate of the mover's share (0..1, on the search's own scale).

    ``visits`` says how much the search looked at the action (simulations, depth, samples; 0:
    not examined). A hint adds ``probability``, the calibrated chance that the mover wins
    (:mod:`meeples.ai.calibration`; None for an action the search did not examine or a game
    without a fit), and ``reason``, one message saying what the action does for the mover.
    """

    action: str
    value: float
    visits: int = 0
    probability: float | None = None
    reason: Message | None = None


class Bot(Protocol):
    """What every bot provides."""

    name: str

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        rng: random.Random,
        budget: Budget | None = None,
    ) -> str:
        """Return one of ``legal`` for the player whose view this is."""
        ...

    def act(self, state: State[Any, Any], rng: random.Random, budget: Budget | None = None) -> str:
        """Return an action for the player to move in a facade state."""
        ...

    def reset(self) -> None:
        """Forget anything kept from an earlier game (search trees)."""
        ...


class SearchBot:
    """Shared plumbing: turn a view (or a facade state) into an internal state and search it.

    Subclasses implement ``analyse(state, player, rng, budget) -> list[(action, value, visits)]``
    over internal states, best first.
    """

    name = "search"
    #: A scripted policy (rules of thumb behind this plumbing), not a search: its values are
    #: no estimates, so a hint asks the game's ``hard`` level instead.
    scripted = False

    def __init__(self, game: str | GameModel, budget: Budget | None = None) -> None:
        self.model: GameModel = game if isinstance(game, GameModel) else model(game)
        self.budget = budget or Budget()

    def reset(self) -> None:
        """Forget kept search state (nothing by default)."""

    def for_hints(self) -> None:
        """Search to give hints rather than to play (nothing changes by default; a search over
        whole turns then values a lone candidate turn too)."""

    def turn_ends(self) -> Mapping[Any, Any]:
        """Return, per first action, the position its whole turn ends in, from the last search
        (a search over whole turns; empty for a search over single decisions)."""
        return {}

    def _budget(self, budget: Budget | None) -> Budget:
        return budget if budget is not None and budget != Budget() else self.budget

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Return (internal action, estimate, visits) for the player to move, best first."""
        raise NotImplementedError

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        rng: random.Random,
        budget: Budget | None = None,
    ) -> str:
        """Return one of ``legal`` after searching a state rebuilt from the view."""
        if len(legal) == 1:
            return legal[0]
        state = self.model.state_from_view(view, rng)
        return self._pick(state, legal, rng, budget, view)

    def act(self, state: State[Any, Any], rng: random.Random, budget: Budget | None = None) -> str:
        """Return an action for the player to move (the true state only in perfect information)."""
        legal = state.legal()
        if len(legal) == 1:
            return legal[0]
        if self.model.hidden:
            return self.choose(state.view(state.to_move), legal, rng, budget)
        return self._pick(state.inner, legal, rng, budget, None)

    def estimates(
        self, state: Any, rng: random.Random, budget: Budget | None = None, view: Any = None
    ) -> list[Estimate]:
        """Return the analysed actions as strings with estimates, best first."""
        rules = self.model.rules
        player = rules.to_move(state)
        if player is None:
            return []
        ranked = self.analyse(state, player, rng, self._budget(budget), view)
        return [Estimate(rules.format_action(a), v, n) for a, v, n in ranked]

    def _pick(
        self,
        state: Any,
        legal: Sequence[str],
        rng: random.Random,
        budget: Budget | None,
        view: Any,
    ) -> str:
        ranked = self.estimates(state, rng, budget, view)
        allowed = set(legal)
        for estimate in ranked:
            if estimate.action in allowed:
                return estimate.action
        return rng.choice(list(legal))
