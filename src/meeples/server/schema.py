"""The database's schema revision: where a database stands in the history, and the upgrade.

The history is Alembic's (``meeples/server/migrations``, shipped in the package): revision 0001
is the 0.1.0 release's schema (2026-11-24), each later one a change since. A database records
its revision in Alembic's table ``alembic_version``. Four kinds of database meet the server:

- **empty**: :func:`prepare` makes the newest tables at once and records the newest revision
  (what the whole history would make: ``tests/server/test_migrations.py`` checks it);
- **current**: at the newest revision, served as it is;
- **behind**: at an older revision, refused with a one-line hint (``meeples db upgrade``, or
  ``meeples serve --upgrade``), because a migration changes tables other workers, a backup
  script or an older release may still use: the operator chooses the moment;
- **unversioned**: made before migrations existed (``Store._add_columns`` added columns as
  they came). :func:`upgrade` adopts it: revision 0001 fills in whatever part of the 0.1.0
  schema it lacks, the later revisions whose columns it already has are recorded as done
  (their ``MARKS``), and the rest run as for any database ("stamp, then upgrade").

A database at a revision this Meeples does not know (a newer release's) is refused too.
On PostgreSQL an upgrade holds a transaction-level advisory lock, so workers or hosts started
together with ``--upgrade`` upgrade one after another (the later ones find nothing to do).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import Script, ScriptDirectory
from sqlalchemy import create_engine, event, inspect
from sqlalchemy.engine import Connection, Engine

from meeples.server.store import DatabaseProblem
from meeples.server.tables import metadata

SCRIPTS = Path(__file__).resolve().parent / "migrations"
#: The first revision: the schema of the 0.1.0 release.
BASELINE = "0001"
#: The advisory lock an upgrade holds on PostgreSQL ("meeples" in ASCII, as a number).
UPGRADE_LOCK = 0x6D656570_6C6573


class SchemaProblem(DatabaseProblem):
    """The database is at another revision than this Meeples' (older, newer or unrecorded)."""


@dataclass(frozen=True)
class Standing:
    """Where a database stands: its recorded revision (None: none) and whether it has tables."""

    revision: str | None
    tables: bool
    head: str

    @property
    def kind(self) -> str:
        """Return "empty", "current", "behind", "unversioned" or "unknown" (a newer release's)."""
        if self.revision is None:
            return "unversioned" if self.tables else "empty"
        if self.revision == self.head:
            return "current"
        return "behind" if self.revision in known() else "unknown"

    def hint(self) -> str:
        """Return one line saying where the database stands and what to do."""
        if self.kind == "behind":
            return (f"the database's schema is at revision {self.revision}, older than this"
                    f" Meeples' {self.head}: back it up, then run 'meeples db upgrade' (or"
                    " 'meeples serve --upgrade')")
        if self.kind == "unversioned":
            return ("the database was made before schema migrations (Meeples 0.1.0 or a"
                    " development version): back it up, then run 'meeples db upgrade' (or"
                    " 'meeples serve --upgrade')")
        if self.kind == "unknown":
            return (f"the database's schema is at revision {self.revision}, which this Meeples"
                    f" (at {self.head}) does not know: a newer Meeples made it")
        return f"the database's schema is at revision {self.head}, this Meeples' own"


@functools.cache
def scripts() -> ScriptDirectory:
    """Return the migrations shipped with this Meeples (read once per process)."""
    return ScriptDirectory.from_config(_config())


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    """Return the newest revision."""
    found = scripts().get_current_head()
    assert found is not None, "the migrations have no head"
    return found


@functools.cache
def known() -> frozenset[str]:
    """Return every revision of the history."""
    return frozenset(script.revision for script in scripts().walk_revisions())


def history() -> list[Script]:
    """Return the revisions, oldest first."""
    return list(reversed(list(scripts().walk_revisions())))


def standing(connection: Connection) -> Standing:
    """Return where the database of a connection stands."""
    revision = MigrationContext.configure(connection).get_current_revision()
    tables = "matches" in inspect(connection).get_table_names()
    return Standing(revision, tables, head())


def engine_for(url: str) -> Engine:
    """Return an engine for upgrading the database at url: on SQLite, each transaction begins
    with ``BEGIN IMMEDIATE``, so that the migration's DDL is inside it and a failure leaves
    nothing half done (Python's sqlite3 opens transactions only before DML by itself) and no
    other writer can come in between."""
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":

        def autocommit(connection: Any, record: Any) -> None:
            connection.isolation_level = None  # we say BEGIN ourselves

        def begin(connection: Connection) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        event.listen(engine, "connect", autocommit)
        event.listen(engine, "begin", begin)
    return engine


def _lock(connection: Connection) -> None:
    """Keep upgrades of one PostgreSQL database apart (released with the transaction)."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({UPGRADE_LOCK})")


def prepare(engine: Engine) -> None:
    """Make an empty database at the newest revision; accept a current one.

    Raises:
        SchemaProblem: the database is behind, unversioned or of a newer release (the message
            says what to do).
    """
    with engine.begin() as connection:
        found = standing(connection)
        if found.kind != "current":
            # Another process (a second worker started at once) may be making this database:
            # its tables and revision come in one commit, but the two reads of standing() can
            # fall on either side of it and show tables without a revision. Read again after
            # its upgrade lock (PostgreSQL) before believing anything but "current".
            _lock(connection)
            found = standing(connection)
        if found.kind == "empty":
            metadata.create_all(connection)
            MigrationContext.configure(connection).stamp(scripts(), "head")
            return
        if found.kind != "current":
            raise SchemaProblem(found.hint())


def adopt(connection: Connection) -> str:
    """Record the revision of a database made before migrations (see the module docstring);
    return it.

    Revision 0001 makes the parts of the 0.1.0 schema it lacks; each later revision whose
    ``MARKS`` (the columns it adds) are all there is recorded as done, in order.
    """
    command.upgrade(_config(connection), BASELINE)
    reached = BASELINE
    inspector = inspect(connection)
    for script in history():
        if script.revision == BASELINE:
            continue
        marks = getattr(script.module, "MARKS", None)
        if not marks or not all(
            column in {c["name"] for c in inspector.get_columns(table)}
            for table, column in marks
        ):
            break
        reached = script.revision
    MigrationContext.configure(connection).stamp(scripts(), reached)
    return reached


def upgrade(engine: Engine, target: str = "head") -> tuple[str | None, str]:
    """Bring a database to a revision (the newest by default), adopting one made before
    migrations; return its revision before and after (None: it had none).

    engine: from :func:`engine_for` (on SQLite, the upgrade is then one transaction).

    Raises:
        SchemaProblem: the database is at a revision this Meeples does not know.
        sqlalchemy.exc.SQLAlchemyError: a migration failed (nothing of it stays: each upgrade
            is one transaction, on SQLite as on PostgreSQL).
    """
    with engine.begin() as connection:
        _lock(connection)
        found = standing(connection)
        if found.kind == "unknown":
            raise SchemaProblem(found.hint())
        before = found.revision
        if found.kind == "unversioned":
            adopt(connection)
        command.upgrade(_config(connection), target)
        after = standing(connection).revision
    assert after is not None
    return before, after


def downgrade(engine: Engine, target: str) -> tuple[str | None, str]:
    """Take a database back to an older revision (what the later ones added is dropped);
    return its revision before and after.

    Raises:
        SchemaProblem: the database is not at a revision of this history.
    """
    with engine.begin() as connection:
        _lock(connection)
        found = standing(connection)
        if found.kind not in ("current", "behind"):
            raise SchemaProblem(found.hint())
        command.downgrade(_config(connection), target)
        after = standing(connection).revision
    assert after is not None
    return found.revision, after
