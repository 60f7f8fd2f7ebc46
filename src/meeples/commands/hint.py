"""``meeples hint``: the best actions for the player to move, with the bot's estimates."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

import meeples
from meeples.ai import Budget, hint
from meeples.ai.levels import parse_budget
from meeples.core.record import Match


def register(subparsers: Any) -> None:
    """Add the ``hint`` subcommand."""
    parser = subparsers.add_parser(
        "hint",
        help="the best three actions for the player to move",
        description=(
            "Print the best actions for the player to move in a position text, a saved match "
            "(JSON record) or a file holding a position text, with the bot's estimate of the "
            "mover's share of the game (0: lost, 1: won)."
        ),
    )
    parser.add_argument("position", metavar="POSITION_OR_FILE")
    parser.add_argument("--game", default="sparta", help="the game (default: sparta)")
    parser.add_argument("-n", type=int, default=3, help="how many actions (default: 3)")
    parser.add_argument(
        "--level", default="normal", help="the bot that thinks: a level or bot spec (normal)"
    )
    parser.add_argument("--budget", help="override its budget, e.g. 2s, d3, 800")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bot (default: 0)")
    parser.set_defaults(func=run)


def load_state(game_name: str, text: str) -> meeples.State[Any, Any]:
    """Return the state a position text, a match file or a position file describes.

    Raises:
        BadPosition, CorruptRecord: the text or file cannot be read as either.
    """
    path = Path(text)
    if len(text) < 4096 and path.is_file():
        content = path.read_text()
        if content.lstrip().startswith("{"):
            match = Match.load(path)
            state = match.start()
            for action in match.actions:
                state = state.play(action)
            return state
        text = content.strip()
    return meeples.load(game_name).parse(text)


def run(args: argparse.Namespace) -> int:
    """Print the hints."""
    console = Console()
    state = load_state(args.game, args.position)
    if state.to_move is None:
        console.print("the game is over: no hint")
        return 0
    budget: Budget | None = parse_budget(args.budget) if args.budget else None
    found = hint(state, n=args.n, level=args.level, seed=args.seed, budget=budget)
    console.print(f"{state.game.title}, player {state.to_move} to move:")
    for rank, estimate in enumerate(found, 1):
        console.print(
            f"{rank}. {estimate.action:<10} {100 * estimate.value:5.1f}%  "
            f"{state.describe(estimate.action)}"
        )
    return 0
