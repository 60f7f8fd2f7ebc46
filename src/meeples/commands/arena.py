"""``meeples arena``: bots and levels play each other; win rates, intervals, Elo, JSON."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

import meeples
from meeples.ai import arena


def register(subparsers: Any) -> None:
    """Add the ``arena`` subcommand."""
    parser = subparsers.add_parser(
        "arena",
        help="bots play each other: win rates with 95%% intervals and Elo",
        description=(
            "Play a round robin (or a gauntlet: the first bot against each other one) of N "
            "seeded games per pairing and player count, seats alternated, over several "
            "processes. Bots are levels (easy, normal, hard) or specs such as random, "
            "heuristic, mcts:800, mcts:2s, ismcts:500, alphabeta:d3."
        ),
    )
    parser.add_argument("bots", nargs="+", metavar="BOT", help="two or more bots or levels")
    parser.add_argument("--game", default="sparta", help="the game (default: sparta)")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default: 20)")
    parser.add_argument(
        "--players", help="player counts, comma-separated (default: every count the game allows)"
    )
    parser.add_argument("--gauntlet", action="store_true", help="first bot against each other")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
    parser.add_argument(
        "--jobs", type=int, default=min(2, os.cpu_count() or 1), help="processes (default: 2)"
    )
    parser.add_argument("--json", metavar="FILE", help="write the full report (every game) here")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the arena and print its table."""
    console = Console()
    if len(args.bots) < 2:
        console.print("meeples arena: name at least two bots")
        return 2
    game = meeples.load(args.game)
    counts = (
        [int(x) for x in args.players.split(",")]
        if args.players
        else list(range(game.min_players, game.max_players + 1))
    )
    pairs = len(args.bots) - 1 if args.gauntlet else len(args.bots) * (len(args.bots) - 1) // 2
    total = pairs * len(counts) * args.games
    done = [0]

    def advance(progress: Progress, task: TaskID, record: dict[str, Any]) -> None:
        progress.advance(task)
        done[0] += 1
        if not console.is_terminal:  # a log file gets one line per game instead of the bar
            winners = ",".join(record["seats"][w] for w in record["winners"]) or "nobody"
            slowest = "/".join(f"{t:.2f}" for t in record["max_seconds_per_move"])
            print(f"game {done[0]}/{total}: {' vs '.join(record['seats'])}: {winners} wins "
                  f"({record['reason']}, {record['plies']} plies, "
                  f"longest moves {slowest} s)", flush=True)

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{args.game} arena", total=total)
        report = arena.run(
            args.game,
            args.bots,
            games_per_pairing=args.games,
            player_counts=counts,
            gauntlet=args.gauntlet,
            seed=args.seed,
            jobs=args.jobs,
            progress=lambda record: advance(progress, task, record),
        )
    print_report(console, report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n")
        console.print(f"report written to {args.json}")
    return 0


def print_report(console: Console, report: dict[str, Any]) -> None:
    """Print the pairings table and the ratings."""
    table = Table(title=f"{report['game']} {report['mode']}, {report['seconds']} s")
    for column in ("bot", "vs", "players", "games", "W-D-L", "score", "95% CI", "share"):
        table.add_column(column, justify="left" if column in ("bot", "vs") else "right")
    for row in report["pairings"]:
        low, high = row["ci95"]
        table.add_row(
            row["a"],
            row["b"],
            str(row["players"]),
            str(row["games"]),
            f"{row['wins']}-{row['others']}-{row['losses']}",
            f"{100 * row['win_rate']:.1f}%",
            f"{100 * low:.1f}-{100 * high:.1f}%",
            f"{row['share']:.2f} (1/n {row['baseline_share']:.2f})",
        )
    console.print(table)
    ratings = sorted(report["elo"].items(), key=lambda item: item[1], reverse=True)
    console.print("Elo: " + ", ".join(f"{name} {value:+.0f}" for name, value in ratings))
    slowest: dict[str, float] = {}
    for row in report["pairings"]:
        for name, seconds in ((row["a"], row["max_seconds_a"]), (row["b"], row["max_seconds_b"])):
            slowest[name] = max(slowest.get(name, 0.0), seconds)
    console.print("Longest move: " + ", ".join(f"{k} {v:.2f} s" for k, v in slowest.items()))
