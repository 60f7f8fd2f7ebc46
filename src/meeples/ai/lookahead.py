"""The turn-lookahead bot: greedy over ``evaluate``, looking through the mover's whole turn.

In games where a turn is several actions by the same player (Meeple War, Rise of Tribes), the
one-ply heuristic judges half-finished turns. This bot follows the mover's own consecutive
actions (a beam of the best few at each step, by the evaluation) and values each first action
by the best turn it can start, the most promising first, within its time budget. Chance
follows each sampled state's own generator, and in a hidden-information game the values are
averaged over states sampled from the view.
"""

from __future__ import annotations

import random
import time
from typing import Any

from meeples.ai.bot import Budget, SearchBot

#: Actions followed at each later step of the turn, and the deepest step followed.
BEAM = 2
DEPTH = 4
#: States sampled per decision in a hidden-information game.
SAMPLES = 2
#: Seconds a move when the budget sets none.
DEFAULT_SECONDS = 1.0


class LookaheadBot(SearchBot):
    """Greedy search over the mover's own turn, best first within a time budget."""

    name = "lookahead"

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Return every legal action with the best value of a turn it starts, best first.

        Every action first gets its one-ply value; then the most promising are followed
        through the turn, best first, until the time runs out.
        """
        rules = self.model.rules
        depth = budget.depth if budget.depth is not None else DEPTH
        samples = budget.iterations if budget.iterations is not None else SAMPLES
        self._deadline = time.perf_counter() + (
            budget.seconds if budget.seconds is not None else DEFAULT_SECONDS
        )
        states = [state]
        if self.model.hidden and view is not None:
            states += [self.model.state_from_view(view, rng) for _ in range(samples - 1)]
        children: dict[Any, list[Any]] = {}
        for sample in states:
            for action in rules.legal_actions(sample):
                children.setdefault(action, []).append(rules.apply(sample, action))
        values = {
            a: sum(self.model.evaluate(c, player) for c in kids) / len(kids)
            for a, kids in children.items()
        }
        for action in sorted(values, key=values.__getitem__, reverse=True):
            if time.perf_counter() >= self._deadline:
                break
            kids = children[action]
            values[action] = sum(self._turn_value(c, player, depth - 1) for c in kids) / len(kids)
        scored = [(values[a], rng.random(), a) for a in values]
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [(a, v, len(children[a])) for v, _, a in scored]

    def _turn_value(self, state: Any, player: int, depth: int) -> float:
        """Return the best evaluation the mover reaches by ending their turn from ``state``."""
        rules = self.model.rules
        if depth <= 0 or rules.to_move(state) != player or time.perf_counter() >= self._deadline:
            return self.model.evaluate(state, player)
        children = [rules.apply(state, a) for a in rules.legal_actions(state)]
        if not children:
            return self.model.evaluate(state, player)
        ranked = sorted(children, key=lambda s: self.model.evaluate(s, player), reverse=True)
        return max(self._turn_value(child, player, depth - 1) for child in ranked[:BEAM])
