"""Clocks among several workers (issue 25, point 6): every worker reads the same clocks, and a
worker that takes a match over times out a seat whose time ran out while no worker held it.

Two app instances on one PostgreSQL database and one Redis server are two workers (as in
test_cluster_accounts.py), on one clock the test moves by hand; without Debian's
``postgresql`` or ``redis-server`` these tests are skipped, saying which is missing.
"""

from __future__ import annotations

import time as wall
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.server.app import create_app
from meeples.server.clocks import ManualTime
from tests.server.conftest import create, receive, token


@pytest.fixture
def redis_fresh(redis_url: str) -> str:
    """The test process's Redis, emptied (counts of one address are shared by design)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    client.close()
    return redis_url


def worker(postgres_url: str, redis_url: str, time: ManualTime) -> TestClient:
    return TestClient(create_app(postgres_url, redis_url=redis_url, bot_processes=0,
                                 bot_delay=0, time_source=time))


def play_one_move(client: TestClient, match: dict[str, Any]) -> dict[str, Any]:
    """Seat both players at a worker, play the first legal move; return the state after it."""
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive(ws)
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        return receive(ws)


def test_both_workers_read_the_same_clocks(postgres_url: str, redis_fresh: str) -> None:
    time = ManualTime()
    with worker(postgres_url, redis_fresh, time) as a, worker(postgres_url, redis_fresh, time) as b:
        match = create(a, clock={"initial": 600, "increment": 20})
        play_one_move(a, match)
        time.advance(100)
        here = a.get(f"/api/matches/{match['id']}").json()["clocks"]
        there = b.get(f"/api/matches/{match['id']}").json()["clocks"]
    assert here == there
    assert (there["seconds"], there["running"]) == ([620, 500], 1)


def test_a_timeout_that_fell_while_no_worker_held_the_match_fires_at_the_next_holder(
    postgres_url: str, redis_fresh: str
) -> None:
    time = ManualTime()
    with worker(postgres_url, redis_fresh, time) as a:
        match = create(a, clock={"initial": 60, "increment": 0})
        play_one_move(a, match)
    time.advance(120)  # the second seat's time runs out while no worker holds the match
    with worker(postgres_url, redis_fresh, time) as b:
        deadline = wall.monotonic() + 15
        while (shown := b.get(f"/api/matches/{match['id']}").json())["outcome"] is None:
            assert wall.monotonic() < deadline, "the timeout never fired"
            wall.sleep(0.1)
    assert (shown["outcome"]["winners"], shown["outcome"]["msg"]["key"]) == (
        [0], "core.outcome.timeout")
