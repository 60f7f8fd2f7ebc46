"""X-Forwarded-For is believed only from the proxies given to ``meeples serve``."""

from __future__ import annotations

import contextlib
import json
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import meeples.server.app as app_module
from meeples.cli import main
from tests.server.conftest import LiveServer

CREATE_APP = app_module.create_app


def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *options: str) -> tuple[Any, Any]:
    """Return the app and uvicorn options ``meeples serve`` would run (tight limits: 2 each)."""
    from meeples.commands import serve as serve_command

    monkeypatch.setattr(
        app_module,
        "create_app",
        lambda *a, **k: CREATE_APP(*a, create_rate=(0.001, 2), sockets_per_address=2, **k),
    )
    chosen: list[dict[str, Any]] = []
    real_options = serve_command.uvicorn_options

    def options_of(args: Any) -> dict[str, Any]:
        chosen.append(real_options(args))
        return chosen[-1]

    monkeypatch.setattr(serve_command, "uvicorn_options", options_of)
    monkeypatch.setattr(serve_command, "bind", lambda host, port: socket.socket())
    runs: list[tuple[Any, Any]] = []
    monkeypatch.setattr(
        serve_command, "serve", lambda config, banner, sock: runs.append((config.app, chosen[-1]))
    )
    assert main(["serve", "--db", str(tmp_path / "proxy.db"), *options]) == 0
    return runs[0]


def creations(url: str) -> list[int]:
    """Create games from loopback, each time claiming another forwarded address."""
    return [
        httpx.post(
            f"{url}/api/matches",
            json={"game": "sparta"},
            headers={"X-Forwarded-For": f"203.0.113.{i}"},
        ).status_code
        for i in range(4)
    ]


def sockets(live: LiveServer, match_id: str) -> list[str]:
    """Open three sockets at once, each claiming another forwarded address; return answers."""
    answers = []
    with contextlib.ExitStack() as stack:
        for i in range(3):
            ws = stack.enter_context(
                connect(
                    f"ws://127.0.0.1:{live.port}/ws/{match_id}",
                    additional_headers={"X-Forwarded-For": f"198.51.100.{i}"},
                )
            )
            with contextlib.suppress(ConnectionClosed):  # a refused socket is closed at once
                ws.send(json.dumps({"type": "hello", "tokens": []}))
            message = json.loads(ws.recv(timeout=5))
            answers.append(message.get("code") or message["type"])
    return answers


def test_rotated_forwarded_for_from_loopback_does_not_escape_the_limits_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, options = served(tmp_path, monkeypatch)
    with LiveServer(app, **options) as live:
        created = creations(live.url)
        match_id = httpx.get(f"{live.url}/api/matches").json()["open"][0]["id"]
        connected = sockets(live, match_id)
    assert created == [201, 201, 429, 429]
    assert connected == ["state", "state", "too_many"]


def test_forwarded_for_from_a_listed_proxy_is_believed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, options = served(tmp_path, monkeypatch, "--forwarded-allow-ips", "127.0.0.1")
    with LiveServer(app, **options) as live:
        created = creations(live.url)
        match_id = httpx.get(f"{live.url}/api/matches").json()["open"][0]["id"]
        connected = sockets(live, match_id)
    assert created == [201] * 4 and connected == ["state"] * 3


def test_serve_trusts_no_proxy_unless_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, default = served(tmp_path, monkeypatch)
    _, told = served(tmp_path, monkeypatch, "--forwarded-allow-ips", "10.0.0.1, 10.0.0.2")
    assert (default["proxy_headers"], told["proxy_headers"]) == (False, True)
    assert told["forwarded_allow_ips"] == ["10.0.0.1", "10.0.0.2"]
