"""``meeples db backup`` and ``restore`` (issue 29, point 4): a backup taken while the server
runs, restored into a fresh server, replays every match as it was; the files are guarded.
PostgreSQL's documented recipe (pg_dump, pg_restore) is run too."""

from __future__ import annotations

import glob
import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.cli import main
from meeples.server.app import create_app
from tests.server.conftest import LAST_MOVE, WIN_IN_ONE, create, fresh_database, receive, token


def play(client: TestClient) -> list[str]:
    """Store matches of every game, live and finished; return their ids."""
    ids = []
    for position, move in ((WIN_IN_ONE, "e4-e6"), (LAST_MOVE, None)):
        match = create(client, position=position)
        ids.append(match["id"])
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
            state = receive(ws)
            action = move or state["legal"][0]["action"]
            ws.send_json({"type": "act", "action": action, "version": state["version"]})
            receive(ws)
    for game, players in (("sparta", 2), ("meeple_war", 2), ("rise_of_tribes", 3)):
        match = create(client, game=game, players=players, seats=[{"kind": "human"}] * players)
        ids.append(match["id"])
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [s["token"] for s in match["seats"]]})
            state = receive(ws)
            for _ in range(6):
                if not state["legal"]:
                    break
                ws.send_json({"type": "act", "action": state["legal"][-1]["action"],
                              "version": state["version"]})
                state = receive(ws)
    return ids


def seen(client: TestClient, ids: list[str]) -> dict[str, Any]:
    """Return what a server shows of each match, and the replay of the finished ones."""
    out = {}
    for match_id in ids:
        shown = client.get(f"/api/matches/{match_id}").json()
        replay = client.get(f"/api/matches/{match_id}/replay").json() if shown["finished"] \
            else None
        out[match_id] = (shown["version"], shown["view"], shown["outcome"], replay)
    return out


def test_backup_while_serving_restores_into_a_fresh_server_with_every_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    served, backup, fresh = tmp_path / "served.db", tmp_path / "b.sqlite", tmp_path / "new.db"
    with TestClient(create_app(str(served), bot_delay=0, bot_processes=0)) as client:
        ids = play(client)
        before = seen(client, ids)
        assert main(["db", "backup", str(backup), "--db", str(served)]) == 0  # while serving
        assert main(["db", "restore", str(backup), "--db", str(fresh)]) == 0
    assert f"{len(ids)} matches" in capsys.readouterr().out
    assert not Path(f"{backup}-wal").exists()  # one file
    with TestClient(create_app(str(fresh), bot_delay=0, bot_processes=0)) as client:
        assert seen(client, ids) == before
        assert {v[2] is not None for v in before.values()} == {True, False}


def test_backup_refuses_a_folder_or_a_device_before_copying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    with TestClient(create_app(str(db), bot_delay=0)):
        pass
    for target, why in ((tmp_path, "is a folder"), ("/dev/null", "is a character device"),
                        (tmp_path / "missing" / "b.db", "does not exist")):
        assert main(["db", "backup", str(target), "--db", str(db)]) == 2
        errors = capsys.readouterr().err.splitlines()
        assert len(errors) == 1 and why in errors[0]
    assert set(os.listdir(tmp_path)) <= {"m.db", "m.db-shm", "m.db-wal"}  # nothing written


def test_backup_refuses_to_write_over_the_database_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    with TestClient(create_app(str(db), bot_delay=0)) as client:
        create(client)
    size = db.stat().st_size
    assert main(["db", "backup", str(db), "--db", str(db)]) == 2
    assert "is the database itself" in capsys.readouterr().err
    assert db.stat().st_size == size


def test_backup_replaces_an_older_backup_whole(tmp_path: Path) -> None:
    db, backup = tmp_path / "m.db", tmp_path / "b.db"
    backup.write_text("an older backup")
    with TestClient(create_app(str(db), bot_delay=0)) as client:
        create(client)
    assert main(["db", "backup", str(backup), "--db", str(db)]) == 0
    with sqlite3.connect(backup) as conn:
        assert conn.execute("SELECT count(*) FROM matches").fetchone() == (1,)
    conn.close()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_restore_over_a_database_holding_matches_needs_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, other, backup = tmp_path / "m.db", tmp_path / "o.db", tmp_path / "b.db"
    for path, count in ((db, 1), (other, 2)):
        with TestClient(create_app(str(path), bot_delay=0)) as client:
            for _ in range(count):
                create(client)
    assert main(["db", "backup", str(backup), "--db", str(other)]) == 0
    assert main(["db", "restore", str(backup), "--db", str(db)]) == 2
    assert "would replace its 1 matches" in capsys.readouterr().err
    assert main(["db", "restore", str(backup), "--db", str(db), "--force"]) == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM matches").fetchone() == (2,)
    conn.close()


def test_restore_refuses_a_file_that_is_no_meeples_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text_file, other = tmp_path / "notes.txt", tmp_path / "other.db"
    text_file.write_text("not a database at all, really")
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    for path, why in ((text_file, "is not an SQLite database"),
                      (other, "holds no Meeples matches")):
        assert main(["db", "restore", str(path), "--db", str(tmp_path / "m.db")]) == 2
        assert why in capsys.readouterr().err
    assert not (tmp_path / "m.db").exists()


def test_backup_of_postgresql_names_pg_dump(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("psycopg")
    url = "postgresql+psycopg://meeples@127.0.0.1:1/meeples"
    assert main(["db", "backup", "out.dump", "--db", url]) == 2
    assert "pg_dump --format=custom" in capsys.readouterr().err
    assert not Path("out.dump").exists()


def pg_tool(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        pytest.skip(f"{name} is not installed (apt-get install postgresql)")
    return found[-1]


def test_pg_dump_and_pg_restore_as_documented_restore_every_match(
    postgres_server: str, tmp_path: Path
) -> None:
    source, target = fresh_database(postgres_server), fresh_database(postgres_server)
    dump = tmp_path / "meeples.dump"
    with TestClient(create_app(source, bot_delay=0, bot_processes=0)) as client:
        ids = play(client)
        before = seen(client, ids)
        # docs/operations.md, "Back up and restore": while the server runs.
        plain = source.replace("+psycopg", "")
        subprocess.run([pg_tool("pg_dump"), "--format=custom", "--file", str(dump), plain],
                       check=True, capture_output=True, timeout=60)
    subprocess.run([pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--dbname",
                    target.replace("+psycopg", ""), str(dump)],
                   check=True, capture_output=True, timeout=60)
    with TestClient(create_app(target, bot_delay=0, bot_processes=0)) as client:
        assert seen(client, ids) == before



def test_backup_report_says_1_match_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    served, backup = tmp_path / "served.db", tmp_path / "b.sqlite"
    with TestClient(create_app(str(served), bot_delay=0, bot_processes=0)) as client:
        create(client)
    assert main(["db", "backup", str(backup), "--db", str(served)]) == 0
    out = capsys.readouterr().out
    assert ": 1 match, 0 actions," in out and "1 matches" not in out
