"""MCTS whose new leaves are valued together, by random playouts on Sparta's batch engine.

Leaf parallelism with a virtual loss (Chaslot, Winands and van den Herik, "Parallel Monte-Carlo
Tree Search", 2008): a round descends the tree ``playouts`` times, each descent counting its
visit at once with no return yet, so that the next descents turn elsewhere; the new leaves are
then played out at random to the end of their games all at once, in one compiled call of
:func:`meeples.games.sparta.batch.play_out`, and each descent's path gets its leaf's result (1
a win, 0 a loss, 1/2 a draw). The tree, its selection and its reuse are :class:`MCTSBot`'s.

Spec: ``playouts:1s,p64`` (64 leaves a round), a bot kind of Sparta's own (its
``Capabilities.bots``), and only with the ``fast`` extra: the same random playouts by the pure
rules would take some hundreds of times longer. Not one of the levels: at equal time it lost
every game against ``hard``'s alpha-beta (docs/batch.md).
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from meeples.ai.bot import Budget
from meeples.ai.mcts import DEFAULT_ITERATIONS, EXPLORATION, MCTSBot, Node
from meeples.games.sparta import batch

#: A playout stops here (a random game lasts about 610 plies; the longest of 40 measured,
#: 1,535) and its leaf counts as a draw.
PLAYOUT_CAP = 2000


class BatchRolloutMCTSBot(MCTSBot):
    """UCT valuing ``playouts`` new leaves at a time by random games on the batch engine."""

    name = "playouts"

    def __init__(
        self,
        game: str,
        budget: Budget | None = None,
        playouts: int = 64,
        exploration: float = EXPLORATION,
        reuse: bool = True,
    ) -> None:
        if game != "sparta":
            raise ValueError(f"batched playouts are Sparta's only, not {game!r}'s")
        if not batch.COMPILED:
            raise ValueError("batched playouts need the fast extra: pip install "
                             "'meeples[fast]'")
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"playouts (p) is a whole number from 1, not {playouts!r}")
        super().__init__(game, budget, rollout=0, exploration=exploration, reuse=reuse)
        self.playouts = playouts

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Search from ``state``; return (action, mean return of the mover, visits), best first.
        The iteration limit counts leaves."""
        root = self._find_root(state)
        limit = budget.iterations
        if limit is None and budget.seconds is None:
            limit = DEFAULT_ITERATIONS
        deadline = budget.deadline()
        generator = np.random.default_rng(rng.getrandbits(64))
        done = 0
        while limit is None or done < limit:
            done += self.round(root, rng, generator, self.playouts if limit is None
                               else min(self.playouts, limit - done))
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self._root = root if self.reuse else None
        return self._ranked(root, player)

    def round(self, root: Node, rng: random.Random, generator: np.random.Generator,
              leaves: int) -> int:
        """Descend ``leaves`` times, play the new leaves out together, back their results up;
        return the descents made."""
        rules = self.model.rules
        pending: list[tuple[list[Node], Any]] = []
        for _ in range(leaves):
            node = root
            path = [root]
            values: tuple[float, ...] | None = None
            while True:
                if node.untried is None:
                    node.mover = rules.to_move(node.state)
                    node.untried = ([] if node.mover is None
                                    else list(rules.legal_actions(node.state)))
                if node.mover is None:
                    values = self.model.values(node.state)
                    break
                if node.untried:
                    action = node.untried.pop(rng.randrange(len(node.untried)))
                    child = Node(rules.apply(node.state, action), len(root.totals))
                    node.children[action] = child
                    path.append(child)
                    break
                node = self._select(node)
                path.append(node)
            for visited in path:  # the virtual loss: a visit whose return comes later
                visited.visits += 1
            if values is not None:
                _back_up(path, values)
            else:
                pending.append((path, path[-1].state))
        if pending:
            games = batch.play_out(batch.from_states([leaf for _, leaf in pending]), generator,
                                   PLAYOUT_CAP)
            for (path, _), won in zip(pending, games.winner.tolist(), strict=True):
                _back_up(path, (1.0, 0.0) if won == 0 else (0.0, 1.0) if won == 1
                         else (0.5, 0.5))
        return leaves


def _back_up(path: list[Node], values: tuple[float, ...]) -> None:
    for visited in path:
        totals = visited.totals
        for p, v in enumerate(values):
            totals[p] += v

