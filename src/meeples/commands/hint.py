"""``meeples hint``: the best actions for the player to move, with calibrated chances and why.

What to analyse is told apart by its content, never by its look: a JSON object with a
``format`` or ``actions`` field is a saved match; anything else is a position text, of the game
``--game`` names, else of the game a JSON position names, else of the one game whose rules read
it. The argument is read as a file only when it names an existing regular file: a Meeple War
position is a line of JSON over a thousand characters long, which no file system takes as a
name.
"""

from __future__ import annotations

import argparse
import difflib
import json
from typing import Any

from rich.markup import escape

import meeples
from meeples.ai import Budget, hint
from meeples.commands._checks import (
    check_bot,
    is_regular_file,
    names_anything,
    parse_budget,
    read_text,
    regular_file,
    shorten,
    whole_number,
)
from meeples.core.errors import BadOptions, BadPosition, MeeplesError
from meeples.core.record import Match
from meeples.core.text import msg, render
from meeples.terminal import output, renderer_for


def register(subparsers: Any) -> None:
    """Add the ``hint`` subcommand."""
    parser = subparsers.add_parser(
        "hint",
        help="the best three actions for the player to move",
        description=(
            "Print the best actions for the player to move in a position text, a saved match "
            "(JSON record) or a file holding a position text, each with the chance that the "
            "mover wins after it (calibrated on bot games; '-' where the search did not look "
            "or the game has no calibration) and what it does for the mover."
        ),
    )
    parser.add_argument(
        "position", metavar="POSITION_OR_FILE",
        help="a position text of any game, or a file holding one or a saved match",
    )
    parser.add_argument("--game", help="the game (default: the one whose position it is)")
    parser.add_argument(
        "-n", type=whole_number(1), default=3, help="how many actions (default: 3)"
    )
    parser.add_argument(
        "--level", default="normal", help="the bot that thinks: a level or bot spec (normal)"
    )
    parser.add_argument("--budget", help="override its budget, e.g. 2s, d3, 800")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bot (default: 0)")
    parser.set_defaults(func=run)


def load_state(text: str, game_name: str | None = None) -> meeples.State[Any, Any]:
    """Return the state a position text, a match file or a position file describes.

    Raises:
        BadPosition, CorruptRecord: the text or file cannot be read as either.
        BadOptions: a missing or unreadable file, or a match of another game.
    """
    if is_regular_file(text):
        content = read_text(text, "match or position file")
        try:
            return state_of(content, game_name)
        except MeeplesError as error:
            raise type(error)(f"{shorten(text)}: {error}") from None
    if names_anything(text):
        regular_file(text)  # a folder or a device: names the problem
    try:
        return state_of(text, game_name)
    except BadPosition:
        word = text.strip()
        if word and not word.startswith("{") and not any(c.isspace() for c in word):
            # Every game's position has several fields or is a JSON object: a single word
            # was meant as a file name.
            raise BadOptions(f"{shorten(text)}: no such file (nor a position text)") from None
        raise


def state_of(content: str, game_name: str | None = None) -> meeples.State[Any, Any]:
    """Return the state a match record or a position text describes, told apart by content.

    Raises:
        BadPosition, CorruptRecord: neither a match that replays nor a position.
        BadOptions: a match or position of another game than ``game_name``.
    """
    content = content.strip()
    if not content:
        raise BadPosition(msg("core.bad.empty"))
    data = _json_object(content)
    if data is not None and ("format" in data or "actions" in data):
        match = Match.from_json(data)
        match.check_seed()
        if game_name is not None and match.game != game_name:
            raise BadOptions(f"the match is a {match.game} match, not {game_name}")
        return match.replay()
    named = data.get("game") if data is not None else None
    if isinstance(named, str) and named in meeples.game_names():
        if game_name is not None and named != game_name:
            raise BadOptions(f"the position is a {named} position, not {game_name}")
        game_name = named
    if game_name is not None:
        return meeples.load(game_name).parse(content)
    problems = []
    for name in meeples.game_names():
        try:
            return meeples.load(name).parse(content)
        except MeeplesError as error:
            problems.append((resemblance(content, name), f"{name}: {error}"))
    # The game the text looks most like first: a damaged Sparta position was answered with
    # Meeple War's "not JSON" first, the registry's order.
    problems.sort(key=lambda problem: -problem[0])
    raise BadPosition(msg("core.bad.no_game", problems="; ".join(p for _, p in problems)))


def resemblance(content: str, game_name: str) -> float:
    """Return how much a text looks like a position of a game, from 0 to 1: its likeness to the
    game's opening position (the start of each, where the formats differ most: Meeple War's
    JSON object, Rise of Tribes' name=value fields, Sparta's ranks)."""
    game = meeples.load(game_name)
    opening = game.new(players=game.min_players, seed=0).position()
    return difflib.SequenceMatcher(None, content[:200], opening[:200], autojunk=False).ratio()


def _json_object(content: str) -> dict[str, Any] | None:
    """Return the JSON object a text holds, or None."""
    if not content.startswith("{"):
        return None
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def run(args: argparse.Namespace) -> int:
    """Print the hints."""
    console = output.console()
    if args.game is not None:
        meeples.load(args.game)  # an unknown game is named before any file is read
    budget: Budget | None = parse_budget(args.budget) if args.budget is not None else None
    state = load_state(args.position, args.game)
    check_bot(state.game.name, args.level, [state.players])
    if state.to_move is None:
        console.print("the game is over: no hint")
        return 0
    found = hint(state, n=args.n, level=args.level, seed=args.seed, budget=budget)
    # Players named as ``meeples play`` names them (seat 0 is "Red (player 1)", "South"), in
    # the heading and in the descriptions alike; only the notation counts seats from 0.
    renderer = renderer_for(state.game.name)
    names = {p: renderer.player_name(p) for p in range(state.players)}
    console.print(f"{escape(state.game.title)}, {escape(names[state.to_move])} to move:")
    for rank, estimate in enumerate(found, 1):
        chance = "     -" if estimate.probability is None else f"{100 * estimate.probability:5.1f}%"
        why = "" if estimate.reason is None else f" ({render(estimate.reason, names=names)})"
        words = render(state.describe_message(estimate.action), names=names)
        console.print(
            f"{rank}. {escape(estimate.action):<10} {chance}  {escape(words + why)}",
            soft_wrap=True,  # one line per action, also in a file or a pipe
        )
    return 0
