"""The database a maintenance command works on (``meeples db``, ``meeples admin``): chosen as
``meeples serve`` chooses it, checked the same way, and never created by a typo.

The server modules are imported only when a command runs: ``meeples --help`` imports every
command module, and the metrics (prometheus-client) must not be loaded before ``meeples serve
--workers`` has chosen their multiprocess folder.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from meeples.commands._checks import shorten
from meeples.core.errors import BadOptions

if TYPE_CHECKING:
    from meeples.server.store import Store

DB_HELP = ("SQLite file or SQLAlchemy URL (default: $MEEPLES_DATABASE_URL, else $MEEPLES_DB,"
           " else ./meeples.db)")


def add_db_option(parser: Any) -> None:
    """Add ``--db`` as ``meeples serve`` has it."""
    parser.add_argument("--db", default=None, help=DB_HELP)


def database(args: argparse.Namespace, must_exist: bool = True) -> tuple[str, str]:
    """Return the URL of the database asked for and how to show it (no password).

    Raises:
        BadOptions: an empty --db, a malformed URL, a driver not installed, an SQLite file
            that is not one or (must_exist) that does not exist.
    """
    from meeples.commands.serve import check_database, database_source
    from meeples.server.store import database_url

    if args.db is not None and not args.db.strip():
        raise BadOptions("--db needs an SQLite file name or a database URL, not an empty text")
    url = database_url(args.db)
    shown = check_database(url, database_source(args.db))
    if must_exist and url.startswith("sqlite:///") and not os.path.exists(shown):
        raise BadOptions(f"there is no database at {shorten(shown)} (meeples serve makes one;"
                         " --db names another)")
    return url, shown


def open_store(args: argparse.Namespace) -> tuple[Store, str]:
    """Return the store of the database asked for (at this Meeples' schema) and its name.

    Raises:
        BadOptions: as :func:`database`, or the database cannot be used (damaged, out of date:
            the line says what to do).
    """
    from meeples.server.store import DatabaseProblem, Store

    url, shown = database(args)
    try:
        return Store(url), shown
    except DatabaseProblem as problem:
        raise BadOptions(f"{shown}: {problem}") from None
