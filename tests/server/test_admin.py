"""``meeples admin`` (issue 29, point 6): list matches by game, state, age and address; stop or
delete a match; ban or unban an address, refused at the door of every worker; all logged.

The servers here run while the command changes their database, as on a site: each reads the
operators' log every second (:mod:`meeples.server.door`)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeples.cli import main
from meeples.server import door
from meeples.server.app import create_app
from meeples.server.lobby import Lobby
from meeples.server.protocol import CreateRequest
from meeples.server.store import Store, database_url
from tests.server.conftest import WIN_IN_ONE, create, receive, token

VISITOR = ("203.0.113.9", 50000)


def admin(capsys: pytest.CaptureFixture[str], db: str, *words: str) -> tuple[int, str, str]:
    """Run ``meeples admin WORDS --db db``; return its status, output and errors."""
    status = main(["admin", *words, "--db", db])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def listed(capsys: pytest.CaptureFixture[str], db: str, *filters: str) -> list[str]:
    status, out, err = admin(capsys, db, "list", "--json", *filters)
    assert status == 0, err
    return [json.loads(line)["id"] for line in out.splitlines()]


def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait until check() holds (a server reads the operators' log every second)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the server did not act on the log in time"
        time.sleep(0.1)


def stored_matches(db: str) -> dict[str, str]:
    """Store matches from two addresses, one of them a week old; return their ids by name."""

    async def fill() -> dict[str, str]:
        store = Store(database_url(db))
        lobby = Lobby(store)
        ids = {}
        for name, game, address in (("sparta_a", "sparta", "203.0.113.5"),
                                    ("war_a", "meeple_war", "203.0.113.6"),
                                    ("sparta_b", "sparta", "198.51.100.1")):
            room, _ = await lobby.create(CreateRequest(game=game), address)
            ids[name] = room.id
        with store.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE matches SET created = created - 7 * 86400 WHERE id = ?",
                                 (ids["sparta_b"],))
        store.close()
        return ids

    return asyncio.run(fill())


def test_admin_list_filters_by_game_state_age_and_address(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = stored_matches(db)
    assert set(listed(capsys, db)) == set(ids.values())
    assert set(listed(capsys, db, "--game", "sparta")) == {ids["sparta_a"], ids["sparta_b"]}
    assert listed(capsys, db, "--older-than", "2d") == [ids["sparta_b"]]
    assert set(listed(capsys, db, "--newer-than", "1h")) == {ids["sparta_a"], ids["war_a"]}
    assert set(listed(capsys, db, "--address", "203.0.113.0/24")) == {ids["sparta_a"],
                                                                       ids["war_a"]}
    assert listed(capsys, db, "--address", "198.51.100.1") == [ids["sparta_b"]]
    assert listed(capsys, db, "--state", "abandoned") == [ids["sparta_b"]]  # idle for a week
    assert set(listed(capsys, db, "--state", "open")) == {ids["sparta_a"], ids["war_a"]}
    assert listed(capsys, db, "--state", "finished") == []


def test_admin_bad_input_is_one_line_and_changes_nothing(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = stored_matches(db)
    for words, why in ((["abandon", "nosuch"], "there is no match 'nosuch'"),
                       (["delete", "nosuch"], "there is no match 'nosuch'"),
                       (["ban", "not-an-address"], "is not an IP address"),
                       (["unban", "192.0.2.1"], "192.0.2.1 is not banned"),
                       (["list", "--game", "chess"], "--game 'chess'"),
                       (["list", "--older-than", "3 weeks"], "takes a duration")):
        status, out, err = admin(capsys, db, *words)
        assert (status, out, len(err.splitlines())) == (2, "", 1), words
        assert why in err, err
    assert set(listed(capsys, db)) == set(ids.values())
    assert admin(capsys, db, "log")[1] == "(none)\n"


def test_admin_abandon_ends_a_live_match_on_the_running_server(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            receive(ws)
            status, out, _ = admin(capsys, db, "abandon", match["id"], "--reason", "spam")
            assert status == 0 and "nobody wins" in out
            with pytest.raises(WebSocketDisconnect) as closed:  # reloaded: come back
                while True:
                    receive(ws)
            assert closed.value.code == 1012
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            state = receive(ws)
    assert state["to_move"] is None and state["legal"] == []
    assert state["outcome"]["winners"] == [] and state["outcome"]["ranking"] == [[0, 1]]
    assert state["outcome"]["msg"] == {"key": "core.outcome.abandoned", "params": {}}
    assert [e["kind"] for e in state["events"]] == ["abandon"]


def test_admin_abandon_of_a_finished_match_is_refused(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client, position=WIN_IN_ONE)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            state = receive(ws)
            ws.send_json({"type": "act", "action": "e4-e6", "version": state["version"]})
            receive(ws)
    status, _, err = admin(capsys, db, "abandon", match["id"])
    assert status == 2 and "is over already" in err


def test_admin_delete_removes_the_match_from_the_running_server(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client)
        assert client.get(f"/api/matches/{match['id']}").status_code == 200  # loaded
        status, out, _ = admin(capsys, db, "delete", match["id"])
        assert status == 0 and "deleted" in out
        until(lambda: client.get(f"/api/matches/{match['id']}").status_code == 404)
    assert listed(capsys, db) == []


def test_admin_actions_are_logged_with_who_made_them(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = stored_matches(db)
    admin(capsys, db, "ban", "198.51.100.0/24", "--reason", "scraping")
    admin(capsys, db, "abandon", ids["war_a"])
    admin(capsys, db, "delete", ids["sparta_b"], "--reason", "test game")
    admin(capsys, db, "unban", "198.51.100.0/24")
    status, out, _ = admin(capsys, db, "log", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [(line["action"], line["target"]) for line in lines] == [
        ("ban", "198.51.100.0/24"), ("abandon", ids["war_a"]), ("delete", ids["sparta_b"]),
        ("unban", "198.51.100.0/24")]
    assert all("@" in line["by"] for line in lines)
    assert lines[0]["detail"]["reason"] == "scraping"


def visitor(app: Any) -> TestClient:
    return TestClient(app, client=VISITOR)


def test_banned_address_is_refused_at_the_door_until_unbanned(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with visitor(create_app(db, bot_delay=0)) as client:
        match = create(client)
        assert admin(capsys, db, "ban", "203.0.113.0/24")[0] == 0
        until(lambda: client.get("/api/games").status_code == 403)
        assert client.get("/api/games").json()["code"] == "banned"
        assert client.post("/api/matches", json={"game": "sparta"}).status_code == 403
        with pytest.raises(WebSocketDisconnect):
            with client.websocket_connect(f"/ws/{match['id']}"):
                pass
        assert client.get("/healthz").status_code == 200  # the balancer's checks pass
        assert admin(capsys, db, "unban", "203.0.113.0/24")[0] == 0
        until(lambda: client.get("/api/games").status_code == 200)


def test_ban_closes_the_open_connections_of_the_address(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with visitor(create_app(db, bot_delay=0)) as client:
        match = create(client)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            receive(ws)
            admin(capsys, db, "ban", VISITOR[0])
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    receive(ws)
    assert closed.value.code == 4403


def test_a_ban_holds_on_every_worker(
    postgres_url: str, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    apps = [create_app(postgres_url, redis_url=redis_url, bot_processes=0) for _ in range(2)]
    with visitor(apps[0]) as on_a, visitor(apps[1]) as on_b:
        assert admin(capsys, postgres_url, "ban", VISITOR[0])[0] == 0
        until(lambda: on_a.get("/api/games").status_code == 403
              and on_b.get("/api/games").status_code == 403)


def test_abandon_reaches_the_worker_holding_the_match(
    postgres_url: str, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    apps = [create_app(postgres_url, redis_url=redis_url, bot_processes=0) for _ in range(2)]
    with TestClient(apps[0]) as on_a, TestClient(apps[1]) as on_b:
        match = create(on_a)  # held by the first worker
        with on_b.websocket_connect(f"/ws/{match['id']}") as ws:  # relayed through the second
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            receive(ws)
            assert admin(capsys, postgres_url, "abandon", match["id"])[0] == 0
            with pytest.raises(WebSocketDisconnect):
                while True:
                    receive(ws)
        until(lambda: on_b.get(f"/api/matches/{match['id']}").json()["outcome"] is not None)
        shown = on_a.get(f"/api/matches/{match['id']}").json()
    assert shown["outcome"]["msg"]["key"] == "core.outcome.abandoned"
    assert shown["finished"] is True


def test_a_restarted_server_does_not_act_again_on_the_operators_earlier_lines(
    db: str, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client)
    assert admin(capsys, db, "abandon", match["id"])[0] == 0
    caplog.clear()
    with TestClient(create_app(db, bot_delay=0)) as client:
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            receive(ws)
            time.sleep(2.5 * door.POLL)  # two readings of the log at least
            ws.send_json({"type": "sync"})
            assert receive(ws)["type"] == "state"  # still open: not dropped again
    assert not [r for r in caplog.records if r.getMessage().startswith("operator ")]


def test_a_line_committed_late_below_the_newest_is_still_acted_on(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    Store(database_url(db)).close()
    for words in (["ban", "198.51.100.7"], ["unban", "198.51.100.7"]):
        assert admin(capsys, db, *words)[0] == 0
    store = Store(database_url(db))
    with store.engine.begin() as conn:  # a gap below the newest line: a transaction not done
        conn.exec_driver_sql("DELETE FROM admin_log WHERE id = 1")
    with visitor(create_app(db, bot_delay=0)) as client:
        time.sleep(1.5 * door.POLL)
        with store.engine.begin() as conn:  # it commits now, after the newer line was read
            conn.exec_driver_sql("INSERT INTO bans (address, at, by) VALUES (?, ?, 'late')",
                                 (VISITOR[0], time.time()))
            conn.exec_driver_sql("INSERT INTO admin_log (id, at, action, target, by)"
                                 " VALUES (1, ?, 'ban', ?, 'late')", (time.time(), VISITOR[0]))
        until(lambda: client.get("/api/games").status_code == 403)
    store.close()


def test_a_quiet_log_costs_a_reading_no_row(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    Store(database_url(db)).close()
    for words in (["ban", "198.51.100.7"], ["unban", "198.51.100.7"]):
        assert admin(capsys, db, *words)[0] == 0
    app = create_app(db, bot_delay=0)
    with TestClient(app):
        watch = app.state.watch
        assert [line.action for line in watch._new_lines()] == ["ban", "unban"]
        with watch.store.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE admin_log SET at = at - ?", (2 * door.RECENT,))
        assert watch._new_lines() == []


def test_admin_on_an_old_schema_says_to_upgrade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.server.test_db_command import released

    status, _, err = admin(capsys, str(released(tmp_path)), "list")
    assert status == 2 and "meeples db upgrade" in err


def test_match_ids_never_start_with_a_dash_that_a_command_line_reads_as_an_option(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # `meeples admin delete -kJw9Qoj` was refused as an unknown option: one random id in 64
    # began with "-" (2,000 ids hold one unless none can).
    async def ids() -> list[str]:
        store = Store(database_url(db))
        try:
            return [(await Lobby(store).new_match())[0] for _ in range(2000)]
        finally:
            store.close()

    made = asyncio.run(ids())
    assert len(set(made)) == 2000 and not [i for i in made if i.startswith("-")]
    assert {i[0] for i in made} & {"_"}  # the other URL-safe characters still begin ids
