"""The random bot: a uniformly random legal action (the baseline of every arena)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from meeples.ai.bot import Budget
from meeples.core.game import State


class RandomBot:
    """Pick a legal action uniformly at random with the injected generator."""

    name = "random"

    def __init__(self, game: str, budget: Budget | None = None) -> None:
        self.game = game
        self.budget = budget or Budget()

    def reset(self) -> None:
        """Nothing to forget."""

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        rng: random.Random,
        budget: Budget | None = None,
    ) -> str:
        """Return a uniformly random legal action."""
        return legal[rng.randrange(len(legal))]

    def act(self, state: State[Any, Any], rng: random.Random, budget: Budget | None = None) -> str:
        """Return a uniformly random legal action of the player to move."""
        return self.choose({}, state.legal(), rng, budget)
