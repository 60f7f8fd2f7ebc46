"""``GET /healthz`` and ``GET /readyz`` (issue 29, point 1): alive; ready when the database
answers at this Meeples' schema revision (and Redis, among workers), else 503 saying why."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from meeples.loadtest import services
from meeples.server import schema
from meeples.server.app import create_app
from meeples.server.store import database_url


def test_healthz_says_the_process_answers(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        answer = client.get("/healthz")
    assert (answer.status_code, answer.json()) == (200, {"status": "ok"})


def test_readyz_is_ready_on_a_database_at_this_schema(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        answer = client.get("/readyz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ready", "database": "ok", "schema": schema.head()}


def test_readyz_is_unready_when_the_schema_changes_under_the_server(db: str) -> None:
    # An operator restored an older backup under a running server, say.
    with TestClient(create_app(db, bot_delay=0)) as client:
        engine = create_engine(database_url(db))
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '0004'"))
        engine.dispose()
        answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json() == {"status": "unready", "schema": "0004",
                             "database": f"schema at 0004, not {schema.head()}"}


def test_readyz_is_unready_while_the_database_refuses_connections(postgres_url: str) -> None:
    name = postgres_url.rsplit("/", 1)[1]
    admin = create_engine(postgres_url.rsplit("/", 1)[0] + "/postgres",
                          isolation_level="AUTOCOMMIT")

    def allow(yes: bool) -> None:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS {str(yes).lower()}")
            if not yes:
                conn.exec_driver_sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                     f" WHERE datname = '{name}'")

    try:
        with TestClient(create_app(postgres_url, bot_delay=0)) as client:
            assert client.get("/readyz").status_code == 200
            allow(False)
            refused = client.get("/readyz")
            allow(True)
            back = client.get("/readyz")
    finally:
        allow(True)
        admin.dispose()
    assert refused.status_code == 503 and refused.json()["status"] == "unready"
    assert "not currently accepting connections" in refused.json()["database"]
    assert back.status_code == 200


def test_readyz_checks_redis_among_workers(postgres_url: str) -> None:
    why = services.redis_missing()
    if why is not None:
        pytest.skip(why)
    with services.redis() as redis_url:
        client = TestClient(create_app(postgres_url, bot_delay=0, redis_url=redis_url,
                                       bot_processes=0))
        client.__enter__()
        try:
            ready = client.get("/readyz")
        except BaseException:
            client.__exit__(None, None, None)
            raise
    try:  # Redis is gone now
        gone = client.get("/readyz")
    finally:
        client.__exit__(None, None, None)
    assert ready.json()["redis"] == "ok" and ready.status_code == 200
    assert gone.status_code == 503 and gone.json()["redis"] != "ok"
    assert gone.json()["database"] == "ok"
