"""Kill one worker of two, again and again, under load: no acknowledged action may be lost.

Two ``meeples serve`` workers share a PostgreSQL database and a Redis server (throwaway ones,
:mod:`meeples.loadtest.services`, unless given). Games of two human seats are played at random
by clients that connect each seat to a different worker, so that every game has connections
relayed from one worker to the other. Every few seconds one worker is killed with SIGKILL, in
turn, and started again; the clients reconnect, to the other worker first.

An action is *acknowledged* once a client received it in a state message from the server (the
log entry of its ply). At the end, every acknowledged action must be in the database at its ply:
``lost`` counts those that are not (the target is 0). ``stall`` is the longest time a game went
without a new acknowledged action while it was being played: how long a game waits for its
takeover.

Run by ``scripts/failover.py`` (20 kills) and, small, by ``tests/server/test_cluster.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeples.loadtest import services
from meeples.loadtest.harness import free_port, log_problems
from meeples.loadtest.players import GAME

#: Seconds a worker may take to print its banner.
START_TIMEOUT = 60.0


class Worker:
    """``meeples serve`` on 127.0.0.1 with a shared database and Redis; killed and restarted."""

    def __init__(self, folder: Path, db: str, redis: str, name: str, bot_delay: float = 0.0,
                 port: int | None = None) -> None:
        self.folder = folder
        self.db = db
        self.redis = redis
        self.name = name
        self.bot_delay = bot_delay
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        """The worker's HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The worker's WebSocket address (add the match id)."""
        return f"ws://127.0.0.1:{self.port}/ws/"

    @property
    def pid(self) -> int | None:
        """The process id while it runs."""
        return self.process.pid if self.process is not None and self.alive() else None

    def _log(self, kind: str) -> Path:
        return self.folder / f"{self.name}.{self.starts}.{kind}"

    def start(self) -> None:
        """Start the worker and wait until it listens.

        Raises:
            RuntimeError: it exited, or did not listen within :data:`START_TIMEOUT` seconds.
        """
        self.starts += 1
        out, err = self._log("out"), self._log("err")
        with out.open("wb") as stdout, err.open("wb") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "meeples", "serve", "--port", str(self.port), "--db",
                 self.db, "--redis", self.redis, "--bot-delay", str(self.bot_delay)],
                stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while b"Meeples at http://" not in out.read_bytes():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                tail = err.read_text(errors="replace").strip().splitlines()[-3:]
                raise RuntimeError(f"worker {self.name} did not start: {' | '.join(tail)}")
            time.sleep(0.05)

    def alive(self) -> bool:
        """Return whether the worker runs."""
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """Kill the worker at once (SIGKILL: no lease given back, no goodbye)."""
        if self.alive():
            assert self.process is not None
            self.process.kill()
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)

    def stop(self) -> None:
        """Stop the worker gracefully (SIGINT), killing it after 15 seconds."""
        if self.alive():
            assert self.process is not None
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def problems(self) -> list[str]:
        """Return the log lines of every start that tell of a failure."""
        found = []
        for start in range(1, self.starts + 1):
            path = self.folder / f"{self.name}.{start}.err"
            if path.exists():
                found += log_problems(path)
        return found


@dataclass
class Game:
    """A game played by two clients: what each acknowledged, and when."""

    id: str
    tokens: list[str]
    acknowledged: dict[int, str] = field(default_factory=dict)
    conflicts: int = 0
    finished: bool = False
    last_ack: float = 0.0
    stall: float = 0.0
    sent: int = 0
    #: Every wait of more than a second between two new acknowledged actions.
    waits: list[float] = field(default_factory=list)
    #: When each new action was acknowledged (monotonic seconds), in order.
    times: list[float] = field(default_factory=list)
    #: Connections of its players lost and made again.
    reconnects: int = 0

    def acknowledge(self, entries: list[dict[str, Any]], now: float) -> None:
        """Note the log entries a client received."""
        for entry in entries:
            ply, action = int(entry["ply"]), str(entry["action"])
            known = self.acknowledged.get(ply)
            if known is None:
                self.acknowledged[ply] = action
                self.times.append(now)
                if self.last_ack:
                    self.stall = max(self.stall, now - self.last_ack)
                    if now - self.last_ack > 1.0:
                        self.waits.append(now - self.last_ack)
                self.last_ack = now
            elif known != action:  # two different actions acknowledged at one ply
                self.conflicts += 1

    def lost(self, stored: list[str]) -> int:
        """Return how many acknowledged actions the stored record does not hold at their ply."""
        return sum(1 for ply, action in self.acknowledged.items()
                   if ply >= len(stored) or stored[ply] != action)


def entries_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the log entries a server message carries (a full log, or one new entry)."""
    found: list[dict[str, Any]] = []
    for key in ("log", "entries"):
        if isinstance(message.get(key), list):
            found += [e for e in message[key] if isinstance(e, dict) and "ply" in e]
    if isinstance(message.get("entry"), dict) and "ply" in message["entry"]:
        found.append(message["entry"])
    return found


async def play_seat(game: Game, seat: int, workers: list[Worker], until: float,
                    rng: random.Random) -> int:
    """Play one seat at random until the game ends or the time is up, reconnecting (to the
    next worker) whenever the connection is lost; return how many times it reconnected."""
    from websockets.asyncio.client import connect

    reconnects = 0
    index = seat
    while time.monotonic() < until and not game.finished:
        worker = workers[index % len(workers)]
        index += 1
        try:
            async with connect(worker.ws + game.id, open_timeout=5, close_timeout=1,
                               max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello", "tokens": [game.tokens[seat]]}))
                while time.monotonic() < until:
                    text = await asyncio.wait_for(ws.recv(), max(0.1, until - time.monotonic()))
                    message = json.loads(text)
                    if message.get("type") == "error":  # e.g. "storage": the database was
                        await asyncio.sleep(0.2)  # away; a player would try again
                        await ws.send(json.dumps({"type": "sync"}))
                        continue
                    if message.get("type") not in ("state", "update"):  # an update
                        continue  # carries the version, the new entries and the legal list
                    game.acknowledge(entries_of(message), time.monotonic())
                    if message.get("outcome") is not None:
                        game.finished = True
                        return reconnects
                    legal = message.get("legal") or []
                    if message.get("to_move") == seat and legal:
                        choice = rng.choice(legal)["action"]
                        await ws.send(json.dumps(
                            {"type": "act", "action": choice, "version": message["version"]}
                        ))
                        game.sent += 1
        except Exception:  # closed by the server (1012: moved), refused, or timed out
            pass
        reconnects += 1
        if time.monotonic() < until and not game.finished:
            game.reconnects += 1
        await asyncio.sleep(0.05 + rng.random() * 0.2)
    return reconnects - 1 if reconnects else 0


async def create_game(worker: Worker, rng: random.Random) -> Game:
    """Create a game of two human seats on a worker."""
    import httpx

    async with httpx.AsyncClient(timeout=10) as client:
        answer = await client.post(worker.url + "/api/matches", json={
            "game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}],
        })
        answer.raise_for_status()
        data = answer.json()
    return Game(data["id"], [seat["token"] for seat in data["seats"]])


@dataclass
class Figures:
    """What a failover run measured."""

    kills: int = 0
    games: int = 0
    acknowledged: int = 0
    lost: int = 0
    conflicts: int = 0
    reconnects: int = 0
    max_stall: float = 0.0
    waits: list[float] = field(default_factory=list)
    seconds: float = 0.0
    log_problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Return the figures as JSON-ready data."""
        return {
            "kills": self.kills, "games": self.games, "acknowledged": self.acknowledged,
            "lost": self.lost, "conflicts": self.conflicts, "reconnects": self.reconnects,
            "max_stall_s": round(self.max_stall, 2), "seconds": round(self.seconds, 1),
            "waits_over_1s": len(self.waits),
            "longest_waits_s": [round(w, 2) for w in sorted(self.waits, reverse=True)[:10]],
            "log_problems": self.log_problems[:20],
        }


async def stop_clients(clients: list[asyncio.Task[Any]]) -> None:
    """Cancel the games' clients and wait until every one has stopped.

    A cancellation can be lost in asyncio.wait_for (Python 3.11) when the message it waits for
    arrives at the same moment; the client then plays on until its one-hour limit (a suite run
    hung here once). So each is cancelled again until it stops. What each client played is
    counted by its game (a client cancelled here returns no count).
    """
    pending = set(clients)
    while pending:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=2.0)
    await asyncio.gather(*clients, return_exceptions=True)


async def run_failover(folder: Path, db: str, redis: str, kills: int = 20, games: int = 8,
                       every: float = 6.0, seed: int = 1) -> Figures:
    """Play games on two workers while one of them is killed and restarted, kills times."""
    from meeples.server.store import Store

    rng = random.Random(seed)
    workers = [Worker(folder, db, redis, "a"), Worker(folder, db, redis, "b")]
    for worker in workers:
        await asyncio.to_thread(worker.start)
    figures = Figures()
    started = time.monotonic()
    try:
        created = [await create_game(workers[i % 2], rng) for i in range(games)]
        until = started + 3600.0  # the clients stop once the kills are done
        clients = [
            asyncio.create_task(play_seat(game, seat, workers, until, random.Random(rng.random())))
            for game in created for seat in (0, 1)
        ]
        await asyncio.sleep(every)
        for kill in range(kills):
            victim = workers[kill % 2]
            victim.kill()
            figures.kills += 1
            await asyncio.sleep(every / 2)
            await asyncio.to_thread(victim.start)
            await asyncio.sleep(every / 2)
        await stop_clients(clients)
        figures.reconnects = sum(game.reconnects for game in created)
    finally:
        for worker in workers:
            await asyncio.to_thread(worker.stop)
    figures.seconds = time.monotonic() - started
    store = Store(db)
    try:
        for game in created:
            stored = store.load(game.id)
            actions = stored.actions if stored is not None else []
            figures.games += 1
            figures.acknowledged += len(game.acknowledged)
            figures.conflicts += game.conflicts
            figures.max_stall = max(figures.max_stall, game.stall)
            figures.waits += game.waits
            figures.lost += game.lost(actions)
    finally:
        store.close()
    figures.log_problems = [line for w in workers for line in w.problems()]
    return figures


def main(argv: list[str] | None = None) -> int:
    """Run the failover suite (or the faults of :mod:`meeples.loadtest.faults`) on throwaway
    services; print its figures as JSON."""
    import argparse
    import tempfile

    from meeples.loadtest import faults

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--fault", choices=("kill-loop", *faults.FAULTS, "all"), default="kill-loop",
        help="kill-loop (default): --kills SIGKILLs, each worker in turn, as in docs/scaling.md;"
        " redis, postgres, pause, kill: that fault --times times (meeples.loadtest.faults);"
        " all: those four, one after another",
    )
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--times", type=int, default=5, help="faults of each kind (5)")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--every", type=float, default=6.0, help="seconds between two faults")
    parser.add_argument("--down", type=float, default=1.0,
                        help="seconds Redis, PostgreSQL or a killed worker stays away (1)")
    parser.add_argument("--pause", type=float, default=6.0,
                        help="seconds a worker stays stopped by SIGSTOP (6: twice its lease)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for name in ("kills", "times", "games"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be 1 or more")
    for name in ("every", "down", "pause"):
        if not 0 < getattr(args, name) < 600:
            parser.error(f"--{name} takes seconds, more than 0 and less than 600")
    with tempfile.TemporaryDirectory(prefix="meeples-failover-") as folder:
        if args.fault != "kill-loop":
            chosen = list(faults.FAULTS) if args.fault == "all" else [args.fault]
            found = asyncio.run(faults.run_all(
                Path(folder), chosen, times=args.times, games=args.games, every=args.every,
                down=args.down, pause=args.pause, seed=args.seed,
            ))
            print(json.dumps([f.to_json() for f in found], indent=2))
            return 0 if all(f.lost == f.conflicts == f.unreplayable == f.stuck == 0
                            for f in found) else 1
        with services.postgres() as db, services.redis() as redis:
            figures = asyncio.run(run_failover(
                Path(folder), db, redis, args.kills, args.games, args.every, args.seed
            ))
    print(json.dumps(figures.to_json(), indent=2))
    return 0 if figures.lost == 0 and figures.conflicts == 0 else 1
