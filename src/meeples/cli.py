"""The ``meeples`` command. Each subcommand lives in its own module of ``meeples.commands``,
exposing ``register(subparsers)`` that adds its parser and sets ``func(args) -> int``; modules
whose name starts with ``_`` hold shared helpers.

Bad input of any kind ends in one line on stderr naming the problem, and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from importlib import metadata
from typing import NoReturn

import meeples.commands
from meeples.core.errors import MeeplesError


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (argparse prints the usage first)."""

    def error(self, message: str) -> NoReturn:
        """Print the problem on one line with where to find help; exit with status 2."""
        self.exit(2, f"{self.prog}: {one_line(message)} (see: {self.prog} --help)\n")


def one_line(text: str) -> str:
    """Return a message on one line (some library messages span several)."""
    return " ".join(part.strip() for part in text.splitlines() if part.strip())


def version() -> str:
    """Return the installed version of Meeples, or ``unknown`` when run from a bare checkout."""
    try:
        return metadata.version("meeples")
    except metadata.PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """Return the parser with every subcommand found in ``meeples.commands``."""
    parser = Parser(prog="meeples", description="Meeples: board games, exactly.")
    parser.add_argument("--version", action="version", version=f"meeples {version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    infos = pkgutil.iter_modules(meeples.commands.__path__)
    for info in sorted(infos, key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"meeples.commands.{info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version and argument errors
        return 0 if done.code is None else done.code if isinstance(done.code, int) else 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except MeeplesError as error:
        print(f"meeples {args.command}: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``meeples games | head -1``): stop quietly, and keep Python
        # from failing again when it flushes stdout on exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
