"""A crowd of spectator sockets in a process of its own.

A thousand sockets read in the suite's own event loop would delay the players' clients there,
and the latency measured would be the suite's. So the crowd runs apart: it connects, says
hello, tells the suite it is ready, reads (answering pings, counting states) until told to
stop or until its own deadline, and answers what each socket received.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from meeples.loadtest.harness import Target
from meeples.loadtest.wire import RawSocket

#: Seconds the crowd may take to connect, and to stop once told to.
CONNECT_TIMEOUT = 120.0
STOP_TIMEOUT = 30.0


@dataclass(frozen=True)
class Plan:
    """What the crowd does: which match, from which addresses (one per socket), how long."""

    target: Target
    match_id: str
    addresses: list[str]
    deflate: bool
    seconds: float


async def _watch(plan: Plan, pipe: Connection) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    started = time.process_time()
    sockets: list[RawSocket] = []
    gate = asyncio.Semaphore(50)
    failures = 0

    async def one(address: str) -> None:
        nonlocal failures
        async with gate:
            try:
                raw = await RawSocket.open(plan.target, plan.match_id, address, plan.deflate)
            except (OSError, TimeoutError, ConnectionError):
                failures += 1
                return
            raw.send_text('{"type":"hello","tokens":[]}')
            sockets.append(raw)

    await asyncio.wait_for(asyncio.gather(*(one(a) for a in plan.addresses)), CONNECT_TIMEOUT)
    deadline = loop.time() + plan.seconds
    readers = [loop.create_task(raw.read_until(deadline)) for raw in sockets]
    pipe.send(("ready", len(sockets), failures))
    stop = loop.run_in_executor(None, pipe.recv)  # the suite says stop (or the deadline)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(stop), max(deadline - loop.time(), 0.0))
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    for raw in sockets:
        raw.close()
    counts = [raw.counts for raw in sockets]
    return {
        "connected": len(sockets),
        "failed": failures,
        "messages": sorted(c.messages for c in counts),
        "received_bytes": sum(c.received_bytes for c in counts),
        "closed": sum(c.closed_with is not None or c.lost for c in counts),
        "cpu_seconds": time.process_time() - started,
    }


def _main(plan: Plan, pipe: Connection) -> None:
    from meeples.loadtest.harness import raise_open_files

    raise_open_files()
    try:
        result = asyncio.run(_watch(plan, pipe))
    except Exception as problem:  # said to the suite, which reports it
        pipe.send(("failed", repr(problem), 0))
        return
    pipe.send(("done", result, 0))


class Crowd:
    """The crowd's process, seen from the suite."""

    def __init__(self, plan: Plan) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, child = context.Pipe()
        self.process = context.Process(target=_main, args=(plan, child), daemon=True)
        self.started = time.monotonic()

    async def _receive(self, timeout: float) -> tuple[str, Any, int]:
        loop = asyncio.get_running_loop()
        ready = await asyncio.wait_for(loop.run_in_executor(None, self.pipe.poll, timeout),
                                       timeout + 5)
        if not ready:
            raise TimeoutError("the crowd said nothing in time")
        message: tuple[str, Any, int] = self.pipe.recv()
        return message

    async def start(self) -> int:
        """Start the crowd; return how many sockets it holds once all said hello.

        Raises:
            RuntimeError: the crowd failed, TimeoutError: it did not connect in time.
        """
        self.started = time.monotonic()
        self.process.start()
        kind, connected, failed = await self._receive(CONNECT_TIMEOUT + 30)
        if kind != "ready":
            raise RuntimeError(f"the crowd failed: {connected}")
        if failed:
            raise RuntimeError(f"{failed} spectator sockets could not connect")
        return int(connected)

    async def stop(self) -> dict[str, Any]:
        """Tell the crowd to stop; return what its sockets received."""
        with contextlib.suppress(OSError):
            self.pipe.send("stop")
        try:
            kind, result, _ = await self._receive(STOP_TIMEOUT)
        finally:
            self.process.join(5)
            if self.process.is_alive():  # this process started it: only it is ended
                self.process.kill()
                self.process.join(5)
        if kind != "done":
            raise RuntimeError(f"the crowd failed: {result}")
        crowd: dict[str, Any] = result
        crowd["cpu_pct"] = round(100 * crowd["cpu_seconds"] / max(
            time.monotonic() - self.started, 1e-9), 1)
        return crowd
