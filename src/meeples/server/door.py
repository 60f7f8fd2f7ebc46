"""The door of a server: banned addresses are refused before anything else, and what operators
do (``meeples admin``, :mod:`meeples.server.admin`) reaches every worker.

Each server reads the new lines of ``admin_log`` every :data:`POLL` seconds, one query on its
primary key (nothing else reads it, and it is empty on most sites): a ban or an unban reloads the
ban list, a stopped or deleted match is dropped from memory (its connections closed with 1012,
"service restart": they reconnect and find it as stored), and whatever a deleted match's room
wrote before it was dropped is deleted too. Every worker reads the same log, so a ban holds on
every worker within a second, and the worker holding a match is the one that drops it.

The ban list is checked by :class:`Door`, an ASGI middleware in front of every route (the health
and metrics routes excepted: a load balancer or Prometheus is never refused): a banned address
gets 403 for a request, and a WebSocket handshake is refused. A banned address's connections
that are already open are closed (4403) when the ban is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, or_, select

from meeples.server import admin, metrics
from meeples.server.tables import admin_log, bans

if TYPE_CHECKING:
    from meeples.server.connection import Client
    from meeples.server.lobby import Lobby
    from meeples.server.store import Store

log = logging.getLogger("meeples.server")

#: Seconds between two readings of the operators' log.
POLL = 1.0
#: Lines of the log read again at each poll below the newest one seen: on PostgreSQL, ids are
#: handed out at insert and two transactions may commit out of order, so a line may appear below
#: one read already (within seconds of its neighbours).
LOOK_BACK = 100
#: Seconds after which a line below the newest one seen is no longer read again: a late commit
#: comes within seconds, and a quiet log then costs each poll no row at all (the window of
#: :data:`LOOK_BACK` lines read every second by every worker otherwise).
RECENT = 600.0
#: Paths never refused: the load balancer's and Prometheus' (they come from the operator).
OPEN_PATHS = ("/healthz", "/readyz", "/metrics")
#: The close code of a banned address's connection.
BANNED = 4403

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class Bans:
    """The banned addresses and networks, as last read from the database."""

    def __init__(self) -> None:
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []

    def is_banned(self, address: str) -> bool:
        """Return whether a client address is banned (one that is no IP never is)."""
        return bool(self.networks) and any(
            admin.matches_address(address, net) for net in self.networks)


class Watch:
    """One server's reading of the operators' log: its ban list, and the matches to drop."""

    def __init__(self, store: Store, lobby: Lobby, release: Callable[[str], Awaitable[None]]
                 | None = None) -> None:
        self.store = store
        self.lobby = lobby
        #: Gives a match's lease back among several workers (None: one process alone).
        self.release = release
        self.bans = Bans()
        self.seen: set[int] = set()
        self.newest = 0
        #: The open connections of each address, closed when it is banned.
        self.connections: dict[str, set[Client]] = {}
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Read the bans and where the log ends (what came before is in the database already),
        then poll."""
        self.newest = await self.lobby.workers.store(self._last_id)
        # The lines in the window read again were acted on when written: a restarted server
        # that took them for new dropped a match abandoned minutes ago from under its viewers
        # and logged the operator's action a second time.
        self.seen = {line.id for line in await self.lobby.workers.store(self._new_lines)}
        await self._read_bans()
        self._task = asyncio.get_running_loop().create_task(self._poll_loop())

    async def stop(self) -> None:
        """Stop polling."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def enter(self, address: str, client: Client) -> None:
        """Note an open connection of an address."""
        self.connections.setdefault(address, set()).add(client)

    def leave(self, address: str, client: Client) -> None:
        """Forget a closed connection."""
        held = self.connections.get(address)
        if held is not None:
            held.discard(client)
            if not held:
                del self.connections[address]

    def _last_id(self) -> int:
        with self.store.engine.connect() as conn:
            return int(conn.execute(select(func.max(admin_log.c.id))).scalar() or 0)

    def _new_lines(self) -> list[Any]:
        with self.store.engine.connect() as conn:
            return list(conn.execute(
                select(admin_log).where(
                    admin_log.c.id > self.newest - LOOK_BACK,
                    or_(admin_log.c.id > self.newest, admin_log.c.at > time.time() - RECENT),
                ).order_by(admin_log.c.id)
            ).all())

    def _ban_rows(self) -> list[dict[str, Any]]:
        with self.store.engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(select(bans.c.address))]

    async def _read_bans(self) -> None:
        rows = await self.lobby.workers.store(self._ban_rows)
        self.bans.networks = admin.ban_list(rows)

    async def _poll_loop(self) -> None:
        while True:
            await asyncio.sleep(POLL)
            try:
                await self.poll()
            except asyncio.CancelledError:
                raise
            except Exception as problem:  # the database is away: next time
                log.error("the operators' log could not be read: %r", problem)

    async def poll(self) -> int:
        """Act on the log's new lines; return how many."""
        lines = [line for line in await self.lobby.workers.store(self._new_lines)
                 if line.id not in self.seen]
        for line in lines:
            await self.apply(line.action, line.target, line.by, line.detail)
            self.seen.add(line.id)
            self.newest = max(self.newest, line.id)
        if len(self.seen) > 4 * LOOK_BACK:  # only the window read again matters
            self.seen = {i for i in self.seen if i > self.newest - LOOK_BACK}
        return len(lines)

    async def apply(self, action: str, target: str, by: str, detail: str | None) -> None:
        """Act on one line of the operators' log."""
        reason = ""
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            reason = str(json.loads(detail or "{}").get("reason") or "")
        why = f" ({reason})" if reason else ""
        if action in ("ban", "unban"):
            await self._read_bans()
            log.warning("operator %s: %s %s%s", by, action, target, why,
                        extra={"operator": by, "action": action, "target": target})
            if action == "ban":
                self._close_banned()
        elif action == "chat-hide":
            room = self.lobby.rooms.get(target)
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                seq = int(json.loads(detail or "{}")["seq"])
                if room is not None:
                    await room.chat.hidden(seq)
            log.warning("operator %s: hid chat message of match %s%s", by, target, why,
                        extra={"operator": by, "action": action, "target": target,
                               "match_id": target})
        elif action in ("abandon", "delete"):
            dropped = await self.lobby.drop(target)
            if action == "delete" and dropped:
                # A move its room committed after the delete, before this poll: gone too.
                await self.lobby.workers.store(self._purge, target)
            if dropped and self.release is not None:
                with contextlib.suppress(Exception):  # its lease lapses by itself anyway
                    await self.release(target)
            log.warning("operator %s: %s match %s%s%s", by, action, target, why,
                        " (it was served here: its connections reconnect)" if dropped else "",
                        extra={"operator": by, "action": action, "target": target,
                               "match_id": target})

    def _purge(self, match_id: str) -> None:
        with self.store.engine.begin() as conn:
            admin.purge(conn, match_id)

    def _close_banned(self) -> None:
        for address, clients in list(self.connections.items()):
            if self.bans.is_banned(address):
                for client in list(clients):
                    client.close(BANNED)


class Door:
    """ASGI middleware: refuse a banned address before any route (see the module docstring)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        watch: Watch | None = None
        if scope["type"] in ("http", "websocket"):
            state = getattr(scope.get("app"), "state", None)
            watch = getattr(state, "watch", None)
        client = scope.get("client")
        if (watch is None or client is None or scope.get("path") in OPEN_PATHS
                or not watch.bans.is_banned(str(client[0]))):
            await self.app(scope, receive, send)
            return
        metrics.refused("banned")
        log.info("a banned address was refused at the door: %s", client[0])
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": BANNED})
            return
        body = json.dumps({"type": "error", "code": "banned",
                           "message": "this address may not use this server"}).encode()
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
