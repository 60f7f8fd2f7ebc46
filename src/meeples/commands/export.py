"""``meeples export --out FOLDER``: a server's finished matches whose players allowed it, as a
Parquet dataset with its data card (:mod:`meeples.server.dataset`)."""

from __future__ import annotations

import argparse
from typing import Any

from meeples.commands._checks import whole_number
from meeples.commands._database import add_db_option, open_store
from meeples.core.errors import BadOptions


def register(subparsers: Any) -> None:
    """Add the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="write the finished matches players allowed as a research dataset (Parquet)",
        description="Write a server's finished matches whose players allowed it at creation"
        " (\"research\": true) as a dataset: matches.parquet (records, seats anonymised,"
        " outcomes), decisions-GAME.parquet (per decision the player's observation, mask,"
        " action and final return, as meeples.env gives them) and README.md, its data card."
        " Needs pyarrow (the extra 'data').",
    )
    add_db_option(parser)
    parser.add_argument("--out", required=True, metavar="FOLDER",
                        help="a new or empty folder to write into (nothing is ever replaced)")
    parser.add_argument("--game", action="append", metavar="GAME",
                        help="only this game's matches (repeatable; default: every game)")
    parser.add_argument("--limit", type=whole_number(1), default=None, metavar="N",
                        help="at most the N newest eligible matches of the database")
    parser.add_argument("--relative-actions", action="store_true",
                        help="action ids relative to the deciding player, as the environments'"
                        " relative_actions=True")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Export; print what was written; return 0.

    Raises:
        BadOptions: pyarrow missing, an unknown game, or an output that is not a new or empty
            folder (checked before any work).
    """
    import meeples
    from meeples.core.errors import MeeplesError
    from meeples.server.dataset import check_folder, eligible, export
    from meeples.server.store import DamagedMatch

    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise BadOptions("meeples export needs pyarrow: pip install 'meeples[data]'") from None
    games = None
    if args.game:
        games = {meeples.load(name).name for name in args.game}
    try:
        folder = check_folder(args.out)
    except MeeplesError as problem:
        raise BadOptions(str(problem)) from None
    store, shown = open_store(args)
    try:
        ids = store.list_ids(finished=True)
        wanted = damaged = 0

        def found() -> Any:
            nonlocal wanted, damaged
            for match_id in ids:
                if args.limit is not None and wanted >= args.limit:
                    return
                try:
                    stored = store.load(match_id)
                except DamagedMatch:
                    damaged += 1
                    continue
                if stored is None or (games is not None and stored.game not in games):
                    continue
                if eligible(stored) is None:
                    wanted += 1
                yield stored

        done = export(found(), folder, relative_actions=args.relative_actions)
    finally:
        store.close()
    if damaged:
        done.skip("damaged in the database", damaged)
    for game in sorted(done.matches):
        print(f"{game}: {done.matches[game]} matches, {done.decisions[game]} decisions")
    if not done.matches:
        print(f"no match of {shown} is in the dataset")
    for why, count in sorted(done.skipped.items()):
        print(f"left out: {count} ({why})")
    print(f"wrote {', '.join(done.files)} in {folder}")
    return 0
