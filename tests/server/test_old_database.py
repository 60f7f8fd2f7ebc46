"""A database made before the turn flow (no bot speed, no passed flag, no undone table, seats
without an anytime setting), older than the 0.1.0 release, is refused until it is upgraded
(``meeples db upgrade``: adopted, then migrated); then it has the new columns and tables, and its
games load with the defaults: bots at normal speed, every action decided, the anytime setting
"own". (The 0.1.0 release's own database: ``test_migrations.py``.)"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import meeples
from meeples.server import schema
from meeples.server.app import create_app
from meeples.server.store import DatabaseProblem, Store, database_url

OLD_SCHEMA = """
CREATE TABLE matches (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL,
  players INTEGER NOT NULL, seed BIGINT, options TEXT, position TEXT, seats TEXT NOT NULL,
  created FLOAT NOT NULL, finished BOOLEAN NOT NULL, result TEXT);
CREATE TABLE actions (match_id VARCHAR(32) NOT NULL, ply INTEGER NOT NULL, seat INTEGER,
  action TEXT NOT NULL, PRIMARY KEY (match_id, ply));
"""


TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"


def upgrade(path: Path) -> None:
    """Upgrade an SQLite file as ``meeples db upgrade`` does."""
    engine = schema.engine_for(database_url(str(path)))
    try:
        schema.upgrade(engine)
    finally:
        engine.dispose()


def old_database(path: Path, upgraded: bool = True) -> str:
    """Write a database of the old schema holding one Sparta game of one move, then upgrade it
    (unless told not to); return its token."""
    from meeples.server.tokens import hash_token

    seats = [{"kind": "human", "level": None, "name": "", "token_hash": hash_token("south"),
              "joined": True, "open": False},
             {"kind": "human", "level": None, "name": "", "token_hash": hash_token("north"),
              "joined": True, "open": False}]
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA)
        conn.execute("INSERT INTO matches VALUES ('old', 'sparta', 2, 0, ?, NULL, ?, 1.0, 0, NULL)",
                     (json.dumps({"heroes_conquer": True, "first": 0}), json.dumps(seats)))
        conn.execute("INSERT INTO actions VALUES ('old', 0, 0, 'b2-b4')")
    conn.close()
    if upgraded:
        upgrade(path)
    return "south"


def test_old_database_is_refused_until_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_database(path, upgraded=False)
    with pytest.raises(DatabaseProblem, match="made before schema migrations.*meeples db upgrade"):
        Store(database_url(str(path)))
    with sqlite3.connect(path) as conn:
        tables = {row[0] for row in conn.execute(TABLES)}
    conn.close()
    assert tables == {"matches", "actions"}  # refused: nothing was changed


def test_old_database_is_adopted_at_0001_then_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_database(path, upgraded=False)
    engine = schema.engine_for(database_url(str(path)))
    before, after = schema.upgrade(engine)
    engine.dispose()
    assert (before, after) == (None, schema.head())
    with sqlite3.connect(path) as conn:
        tables = {row[0] for row in conn.execute(TABLES)}
    conn.close()
    assert {"undone", "events", "writers", "bans", "admin_log", "alembic_version"} <= tables


def test_old_database_loads_with_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_database(path)
    store = Store(database_url(str(path)))
    stored = store.load("old")
    store.close()
    assert stored is not None
    assert [(s.anytime, s.armed) for s in stored.seats] == [("never", False)] * 2
    assert (stored.actions, stored.passed, stored.bot_speed) == (["b2-b4"], [False], None)
    assert (stored.undone, stored.undos) == (0, 0)


def test_old_game_plays_on_and_undoes(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    south = old_database(path)
    with TestClient(create_app(str(path), bot_delay=0)) as client:
        with client.websocket_connect("/ws/old") as ws:
            ws.send_json({"type": "hello", "tokens": [south]})
            state = ws.receive_json()
            assert state["settings"] == {"anytime": "never", "armed": False}
            assert state["undo"] is True
            assert state["log"][0]["passed"] is False
            ws.send_json({"type": "undo", "version": state["version"]})
            state = ws.receive_json()
    assert state["log"] == [] and state["version"] == 2


def old_meeple_war_database(path: Path, plies: int) -> tuple[str, list[str]]:
    """Write a database of the old schema holding a Meeple War game stored before chance was
    explicit (issue 13): the first plies actions of an old golden record, no chance's action."""
    from meeples.server.tokens import hash_token

    record = Path(__file__).resolve().parents[1] / "data" / "meeple_war" / "records_v1"
    data = json.loads((record / "2p_full.json").read_text(encoding="utf-8"))
    seats = [{"kind": "human", "level": None, "name": "", "token_hash": hash_token(name),
              "joined": True, "open": False} for name in ("red", "blue")]
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA)
        conn.execute("INSERT INTO matches VALUES ('mw', 'meeple_war', 2, ?, ?, NULL, ?, 1.0, 0, "
                     "NULL)", (data["seed"], json.dumps(data["options"]), json.dumps(seats)))
        for ply, action in enumerate(data["actions"][:plies]):
            conn.execute("INSERT INTO actions VALUES ('mw', ?, NULL, ?)", (ply, action))
    conn.close()
    upgrade(path)
    return "red", data["actions"][:plies]


def test_old_meeple_war_game_gets_its_chance_actions_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    red, old = old_meeple_war_database(path, 120)
    with TestClient(create_app(str(path), bot_delay=0)) as client:
        with client.websocket_connect("/ws/mw") as ws:
            ws.send_json({"type": "hello", "tokens": [red, "blue"]})
            state = ws.receive_json()
    assert state["type"] == "state" and state["outcome"] is None
    store = Store(database_url(str(path)))
    stored = store.load("mw")
    store.close()
    assert stored is not None and stored.actions[0].startswith("first:")
    assert [a for a in stored.actions if not a.startswith(("first:", "draw:"))] == old
    assert any(a.startswith("draw:") for a in stored.actions)


def test_old_database_gets_the_bot_column_and_its_actions_read_as_the_players(
    tmp_path: Path,
) -> None:
    # issue 28: who decided each action (a bot for a warm seat or not) is a column added to an
    # older database; its rows read as decided by the seat's player, as before.
    path = tmp_path / "old.db"
    old_database(path)
    store = Store(database_url(str(path)))
    stored = store.load("old")
    store.append_action("old", 1, 1, "b9-b7", bot=True)
    again = store.load("old")
    store.close()
    with sqlite3.connect(path) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(actions)")}
    assert "bot" in columns and stored is not None and stored.bots == [False]
    assert again is not None and again.bots == [False, True]


def test_old_database_gets_the_rules_version_column_and_reads_version_1(tmp_path: Path) -> None:
    # issue 26: a match stored before games declared their rules version was played under 1
    path = tmp_path / "old.db"
    old_database(path)
    store = Store(database_url(str(path)))
    stored = store.load("old")
    store.close()
    assert stored is not None and stored.rules_version == 1
    with sqlite3.connect(path) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(matches)")}
        assert conn.execute("SELECT rules_version FROM matches").fetchall() == [(None,)]
    assert "rules_version" in columns


def test_new_match_stores_its_games_rules_version(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    with TestClient(create_app(str(path), bot_delay=0)) as client:
        answer = client.post("/api/matches", json={"game": "rise_of_tribes", "seats": [
            {"kind": "human"}, {"kind": "human"}]})
        assert answer.status_code == 201, answer.text
        match_id = answer.json()["id"]
        replay = client.get(f"/api/matches/{match_id}")
    store = Store(database_url(str(path)))
    stored = store.load(match_id)
    store.close()
    assert stored is not None
    assert stored.rules_version == meeples.load("rise_of_tribes").rules_version
    assert replay.status_code == 200


def test_stored_match_of_another_rules_version_is_refused_and_reported(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "old.db"
    south = old_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE matches SET rules_version = 2 WHERE id = 'old'")
    caplog.set_level(logging.ERROR, logger="meeples.server")
    with TestClient(create_app(str(path), bot_delay=0)) as client:
        shown = client.get("/api/matches/old")
        with client.websocket_connect("/ws/old") as ws:
            ws.send_json({"type": "hello", "tokens": [south]})
            refused = ws.receive_json()
    assert shown.status_code == 500 and "cannot be loaded" in shown.json()["message"]
    assert refused["type"] == "error"
    assert any("played under version 2 of its rules; this Meeples plays version 1"
               in r.getMessage() for r in caplog.records)
