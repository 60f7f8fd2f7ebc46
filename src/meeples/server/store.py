"""Persistence of matches: each match record and every accepted action, through SQLAlchemy.

SQLite by default (a file, created on first start); any SQLAlchemy URL otherwise, e.g.
``postgresql+psycopg://user:password@host/meeples`` from ``MEEPLES_DATABASE_URL``. A match is
its setup (game, players, seed, options or start position, seats) plus its action list, one row
per action, so a restarted server replays each record to the exact same state.

Undoing takes actions out of ``actions`` and keeps them, with when and by whom, in ``undone``:
nothing a player did is lost. The tables are defined in :mod:`meeples.server.tables` and change
only through migrations (:mod:`meeples.server.schema`): a fresh database is made at the newest
revision, and one at an older revision is refused with a hint until ``meeples db upgrade``;
columns added since a row was stored read as their defaults.

Several workers on one database (:mod:`meeples.server.cluster`) each write only the matches
they hold, and the database itself refuses a writer that was replaced: ``writers`` numbers the
turns of each match's writer (its epoch), a worker that takes a match over bumps it
(:meth:`Store.take_writer`), and every write of a fenced match checks, in its own transaction
and under the row's lock, that the epoch is still the one this store holds (else
:class:`Deposed`, and nothing is written).

A database that cannot be trusted is refused at start (:meth:`Store.check`: SQLite's
``PRAGMA quick_check`` and a write that is rolled back), with one line saying why. A single
damaged record is isolated: it is left out of listings, loading it raises
:class:`DamagedMatch`, and it is reported in the log once.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, func, insert, literal, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from meeples.core.game import ANYTIME_SETTINGS, DEFAULT_ANYTIME
from meeples.server import chat_store
from meeples.server.clocks import Clocks, TimeControl
from meeples.server.tables import (
    accounts,
    actions,
    events,
    matches,
    metadata,
    seat_accounts,
    undone,
    writers,
)

__all__ = ["ActionRow", "DamagedMatch", "DatabaseProblem", "Deposed", "MatchEvent", "NOT_WRITER",
           "Seat", "Store", "StoredMatch", "actions", "database_url", "events", "matches",
           "metadata", "undone", "writers"]

DEFAULT_DB = "meeples.db"
log = logging.getLogger("meeples.server")


class DatabaseProblem(Exception):
    """The database cannot be used: not a database, damaged, unreachable or read-only."""


class Deposed(Exception):
    """This worker no longer writes a match: another one took it over (nothing was written)."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"match {match_id} is written by another worker now")
        self.match_id = match_id


class DamagedMatch(Exception):
    """One match's record cannot be read back (the rest of the database is fine)."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"match {match_id} cannot be loaded: its record is damaged")
        self.match_id = match_id


def _one_line(problem: BaseException) -> str:
    """Return the first line of a database error, without SQLAlchemy's statement and links."""
    original = getattr(problem, "orig", None)
    text = str(original if original is not None else problem)
    return text.strip().splitlines()[0] if text.strip() else type(problem).__name__

def _write_ahead(connection: Any, record: Any) -> None:
    """Put a SQLite file in write-ahead-log mode (once; the file keeps it), synchronous FULL.

    A commit in the default rollback-journal mode creates, syncs and deletes a journal file:
    1.3-1.6 ms of CPU and ~20 ms of wall time per action stored on our machine, the largest
    part of the server's CPU per move. In WAL mode a commit appends to the log and syncs it once
    (0.45-0.55 ms of CPU, 4-6 ms of wall time). ``synchronous`` stays FULL, so an action
    acknowledged after its commit survives a power loss too, as before (NORMAL would be cheaper
    still, 0.15 ms, but a committed action could be lost with the machine). A read-only file
    keeps its mode (the pragma is refused; :meth:`Store.check` says it cannot be written).
    """
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    except sqlite3.Error:  # a read-only or busy file: left as it is
        pass
    finally:
        cursor.close()
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA synchronous=FULL")
    finally:
        cursor.close()


#: The epoch of a match this store was deposed from, or never held: every write is refused.
NOT_WRITER = -1


@dataclass
class Seat:
    """One seat of a match: who plays it and the hash of its secret token."""

    kind: str  # "human" or "bot"
    level: str | None = None
    name: str = ""
    token_hash: str | None = None
    joined: bool = False
    open: bool = False
    #: When the server declines "at any time" decisions for this seat (``ANYTIME_SETTINGS``).
    anytime: str = DEFAULT_ANYTIME
    #: The player asked to use what they hold: the next "at any time" decision is put to them.
    armed: bool = False
    #: The id of the account the seat is bound to (:mod:`meeples.server.accounts`), or None.
    #: Kept in the table ``seat_accounts``, not in the seat's JSON.
    account: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the seat as JSON-ready data (with the token hash: for the database only; the
        account it is bound to is stored apart, in ``seat_accounts``)."""
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token_hash": self.token_hash,
            "joined": self.joined,
            "open": self.open,
            "anytime": self.anytime,
            "armed": self.armed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """Return the seat stored as JSON data."""
        return cls(
            kind=data["kind"],
            level=data.get("level"),
            name=data.get("name", ""),
            token_hash=data.get("token_hash"),
            joined=bool(data.get("joined", False)),
            open=bool(data.get("open", False)),
            # Seats stored before the setting existed (or with a value no longer known) get
            # the default.
            anytime=anytime if (anytime := data.get("anytime")) in ANYTIME_SETTINGS else (
                DEFAULT_ANYTIME),
            armed=data.get("armed") is True,
        )


#: The arguments of one :meth:`Store.append_action`: match id, ply, seat, action, result, passed,
#: bot, epoch, clocks.
ActionRow = tuple[str, int, int | None, str, dict[str, Any] | None, bool, bool, int | None,
                  Clocks | None]


@dataclass(frozen=True)
class MatchEvent:
    """Something that happened to a match besides its actions (:data:`events`)."""

    kind: str  # "resign", "warm", "back", "rematch"
    seat: int | None
    ply: int
    at: float
    level: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class StoredMatch:
    """A match as stored: its setup, seats and actions."""

    id: str
    game: str
    players: int
    seed: int | None
    options: dict[str, Any] | None
    position: str | None
    seats: list[Seat]
    created: float
    finished: bool = False
    result: dict[str, Any] | None = None
    actions: list[str] = field(default_factory=list)
    #: For each action: whether the server passed it for its seat (anytime setting).
    passed: list[bool] = field(default_factory=list)
    #: For each action: whether a bot decided it for its seat (never undone by its player).
    bots: list[bool] = field(default_factory=list)
    #: "slow", "normal" or "fast" (None: normal): how long the bots wait before each decision.
    bot_speed: str | None = None
    #: How many actions were ever taken back, and by how many undos.
    undone: int = 0
    undos: int = 0
    #: Whether players may ask for hints (None: a match stored before the setting: allowed).
    hints: bool | None = None
    #: Seconds a joined human seat may stay with no connection before a bot of ``warm_level``
    #: plays it until someone holding it is back (None: never).
    warm_after: float | None = None
    warm_level: str | None = None
    #: The id of the rematch offered at the end of this match.
    rematch: str | None = None
    #: When the last action or event was stored (None: nothing yet; see ``created``).
    moved: float | None = None
    events: list[MatchEvent] = field(default_factory=list)
    #: The version of the game's rules the match is played under (``Rules.rules_version``): a
    #: new match gives its game's; a row stored before versions existed reads as 1.
    rules_version: int = 1
    #: The game whose tutorial this match is (its scripted lessons, then play against bots).
    tutorial: str | None = None
    #: The client address that created the match (None: unknown).
    address: str | None = None
    #: Its players allow the finished match into the research dataset (``meeples export``).
    research: bool = False
    #: The time control (None: an untimed match) and the clocks (:mod:`meeples.server.clocks`).
    clock: TimeControl | None = None
    clocks: Clocks | None = None
    #: None: not rated; else how far its rating is (:mod:`meeples.server.ratings`).
    rating: str | None = None
    #: Who reads the table chat: "players", "table" or "off" (:mod:`meeples.server.chat`).
    chat: str = "players"
    #: The chat's last messages (not hidden), oldest first, and the seats each seat muted.
    chat_log: list[chat_store.Written] = field(default_factory=list)
    chat_mutes: dict[int, set[int]] = field(default_factory=dict)


def database_url(db: str | None = None) -> str:
    """Return the database URL: ``MEEPLES_DATABASE_URL``, else SQLite at db or ``$MEEPLES_DB``."""
    url = os.environ.get("MEEPLES_DATABASE_URL")
    if url and db is None:
        return url
    path = db or os.environ.get("MEEPLES_DB") or DEFAULT_DB
    if "://" in path:
        return path
    if path == ":memory:":
        return "sqlite://"
    return f"sqlite:///{Path(path).expanduser().resolve()}"


class Store:
    """The match database. Every method is synchronous; the server calls it from a thread.

    Raises:
        DatabaseProblem: (on creation) the database cannot be opened or given its tables.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._reported: set[str] = set()
        self._reporting = threading.Lock()
        #: The writer epoch held for each fenced match (see :meth:`take_writer`); the writes
        #: of a match not in here are not checked (one process alone on its database).
        self.fences: dict[str, int] = {}
        if url == "sqlite://":
            self.engine: Engine = create_engine(
                url, connect_args={"check_same_thread": False}, poolclass=StaticPool
            )
        elif url.startswith("sqlite"):
            self.engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", _write_ahead)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        try:
            # A fresh database is made at the newest revision; one at another is refused.
            from meeples.server import schema

            schema.prepare(self.engine)
        except DatabaseProblem:
            self.engine.dispose()
            raise
        except SQLAlchemyError as problem:
            self.engine.dispose()
            raise DatabaseProblem(f"the database cannot be opened: {_one_line(problem)}") from None

    def check(self) -> None:
        """Check that the database reads whole (SQLite: ``PRAGMA quick_check``) and takes writes.

        Raises:
            DatabaseProblem: it is damaged or read-only, with what the database said.
        """
        try:
            with self.engine.connect() as conn:
                if self.engine.dialect.name == "sqlite":
                    found = [
                        line
                        for row in conn.exec_driver_sql("PRAGMA quick_check")
                        for line in str(row[0]).splitlines()
                        if line.strip() and not line.startswith("***")  # "*** in database main"
                    ]
                    if found != ["ok"]:
                        first = found[0] if found else "no answer to PRAGMA quick_check"
                        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
                        raise DatabaseProblem(f"the database is damaged: {first}{more}")
        except SQLAlchemyError as problem:
            raise DatabaseProblem(f"the database cannot be read: {_one_line(problem)}") from None
        try:
            with self.engine.connect() as conn:
                writing = conn.begin()
                # A write that changes nothing, rolled back: refused by a read-only database.
                conn.execute(update(matches).where(matches.c.id == "").values(finished=False))
                writing.rollback()
        except SQLAlchemyError as problem:
            raise DatabaseProblem(f"the database cannot be written: {_one_line(problem)}") from None

    def report_damaged(self, match_id: str, problem: BaseException) -> None:
        """Log that a match cannot be loaded, once per match."""
        with self._reporting:
            if match_id in self._reported:
                return
            self._reported.add(match_id)
        log.error("match %s cannot be loaded and is left out: %r", match_id, problem)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def take_writer(self, match_id: str, worker: str) -> int:
        """Become the writer of a match: bump its epoch, fence its writes with it, return it.

        Every write of the previous writer that committed is visible once this returns (its
        transaction held the row's lock), and every later one is refused (:class:`Deposed`).
        """
        for attempt in range(3):
            try:
                with self.engine.begin() as conn:
                    epoch = conn.execute(
                        select(writers.c.epoch).where(writers.c.match_id == match_id)
                        .with_for_update()
                    ).scalar()
                    if epoch is None:
                        epoch = 1
                        conn.execute(
                            insert(writers).values(match_id=match_id, epoch=epoch, worker=worker)
                        )
                    else:
                        epoch += 1
                        conn.execute(
                            update(writers).where(writers.c.match_id == match_id)
                            .values(epoch=epoch, worker=worker)
                        )
                self.fences[match_id] = epoch
                return int(epoch)
            except IntegrityError:  # two first takers inserted at once: the loser tries again
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def give_up_writer(self, match_id: str) -> None:
        """Stop writing a match (deposed or released): its writes are refused from now on."""
        self.fences[match_id] = NOT_WRITER

    def _fence(self, conn: Connection, match_id: str, epoch: int | None = None) -> None:
        """Check, in the writing transaction, that this store still writes a fenced match.

        epoch: the writer's turn the write belongs to, as the room that writes it took it when
        it was loaded (None: this store's turn now). This worker may have let the match go and
        taken it again since, under a new turn, with the old room's write still on its way (it
        waited for its turn to be paced, or for the database): that write belongs to the old
        turn and is refused, or the new room, loaded before it, would stand one ply behind the
        database and see every later action refused (found by ``scripts/failover.py --fault
        pause``: a game stuck until a restart).

        Raises:
            Deposed: another worker took it over, or this one again since (the transaction is
                then rolled back).
        """
        held = self.fences.get(match_id)
        if held is None:
            return
        if epoch is not None and held != NOT_WRITER:
            held = epoch
        epoch = conn.execute(
            select(writers.c.epoch).where(writers.c.match_id == match_id).with_for_update()
        ).scalar()
        if held == NOT_WRITER or epoch != held:
            raise Deposed(match_id)

    def create(self, match: StoredMatch) -> None:
        """Store a new match (with no actions yet)."""
        with self.engine.begin() as conn:
            self._fence(conn, match.id)
            _insert_match(conn, match)

    def create_rematch(self, match: StoredMatch, old_id: str, event: MatchEvent,
                       epoch: int | None = None) -> None:
        """Store a new match as the rematch of old_id, linked from it, with the offer recorded
        as an event of the old match: all at once or not at all (epoch: the old match's writer
        turn, see :meth:`_fence`).

        Raises:
            Deposed: another worker writes the old match now.
        """
        with self.engine.begin() as conn:
            self._fence(conn, old_id, epoch)
            self._fence(conn, match.id)
            _insert_match(conn, match)
            conn.execute(
                update(matches).where(matches.c.id == old_id).values(rematch=match.id)
            )
            _insert_event(conn, old_id, event)

    def add_event(
        self, match_id: str, event: MatchEvent, result: dict[str, Any] | None = None,
        epoch: int | None = None, clocks: Clocks | None = None,
    ) -> None:
        """Store an event of a match (and the result when it ends the match, the clocks when
        it changes them), atomically (epoch: the writer's turn, see :meth:`_fence`).

        Raises:
            Deposed: another worker writes this match now.
        """
        with self.engine.begin() as conn:
            self._fence(conn, match_id, epoch)
            _insert_event(conn, match_id, event)
            _write_clocks(conn, match_id, clocks)
            if result is not None:
                conn.execute(
                    update(matches)
                    .where(matches.c.id == match_id)
                    .values(finished=True, result=json.dumps(result))
                )

    def events(self, match_id: str) -> list[MatchEvent]:
        """Return the events of a match, in order."""
        with self.engine.connect() as conn:
            return _events(conn, match_id)

    def append_action(
        self,
        match_id: str,
        ply: int,
        seat: int | None,
        action: str,
        result: dict[str, Any] | None = None,
        passed: bool = False,
        bot: bool = False,
        epoch: int | None = None,
        clocks: Clocks | None = None,
    ) -> None:
        """Commit one accepted action (and the result when it ends the match), atomically.

        passed: the server played it for the seat, by the seat's anytime setting; bot: a bot
        decided it for the seat; epoch: the writer's turn (see :meth:`_fence`); clocks: the
        match's clocks after it (None: unchanged), stored in the same transaction.

        Raises:
            Deposed: another worker writes this match now.
        """
        with self.engine.begin() as conn:
            self._insert_action(conn, match_id, ply, seat, action, result, passed, bot, epoch,
                                clocks)

    def append_actions(self, rows: list[ActionRow]) -> list[Exception | None]:
        """Commit accepted actions of several matches in one transaction (one sync of the disk
        for all: SQLite in WAL mode spends ~0.6 ms of CPU a commit alone, ~0.3 a row two at a
        time, ~0.2 four at a time); return for each row None (stored) or why it was not.

        Each row is an ``append_action`` call's arguments. When the transaction fails (a match
        was taken over by another worker, say), nothing of it was stored and each row is
        committed alone, so that only the rows that fail alone are refused.
        """
        if len(rows) > 1:
            try:
                with self.engine.begin() as conn:
                    for row in rows:
                        self._insert_action(conn, *row)
                return [None] * len(rows)
            except Exception:  # rolled back: each row alone says which one failed
                pass
        answers: list[Exception | None] = []
        for row in rows:
            try:
                self.append_action(*row)
            except Exception as problem:  # the caller refuses that action
                answers.append(problem)
            else:
                answers.append(None)
        return answers

    def _insert_action(
        self,
        conn: Connection,
        match_id: str,
        ply: int,
        seat: int | None,
        action: str,
        result: dict[str, Any] | None = None,
        passed: bool = False,
        bot: bool = False,
        epoch: int | None = None,
        clocks: Clocks | None = None,
    ) -> None:
        self._fence(conn, match_id, epoch)
        conn.execute(
            insert(actions).values(
                match_id=match_id, ply=ply, seat=seat, action=action, passed=passed, bot=bot,
                at=time.time(),  # the lobby lists a match idle for long as abandoned
            )
        )
        _write_clocks(conn, match_id, clocks)
        if result is not None:
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(finished=True, result=json.dumps(result))
            )

    def replace_actions(
        self, match_id: str, rows: list[tuple[int | None, str, bool]], epoch: int | None = None
    ) -> None:
        """Replace a match's whole action list by rows of (seat, action, passed), atomically
        (a record converted to a newer form: chance's outcomes put in, see ``room``).

        Raises:
            Deposed: another worker writes this match now.
        """
        with self.engine.begin() as conn:
            self._fence(conn, match_id, epoch)
            conn.execute(delete(actions).where(actions.c.match_id == match_id))
            if rows:
                conn.execute(insert(actions), [
                    {"match_id": match_id, "ply": ply, "seat": seat, "action": action,
                     "passed": passed}
                    for ply, (seat, action, passed) in enumerate(rows)
                ])

    def undo(self, match_id: str, ply: int, by: int | None, at: float,
             epoch: int | None = None) -> int:
        """Take back the actions from ply on: move them to ``undone``, atomically, as undo
        number n (the match's undos so far plus one); return how many were taken back.

        Raises:
            Deposed: another worker writes this match now.
        """
        with self.engine.begin() as conn:
            self._fence(conn, match_id, epoch)
            rows = conn.execute(
                select(actions.c.ply, actions.c.seat, actions.c.action, actions.c.passed,
                       actions.c.bot)
                .where(actions.c.match_id == match_id, actions.c.ply >= ply)
                .order_by(actions.c.ply)
            ).all()
            if not rows:
                return 0
            number = 1 + (conn.execute(
                select(func.max(undone.c.undo)).where(undone.c.match_id == match_id)
            ).scalar() or 0)
            conn.execute(insert(undone), [
                {"match_id": match_id, "undo": number, "ply": row.ply, "seat": row.seat,
                 "action": row.action, "passed": row.passed, "bot": row.bot, "undone_by": by,
                 "undone_at": at}
                for row in rows
            ])
            conn.execute(delete(actions).where(actions.c.match_id == match_id,
                                               actions.c.ply >= ply))
            return len(rows)

    def undone_actions(self, match_id: str) -> list[dict[str, Any]]:
        """Return every action taken back in a match, in the order of the undos."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(undone).where(undone.c.match_id == match_id)
                .order_by(undone.c.undo, undone.c.ply)
            ).all()
        return [
            {"undo": r.undo, "ply": r.ply, "seat": r.seat, "action": r.action,
             "passed": bool(r.passed), "bot": bool(r.bot), "undone_by": r.undone_by,
             "undone_at": r.undone_at}
            for r in rows
        ]

    def update_clocks(self, match_id: str, clocks: Clocks, epoch: int | None = None) -> None:
        """Store the clocks of a match (a clock started, or its time ran low).

        Raises:
            Deposed: another worker writes this match now.
        """
        with self.engine.begin() as conn:
            self._fence(conn, match_id, epoch)
            _write_clocks(conn, match_id, clocks)

    def update_seats(self, match_id: str, seats: list[Seat], epoch: int | None = None) -> None:
        """Store the seats of a match (a seat joined or was claimed).

        Raises:
            Deposed: another worker writes this match now.
        """
        with self.engine.begin() as conn:
            self._fence(conn, match_id, epoch)
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(seats=json.dumps([s.to_json() for s in seats]))
            )
            _bind_seats(conn, match_id, seats)

    def load(self, match_id: str) -> StoredMatch | None:
        """Return a stored match with its actions in order, or None.

        Raises:
            DamagedMatch: its record cannot be decoded (reported in the log once).
        """
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            plies = conn.execute(
                select(actions.c.action, actions.c.passed, actions.c.bot, actions.c.at)
                .where(actions.c.match_id == match_id)
                .order_by(actions.c.ply)
            ).all()
            taken_back, undos = conn.execute(
                select(func.count(), func.count(func.distinct(undone.c.undo)))
                .where(undone.c.match_id == match_id)
            ).one()
            try:
                stored = _match(row._mapping, [p.action for p in plies])
            except DECODING_ERRORS as problem:
                self.report_damaged(match_id, problem)
                raise DamagedMatch(match_id) from None
            stored.passed = [bool(p.passed) for p in plies]
            stored.bots = [bool(p.bot) for p in plies]
            stored.moved = _latest(stored.moved, plies[-1].at if plies else None)
            stored.undone, stored.undos = int(taken_back), int(undos)
            for seat, account in conn.execute(
                select(seat_accounts.c.seat, seat_accounts.c.account_id)
                .where(seat_accounts.c.match_id == match_id)
            ):
                if 0 <= seat < len(stored.seats):
                    stored.seats[seat].account = account
            stored.chat_log, stored.chat_mutes = chat_store.recent(
                conn, match_id, chat_store.HISTORY)
            try:
                stored.events = _events(conn, match_id)
            except DECODING_ERRORS as problem:
                self.report_damaged(match_id, problem)
                raise DamagedMatch(match_id) from None
            return stored

    def exists(self, match_id: str) -> bool:
        """Return whether a match is stored."""
        with self.engine.connect() as conn:
            found = conn.execute(select(matches.c.id).where(matches.c.id == match_id)).first()
        return found is not None

    def list_ids(self, finished: bool | None = None) -> list[str]:
        """Return the ids of stored matches, newest first."""
        query = select(matches.c.id).order_by(matches.c.created.desc())
        if finished is not None:
            query = query.where(matches.c.finished == finished)
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def summaries(self, limit: int = 50) -> list[StoredMatch]:
        """Return the newest matches without their actions (damaged records left out)."""
        last_action = (
            select(actions.c.at).where(actions.c.match_id == matches.c.id)
            .order_by(actions.c.ply.desc()).limit(1).scalar_subquery()
        )
        query = (
            select(matches, last_action.label("last_action"))
            .order_by(matches.c.created.desc()).limit(limit)
        )
        found = []
        with self.engine.connect() as conn:
            for row in conn.execute(query):
                try:
                    stored = _match(row._mapping, [])
                except DECODING_ERRORS as problem:
                    self.report_damaged(str(row._mapping["id"]), problem)
                    continue
                stored.moved = _latest(stored.moved, row._mapping["last_action"])
                found.append(stored)
        return found


def _latest(*times: float | None) -> float | None:
    """Return the latest of some times (None when none is known)."""
    known = [t for t in times if t is not None]
    return max(known) if known else None


#: What a damaged row raises while it is decoded (bad JSON, missing keys, wrong types).
DECODING_ERRORS = (ValueError, KeyError, TypeError, AttributeError)


def from_row(row: Any) -> StoredMatch:
    """Return the match a row of ``matches`` holds, without its actions (nor its seats'
    accounts: :meth:`Store.load` reads those).

    Raises:
        ValueError, KeyError, TypeError, AttributeError: a damaged row.
    """
    return _match(row._mapping, [])


def _match(row: Any, plies: list[str]) -> StoredMatch:
    """Return the match a row holds.

    Raises:
        ValueError, KeyError, TypeError, AttributeError: a damaged row.
    """
    seats = json.loads(row["seats"])
    if not isinstance(seats, list) or len(seats) != row["players"]:
        raise ValueError(f"{row['players']} players but seats {str(seats)[:60]}")
    return StoredMatch(
        id=row["id"],
        game=row["game"],
        players=row["players"],
        seed=int(row["seed_text"]) if row.get("seed_text") else row["seed"],
        options=json.loads(row["options"]) if row["options"] else None,
        position=row["position"],
        seats=[Seat.from_json(s) for s in seats],
        created=row["created"],
        finished=bool(row["finished"]),
        result=json.loads(row["result"]) if row["result"] else None,
        actions=plies,
        passed=[False] * len(plies),
        bots=[False] * len(plies),
        bot_speed=row.get("bot_speed"),
        hints=None if row.get("hints") is None else bool(row.get("hints")),
        warm_after=row.get("warm_after"),
        warm_level=row.get("warm_level"),
        rematch=row.get("rematch"),
        moved=row.get("moved"),
        rules_version=row.get("rules_version") or 1,
        tutorial=row.get("tutorial"),
        address=row.get("address"),
        research=row.get("research") is True or row.get("research") == 1,
        clock=TimeControl.from_json(json.loads(row["clock"])) if row.get("clock") else None,
        clocks=Clocks.from_json(json.loads(row["clocks"])) if row.get("clocks") else None,
        rating=row.get("rating"),
        chat=row.get("chat") or "players",
    )


def _insert_match(conn: Any, match: StoredMatch) -> None:
    """Insert a new match's row (no actions yet)."""
    conn.execute(
        insert(matches).values(
            id=match.id,
            game=match.game,
            players=match.players,
            seed=None if match.seed is None or match.seed >= 2**63 else match.seed,
            seed_text=None if match.seed is None else str(match.seed),
            options=json.dumps(match.options),
            position=match.position,
            seats=json.dumps([s.to_json() for s in match.seats]),
            created=match.created or time.time(),
            finished=False,
            result=None,
            bot_speed=match.bot_speed,
            hints=match.hints,
            warm_after=match.warm_after,
            warm_level=match.warm_level,
            rules_version=match.rules_version,
            tutorial=match.tutorial,
            address=match.address,
            research=match.research,
            clock=None if match.clock is None else json.dumps(match.clock.to_json()),
            clocks=None if match.clocks is None else json.dumps(match.clocks.to_json()),
            rating=match.rating,
            chat=match.chat,
        )
    )
    _bind_seats(conn, match.id, match.seats)


def _write_clocks(conn: Any, match_id: str, clocks: Clocks | None) -> None:
    """Store a match's clocks (None: nothing to store)."""
    if clocks is not None:
        conn.execute(update(matches).where(matches.c.id == match_id)
                     .values(clocks=json.dumps(clocks.to_json())))


def _bind_seats(conn: Any, match_id: str, seats: list[Seat]) -> None:
    """Store the bindings of a match's seats to accounts that are not stored yet.

    A binding is only ever added here (deleting an account takes its bindings away, see
    :func:`meeples.server.accounts.delete`), and only while its account exists: a room that
    still holds a deleted account's id in memory never writes it back.
    """
    wanted = {i: seat.account for i, seat in enumerate(seats) if seat.account is not None}
    if not wanted:
        return
    stored = {
        seat: account for seat, account in conn.execute(
            select(seat_accounts.c.seat, seat_accounts.c.account_id)
            .where(seat_accounts.c.match_id == match_id)
        )
    }
    now = time.time()
    for seat, account in wanted.items():
        if seat in stored:
            continue  # bound already (to this account, or kept by an earlier one)
        exists = select(accounts.c.id).where(accounts.c.id == account).exists()
        conn.execute(
            insert(seat_accounts).from_select(
                ["match_id", "seat", "account_id", "bound"],
                select(
                    literal(match_id), literal(seat), literal(account), literal(now)
                ).where(exists),
            )
        )


def _insert_event(conn: Any, match_id: str, event: MatchEvent) -> None:
    """Insert an event as the match's next one, and note the match moved."""
    number = 1 + (conn.execute(
        select(func.max(events.c.number)).where(events.c.match_id == match_id)
    ).scalar() or 0)
    conn.execute(
        insert(events).values(
            match_id=match_id, number=number, kind=event.kind, seat=event.seat, ply=event.ply,
            level=event.level, at=event.at,
            data=json.dumps(event.data) if event.data else None,
        )
    )
    conn.execute(update(matches).where(matches.c.id == match_id).values(moved=event.at))


def _events(conn: Any, match_id: str) -> list[MatchEvent]:
    """Return a match's events in order.

    Raises:
        ValueError, TypeError: a damaged row.
    """
    rows = conn.execute(
        select(events).where(events.c.match_id == match_id).order_by(events.c.number)
    ).all()
    found = []
    for row in rows:
        data = json.loads(row.data) if row.data else {}
        if not isinstance(data, dict):
            raise ValueError(f"event data {row.data[:60]!r} is not an object")
        found.append(MatchEvent(
            kind=str(row.kind), seat=row.seat, ply=int(row.ply), at=float(row.at),
            level=row.level, data=data,
        ))
    return found
