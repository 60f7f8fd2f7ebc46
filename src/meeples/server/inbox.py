"""A worker's inbox: the Redis pub/sub channel through which the other workers reach it.

Each worker listens on ``meeples:w:<worker>``; a message is ``<kind> <conn> <body>``, one
letter for its kind (:mod:`.relays` and :mod:`.cluster` name theirs), then a connection or
request id, then whatever the kind carries. Redis counts the subscribers of each inbox, which is
how a worker's death is seen at once: a killed process's connections are closed by the kernel,
so its inbox has none. This module carries messages and nothing else: what a message means is
decided by the handler registered for its kind.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from meeples.server.leases import PREFIX

log = logging.getLogger("meeples.server")

#: ``handler(conn, body)`` of one kind of message.
Handler = Callable[[str, str], None]


def channel(worker: str) -> str:
    """Return the pub/sub channel of a worker's inbox."""
    return f"{PREFIX}:w:{worker}"


class Inbox:
    """This worker's inbox, and the way it publishes to the others'."""

    def __init__(self, redis: aioredis.Redis, worker: str) -> None:
        self.redis = redis
        self.worker = worker
        #: What to do with each kind of message, by its letter.
        self.handlers: dict[str, Handler] = {}
        #: Called when the subscription is lost (no message since can be trusted).
        self.on_lost: Callable[[], None] = lambda: None
        self._pubsub: Any = None
        self.stopping = False

    async def subscribe(self) -> None:
        """Listen on this worker's channel (before any lease is taken: a holder always counts
        as alive)."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(channel(self.worker))

    async def publish(self, worker: str, kind: str, conn: str, body: str = "") -> bool:
        """Publish to a worker's inbox; return whether it listens (False: it is gone)."""
        try:
            receivers = await self.redis.publish(channel(worker), f"{kind} {conn} {body}")
        except (RedisError, OSError) as problem:
            log.error("cannot publish to %s: %r", worker, problem)
            return False
        return int(receivers) > 0

    async def alive(self, worker: str) -> bool:
        """Return whether a worker listens on its inbox (a dead process does not)."""
        counts = await self.redis.pubsub_numsub(channel(worker))
        return bool(counts and int(counts[0][1]) > 0)

    async def listening(self, workers: list[str]) -> set[str]:
        """Return those of the workers that listen on their inbox."""
        if not workers:
            return set()
        counts = dict(await self.redis.pubsub_numsub(*[channel(w) for w in workers]))
        return {w for w in workers if int(counts.get(channel(w), 0))}

    async def listen(self) -> None:
        """Hand each message to the handler of its kind, until the worker stops."""
        while not self.stopping:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as problem:  # the subscription is lost: no frame can be trusted
                log.error("the Redis inbox of %s failed: %r", self.worker, problem)
                self.on_lost()
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                    await self.subscribe()
                continue
            if message is not None and message.get("type") == "message":
                try:
                    self.dispatch(str(message["data"]))
                except Exception:
                    log.exception("a message in the inbox of %s failed", self.worker)

    def dispatch(self, data: str) -> None:
        """Hand one message to the handler of its kind (an unknown kind is ignored)."""
        kind, conn, body = (data.split(" ", 2) + ["", ""])[:3]
        handler = self.handlers.get(kind)
        if handler is not None:
            handler(conn, body)

    async def close(self) -> None:
        """Stop listening (the other workers count this one dead from now on)."""
        if self._pubsub is not None:
            await self._pubsub.aclose()
