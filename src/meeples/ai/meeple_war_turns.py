"""Search over whole turns with policy rollouts: the ``hard`` level of Meeple War.

A Meeple War turn is a dozen decisions (token windows, worker exits, building actions, one
move after another), and search over single decisions with the game's evaluation does not see
the march on enemy buildings that wins the game (IS-MCTS and the turn lookahead were weaker
than the attacking rules of thumb, docs/strength.md). This bot searches over *macro actions*
instead: a macro is the sequence of the mover's own decisions from now until its turn ends or
chance decides (a tile turned up), and it is judged by playing the game on to its end.

1. Candidates: the base policy (the attacking bot with its worker rule, ``attack:w1`` in
   :mod:`meeples.ai.meeple_war_attack`) plays the rest of the turn once as it would, once with
   the one-ply evaluation deciding instead, then again with a share of its decisions (10-50%)
   drawn at random, which gives different turns. The other players' decisions
   within the turn (token windows) are the policy's. Candidates ending in the same position
   are one.
2. Bandit: each iteration picks a candidate by UCB1 over the mover's share and plays one
   rollout from the position after it, every player by the base policy and chance drawn by its
   probabilities (open loop: each rollout draws anew), to the end of the game or ``horizon``
   turns, where the game's values take over.
3. The candidate with the best mean share wins; its decisions are kept as a plan (position ->
   action) and played without a new search as long as the game follows it. Any other position
   (an opponent deviated, a tile came up) searches again.

Its estimates (what a hint shows, :mod:`meeples.ai.hint`): the value of an action is the mean
share of the rollouts after the best candidate turn that starts with it, pulled toward the even
share by one virtual rollout (``(total + 1/n) / (visits + 1)``) so that a handful of won
rollouts is not shown as a proven 1; a turn that ends the game is worth its result. An action no
candidate starts with is not examined (0 visits). ``last_turns`` keeps, per first action, the
position its turn ends in (a hint's reason is what the whole turn does). With ``judge_alone`` a
lone candidate (every candidate turn ended in the same position) is also judged by rollouts,
which play skips: the hint wants its number, the player has nothing to choose.

So the bot is a one-level search over whole turns whose leaves are valued by the attacking
policy playing on: it plays the policy's own turn unless some other turn wins more rollouts.
Rollouts stop at ``PLY_CAP`` plies, where the game's values stand in for the end. The clock of
the budget covers the candidates as well as the rollouts.

Why a horizon: rollouts to the end of the game (about 20 rounds at 2 players) cost 30-70 ms
each on this machine, so a 2.5 s cap bought 40-80 of them; six turns then the evaluation are
several times cheaper and less noisy. With 60 rollouts a decision, the full-length version won
its first 5 games against the plain attacking bot and the 6-turn one 10 of 10 in a third of the
time (scratch runs, docs/strength.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any

from meeples.ai.bot import Budget, SearchBot
from meeples.ai.meeple_war_attack import AttackBot
from meeples.ai.model import GameModel, returns

#: Rollouts per decision when the budget says nothing.
DEFAULT_ITERATIONS = 200
#: Candidate turns generated per search (fewer when several end in the same position).
CANDIDATES = 12
#: Shares of the decisions that candidate turns after the first play at random.
NOISE = (0.1, 0.2, 0.35, 0.5)
#: UCB1 exploration constant for shares in [0, 1].
EXPLORATION = 0.5
#: A rollout still running after this many plies is valued by the evaluation.
PLY_CAP = 2000


class TurnSearchBot(SearchBot):
    """Whole-turn candidates, judged by rollouts of the attacking policy (Meeple War)."""

    name = "turns"
    #: The chosen turn is kept as a plan between decisions: a server keeps this bot per seat.
    keeps_plan = True

    def __init__(
        self,
        game: str | GameModel,
        budget: Budget | None = None,
        candidates: int = CANDIDATES,
        horizon: int | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        super().__init__(game, budget or Budget(iterations=DEFAULT_ITERATIONS))
        self.policy = AttackBot(self.model, workers=1)
        self.noisy = AttackBot(self.model, blunder=1.0, workers=1)
        self.greedy = AttackBot(self.model, greedy=1.0, workers=1)
        self.candidates = candidates
        self.horizon = horizon
        self.exploration = exploration
        self._plan: dict[Any, Any] = {}
        self.last_iterations = 0
        self.last_candidates = 0
        #: First action -> the position its best candidate turn ends in (last search).
        self.last_turns: dict[Any, Any] = {}
        #: Judge a lone candidate by rollouts too (hints); play does not need to.
        self.judge_alone = False

    def reset(self) -> None:
        """Forget the plan of the current turn."""
        self._plan = {}

    def for_hints(self) -> None:
        """Value a lone candidate turn by rollouts too: a hint wants its number."""
        self.judge_alone = True

    def turn_ends(self) -> Mapping[Any, Any]:
        """Return the position each first action's best candidate turn ends in."""
        return self.last_turns

    # -- policies -----------------------------------------------------------------------------

    def _policy(self, state: Any, rng: random.Random) -> Any:
        rules = self.model.rules
        return self.policy.analyse(state, rules.to_move(state), rng, Budget())[0][0]

    def _step(self, state: Any, rng: random.Random) -> Any:
        """Return the state after one ply of the base policy or of chance."""
        rules = self.model.rules
        if self.model.is_chance(state):
            return rules.apply(state, self.model.sample_chance(state, rng))
        return rules.apply(state, self._policy(state, rng))

    # -- candidates ---------------------------------------------------------------------------

    def _candidate(
        self, state: Any, player: int, rng: random.Random, noise: float, greedy: bool
    ) -> tuple[Any, list[tuple[Any, Any]]]:
        """Play the rest of ``player``'s turn; return the position reached and the plan."""
        rules = self.model.rules
        plan: list[tuple[Any, Any]] = []
        while rules.outcome(state) is None and not self.model.is_chance(state):
            mover = rules.to_move(state)
            if mover != player:
                if state.active != player:
                    break  # the turn is over
                action = self._policy(state, rng)
            else:
                if noise and rng.random() < noise:
                    bot = self.noisy
                elif greedy:
                    bot = self.greedy
                else:
                    bot = self.policy
                action = bot.analyse(state, mover, rng, Budget())[0][0]
                plan.append((state, action))
            state = rules.apply(state, action)
        return state, plan

    def _candidates(
        self, state: Any, player: int, rng: random.Random
    ) -> list[tuple[Any, list[tuple[Any, Any]]]]:
        found: dict[Any, list[tuple[Any, Any]]] = {}
        for k in range(self.candidates):
            noise = 0.0 if k < 2 else NOISE[k % len(NOISE)]
            end, plan = self._candidate(state, player, rng, noise, greedy=k % 2 == 1)
            if plan and end not in found:
                found[end] = plan
        return list(found.items())

    # -- rollouts -----------------------------------------------------------------------------

    def rollout(self, state: Any, rng: random.Random) -> tuple[float, ...]:
        """Return every player's share after the base policy plays on from ``state``."""
        rules = self.model.rules
        stop = None if self.horizon is None else state.turn + self.horizon
        for _ in range(PLY_CAP):
            found = rules.outcome(state)
            if found is not None:
                return returns(found, int(rules.players(state)))
            if stop is not None and state.turn >= stop:
                break
            state = self._step(state, rng)
        return self.model.values(state)

    def _estimate(
        self, end: Any, player: int, players: int, total: float, visits: int
    ) -> float:
        """Return the value shown for a turn: its result if it ends the game, else the mean of
        its rollouts with one virtual rollout at the even share (never a proven 0 or 1)."""
        found = self.model.rules.outcome(end)
        if found is not None:
            return returns(found, players)[player]
        return (total + 1.0 / players) / (visits + 1)

    # -- the search ---------------------------------------------------------------------------

    def analyse(
        self, state: Any, player: int, rng: random.Random, budget: Budget, view: Any = None
    ) -> list[tuple[Any, float, int]]:
        """Return the legal actions, the first action of the best turn first."""
        deadline = budget.deadline()  # the clock covers the candidates too
        legal = list(self.model.rules.legal_actions(state))
        planned = self._plan.get(state)
        if planned is not None and planned in legal:
            return [(planned, 1.0, 1)] + [(a, 0.0, 0) for a in legal if a != planned]
        candidates = self._candidates(state, player, rng)
        self.last_candidates = len(candidates)
        self.last_turns = {}
        if len(candidates) <= 1 and not (self.judge_alone and candidates):
            self.last_iterations = 0
            self._plan = dict(candidates[0][1]) if candidates else {}
            first = candidates[0][1][0][1] if candidates else self._policy(state, rng)
            return [(first, 0.5, 0)] + [(a, 0.0, 0) for a in legal if a != first]
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        limit = budget.iterations
        if limit is None and budget.seconds is None:
            limit = DEFAULT_ITERATIONS
        done = 0
        while limit is None or done < limit:
            if done < len(candidates):
                pick = done
            else:
                log_n = math.log(done)
                pick = max(
                    range(len(candidates)),
                    key=lambda i: totals[i] / visits[i]
                    + self.exploration * math.sqrt(log_n / visits[i]),
                )
            totals[pick] += self.rollout(candidates[pick][0], rng)[player]
            visits[pick] += 1
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        order = sorted(
            (i for i in range(len(candidates)) if visits[i]),
            key=lambda i: (totals[i] / visits[i], visits[i]),
            reverse=True,
        )
        best = candidates[order[0]][1]
        self._plan = dict(best)
        ranked: list[tuple[Any, float, int]] = []
        seen = set()
        players = int(self.model.rules.players(state))
        for i in order:  # each first action with the best turn that starts with it
            end, turn = candidates[i]
            first = turn[0][1]
            if first not in seen:
                seen.add(first)
                self.last_turns[first] = end
                ranked.append((first, self._estimate(end, player, players, totals[i],
                                                     visits[i]), visits[i]))
        ranked += [(a, 0.0, 0) for a in legal if a not in seen]
        return ranked
