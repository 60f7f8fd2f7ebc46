"""``meeples db``: the database's schema (upgrade, downgrade, current, history) and its backups
(backup, restore). See ``docs/operations.md`` for when to use each.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from meeples.commands._checks import shorten
from meeples.commands._database import add_db_option, database
from meeples.core.errors import BadOptions

PG_BACKUP = ("PostgreSQL is backed up with its own tools: pg_dump --format=custom --file FILE"
             " DATABASE (and restored with pg_restore --clean --if-exists --dbname DATABASE"
             " FILE): see docs/operations.md")


def register(subparsers: Any) -> None:
    """Add the ``db`` subcommand and its actions."""
    parser = subparsers.add_parser(
        "db", help="the database: schema upgrades, backups and restores",
        description="Upgrade the database's schema, show where it stands, back it up or"
        " restore a backup (docs/operations.md).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    upgrade = actions.add_parser("upgrade", help="bring the schema to this Meeples' revision")
    upgrade.add_argument("--to", default="head", metavar="REVISION",
                         help="stop at this revision (default: the newest)")
    downgrade = actions.add_parser(
        "downgrade", help="take the schema back to an older revision (drops what came after)")
    downgrade.add_argument("revision", help="the revision to go back to (see: meeples db history)")
    actions.add_parser("current", help="say at which schema revision the database is")
    actions.add_parser("history", help="list the schema revisions, oldest first")
    backup = actions.add_parser(
        "backup", help="copy an SQLite database to FILE, while the server runs")
    backup.add_argument("file", help="the backup to write (a new file, or a regular file)")
    restore = actions.add_parser(
        "restore", help="copy a backup into the database (stop the server first)")
    restore.add_argument("file", help="a backup made by 'meeples db backup'")
    restore.add_argument("--force", action="store_true",
                         help="replace a database that holds matches already")
    for sub in (upgrade, downgrade, actions.choices["current"], backup, restore):
        add_db_option(sub)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run one action of ``meeples db``."""
    action: str = args.action
    if action == "history":
        return history()
    if action in ("backup", "restore"):
        return copy(args)
    return revise(args)


def history() -> int:
    """Print the revisions, oldest first."""
    from meeples.server import schema

    for script in schema.history():
        # The docstring's first paragraph, on one line.
        first = " ".join((script.doc or "").strip().split("\n\n")[0].split())
        mark = "  (newest)" if script.revision == schema.head() else ""
        print(f"{script.revision}  {first}{mark}")
    return 0


def revise(args: argparse.Namespace) -> int:
    """Upgrade, downgrade or show the schema revision of the database."""
    from sqlalchemy.exc import SQLAlchemyError

    from meeples.server import schema

    url, shown = database(args)
    if args.action == "upgrade" and args.to != "head" and args.to not in schema.known():
        raise BadOptions(f"--to {shorten(args.to)!r} is no revision (see: meeples db history)")
    if args.action == "downgrade" and args.revision not in schema.known():
        raise BadOptions(f"{shorten(args.revision)!r} is no revision (see: meeples db history)")
    engine = schema.engine_for(url)
    try:
        if args.action == "current":
            with engine.connect() as connection:
                found = schema.standing(connection)
            print(f"{shown}: {found.hint() if found.kind != 'empty' else 'empty (no tables)'}")
            return 0
        if args.action == "upgrade":
            before, after = schema.upgrade(engine, args.to)
        else:
            before, after = schema.downgrade(engine, args.revision)
    except schema.SchemaProblem as problem:
        raise BadOptions(f"{shown}: {problem}") from None
    except SQLAlchemyError as problem:
        reason = str(getattr(problem, "orig", None) or problem).strip().splitlines()
        raise BadOptions(f"{shown}: {args.action} failed, nothing changed:"
                         f" {reason[0] if reason else type(problem).__name__}") from None
    finally:
        engine.dispose()
    if before == after:
        print(f"{shown}: already at revision {after}")
    else:
        print(f"{shown}: schema revision {before or 'none (before migrations)'} -> {after}")
    return 0


def copy(args: argparse.Namespace) -> int:
    """Back the database up to a file, or restore a file into it."""
    from meeples.server import backup

    url, shown = database(args, must_exist=args.action == "backup")
    if not url.startswith("sqlite:///"):
        raise BadOptions(PG_BACKUP if url.startswith("postgresql") else
                         "meeples db backup and restore work on SQLite files only")
    path = Path(shown)
    try:
        if args.action == "backup":
            written, found = backup.backup(path, args.file)
            size = written.stat().st_size
            print(f"{shorten(str(written))}: {_count(found.matches, 'match', 'matches')},"
                  f" {_count(found.actions, 'action', 'actions')},"
                  f" schema revision {found.revision or 'none'} ({size:,} bytes)")
        else:
            found = backup.restore(args.file, path, force=args.force)
            print(f"{shown}: restored {_count(found.matches, 'match', 'matches')},"
                  f" {_count(found.actions, 'action', 'actions')},"
                  f" schema revision {found.revision or 'none'}")
            _after_restore(found.revision)
    except backup.BackupProblem as problem:
        raise BadOptions(str(problem)) from None
    return 0


def _after_restore(revision: str | None) -> None:
    """Say what to do when the restored database is not at this Meeples' revision."""
    from meeples.server import schema

    if revision != schema.head():
        print(f"the backup's schema is at {revision or 'no revision'}, this Meeples' at"
              f" {schema.head()}: run 'meeples db upgrade' (or serve with --upgrade)",
              file=sys.stderr)


def _count(n: int, one: str, many: str) -> str:
    """Return n with its noun: "1 match", "2 matches" (the operator's report)."""
    return f"{n:,} {one if n == 1 else many}"
