"""Fixtures for the server tests: an app on a fresh SQLite file, and helpers to create games.

PostgreSQL and Redis are throwaway servers (:mod:`meeples.loadtest.services`), one of each per
test process; each test gets a database of its own. Without Debian's ``postgresql`` or
``redis-server`` (``.ci/run`` installs both), the tests that need them are skipped, saying so.
"""

from __future__ import annotations

import secrets
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.loadtest import services
from meeples.server.app import create_app
from meeples.server.protocol import apply_update

#: South to move, 199 quiet plies: any move (no capture is possible) ends the game in a draw.
LAST_MOVE = (
    "7www/10/10/10/10/10/10/10/10/WWW7 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 199 0"
)
#: South conquers the last city with e4-e6 and wins.
WIN_IN_ONE = "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S 8/8 0 0"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "meeples.db")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for this test process (its maintenance database)."""
    why = services.postgres_missing()
    if why is not None:
        pytest.skip(why)
    with services.postgres() as url:
        yield url


def fresh_database(server: str) -> str:
    """Create an empty database on a PostgreSQL server; return its URL."""
    from sqlalchemy import create_engine

    name = f"test_{secrets.token_hex(6)}"
    engine = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql(f"CREATE DATABASE {name}")
    finally:
        engine.dispose()
    return f"{server.rsplit('/', 1)[0]}/{name}"


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A fresh PostgreSQL database, so that no test sees another's games."""
    return fresh_database(postgres_server)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A throwaway Redis server for this test process."""
    why = services.redis_missing()
    if why is not None:
        pytest.skip(why)
    with services.redis() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on each backend: an SQLite file, then PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "meeples.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0)) as test_client:
        yield test_client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a match (two humans on Sparta unless told otherwise) and return the answer."""
    body.setdefault("game", "sparta")
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


_held: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def receive(ws: Any) -> dict[str, Any]:
    """Return the next message of a connection, an update applied to the state it last
    received (as the browser does): a state's full snapshot either way."""
    return follow(ws, ws.receive_json())


def follow(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    """Return a message a connection received, an update applied to the state it last
    received: a state's full snapshot either way."""
    if message.get("type") == "state":
        _held[ws] = message
    elif message.get("type") == "update":
        message = _held[ws] = apply_update(_held[ws], message)
    return message


def token(match: dict[str, Any], seat: int) -> str:
    value: str = match["seats"][seat]["token"]
    return value


class LiveServer:
    """An app on a real uvicorn in a background thread, on a free port (for proxy headers and
    raw WebSocket frames, which the TestClient does not go through)."""

    def __init__(self, app: Any, **options: Any) -> None:
        import uvicorn

        options = {"log_level": "warning", "log_config": None, **options}
        options.update(host="127.0.0.1", port=0)
        self.server = uvicorn.Server(uvicorn.Config(app, **options))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.port = int(self.server.servers[0].sockets[0].getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


#: A cheap argon2 hasher for the account tests (the server's own is argon2-cffi's defaults).
def cheap_hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


#: The Origin of the test client's own pages (its host is "testserver").
ORIGIN = "http://testserver"


class Device:
    """One browser on a shared test client: its own session cookie, sent by hand (the client's
    cookie jar is emptied before each request, so two devices never mix their sessions)."""

    def __init__(self, client: TestClient, origin: str | None = ORIGIN) -> None:
        self.client = client
        self.origin = origin
        self.session: str | None = None

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"origin": self.origin} if self.origin is not None else {}
        if self.session is not None:
            headers["cookie"] = f"meeples_session={self.session}"
        return {**headers, **(extra or {})}

    def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                **options: Any) -> Any:
        self.client.cookies.clear()
        answer = self.client.request(method, path, headers=self.headers(headers), **options)
        self.client.cookies.clear()
        for line in answer.headers.get_list("set-cookie"):
            name, _, rest = line.partition("=")
            if name == "meeples_session":
                value = rest.split(";", 1)[0].strip('"')
                self.session = value if value and "max-age=0" not in line.lower() else None
        return answer

    def post(self, path: str, **options: Any) -> Any:
        return self.request("POST", path, **options)

    def get(self, path: str, **options: Any) -> Any:
        return self.request("GET", path, **options)

    def delete(self, path: str, **options: Any) -> Any:
        return self.request("DELETE", path, **options)

    def sign_up(self, name: str, password: str = "correct horse") -> Any:
        answer = self.post("/api/accounts", json={"name": name, "password": password})
        assert answer.status_code == 201, answer.text
        return answer

    def websocket(self, match_id: str, origin: str | None = None) -> Any:
        self.client.cookies.clear()
        headers = self.headers({"origin": origin} if origin is not None else None)
        return self.client.websocket_connect(f"/ws/{match_id}", headers=headers)


@pytest.fixture
def accounts_client(db: str) -> Iterator[TestClient]:
    """An app whose account passwords are hashed cheaply."""
    with TestClient(create_app(db, bot_delay=0, password_hasher=cheap_hasher())) as test_client:
        yield test_client
