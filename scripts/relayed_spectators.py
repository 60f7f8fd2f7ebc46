"""Spectators on the worker holding a game, then on the other one: what the players feel.

Two workers share a throwaway PostgreSQL and Redis. For each round a game is created on worker
a (which holds it), a crowd of spectator sockets (a process of its own) watches it from worker
a or from worker b in turn, and two players connected to a play random moves; the script prints
the players' latency (from sending an action to receiving its state) for each placement, and
the fewest states a spectator received (every spectator must get every state: moves + 1).

Usage: .venv/bin/python scripts/relayed_spectators.py [--spectators 300] [--moves 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from meeples.loadtest import services
from meeples.loadtest.crowd import Crowd, Plan
from meeples.loadtest.failover import Worker
from meeples.loadtest.harness import Target, addresses, percentile


async def play(worker: Worker, match: dict[str, Any], moves: int, rng: random.Random,
               ) -> list[float]:
    """Play random moves from two sockets on worker; return each move's latency."""
    latencies = []
    url = worker.ws + match["id"]
    async with connect(url, max_size=None) as first, connect(url, max_size=None) as second:
        sockets = [first, second]
        states: list[dict[str, Any]] = []
        for seat, ws in enumerate(sockets):
            await ws.send(json.dumps({"type": "hello", "tokens": [match["seats"][seat]["token"]]}))
            states.append(json.loads(await ws.recv()))
        for _ in range(moves):
            seat = states[0]["to_move"]
            if seat is None:
                break
            action = rng.choice(states[seat]["legal"])["action"]
            started = time.perf_counter()
            await sockets[seat].send(json.dumps(
                {"type": "act", "action": action, "version": states[seat]["version"]}
            ))
            states[seat] = json.loads(await sockets[seat].recv())
            latencies.append(time.perf_counter() - started)
            states[1 - seat] = json.loads(await sockets[1 - seat].recv())
            await asyncio.sleep(0.05)
    return latencies


async def measure(a: Worker, b: Worker, spectators: int, moves: int, rounds: int,
                  ) -> dict[str, Any]:
    rng = random.Random(1)
    found: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):
        for placement, worker in (("holder", a), ("other worker", b)):
            match = httpx.post(a.url + "/api/matches", json={"game": "sparta"}, timeout=10).json()
            plan = Plan(Target("127.0.0.1", worker.port), match["id"],
                        [addresses().take() for _ in range(spectators)], True, 600)
            crowd = Crowd(plan)
            await crowd.start()
            latencies = await play(a, match, moves, rng)
            await asyncio.sleep(2)  # what is on its way arrives
            watched = await crowd.stop()
            entry = found.setdefault(placement, {"latencies": [], "fewest_states": None})
            entry["latencies"] += latencies
            fewest = min(watched["messages"]) if watched["messages"] else 0
            if entry["fewest_states"] is None or fewest < entry["fewest_states"]:
                entry["fewest_states"] = fewest
    return {
        placement: {
            "moves": len(entry["latencies"]),
            "p50_ms": round(1000 * percentile(sorted(entry["latencies"]), 0.5), 1),
            "p99_ms": round(1000 * percentile(sorted(entry["latencies"]), 0.99), 1),
            "fewest_states_per_spectator": entry["fewest_states"],
        }
        for placement, entry in found.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=300)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="meeples-relay-") as folder, \
            services.postgres() as db, services.redis() as redis:
        a, b = Worker(Path(folder), db, redis, "a"), Worker(Path(folder), db, redis, "b")
        a.start()
        b.start()
        try:
            figures = asyncio.run(measure(a, b, args.spectators, args.moves, args.rounds))
        finally:
            a.stop()
            b.stop()
    print(json.dumps({"spectators": args.spectators, **figures}, indent=2))


if __name__ == "__main__":
    main()
