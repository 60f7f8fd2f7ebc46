"""Checks of command-line input that several subcommands share.

Each check turns bad input into one line naming the problem: argparse types raise
``argparse.ArgumentTypeError`` (``meeples hint: argument -n: ...``), the others raise
:class:`~meeples.core.errors.BadOptions`, which ``meeples.cli.main`` prints with exit status 2.
They run before any long work starts: an arena must not play for an hour and then find that
its report cannot be written.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import meeples
from meeples.ai import Budget, get_bot, hint
from meeples.ai.levels import parse_budget as read_budget
from meeples.core import files
from meeples.core.errors import BadFile, BadOptions, MeeplesError
from meeples.core.files import MAX_INPUT_BYTES
from meeples.core.files import shorten as shorten  # shared with the commands


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """Return an argparse type accepting whole numbers from ``low`` (to ``high``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"takes a whole number, not {text!r}") from None
        if value < low or (high is not None and value > high):
            span = f"{low} or more" if high is None else f"{low} to {high}"
            raise argparse.ArgumentTypeError(f"must be {span}, not {value}")
        return value

    return parse


def number(positive: bool) -> Callable[[str], float]:
    """Return an argparse type accepting finite numbers above 0 (``positive``) or from 0."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"takes a number, not {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"takes a finite number, not {text!r}")
        if value < 0 or (positive and value == 0):
            bound = "more than 0" if positive else "0 or more"
            raise argparse.ArgumentTypeError(f"must be {bound}, not {text}")
        return value

    return parse


def regular_file(path: str, what: str = "file") -> Path:
    """Return the path of an existing regular file of sensible size.

    Raises:
        BadOptions: missing, a folder, a device or pipe, too large, or unreadable.
    """
    shown = shorten(path)
    if not path:
        raise BadOptions(f"an empty text names no {what}")
    found = Path(path)
    try:
        is_dir, exists, is_file = found.is_dir(), found.exists(), found.is_file()
        size = found.stat().st_size if is_file else 0
    except (OSError, ValueError) as error:
        raise BadOptions(f"cannot read {shown}: {_reason(error)}") from None
    if is_dir:
        raise BadOptions(f"{shown} is a folder, not a {what}")
    if not exists:
        raise BadOptions(f"{shown}: no such {what}")
    if not is_file:
        raise BadOptions(f"{shown} is not a regular file")
    if size > MAX_INPUT_BYTES:
        raise BadOptions(
            f"{shown} is too large ({size} bytes; a {what} has at most {MAX_INPUT_BYTES})"
        )
    return found


def read_text(path: str, what: str = "file") -> str:
    """Return the text of an existing regular file (UTF-8).

    Raises:
        BadOptions: the file is missing, too large, unreadable or not text.
    """
    found = regular_file(path, what)
    try:
        return files.read_bytes(found).decode("utf-8")
    except BadFile as error:  # it changed since it was looked at
        raise BadOptions(str(error)) from None
    except UnicodeDecodeError:
        raise BadOptions(f"{shorten(path)} is not a text file (not UTF-8)") from None


def _file_name(text: str) -> Path | None:
    """Return the path a text names, or None for a text no file can be named (empty, a NUL
    or a line break inside)."""
    if not text or "\0" in text or "\n" in text:
        return None
    return Path(text)


def is_regular_file(text: str) -> bool:
    """Return whether ``text`` names an existing regular file, never raising (a 1000-character
    position text is too long a name: ``is_file`` would raise OSError)."""
    path = _file_name(text)
    try:
        return path is not None and path.is_file()
    except (OSError, ValueError):
        return False


def names_anything(text: str) -> bool:
    """Return whether ``text`` names anything in the file system (a file, a folder, a device),
    never raising."""
    path = _file_name(text)
    try:
        return path is not None and path.exists()
    except (OSError, ValueError):
        return False


def output_file(path: str, option: str = "--json") -> Path:
    """Return the path of a file that can be written, checked before any work starts.

    A symlink is followed (the save writes through it to its target); the target must be a
    regular file or not exist yet. The file is not changed: an existing file is opened to append
    nothing, a new one is created and removed again (``os.access`` says yes to root even on a
    read-only disk).

    Raises:
        BadOptions: the folder is missing or not writable, or the path names a folder, a
            device, a FIFO or a socket.
    """
    shown = shorten(path)
    if not path:
        raise BadOptions(f"{option} needs a file name, not an empty text")
    target = Path(path)
    try:
        is_dir, exists = target.is_dir(), target.exists()
        folder = Path(os.path.realpath(target)).parent
        folder_exists, folder_is_dir = folder.exists(), folder.is_dir()
    except (OSError, ValueError) as error:
        raise BadOptions(f"{option} {shown}: {_reason(error)}") from None
    if is_dir:
        raise BadOptions(f"{option} {shown} is a folder, not a file")
    if not folder_exists:
        raise BadOptions(f"{option} {shown}: the folder {shorten(str(folder))} does not exist")
    if not folder_is_dir:
        raise BadOptions(f"{option} {shown}: {shorten(str(folder))} is not a folder")
    try:
        real = files.write_target(target)
    except BadFile as error:
        raise BadOptions(f"{option} {error}") from None
    try:
        if exists:
            with real.open("a"):  # a regular file: opening never blocks
                pass
        else:
            with real.open("x"):
                pass
            real.unlink()
    except OSError as error:
        raise BadOptions(f"{option} {shown}: cannot write there ({_reason(error)})") from None
    return target


def write_output(path: Path, text: str, option: str = "--json") -> None:
    """Write ``text`` to a file checked by :func:`output_file`: through a symlink, atomically,
    never over anything but a regular file.

    Raises:
        BadOptions: the write failed all the same (the disk filled up, the folder went away, the
            path became a device or a FIFO).
    """
    try:
        files.write_text(path, text)
    except BadFile as error:
        raise BadOptions(f"{option} {error}") from None


#: The most a bot may think per move when a person names its budget: an hour, ten million
#: iterations (MCTS runs some thousands a second: hours), 40 plies (alphabeta's search grows
#: by the branching factor, about 10 to 100, at each ply: 6 plies already take minutes). A
#: larger budget never answers in a session anyone waits for.
MAX_SECONDS = 3600.0
MAX_ITERATIONS = 10_000_000
MAX_DEPTH = 40


def check_budget(budget: Any, where: str) -> None:
    """Refuse a bot budget of no time, no iterations, no depth, or more than anyone waits for
    (anything but a :class:`Budget` passes: bots without one).

    Raises:
        BadOptions: a limit that is 0, negative, not finite, or above the bounds above.
    """
    if not isinstance(budget, Budget):
        return
    seconds, iterations, depth = budget.seconds, budget.iterations, budget.depth
    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        raise BadOptions(f"{where}: seconds must be a finite number above 0, not {seconds}")
    if seconds is not None and seconds > MAX_SECONDS:
        raise BadOptions(f"{where}: seconds must be at most {MAX_SECONDS:g} (an hour a move), "
                         f"not {seconds:g}")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise BadOptions(f"{where}: iterations must be 1 to {MAX_ITERATIONS:,}, not {iterations}")
    if depth is not None and not 1 <= depth <= MAX_DEPTH:
        raise BadOptions(f"{where}: depth must be 1 to {MAX_DEPTH}, not {depth}")


def parse_budget(text: str) -> Budget:
    """Return the budget of a ``--budget`` text, checked.

    Raises:
        BadOptions: not a budget, or limits out of range.
    """
    try:
        budget = read_budget(text)
    except ValueError as error:
        raise BadOptions(str(error)) from None
    check_budget(budget, f"budget {shorten(text)!r}")
    return budget


def _bot_options(bot: Any, where: str) -> None:
    """Refuse tuning values no bot can use (shares outside 0-1, negative or endless numbers)."""
    for name in ("greedy", "blunder"):
        value = getattr(bot, name, None)
        if isinstance(value, float) and not 0.0 <= value <= 1.0:
            raise BadOptions(f"{where}: the {name} share must be 0 to 1, not {value:g}")
    exploration = getattr(bot, "exploration", None)
    if isinstance(exploration, float) and not (math.isfinite(exploration) and exploration >= 0):
        raise BadOptions(f"{where}: the exploration constant must be 0 or more, not {exploration}")
    rollout = getattr(bot, "rollout", None)
    if isinstance(rollout, int) and rollout < 0:
        raise BadOptions(f"{where}: the random plies must be 0 or more, not {rollout}")


def check_bot(game: str, spec: str, player_counts: Iterable[int]) -> None:
    """Refuse a bot that does not exist or cannot play ``game`` at these player counts.

    Each count gets a trial: the bot ranks the opening with the smallest budget (a few
    milliseconds), the same call that ``hint`` makes, so a bot that only plays two-player games
    of perfect information is refused here rather than at its first move.

    Raises:
        BadOptions: an unknown bot, a malformed spec, or a bot this game cannot seat.
        UnknownGame: no such game.
    """
    where = f"bot {spec!r}"
    try:
        bot = get_bot(game, spec)
    except MeeplesError:
        raise
    except ValueError as error:
        message = str(error)
        raise BadOptions(message if repr(spec) in message else f"{where}: {message}") from None
    check_budget(getattr(bot, "budget", None), where)
    _bot_options(bot, where)
    tiny = Budget(seconds=0.05, iterations=1, depth=1)
    for players in player_counts:
        state = meeples.load(game).new(players=players, seed=0)
        try:
            hint(state, n=1, level=spec, budget=tiny)
        except MeeplesError:
            raise
        except ValueError as error:
            raise BadOptions(f"{where} cannot play {game} at {players} players: {error}") from None


def _reason(error: BaseException) -> str:
    """Return the reason of an OS error without the path it repeats."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__



def progress_bar(console: Console) -> Progress:
    """Return the progress bar of the long commands (arena, balance, self-play): a description,
    the bar, done of total and the time elapsed, gone once the work ends."""
    return Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=console, transient=True,
    )
