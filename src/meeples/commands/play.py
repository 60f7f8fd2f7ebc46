"""``meeples play GAME``: play in the terminal, humans and bots at any seats."""

from __future__ import annotations

import argparse
import random
import shlex
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console

import meeples
from meeples.commands._checks import check_bot, regular_file
from meeples.core.chance import Dealer
from meeples.core.errors import BadOptions
from meeples.core.game import Game, State
from meeples.terminal import output
from meeples.terminal.help import ANYTIME, DEFAULT_ANYTIME
from meeples.terminal.seats import HUMAN, make_seats
from meeples.terminal.session import Ask, Session, load_match

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play in the terminal. Seats are humans sharing the keyboard, or bots.",
    )
    parser.add_argument(
        "game", nargs="?", help="the game (see: meeples games); optional with --load"
    )
    parser.add_argument("--players", type=int, help="number of players (default: 2, or as --seats)")
    parser.add_argument("--seed", type=int, help="seed of the setup and the bots (default: random)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a rule option, repeatable (see: meeples games)",
    )
    parser.add_argument("--vs", metavar="BOT", help="you take the first seat, this bot the others")
    parser.add_argument(
        "--seats", metavar="LIST", help="who sits where, in seat order, e.g. human,random,human"
    )
    parser.add_argument("--load", metavar="FILE", help="continue a saved match")
    parser.add_argument(
        "--anytime", choices=tuple(ANYTIME), default=DEFAULT_ANYTIME,
        help="when to ask about tokens and powers usable at any time: at every opportunity, "
        "only on your own turn, or never (default: 'use' at the prompt asks the next chance)",
    )
    parser.set_defaults(func=run)


def parse_options(game: Game[Any, Any], pairs: Sequence[str]) -> dict[str, Any]:
    """Return the options ``name=value`` texts give, typed after each option's default.

    Raises:
        BadOptions: a text without ``=``, an option given twice (the last would silently win),
            or a value of the wrong kind.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise BadOptions(f"--option takes NAME=VALUE, not {pair!r}")
        if name in options:
            raise BadOptions(f"--option {name} is given twice: give it once")
        spec = game.options.get(name)
        if spec is None:
            options[name] = value  # game.new names the unknown option and lists the known ones
        elif isinstance(spec.default, bool):
            if value.lower() in _TRUE | _FALSE:
                options[name] = value.lower() in _TRUE
            else:
                # An option may take more than true or false (Rise of Tribes' scenario_tiles
                # takes tile names, "Jungle,GL"): its own check says what it takes.
                options[name] = spec.check(name, value)
        elif isinstance(spec.default, int):
            try:
                options[name] = int(value)
            except ValueError:
                raise BadOptions(f"option {name!r} takes a whole number, not {value!r}") from None
        else:
            options[name] = value
    return options


def seat_labels(args: argparse.Namespace, players: int | None) -> list[str] | None:
    """Return the seat labels the arguments ask for (None: all human, any number of players).

    Raises:
        BadOptions: --vs with --seats, or --seats not matching --players.
    """
    if args.vs is not None and args.seats is not None:
        raise BadOptions("give either --vs or --seats, not both")
    if args.vs is not None and not args.vs.strip():
        raise BadOptions("--vs needs a bot (e.g. --vs random)")
    if args.seats is not None:
        labels = [s.strip() for s in args.seats.split(",") if s.strip()]
        if not labels:
            raise BadOptions("--seats names no seat (e.g. human,random)")
        if players is not None and len(labels) != players:
            raise BadOptions(f"--seats names {len(labels)} seats for {players} players")
        return labels
    if args.vs:
        count = players if players is not None else 2
        return [HUMAN] + [args.vs] * (count - 1)
    return None


def prepare(args: argparse.Namespace
            ) -> tuple[list[State[Any, Any]], list[str], tuple[tuple[int, int], ...]]:
    """Return the states to start from (a loaded match's whole history), the seat labels and
    the resignations of a loaded match (seat, actions played then).

    Raises:
        MeeplesError: unknown game, bad options or seats, a corrupt save file.
    """
    if args.load is not None:
        regular_file(args.load, "saved match")
        match = load_match(args.load)
        if args.game is not None and args.game != match.game:
            raise BadOptions(f"{args.load} holds a {match.game} match, not {args.game}")
        if args.seed is not None or args.option:
            raise BadOptions("--load takes the seed and options from the file: drop them")
        if args.players is not None and args.players != match.players:
            raise BadOptions(f"{args.load} holds a {match.players}-player match")
        states = match.states()
        saved = list(match.seats) if match.seats else [HUMAN] * match.players
        return states, seat_labels(args, match.players) or saved, match.resigned
    if args.game is None:
        raise BadOptions("name a game to play (see: meeples games), or --load FILE")
    game = meeples.load(args.game)
    options = parse_options(game, args.option)
    labels = seat_labels(args, args.players)
    players = args.players
    if players is None:
        players = len(labels) if labels else max(game.min_players, min(2, game.max_players))
    seed = args.seed if args.seed is not None else Dealer.fresh().seed  # secret, 256 bits
    state = game.new(players=players, seed=seed, **options)
    return [state], labels or [HUMAN] * players, ()


def run(args: argparse.Namespace, console: Console | None = None, ask: Ask | None = None) -> int:
    """Play a match in the terminal; return the exit status."""
    states, labels, resigned = prepare(args)
    state = states[-1]
    seats = make_seats(labels, state.game)
    for label in dict.fromkeys(seat.label for seat in seats if not seat.is_human):
        check_bot(state.game.name, label, [state.players])
    console = console or output.console(highlight=False)
    seed = args.seed if args.seed is not None else state.start.seed
    session = Session(
        state,
        seats,
        console=console,
        ask=ask or console.input,
        rng=random.Random(seed),
        history=states,
        anytime=getattr(args, "anytime", DEFAULT_ANYTIME),
        resigned=resigned,
    )
    if args.load is not None:
        session.saved = (args.load, len(state.history))
    if ask is None:
        _enable_line_editing()
    try:
        session.run()
    except KeyboardInterrupt:  # at the prompt or while a bot thinks
        print(f"meeples play: stopped (Ctrl-C). {resume_hint(session)}", file=sys.stderr)
        return 130
    return 0


def resume_hint(session: Session) -> str:
    """Return how to take up a match stopped by Ctrl-C: from the file it was last saved to or
    loaded from, or that it was not saved."""
    played = len(session.state.history)
    if session.saved is None:
        return "The match was not saved ('save FILE' at the prompt keeps one)."
    path, actions = session.saved
    since = "" if actions == played else f"; the {played - actions} action(s) after are lost"
    return (f"meeples play --load {shlex.quote(path)} resumes it from its {actions} saved "
            f"action(s){since}.")


def _enable_line_editing() -> None:
    """Give the prompt arrow keys and history where the platform has readline."""
    try:
        import readline  # noqa: F401  (importing it is what enables editing in input())
    except ImportError:
        pass
