"""A connection to a match: the seats it holds and a bounded outbox that its own task sends.

Nothing a room does under its lock waits on a socket: it only posts text into each
connection's outbox, which the connection's own task sends. A connection that lets its outbox
fill up is not reading and is dropped (:data:`SLOW_READER`); it may reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

log = logging.getLogger("meeples.server")
T = TypeVar("T")

#: Messages a connection may have waiting to be sent; one more and it counts as not reading.
OUTBOX = 64
#: The close code of a connection dropped for not reading (the browser reconnects by itself).
SLOW_READER = 4008
#: Seconds a closing handshake may take before the connection is simply let go.
CLOSE_TIMEOUT = 2.0


async def to_the_end(work: Coroutine[Any, Any, T]) -> T:
    """Return what work returns; work runs to its end even if the caller is cancelled meanwhile.

    A connection that closes while its action is being committed has its reader cancelled;
    the commit goes on in the database threads all the same, so the room must go on too
    (memory, chance, broadcast): a stored action left out of memory made every later action
    of the match fail on its ply, taken already.
    """
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        task.add_done_callback(_retrieve)
        raise


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Take a finished task's exception (nobody waits for it any more: refused, logged)."""
    if not task.cancelled() and task.exception() is not None:
        log.info("a change finished after its connection left: %r", task.exception())


class Client:
    """A connection: the seats it holds, and a bounded outbox that its own task sends.

    ``post`` never waits: the room posts under its lock and goes on. The sender task sends one
    text at a time; when the outbox is full the connection is dropped (closed with
    :data:`SLOW_READER` if the socket still takes a close) and ``gone`` is set.
    """

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]] | None = None,
        limit: int = OUTBOX,
    ) -> None:
        self.send = send
        self.close_socket = close
        self.seats: frozenset[int] = frozenset()
        self.closed_with: int | None = None
        self.gone = asyncio.Event()
        self._outbox: asyncio.Queue[str | int] = asyncio.Queue(limit)
        self._sender: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None

    def post(self, text: str) -> bool:
        """Queue a text to send; return False when the connection is gone (or now dropped)."""
        return self._enqueue(text)

    def close(self, code: int) -> None:
        """Close the connection with code once everything posted before is sent."""
        self._enqueue(code)

    def _enqueue(self, item: str | int) -> bool:
        if self.gone.is_set():
            return False
        try:
            self._outbox.put_nowait(item)
        except asyncio.QueueFull:
            self.drop(SLOW_READER)
            return False
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._send_all())
        return True

    def drop(self, code: int) -> None:
        """Give up on the connection now: nothing queued is sent; try to close it with code."""
        if self.gone.is_set():
            return
        self.closed_with = code
        self.gone.set()
        if self._sender is not None:
            self._sender.cancel()
        self._closer = asyncio.get_running_loop().create_task(self._close_quietly(code))

    def stop(self) -> None:
        """Stop sending (the socket is closed already)."""
        self.gone.set()
        if self._sender is not None:
            self._sender.cancel()

    async def finished(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Wait, at most timeout seconds, for what was posted (and a close) to go out."""
        tasks = [t for t in (self._sender, self._closer) if t is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    async def _send_all(self) -> None:
        try:
            while True:
                item = await self._outbox.get()
                if isinstance(item, int):
                    self.closed_with = item
                    await self._close_quietly(item)
                    return
                await self.send(item)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket is closed: nothing more can be delivered
            pass
        finally:
            self.gone.set()

    async def _close_quietly(self, code: int) -> None:
        if self.close_socket is None:
            return
        # A socket that is not read cannot take a close frame either: then it is let go.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.close_socket(code), CLOSE_TIMEOUT)
