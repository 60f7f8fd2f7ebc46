"""Alpha-beta search for two-player games of perfect information (Sparta).

Negamax with iterative deepening under a time or depth budget, a transposition table keyed by
the internal state (states are hashable; the repetition history takes no part in equality),
and move ordering: the table's best move first, then killer moves, then the history
heuristic, then the game's declared ordering bonus (Sparta: moves that land on a city, for a
conquest or promotion). Leaves are valued by the game's ``evaluate``, kept inside ±0.9 so that
a proven win (1, less a little per ply so the quickest is preferred) always dominates.
"""

from __future__ import annotations

import random
import time
from typing import Any

from meeples.ai.bot import Budget, SearchBot
from meeples.ai.model import GameModel

EXACT, LOWER, UPPER = 0, 1, 2
WIN = 1.0
EVAL_SPAN = 0.9
DEFAULT_DEPTH = 2
#: Nodes searched between two looks at the clock.
CHECK_EVERY = 64
#: Entries kept before the table is cleared (memory stays bounded).
TABLE_LIMIT = 400_000


class OutOfTime(Exception):
    """The deadline passed in the middle of an iteration."""


class AlphaBetaBot(SearchBot):
    """Iterative-deepening negamax with a transposition table."""

    name = "alphabeta"

    def __init__(self, game: str | GameModel, budget: Budget | None = None) -> None:
        super().__init__(game, budget or Budget(depth=DEFAULT_DEPTH))
        self.table: dict[Any, tuple[int, float, int, Any]] = {}
        self.killers: dict[int, list[Any]] = {}
        self.history: dict[Any, int] = {}
        self.nodes = 0
        self.reached_depth = 0
        self._deadline: float | None = None
        self._next_check = 0
        self._priority = self._declared_priority()

    def reset(self) -> None:
        """Forget the table and the ordering statistics."""
        self.table.clear()
        self.killers.clear()
        self.history.clear()

    def _declared_priority(self) -> Any:
        """Return the game's static ordering bonus of an action (its declared
        ``move_priority``: Sparta's moves that land on a city), else none."""
        declared = self.model.game.capabilities.move_priority
        return declared if declared is not None else lambda state, action: 0

    # -- values -----------------------------------------------------------------------------

    def _static(self, state: Any, player: int, ply: int) -> float:
        """Return the value of ``state`` for ``player`` in [-1, 1]."""
        if self.model.rules.outcome(state) is not None:
            share = self.model.values(state)[player]
            if share > 0.5:
                return WIN - ply * 1e-3
            if share < 0.5:
                return -WIN + ply * 1e-3
            return 0.0
        return EVAL_SPAN * (2.0 * self.model.evaluate(state, player) - 1.0)

    def _child(
        self, child: Any, depth: int, alpha: float, beta: float, ply: int, mover: int
    ) -> float:
        """Return the value for ``mover`` of the state its action led to."""
        after = self.model.rules.to_move(child)
        if depth <= 0 or after is None:
            self.nodes += 1
            return self._static(child, mover, ply)
        if after == mover:
            return self._negamax(child, depth, alpha, beta, ply)
        return -self._negamax(child, depth, -beta, -alpha, ply)

    def _ordered(self, state: Any, ply: int, best: Any) -> list[Any]:
        actions = list(self.model.rules.legal_actions(state))
        killers = self.killers.get(ply, ())
        history = self.history
        priority = self._priority

        def key(action: Any) -> tuple[int, int, int, int]:
            return (
                action == best,
                action in killers,
                history.get(action, 0),
                priority(state, action),
            )

        actions.sort(key=key, reverse=True)
        return actions

    def _negamax(self, state: Any, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self._deadline is not None and self.nodes >= self._next_check:
            # Leaves count too, so test a threshold rather than a multiple of the count.
            self._next_check = self.nodes + CHECK_EVERY
            if time.perf_counter() >= self._deadline:
                raise OutOfTime
        rules = self.model.rules
        mover = rules.to_move(state)
        entry = self.table.get(state)
        best_move = None
        if entry is not None:
            e_depth, e_value, e_flag, best_move = entry
            if e_depth >= depth:
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER and e_value >= beta:
                    return e_value
                if e_flag == UPPER and e_value <= alpha:
                    return e_value
        original_alpha = alpha
        best_value = -2.0
        for action in self._ordered(state, ply, best_move):
            value = self._child(rules.apply(state, action), depth - 1, alpha, beta, ply + 1, mover)
            if value > best_value:
                best_value, best_move = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        killers = self.killers.setdefault(ply, [])
                        if action not in killers:
                            killers.insert(0, action)
                            del killers[2:]
                        self.history[action] = self.history.get(action, 0) + depth * depth
                        break
        flag = EXACT
        if best_value <= original_alpha:
            flag = UPPER
        elif best_value >= beta:
            flag = LOWER
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[state] = (depth, best_value, flag, best_move)
        return best_value

    def _root(
        self, state: Any, depth: int, order: list[Any], keep: int
    ) -> list[tuple[Any, float]]:
        """Search every root move; the best ``keep`` get exact values, the others bounds."""
        rules = self.model.rules
        mover = rules.to_move(state)
        scored: list[tuple[Any, float]] = []
        for action in order:
            kept = sorted((v for _, v in scored), reverse=True)
            alpha = kept[keep - 1] if len(kept) >= keep else -2.0
            value = self._child(rules.apply(state, action), depth - 1, alpha, 2.0, 1, mover)
            scored.append((action, value))
        scored.sort(key=lambda item: item[1], reverse=True)
        return scored

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None,
        keep: int = 1,
    ) -> list[tuple[Any, float, int]]:
        """Deepen until the budget ends; return (action, estimate in [0, 1], depth), best first."""
        if self.model.rules.players(state) != 2 or self.model.hidden or self.model.has_chance:
            raise ValueError("alpha-beta plays two-player deterministic games of perfect "
                             "information only")
        max_depth = budget.depth if budget.depth is not None else (
            DEFAULT_DEPTH if budget.seconds is None else 64
        )
        self._deadline = budget.deadline()
        self.killers.clear()
        order = list(self.model.rules.legal_actions(state))
        rng.shuffle(order)
        order.sort(key=lambda a: self._priority(state, a), reverse=True)
        result: list[tuple[Any, float]] = [(a, 0.0) for a in order]
        self.reached_depth = 0
        self.nodes = 0
        self._next_check = 0
        for depth in range(1, max_depth + 1):
            try:
                result = self._root(state, depth, order, keep)
            except OutOfTime:
                break
            self.reached_depth = depth
            order = [a for a, _ in result]
            if abs(result[0][1]) >= WIN - 0.5:
                break
        self._deadline = None
        return [
            (a, min(1.0, max(0.0, (v / EVAL_SPAN + 1.0) / 2.0)), self.reached_depth)
            for a, v in result
        ]
