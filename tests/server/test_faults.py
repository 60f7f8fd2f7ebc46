"""Faults of the real parts (issue 29, point 7): Redis restarted, PostgreSQL restarted, a worker
stopped (SIGSTOP) past its lease then resumed, with two workers playing games meanwhile; for
each, no acknowledged action lost, no two writers of a match (the epoch fences the old one),
and every game moves again (:mod:`meeples.loadtest.faults`, whose full run is in
docs/reliability.md). And what a request gets while a part is away: 503 in one line.

Each test starts PostgreSQL and Redis servers of its own (they are stopped and started again),
on loopback; without Debian's ``postgresql`` or ``redis-server`` they are skipped, saying so.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from meeples.loadtest import services
from meeples.loadtest.faults import run_faults
from meeples.server.app import create_app
from tests.server.conftest import create

pytest.importorskip("websockets")
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402


@pytest.fixture
def postgres() -> Iterator[services.Postgres]:
    why = services.postgres_missing()
    if why is not None:
        pytest.skip(why)
    with services.postgres_server() as server:
        yield server


@pytest.fixture
def redis() -> Iterator[services.Redis]:
    why = services.redis_missing()
    if why is not None:
        pytest.skip(why)
    with services.redis_server() as server:
        yield server


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info is not None]


def test_a_request_while_redis_is_away_is_answered_503_in_one_line(
    postgres: services.Postgres, redis: services.Redis, caplog: pytest.LogCaptureFixture
) -> None:
    apps = [create_app(postgres.url, redis_url=redis.url, bot_processes=0) for _ in range(2)]
    with TestClient(apps[0]) as holder, TestClient(apps[1]) as other:
        match = create(holder)
        redis.stop()
        caplog.clear()
        answers = [other.get(f"/api/matches/{match['id']}"),  # it must ask Redis who holds it
                   other.post(f"/api/matches/{match['id']}/claim"),
                   other.post("/api/matches", json={"game": "sparta"})]
        redis.start()
    assert [a.status_code for a in answers] == [503] * 3
    assert {a.json()["code"] for a in answers} == {"storage"}
    assert all(a.headers["retry-after"] == "2" for a in answers)
    assert tracebacks(caplog) == []
    assert any("Redis is away" in r.getMessage() for r in caplog.records)


def test_a_request_while_the_database_is_away_is_answered_503_in_one_line(
    postgres: services.Postgres, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(postgres.url, bot_processes=0)) as client:
        create(client)  # a pool of connections, lost with the restart
        postgres.stop("fast")
        caplog.clear()
        try:
            answers = [client.get("/api/matches"),
                       client.post("/api/matches", json={"game": "sparta"}),
                       client.get("/api/matches/notloaded")]  # looked for in the database
        finally:
            postgres.start()
        assert client.get("/api/matches").status_code == 200  # back by itself
    assert [a.status_code for a in answers] == [503] * 3, [a.text for a in answers]
    assert tracebacks(caplog) == []
    assert any("the database is away" in r.getMessage() for r in caplog.records)


def test_a_worker_paused_past_its_lease_writes_nothing_when_it_resumes(
    postgres: services.Postgres, redis: services.Redis, tmp_path: Path
) -> None:
    from meeples.loadtest.failover import Worker
    from meeples.server.leases import LEASE
    from meeples.server.store import Store

    workers = [Worker(tmp_path, postgres.url, redis.url, name) for name in "ab"]
    for worker in workers:
        worker.start()
    paused, other = workers
    try:
        match = httpx.post(f"{paused.url}/api/matches", json={"game": "sparta"},
                           timeout=10).json()
        token = match["seats"][0]["token"]
        with connect(paused.ws + match["id"], open_timeout=10) as stale:
            stale.send(json.dumps({"type": "hello", "tokens": [token]}))
            first = json.loads(stale.recv(timeout=10))
            assert paused.pid is not None
            os.kill(paused.pid, signal.SIGSTOP)
            try:
                # Sent to the paused worker: it reads it only when it resumes.
                stale.send(json.dumps({"type": "act", "action": first["legal"][0]["action"],
                                       "version": 0}))
                time.sleep(LEASE + 1.5)  # its lease lapses; the other worker's sweep takes it
                with connect(other.ws + match["id"], open_timeout=10) as fresh:
                    fresh.send(json.dumps({"type": "hello", "tokens": [token]}))
                    state = json.loads(fresh.recv(timeout=10))
                    chosen = state["legal"][-1]["action"]
                    fresh.send(json.dumps({"type": "act", "action": chosen, "version": 0}))
                    while json.loads(fresh.recv(timeout=10)).get("version") != 1:
                        pass
            finally:
                os.kill(paused.pid, signal.SIGCONT)
            try:
                answer = json.loads(stale.recv(timeout=10))
            except ConnectionClosed:  # sent away: the game moved
                answer = {"type": "closed"}
    finally:
        for worker in workers:
            worker.stop()
    store = Store(postgres.url)
    try:
        stored = store.load(match["id"])
    finally:
        store.close()
    assert stored is not None and stored.actions == [chosen]  # the other worker's move only
    assert answer["type"] in ("error", "closed"), answer
    # The database refused the resumed worker's write by the epoch, before its ply was tried.
    assert "Deposed(" in (tmp_path / "a.1.err").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["redis", "postgres", "pause"])
def test_no_acknowledged_action_is_lost_and_every_game_moves_again_after(
    fault: str, postgres: services.Postgres, redis: services.Redis, tmp_path: Path
) -> None:
    figures = asyncio.run(run_faults(tmp_path, postgres, redis, fault, times=2, games=4,
                                     every=9.0, pause=4.5))
    assert figures.acknowledged > 100 and figures.times == 2
    assert (figures.lost, figures.conflicts, figures.unreplayable, figures.stuck) == (0, 0, 0, 0)
    assert max(figures.moves_again) < 15.0, figures.to_json()
    if fault != "postgres":  # Redis forgot the leases, or the paused worker's lapsed
        assert figures.takeovers > 0
