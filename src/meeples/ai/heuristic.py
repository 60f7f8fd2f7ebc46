"""The heuristic bot: one ply of greedy search over the game's own ``evaluate``.

It applies every legal action and keeps the one whose result the evaluation likes best for the
mover (ties broken by the injected generator). In a hidden-information game it averages over a
few states sampled from its view.
"""

from __future__ import annotations

import random
from typing import Any

from meeples.ai.bot import Budget, SearchBot

#: States sampled per decision in a hidden-information game.
SAMPLES = 4


class HeuristicBot(SearchBot):
    """Greedy one-ply search over ``evaluate``."""

    name = "heuristic"

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Return every legal action with the evaluation after it, best first."""
        rules = self.model.rules
        states = [state]
        if self.model.hidden and view is not None:
            states += [self.model.state_from_view(view, rng) for _ in range(SAMPLES - 1)]
        totals: dict[Any, float] = {}
        counts: dict[Any, int] = {}
        for sample in states:
            for action in rules.legal_actions(sample):
                value = self.model.evaluate(rules.apply(sample, action), player, rng)
                totals[action] = totals.get(action, 0.0) + value
                counts[action] = counts.get(action, 0) + 1
        scored = [(totals[a] / counts[a], rng.random(), a) for a in totals]
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [(a, v, counts[a]) for v, _, a in scored]
