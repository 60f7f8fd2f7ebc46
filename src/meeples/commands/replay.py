"""``meeples replay FILE``: step through a saved match, or print one step of it."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from meeples.commands._checks import regular_file
from meeples.core.errors import BadOptions
from meeples.terminal import output
from meeples.terminal.replay import show_step, step_through
from meeples.terminal.session import Ask, load_match


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay",
        help="step through a saved match",
        description="Step through a saved match (Enter or n next, p previous, a number jumps,"
        " q quits), or print one step with --to N or --final.",
    )
    parser.add_argument("file", help="a match saved by 'save FILE' in meeples play")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--to", type=int, metavar="N", help="print the board after N actions and exit"
    )
    where.add_argument("--final", action="store_true", help="print the final board and outcome")
    parser.add_argument(
        "--player", type=int, metavar="P",
        help="show what player P (1, 2, ...: player 1 moves in the first seat) saw instead "
        "of the spectator's view",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, console: Console | None = None, ask: Ask | None = None) -> int:
    """Replay a saved match; return the exit status.

    Raises:
        CorruptRecord: the file is not a match that replays.
        BadOptions: --to beyond the match, or --player not a player of it.
    """
    regular_file(args.file, "saved match")
    match = load_match(args.file)
    states = match.states()
    last = len(states) - 1
    # People count players from 1, as the board names them ("Red (player 1)"); the views and
    # the notation count seats from 0.
    if args.player is not None and not 1 <= args.player <= match.players:
        raise BadOptions(f"--player {args.player}: the match has players 1 to {match.players}")
    seat = None if args.player is None else args.player - 1
    console = console or output.console(highlight=False)
    if args.final or args.to is not None:
        index = last if args.final else args.to
        if not 0 <= index <= last:
            raise BadOptions(f"--to {index}: the match has steps 0 to {last}")
        show_step(console, states, index, player=seat, resigned=match.resigned)
        return 0
    step_through(states, console=console, ask=ask or console.input, player=seat,
                 resigned=match.resigned)
    return 0
