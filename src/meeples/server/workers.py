"""Where the server's blocking work runs: database calls, bot moves and hints, each apart.

The event loop itself never waits on a disk, a search or a socket. Database calls are short and
every accepted action waits for one, so they have threads of their own: a crowd of thinking bots
can never hold a commit back. Bot moves and hints run in worker processes of their own (a search
holds the GIL for seconds, which threads would take from the event loop: a few players asking
hints at every turn slowed every game tenfold); ``bots.choose`` and its arguments are plain data,
a hint's game state pickles, so they cross to a process as they are. At most
:data:`HINTS_AT_ONCE` hints are worked out or waiting at a time; beyond, :class:`HintsBusy`.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from meeples.core import registry
from meeples.server import metrics

if TYPE_CHECKING:
    from meeples.server.clocks import Clocks
    from meeples.server.store import ActionRow, Store

T = TypeVar("T")

#: Threads for database calls: enough for a few commits at once (SQLite writes one at a time).
STORE_THREADS = 4
#: How much lower the bot and hint processes' priority is than the server's (``nice``): when
#: both want a core, the event loop gets it first, so searches use only the CPU the games leave
#: (20 games asking a hint at every turn raised the other games' p99 from 18 to 105 ms).
SEARCH_NICENESS = 10
#: Hints being worked out or waiting, in all (each is a 1.5-second search, one per game at a
#: time): beyond, a player is asked to try again in a moment.
HINTS_AT_ONCE = 8


class HintsBusy(Exception):
    """As many hints as the server works out at once are being worked out or waiting."""


def default_bot_processes() -> int:
    """Return how many processes bots get by default: every core but one, from 1 to 4."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def default_hint_processes() -> int:
    """Return how many processes hints get by default: every core but one, from 1 to 2."""
    return max(1, min(2, (os.cpu_count() or 2) - 1))


def lower_priority() -> None:
    """Start a worker process: lower its priority by :data:`SEARCH_NICENESS`, and leave Ctrl-C
    to the server.

    A Ctrl-C in a terminal interrupts the whole foreground process group. A worker interrupted in
    the middle of its queue broke the pool: every bot of every game then failed until the server
    stopped, with a worker's traceback and a bot's in the log. The server stops its workers itself.
    """
    os.nice(SEARCH_NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_worker(packages: tuple[str, ...]) -> None:
    """Start a worker process: :func:`lower_priority`, and register the games the server's
    process registered by package (``meeples.core.registry.register``), which a process forked
    from the clean forkserver would not know: its bots and hints serve every game the server
    does."""
    from meeples.core import registry

    lower_priority()
    for package in packages:
        registry.register(package)


class Workers:
    """The executors of one server: database, bots and hints.

    ``Workers()`` with no pools runs everything in the event loop's default executor (for tests
    that build a room by hand); :meth:`start` makes the real ones.
    """

    def __init__(
        self,
        store: Executor | None = None,
        bots: Executor | None = None,
        hints: Executor | None = None,
        hints_at_once: int = HINTS_AT_ONCE,
    ) -> None:
        self.store_pool = store
        self.bot_pool = bots
        self.hint_pool = hints
        self.hints_at_once = hints_at_once
        self.hints_running = 0
        #: Actions waiting for the next batch of each store, and the stores committing one.
        self._appends: dict[Store, list[tuple[ActionRow, asyncio.Future[None]]]] = {}
        self._appending: dict[Store, asyncio.Task[None]] = {}

    @classmethod
    def start(cls, bot_processes: int | None = None) -> Workers:
        """Return fresh pools; bot_processes 0 runs bots and hints in two threads each instead
        of processes.

        Threads are for tests that replace a bot by a stand-in the worker processes cannot see.
        """
        processes = default_bot_processes() if bot_processes is None else bot_processes
        bots: Executor
        hints: Executor
        if processes > 0:
            # forkserver: a worker is forked from a small clean process, never from this one
            # with its threads and sockets.
            context = multiprocessing.get_context("forkserver")
            packages = (registry.registered_packages(),)
            bots = ProcessPoolExecutor(
                max_workers=processes, mp_context=context, initializer=start_worker,
                initargs=packages,
            )
            hints = ProcessPoolExecutor(
                max_workers=default_hint_processes(), mp_context=context,
                initializer=start_worker, initargs=packages,
            )
        else:
            bots = ThreadPoolExecutor(max_workers=2, thread_name_prefix="meeples-bot")
            hints = ThreadPoolExecutor(max_workers=2, thread_name_prefix="meeples-hint")
        return cls(
            store=ThreadPoolExecutor(STORE_THREADS, thread_name_prefix="meeples-store"),
            bots=bots,
            hints=hints,
        )

    async def store(self, function: Callable[..., T], *args: Any) -> T:
        """Return function(*args) run in the database threads, in the caller's context (what
        it logs carries the request's and the match's ids: :mod:`meeples.server.logs`)."""
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(
            self.store_pool, functools.partial(context.run, function, *args))

    async def append_action(
        self,
        store: Store,
        match_id: str,
        ply: int,
        seat: int | None,
        action: str,
        result: dict[str, Any] | None = None,
        passed: bool = False,
        bot: bool = False,
        epoch: int | None = None,
        clocks: Clocks | None = None,
    ) -> None:
        """Commit one accepted action (``Store.append_action``, epoch: the writer's turn;
        clocks: the match's clocks after it, None: unchanged),
        together with the actions of other matches waiting at the same time; return once it is
        stored.

        One batch commits at a time in the database threads; the actions that arrive meanwhile
        wait for it and go in the next, all in one transaction (:meth:`Store.append_actions`).
        An action alone goes at once. Each caller hears only of its own row: stored, or the
        exception that refused it.

        Raises:
            Exception: the action was not stored (``Deposed``, a database error).
        """
        loop = asyncio.get_running_loop()
        waiting = self._appends.setdefault(store, [])
        done: asyncio.Future[None] = loop.create_future()
        waiting.append(((match_id, ply, seat, action, result, passed, bot, epoch, clocks), done))
        if store not in self._appending:  # kept: a task nobody holds may be collected
            self._appending[store] = loop.create_task(self._commit_appends(store))
        started = time.perf_counter()
        await done
        metrics.COMMIT.observe(time.perf_counter() - started)

    async def _commit_appends(self, store: Store) -> None:
        """Commit the waiting actions of store in batches until none waits."""
        batch: list[tuple[ActionRow, asyncio.Future[None]]] = []
        try:
            while batch := self._appends.pop(store, []):
                answers: list[Exception | None]
                try:
                    answers = await self.store(store.append_actions, [row for row, _ in batch])
                except Exception as problem:  # the batch as a whole failed: each row with it
                    answers = [problem] * len(batch)
                for (_, done), answer in zip(batch, answers, strict=True):
                    if done.done():  # its caller stopped waiting
                        continue
                    if answer is None:
                        done.set_result(None)
                    else:
                        done.set_exception(answer)
        except BaseException:  # cancelled (the server stops): nobody waits for ever
            for _, done in batch + self._appends.pop(store, []):
                done.cancel()
            raise
        finally:
            self._appending.pop(store, None)

    async def bot(self, function: Callable[..., T], *args: Any) -> T:
        """Return function(*args) run in the bot processes (picklable function and arguments)."""
        return await asyncio.get_running_loop().run_in_executor(self.bot_pool, function, *args)

    async def hint(self, function: Callable[..., T], *args: Any) -> T:
        """Return function(*args) run in the hint processes (picklable function and arguments).

        Raises:
            HintsBusy: :attr:`hints_at_once` hints are being worked out or waiting already.
        """
        if self.hints_running >= self.hints_at_once:
            raise HintsBusy
        self.hints_running += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.hint_pool, function, *args)
        finally:
            self.hints_running -= 1

    def stop(self) -> None:
        """End the pools: queued work is dropped, running work (a search: seconds) finishes.

        Waiting lets the worker processes end cleanly (no leaked semaphores at exit).
        """
        for pool in (self.bot_pool, self.hint_pool, self.store_pool):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=pool is not self.store_pool)
