"""Who writes each match among several workers: its lease in Redis (docs/scaling.md).

A match's lease is the Redis key ``meeples:lease:<match>`` naming the worker that writes it,
which renews it every :data:`TICK` seconds and which expires :data:`LEASE` seconds after the
last renewal. A worker trusts a lease it renewed for :data:`TRUSTED` of its length only (the
rest covers clock drift and delays); the database's fence (:meth:`Store.take_writer`) refuses
the writes of a worker that lost it without knowing. This module only takes, renews, steals and
gives back leases; whether a worker is alive is its inbox's business (:mod:`.inbox`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from redis import asyncio as aioredis

log = logging.getLogger("meeples.server")

#: Seconds a lease (and a worker's heartbeat) lasts without renewal.
LEASE = 3.0
#: Seconds between two renewals, sweeps and checks of the relayed connections.
TICK = 1.0
#: Part of the lease a worker trusts after a renewal (the rest covers clock drift and delays).
TRUSTED = 0.8
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


def lease_key(match_id: str) -> str:
    """Return the Redis key of a match's lease."""
    return f"{PREFIX}:lease:{match_id}"


class Leases:
    """The leases one worker holds, and the way it takes and keeps them."""

    def __init__(
        self, redis: aioredis.Redis, worker: str, alive: Callable[[str], Awaitable[bool]],
        lease: float = LEASE,
    ) -> None:
        self.redis = redis
        self.worker = worker
        #: Whether a worker is alive (a lease of a dead one may be taken at once).
        self.alive = alive
        self.lease = lease
        self.held: dict[str, float] = {}  # match id: monotonic time until which it is ours
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)
        self._steal = redis.register_script(STEAL)

    @property
    def ms(self) -> int:
        """Return the length of a lease in milliseconds."""
        return int(self.lease * 1000)

    def holds(self, match_id: str) -> bool:
        """Return whether this worker holds a match's lease (and may trust it still)."""
        until = self.held.get(match_id)
        return until is not None and time.monotonic() < until

    def expired(self) -> list[str]:
        """Return the matches whose lease was not renewed in time (not ours any more, whatever
        Redis answered)."""
        now = time.monotonic()
        return [match_id for match_id, until in self.held.items() if until <= now]

    async def holder(self, match_id: str) -> str | None:
        """Return the worker holding a match's lease, or None when it is free."""
        value = await self.redis.get(lease_key(match_id))
        return str(value) if value is not None else None

    async def holders(self, match_ids: list[str]) -> list[str | None]:
        """Return the worker holding each match's lease (None: free), in order."""
        values = await self.redis.mget([lease_key(i) for i in match_ids])
        return [str(v) if v is not None else None for v in values]

    async def acquire(self, match_id: str) -> bool:
        """Take a match's lease if it is free or its holder is dead; return whether we hold it."""
        started = time.monotonic()
        key = lease_key(match_id)
        taken = bool(await self.redis.set(key, self.worker, nx=True, px=self.ms))
        if not taken:
            holder = await self.holder(match_id)
            if holder == self.worker:  # still ours: renewed, for as long as a new one
                taken = not await self._renew(keys=[key], args=[self.worker, self.ms])
            elif holder is not None and not await self.alive(holder):
                taken = bool(await self._steal(keys=[key], args=[holder, self.worker, self.ms]))
                if taken:
                    log.warning("match %s taken over from %s, which is gone", match_id, holder)
            elif holder is None:
                taken = bool(await self.redis.set(key, self.worker, nx=True, px=self.ms))
        if taken:
            self.held[match_id] = started + self.lease * TRUSTED
        return taken

    async def renew_all(self) -> list[str]:
        """Renew every lease held; return the matches whose lease was lost."""
        if not self.held:
            return []
        started = time.monotonic()
        ids = list(self.held)
        lost_keys = await self._renew(keys=[lease_key(i) for i in ids],
                                      args=[self.worker, self.ms])
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
        if await self._renew(keys=[lease_key(match_id)], args=[self.worker, self.ms]):
            return False
        self.held[match_id] = started + self.lease * TRUSTED
        return True

    async def release(self, match_id: str) -> None:
        """Give a match's lease back (it is written by no one until someone takes it)."""
        self.held.pop(match_id, None)
        await self._release(keys=[lease_key(match_id)], args=[self.worker])

    def release_all(self) -> list[Awaitable[object]]:
        """Return the releases of every lease held, to be awaited together, and forget them."""
        releases: list[Awaitable[object]] = [
            self._release(keys=[lease_key(i)], args=[self.worker]) for i in self.held
        ]
        self.held.clear()
        return releases
