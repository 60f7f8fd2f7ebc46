"""Information-set MCTS by determinization (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a full state consistent with the bot's own view through the game's
``view.sample_state(view, seed)`` and walks one shared tree keyed by actions, choosing only
among the children legal in that sample (UCB with availability counts). The true hidden state
is never read: the bot only ever holds the view it was given. Chance inside ``apply`` (tile
draws, dice) follows the sample's own generator, so it varies from sample to sample.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from meeples.ai.bot import Budget
from meeples.ai.mcts import DEFAULT_ITERATIONS, MCTSBot, Node
from meeples.ai.model import GameModel


class ISMCTSBot(MCTSBot):
    """MCTS over an information set: a fresh determinization each iteration."""

    name = "ismcts"

    def __init__(self, game: str | GameModel, budget: Budget | None = None, **options: Any) -> None:
        options.setdefault("reuse", False)
        super().__init__(game, budget, **options)

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Search the information set of ``view``; without a view or sampler, plain MCTS."""
        if view is None or not self.model.hidden:
            return super().analyse(state, player, rng, budget, view)
        root = Node(None, self.model.rules.players(state))
        limit = budget.iterations
        if limit is None and budget.seconds is None:
            limit = DEFAULT_ITERATIONS
        deadline = budget.deadline()
        done = 0
        sample = state
        while limit is None or done < limit:
            self.iterate_sample(root, sample, rng)
            done += 1
            if deadline is not None and not done & 15 and time.perf_counter() >= deadline:
                break
            if limit is None or done < limit:
                sample = self.model.state_from_view(view, rng)
        self.last_iterations = done
        ranked = sorted(
            root.children.items(),
            key=lambda item: (item[1].visits, item[1].totals[player]),
            reverse=True,
        )
        return [(a, n.totals[player] / n.visits if n.visits else 0.0, n.visits) for a, n in ranked]

    def iterate_sample(self, root: Node, state: Any, rng: random.Random) -> None:
        """Run one iteration of the shared tree on one determinized state."""
        rules = self.model.rules
        node = root
        path = [root]
        while True:
            mover = rules.to_move(state)
            if mover is None:
                values = self.model.values(state)
                break
            legal = rules.legal_actions(state)
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = Node(None, len(root.totals))
                child.avail = 1
                children[action] = child
                state = rules.apply(state, action)
                path.append(child)
                values = self.leaf_values(state, rng)
                break
            best = None
            best_action = legal[0]
            best_score = -1.0
            c = self.exploration
            for action in legal:
                child = children[action]
                child.avail += 1
                score = child.totals[mover] / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best, best_action, best_score = child, action, score
            assert best is not None
            node = best
            state = rules.apply(state, best_action)
            path.append(node)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for p, v in enumerate(values):
                totals[p] += v

