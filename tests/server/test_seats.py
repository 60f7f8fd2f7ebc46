"""Seats change atomically: token check, seat change and database write under the room lock,
and memory changes only once the database took the change."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.server.connection import Client
from meeples.server.errors import RoomError
from meeples.server.lobby import Lobby
from meeples.server.protocol import CreateRequest, SeatRequest
from meeples.server.store import Seat, Store, database_url
from tests.server.conftest import create, token


class GatedStore(Store):
    """A store whose first seat write waits for a gate (a slow disk), to order tasks exactly."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.entered = threading.Event()
        self.gate = threading.Event()

    def update_seats(self, match_id: str, seats: list[Seat], epoch: int | None = None) -> None:
        if not self.entered.is_set():
            self.entered.set()
            self.gate.wait(10)
        super().update_seats(match_id, seats, epoch)


async def nothing(text: str) -> None:
    """A connection that drops what it is sent."""


def test_join_with_the_old_token_cannot_race_a_claim(tmp_path: Path) -> None:
    async def scenario() -> tuple[Any, ...]:
        store = GatedStore(database_url(str(tmp_path / "race.db")))
        seats = [SeatRequest(), SeatRequest(open=True)]
        room, tokens = await Lobby(store).create(CreateRequest(game="sparta", seats=seats))
        assert tokens[0] is not None and tokens[1] is not None
        # South's first join holds the room lock while its seat write waits for the gate.
        south = asyncio.create_task(room.join(Client(send=nothing), [tokens[0]]))
        while not store.entered.is_set():
            await asyncio.sleep(0.01)
        claim = asyncio.create_task(room.claim())  # queued first on the lock
        await asyncio.sleep(0.01)
        late = Client(send=nothing)
        join = asyncio.create_task(room.join(late, [tokens[1]]))  # then a join, old token
        await asyncio.sleep(0.01)
        store.gate.set()
        await south
        claimed = await claim
        refused = None
        try:
            await join
        except RoomError as error:
            refused = error.code
        store.close()
        return claimed[0], refused, late in room.clients, room.seats[1].joined

    assert asyncio.run(scenario()) == (1, "bad_token", False, False)


def broken(*args: Any) -> None:
    raise OSError("attempt to write a readonly database")


def test_first_join_that_cannot_be_stored_changes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create(client)
    monkeypatch.setattr(client.app.state.store, "update_seats", broken)  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        refused = ws.receive_json()
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        unbound = ws.receive_json()
    players = client.get(f"/api/matches/{match['id']}").json()["players"]
    assert (refused["code"], unbound["code"]) == ("storage", "hello_first")
    assert [p["joined"] for p in players] == [False, False]


def test_claim_that_cannot_be_stored_keeps_the_seat_open_with_its_token(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create(client, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    store = client.app.state.store  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(store, "update_seats", broken)
        refused = client.post(f"/api/matches/{match['id']}/claim")
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
        state = ws.receive_json()
    assert (refused.status_code, refused.json()["code"]) == (503, "storage")
    assert (state["type"], state["seats"]) == ("state", [1])


def test_claim_then_join_with_the_old_token_is_refused(client: TestClient) -> None:
    match = create(client, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    claimed = client.post(f"/api/matches/{match['id']}/claim").json()
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
        refused = ws.receive_json()
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [claimed["token"]]})
        state = ws.receive_json()
    assert (refused["code"], state["seats"]) == ("bad_token", [1])
