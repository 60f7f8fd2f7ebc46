"""The per-address limits of :mod:`meeples.server.guard`, counted for the whole server.

One process counts in memory (:class:`meeples.server.guard.LocalLimits`, over
``guard.Counter`` and ``guard.Buckets``): this module is imported in cluster mode only, since it
needs the Redis client, which a plain ``pip install meeples`` does not bring. Several workers
sharing Redis (:mod:`meeples.server.cluster`) count in Redis (:class:`SharedLimits`), else N
workers would let one address have N times as much:

- live connections: a hash ``meeples:sockets:<address>`` of each worker's count;
- creations and claims: a token bucket ``meeples:creations:<address>`` (level, time);
- sign-ins: token buckets ``meeples:signin:<address>`` and ``meeples:signin-name:<name key>``,
  so that an account's password is guessed no faster through N workers than through one;
- games of bots only (:mod:`meeples.server.quota`, :class:`SharedBotGames`): a hash
  ``meeples:botgames`` of each playing game's worker and creator.

Each change is one Lua script (atomic: two workers never both take the last slot), and times
are Redis's own (``TIME``), so the hosts' clocks do not matter. Every worker renews its entry in
the sorted set ``meeples:workers`` at each tick (score: when it expires); counts of a worker
whose entry expired (a killed process) are dropped by the next script that reads them, so a
crashed worker cannot hold a slot for longer than :data:`meeples.server.leases.LEASE`.

Should Redis fail, a limit is checked in this worker's memory instead, and said in the log.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError

from meeples.server.guard import LocalLimits
from meeples.server.quota import BotGames

if TYPE_CHECKING:
    from meeples.server.room import Room

log = logging.getLogger("meeples.server")

PREFIX = "meeples"
WORKERS = f"{PREFIX}:workers"
BOT_GAMES = f"{PREFIX}:botgames"
#: Milliseconds a count of an address outlives its last change (then Redis forgets it).
KEEP_MS = 86_400_000

_NOW_MS = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""
#: Renew ARGV[1] (a worker) in KEYS[1] for ARGV[2] ms.
HEARTBEAT = _NOW_MS + """
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return 1
"""
#: Count one more connection of worker ARGV[1] in the hash KEYS[1] unless the live workers'
#: counts (KEYS[2]: the workers' set) reach ARGV[2]; return 1, or 0 when refused.
ENTER = _NOW_MS + """
local total = 0
local counts = redis.call('HGETALL', KEYS[1])
for i = 1, #counts, 2 do
  local until_ms = redis.call('ZSCORE', KEYS[2], counts[i])
  if (not until_ms) or tonumber(until_ms) < now then
    redis.call('HDEL', KEYS[1], counts[i])
  else
    total = total + tonumber(counts[i + 1])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""
#: Count one connection of worker ARGV[1] fewer in the hash KEYS[1].
LEAVE = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""
#: Take a token of the bucket KEYS[1] (ARGV: rate a second, burst); return 1, or 0 when empty.
TAKE = _NOW_MS + """
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'level', 'at')
local level, at = tonumber(saved[1]) or burst, tonumber(saved[2]) or now
level = math.min(burst, level + (now - at) / 1000 * rate)
local taken = 0
if level >= 1 then
  level = level - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return taken
"""
#: Count the game of bots only ARGV[1] of worker ARGV[2] for address ARGV[3] in the hash
#: KEYS[1] (values "<worker> <address>"), the live workers' games counting against ARGV[4] per
#: address and ARGV[5] in all; return 1, -1 (the address has its share), -2 (the server has).
#: An address '' is unknown (a game taken over, or resumed): the address the game was counted
#: for before is kept, if any; a game with no address counts in the total only.
RESERVE_BOT_GAME = _NOW_MS + """
local address = ARGV[3]
local old = redis.call('HGET', KEYS[1], ARGV[1])
if address == '' and old then address = string.match(old, '^%S+ ?(.*)$') end
local mine, all = 0, 0
local games = redis.call('HGETALL', KEYS[1])
for i = 1, #games, 2 do
  local worker, owner = string.match(games[i + 1], '^(%S+) ?(.*)$')
  local until_ms = redis.call('ZSCORE', KEYS[2], worker)
  if (not until_ms) or tonumber(until_ms) < now then
    redis.call('HDEL', KEYS[1], games[i])
  elseif games[i] ~= ARGV[1] then
    all = all + 1
    if address ~= '' and owner == address then mine = mine + 1 end
  end
end
if mine >= tonumber(ARGV[4]) then return -1 end
if all >= tonumber(ARGV[5]) then return -2 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. address)
return 1
"""
#: Stop counting the game ARGV[1] if worker ARGV[2] counts it.
RELEASE_BOT_GAME = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and string.match(old, '^(%S+)') == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""


class SharedLimits(LocalLimits):
    """The per-address limits of all the workers sharing one Redis (see the module)."""

    def __init__(
        self, redis: Any, worker: str, sockets_per_address: int,
        create_rate: tuple[float, float], *rates: tuple[float, float],
    ) -> None:
        super().__init__(sockets_per_address, create_rate, *rates)
        self.redis = redis
        self.worker = worker
        self.limit = sockets_per_address
        self.rate, self.burst = create_rate
        #: Connections of each address this worker counted in Redis (the others, counted in
        #: memory while Redis failed, are let go in memory).
        self.counted: dict[str, int] = {}
        self._leaving: set[asyncio.Task[None]] = set()
        self._enter = redis.register_script(ENTER)
        self._leave = redis.register_script(LEAVE)
        self._take = redis.register_script(TAKE)
        self._reserve_bot = redis.register_script(RESERVE_BOT_GAME)
        self._release_bot = redis.register_script(RELEASE_BOT_GAME)

    async def enter(self, address: str) -> bool:
        """Count one more connection of address among all the workers; False at the limit."""
        try:
            entered = bool(await self._enter(
                keys=[f"{PREFIX}:sockets:{address}", WORKERS],
                args=[self.worker, self.limit, KEEP_MS],
            ))
        except (RedisError, OSError) as problem:
            log.error("connections of %s counted here only: %r", address, problem)
            return self.sockets.enter(address)
        if entered:
            self.counted[address] = self.counted.get(address, 0) + 1
        return entered

    async def leave(self, address: str) -> None:
        """Count one connection of address fewer."""
        counted = self.counted.get(address, 0)
        if counted <= 0:
            self.sockets.leave(address)
            return
        if counted == 1:
            del self.counted[address]
        else:
            self.counted[address] = counted - 1
        # In a task of its own, shielded: a handler cancelled while it ends (a server
        # shutting down, a test client leaving) must not leave its slot counted.
        task = asyncio.ensure_future(self._uncount(address))
        self._leaving.add(task)
        task.add_done_callback(self._leaving.discard)
        await asyncio.shield(task)

    async def _uncount(self, address: str) -> None:
        try:
            await self._leave(keys=[f"{PREFIX}:sockets:{address}"], args=[self.worker])
        except (RedisError, OSError) as problem:  # counted until this worker's heartbeat ends
            log.error("a connection of %s could not be uncounted: %r", address, problem)

    async def create(self, address: str) -> bool:
        """Spend one of address's creations among all the workers; False when none is left."""
        try:
            return bool(await self._take(
                keys=[f"{PREFIX}:creations:{address}"], args=[self.rate, self.burst]
            ))
        except (RedisError, OSError) as problem:
            log.error("creations of %s counted here only: %r", address, problem)
            return self.creations.take(address)

    async def sign_in(self, address: str, name_key: str | None) -> bool:
        """Spend one of address's sign-in attempts and, with a name, one of the name's, among
        all the workers; False when either has none left."""
        try:
            if not await self._take(keys=[f"{PREFIX}:signin:{address}"],
                                    args=list(self.sign_in_rate)):
                return False
            return name_key is None or bool(await self._take(
                keys=[f"{PREFIX}:signin-name:{name_key}"], args=list(self.name_sign_in_rate)))
        except (RedisError, OSError) as problem:
            log.error("sign-ins of %s counted here only: %r", address, problem)
            return await LocalLimits.sign_in(self, address, name_key)

    async def reserve_bot_game(
        self, match_id: str, address: str, per_address: int, total: int
    ) -> int:
        """Count a game of bots only; return 1, -1 (address at its quota) or -2 (server).

        Raises:
            RedisError, OSError: Redis failed (the caller counts in memory instead).
        """
        return int(await self._reserve_bot(
            keys=[BOT_GAMES, WORKERS],
            args=[match_id, self.worker, address, per_address, total],
        ))

    async def release_bot_game(self, match_id: str) -> None:
        """Stop counting a game of bots only (finished, failed or let go) if this worker did."""
        try:
            await self._release_bot(keys=[BOT_GAMES], args=[match_id, self.worker])
        except (RedisError, OSError) as problem:
            log.error("game of bots %s still counted in Redis: %r", match_id, problem)


class SharedBotGames(BotGames):
    """The quota of games of bots only, counted for all the workers sharing one Redis (see
    :mod:`meeples.server.quota`); in this worker's memory while Redis fails."""

    def __init__(
        self, rooms: dict[str, Room], per_address: int, total: int,
        limits: Callable[[], SharedLimits | None],
    ) -> None:
        super().__init__(rooms, per_address, total)
        self.limits = limits  # made after the lobby: asked at each use

    async def reserve(self, match_id: str, address: str | None) -> None:
        """Count a game of bots only against the quotas of the whole server (in Redis).

        Raises:
            TooMany: the address or the server already has as many as it may.
        """
        shared = self.limits()
        if shared is None:
            await BotGames.reserve(self, match_id, address)
            return
        for playing in self.stopped():
            await self.release(playing)
        try:
            answer = await shared.reserve_bot_game(
                match_id, address or "", self.per_address, self.total
            )
        except (RedisError, OSError) as problem:
            log.error("games of bots counted on %s only: %r", shared.worker, problem)
            await BotGames.reserve(self, match_id, address)
            return
        if answer < 0:
            raise self.refusal(per_address=answer == -1)
        self.counted[match_id] = address

    async def release(self, match_id: str) -> None:
        """Stop counting a game of bots only, here and (if this worker counts it) in Redis."""
        if match_id in self.counted:
            del self.counted[match_id]
            shared = self.limits()
            if shared is not None:
                await shared.release_bot_game(match_id)
