"""Faults of the real parts (issue 29, point 7): Redis restarted, PostgreSQL restarted, a worker
stopped (SIGSTOP) past its lease then resumed, with two workers playing games meanwhile; for
each, no acknowledged action lost, no two writers of a match (the epoch fences the old one),
and every game moves again (:mod:`meeples.loadtest.faults`, whose full run is in
docs/reliability.md). And what a request gets while a part is away: 503 in one line.

Each test starts PostgreSQL and Redis servers of its own (they are stopped and started again),
on loopback; without Debian's ``postgresql`` or ``redis-server`` they are skipped, saying so.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from meeples.loadtest import services
from meeples.server.app import create_app
from tests.server.conftest import create


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
