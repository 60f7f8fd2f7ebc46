"""A restarted server (a new app on the same database) resumes every game exactly."""

from __future__ import annotations

from starlette.testclient import TestClient

from meeples.server.app import create_app
from tests.server.conftest import create, receive, token


def test_restart_resumes_the_game_where_it_was(any_db: str) -> None:
    play_restart_and_resume(any_db)


def play_restart_and_resume(db: str) -> None:
    """Play three moves, start a new app on the same database, check the game goes on."""
    with TestClient(create_app(db, bot_delay=0)) as first:
        match = create(first)
        with first.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
            receive(ws)
            for version, action in enumerate(["b2-b4", "b9-b7", "c2-c4"]):
                ws.send_json({"type": "act", "action": action, "version": version})
                before = receive(ws)
    with TestClient(create_app(db, bot_delay=0)) as second:
        with second.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
            after = receive(ws)
            ws.send_json({"type": "act", "action": "c9-c7", "version": 3})
            moved = receive(ws)
    assert after["view"] == before["view"] and after["log"] == before["log"]
    assert moved["version"] == 4


def test_restart_lets_a_waiting_bot_move(any_db: str) -> None:
    seats = [{"kind": "bot", "level": "random"}, {"kind": "human"}]
    with TestClient(create_app(any_db, bot_delay=3600)) as first:
        match = create(first, seats=seats)
        version = first.get(f"/api/matches/{match['id']}").json()["version"]
    with TestClient(create_app(any_db, bot_delay=0)) as second:
        with second.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
            state = receive(ws)
            while state["version"] == 0:
                state = receive(ws)
    assert (version, state["version"], state["to_move"]) == (0, 1, 1)


def test_restart_keeps_finished_games_for_replay(any_db: str) -> None:
    win = "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S 8/8 0 0"
    with TestClient(create_app(any_db, bot_delay=0)) as first:
        match = create(first, position=win)
        with first.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            receive(ws)
            ws.send_json({"type": "act", "action": "e4-e6", "version": 0})
            receive(ws)
    with TestClient(create_app(any_db, bot_delay=0)) as second:
        replay = second.get(f"/api/matches/{match['id']}/replay").json()
        listing = second.get("/api/matches").json()
    assert replay["outcome"]["winners"] == [0]
    assert [m["id"] for m in listing["finished"]] == [match["id"]]
