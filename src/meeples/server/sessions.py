"""Signed-in sessions (issue 25, point 1): the cookie, its row, and who may use it.

- **The cookie** ``meeples_session`` holds a session id of 256 random bits; the database keeps
  only its SHA-256 (``sessions.id_hash``), as it keeps only the hash of a seat token, so a copy
  of the database opens no session. The cookie is ``HttpOnly`` (no script reads it),
  ``SameSite=Lax`` (no other site's form or script sends it), ``Path=/``, and ``Secure`` when
  the request came over https, X-Forwarded-Proto from a proxy ``meeples serve
  --forwarded-allow-ips`` trusts included (uvicorn puts the scheme in the request).
- **Fixation**: each sign-in (and each account creation) makes a new session id, whatever
  cookie the browser came with; the old session, if any, is ended.
- **Lifetime**: :data:`LIFETIME` from sign-in; an older session opens nothing and its row is
  deleted at the next sign-in of anyone. Signing out ends this session, "everywhere" every
  session of the account; deleting the account ends them all too. Signing out everywhere and
  deleting the account also close, with :data:`SIGNED_OUT`, every live connection the account's
  sessions opened, at every worker (:class:`Connections`): the page reconnects as a guest.
- **Cross-site requests**: every request that changes something (POST, DELETE) and carries the
  cookie, and every sign-in and account creation, must come from this site: its ``Origin``
  (which every browser sends with such a request) names the host the request was sent to, or,
  without Origin, ``Sec-Fetch-Site`` says ``same-origin``; otherwise it is refused (403,
  ``csrf``). A WebSocket's session is used only when its handshake's Origin is this site's: a
  page of another site that opens one gets a guest's connection. ``GET /api/me`` changes
  nothing, and no other site can read its answer (no CORS header is ever sent).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine
from starlette.requests import HTTPConnection
from starlette.responses import Response

from meeples.server.tables import accounts, sessions

if TYPE_CHECKING:
    from meeples.server.connection import Client

COOKIE = "meeples_session"
#: Seconds a session lasts from its sign-in.
LIFETIME = 30 * 86400
#: The methods that change nothing: the only ones a cross-site request may use with a cookie.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The close code of a connection whose account signed out everywhere or was deleted.
SIGNED_OUT = 4401


@dataclass(frozen=True)
class Signed:
    """The account a request's session opens."""

    account: str
    name: str
    session_hash: str


def hash_session(session_id: str) -> str:
    """Return the stored form of a session id (the id itself is never stored)."""
    return hashlib.sha256(session_id.encode()).hexdigest()


def open_session(engine: Engine, account_id: str, replaces: str | None = None) -> str:
    """Store a new session of an account (ending the session replaces, the id the browser came
    with, if any) and return its id; expired sessions of everyone are deleted on the way."""
    session_id = secrets.token_urlsafe(32)
    now = time.time()
    with engine.begin() as conn:
        conn.execute(delete(sessions).where(sessions.c.created < now - LIFETIME))
        if replaces:
            conn.execute(delete(sessions).where(sessions.c.id_hash == hash_session(replaces)))
        conn.execute(insert(sessions).values(
            id_hash=hash_session(session_id), account_id=account_id, created=now))
    return session_id


def look_up(engine: Engine, session_id: str) -> Signed | None:
    """Return the account a session id opens, or None (unknown, expired, account deleted)."""
    digest = hash_session(session_id)
    with engine.connect() as conn:
        row = conn.execute(
            select(accounts.c.id, accounts.c.name)
            .select_from(sessions.join(accounts, accounts.c.id == sessions.c.account_id))
            .where(sessions.c.id_hash == digest, sessions.c.created >= time.time() - LIFETIME)
        ).first()
    return None if row is None else Signed(str(row.id), str(row.name), digest)


def close_session(engine: Engine, session_hash: str) -> None:
    """End one session."""
    with engine.begin() as conn:
        conn.execute(delete(sessions).where(sessions.c.id_hash == session_hash))


def close_all(engine: Engine, account_id: str) -> int:
    """End every session of an account; return how many there were."""
    with engine.begin() as conn:
        return int(conn.execute(
            delete(sessions).where(sessions.c.account_id == account_id)).rowcount or 0)


def cookie_of(connection: HTTPConnection) -> str | None:
    """Return the session id a request or WebSocket handshake carries, or None."""
    value = connection.cookies.get(COOKIE)
    return value if value and len(value) <= 128 else None


def is_secure(connection: HTTPConnection) -> bool:
    """Return whether a request came over https (or wss), directly or through a trusted proxy."""
    return connection.url.scheme in ("https", "wss")


def set_cookie(response: Response, connection: HTTPConnection, session_id: str) -> None:
    """Give the browser its session cookie."""
    response.set_cookie(
        COOKIE, session_id, max_age=LIFETIME, path="/", httponly=True, samesite="lax",
        secure=is_secure(connection),
    )


def clear_cookie(response: Response, connection: HTTPConnection) -> None:
    """Have the browser forget its session cookie."""
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=is_secure(connection))


def same_site(connection: HTTPConnection) -> bool:
    """Return whether a request or WebSocket handshake comes from a page of this site (see the
    module: its Origin names the host it was sent to, else Sec-Fetch-Site says same-origin)."""
    origin = connection.headers.get("origin")
    host = connection.headers.get("host")
    if origin is not None:
        if origin == "null" or host is None:
            return False
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()
    return connection.headers.get("sec-fetch-site") == "same-origin"


class Connections:
    """The live connections this worker serves for each account (relayed ones included)."""

    def __init__(self) -> None:
        self.open: dict[str, set[Client]] = {}

    def enter(self, account: str, client: Client) -> None:
        """Note a connection opened with an account's session."""
        self.open.setdefault(account, set()).add(client)

    def leave(self, account: str, client: Client) -> None:
        """Forget a closed connection."""
        held = self.open.get(account)
        if held is not None:
            held.discard(client)
            if not held:
                del self.open[account]

    def close(self, account: str) -> int:
        """Close every connection of an account here (:data:`SIGNED_OUT`); return how many."""
        held = self.open.pop(account, set())
        for client in held:
            client.close(SIGNED_OUT)
        return len(held)
