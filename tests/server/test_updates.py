"""Incremental updates: after a change a connection gets what changed (the new log entries,
the view, the legal list), applied to the snapshot it holds; snapshots on hello, on a sync
asked by a client that lost track, on a stale action and after an undo."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.server.connection import Client
from meeples.server.lobby import Lobby
from meeples.server.protocol import CreateRequest, Gap, apply_update
from meeples.server.room import Room
from meeples.server.store import Store, database_url
from tests.server.conftest import create, receive, token


class Follower:
    """A connection that keeps its state as the browser does, and every text it received."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.state: dict[str, Any] | None = None
        self.client = Client(send=self.send)

    async def send(self, text: str) -> None:
        self.texts.append(text)
        message = json.loads(text)
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "update":
            assert self.state is not None
            self.state = apply_update(self.state, message)


async def joined(room: Room, tokens: list[str]) -> Follower:
    follower = Follower()
    await room.join(follower.client, tokens)
    return follower


@pytest.mark.parametrize("game", ["sparta", "meeple_war", "rise_of_tribes"])
def test_updates_applied_to_a_snapshot_equal_a_fresh_snapshot(tmp_path: Path, game: str) -> None:
    async def scenario() -> int:
        store = Store(database_url(str(tmp_path / "u.db")))
        room, tokens = await Lobby(store).create(CreateRequest(game=game))
        held = [t for t in tokens if t is not None]
        seats = [await joined(room, [t]) for t in held]
        spectator = await joined(room, [])
        rng = random.Random(game)
        moves = 0
        while moves < 40 and room.state.outcome is None:
            mover = seats[room.state.to_move]
            await room.act(mover.client, rng.choice(room.state.legal()), room.version)
            await asyncio.sleep(0)
            moves += 1
            pairs = [*zip(seats, [[t] for t in held], strict=True), (spectator, [])]
            for follower, tokens_held in pairs:
                fresh = await joined(room, tokens_held)
                await asyncio.sleep(0)
                assert follower.state == fresh.state, (game, moves)
                await room.leave(fresh.client)
        store.close()
        return moves

    assert asyncio.run(scenario()) >= 10


def test_after_a_move_the_players_get_an_update_without_the_log(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        south.send_json({"type": "hello", "tokens": [token(match, 0)]})
        north.send_json({"type": "hello", "tokens": [token(match, 1)]})
        south.receive_json(), north.receive_json()
        south.send_json({"type": "act", "action": "b2-b4", "version": 0})
        mover, other = south.receive_json(), north.receive_json()
    assert (mover["type"], mover["base"], mover["version"]) == ("update", 0, 1)
    assert [e["action"] for e in mover["entries"]] == ["b2-b4"] and "log" not in mover
    assert mover["legal"] == [] and mover["to_move"] == 1
    assert other["legal"] and other["entries"] == mover["entries"]


def test_a_client_that_lost_track_asks_for_a_snapshot(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        first = receive(ws)
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        update = ws.receive_json()
        with pytest.raises(Gap):  # as if the first state had not arrived: version 0 is missing
            apply_update({**first, "version": -1}, update)
        ws.send_json({"type": "sync"})
        snapshot = ws.receive_json()
    assert (snapshot["type"], snapshot["version"]) == ("state", 1)
    assert [e["action"] for e in snapshot["log"]] == ["b2-b4"]


def test_sync_before_hello_is_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["code"] == "hello_first"


def test_sync_is_strict(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": []})
        ws.receive_json()
        ws.send_json({"type": "sync", "version": 0})
        assert ws.receive_json()["code"] == "malformed"


def test_an_undo_sends_everyone_a_snapshot(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as watching:
        south.send_json({"type": "hello", "tokens": [token(match, 0)]})
        watching.send_json({"type": "hello", "tokens": []})
        south.receive_json(), watching.receive_json()
        south.send_json({"type": "act", "action": "b2-b4", "version": 0})
        south.receive_json(), watching.receive_json()
        south.send_json({"type": "undo", "version": 1})
        undone, seen = south.receive_json(), watching.receive_json()
    assert (undone["type"], undone["log"], seen["type"], seen["log"]) == ("state", [], "state", [])
    assert undone["version"] == seen["version"] == 2
