"""One worker among several, in process: what it holds, lets go and counts."""

from __future__ import annotations

from starlette.testclient import TestClient

from meeples.server.app import create_app
from tests.server.conftest import create

BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def test_a_bot_game_let_go_no_longer_counts_in_the_quota(
    postgres_url: str, redis_url: str
) -> None:
    app = create_app(postgres_url, bot_delay=3600, bot_games=(1, 1), redis_url=redis_url)
    with TestClient(app) as client:
        first = create(client, seats=BOTS)
        refused = client.post("/api/matches", json={"game": "sparta", "seats": BOTS})
        assert client.portal is not None
        client.portal.call(app.state.lobby.drop, first["id"])
        second = client.post("/api/matches", json={"game": "sparta", "seats": BOTS})
    assert (refused.status_code, second.status_code) == (429, 201)


def test_a_game_let_go_is_loaded_afresh_when_asked_for_again(
    postgres_url: str, redis_url: str
) -> None:
    app = create_app(postgres_url, bot_delay=0, redis_url=redis_url)
    with TestClient(app) as client:
        match = create(client)
        assert client.portal is not None
        room = app.state.lobby.rooms[match["id"]]
        client.portal.call(app.state.lobby.drop, match["id"])
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [match["seats"][0]["token"]]})
            state = ws.receive_json()
    again = app.state.lobby.rooms.get(match["id"])
    assert state["type"] == "state" and again is not None and again is not room
