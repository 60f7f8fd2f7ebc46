"""Schema migrations (issue 29, point 3): the history from the 0.1.0 release's schema to now.

A database made by the 0.1.0 release (``tests/data/server/v0_1_0``: its tables as that release
made them on each backend and every row its server stored for matches of each game, live and
finished, resigned, with an undo, a bot's replies and a rematch) is refused by the server until
upgraded, then upgrades with every match intact: the same version and position, the live ones
playable and the finished ones replayable. On SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import MetaData, Table, create_engine, insert, text
from starlette.testclient import TestClient

from meeples.server import schema
from meeples.server.app import create_app
from meeples.server.room import Room
from meeples.server.store import DatabaseProblem, Store, database_url
from meeples.server.tables import metadata
from tests.server.conftest import receive

RELEASE = Path(__file__).resolve().parents[1] / "data" / "server" / "v0_1_0"
EXPECTED: dict[str, dict[str, Any]] = json.loads(
    (RELEASE / "expected.json").read_text(encoding="utf-8"))


def release_database(url: str) -> None:
    """Make the database at url as the 0.1.0 release left it: its tables (as that release made
    them on this backend), every row it stored, no schema revision."""
    engine = create_engine(url)
    dialect = "postgresql" if engine.dialect.name == "postgresql" else "sqlite"
    ddl = (RELEASE / f"schema.{dialect}.sql").read_text(encoding="utf-8")
    rows = json.loads((RELEASE / "rows.json").read_text(encoding="utf-8"))
    try:
        with engine.begin() as conn:
            for statement in ddl.split(";"):
                if statement.strip():
                    conn.exec_driver_sql(statement)
            found = MetaData()
            for name, table_rows in rows.items():
                table = Table(name, found, autoload_with=conn)
                if table_rows:
                    conn.execute(insert(table), table_rows)
    finally:
        engine.dispose()


def upgrade(url: str) -> tuple[str | None, str]:
    engine = schema.engine_for(url)
    try:
        return schema.upgrade(engine)
    finally:
        engine.dispose()


def url_of(any_db: str) -> str:
    return database_url(any_db)


def test_migrations_make_exactly_the_tables_the_server_uses(any_db: str) -> None:
    url = url_of(any_db)
    assert upgrade(url) == (None, schema.head())
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_fresh_database_is_made_at_the_newest_revision(any_db: str) -> None:
    store = Store(url_of(any_db))
    with store.engine.connect() as conn:
        found = schema.standing(conn)
    store.close()
    assert (found.kind, found.revision) == ("current", schema.head())


def test_every_revision_downgrades_and_upgrades_again(any_db: str) -> None:
    url = url_of(any_db)
    upgrade(url)
    engine = schema.engine_for(url)
    try:
        assert schema.downgrade(engine, schema.BASELINE) == (schema.head(), schema.BASELINE)
        assert schema.upgrade(engine) == (schema.BASELINE, schema.head())
    finally:
        engine.dispose()
    Store(url).close()  # current again


def test_release_0_1_0_database_is_refused_until_upgraded(any_db: str) -> None:
    url = url_of(any_db)
    release_database(url)
    with pytest.raises(DatabaseProblem, match="before schema migrations.*meeples db upgrade"):
        Store(url)


def test_release_0_1_0_database_upgrades_with_every_match_intact(any_db: str) -> None:
    url = url_of(any_db)
    release_database(url)
    assert upgrade(url) == (None, schema.head())
    store = Store(url)
    try:
        assert sorted(store.list_ids()) == sorted(EXPECTED)
        for match_id, expected in EXPECTED.items():
            stored = store.load(match_id)
            assert stored is not None
            room = Room(stored, store)
            assert (room.version, room.plies, room.state.position()) == (
                expected["version"], expected["plies"], expected["position"]), match_id
            assert (stored.finished, stored.result) == (expected["finished"], expected["result"])
            assert [e.kind for e in stored.events] == expected["events"]
            assert stored.undone == expected["undone"]
            assert stored.rules_version == 1 and stored.bots == [False] * room.plies
    finally:
        store.close()


def test_release_0_1_0_live_matches_play_on_after_the_upgrade(any_db: str) -> None:
    url = url_of(any_db)
    release_database(url)
    upgrade(url)
    live = {k: v for k, v in EXPECTED.items() if not v["finished"]}
    assert {v["game"] for v in live.values()} == {"sparta", "meeple_war", "rise_of_tribes"}
    with TestClient(create_app(any_db, bot_delay=0, bot_processes=0)) as client:
        for match_id, expected in live.items():
            with client.websocket_connect(f"/ws/{match_id}") as ws:
                ws.send_json({"type": "hello", "tokens": expected["tokens"]})
                state = receive(ws)
                assert state["type"] == "state" and state["version"] == expected["version"]
                while state["to_move"] is None or not state["legal"]:
                    state = receive(ws)  # chance or a bot moves first
                ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                              "version": state["version"]})
                after = receive(ws)
                assert after["type"] in ("state", "update"), after
                assert after["version"] > state["version"], match_id


def test_release_0_1_0_finished_matches_replay_after_the_upgrade(any_db: str) -> None:
    url = url_of(any_db)
    release_database(url)
    upgrade(url)
    finished = {k: v for k, v in EXPECTED.items() if v["finished"]}
    assert {v["game"] for v in finished.values()} == {"sparta", "meeple_war", "rise_of_tribes"}
    with TestClient(create_app(any_db, bot_delay=0, bot_processes=0)) as client:
        for match_id, expected in finished.items():
            answer = client.get(f"/api/matches/{match_id}/replay")
            assert answer.status_code == 200, answer.text
            replay = answer.json()
            assert replay["outcome"]["winners"] == expected["result"]["winners"], match_id
            assert len(replay["log"]) == expected["plies"]


def development_database(url: str) -> None:
    """Make a database as the development versions after 0.1.0 made them (``_add_columns``:
    the columns of revisions 0002 to 0004, no revision recorded)."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            for statement in (RELEASE / "schema.sqlite.sql").read_text().split(";"):
                if statement.strip():
                    conn.exec_driver_sql(statement)
            conn.exec_driver_sql("ALTER TABLE actions ADD COLUMN bot BOOLEAN")
            conn.exec_driver_sql("ALTER TABLE undone ADD COLUMN bot BOOLEAN")
            conn.exec_driver_sql("ALTER TABLE matches ADD COLUMN rules_version INTEGER")
            conn.exec_driver_sql("ALTER TABLE matches ADD COLUMN tutorial VARCHAR(32)")
    finally:
        engine.dispose()


def test_development_database_is_adopted_at_the_revision_its_columns_show(any_db: str) -> None:
    url = url_of(any_db)
    development_database(url)
    engine = schema.engine_for(url)
    try:
        with engine.begin() as conn:
            assert schema.adopt(conn) == "0004"
    finally:
        engine.dispose()
    assert upgrade(url) == ("0004", schema.head())


def test_database_of_a_newer_release_is_refused(any_db: str) -> None:
    url = url_of(any_db)
    Store(url).close()
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0999'"))
    engine.dispose()
    with pytest.raises(DatabaseProblem, match="revision 0999, which this Meeples"):
        Store(url)
    with pytest.raises(schema.SchemaProblem, match="0999"):
        upgrade(url)


def test_two_upgrades_at_once_on_postgresql_take_turns(postgres_url: str) -> None:
    release_database(postgres_url)
    results: list[Any] = []

    def run() -> None:
        try:
            results.append(upgrade(postgres_url))
        except Exception as problem:  # noqa: BLE001 - the test reports it
            results.append(problem)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    # One upgraded it, the other waited for the lock and found it done.
    assert sorted(results, key=repr) == sorted(
        [(None, schema.head()), (schema.head(), schema.head())], key=repr)


def test_workers_started_at_once_on_an_empty_postgresql_database_all_open_it(
    postgres_server: str,
) -> None:
    """The deployment's workers start together on a new database: one makes the schema, the
    others must find it made, never half seen (its tables without its revision: "the database
    was made before schema migrations", as a worker of the deployment test once said)."""
    from tests.server.conftest import fresh_database

    problems: list[Exception] = []

    def open_it(url: str, ready: threading.Barrier) -> None:
        ready.wait(10)
        try:
            Store(url).close()
        except Exception as problem:  # noqa: BLE001 - the test reports it
            problems.append(problem)

    for _ in range(12):
        url = fresh_database(postgres_server)
        ready = threading.Barrier(4)
        threads = [threading.Thread(target=open_it, args=(url, ready)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert problems == []


def test_a_schema_read_across_another_process_commit_is_read_again(
    any_db: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading where a database stands takes two queries (its revision, its tables); another
    process's commit can fall between them and show tables without a revision. A standing other
    than current is read again (on PostgreSQL under the upgrade lock) before it is believed."""
    Store(database_url(any_db)).close()
    real = schema.standing
    reads: list[str] = []

    def straddled(connection: Any) -> schema.Standing:
        found = real(connection)
        reads.append(found.kind)
        return found if len(reads) > 1 else schema.Standing(None, True, found.head)

    monkeypatch.setattr(schema, "standing", straddled)
    Store(database_url(any_db)).close()
    assert reads == ["current", "current"]
