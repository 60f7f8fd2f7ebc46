"""Several workers, one set of games: PostgreSQL keeps the games, Redis says who writes each.

Each match has one writer at a time, the worker holding its **lease**: a Redis key
``meeples:lease:<match>`` naming the worker, which renews it every :data:`TICK` seconds and
which expires :data:`LEASE` seconds after the last renewal. A worker that needs a match whose
lease is free (a connection, a request, or its sweep of the unfinished matches) takes the lease,
then becomes the match's writer in the database (:meth:`Store.take_writer` bumps the match's
epoch; a write of the previous writer is refused from then on, whatever its clock says), then
loads the match from the database: every action acknowledged before is in it, since a room
tells its players of an action only once the database committed it.

A worker's death is seen two ways: its leases expire, or, at once, Redis counts no subscriber
on its inbox channel ``meeples:w:<worker>`` (a killed process's connections are closed by the
kernel). Each sweep (every :data:`TICK` seconds) takes over the unfinished matches whose lease
is free or whose holder is dead, so bot games and half-played turns go on within seconds.

Players and spectators may connect to any worker. A connection to a match held elsewhere is
relayed: this worker (the origin) publishes the connection's frames to the holder's inbox, the
holder serves it exactly as a local socket (the same handler, limits and rooms) and publishes
what it sends to the origin's inbox, once for all the connections of that origin that get the
same text at once (:class:`Outlet`: a crowd of spectators costs one message per update).
When the holder changes or dies, the origin closes the connection with :data:`MOVED` (1012,
"service restart") and the client reconnects, to be served by the new holder; a client never
needs to know which worker holds its game.

With one process and SQLite (``make run``) none of this runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from meeples.server import lifecycle
from meeples.server.connection import Client
from meeples.server.errors import RoomError
from meeples.server.limits import HEARTBEAT, WORKERS, SharedBotGames, SharedLimits
from meeples.server.lobby import Lobby
from meeples.server.quota import BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL
from meeples.server.room import Room
from meeples.server.store import NOT_WRITER, DamagedMatch, Store, StoredMatch
from meeples.server.workers import Workers

log = logging.getLogger("meeples.server")

#: Seconds a lease (and a worker's heartbeat) lasts without renewal.
LEASE = 3.0
#: Seconds between two renewals, sweeps and checks of the relayed connections.
TICK = 1.0
#: Part of the lease a worker trusts after a renewal (the rest covers clock drift and delays).
TRUSTED = 0.8
#: The close code of a connection whose game moved to another worker (it reconnects by itself).
MOVED = 1012
#: Frames a relayed connection may have waiting at its holder before it counts as flooding.
RELAY_INBOX = 256
#: Seconds a request to another worker (a claim) waits for its answer.
CALL_TIMEOUT = 5.0
#: Connections a worker opens to Redis at most (its inbox's included), and seconds a command
#: waits for one when all are busy.
REDIS_CONNECTIONS = 64
REDIS_WAIT = 10.0
#: Seconds each part of a worker's shutdown (its loops ending, each goodbye to Redis) may take.
STOP_WAIT = 5.0
PREFIX = "meeples"

#: Renew each lease still held by ARGV[1] for ARGV[2] ms; return the keys that are not.
RENEW = """
local lost = {}
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, key)
  end
end
return lost
"""
#: Delete the lease KEYS[1] if ARGV[1] still holds it.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
#: Give the lease KEYS[1] to ARGV[2] for ARGV[3] ms if the dead worker ARGV[1] still holds it.
STEAL = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""


class ClusterProblem(Exception):
    """Redis cannot be used, or the database cannot be shared by several workers."""


def worker_name() -> str:
    """Return a name for this worker, unique among the workers of every host."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


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
        self, cluster: Cluster, conn: str, origin: str, match_id: str, address: str, app: Any,
        account: str | None = None,
    ) -> None:
        self.cluster = cluster
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
        if not await self.cluster.outlet(self.origin).send(self.conn, text):
            raise ConnectionError("the worker of this connection is gone")

    async def close(self, code: int = 1000) -> None:
        """Have the origin close its client's connection with code."""
        await self.cluster.publish(self.origin, "c", self.conn, str(code))

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

    def __init__(self, cluster: Cluster, origin: str) -> None:
        self.cluster = cluster
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
                delivered = await self.cluster.publish(self.origin, "m", ",".join(conns), text)
                for done in waiting:
                    if not done.done():
                        done.set_result(delivered)


class Replica(Room):
    """A match held by another worker, loaded from the database to answer a request here
    (its description, its replay). It never writes: its store refuses (the match is fenced
    with no epoch), a claim is asked of the holder, and a connection that joins it is closed
    with :data:`MOVED` to reconnect to a worker that holds the match."""

    cluster: Cluster

    async def join(self, client: Client, tokens: list[str], account: str | None = None) -> None:
        """Send the connection away: this worker does not hold the match (any more)."""
        client.close(MOVED)
        raise RoomError("moved", "this game moved to another server; reconnecting")

    async def claim(self, account: str | None = None) -> tuple[int, str]:
        """Claim an open seat at the worker that holds the match (bound to account, if any)."""
        return await self.cluster.claim(self.id, account)

    async def settle(self) -> None:
        """Nothing: only the holder passes decisions."""

    def schedule_bots(self) -> None:
        """Nothing: only the holder's bots play."""


class Cluster:
    """This worker among the others: its leases, its inbox and its relayed connections."""

    def __init__(
        self, url: str, store: Store, name: str | None = None, lease: float = LEASE,
        tick: float = TICK, connections: int = REDIS_CONNECTIONS,
    ) -> None:
        self.url = url
        self.store = store
        self.id = name or worker_name()
        self.lease = lease
        self.tick = tick
        # A bounded pool whose commands wait for a free connection: with redis-py's default
        # pool a burst of publishes (every game's texts at once: 500 games on two workers)
        # opened connections up to its limit of 100, then failed (MaxConnectionsError: relayed
        # texts lost, 17 moves timed out, docs/reliability.md).
        self.pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=connections, timeout=REDIS_WAIT
        )
        self.redis: aioredis.Redis = aioredis.Redis.from_pool(self.pool)
        self.lobby: ClusterLobby | None = None
        self.app: Any = None
        #: The connection handler (``app._live``), which serves relayed connections too.
        self.serve_socket: Callable[[Any, str | None], Awaitable[None]] | None = None
        #: Closes this worker's connections of an account that signed out everywhere.
        self.sign_out: Callable[[str], object] | None = None
        self.held: dict[str, float] = {}  # match id: monotonic time until which it is ours
        self.relays: dict[str, Relay] = {}  # origin side, by connection id
        self.relayed: dict[str, RelayedSocket] = {}  # holder side, by connection id
        self.calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.outlets: dict[str, Outlet] = {}  # by origin worker
        self._taking = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self._stopping = False
        #: The per-address limits counted in Redis (see :meth:`shared_limits`).
        self.limits: SharedLimits | None = None
        self._heartbeat = self.redis.register_script(HEARTBEAT)
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._steal = self.redis.register_script(STEAL)

    # --- names -------------------------------------------------------------------------

    @staticmethod
    def lease_key(match_id: str) -> str:
        """Return the Redis key of a match's lease."""
        return f"{PREFIX}:lease:{match_id}"

    @staticmethod
    def inbox(worker: str) -> str:
        """Return the pub/sub channel of a worker's inbox."""
        return f"{PREFIX}:w:{worker}"

    @property
    def _ms(self) -> int:
        return int(self.lease * 1000)

    # --- life --------------------------------------------------------------------------

    async def start(self, lobby: ClusterLobby) -> None:
        """Listen on the inbox, then take the unfinished matches no live worker holds.

        Raises:
            ClusterProblem: Redis does not answer.
        """
        self.lobby = lobby
        try:
            await self.redis.ping()
            self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            # Subscribed before any lease is taken: a holder always counts as alive.
            await self._pubsub.subscribe(self.inbox(self.id))
            await self._beat()  # before any connection is counted under this worker's name
        except (RedisError, OSError) as problem:
            raise ClusterProblem(f"Redis at {self.url} cannot be used: {problem}") from None
        self._tasks = [
            asyncio.create_task(self._listen()),
            asyncio.create_task(self._tick_loop()),
        ]

    async def stop(self) -> None:
        """Let go of every match (others take them over at once) and of every connection.

        Nothing here waits without limit. The inbox and tick loops are cancelled, and they also
        end by themselves at their next turn once ``_stopping`` is set: a cancellation can be
        lost on its way (on Python 3.11, ``asyncio.wait_for``, which redis-py wraps around
        every command it sends, returns the command's result instead of raising when the
        cancellation arrives just as the command completes), and a loop that missed it went on
        ticking for ever while this waited for it: the hang of issue 11.
        """
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, running = await asyncio.wait(self._tasks, timeout=STOP_WAIT)
            if running:
                log.error("%s: %d loops did not stop in %.0f s", self.id, len(running), STOP_WAIT)
        if self.lobby is not None:
            await Lobby.stop(self.lobby)  # no bot of ours writes once another worker may
            for match_id in list(self.held):
                self.store.give_up_writer(match_id)
        for relay in list(self.relays.values()):
            relay.client.close(MOVED)
        # All at once, each batch bounded: a Redis that hangs costs STOP_WAIT, not one per game.
        relayed = list(self.relayed.values())
        closes = [one.close(MOVED) for one in relayed]
        await _within(asyncio.gather(*closes, return_exceptions=True), "the relayed closes")
        for one in relayed:  # (after the close: its origin closes with MOVED, not 1000)
            one.disconnect()
        releases = [
            self._release(keys=[self.lease_key(match_id)], args=[self.id])
            for match_id in self.held
        ]
        await _within(asyncio.gather(*releases, return_exceptions=True), "the leases' release")
        self.held.clear()
        await _within(self.redis.zrem(WORKERS, self.id), "the end of this worker's counts")
        if self._pubsub is not None:
            await _within(self._pubsub.aclose(), "the inbox's close")
        await _within(self.redis.aclose(), "the Redis connections' close")

    # --- leases ------------------------------------------------------------------------

    def holds(self, match_id: str) -> bool:
        """Return whether this worker holds a match's lease (and may trust it still)."""
        until = self.held.get(match_id)
        return until is not None and time.monotonic() < until

    async def holder(self, match_id: str) -> str | None:
        """Return the worker holding a match's lease, or None when it is free."""
        value = await self.redis.get(self.lease_key(match_id))
        return str(value) if value is not None else None

    async def acquire(self, match_id: str) -> bool:
        """Take a match's lease if it is free or its holder is dead; return whether we hold it."""
        started = time.monotonic()
        key = self.lease_key(match_id)
        taken = bool(await self.redis.set(key, self.id, nx=True, px=self._ms))
        if not taken:
            holder = await self.holder(match_id)
            if holder == self.id:  # still ours: renewed, for as long as a new one
                taken = not await self._renew(keys=[key], args=[self.id, self._ms])
            elif holder is not None and not await self.alive(holder):
                taken = bool(await self._steal(keys=[key], args=[holder, self.id, self._ms]))
                if taken:
                    log.warning("match %s taken over from %s, which is gone", match_id, holder)
            elif holder is None:
                taken = bool(await self.redis.set(key, self.id, nx=True, px=self._ms))
        if taken:
            self.held[match_id] = started + self.lease * TRUSTED
        return taken

    async def alive(self, worker: str) -> bool:
        """Return whether a worker listens on its inbox (a dead process does not)."""
        counts = await self.redis.pubsub_numsub(self.inbox(worker))
        return bool(counts and int(counts[0][1]) > 0)

    async def _renew_all(self) -> list[str]:
        """Renew every lease held; return the matches whose lease was lost."""
        if not self.held:
            return []
        started = time.monotonic()
        ids = list(self.held)
        lost_keys = await self._renew(keys=[self.lease_key(i) for i in ids],
                                      args=[self.id, self._ms])
        lost = {str(key).rsplit(":", 1)[1] for key in lost_keys}
        for match_id in ids:
            if match_id not in lost and match_id in self.held:
                self.held[match_id] = started + self.lease * TRUSTED
        return sorted(lost)

    async def keep(self, match_id: str) -> bool:
        """Renew one lease this worker held; return whether it is still ours."""
        if match_id not in self.held:
            return False
        started = time.monotonic()
        if await self._renew(keys=[self.lease_key(match_id)], args=[self.id, self._ms]):
            return False
        self.held[match_id] = started + self.lease * TRUSTED
        return True

    async def release(self, match_id: str) -> None:
        """Give a match's lease back (it is written by no one until someone takes it)."""
        self.held.pop(match_id, None)
        await self._release(keys=[self.lease_key(match_id)], args=[self.id])

    # --- the inbox ---------------------------------------------------------------------

    async def publish(self, worker: str, kind: str, conn: str, body: str = "") -> bool:
        """Publish to a worker's inbox; return whether it listens (False: it is gone)."""
        try:
            receivers = await self.redis.publish(self.inbox(worker), f"{kind} {conn} {body}")
        except (RedisError, OSError) as problem:
            log.error("cannot publish to %s: %r", worker, problem)
            return False
        return int(receivers) > 0

    async def signed_out(self, account: str) -> None:
        """Have every other live worker close the connections of an account (signed out
        everywhere, or deleted)."""
        try:
            workers = await self.redis.zrange(WORKERS, 0, -1)
        except (RedisError, OSError) as problem:
            log.error("the other workers cannot be told of a sign-out: %r", problem)
            return
        for worker in workers:
            if worker != self.id:
                await self.publish(str(worker), "s", account)

    def outlet(self, origin: str) -> Outlet:
        """Return the outlet of the texts sent to an origin's connections."""
        found = self.outlets.get(origin)
        if found is None:
            found = self.outlets[origin] = Outlet(self, origin)
        return found

    async def _listen(self) -> None:
        while not self._stopping:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as problem:  # the subscription is lost: no frame can be trusted
                log.error("the Redis inbox of %s failed: %r", self.id, problem)
                self._cut_all()
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                    self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                    await self._pubsub.subscribe(self.inbox(self.id))
                continue
            if message is not None and message.get("type") == "message":
                try:
                    self._dispatch(str(message["data"]))
                except Exception:
                    log.exception("a message in the inbox of %s failed", self.id)

    def _cut_all(self) -> None:
        """Close every relayed connection, both ways (they reconnect)."""
        for relay in list(self.relays.values()):
            relay.client.close(MOVED)
        for relayed in list(self.relayed.values()):
            relayed.disconnect()

    def _dispatch(self, data: str) -> None:
        kind, conn, body = (data.split(" ", 2) + ["", ""])[:3]
        if kind == "m":  # a text for one or several connections of ours
            for one in conn.split(","):
                if (relay := self.relays.get(one)) is not None:
                    relay.client.post(body)
        elif kind == "c":  # the holder closes a connection of ours
            if (relay := self.relays.get(conn)) is not None:
                relay.client.close(int(body) if body.isdigit() else 1000)
        elif kind == "o":  # a connection of another worker to a match of ours
            self._open_relayed(conn, body)
        elif kind == "i":  # a frame of such a connection
            if (relayed := self.relayed.get(conn)) is not None:
                relayed.deliver({"type": "websocket.receive", "text": body})
        elif kind == "b":  # a binary frame (refused by the handler as any other)
            if (relayed := self.relayed.get(conn)) is not None:
                relayed.deliver({"type": "websocket.receive", "bytes": b""})
        elif kind == "g":  # such a connection is gone
            if (relayed := self.relayed.get(conn)) is not None:
                relayed.disconnect()
        elif kind == "q":  # a request: "q <id> <origin> <match> <what>"
            asyncio.get_running_loop().create_task(self._answer(conn, body))
        elif kind == "s":  # an account signed out everywhere: its connections here close
            if self.sign_out is not None:
                self.sign_out(conn)
        elif kind == "r":  # the answer to one of our requests
            future = self.calls.pop(conn, None)
            if future is not None and not future.done():
                future.set_result(json.loads(body))

    def _open_relayed(self, conn: str, body: str) -> None:
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
            holder = await self._holder_or_take(match_id)
        except (RedisError, OSError) as problem:  # the handler's own load then says why
            log.error("match %s: who holds it is unknown: %r", match_id, problem)
            return False
        except DamagedMatch:
            return False
        if holder is None or holder == self.id:
            return False
        conn = secrets.token_hex(8)

        async def close(code: int) -> None:
            await websocket.close(code=code)

        relay = Relay(match_id, holder, Client(send=websocket.send_text, close=close))
        self.relays[conn] = relay
        try:
            opening = f"{self.id} {match_id} {address} {account or ''}".rstrip()
            if await self.publish(holder, "o", conn, opening):
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

        async def read() -> None:
            while True:
                try:
                    received = await websocket.receive()
                except Exception:
                    received = {"type": "websocket.disconnect"}
                if received["type"] == "websocket.disconnect":
                    relay.client.stop()
                    await self.publish(relay.holder, "g", conn)
                    return
                text = received.get("text")
                delivered = await (
                    self.publish(relay.holder, "i", conn, text) if text is not None
                    else self.publish(relay.holder, "b", conn)
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
                await self.publish(relay.holder, "g", conn)
            gone.cancel()

    async def _holder_or_take(self, match_id: str) -> str | None:
        """Return who holds a match, taking it when it is free or its holder is dead."""
        if self.lobby is not None and match_id in self.lobby.rooms and self.holds(match_id):
            return self.id
        holder = await self.holder(match_id)
        if holder is not None and holder != self.id and await self.alive(holder):
            return holder
        if self.lobby is not None and await self.lobby.take(match_id):
            return self.id
        return await self.holder(match_id)

    # --- requests to the holder --------------------------------------------------------

    async def claim(self, match_id: str, account: str | None = None) -> tuple[int, str]:
        """Claim an open seat of a match at its holder (taking the match if it has none),
        bound to account if one is given.

        Raises:
            RoomError: no open seat, the holder refused, or it did not answer in time.
        """
        assert self.lobby is not None
        holder = await self._holder_or_take(match_id)
        if holder == self.id:
            room = await self.lobby.get(match_id)
            if room is None or isinstance(room, Replica):
                raise RoomError("storage", "this game is busy moving between servers; try again")
            return await room.claim(account)
        if holder is None:
            raise RoomError("storage", "this game is busy moving between servers; try again")
        request = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.calls[request] = future
        try:
            what = f"claim {account}" if account else "claim"
            if not await self.publish(holder, "q", request, f"{self.id} {match_id} {what}"):
                raise RoomError("storage", "the server of this game is gone; try again")
            answer = await asyncio.wait_for(future, CALL_TIMEOUT)
        except TimeoutError:
            raise RoomError(
                "storage", "the server of this game did not answer; try again"
            ) from None
        finally:
            self.calls.pop(request, None)
        if "error" in answer:
            raise RoomError(answer["error"], answer["message"])
        return int(answer["seat"]), str(answer["token"])

    async def _answer(self, request: str, body: str) -> None:
        origin, match_id, what = (body.split(" ", 2) + ["", ""])[:3]
        verb, _, account = what.partition(" ")
        answer: dict[str, Any]
        try:
            room = self.lobby.rooms.get(match_id) if self.lobby is not None else None
            if verb != "claim" or room is None or not self.holds(match_id):
                raise RoomError("storage", "this game moved to another server; try again")
            seat, token = await room.claim(account or None)
            answer = {"seat": seat, "token": token}
        except RoomError as problem:
            answer = {"error": problem.code, "message": problem.message}
        await self.publish(origin, "r", request, json.dumps(answer))

    # --- the tick ----------------------------------------------------------------------

    async def _tick_loop(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self.tick)
            steps = (
                self._beat, self._keep_leases, self._check_relays, self.sweep,
                self._let_finished_go, self._retry_held,
            )
            for step in steps:
                if self._stopping:  # (a cancellation lost on its way: see stop)
                    return
                try:
                    await step()
                except asyncio.CancelledError:
                    raise
                except Exception as problem:
                    log.error("%s failed on %s: %r", step.__name__, self.id, problem)
            # Leases not renewed in time are not ours any more, whatever Redis answered.
            now = time.monotonic()
            for match_id in [m for m, until in self.held.items() if until <= now]:
                await self._let_go(match_id, "its lease could not be renewed")

    async def _retry_held(self) -> None:
        """Let the games held by the quota of games of bots only ask again: a place may have
        freed on another worker, which this one does not hear of."""
        if self.lobby is not None and not self._stopping:
            self.lobby.bot_games.wake()

    def shared_limits(
        self, sockets_per_address: int, create_rate: tuple[float, float],
        *sign_in_rates: tuple[float, float],
    ) -> SharedLimits:
        """Return the per-address limits of every worker on this Redis (see :mod:`limits`)."""
        self.limits = SharedLimits(
            self.redis, self.id, sockets_per_address, create_rate, *sign_in_rates)
        return self.limits

    async def _beat(self) -> None:
        """Say this worker is alive for a lease more: its connections count till then."""
        await self._heartbeat(keys=[WORKERS], args=[self.id, self._ms])

    async def _keep_leases(self) -> None:
        for match_id in await self._renew_all():
            await self._let_go(match_id, "another worker holds it now")

    async def _let_go(self, match_id: str, why: str) -> None:
        self.held.pop(match_id, None)
        if self.lobby is not None and await self.lobby.drop(match_id):
            log.warning("match %s left on %s: %s", match_id, self.id, why)

    async def _let_finished_go(self) -> int:
        """Give back the finished games nobody watches here; return how many.

        A finished game is taken by whichever worker is asked for it (a replay, a last look);
        kept, its lease would be renewed for ever.
        """
        if self.lobby is None or self._stopping:
            return 0
        idle = [
            match_id for match_id, room in self.lobby.rooms.items()
            if room.stored.finished and not room.clients and not room.is_playing_bots()
        ]
        for match_id in idle:
            await self.lobby.drop(match_id)
            await self.release(match_id)
        return len(idle)

    async def _check_relays(self) -> None:
        """Close the relayed connections whose match changed holder, or whose origin died."""
        if self.relays:
            relays = list(self.relays.items())
            holders = await self.redis.mget([self.lease_key(r.match_id) for _, r in relays])
            for (_, relay), holder in zip(relays, holders, strict=True):
                if holder != relay.holder:
                    relay.client.close(MOVED)
        serving = {r.origin for r in self.relayed.values()}
        for origin, outlet in list(self.outlets.items()):
            if origin not in serving and not outlet.pending:
                del self.outlets[origin]
        if self.relayed:
            origins = sorted(serving)
            counts = dict(await self.redis.pubsub_numsub(*[self.inbox(o) for o in origins]))
            for relayed in list(self.relayed.values()):
                if not int(counts.get(self.inbox(relayed.origin), 0)):
                    relayed.disconnect()

    async def sweep(self) -> int:
        """Take over the unfinished matches that no live worker holds; return how many."""
        if self.lobby is None or self._stopping:
            return 0
        lobby = self.lobby
        ids = [
            i for i in await lobby.workers.store(self.store.list_ids, False)
            if i not in lobby.rooms and i not in lobby.damaged
        ]
        if not ids:
            return 0
        holders = await self.redis.mget([self.lease_key(i) for i in ids])
        others = sorted({str(h) for h in holders if h is not None and h != self.id})
        dead: set[str] = set()
        if others:
            counts = dict(await self.redis.pubsub_numsub(*[self.inbox(o) for o in others]))
            dead = {o for o in others if not int(counts.get(self.inbox(o), 0))}
        orphans = [i for i, h in zip(ids, holders, strict=True) if h is None or h in dead]
        random.shuffle(orphans)  # several survivors share the orphans
        taken = 0
        for match_id in orphans:
            if await lobby.take(match_id):
                taken += 1
        if taken:
            log.info("%s took over %d matches", self.id, taken)
        return taken


class ClusterLobby(Lobby):
    """The lobby of one worker among several: it holds the rooms of the matches it writes."""

    def __init__(
        self, store: Store, cluster: Cluster, bot_delay: float = 0.0,
        workers: Workers | None = None,
        bot_games: tuple[int, int] = (BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL),
        abandon_after: float = lifecycle.ABANDON_AFTER,
    ) -> None:
        super().__init__(store, bot_delay, workers, bot_games, abandon_after)
        self.cluster = cluster
        cluster.lobby = self
        self.bot_games = SharedBotGames(self.rooms, *bot_games, limits=lambda: cluster.limits)

    async def reserve(self, match_id: str) -> None:
        """Hold a new match before it is stored, so no other worker takes it on its way.

        Raises:
            ClusterProblem: the lease cannot be taken.
        """
        if not await self.cluster.acquire(match_id):
            raise ClusterProblem(f"match id {match_id} is already held")
        await self.workers.store(self.store.take_writer, match_id, self.cluster.id)

    async def unreserve(self, match_id: str) -> None:
        """Let go of a new match that could not be stored."""
        self.store.give_up_writer(match_id)
        with contextlib.suppress(RedisError, OSError):
            await self.cluster.release(match_id)

    async def take(self, match_id: str) -> bool:
        """Hold and load a match if no live worker holds it; return whether this worker does."""
        async with self.cluster._taking:
            if match_id in self.rooms:
                # Trusted, or still ours in Redis (a late renewal): no one else wrote it.
                if self.cluster.holds(match_id) or await self.cluster.keep(match_id):
                    return True
                await self.drop(match_id)  # its lease lapsed: someone may have written since
            if not await self.workers.store(self.store.exists, match_id):
                return False  # nothing to hold (and nothing stored for a made-up id)
            if not await self.cluster.acquire(match_id):
                return False
            try:
                await self.workers.store(self.store.take_writer, match_id, self.cluster.id)
                self.rooms.pop(match_id, None)  # a replica or an old copy: loaded afresh
                room = await Lobby.get(self, match_id)
            except DamagedMatch:
                return True  # kept (and reported once): no worker tries it again and again
            except Exception:
                await self.drop(match_id)
                with contextlib.suppress(RedisError, OSError):
                    await self.cluster.release(match_id)
                raise
            if room is None:  # no such match
                await self.drop(match_id)
                with contextlib.suppress(RedisError, OSError):
                    await self.cluster.release(match_id)
                return False
            # A bot to move goes on here, whoever asked for the match; a game of bots only
            # asks the quota first (counted for its creator still, :class:`SharedBotGames`).
            room.schedule_bots()
            return True

    async def get(self, match_id: str) -> Room | None:
        """Return the room of a match this worker holds (taking it if no one does), else a
        read-only replica loaded from the database.

        Raises:
            DamagedMatch: its record cannot be read back.
        """
        room = self.rooms.get(match_id)
        if room is not None and self.cluster.holds(match_id):
            return room
        if match_id in self.damaged:
            raise DamagedMatch(match_id)
        if await self.take(match_id):
            room = self.rooms.get(match_id)
            if room is not None:
                return room
            raise DamagedMatch(match_id)
        return await self.replica(match_id)

    async def replica(self, match_id: str) -> Room | None:
        """Return a read-only copy of a match held by another worker, or None."""
        stored: StoredMatch | None = await self.workers.store(self.store.load, match_id)
        if stored is None:
            return None
        self.store.fences.setdefault(match_id, NOT_WRITER)  # this worker must not write it
        try:
            replica = await asyncio.to_thread(
                Replica, stored, self.store, self.bot_delay, self.workers
            )
        except Exception as problem:
            self.store.report_damaged(match_id, problem)
            raise DamagedMatch(match_id) from None
        replica.cluster = self.cluster
        replica.time = self.time  # its clocks read as the holder's do
        return replica

    async def drop(self, match_id: str) -> bool:
        """Stop writing a match: its bots stop, its connections reconnect elsewhere; return
        whether it was loaded here."""
        self.store.give_up_writer(match_id)
        room = self.rooms.pop(match_id, None)
        if room is not None:
            await room.stop()  # first: its bots could count it again meanwhile
        await self.bot_games.forget(match_id)
        if room is None:
            return False
        for client in list(room.clients):
            client.close(MOVED)
        return True

    async def resume(self) -> int:
        """Take the unfinished matches that no live worker holds; return how many."""
        return await self.cluster.sweep()


async def _within(work: Awaitable[Any], what: str, seconds: float = STOP_WAIT) -> None:
    """Wait at most seconds for a step of the shutdown, which fails or gives up quietly."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if not done:
        task.cancel()
        log.warning("%s took more than %.0f s at shutdown; given up", what, seconds)
    elif not task.cancelled() and task.exception() is not None:
        log.debug("%s failed at shutdown: %r", what, task.exception())


def check_shared(url: str) -> None:
    """Refuse a database that several workers cannot share.

    Raises:
        ClusterProblem: an SQLite file (one process alone writes it safely).
    """
    if url.startswith("sqlite"):
        raise ClusterProblem(
            "several workers need a database server they all reach (e.g. --db "
            "postgresql+psycopg://user@host/meeples), not an SQLite file"
        )
