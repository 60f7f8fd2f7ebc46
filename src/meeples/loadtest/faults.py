"""Faults of the real parts under load, with two workers: Redis restarted, PostgreSQL restarted,
a worker stopped (SIGSTOP) past its lease then resumed (SIGCONT), a worker killed (SIGKILL).

As in :mod:`meeples.loadtest.failover`: two ``meeples serve`` workers on throwaway PostgreSQL and
Redis servers on loopback (:mod:`meeples.loadtest.services`), games of two human seats played at
random by clients that connect each seat to a different worker (every game relayed), the same
fault injected ``times`` times, ``every`` seconds apart. For each kind of fault:

- ``lost``: acknowledged actions (a client received them in a state) missing from the database
  at their ply at the end; the target is 0.
- no two writers: ``conflicts`` (two different actions acknowledged at one ply) and
  ``unreplayable`` (stored games whose actions do not replay from the start: what a second
  writer appending at the same time would leave) must be 0; ``fenced`` counts the writes the
  database refused because the game's epoch had moved on (another worker took it, or the same
  one again for a new room), and ``takeovers`` how often a game's epoch moved.
- ``moves_again_s``: for each fault, the longest time a game went without a new acknowledged
  action, among the waits that end after the fault struck and begin before the next one: the
  time until every game moves again, the wait under way when it struck included (``games``
  games are played all along: one that ends is replaced). ``baseline_wait_s`` is the same
  before the first fault (what the load alone makes), ``down_s`` how long the part was away
  each time. A game that did not move within :data:`MOVE_BOUND` seconds of the part's return
  counts in ``stuck``.

Run by ``scripts/failover.py --fault redis|postgres|pause|kill`` and, small, by
``tests/server/test_faults.py``.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeples.loadtest import services
from meeples.loadtest.failover import Game, Worker, create_game, play_seat, stop_clients

#: The faults, by name.
FAULTS = ("redis", "postgres", "pause", "kill")
#: Seconds a game may take to move again after a fault before it counts as stuck.
MOVE_BOUND = 60.0
#: The message a worker logs when the database refused its write: another worker writes the
#: game now (``store.Deposed``).
FENCED = "Deposed("


@dataclass
class FaultFigures:
    """What a run of one kind of fault measured."""

    fault: str
    times: int = 0
    games: int = 0
    acknowledged: int = 0
    lost: int = 0
    conflicts: int = 0
    unreplayable: int = 0
    fenced: int = 0
    takeovers: int = 0
    stuck: int = 0
    reconnects: int = 0
    down: list[float] = field(default_factory=list)
    moves_again: list[float] = field(default_factory=list)
    #: The longest wait of a game before the first fault (what the load alone makes).
    baseline: float = 0.0
    seconds: float = 0.0
    log_problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Return the figures as JSON-ready data."""
        again = self.moves_again or [0.0]
        return {
            "fault": self.fault, "times": self.times, "games": self.games,
            "acknowledged": self.acknowledged, "lost": self.lost, "conflicts": self.conflicts,
            "unreplayable": self.unreplayable, "fenced": self.fenced,
            "takeovers": self.takeovers, "stuck": self.stuck, "reconnects": self.reconnects,
            "down_s": [round(d, 2) for d in self.down],
            "moves_again_s": [round(m, 2) for m in self.moves_again],
            "moves_again_median_s": round(statistics.median(again), 2),
            "moves_again_max_s": round(max(again), 2),
            "baseline_wait_s": round(self.baseline, 2),
            "seconds": round(self.seconds, 1),
            "log_problems": self.log_problems[:20],
        }


class Faults:
    """Injects one kind of fault into the services and workers of a run."""

    def __init__(self, fault: str, postgres: services.Postgres, redis: services.Redis,
                 workers: list[Worker], down: float, pause: float) -> None:
        if fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}: one of {', '.join(FAULTS)}")
        self.fault = fault
        self.postgres = postgres
        self.redis = redis
        self.workers = workers
        self.down = down
        self.pause = pause

    def inject(self, count: int) -> None:
        """Inject the fault once (the count-th time): the part goes away and comes back."""
        if self.fault == "redis":
            self.redis.stop()
            time.sleep(self.down)
            self.redis.start()
        elif self.fault == "postgres":
            self.postgres.stop("fast")
            time.sleep(self.down)
            self.postgres.start()
        elif self.fault == "pause":
            victim = self.workers[count % len(self.workers)]
            assert victim.pid is not None
            os.kill(victim.pid, signal.SIGSTOP)
            try:
                time.sleep(self.pause)
            finally:
                os.kill(victim.pid, signal.SIGCONT)
        else:  # kill, then start it again (as systemd or serve --workers would)
            victim = self.workers[count % len(self.workers)]
            victim.kill()
            time.sleep(self.down)
            victim.start()


def stall(game: Game, start: float, end: float) -> float:
    """Return the longest time a game went without a new acknowledged action, among the waits
    that end after start and begin before end (one still going at end counts until end)."""
    times = game.times
    longest = 0.0
    for before, after in zip(times, times[1:], strict=False):
        if after > start and before < end:
            longest = max(longest, after - before)
    if times and times[-1] < end and not game.finished:
        longest = max(longest, end - max(times[-1], start))
    return longest


async def wait_until_moving(games: list[Game], since: float, bound: float) -> int:
    """Wait until every game being played acknowledged an action after since; return how many
    did not within bound seconds."""
    deadline = since + bound
    while True:
        waiting = [g for g in games if not g.finished and not (g.times and g.times[-1] > since)]
        if not waiting:
            return 0
        if time.monotonic() > deadline:
            return len(waiting)
        await asyncio.sleep(0.05)


async def run_faults(
    folder: Path, postgres: services.Postgres, redis: services.Redis, fault: str,
    times: int = 5, games: int = 8, every: float = 8.0, down: float = 1.0,
    pause: float = 6.0, seed: int = 1,
) -> FaultFigures:
    """Play games on two workers while one kind of fault strikes times, every seconds apart.

    down: seconds Redis, PostgreSQL or a killed worker stays away; pause: seconds a worker
    stays stopped (past its lease of 3 s by default).
    """
    rng = random.Random(seed)
    db, redis_url = postgres.url, redis.url
    workers = [Worker(folder, db, redis_url, "a"), Worker(folder, db, redis_url, "b")]
    for worker in workers:
        await asyncio.to_thread(worker.start)
    figures = FaultFigures(fault)
    faults = Faults(fault, postgres, redis, workers, down, pause)
    started = time.monotonic()
    created: list[Game] = []
    try:
        until = started + 3600.0  # the clients stop once the faults are done
        clients = [asyncio.create_task(keep_playing(slot, workers, until, created,
                                                    random.Random(rng.random())))
                   for slot in range(games)]
        while len(created) < games:
            await asyncio.sleep(0.05)
        await asyncio.sleep(every / 2)
        figures.baseline = max(stall(game, started, time.monotonic()) for game in created)
        windows = []
        for count in range(times):
            struck = time.monotonic()
            await asyncio.to_thread(faults.inject, count)
            back = time.monotonic()
            figures.down.append(back - struck)
            figures.times += 1
            figures.stuck += await wait_until_moving(created, back, MOVE_BOUND)
            await asyncio.sleep(max(0.0, struck + every - time.monotonic()))
            windows.append((struck, time.monotonic()))
        figures.moves_again = [max(stall(game, *window) for game in created)
                               for window in windows]
        await stop_clients(clients)
        figures.reconnects = sum(game.reconnects for game in created)
    finally:
        for worker in workers:
            await asyncio.to_thread(worker.stop)
    figures.seconds = time.monotonic() - started
    check_database(db, created, figures)
    for worker in workers:
        figures.fenced += fenced_writes(worker)
        figures.log_problems += worker.problems()
    return figures


def fenced_writes(worker: Worker) -> int:
    """Return how many of a worker's writes the database refused (another one wrote the game)."""
    count = 0
    for start in range(1, worker.starts + 1):
        path = worker.folder / f"{worker.name}.{start}.err"
        if path.exists():
            count += sum(1 for line in path.read_text(errors="replace").splitlines()
                         if FENCED in line)
    return count


async def keep_playing(slot: int, workers: list[Worker], until: float, games: list[Game],
                       rng: random.Random) -> None:
    """Keep one game going: create it (on the workers in turn), play both seats, and when it
    ends start another, until the time is up (each game played is added to games)."""
    while time.monotonic() < until:
        try:
            game = await create_game(workers[slot % len(workers)], rng)
        except Exception:  # a part is away: 503, or the worker restarts
            await asyncio.sleep(0.2 + rng.random() * 0.3)
            continue
        games.append(game)
        await asyncio.gather(*[play_seat(game, seat, workers, until, random.Random(rng.random()))
                               for seat in (0, 1)])


def check_database(db: str, games: list[Game], figures: FaultFigures) -> None:
    """Count what the database lost or holds twice of the acknowledged actions."""
    from sqlalchemy import select

    from meeples.core.record import Match
    from meeples.server.store import Store
    from meeples.server.tables import writers

    store = Store(db)
    try:
        for game in games:
            stored = store.load(game.id)
            actions = stored.actions if stored is not None else []
            figures.games += 1
            figures.acknowledged += len(game.acknowledged)
            figures.conflicts += game.conflicts
            figures.lost += game.lost(actions)
            if stored is not None:
                try:
                    Match(game=stored.game, players=stored.players, seed=stored.seed,
                          options=stored.options, position=stored.position,
                          actions=tuple(actions)).replay()
                except Exception:
                    figures.unreplayable += 1
        with store.engine.connect() as conn:
            epochs = [int(e) for e in conn.execute(select(writers.c.epoch)).scalars()]
        figures.takeovers = sum(e - 1 for e in epochs)
    finally:
        store.close()


async def run_all(folder: Path, chosen: list[str], **options: Any) -> list[FaultFigures]:
    """Run each kind of fault on services of its own; return their figures."""
    found = []
    for fault in chosen:
        place = folder / fault
        place.mkdir(parents=True, exist_ok=True)
        with services.postgres_server() as postgres, services.redis_server() as redis:
            found.append(await run_faults(place, postgres, redis, fault, **options))
    return found
