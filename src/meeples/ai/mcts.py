"""Monte Carlo tree search (UCT) over the internal rules, for any number of players.

Every node keeps one return total per player, and the player to move at a node picks the child
best for themself (the max^n idea), so 3- and 4-player games need nothing special. A leaf is
valued by a short random rollout cut off with the game's ``evaluate`` (plies 0: the evaluation
alone, which is stronger in Sparta than random playouts of hundreds of plies), or by full
random playouts when the game has no evaluation. The tree is kept between moves and reused when
the new position is a child or grandchild of the last root.

Chance nodes (``to_move`` is CHANCE) are not chosen but drawn: each visit samples an outcome
by its probability and goes on into that outcome's child, so the children's visits follow the
probabilities and a node's value is the expectation over chance (the sampled chance nodes of
OpenSpiel's MCTS). At a large chance node the children grow with the square root of the visits
and a visit beyond follows one of them by its visits (progressive widening). A new leaf at a
chance node is valued by the expectation of the evaluation (sampled at large nodes).

Information-set MCTS (``ismcts.py``) reuses this loop, sampling a fresh state from the view on
every iteration.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from meeples.ai.bot import Budget, SearchBot
from meeples.ai.model import CHANCE_LEAVES, GameModel
from meeples.core.chance import CHANCE

#: Iterations when the budget says nothing.
DEFAULT_ITERATIONS = 1000
#: Random plies played from a leaf before the evaluation (None: to the end of the game).
DEFAULT_ROLLOUT = 0
#: Full random playouts stop here and fall back on the evaluation.
PLAYOUT_CAP = 400
#: UCB exploration constant for returns in [0, 1].
EXPLORATION = 0.7


class Node:
    """A search node: statistics of the action leading here, and its children by action."""

    __slots__ = ("avail", "children", "mover", "outcomes", "state", "totals", "untried",
                 "visits")

    def __init__(self, state: Any, players: int) -> None:
        self.state = state
        self.mover: int | None = None
        self.untried: list[Any] | None = None
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0
        self.outcomes = 0  # at a chance node: how many (counted on its first visit)
        self.totals = [0.0] * players


class MCTSBot(SearchBot):
    """UCT with per-player returns, evaluation cut-off and tree reuse."""

    name = "mcts"

    def __init__(
        self,
        game: str | GameModel,
        budget: Budget | None = None,
        rollout: int | None = DEFAULT_ROLLOUT,
        exploration: float = EXPLORATION,
        reuse: bool = True,
    ) -> None:
        super().__init__(game, budget or Budget(iterations=DEFAULT_ITERATIONS))
        if self.model.evaluate_fn is None:
            rollout = None
        self.rollout = rollout
        self.exploration = exploration
        self.reuse = reuse
        self._root: Node | None = None
        self.last_iterations = 0

    def reset(self) -> None:
        """Drop the kept tree."""
        self._root = None

    # -- the search -------------------------------------------------------------------------

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Search from ``state``; return (action, mean return of the mover, visits), best first."""
        root = self._find_root(state)
        limit = budget.iterations
        if limit is None and budget.seconds is None:
            limit = DEFAULT_ITERATIONS
        deadline = budget.deadline()
        done = 0
        while limit is None or done < limit:
            self.iterate(root, rng)
            done += 1
            if deadline is not None and not done & 15 and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self._root = root if self.reuse else None
        return self._ranked(root, player)

    @staticmethod
    def _ranked(root: Node, player: int) -> list[tuple[Any, float, int]]:
        """Return the root's children as (action, mean return of player, visits), the most
        visited first (ties: the higher total)."""
        ranked = sorted(
            root.children.items(),
            key=lambda item: (item[1].visits, item[1].totals[player]),
            reverse=True,
        )
        return [(a, n.totals[player] / n.visits if n.visits else 0.0, n.visits) for a, n in ranked]

    def _find_root(self, state: Any) -> Node:
        old = self._root
        if old is not None:
            if old.state == state:
                return old
            for child in old.children.values():
                if child.state == state:
                    return child
                for grandchild in child.children.values():
                    if grandchild.state == state:
                        return grandchild
        return Node(state, self.model.rules.players(state))

    def iterate(self, root: Node, rng: random.Random) -> None:
        """Run one selection, expansion, evaluation and backup from ``root``."""
        rules = self.model.rules
        node = root
        path = [root]
        while True:
            if node.untried is None:
                node.mover = rules.to_move(node.state)
                node.untried = ([] if node.mover is None or node.mover == CHANCE
                                else list(rules.legal_actions(node.state)))
            if node.mover is None:
                values = self.model.values(node.state)
                break
            if node.mover == CHANCE:
                outcome = self._chance_outcome(node, rng)
                child = node.children.get(outcome)
                if child is None:
                    child = Node(rules.apply(node.state, outcome), len(root.totals))
                    node.children[outcome] = child
                    path.append(child)
                    values = self.leaf_values(child.state, rng)
                    break
                node = child
                path.append(node)
                continue
            if node.untried:
                action = node.untried.pop(rng.randrange(len(node.untried)))
                child = Node(rules.apply(node.state, action), len(root.totals))
                node.children[action] = child
                path.append(child)
                values = self.leaf_values(child.state, rng)
                break
            node = self._select(node)
            path.append(node)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for p, v in enumerate(values):
                totals[p] += v

    def _chance_outcome(self, node: Node, rng: random.Random) -> Any:
        """Return the outcome a visit of a chance node follows: drawn by its probability, or
        at a large node (more outcomes than ``CHANCE_LEAVES``: a hand of goal cards, up to
        3,432) once it has ``sqrt(visits)`` children, one of them by its share of the visits
        (double progressive widening, Couetoux et al. 2011). Drawn afresh at every visit, a
        hand's node had a new child almost each time, and no decision after a draw of cards
        was ever searched twice."""
        if node.outcomes == 0:
            node.outcomes = len(self.model.rules.legal_actions(node.state))
        children = node.children
        if node.outcomes <= CHANCE_LEAVES or len(children) < max(1, math.isqrt(node.visits)):
            return self.model.sample_chance(node.state, rng)
        ticket = rng.randrange(sum(child.visits for child in children.values()))
        for outcome, child in children.items():
            ticket -= child.visits
            if ticket < 0:
                return outcome
        raise AssertionError("unreachable: the tickets are the children's visits")

    def _select(self, node: Node) -> Node:
        mover = node.mover
        assert mover is not None
        log_n = math.log(node.visits)
        c = self.exploration
        best = None
        best_score = -1.0
        for child in node.children.values():
            n = child.visits
            score = child.totals[mover] / n + c * math.sqrt(log_n / n)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def leaf_values(self, state: Any, rng: random.Random) -> tuple[float, ...]:
        """Return the estimated returns of a new leaf: rollout, then evaluation."""
        rules = self.model.rules
        plies = PLAYOUT_CAP if self.rollout is None else self.rollout
        for _ in range(plies):
            if rules.outcome(state) is not None:
                break
            if self.model.is_chance(state):
                state = rules.apply(state, self.model.sample_chance(state, rng))
                continue
            actions = rules.legal_actions(state)
            state = rules.apply(state, actions[rng.randrange(len(actions))])
        return self.model.values(state, rng)
