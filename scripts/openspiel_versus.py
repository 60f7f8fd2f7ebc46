"""Play one of our bots against OpenSpiel's MCTSBot through the OpenSpiel bridge, at the same
time per move, and print the score.

    .venv/bin/python scripts/openspiel_versus.py                      # hard vs MCTSBot, Sparta
    .venv/bin/python scripts/openspiel_versus.py --games 10 --seconds 1 --max-plies 300

Both sides play through ``meeples.openspiel``: OpenSpiel's MCTSBot (random rollouts, UCT
c = 2) on the pyspiel state, our bot on the facade state it wraps, its choice applied by its id.
Seats alternate game by game. Our bot is given ``--seconds`` a move (with its level's depth
cap); the MCTSBot has no clock, so its simulations are set move by move from its speed on the
move before (starting from ``--start-simulations``), to spend the same time on average. The
time each side really spent is printed. A game that reaches ``--max-plies`` is stopped and
counted apart (unfinished); each game is otherwise played to its end.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

import meeples.openspiel as bridge
from meeples.ai.bot import Budget
from meeples.ai.levels import get_bot, levels
from meeples.core.errors import MeeplesError


@dataclass
class Clock:
    """Seconds spent and moves made by one side."""

    seconds: float = 0.0
    moves: int = 0
    simulations: list[int] = field(default_factory=list)

    def mean(self) -> float:
        """Return the mean seconds per move."""
        return self.seconds / self.moves if self.moves else 0.0


def play(game: Any, name: str, spec: str, seat: int, seconds: float, max_plies: int,
         start_simulations: int, max_length: int | None, seed: int,
         clocks: tuple[Clock, Clock]) -> list[float] | None:
    """Play one game, our bot in ``seat``; return the returns, or None when stopped unfinished."""
    ours = get_bot(name, spec)
    level = levels(name).get(spec)
    budget = Budget(seconds=seconds, depth=level.budget.depth if level else None)
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state, max_length=max_length)
    simulations = start_simulations
    rng = random.Random(seed)
    state = game.new_initial_state()
    plies = 0
    while not state.is_terminal():
        if plies >= max_plies:
            return None
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(random_state.choice(ids, p=probabilities))
            continue
        started = time.perf_counter()
        if state.current_player() == seat:
            text = ours.act(state.node.state, rng, budget)
            action = game.bridge.table.action_id(text)
            clock = clocks[0]
        else:
            bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=random_state)
            action = bot.step(state)
            clock = clocks[1]
            clock.simulations.append(simulations)
        spent = time.perf_counter() - started
        if clock is clocks[1]:  # the next search's simulations, for the same time as ours
            simulations = max(2, round(simulations * seconds / max(spent, 1e-3)))
        clock.seconds += spent
        clock.moves += 1
        state.apply_action(action)
        plies += 1
    return list(state.returns())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="sparta")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="hard", help="our bot: a level or a bot spec")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.5, help="time per move, both sides")
    parser.add_argument("--max-plies", type=int, default=600)
    parser.add_argument("--start-simulations", type=int, default=20)
    parser.add_argument("--max-length", type=int, default=None,
                        help="cut MCTSBot's random rollouts after this many actions")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or args.max_plies < 1:
        parser.error("--games and --max-plies must be at least 1, --seconds above 0")
    try:
        game = bridge.load(args.game, players=args.players)
    except MeeplesError as error:
        parser.error(str(error))
    clocks = (Clock(), Clock())
    wins = losses = draws = unfinished = 0
    for number in range(args.games):
        seat = number % 2
        returns = play(game, args.game, args.bot, seat, args.seconds, args.max_plies,
                       args.start_simulations, args.max_length, args.seed + number, clocks)
        if returns is None:
            unfinished += 1
            result = "unfinished"
        elif returns[seat] > 0 and sum(r > 0 for r in returns) == 1:
            wins += 1
            result = "win"
        elif returns[seat] < 0:
            losses += 1
            result = "loss"
        else:
            draws += 1
            result = "draw"
        print(f"game {number + 1}: {args.bot} in seat {seat}: {result}", flush=True)
    sims = clocks[1].simulations
    print(f"{args.bot} vs OpenSpiel MCTSBot, {args.game}, {args.seconds:g} s a move: "
          f"{wins} wins, {losses} losses, {draws} draws, {unfinished} unfinished")
    print(f"seconds a move: {args.bot} {clocks[0].mean():.2f}, MCTSBot {clocks[1].mean():.2f} "
          f"(simulations a move: mean {sum(sims) / max(len(sims), 1):.0f}, "
          f"max {max(sims, default=0)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
