"""``meeples games``: list the registered games with their player counts and options."""

from __future__ import annotations

import argparse
from typing import Any

import meeples


def register(subparsers: Any) -> None:
    """Add the ``games`` subcommand."""
    parser = subparsers.add_parser("games", help="list the games and their rule options")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print every game, its player counts and options."""
    for name in meeples.game_names():
        game = meeples.load(name)
        low, high = game.min_players, game.max_players
        print(f"{name}: {game.title}, {low if low == high else f'{low}-{high}'} players")
        for option, spec in game.options.items():
            print(f"  {option}={spec.default!r}  {spec.help}")
    return 0
