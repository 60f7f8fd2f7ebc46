"""A database that cannot be trusted: refused at start in one line; one bad record is isolated."""

from __future__ import annotations

import asyncio
import logging
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeples.cli import main
from meeples.server.app import create_app
from meeples.server.lobby import Lobby
from meeples.server.protocol import CreateRequest
from meeples.server.store import DatabaseProblem, Store, database_url


def make_database(path: Path, games: int = 40) -> list[str]:
    """Store games of Sparta in a fresh SQLite file (several pages of it); return their ids."""

    async def fill() -> list[str]:
        store = Store(database_url(str(path)))
        lobby = Lobby(store)
        ids = []
        for _ in range(games):
            room, _ = await lobby.create(CreateRequest(game="sparta"))
            ids.append(room.id)
        store.close()
        return ids

    return asyncio.run(fill())


def read_only(path: Path) -> str:
    return f"sqlite:///file:{path}?mode=ro&uri=true"


def serve(db: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    """Run ``meeples serve --db db``; return its status and whether uvicorn was started."""
    from meeples.commands import serve as serve_command

    started: list[str] = []
    monkeypatch.setattr(serve_command, "bind", lambda host, port: socket.socket())
    monkeypatch.setattr(
        serve_command, "serve", lambda config, banner, sock: started.append("uvicorn")
    )
    return main(["serve", "--db", db]), started


def test_read_only_database_stops_serve_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ro.db"
    make_database(path, games=1)
    status, started = serve(read_only(path), monkeypatch)
    errors = capsys.readouterr().err.splitlines()
    assert (status, started, len(errors)) == (2, [], 1)
    assert "cannot be written" in errors[0] and "readonly" in errors[0]


def test_read_only_database_stops_the_app_starting(tmp_path: Path) -> None:
    path = tmp_path / "ro.db"
    make_database(path, games=1)
    with pytest.raises(DatabaseProblem, match="cannot be written"):
        with TestClient(create_app(read_only(path), bot_delay=0)):
            pass


def damage(path: Path, offset: int, data: bytes) -> None:
    with path.open("r+b") as file:
        file.seek(offset)
        file.write(data)


def test_damaged_page_stops_serve_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "damaged.db"
    make_database(path)
    page = 4096
    assert path.stat().st_size > 4 * page
    damage(path, 2 * page, b"\x0d" + b"\xff" * 11)  # the header of page 3, a table page
    status, started = serve(str(path), monkeypatch)
    errors = capsys.readouterr().err.splitlines()
    assert (status, started, len(errors)) == (2, [], 1)
    assert "damaged" in errors[0] or "malformed" in errors[0]


def test_damaged_file_header_stops_serve_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "header.db"
    make_database(path, games=1)
    damage(path, 0, b"not an SQLite file, really")
    status, started = serve(str(path), monkeypatch)
    errors = capsys.readouterr().err.splitlines()
    assert (status, started, len(errors)) == (2, [], 1)
    assert "is not an SQLite database" in errors[0] and "Traceback" not in errors[0]


def test_sound_database_lets_serve_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "sound.db"
    make_database(path, games=2)
    assert serve(str(path), monkeypatch) == (0, ["uvicorn"])


def spoil_row(path: Path, match_id: str, column: str = "seats", value: str = '[{"kind": ') -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))


def test_bad_row_is_left_out_of_listings_and_reported_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "row.db"
    good, bad = make_database(path, games=2)
    spoil_row(path, bad)
    caplog.set_level(logging.ERROR, logger="meeples.server")
    with TestClient(create_app(str(path), bot_delay=0)) as client:
        listings = [client.get("/api/matches") for _ in range(2)]
        shown = [client.get(f"/api/matches/{bad}") for _ in range(2)]
        with client.websocket_connect(f"/ws/{bad}") as ws:
            refused = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        fine = client.get(f"/api/matches/{good}").status_code
    assert [r.status_code for r in listings] == [200, 200]
    assert [m["id"] for m in listings[0].json()["open"]] == [good]
    assert [(r.status_code, "damaged" in r.json()["message"]) for r in shown] == [(500, True)] * 2
    assert ("damaged" in refused["message"], closed.value.code, fine) == (True, 4404, 200)
    assert len([r for r in caplog.records if bad in r.getMessage()]) == 1


@pytest.mark.parametrize(
    ("column", "value"),
    [("seats", "{}"), ("seats", '[{"level": "easy"}]'), ("options", "nope"), ("result", "[")],
)
def test_bad_row_of_any_kind_is_isolated(tmp_path: Path, column: str, value: str) -> None:
    path = tmp_path / "row.db"
    good, bad = make_database(path, games=2)
    spoil_row(path, bad, column, value)
    with TestClient(create_app(str(path), bot_delay=0)) as client:
        listed = [m["id"] for m in client.get("/api/matches").json()["open"]]
        shown = client.get(f"/api/matches/{bad}").status_code
    assert (listed, shown) == ([good], 500)


def test_unexpected_failure_answers_json_not_a_traceback(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: Any) -> Any:
        raise RuntimeError("an unexpected bug")

    monkeypatch.setattr(Lobby, "summaries", broken)
    quiet = TestClient(client.app, raise_server_exceptions=False)
    answer = quiet.get("/api/matches")
    assert (answer.status_code, answer.json()["code"]) == (500, "generic")
    assert "Traceback" not in answer.text and "unexpected bug" not in answer.text
