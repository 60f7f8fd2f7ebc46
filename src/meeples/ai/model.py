"""What search needs from a game, gathered once: its rules, returns, evaluation and sampler.

Bots work on the internal rules (``game.rules.legal_actions`` / ``apply`` on ``state.inner``)
for speed, never through the string facade. A game with hidden information provides
``view.sample_state(view, seed)`` in its package; a bot of such a game only ever builds states
from a view through that function, so it cannot read what its player may not see.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import meeples
from meeples.core.game import Game, Outcome

Evaluate = Callable[[Any, int], float]
Sampler = Callable[[Mapping[str, Any], int], Any]


def _optional(module: str, attribute: str) -> Any:
    try:
        found = importlib.import_module(module)
    except ImportError:
        return None
    return getattr(found, attribute, None)


def returns(outcome: Outcome, players: int) -> tuple[float, ...]:
    """Return each player's share of a finished game: winners split 1, a draw gives 1/n each."""
    if not outcome.winners:
        return (1.0 / players,) * players
    share = 1.0 / len(outcome.winners)
    return tuple(share if p in outcome.winners else 0.0 for p in range(players))


@dataclass(frozen=True)
class GameModel:
    """A game seen by a bot: internal rules plus the optional ``evaluate`` and ``sample_state``."""

    game: Game[Any, Any]
    evaluate_fn: Evaluate | None
    sample_fn: Sampler | None

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def rules(self) -> Any:
        return self.game.rules

    @property
    def hidden(self) -> bool:
        """Whether the game hides information (it then provides a sampler)."""
        return self.sample_fn is not None

    def evaluate(self, state: Any, player: int) -> float:
        """Return the estimated share of ``player`` in [0, 1] (outcome-aware)."""
        outcome = self.rules.outcome(state)
        if outcome is not None:
            shares: tuple[float, ...] = returns(outcome, int(self.rules.players(state)))
            return shares[player]
        if self.evaluate_fn is None:
            return 1.0 / int(self.rules.players(state))
        return float(self.evaluate_fn(state, player))

    def values(self, state: Any) -> tuple[float, ...]:
        """Return every player's estimated share, summing to 1."""
        players = int(self.rules.players(state))
        outcome: Outcome | None = self.rules.outcome(state)
        if outcome is not None:
            return returns(outcome, players)
        if self.evaluate_fn is None:
            return (1.0 / players,) * players
        if players == 2:
            south = float(self.evaluate_fn(state, 0))
            return (south, 1.0 - south)
        raw = [max(1e-9, float(self.evaluate_fn(state, p))) for p in range(players)]
        total = math.fsum(raw)
        return tuple(v / total for v in raw)

    def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> Any:
        """Return an internal state consistent with a view.

        Hidden-information games sample one with their ``sample_state`` (seeded from ``rng``);
        perfect-information games read back the position text the view carries (the
        repetition history is lost, which search can afford).
        """
        if self.sample_fn is not None:
            sampled = self.sample_fn(view, rng.getrandbits(62))
            return getattr(sampled, "inner", sampled)
        position = view.get("position")
        if not isinstance(position, str):
            raise ValueError(f"a {self.name} view without a position text cannot be searched")
        return self.rules.parse_state(position)


@cache
def model(name: str) -> GameModel:
    """Return the search model of a registered game."""
    game = meeples.load(name)
    module = type(game.rules).__module__.split(".")
    in_games = module[:2] == ["meeples", "games"]
    package = ".".join(module[:3]) if in_games else f"meeples.games.{name}"
    return GameModel(
        game=game,
        evaluate_fn=_optional(f"{package}.evaluate", "evaluate"),
        sample_fn=_optional(f"{package}.view", "sample_state"),
    )
