"""``meeples learn GAME``: the game's guided first game in the terminal, the same lessons the
browser runs (:mod:`meeples.core.tutorial`), then play on against a bot."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

import meeples
from meeples.core.tutorial import tutorial
from meeples.terminal import output
from meeples.terminal.seats import HUMAN, make_seats
from meeples.terminal.session import Ask, Session


def register(subparsers: Any) -> None:
    """Add the ``learn`` subcommand."""
    parser = subparsers.add_parser(
        "learn",
        help="learn a game: a guided first game in the terminal",
        description="Learn a game: each lesson explains a rule and asks for one action; then "
        "the game goes on against a bot.",
    )
    parser.add_argument("game", help="the game (see: meeples games)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, console: Any = None, ask: Ask | None = None) -> int:
    """Run a game's tutorial; return the exit status."""
    try:
        game = meeples.load(args.game)
    except meeples.UnknownGame as problem:
        print(f"meeples learn: {problem}", file=sys.stderr)
        return 2
    lessons = tutorial(game.name)
    if lessons is None:
        print(f"meeples learn: {game.title} has no tutorial yet (meeples play {game.name} "
              "--vs easy plays a game against a bot)", file=sys.stderr)
        return 2
    state = lessons.start(game)
    labels = [HUMAN if seat == lessons.seat else lessons.then for seat in range(state.players)]
    console = console or output.console(highlight=False)
    session = Session(state, make_seats(labels, game), console=console,
                      ask=ask or console.input, rng=random.Random(0), lessons=lessons)
    try:
        session.run()
    except KeyboardInterrupt:
        print("meeples learn: stopped (Ctrl-C).", file=sys.stderr)
        return 130
    return 0
