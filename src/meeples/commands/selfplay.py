"""``meeples selfplay GAME``: many games between bots, over processes or a Ray cluster, saved as
match records (``meeples replay`` opens them) with a JSON summary kept up to date.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.markup import escape

import meeples
from meeples.ai import selfplay
from meeples.commands._checks import check_bot, progress_bar, shorten, whole_number
from meeples.core import files
from meeples.core.errors import BadFile, BadOptions
from meeples.core.record import Match
from meeples.terminal import output

#: More local processes than this only queue for the same cores (and each loads every game).
MAX_PROCESSES = 64
SUMMARY = "summary.json"
FORMAT = "meeples-selfplay/1"
#: The summary is rewritten at most this often while games finish (and at the end).
SUMMARY_EVERY_SECONDS = 1.0


def register(subparsers: Any) -> None:
    """Add the ``selfplay`` subcommand."""
    parser = subparsers.add_parser(
        "selfplay",
        help="generate games between bots over processes or a Ray cluster, saved as records",
        description=(
            "Play N seeded games between bots (game i from seed SEED+i, the bots rotated by i "
            "so that each plays every seat) over local processes, or as tasks on a Ray cluster "
            "with --ray (pip install 'meeples[ray]'). Each game is saved in DIR as a match "
            "record that 'meeples replay' opens; DIR/summary.json is written before the first "
            "game and kept up to date."
        ),
    )
    parser.add_argument("game", help="the game (see: meeples games)")
    parser.add_argument("--games", type=whole_number(1), required=True, help="games to play")
    parser.add_argument(
        "--bots", required=True, metavar="A,B",
        help="bots or levels, comma-separated: one for every seat, or one per seat "
        "(e.g. random,mcts:800 or normal)",
    )
    parser.add_argument(
        "--players", type=whole_number(1), help="players per game (default: the game's fewest)"
    )
    parser.add_argument("--seed", type=whole_number(0), default=0,
                        help="seed of the first game (default: 0)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        # No default here: argparse takes a value equal to the default for one not given, and
        # would let --processes 2 pass beside --ray.
        "--processes", type=whole_number(1, MAX_PROCESSES),
        help="local processes (default: 2, or 1 on a machine with one core)",
    )
    where.add_argument(
        "--ray", metavar="ADDRESS",
        help="run the games on the Ray cluster at ADDRESS (host:port, 'auto' for the one "
        "running here, 'local' to start one in this process)",
    )
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="folder for the records and summary.json (created if missing)")
    parser.set_defaults(func=run)


def output_folder(path: str) -> Path:
    """Return the folder ``--out`` names, checked before any work starts, not yet created.

    Raises:
        BadOptions: an empty name, a file, a folder that already holds a self-play run, a
            missing parent folder, or a folder that cannot be written.
    """
    shown = shorten(path)
    if not path or "\0" in path:
        raise BadOptions("--out needs a folder name")
    folder = Path(path)
    try:
        exists, is_dir = folder.exists(), folder.is_dir()
        parent = folder.resolve().parent
        parent_is_dir = parent.is_dir()
        holds_run = is_dir and (folder / SUMMARY).exists()
    except (OSError, ValueError) as error:
        raise BadOptions(f"--out {shown}: {error}") from None
    if exists and not is_dir:
        raise BadOptions(f"--out {shown} is not a folder")
    if holds_run:
        raise BadOptions(f"--out {shown} already holds a self-play run ({SUMMARY}): name another")
    if not exists and not parent_is_dir:
        raise BadOptions(f"--out {shown}: the folder {shorten(str(parent))} does not exist")
    probe = (folder if exists else parent) / f".meeples-selfplay-probe-{os.getpid()}"
    try:
        probe.mkdir()
        probe.rmdir()
    except OSError as error:
        reason = error.strerror or str(error)
        raise BadOptions(f"--out {shown}: cannot write there ({reason})") from None
    return folder


def record_name(index: int) -> str:
    """Return the file name of game ``index``'s record."""
    return f"game-{index:06d}.json"


def check_records(folder: Path, tasks: list[selfplay.Task]) -> None:
    """Refuse, before the first game, a folder where a record or the summary would be written
    over something that is not a regular file (a FIFO, a device, a folder of that name).

    Raises:
        BadOptions: one of the names is taken by something else than a regular file.
    """
    if not folder.is_dir():
        return  # created empty
    for name in [SUMMARY, *(record_name(task.index) for task in tasks)]:
        try:
            files.write_target(folder / name)
        except BadFile as error:
            raise BadOptions(f"--out {error}") from None


def run(args: argparse.Namespace) -> int:
    """Play the games, save them, and keep the summary."""
    console = output.console()
    game = meeples.load(args.game)
    players = game.min_players if args.players is None else args.players
    game.check_options(players, {})
    try:
        bots = selfplay.split_bots(args.bots)
        tasks = selfplay.schedule(args.game, bots, args.games, players, args.seed)
    except ValueError as error:
        raise BadOptions(str(error)) from None
    for spec in dict.fromkeys(bots):
        check_bot(args.game, spec, [players])
    folder = output_folder(args.out)
    check_records(folder, tasks)
    processes = args.processes or min(2, os.cpu_count() or 1)
    ray = _connect(args.ray) if args.ray is not None else None
    folder.mkdir(exist_ok=True)
    summary = Summary(folder / SUMMARY, {
        "format": FORMAT,
        "game": args.game,
        "players": players,
        "bots": bots,
        "seed": args.seed,
        "games_planned": args.games,
        "processes": None if ray else processes,
        "ray": args.ray,
    })
    played: Iterator[selfplay.Played] = (
        selfplay.run_ray(ray, tasks) if ray else selfplay.run_local(tasks, processes)
    )
    every = max(1, args.games // 20)
    with progress_bar(console) as progress:
        bar = progress.add_task(f"{args.game} self-play", total=args.games)
        try:
            for result in played:
                name = record_name(result.summary["index"])
                Match.from_json(result.record).save(folder / name)
                summary.add({**result.summary, "file": name})
                progress.advance(bar)
                done = len(summary.games)
                if not console.is_terminal and (done % every == 0 or done == args.games):
                    print(f"{done}/{args.games} games", flush=True)
        except BaseException as error:
            status = "interrupted" if isinstance(error, KeyboardInterrupt) else "failed"
            summary.finish(status, None if status == "interrupted" else repr(error))
            raise
    summary.finish("done")
    totals = summary.data
    wins = ", ".join(f"{bot} {count}" for bot, count in totals["wins"].items())
    console.print(
        f"{totals['games']} games in {totals['seconds']} s ({totals['games_per_s']} games/s): "
        f"wins {wins}, draws {totals['draws']}, mean {totals['mean_plies']} plies; "
        f"records and {SUMMARY} in {escape(str(folder))}"
    )
    return 0


def _connect(address: str) -> Any:
    """Return ray connected to the cluster at ``address``.

    Raises:
        BadOptions: ray is not installed, or no cluster answers there.
    """
    try:
        return selfplay.connect_ray(address)
    except ImportError:
        raise BadOptions("--ray needs Ray: pip install 'meeples[ray]'") from None
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as error:
        raise BadOptions(f"--ray {shorten(address)}: cannot connect ({error})") from None


class Summary:
    """The run's JSON summary, rewritten (atomically) as games finish, at most once a second."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header
        self.games: list[dict[str, Any]] = []
        self.started = time.time()
        self.status = "running"
        self.error: str | None = None
        self._written = 0.0
        self.data: dict[str, Any] = {}
        self.write()

    def add(self, line: dict[str, Any]) -> None:
        """Count a finished game; rewrite the file if a second has passed."""
        self.games.append(line)
        if time.monotonic() - self._written >= SUMMARY_EVERY_SECONDS:
            self.write()

    def finish(self, status: str, error: str | None = None) -> None:
        """Write the final summary."""
        self.status, self.error = status, error
        self.write()

    def write(self) -> None:
        """Write the summary as it stands."""
        seconds = time.time() - self.started
        games = sorted(self.games, key=lambda line: int(line["index"]))
        self.data = {
            **self.header,
            "status": self.status,
            "started": _iso(self.started),
            "updated": _iso(time.time()),
            "seconds": round(seconds, 1),
            **selfplay.tally(games, self.header["bots"]),
            "games_per_s": round(len(games) / seconds, 2) if seconds > 0 else None,
            "error": self.error,
            "records": games,
        }
        files.write_text(self.path, json.dumps(self.data, indent=1) + "\n")
        self._written = time.monotonic()


def _iso(seconds: float) -> str:
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).isoformat(timespec="seconds")
