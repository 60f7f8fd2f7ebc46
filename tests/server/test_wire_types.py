"""Wire types are strict: a mistyped value is refused with a clear error, never coerced."""

from __future__ import annotations

import base64
import logging
import os
import socket
import struct
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from meeples.server.app import create_app
from tests.server.conftest import LiveServer, create, token


def hello(ws: Any, *tokens: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "tokens": list(tokens)})
    message: dict[str, Any] = ws.receive_json()
    return message


#: Versions that only look like the version 0: each was once applied as a move at version 0.
MISTYPED_VERSIONS = ["0", " 0 ", "+0", 0.0, False, None, [0], {"v": 0}]


@pytest.mark.parametrize("version", MISTYPED_VERSIONS, ids=repr)
def test_coerced_version_is_refused_and_changes_nothing(client: TestClient, version: Any) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "act", "action": "b2-b4", "version": version})
        refused = ws.receive_json()
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert (refused["code"], "version" in refused["message"]) == ("malformed", True)
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 0


@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "action": 7, "version": 0},
        {"type": "act", "action": True, "version": 0},
        {"type": "hello", "tokens": [1]},
        {"type": "hello", "tokens": None},
        {"type": "hello", "tokens": {"0": "x"}},
    ],
    ids=repr,
)
def test_coerced_message_field_is_refused(client: TestClient, message: dict[str, Any]) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json(message)
        assert ws.receive_json()["code"] == "malformed"
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", "2"),
        ("players", 2.0),
        ("players", True),
        ("seed", "7"),
        ("seed", 7.0),
        ("seed", True),
        ("game", 1),
        ("position", 0),
        ("options", []),
        ("seats", {"kind": "human"}),
    ],
    ids=repr,
)
def test_coerced_create_field_is_refused_and_creates_nothing(
    client: TestClient, field: str, value: Any
) -> None:
    response = client.post("/api/matches", json={"game": "sparta", field: value})
    assert (response.status_code, response.json()["code"]) == (400, "malformed")
    assert field in response.json()["message"]
    assert all(not games for games in client.get("/api/matches").json().values())


@pytest.mark.parametrize(
    ("field", "value"),
    [("open", "yes"), ("open", 1), ("open", "true"), ("name", 5), ("kind", ["human"])],
    ids=repr,
)
def test_coerced_seat_field_is_refused_and_creates_nothing(
    client: TestClient, field: str, value: Any
) -> None:
    seats = [{"kind": "human"}, {"kind": "human", field: value}]
    response = client.post("/api/matches", json={"game": "sparta", "seats": seats})
    assert (response.status_code, response.json()["code"]) == (400, "malformed")
    assert f"seats.1.{field}" in response.json()["message"]
    assert all(not games for games in client.get("/api/matches").json().values())


def raw_websocket(port: int, path: str) -> socket.socket:
    """Open a WebSocket by hand (a browser or library would never send a bad frame)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101")
    return sock


def text_frame(payload: bytes) -> bytes:
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


def close_code(sock: socket.socket) -> int:
    """Read frames until the server's close frame; return its code."""
    data = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            raise AssertionError("closed without a close frame")
        data += chunk
        while len(data) >= 2 and len(data) >= 2 + (data[1] & 0x7F):
            opcode, length = data[0] & 0x0F, data[1] & 0x7F
            frame, data = data[2 : 2 + length], data[2 + length :]
            if opcode == 0x8:
                return int(struct.unpack("!H", frame[:2])[0])


def test_text_frame_not_utf8_is_a_one_line_warning_and_a_clean_close(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    with LiveServer(create_app(db, bot_delay=0)) as live:
        match = httpx.post(f"{live.url}/api/matches", json={"game": "sparta"}).json()
        codes = []
        for _ in range(3):
            with raw_websocket(live.port, f"/ws/{match['id']}") as sock:
                sock.sendall(text_frame(b"\xff\xfe{"))
                codes.append(close_code(sock))
        assert httpx.get(f"{live.url}/api/matches/{match['id']}").status_code == 200
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert codes == [1007] * 3
    assert [(r.levelname, r.exc_info, "\n" in r.getMessage()) for r in records] == [
        ("WARNING", None, False)
    ] * 3
