"""Bots play step by step: each waits its match's delay (bot speed slow / normal / fast, chosen
at creation, stored) before a decision, and a spectator arriving meanwhile sees the game at once."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from meeples.server.app import create_app
from meeples.server.flow import bot_delay
from tests.server.conftest import create

BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def test_speeds_scale_the_servers_delay() -> None:
    assert [bot_delay(0.5, s) for s in ("slow", "normal", "fast", None)] == [1.2, 0.5, 0.1, 0.5]


@pytest.mark.parametrize(("speed", "delay"), [("slow", 24.0), ("fast", 2.0), (None, 10.0)])
def test_bot_speed_is_chosen_at_creation_and_kept_after_a_restart(
    db: str, speed: str | None, delay: float
) -> None:
    body = {"bot_speed": speed} if speed else {}
    with TestClient(create_app(db, bot_delay=10)) as first:
        match = create(first, seats=[{"kind": "human"}, BOTS[0]], **body)
        assert first.app.state.lobby.rooms[match["id"]].bot_delay == pytest.approx(delay)
    with TestClient(create_app(db, bot_delay=10)) as second:
        assert second.get(f"/api/matches/{match['id']}").status_code == 200
        assert second.app.state.lobby.rooms[match["id"]].bot_delay == pytest.approx(delay)


@pytest.mark.parametrize("speed", ["medium", 1, "", None])
def test_bot_speed_is_strict(client: TestClient, speed: object) -> None:
    answer = client.post("/api/matches", json={"game": "sparta", "bot_speed": speed})
    assert answer.status_code == 400 and answer.json()["code"] == "malformed"


def test_spectator_arriving_while_a_bot_waits_gets_the_state_at_once(db: str) -> None:
    with TestClient(create_app(db, bot_delay=3600)) as client:
        match = create(client, seats=BOTS)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": []})
            state = ws.receive_json()
    assert (state["type"], state["version"], state["to_move"]) == ("state", 0, 0)
