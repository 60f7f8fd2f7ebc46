"""Backups of an SQLite database, taken while the server runs, and their restoration.

A backup goes through SQLite's online backup API (``sqlite3.Connection.backup``): the copy is
one consistent snapshot, the server's writes go on meanwhile (in WAL mode a reader never blocks
a writer), and every committed action is in it. It is written beside its target under a
temporary name, checked (``PRAGMA quick_check``), made a single self-contained file (journal
mode DELETE: no ``-wal`` beside it), synced, and only then renamed over the target: a backup
cut short leaves nothing, and never half a file where an older backup was.

Files are precious: the target must be a regular file or nothing yet (:mod:`meeples.core.files`:
a folder, a device or a FIFO is refused, a symlink is followed), is checked before the copy
starts, and is never the database itself.

A restore copies a backup into the database through the same API, in one transaction (a
failure leaves the database as it was). It refuses a file that is no Meeples database, a damaged
one, one of a newer Meeples' schema, and, unless forced, a database that holds matches already.

PostgreSQL has its own tools for this (``pg_dump``, ``pg_restore``: ``docs/operations.md``).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from meeples.core import files
from meeples.core.errors import BadFile
from meeples.server import schema

HEADER = b"SQLite format 3\x00"


class BackupProblem(Exception):
    """A backup or a restore cannot be done; the message says why, in one line."""


@dataclass(frozen=True)
class Contents:
    """What a Meeples database holds, for the messages."""

    matches: int
    actions: int
    revision: str | None


def _connect(path: Path | str, read_only: bool = False) -> sqlite3.Connection:
    if read_only:
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    return sqlite3.connect(path, isolation_level=None)


def contents(connection: sqlite3.Connection) -> Contents:
    """Return what a connection's Meeples database holds.

    Raises:
        BackupProblem: it is no Meeples database, or damaged.
    """
    try:
        found = [row[0] for row in connection.execute("PRAGMA quick_check")]
        if found != ["ok"]:
            raise BackupProblem(f"it is damaged: {str(found[0])[:120] if found else '?'}")
        tables = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"matches", "actions"} <= tables:
            raise BackupProblem("it holds no Meeples matches (no 'matches' table)")
        matches = connection.execute("SELECT count(*) FROM matches").fetchone()[0]
        actions = connection.execute("SELECT count(*) FROM actions").fetchone()[0]
        revision = None
        if "alembic_version" in tables:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = None if row is None else str(row[0])
    except sqlite3.DatabaseError as problem:
        raise BackupProblem(f"it is not a usable SQLite database ({problem})") from None
    return Contents(int(matches), int(actions), revision)


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def check_target(target: str, database: Path) -> Path:
    """Return the path a backup will be written to, checked before the copy starts.

    Raises:
        BackupProblem: not a regular file or a new one in an existing folder, or the database
            itself (or its write-ahead log).
    """
    try:
        real = files.write_target(target)
    except BadFile as problem:
        raise BackupProblem(str(problem)) from None
    for own in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        if real == own.resolve() or _same_file(real, own):
            raise BackupProblem(f"{files.shorten(target)} is the database itself: a backup goes"
                                " to another file")
    return real


def backup(database: Path, target: str) -> tuple[Path, Contents]:
    """Copy a live SQLite database to target as one consistent file; return where it went and
    what it holds.

    Raises:
        BackupProblem: the target is refused (:func:`check_target`), the database is missing,
            not one or damaged, or the copy failed (the target is then as it was).
    """
    real = check_target(target, database)
    if not database.is_file():
        raise BackupProblem(f"there is no database at {files.shorten(str(database))}")
    partial = real.with_name(f".{real.name}.{secrets.token_hex(4)}.tmp")
    try:
        source = _connect(database)
        try:
            copy = _connect(partial)
            try:
                source.backup(copy)  # one step: one snapshot, whatever the server writes
                copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
                found = contents(copy)
            finally:
                copy.close()
        finally:
            source.close()
        with open(partial, "rb+") as written:
            os.fsync(written.fileno())
        check_target(str(real), database)  # it may have become something else meanwhile
        os.replace(partial, real)
    except sqlite3.Error as problem:
        raise BackupProblem(f"the copy failed: {problem}") from None
    except OSError as problem:
        raise BackupProblem(f"cannot write {files.shorten(str(real))}: "
                            f"{problem.strerror or problem}") from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()
    return real, found


def check_backup(path: str) -> Contents:
    """Return what a backup file holds.

    Raises:
        BackupProblem: not a regular file, no Meeples database, damaged, or of a schema this
            Meeples does not know (a newer release's).
    """
    try:
        head = _head(path)
    except BadFile as problem:
        raise BackupProblem(str(problem)) from None
    except OSError as problem:
        raise BackupProblem(f"cannot read {files.shorten(path)}: "
                            f"{problem.strerror or problem}") from None
    if head != HEADER:
        raise BackupProblem(f"{files.shorten(path)} is not an SQLite database")
    connection = _connect(path, read_only=True)
    try:
        found = contents(connection)
    finally:
        connection.close()
    if found.revision is not None and found.revision not in schema.known():
        raise BackupProblem(f"{files.shorten(path)} is at schema revision {found.revision},"
                            f" which this Meeples (at {schema.head()}) does not know")
    return found


def _head(path: str) -> bytes:
    """Return the first bytes of a regular file (refusing anything else, as files does)."""
    found = os.stat(path)
    kind = files.kind_of(found.st_mode)
    if kind is not None:
        raise BadFile(f"{files.shorten(path)} is {kind}, not a regular file")
    with open(path, "rb") as file:
        return file.read(len(HEADER))


def restore(path: str, database: Path, force: bool = False) -> Contents:
    """Copy a backup into the database (made if missing); return what it holds.

    Raises:
        BackupProblem: the backup is refused (:func:`check_backup`), the database is not a
            regular file, or it holds matches and force is not given.
    """
    found = check_backup(path)
    try:
        files.write_target(database)
    except BadFile as problem:
        raise BackupProblem(str(problem)) from None
    if _same_file(Path(path), database):
        raise BackupProblem("the backup is the database itself")
    if database.exists() and database.stat().st_size > 0:
        target = _connect(database)
        try:
            held = contents(target).matches
        except BackupProblem:
            held = -1  # a file that is no Meeples database: replaced only when forced
        finally:
            target.close()
        if held != 0 and not force:
            what = f"its {held} matches" if held > 0 else "what it holds"
            raise BackupProblem(
                f"{files.shorten(str(database))} is not empty: the restore would replace {what};"
                " stop the server, back it up, then add --force")
    source = _connect(path, read_only=True)
    try:
        target = _connect(database)
        try:
            source.backup(target)  # in one transaction on the target: all or nothing
        finally:
            target.close()
    except sqlite3.Error as problem:
        raise BackupProblem(f"the restore failed, the database is as it was: {problem}") from None
    finally:
        source.close()
    return found
