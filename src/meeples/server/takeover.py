"""Which matches a worker among several serves: the ones whose lease it holds.

A worker that needs a match whose lease is free (a connection, a request, or its sweep of the
unfinished matches) takes the lease (:mod:`.leases`), then becomes the match's writer in the
database (:meth:`Store.take_writer` bumps the match's epoch; a write of the previous writer is
refused from then on, whatever its clock says), then loads the match from the database: every
action acknowledged before is in it, since a room tells its players of an action only once the
database committed it. A match held elsewhere is answered from a read-only :class:`Replica`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from redis.exceptions import RedisError

from meeples.server import lifecycle
from meeples.server.connection import Client
from meeples.server.errors import ClusterProblem, RoomError
from meeples.server.limits import SharedBotGames
from meeples.server.lobby import Lobby
from meeples.server.quota import BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL
from meeples.server.relays import MOVED
from meeples.server.room import Room
from meeples.server.store import NOT_WRITER, DamagedMatch, Store, StoredMatch
from meeples.server.workers import Workers

if TYPE_CHECKING:
    from meeples.server.cluster import Cluster


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
        self.leases = cluster.leases
        cluster.lobby = self
        self.bot_games = SharedBotGames(self.rooms, *bot_games, limits=lambda: cluster.limits)
        #: One take at a time: a match is loaded once, whoever asks for it meanwhile.
        self.taking = asyncio.Lock()

    async def reserve(self, match_id: str) -> None:
        """Hold a new match before it is stored, so no other worker takes it on its way.

        Raises:
            ClusterProblem: the lease cannot be taken.
        """
        if not await self.leases.acquire(match_id):
            raise ClusterProblem(f"match id {match_id} is already held")
        await self.workers.store(self.store.take_writer, match_id, self.cluster.id)

    async def unreserve(self, match_id: str) -> None:
        """Let go of a new match that could not be stored."""
        self.store.give_up_writer(match_id)
        with contextlib.suppress(RedisError, OSError):
            await self.leases.release(match_id)

    async def take(self, match_id: str) -> bool:
        """Hold and load a match if no live worker holds it; return whether this worker does."""
        async with self.taking:
            if match_id in self.rooms:
                # Trusted, or still ours in Redis (a late renewal): no one else wrote it.
                if self.leases.holds(match_id) or await self.leases.keep(match_id):
                    return True
                await self.drop(match_id)  # its lease lapsed: someone may have written since
            if not await self.workers.store(self.store.exists, match_id):
                return False  # nothing to hold (and nothing stored for a made-up id)
            if not await self.leases.acquire(match_id):
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
                    await self.leases.release(match_id)
                raise
            if room is None:  # no such match
                await self.drop(match_id)
                with contextlib.suppress(RedisError, OSError):
                    await self.leases.release(match_id)
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
        if room is not None and self.leases.holds(match_id):
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
