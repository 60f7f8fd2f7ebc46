"""Several workers, one set of games: PostgreSQL keeps the games, Redis says who writes each.

This module is one worker among the others: it starts and stops the worker's parts and ticks
them. Each concern lives in its own module:

- :mod:`.leases`: each match has one writer at a time, the worker holding its **lease** in
  Redis, renewed every :data:`TICK` seconds and expiring :data:`LEASE` seconds after the last
  renewal;
- :mod:`.inbox`: the pub/sub channel ``meeples:w:<worker>`` through which the others reach a
  worker, and whose subscriber count says whether it is alive;
- :mod:`.takeover`: the lobby of a worker among several, which takes a match whose lease is
  free (or whose holder is dead), fences it in the database and loads it, and answers a match
  held elsewhere from a read-only replica;
- :mod:`.relays`: connections to a match held by another worker, relayed through the inboxes.

A worker's death is seen two ways: its leases expire, or, at once, Redis counts no subscriber
on its inbox (a killed process's connections are closed by the kernel). Each sweep (every
:data:`TICK` seconds) takes over the unfinished matches whose lease is free or whose holder is
dead, so bot games and half-played turns go on within seconds.

With one process and SQLite (``make run``) none of this runs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import secrets
import socket
from collections.abc import Awaitable, Callable
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from meeples.server.errors import ClusterProblem, RoomError
from meeples.server.inbox import Inbox
from meeples.server.leases import LEASE, TICK, Leases
from meeples.server.limits import HEARTBEAT, WORKERS, SharedLimits
from meeples.server.lobby import Lobby
from meeples.server.relays import MOVED, Relays
from meeples.server.store import Store
from meeples.server.takeover import ClusterLobby, Replica

log = logging.getLogger("meeples.server")

#: Seconds a request to another worker (a claim) waits for its answer.
CALL_TIMEOUT = 5.0
#: Connections a worker opens to Redis at most (its inbox's included), and seconds a command
#: waits for one when all are busy.
REDIS_CONNECTIONS = 64
REDIS_WAIT = 10.0
#: Seconds each part of a worker's shutdown (its loops ending, each goodbye to Redis) may take.
STOP_WAIT = 5.0


def worker_name() -> str:
    """Return a name for this worker, unique among the workers of every host."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Cluster:
    """This worker among the others: its leases, its inbox and its relayed connections."""

    def __init__(
        self, url: str, store: Store, name: str | None = None, lease: float = LEASE,
        tick: float = TICK, connections: int = REDIS_CONNECTIONS,
    ) -> None:
        self.url = url
        self.store = store
        self.id = name or worker_name()
        self.tick = tick
        # A bounded pool whose commands wait for a free connection: with redis-py's default
        # pool a burst of publishes (every game's texts at once: 500 games on two workers)
        # opened connections up to its limit of 100, then failed (MaxConnectionsError: relayed
        # texts lost, 17 moves timed out, docs/reliability.md).
        self.pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=connections, timeout=REDIS_WAIT
        )
        self.redis: aioredis.Redis = aioredis.Redis.from_pool(self.pool)
        self.inbox = Inbox(self.redis, self.id)
        self.leases = Leases(self.redis, self.id, self.inbox.alive, lease)
        self.relays = Relays(self.inbox, self.leases, self._holder_or_take)
        self.lobby: ClusterLobby | None = None
        #: Closes this worker's connections of an account that signed out everywhere.
        self.sign_out: Callable[[str], object] | None = None
        self.calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False
        #: The per-address limits counted in Redis (see :meth:`shared_limits`).
        self.limits: SharedLimits | None = None
        self._heartbeat = self.redis.register_script(HEARTBEAT)
        self.inbox.on_lost = self.relays.cut_all
        self.inbox.handlers.update(q=self._request, s=self._signed_out, r=self._answered)

    # --- life --------------------------------------------------------------------------

    async def start(self, lobby: ClusterLobby) -> None:
        """Listen on the inbox, then take the unfinished matches no live worker holds.

        Raises:
            ClusterProblem: Redis does not answer.
        """
        self.lobby = lobby
        try:
            await self.redis.ping()
            await self.inbox.subscribe()  # before any lease is taken
            await self._beat()  # before any connection is counted under this worker's name
        except (RedisError, OSError) as problem:
            raise ClusterProblem(f"Redis at {self.url} cannot be used: {problem}") from None
        self._tasks = [
            asyncio.create_task(self.inbox.listen()),
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
        self._stopping = self.inbox.stopping = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, running = await asyncio.wait(self._tasks, timeout=STOP_WAIT)
            if running:
                log.error("%s: %d loops did not stop in %.0f s", self.id, len(running), STOP_WAIT)
        if self.lobby is not None:
            await Lobby.stop(self.lobby)  # no bot of ours writes once another worker may
            for match_id in list(self.leases.held):
                self.store.give_up_writer(match_id)
        self.relays.close_origins()
        # All at once, each batch bounded: a Redis that hangs costs STOP_WAIT, not one per game.
        relayed = list(self.relays.relayed.values())
        closes = [one.close(MOVED) for one in relayed]
        await _within(asyncio.gather(*closes, return_exceptions=True), "the relayed closes")
        for one in relayed:  # (after the close: its origin closes with MOVED, not 1000)
            one.disconnect()
        releases = self.leases.release_all()
        await _within(asyncio.gather(*releases, return_exceptions=True), "the leases' release")
        await _within(self.redis.zrem(WORKERS, self.id), "the end of this worker's counts")
        await _within(self.inbox.close(), "the inbox's close")
        await _within(self.redis.aclose(), "the Redis connections' close")

    async def _holder_or_take(self, match_id: str) -> str | None:
        """Return who holds a match, taking it when it is free or its holder is dead."""
        if self.lobby is not None and match_id in self.lobby.rooms and self.leases.holds(match_id):
            return self.id
        holder = await self.leases.holder(match_id)
        if holder is not None and holder != self.id and await self.inbox.alive(holder):
            return holder
        if self.lobby is not None and await self.lobby.take(match_id):
            return self.id
        return await self.leases.holder(match_id)

    # --- sign-outs ---------------------------------------------------------------------

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
                await self.inbox.publish(str(worker), "s", account)

    def _signed_out(self, account: str, body: str) -> None:
        """An account signed out everywhere: its connections here close."""
        if self.sign_out is not None:
            self.sign_out(account)

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
            if not await self.inbox.publish(holder, "q", request, f"{self.id} {match_id} {what}"):
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

    def _request(self, request: str, body: str) -> None:
        """A request: ``q <id> <origin> <match> <what>``."""
        asyncio.get_running_loop().create_task(self._answer(request, body))

    def _answered(self, request: str, body: str) -> None:
        """The answer to one of our requests."""
        future = self.calls.pop(request, None)
        if future is not None and not future.done():
            future.set_result(json.loads(body))

    async def _answer(self, request: str, body: str) -> None:
        origin, match_id, what = (body.split(" ", 2) + ["", ""])[:3]
        verb, _, account = what.partition(" ")
        answer: dict[str, Any]
        try:
            room = self.lobby.rooms.get(match_id) if self.lobby is not None else None
            if verb != "claim" or room is None or not self.leases.holds(match_id):
                raise RoomError("storage", "this game moved to another server; try again")
            seat, token = await room.claim(account or None)
            answer = {"seat": seat, "token": token}
        except RoomError as problem:
            answer = {"error": problem.code, "message": problem.message}
        await self.inbox.publish(origin, "r", request, json.dumps(answer))

    # --- the tick ----------------------------------------------------------------------

    async def _tick_loop(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self.tick)
            steps: tuple[Callable[[], Awaitable[object]], ...] = (
                self._beat, self._keep_leases, self.relays.check, self.sweep,
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
            for match_id in self.leases.expired():
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
        await self._heartbeat(keys=[WORKERS], args=[self.id, self.leases.ms])

    async def _keep_leases(self) -> None:
        for match_id in await self.leases.renew_all():
            await self._let_go(match_id, "another worker holds it now")

    async def _let_go(self, match_id: str, why: str) -> None:
        self.leases.held.pop(match_id, None)
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
            await self.leases.release(match_id)
        return len(idle)

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
        holders = await self.leases.holders(ids)
        others = sorted({h for h in holders if h is not None and h != self.id})
        dead = set(others) - await self.inbox.listening(others)
        orphans = [i for i, h in zip(ids, holders, strict=True) if h is None or h in dead]
        random.shuffle(orphans)  # several survivors share the orphans
        taken = 0
        for match_id in orphans:
            if await lobby.take(match_id):
                taken += 1
        if taken:
            log.info("%s took over %d matches", self.id, taken)
        return taken


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
