"""The ``meeples`` command. Each subcommand lives in its own module of ``meeples.commands``,
exposing ``register(subparsers)`` that adds its parser and sets ``func(args) -> int``."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import meeples.commands
from meeples.core.errors import MeeplesError


def build_parser() -> argparse.ArgumentParser:
    """Return the parser with every subcommand found in ``meeples.commands``."""
    parser = argparse.ArgumentParser(prog="meeples", description="Meeples: board games, exactly.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(meeples.commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"meeples.commands.{info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except MeeplesError as error:
        print(f"meeples: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
