"""What a room sends: never waiting on a socket, and each message rendered once per audience."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import meeples
from meeples.server.connection import OUTBOX, SLOW_READER, Client
from meeples.server.legal import action_item
from meeples.server.lobby import Lobby
from meeples.server.protocol import CreateRequest
from meeples.server.room import Room
from meeples.server.store import Store, database_url
from tests.server.conftest import create, token


class Recorder:
    """A connection that reads everything at once."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.messages.append(json.loads(text))


async def never(text: str) -> None:
    """A send to a peer that stopped reading: it never completes."""
    await asyncio.Event().wait()


async def sparta_room(tmp_path: Path) -> tuple[Lobby, Room, list[str]]:
    store = Store(database_url(str(tmp_path / "room.db")))
    lobby = Lobby(store)
    room, tokens = await lobby.create(CreateRequest(game="sparta"))
    return lobby, room, [t for t in tokens if t is not None]


async def play(room: Room, player: Client, moves: int) -> None:
    rng = random.Random(1)
    for _ in range(moves):
        assert room.state.outcome is None
        action = rng.choice(room.state.legal())
        await asyncio.wait_for(room.act(player, action, room.version), 5)


def test_spectator_that_stops_reading_does_not_freeze_the_room(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, list[int], list[int], bool, int | None, int]:
        lobby, room, tokens = await sparta_room(tmp_path)
        stuck, watching, players = Client(send=never), Recorder(), Recorder()
        player = Client(send=players.send)
        await asyncio.wait_for(room.join(stuck, []), 5)
        await asyncio.wait_for(room.join(Client(send=watching.send), []), 5)
        await asyncio.wait_for(room.join(player, tokens), 5)
        await play(room, player, OUTBOX + 5)
        await asyncio.sleep(0.05)  # the senders' turn
        again = Recorder()
        await asyncio.wait_for(room.join(Client(send=again.send), []), 5)  # it may come back
        await asyncio.sleep(0.05)
        lobby.store.close()
        return (
            room.version,
            [m["version"] for m in watching.messages],
            [m["version"] for m in players.messages],
            stuck in room.clients,
            stuck.closed_with,
            again.messages[-1]["version"],
        )

    version, watched, played, kept, code, back = asyncio.run(scenario())
    moves = OUTBOX + 5
    assert (version, watched, played) == (moves, list(range(moves + 1)), list(range(moves + 1)))
    assert (kept, code, back) == (False, SLOW_READER, moves)


def test_a_socket_closed_under_a_send_is_forgotten(tmp_path: Path) -> None:
    async def closed(text: str) -> None:
        raise RuntimeError("the socket is closed")

    async def scenario() -> tuple[bool, int]:
        lobby, room, tokens = await sparta_room(tmp_path)
        gone, player = Client(send=closed), Client(send=Recorder().send)
        await room.join(gone, [])
        await room.join(player, tokens)
        await asyncio.sleep(0.05)
        await play(room, player, 2)
        lobby.store.close()
        return gone in room.clients, room.version

    assert asyncio.run(scenario()) == (False, 2)


class Counted:
    """Counts the calls of a game's view function, by seat."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game: str = "sparta") -> None:
        rules = meeples.load(game).rules
        self.original = rules.view
        self.calls: list[int | None] = []
        monkeypatch.setattr(rules, "view", self.view)

    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        self.calls.append(player)
        view: dict[str, Any] = self.original(state, player)
        return view


def test_spectators_saying_hello_share_one_rendered_view(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create(client)
    counted = Counted(monkeypatch)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(f"/ws/{match['id']}"))]
        for _ in range(29):
            sockets.append(stack.enter_context(client.websocket_connect(f"/ws/{match['id']}")))
        for ws in sockets:
            ws.send_json({"type": "hello", "tokens": []})
            assert ws.receive_json()["version"] == 0
    assert counted.calls == [None]


def test_a_move_renders_one_view_per_audience(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create(client)
    with contextlib.ExitStack() as stack:
        south, north, *spectators = [
            stack.enter_context(client.websocket_connect(f"/ws/{match['id']}")) for _ in range(22)
        ]
        for ws, tokens in [(south, [token(match, 0)]), (north, [token(match, 1)])]:
            ws.send_json({"type": "hello", "tokens": tokens})
            ws.receive_json()
        for ws in spectators:
            ws.send_json({"type": "hello", "tokens": []})
            ws.receive_json()
        counted = Counted(monkeypatch)
        south.send_json({"type": "act", "action": "b2-b4", "version": 0})
        seen = [ws.receive_json()["version"] for ws in [south, north, *spectators]]
    assert seen == [1] * 22 and sorted(counted.calls, key=str) == [0, 1, None]


def test_connection_that_stops_reading_is_closed_and_may_come_back(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import meeples.server.live as live_module

    stuck: list[Client] = []

    class FirstStops(Client):
        """The first connection's sends never complete (a peer whose buffers are full)."""

        def __init__(self, send: Any, close: Any = None) -> None:
            super().__init__(never if not stuck else send, close)
            stuck.append(self)

    monkeypatch.setattr(live_module, "Client", FirstStops)
    match = create(client)
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{match['id']}") as spectator:
        spectator.send_json({"type": "hello", "tokens": []})
        with client.websocket_connect(f"/ws/{match['id']}") as players:
            players.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
            state = players.receive_json()
            for _ in range(OUTBOX + 3):
                action = rng.choice(state["legal"])["action"]
                players.send_json({"type": "act", "action": action, "version": state["version"]})
                state = players.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                spectator.receive_json()
        with client.websocket_connect(f"/ws/{match['id']}") as again:
            again.send_json({"type": "hello", "tokens": []})
            back = again.receive_json()
    moves = OUTBOX + 3
    assert (state["version"], closed.value.code, back["version"]) == (moves, SLOW_READER, moves)


def test_players_hear_of_a_move_before_the_spectators(tmp_path: Path) -> None:
    """A crowd that joined first must not stand between the players and the new state: each
    connection's send waits its turn on the event loop, so the players are sent to first."""

    async def scenario() -> list[str]:
        lobby, room, tokens = await sparta_room(tmp_path)
        order: list[str] = []

        def recorder(name: str) -> Client:
            async def send(text: str) -> None:
                if json.loads(text)["version"] == 1:
                    order.append(name)

            return Client(send=send)

        for _ in range(30):
            await room.join(recorder("spectator"), [])
        south, north = recorder("south"), recorder("north")
        await room.join(south, [tokens[0]])
        await room.join(north, [tokens[1]])
        await asyncio.sleep(0.05)
        await room.act(south, "b2-b4", 0)
        await asyncio.sleep(0.05)
        lobby.store.close()
        return order

    order = asyncio.run(scenario())
    assert order[:2] == ["south", "north"] and order[2:] == ["spectator"] * 30


@pytest.mark.parametrize("game", ["sparta", "meeple_war", "rise_of_tribes"])
def test_the_legal_actions_of_a_state_are_generated_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Describing each legal action used to check again that it was legal, generating the whole
    list once per action (O(n²) per state message): the list is now generated once, and says
    the same."""
    rules = meeples.load(game).rules
    generate = rules.legal_actions
    calls: list[int] = []

    def counted(state: Any) -> Any:
        calls.append(1)
        return generate(state)

    async def scenario() -> None:
        store = Store(database_url(str(tmp_path / f"{game}.db")))
        lobby = Lobby(store)
        room, _ = await lobby.create(CreateRequest(game=game))
        rng = random.Random(game)
        for _ in range(12):
            state = room.state
            expected = [action_item(state, a) for a in state.legal()]
            monkeypatch.setattr(rules, "legal_actions", counted)
            calls.clear()
            assert room.legal_for(state.to_move) == expected
            assert len(calls) == 1
            monkeypatch.setattr(rules, "legal_actions", generate)
            room.state = state.play(rng.choice(state.legal()))
            room.stored.actions.append("")  # a new version: the list is made again
            if room.state.outcome is not None:
                break
        store.close()

    asyncio.run(scenario())
