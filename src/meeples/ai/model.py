"""What search needs from a game, gathered once: its rules, returns, evaluation and sampler.

Bots work on the internal rules (``game.rules.legal_actions`` / ``apply`` on ``state.inner``)
for speed, never through the string facade. The evaluation and the sampler are the game's
declared capabilities (:mod:`meeples.core.capabilities`). A game with hidden information
declares ``sample_state(view, seed)``; a bot of such a game only ever builds states from a view
through that function, so it cannot read what its player may not see.

A game with chance nodes (``to_move`` is CHANCE) needs no sampler: nothing is hidden, and at a
chance node the evaluation is the expectation over the outcomes, exact at small nodes and
sampled by probability at large ones (:meth:`GameModel.chance_children`); search samples an
outcome by its probability (:meth:`GameModel.sample_chance`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import meeples
from meeples.core.capabilities import Evaluate, Sampler
from meeples.core.chance import CHANCE
from meeples.core.game import Game, Outcome

#: An evaluation at a chance node takes the exact expectation while it needs at most this many
#: evaluations below it (:meth:`GameModel.chance_children`)...
CHANCE_LEAVES = 16
#: ... and beyond, the mean over this many outcomes drawn by their probability.
CHANCE_SAMPLES = 8

__all__ = ["Evaluate", "GameModel", "Sampler", "model", "returns"]


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
        """Whether the game hides information (it then declares a sampler)."""
        return self.sample_fn is not None

    @property
    def has_chance(self) -> bool:
        """Whether the game has chance nodes (declared: ``Capabilities.chance``)."""
        return self.game.capabilities.chance

    def is_chance(self, state: Any) -> bool:
        """Return whether chance decides next in an internal state."""
        return bool(self.rules.to_move(state) == CHANCE)

    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]:
        """Return the internal outcomes of a chance node with their probabilities."""
        return list(self.rules.chance_outcomes(state))

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        """Return an outcome of a chance node drawn by its probability with ``rng`` (the rules'
        ``sample_chance``: a game may draw without listing the outcomes)."""
        return self.rules.sample_chance(state, rng)

    def evaluate(self, state: Any, player: int, rng: random.Random | None = None) -> float:
        """Return the estimated share of ``player`` in [0, 1] (outcome-aware; at a chance node
        the expectation over its outcomes, sampled at large nodes: :meth:`chance_children`)."""
        return self._evaluate(state, player, rng, CHANCE_LEAVES)

    def _evaluate(self, state: Any, player: int, rng: random.Random | None, leaves: int) -> float:
        if self.is_chance(state):
            return math.fsum(w * self._evaluate(child, player, rng, share)
                             for w, child, share in self.chance_children(state, rng, leaves))
        outcome = self.rules.outcome(state)
        if outcome is not None:
            shares: tuple[float, ...] = returns(outcome, int(self.rules.players(state)))
            return shares[player]
        if self.evaluate_fn is None:
            return 1.0 / int(self.rules.players(state))
        return float(self.evaluate_fn(state, player))

    def values(self, state: Any, rng: random.Random | None = None) -> tuple[float, ...]:
        """Return every player's estimated share, summing to 1 (at a chance node, the
        expectation over its outcomes, sampled at large nodes: :meth:`chance_children`)."""
        return self._values(state, rng, CHANCE_LEAVES)

    def _values(self, state: Any, rng: random.Random | None, leaves: int) -> tuple[float, ...]:
        players = int(self.rules.players(state))
        if self.is_chance(state):
            totals = [0.0] * players
            for w, child, share in self.chance_children(state, rng, leaves):
                for seat, v in enumerate(self._values(child, rng, share)):
                    totals[seat] += w * v
            return tuple(totals)
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

    def chance_children(
        self, state: Any, rng: random.Random | None, leaves: int = CHANCE_LEAVES
    ) -> list[tuple[float, Any, int]]:
        """Return (weight, state after, leaves left to it) of the outcomes an evaluation at a
        chance node averages, the weights summing to 1.

        Every outcome with its probability while they are at most ``leaves`` (a die: 3 faces,
        two dice in a row 9 evaluations); beyond, ``CHANCE_SAMPLES`` outcomes (at most
        ``leaves``) drawn by their probability with ``rng`` (a fixed generator without one),
        each weighing as much. Exact everywhere, a LEAD of five goal cards evaluated 2,002
        hands and a double's event after two dice 3 x 3 x 14 positions; the leaves bound the
        evaluations of one estimate to about ``leaves``."""
        apply = self.rules.apply
        count = len(self.rules.legal_actions(state))
        if count <= leaves:
            share = max(1, leaves // count)
            return [(float(p), apply(state, a), share) for a, p in self.chance_outcomes(state)]
        draws = min(CHANCE_SAMPLES, leaves)
        source = rng if rng is not None else random.Random(count)
        share = max(1, leaves // draws)
        return [(1.0 / draws, apply(state, self.sample_chance(state, source)), share)
                for _ in range(draws)]

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
    """Return the search model of a registered game, from its declared capabilities."""
    game = meeples.load(name)
    declared = game.capabilities
    return GameModel(game=game, evaluate_fn=declared.evaluate, sample_fn=declared.sample_state)
