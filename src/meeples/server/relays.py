"""Connections to a match held by another worker, relayed through the workers' inboxes.

Players and spectators may connect to any worker. A connection to a match held elsewhere is
relayed: this worker (the origin) publishes the connection's frames to the holder's inbox, the
holder serves it exactly as a local socket (the same handler, limits and rooms) and publishes
what it sends to the origin's inbox, once for all the connections of that origin that get the
same text at once (:class:`Outlet`: a crowd of spectators costs one message per update).
When the holder changes or dies, the origin closes the connection with :data:`MOVED` (1012,
"service restart") and the client reconnects, to be served by the new holder; a client never
needs to know which worker holds its game.

The kinds of inbox message this module handles: ``o`` a connection opens at the holder, ``i``
and ``b`` its text and binary frames, ``g`` it is gone (origin to holder); ``m`` texts for one
or several connections, ``c`` the holder closes one (holder to origin).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from redis.exceptions import RedisError

from meeples.server.connection import Client
from meeples.server.inbox import Inbox
from meeples.server.leases import Leases
from meeples.server.store import DamagedMatch

log = logging.getLogger("meeples.server")

#: The close code of a connection whose game moved to another worker (it reconnects by itself).
MOVED = 1012
#: Frames a relayed connection may have waiting at its holder before it counts as flooding.
RELAY_INBOX = 256


class Publisher(Protocol):
    """What publishes to a worker's inbox (:meth:`Inbox.publish`)."""

    async def publish(self, worker: str, kind: str, conn: str, body: str = "") -> bool: ...


@dataclass
class Peer:
    """The address of a relayed connection's client, as a Starlette connection has it."""

    host: str
    port: int = 0


@dataclass
class Relay:
    """A connection served here whose match another worker holds (this worker is its origin)."""

    match_id: str
    holder: str
    client: Client


class RelayedSocket:
    """A connection of another worker, served here as a local WebSocket: what the handler
    reads comes from the origin's frames, what it sends is published to the origin."""

    def __init__(
        self, relays: Relays, conn: str, origin: str, match_id: str, address: str, app: Any,
        account: str | None = None,
    ) -> None:
        self.relays = relays
        #: The account whose session the origin read from the handshake (None: a guest).
        self.account = account
        self.conn = conn
        self.origin = origin
        self.app = app
        self.path_params = {"match_id": match_id}
        self.client = Peer(address)
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue(RELAY_INBOX)
        self.task: asyncio.Task[None] | None = None

    async def accept(self) -> None:
        """Accept the connection (the origin did already)."""

    async def receive(self) -> dict[str, Any]:
        """Return the next frame of the origin's client, as the ASGI server would."""
        return await self.frames.get()

    async def send_text(self, text: str) -> None:
        """Publish a text to the origin, which sends it to its client.

        Raises:
            ConnectionError: the origin is gone (no one listens on its inbox).
        """
        if not await self.relays.outlet(self.origin).send(self.conn, text):
            raise ConnectionError("the worker of this connection is gone")

    async def close(self, code: int = 1000) -> None:
        """Have the origin close its client's connection with code."""
        await self.relays.inbox.publish(self.origin, "c", self.conn, str(code))

    def deliver(self, frame: dict[str, Any]) -> None:
        """Queue a frame from the origin; a client flooding past the inbox is disconnected."""
        try:
            self.frames.put_nowait(frame)
        except asyncio.QueueFull:
            self.disconnect()

    def disconnect(self) -> None:
        """Tell the handler the client is gone."""
        while not self.frames.empty():
            self.frames.get_nowait()
        self.frames.put_nowait({"type": "websocket.disconnect", "code": 1006})


class Outlet:
    """The texts this worker sends to the relayed connections of one origin, published once
    for all the connections that get the same text at once.

    A room posts one text object to every spectator (and one to every connection holding the
    same seats); their senders each hand it here in the same turn of the event loop, and one
    message ``m <conn>,<conn>... <text>`` carries it to the origin, which sends it to each.
    Each sender waits until its text is published, so each connection's texts stay in order.
    """

    def __init__(self, inbox: Publisher, origin: str) -> None:
        self.inbox = inbox
        self.origin = origin
        self.pending: list[tuple[str, str, asyncio.Future[bool]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def send(self, conn: str, text: str) -> bool:
        """Publish a text for a connection of the origin; return whether the origin listens."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append((conn, text, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        return await done

    async def _flush(self) -> None:
        while self.pending:
            await asyncio.sleep(0)  # the other senders of this broadcast hand theirs in
            batch, self.pending = self.pending, []
            groups: dict[str, tuple[list[str], list[asyncio.Future[bool]]]] = {}
            for conn, text, done in batch:
                conns, waiting = groups.setdefault(text, ([], []))
                conns.append(conn)
                waiting.append(done)
            for text, (conns, waiting) in groups.items():
                delivered = await self.inbox.publish(self.origin, "m", ",".join(conns), text)
                for done in waiting:
                    if not done.done():
                        done.set_result(delivered)


class Relays:
    """This worker's relayed connections, both as their origin and as their holder."""

    def __init__(
        self, inbox: Inbox, leases: Leases, locate: Callable[[str], Awaitable[str | None]],
    ) -> None:
        self.inbox = inbox
        self.leases = leases
        self.worker = inbox.worker
        #: Who holds a match (taking it when it is free or its holder is dead).
        self.locate = locate
        self.app: Any = None
        #: The connection handler (``live.serve``), which serves relayed connections too.
        self.serve_socket: Callable[[Any, str | None], Awaitable[None]] | None = None
        self.relays: dict[str, Relay] = {}  # origin side, by connection id
        self.relayed: dict[str, RelayedSocket] = {}  # holder side, by connection id
        self.outlets: dict[str, Outlet] = {}  # by origin worker
        inbox.handlers.update(
            m=self._texts, c=self._closed, o=self._open_relayed, i=self._text,
            b=self._binary, g=self._gone,
        )

    def outlet(self, origin: str) -> Outlet:
        """Return the outlet of the texts sent to an origin's connections."""
        found = self.outlets.get(origin)
        if found is None:
            found = self.outlets[origin] = Outlet(self.inbox, origin)
        return found

    # --- the inbox's messages ----------------------------------------------------------

    def _texts(self, conns: str, body: str) -> None:
        """A text for one or several connections of ours."""
        for one in conns.split(","):
            if (relay := self.relays.get(one)) is not None:
                relay.client.post(body)

    def _closed(self, conn: str, body: str) -> None:
        """The holder closes a connection of ours."""
        if (relay := self.relays.get(conn)) is not None:
            relay.client.close(int(body) if body.isdigit() else 1000)

    def _text(self, conn: str, body: str) -> None:
        """A frame of a connection of another worker to a match of ours."""
        if (relayed := self.relayed.get(conn)) is not None:
            relayed.deliver({"type": "websocket.receive", "text": body})

    def _binary(self, conn: str, body: str) -> None:
        """A binary frame (refused by the handler as any other)."""
        if (relayed := self.relayed.get(conn)) is not None:
            relayed.deliver({"type": "websocket.receive", "bytes": b""})

    def _gone(self, conn: str, body: str) -> None:
        """Such a connection is gone."""
        if (relayed := self.relayed.get(conn)) is not None:
            relayed.disconnect()

    def _open_relayed(self, conn: str, body: str) -> None:
        """A connection of another worker to a match of ours: served here."""
        origin, match_id, address, account = (body.split(" ", 3) + ["", "", ""])[:4]
        if self.serve_socket is None:
            return
        relayed = RelayedSocket(self, conn, origin, match_id, address or "?", self.app,
                                account or None)
        self.relayed[conn] = relayed

        async def serve() -> None:
            try:
                assert self.serve_socket is not None
                await self.serve_socket(relayed, relayed.account)
            except Exception:
                log.exception("match %s: a relayed connection failed", match_id)
            finally:
                self.relayed.pop(conn, None)
                await relayed.close(1000)  # the origin closes its side (if not done already)

        relayed.task = asyncio.get_running_loop().create_task(serve())

    # --- relaying a connection (origin side) -------------------------------------------

    async def relay(self, websocket: Any, address: str, account: str | None = None) -> bool:
        """Serve a connection through the worker holding its match; return False when this
        worker holds it (or just took it) and serves it itself. account: the one its session
        opens, told to the holder with the connection (the holder never sees the cookie)."""
        if isinstance(websocket, RelayedSocket):
            return False
        match_id = websocket.path_params["match_id"]
        try:
            holder = await self.locate(match_id)
        except (RedisError, OSError) as problem:  # the handler's own load then says why
            log.error("match %s: who holds it is unknown: %r", match_id, problem)
            return False
        except DamagedMatch:
            return False
        if holder is None or holder == self.worker:
            return False
        conn = secrets.token_hex(8)

        async def close(code: int) -> None:
            await websocket.close(code=code)

        relay = Relay(match_id, holder, Client(send=websocket.send_text, close=close))
        self.relays[conn] = relay
        try:
            opening = f"{self.worker} {match_id} {address} {account or ''}".rstrip()
            if await self.inbox.publish(holder, "o", conn, opening):
                await self._forward(websocket, conn, relay)
            else:
                relay.client.close(MOVED)
            await relay.client.finished()
        finally:
            self.relays.pop(conn, None)
            relay.client.stop()
        return True

    async def _forward(self, websocket: Any, conn: str, relay: Relay) -> None:
        """Publish the client's frames to the holder until one side is gone."""
        publish = self.inbox.publish

        async def read() -> None:
            while True:
                try:
                    received = await websocket.receive()
                except Exception:
                    received = {"type": "websocket.disconnect"}
                if received["type"] == "websocket.disconnect":
                    relay.client.stop()
                    await publish(relay.holder, "g", conn)
                    return
                text = received.get("text")
                delivered = await (
                    publish(relay.holder, "i", conn, text) if text is not None
                    else publish(relay.holder, "b", conn)
                )
                if not delivered:  # the holder died: the client reconnects elsewhere
                    relay.client.close(MOVED)
                    return

        reader = asyncio.create_task(read())
        gone = asyncio.create_task(relay.client.gone.wait())
        try:
            await asyncio.wait({reader, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not reader.done():
                reader.cancel()
                await publish(relay.holder, "g", conn)
            gone.cancel()

    # --- checks and endings ------------------------------------------------------------

    async def check(self) -> None:
        """Close the relayed connections whose match changed holder, or whose origin died."""
        if self.relays:
            relays = list(self.relays.values())
            holders = await self.leases.holders([r.match_id for r in relays])
            for relay, holder in zip(relays, holders, strict=True):
                if holder != relay.holder:
                    relay.client.close(MOVED)
        serving = {r.origin for r in self.relayed.values()}
        for origin, outlet in list(self.outlets.items()):
            if origin not in serving and not outlet.pending:
                del self.outlets[origin]
        if self.relayed:
            listening = await self.inbox.listening(sorted(serving))
            for relayed in list(self.relayed.values()):
                if relayed.origin not in listening:
                    relayed.disconnect()

    def close_origins(self) -> None:
        """Close the connections this worker relays to others (they reconnect)."""
        for relay in list(self.relays.values()):
            relay.client.close(MOVED)

    def cut_all(self) -> None:
        """Close every relayed connection, both ways (they reconnect)."""
        self.close_origins()
        for relayed in list(self.relayed.values()):
            relayed.disconnect()
