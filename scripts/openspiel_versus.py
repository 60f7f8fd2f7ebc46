"""Play one of our bots against OpenSpiel's MCTSBot through the OpenSpiel bridge, at the same
time per move, and print the score.

    .venv/bin/python scripts/openspiel_versus.py                      # hard vs MCTSBot, Sparta
    .venv/bin/python scripts/openspiel_versus.py --games 10 --seconds 1 --max-plies 300

Both sides play through ``meeples.openspiel``: OpenSpiel's MCTSBot (random rollouts, UCT c = 2) on
the pyspiel state, our bot on the facade state it wraps, its choice applied by its id. Seats rotate
game by game (our bot in seat ``game mod players``, the MCTSBot in every other seat); at 3-4
players a win is a first place alone, a draw a shared one. Our bot is given ``--seconds`` a move
(with its level's depth cap); the MCTSBot has no clock, so its simulations are set move by move
from its speed on the move before (starting from ``--start-simulations``), to spend the same time
on average. The time each side really spent is printed. A game that reaches ``--max-plies`` is
stopped and counted apart (unfinished), as is one stopped by an action that the game's fixed
action table cannot number ("off_table", with the error: none is known since Meeple War names
its hexes by places);
each game is otherwise played to its end. ``--json FILE``
(checked before the first game) is rewritten after every game with every game so far and the score
with its 95% Wilson interval, so a long run that is stopped keeps what it played.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

import meeples.openspiel as bridge
from meeples.ai.arena import wilson
from meeples.ai.bot import Budget
from meeples.ai.levels import get_bot, levels
from meeples.commands._checks import output_file, write_output
from meeples.core.errors import IllegalAction, MeeplesError


@dataclass
class Clock:
    """Seconds spent and moves made by one side."""

    seconds: float = 0.0
    moves: int = 0
    simulations: list[int] = field(default_factory=list)
    longest: float = 0.0

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
            table = game.bridge.table
            action = (table.action_id(text, state.node.state.inner) if game.bridge.labels
                      else table.action_id(text))
            clock = clocks[0]
        else:
            bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=random_state)
            action = bot.step(state)
            clock = clocks[1]
            clock.simulations.append(simulations)
        spent = time.perf_counter() - started
        if clock is clocks[1]:  # the next search's simulations, for the same time as ours
            # at most doubled or halved a move: a forced or near-final move is quick and says
            # little of the next one's cost
            factor = min(2.0, max(0.5, seconds / max(spent, 1e-3)))
            simulations = max(2, round(simulations * factor))
        clock.seconds += spent
        clock.moves += 1
        clock.longest = max(clock.longest, spent)
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
    parser.add_argument("--json", metavar="FILE",
                        help="write the report (every game so far) here after each game")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or args.max_plies < 1:
        parser.error("--games and --max-plies must be at least 1, --seconds above 0")
    try:
        game = bridge.load(args.game, players=args.players)
        report_path = output_file(args.json) if args.json is not None else None
    except MeeplesError as error:
        parser.error(str(error))
    clocks = (Clock(), Clock())
    games: list[dict[str, Any]] = []
    report: dict[str, Any] = {
        "command": " ".join(["scripts/openspiel_versus.py", *(argv if argv is not None
                                                              else sys.argv[1:])]),
        "game": args.game, "players": args.players, "bot": args.bot,
        "opponent": "open_spiel.python.algorithms.mcts.MCTSBot (uct_c 2, random rollouts)",
        "seconds_a_move": args.seconds, "max_plies": args.max_plies,
        "max_length": args.max_length, "seed": args.seed,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "games": games,
    }
    for number in range(args.games):
        seat = number % args.players
        started = time.perf_counter()
        problem = None
        try:
            returns = play(game, args.game, args.bot, seat, args.seconds, args.max_plies,
                           args.start_simulations, args.max_length, args.seed + number, clocks)
        except IllegalAction as error:  # an action the fixed table cannot number (Meeple War)
            returns, problem = None, str(error)
        result = outcome(returns, seat, problem)
        games.append({"game": number, "seed": args.seed + number, "seat": seat,
                      "result": result, "returns": returns, "problem": problem,
                      "seconds": round(time.perf_counter() - started, 2)})
        print(f"game {number + 1}: {args.bot} in seat {seat}: {result}", flush=True)
        report["summary"] = summary(games, clocks, args.players)
        if report_path is not None:
            write_output(report_path, json.dumps(report, indent=1) + "\n")
    total = report["summary"]
    print(f"{args.bot} vs OpenSpiel MCTSBot, {args.game} ({args.players} players), "
          f"{args.seconds:g} s a move: {total['wins']} wins, {total['losses']} losses, "
          f"{total['draws']} draws, {total['unfinished']} unfinished, {total['off_table']} "
          f"stopped off the action table; score "
          f"{total['score']:.1%} (95% interval {total['interval'][0]:.1%}-"
          f"{total['interval'][1]:.1%})")
    print(f"seconds a move: {args.bot} {total['ours_seconds_a_move']:.2f} "
          f"(longest {total['ours_longest']:.2f}), MCTSBot {total['mcts_seconds_a_move']:.2f} "
          f"(simulations a move: mean {total['mcts_simulations_mean']:.0f}, "
          f"max {total['mcts_simulations_max']})")
    return 0


def outcome(returns: list[float] | None, seat: int, problem: str | None) -> str:
    """Return how one game ended for our bot's seat."""
    if problem is not None:
        return "off_table"  # an action with no id: the bridge cannot go on
    if returns is None:
        return "unfinished"
    if returns[seat] < max(returns):
        return "loss"
    return "win" if returns.count(max(returns)) == 1 else "draw"  # draw: first place shared


def summary(games: list[dict[str, Any]], clocks: tuple[Clock, Clock],
            players: int) -> dict[str, Any]:
    """Return the score so far: wins, draws (half a win), losses, the 95% Wilson interval."""
    count = {name: sum(g["result"] == name for g in games)
             for name in ("win", "loss", "draw", "unfinished", "off_table")}
    finished = len(games) - count["unfinished"] - count["off_table"]
    score = (count["win"] + count["draw"] / 2) / finished if finished else 0.0
    low, high = wilson(score * finished, finished) if finished else (0.0, 1.0)
    sims = clocks[1].simulations
    return {"wins": count["win"], "losses": count["loss"], "draws": count["draw"],
            "unfinished": count["unfinished"], "off_table": count["off_table"],
            "finished": finished, "score": score,
            "baseline": 1 / players, "interval": [low, high],
            "ours_seconds_a_move": clocks[0].mean(), "ours_longest": clocks[0].longest,
            "mcts_seconds_a_move": clocks[1].mean(), "mcts_longest": clocks[1].longest,
            "mcts_simulations_mean": sum(sims) / max(len(sims), 1),
            "mcts_simulations_max": max(sims, default=0)}


if __name__ == "__main__":
    sys.exit(main())
