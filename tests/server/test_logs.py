"""``meeples serve --log-format json`` (issue 29, point 5): one JSON line per event with the
request's and the match's ids, and an access log of requests and connections."""

from __future__ import annotations

import json
import logging
import os
import selectors
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.loadtest.harness import free_port
from meeples.server import logs
from meeples.server.app import create_app
from tests.server.conftest import create, receive, token
from tests.server.test_damaged_database import spoil_row


@pytest.fixture
def json_log(capsys: pytest.CaptureFixture[str]) -> Iterator[Any]:
    """The server's log as JSON lines on (captured) stderr, put back as it was afterwards."""
    root = logging.getLogger()
    saved = (list(root.handlers), root.level, logs.ACCESS.level, list(logs.ACCESS.handlers),
             logs.ACCESS.propagate)
    logs.configure("json", access=True)

    def lines() -> list[dict[str, Any]]:
        return [json.loads(line) for line in capsys.readouterr().err.splitlines()
                if line.startswith("{")]

    yield lines
    root.handlers, root.level = saved[0], saved[1]
    logs.ACCESS.setLevel(saved[2])
    logs.ACCESS.handlers, logs.ACCESS.propagate = saved[3], saved[4]


def test_access_log_has_a_json_line_per_request_with_its_ids(db: str, json_log: Any) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client)
        json_log()
        answer = client.get(f"/api/matches/{match['id']}", headers={"X-Request-ID": "lb-42"})
    assert answer.headers["x-request-id"] == "lb-42"
    access = [line for line in json_log() if line["logger"] == "meeples.access"]
    assert len(access) == 1
    line = access[0]
    assert (line["request_id"], line["match_id"], line["method"], line["status"]) == (
        "lb-42", match["id"], "GET", 200)
    assert line["path"] == f"/api/matches/{match['id']}" and line["bytes"] == len(answer.content)
    assert line["address"] == "testclient" and line["duration_ms"] >= 0
    assert line["level"] == "info" and line["time"].endswith("Z")


def test_a_request_without_a_sound_id_gets_a_fresh_one(db: str, json_log: Any) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        json_log()
        first = client.get("/api/games", headers={"X-Request-ID": "no spaces; please"})
        second = client.get("/api/games")
    ids = [first.headers["x-request-id"], second.headers["x-request-id"]]
    assert ids[0] != "no spaces; please" and len(set(ids)) == 2
    assert [line["request_id"] for line in json_log()
            if line["logger"] == "meeples.access"] == ids


def test_an_error_logged_while_serving_a_match_carries_its_ids(
    tmp_path: Path, json_log: Any
) -> None:
    db = str(tmp_path / "m.db")
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client)
    spoil_row(tmp_path / "m.db", match["id"])
    spoil_row(tmp_path / "m.db", match["id"], "finished", "1")  # not loaded at start
    with TestClient(create_app(db, bot_delay=0)) as client:
        json_log()
        client.get(f"/api/matches/{match['id']}", headers={"X-Request-ID": "r-7"})
    errors = [line for line in json_log() if line["level"] == "error"]
    assert errors and "cannot be loaded" in errors[0]["message"]
    assert (errors[0]["request_id"], errors[0]["match_id"]) == ("r-7", match["id"])


def test_access_log_has_a_line_per_connection_when_it_ends(db: str, json_log: Any) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client)
        json_log()
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            receive(ws)
    access = [line for line in json_log() if line["logger"] == "meeples.access"]
    assert [(a["method"], a["status"], a["match_id"]) for a in access] == [
        ("WS", 101, match["id"])]
    assert access[0]["close"] is not None


def test_text_format_adds_the_access_log_only_when_asked(capsys: pytest.CaptureFixture[str],
                                                          db: str) -> None:
    saved = (logs.ACCESS.level, list(logs.ACCESS.handlers), logs.ACCESS.propagate)
    try:
        logs.configure("text", access=False)
        with TestClient(create_app(db, bot_delay=0)) as client:
            client.get("/api/games")
        assert capsys.readouterr().err == ""
        logs.configure("text", access=True)
        with TestClient(create_app(db, bot_delay=0)) as client:
            client.get("/api/games", headers={"X-Request-ID": "t-1"})
        lines = capsys.readouterr().err.splitlines()
    finally:
        logs.ACCESS.setLevel(saved[0])
        logs.ACCESS.handlers, logs.ACCESS.propagate = saved[1], saved[2]
    assert len(lines) == 1 and '"GET /api/games" 200' in lines[0] and lines[0].endswith("[t-1]")


def test_serve_log_format_json_writes_only_json_lines(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEEPLES_")}
    server = subprocess.Popen(
        [sys.executable, "-m", "meeples", "serve", "--port", str(port), "--db",
         str(tmp_path / "m.db"), "--log-format", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    try:
        assert server.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(server.stdout, selectors.EVENT_READ)
            assert selector.select(timeout=60), "no banner within 60 s"
        server.stdout.readline()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            assert answer.status == 200
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    lines = [json.loads(line) for line in err.splitlines()]  # every line is JSON
    assert {"meeples.server", "meeples.access"} <= {line["logger"] for line in lines}
    assert any(line.get("path") == "/healthz" and line["status"] == 200 for line in lines)
