"""``meeples balance``: a bot plays itself per setting; wins by seat, lengths, points by source.

The output files are checked before the first game starts, and the JSON report is rewritten as
games finish (every few seconds and at the end, ``"complete": false`` until then): a run that
is stopped or fails after an hour still leaves what it played, and ``--resume`` goes on from
it, playing only the games it lacks (or, with a larger ``--games``, extends it).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

import meeples
from meeples.ai import balance
from meeples.commands._checks import (
    check_bot,
    output_file,
    progress_bar,
    read_text,
    shorten,
    whole_number,
    write_output,
)
from meeples.commands.arena import MAX_JOBS, WRITE_EVERY, player_counts, write_json
from meeples.core.errors import BadOptions
from meeples.terminal import output


def register(subparsers: Any) -> None:
    """Add the ``balance`` subcommand."""
    parser = subparsers.add_parser(
        "balance",
        help="a bot plays itself: wins by seat, game length, points by source",
        description=(
            "Play N seeded games per setting (a player count and a set of rule options) with "
            "the same bot in every seat, over several processes, and report the share of wins "
            "of each seat and place in the turn order with 95% intervals, the length in "
            "rounds, the games that reach the round limit and the points by source."
        ),
    )
    parser.add_argument("game", metavar="GAME", help="the game")
    parser.add_argument(
        "--bot", default="hard", help="the bot in every seat: a level or bot spec (hard)"
    )
    parser.add_argument(
        "--games", type=whole_number(1), default=200, help="games per setting (default: 200)"
    )
    parser.add_argument(
        "--players", help="player counts, comma-separated (default: every count the game allows)"
    )
    parser.add_argument(
        "--setting", action="append", metavar="OPTIONS",
        help=(
            "rule options of one setting, e.g. default, quickstart, events=classic12,elders "
            "(repeatable; default: the defaults and each option changed alone)"
        ),
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
    parser.add_argument(
        "--jobs", type=whole_number(1, MAX_JOBS), default=min(2, os.cpu_count() or 1),
        help="processes (default: 2)",
    )
    parser.add_argument("--json", metavar="FILE", help="write the report (every game) here")
    parser.add_argument(
        "--resume", action="store_true",
        help="go on from the --json report of the same run stopped before its end, or extend "
             "it with a larger --games: its games are kept, the others played",
    )
    parser.add_argument("--markdown", metavar="FILE", help="write the report as Markdown here")
    parser.set_defaults(func=run)


def settings_of(game_name: str, players: str | None, texts: list[str] | None
                ) -> list[balance.Setting]:
    """Return the settings the options name: every player count times every option set.

    Raises:
        BadOptions: a bad player count, an unknown option or value, a setting named twice.
    """
    game = meeples.load(game_name)
    counts = player_counts(game, players)
    if texts is None:
        variants = balance.option_variants(game)
    else:
        variants = [balance.parse_setting_options(game, text) for text in texts]
        if len(set(variants)) != len(variants):
            raise BadOptions("--setting names the same options twice")
    settings = []
    played: set[tuple[int, str]] = set()
    for count in counts:
        for options in variants:
            full = game.check_options(count, dict(options))
            # Without --setting, a variant that plays the same game as one before it at this
            # player count (Meeple War's quick start, whose default stands for the rulebook's
            # setup at 3 and 4 players) is played once; a named setting is always played.
            key = (count, repr(sorted(full.items())))
            if texts is None and key in played:
                continue
            played.add(key)
            settings.append(balance.Setting(count, options))
    return settings


def run(args: argparse.Namespace) -> int:
    """Play the balance run, print its tables, write its files."""
    console = output.console()
    settings = settings_of(args.game, args.players, args.setting)
    json_path = output_file(args.json) if args.json is not None else None
    markdown_path = (
        output_file(args.markdown, "--markdown") if args.markdown is not None else None
    )
    check_bot(args.game, args.bot, sorted({s.players for s in settings}))
    command = "meeples " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if (
        sys.argv[1:2] == ["balance"]) else None
    run_ = balance.Balance(args.game, args.bot, settings, args.games, args.seed, args.jobs)
    total = len(settings) * args.games
    if args.resume:
        kept = resume(run_, json_path)
        console.print(f"{kept} of {total} games kept from {escape(args.json)}")
    last_write = [time.monotonic()]

    def save(report: dict[str, Any]) -> None:
        if json_path is not None:
            report["command"] = command
            write_json(json_path, report)

    if json_path is not None:
        save(run_.report())  # the file holds a valid (empty) report from the start

    def advance(progress: Progress, task: Any, record: dict[str, Any]) -> None:
        progress.advance(task)
        if not console.is_terminal:  # a log file gets one line per game instead of the bar
            setting = settings[record["setting"]]
            winners = ",".join(str(w) for w in record["winners"]) or "nobody"
            print(f"game {len(run_.records)}/{total} ({setting.name}, seed {record['seed']}): "
                  f"seat {winners} wins ({record['reason']}, {record['rounds']} rounds)",
                  flush=True)
        if time.monotonic() - last_write[0] >= WRITE_EVERY:
            last_write[0] = time.monotonic()
            save(run_.report())

    try:
        with progress_bar(console) as progress:
            task = progress.add_task(f"{args.game} balance ({args.bot})", total=total)
            report = run_.play(progress=lambda record: advance(progress, task, record))
    except KeyboardInterrupt:
        save(run_.report())
        where = f", kept in {escape(args.json)}: the same command with --resume goes on" if (
            json_path is not None) else ""
        console.print(f"stopped after {len(run_.records)} of {total} games{where}", soft_wrap=True)
        return 130
    save(report)
    print_report(console, report)
    if json_path is not None:
        console.print(f"report written to {escape(args.json)}")
    if markdown_path is not None:
        write_output(markdown_path, balance.markdown(report, command), "--markdown")
        console.print(f"markdown written to {escape(args.markdown)}")
    return 0


def resume(run_: balance.Balance, path: Path | None) -> int:
    """Take over the games of the report of a run stopped before its end; return how many.

    Raises:
        BadOptions: no --json, or its file cannot be read or is not this run's report.
    """
    if path is None:
        raise BadOptions("--resume goes on from the --json report: give --json")
    name = shorten(str(path))
    text = read_text(str(path), "--json")
    try:
        return run_.resume(json.loads(text))
    except json.JSONDecodeError as error:
        raise BadOptions(f"--json {name}: not JSON ({error.msg}, line {error.lineno})"
                         ) from None
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise BadOptions(f"--json {name}: cannot resume: {error}") from None


def print_report(console: Console, report: dict[str, Any]) -> None:
    """Print the wins by seat and turn order, and the lengths."""
    table = Table(title=f"{report['game']} balance, {report['bot']}, {report['seconds']} s")
    for column in ("setting", "games", "wins by seat", "by turn order", "rounds", "at limit"):
        table.add_column(column, justify="left" if column == "setting" else "right")
    for row in report["settings"]:
        if not row["games"]:
            continue
        table.add_row(
            row["name"],
            str(row["games"]),
            " ".join(f"{100 * r['rate']:.0f}%" for r in row["seats"]),
            " ".join(f"{100 * r['rate']:.0f}%" for r in row["turn_order"]),
            f"{row['rounds']['mean']}",
            f"{row['at_limit']['games']}",
        )
    console.print(table)
    for item in balance.findings(report):
        console.print(escape(item))
