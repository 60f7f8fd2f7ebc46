"""``meeples arena``: bots and levels play each other; win rates, intervals, Elo, JSON.

The JSON file is checked before the first game and rewritten as games finish (every few
seconds, ``"complete": false`` until the end): a run that fails late keeps what it played.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, TaskID
from rich.table import Table

import meeples
from meeples.ai import arena
from meeples.commands import DEFAULT_GAME
from meeples.commands._checks import (
    check_bot,
    output_file,
    progress_bar,
    shorten,
    whole_number,
    write_output,
)
from meeples.core.errors import BadOptions
from meeples.core.game import Game
from meeples.terminal import output

#: More processes than this only queue for the same cores (and each loads every game).
MAX_JOBS = 64
#: Seconds between two rewrites of the JSON report while games finish.
WRITE_EVERY = 5.0


def register(subparsers: Any) -> None:
    """Add the ``arena`` subcommand."""
    parser = subparsers.add_parser(
        "arena",
        help="bots play each other: win rates with 95%% intervals and Elo",
        description=(
            "Play a round robin (or a gauntlet: the first bot against each other one) of N "
            "seeded games per pairing and player count, seats alternated, over several "
            "processes. Bots are levels (easy, normal, hard) or specs such as random, "
            "heuristic, mcts:800, mcts:2s, ismcts:500, alphabeta:d3, policy:FILE, "
            "net:FILE,s64."
        ),
    )
    parser.add_argument("bots", nargs="+", metavar="BOT", help="two or more bots or levels")
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"the game (default: {DEFAULT_GAME})")
    parser.add_argument(
        "--games", type=whole_number(1), default=20, help="games per pairing (default: 20)"
    )
    parser.add_argument(
        "--players", help="player counts, comma-separated (default: every count the game allows)"
    )
    parser.add_argument("--gauntlet", action="store_true", help="first bot against each other")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
    parser.add_argument(
        "--jobs", type=whole_number(1, MAX_JOBS), default=min(2, os.cpu_count() or 1),
        help="processes (default: 2)",
    )
    parser.add_argument("--json", metavar="FILE", help="write the full report (every game) here")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the arena and print its table."""
    console = output.console()
    game = meeples.load(args.game)
    if len(args.bots) < 2:
        raise BadOptions("name at least two bots")
    twice = sorted({bot for bot in args.bots if args.bots.count(bot) > 1})
    if twice:
        raise BadOptions(f"bot {twice[0]!r} is named twice (each bot plays the others)")
    counts = player_counts(game, args.players)
    report_path = output_file(args.json) if args.json is not None else None
    for bot in args.bots:
        check_bot(args.game, bot, counts)
    pairs = len(args.bots) - 1 if args.gauntlet else len(args.bots) * (len(args.bots) - 1) // 2
    total = pairs * len(counts) * args.games
    done = [0]
    pairings, _ = arena.schedule(args.game, args.bots, args.games, counts, args.gauntlet,
                                 args.seed)
    played: list[dict[str, Any]] = []
    last_write = [time.monotonic()]

    def save_partial() -> None:
        """Write the games so far (``"complete": false``): a run that fails later keeps them."""
        if report_path is None:
            return
        ordered = sorted(played, key=lambda r: (r["pairing"], r["index"]))
        partial = {"format": "meeples-arena/1", "game": args.game, "entrants": list(args.bots),
                   "complete": False, "games_played": len(ordered),
                   **arena.summarise(pairings, ordered), "games": ordered}
        write_json(report_path, partial)

    save_partial()  # the file holds a valid (empty) report before the first game

    def advance(progress: Progress, task: TaskID, record: dict[str, Any]) -> None:
        progress.advance(task)
        done[0] += 1
        played.append(record)
        if time.monotonic() - last_write[0] >= WRITE_EVERY:
            last_write[0] = time.monotonic()
            save_partial()
        if not console.is_terminal:  # a log file gets one line per game instead of the bar
            winners = ",".join(record["seats"][w] for w in record["winners"]) or "nobody"
            slowest = "/".join(f"{t:.2f}" for t in record["max_seconds_per_move"])
            print(f"game {done[0]}/{total}: {' vs '.join(record['seats'])}: {winners} wins "
                  f"({record['reason']}, {record['plies']} plies, "
                  f"longest moves {slowest} s)", flush=True)

    try:
        with progress_bar(console) as progress:
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
    except KeyboardInterrupt:
        # Every game counted so far goes to the file, so the count said matches the file's.
        save_partial()
        kept = f", kept in {escape(args.json)}" if report_path is not None else ""
        console.print(f"stopped after {len(played)} of {total} games{kept}", soft_wrap=True)
        return 130
    print_report(console, report)
    if report_path is not None:
        write_json(report_path, {**report, "complete": True})
        console.print(f"report written to {escape(args.json)}")
    return 0


def player_counts(game: Game[Any, Any], text: str | None) -> list[int]:
    """Return the player counts ``--players`` names, or every count the game allows.

    Raises:
        BadOptions: not whole numbers separated by commas, a count the game does not allow,
            or a count named twice.
    """
    if text is None:
        return list(range(game.min_players, game.max_players + 1))
    counts = []
    for part in text.split(","):
        try:
            count = int(part)
        except ValueError:
            raise BadOptions(
                f"--players takes player counts separated by commas (e.g. 2,3), not "
                f"{shorten(text)!r}"
            ) from None
        game.check_options(count, {})  # names the counts the game allows
        if count in counts:
            raise BadOptions(f"--players names {count} twice")
        counts.append(count)
    return counts


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


def report_text(report: dict[str, Any]) -> str:
    """Return a report as JSON text with one line per top-level field and one line per element
    of a list field (a game, a setting): about half the size of indented JSON, and a diff of two
    runs still shows which games changed."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    fields = []
    for key, value in report.items():
        if isinstance(value, list) and value:
            items = ",\n  ".join(compact(item) for item in value)
            fields.append(f"{compact(key)}: [\n  {items}\n ]")
        else:
            fields.append(f"{compact(key)}: {compact(value)}")
    return "{\n " + ",\n ".join(fields) + "\n}\n"


def write_json(path: Path, report: dict[str, Any]) -> None:
    """Write a report whole (atomically, through a symlink to its target, never over anything
    but a regular file: a reader never sees half a report).

    Raises:
        BadOptions: the file cannot be written.
    """
    write_output(path, report_text(report))
