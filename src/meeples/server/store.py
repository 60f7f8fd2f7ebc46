"""Persistence of matches: each match record and every accepted action, through SQLAlchemy.

SQLite by default (a file, created on first start); any SQLAlchemy URL otherwise, e.g.
``postgresql+psycopg://user:password@host/meeples`` from ``MEEPLES_DATABASE_URL``. A match is
its setup (game, players, seed, options or start position, seats) plus its action list, one row
per action, so a restarted server replays each record to the exact same state.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool

DEFAULT_DB = "meeples.db"

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=True),  # 63-bit secret seeds
    Column("options", Text, nullable=True),
    Column("position", Text, nullable=True),
    Column("seats", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("result", Text, nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
)


@dataclass
class Seat:
    """One seat of a match: who plays it and the hash of its secret token."""

    kind: str  # "human" or "bot"
    level: str | None = None
    name: str = ""
    token_hash: str | None = None
    joined: bool = False
    open: bool = False

    def to_json(self) -> dict[str, Any]:
        """Return the seat as JSON-ready data (with the token hash: for the database only)."""
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token_hash": self.token_hash,
            "joined": self.joined,
            "open": self.open,
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
        )


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
    """The match database. Every method is synchronous; the server calls it from a thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url == "sqlite://":
            self.engine: Engine = create_engine(
                url, connect_args={"check_same_thread": False}, poolclass=StaticPool
            )
        elif url.startswith("sqlite"):
            self.engine = create_engine(url, connect_args={"check_same_thread": False})
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        metadata.create_all(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def create(self, match: StoredMatch) -> None:
        """Store a new match (with no actions yet)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(matches).values(
                    id=match.id,
                    game=match.game,
                    players=match.players,
                    seed=match.seed,
                    options=json.dumps(match.options),
                    position=match.position,
                    seats=json.dumps([s.to_json() for s in match.seats]),
                    created=match.created or time.time(),
                    finished=False,
                    result=None,
                )
            )

    def append_action(
        self,
        match_id: str,
        ply: int,
        seat: int | None,
        action: str,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Commit one accepted action (and the result when it ends the match), atomically."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(actions).values(match_id=match_id, ply=ply, seat=seat, action=action)
            )
            if result is not None:
                conn.execute(
                    update(matches)
                    .where(matches.c.id == match_id)
                    .values(finished=True, result=json.dumps(result))
                )

    def update_seats(self, match_id: str, seats: list[Seat]) -> None:
        """Store the seats of a match (a seat joined or was claimed)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(seats=json.dumps([s.to_json() for s in seats]))
            )

    def load(self, match_id: str) -> StoredMatch | None:
        """Return a stored match with its actions in order, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            plies = conn.execute(
                select(actions.c.action)
                .where(actions.c.match_id == match_id)
                .order_by(actions.c.ply)
            ).scalars()
            return _match(row._mapping, list(plies))

    def list_ids(self, finished: bool | None = None) -> list[str]:
        """Return the ids of stored matches, newest first."""
        query = select(matches.c.id).order_by(matches.c.created.desc())
        if finished is not None:
            query = query.where(matches.c.finished == finished)
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def summaries(self, limit: int = 50) -> list[StoredMatch]:
        """Return the newest matches without their actions."""
        query = select(matches).order_by(matches.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_match(row._mapping, []) for row in conn.execute(query)]


def _match(row: Any, plies: list[str]) -> StoredMatch:
    return StoredMatch(
        id=row["id"],
        game=row["game"],
        players=row["players"],
        seed=row["seed"],
        options=json.loads(row["options"]) if row["options"] else None,
        position=row["position"],
        seats=[Seat.from_json(s) for s in json.loads(row["seats"])],
        created=row["created"],
        finished=bool(row["finished"]),
        result=json.loads(row["result"]) if row["result"] else None,
        actions=plies,
    )
