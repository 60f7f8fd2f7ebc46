"""Games of bots only have a quota, and bots think in pools of their own, apart from commits."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.server import bots
from meeples.server.app import create_app
from meeples.server.connection import Client
from meeples.server.errors import RoomError
from meeples.server.lobby import Lobby, TooMany
from meeples.server.protocol import CreateRequest, SeatRequest
from meeples.server.store import Store, database_url
from meeples.server.workers import Workers
from tests.server.conftest import LAST_MOVE, create, token

BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def create_bots(client: TestClient, **body: Any) -> Any:
    return client.post("/api/matches", json={"game": "sparta", "seats": BOTS, **body})


def test_bot_only_games_beyond_the_quota_of_an_address_are_refused(db: str) -> None:
    with TestClient(create_app(db, bot_delay=3600)) as client:
        codes = [create_bots(client).status_code for _ in range(3)]
        refused = create_bots(client).json()
        with_a_human = create(client, seats=[{"kind": "human"}, BOTS[1]])
    assert codes == [201, 201, 429] and refused["code"] == "too_many"
    assert "bots only" in refused["message"] and with_a_human["id"]


def test_bot_only_games_beyond_the_total_quota_are_refused(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[str], str]:
        store = Store(database_url(str(tmp_path / "total.db")))
        lobby = Lobby(store, bot_delay=3600, bot_games=(2, 3))
        request = CreateRequest(game="sparta", seats=[SeatRequest(kind="bot")] * 2)
        created, refused = [], ""
        for address in ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]:
            try:
                room, _ = await lobby.create(request, address)
                created.append(address)
            except TooMany as problem:
                refused = str(problem)
        await lobby.stop()
        store.close()
        return created, refused

    created, refused = asyncio.run(scenario())
    assert created == ["10.0.0.1", "10.0.0.2", "10.0.0.3"] and "at most 3" in refused


def test_a_finished_bot_game_frees_its_place(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, bot_games=(1, 8))) as client:
        first = create_bots(client, position=LAST_MOVE).json()  # any move ends it
        deadline = time.monotonic() + 20
        while not client.get(f"/api/matches/{first['id']}").json()["finished"]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert create_bots(client).status_code == 201


def test_bots_play_in_worker_processes(client: TestClient) -> None:
    match = create_bots(client, position=LAST_MOVE).json()
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": []})
        state = ws.receive_json()
        while state["outcome"] is None:
            state = ws.receive_json()
    pools = client.app.state.lobby.workers  # type: ignore[attr-defined]
    assert type(pools.bot_pool).__name__ == "ProcessPoolExecutor" and state["version"] == 1


def test_commits_do_not_wait_behind_thinking_bots(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    choose = bots.choose

    def thinking(*args: Any) -> str:
        release.wait(30)
        return choose(*args)

    monkeypatch.setattr(bots, "choose", thinking)
    app = create_app(db, bot_delay=0, bot_processes=0, create_rate=(1.0, 100.0))
    gave_up: list[float] = []

    def give_up() -> None:  # whatever happens, the bots stop thinking after 10 seconds
        gave_up.append(time.monotonic())
        release.set()

    timer = threading.Timer(10, give_up)
    timer.start()
    try:
        with TestClient(app) as client:
            for _ in range(40):  # more thinking bots than any default thread pool has threads
                create(client, seats=[BOTS[0], {"kind": "human"}])
            match = create(client)
            with client.websocket_connect(f"/ws/{match['id']}") as ws:
                ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
                ws.receive_json()
                ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
                moved = ws.receive_json()
                before_release = not gave_up
            release.set()
    finally:
        release.set()
        timer.cancel()
    assert (moved["version"], before_release) == (1, True)


def test_a_thinking_bot_does_not_hold_up_other_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    choose = bots.choose

    def slow(*args: Any) -> str:
        release.wait(30)
        return choose(*args)

    monkeypatch.setattr(bots, "choose", slow)
    with TestClient(create_app(str(tmp_path / "slow.db"), bot_delay=0, bot_processes=0)) as client:
        thinking = create(client, seats=[BOTS[0], {"kind": "human"}])
        other = create(client)
        try:
            with client.websocket_connect(f"/ws/{other['id']}") as ws:
                ws.send_json({"type": "hello", "tokens": [token(other, 0)]})
                ws.receive_json()
                ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
                moved = ws.receive_json()
            waiting = client.get(f"/api/matches/{thinking['id']}").json()["version"]
        finally:
            release.set()
    assert (moved["version"], waiting) == (1, 0)


def test_hints_search_in_worker_processes(client: TestClient) -> None:
    """A hint is a search of seconds: in a thread it would hold the lock of the interpreter
    away from the event loop, and every game on the server would slow down."""
    match = create(client, hints=True)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        ws.receive_json()
        ws.send_json({"type": "hint"})
        answer = ws.receive_json()
    pools = client.app.state.lobby.workers  # type: ignore[attr-defined]
    assert answer["type"] == "hint" and type(pools.hint_pool).__name__ == "ProcessPoolExecutor"


def test_hints_beyond_what_the_server_works_out_at_once_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()

    def searching(*args: Any) -> list[dict[str, Any]]:
        release.wait(30)
        return []

    monkeypatch.setattr(bots, "hint", searching)

    async def scenario() -> list[str]:
        store = Store(database_url(str(tmp_path / "hints.db")))
        workers = Workers(hints=ThreadPoolExecutor(2), hints_at_once=3)
        lobby = Lobby(store, workers=workers)
        asked, answers = [], []
        for _ in range(4):
            room, tokens = await lobby.create(CreateRequest(game="sparta", hints=True))
            player = Client(send=lambda text: asyncio.sleep(0))
            await room.join(player, [t for t in tokens if t is not None])
            asked.append(asyncio.get_running_loop().create_task(room.hint(player)))
            await asyncio.sleep(0.05)
        release.set()
        for task in asked:
            try:
                answers.append((await task)["type"])
            except RoomError as problem:
                answers.append(problem.code)
        workers.stop()
        store.close()
        return answers

    assert asyncio.run(scenario()) == ["hint", "hint", "hint", "busy"]


# --- every game no human moves in counts, not only at creation (issue 28) ---------------------


def occupy(client: TestClient, count: int = 1) -> Any:
    """Fill the test client's address's places with games of bots only that are not here
    (as another worker's would be); return the lobby."""
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    for i in range(count):
        lobby.bot_games.counted[f"elsewhere{i}"] = "testclient"
    return lobby


def version(client: TestClient, match_id: str) -> int:
    answer: int = client.get(f"/api/matches/{match_id}").json()["version"]
    return answer


def wait_for(condition: Any, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "never came"
        time.sleep(0.02)


def test_a_game_whose_human_left_with_a_warm_seat_counts_toward_the_bot_quota(db: str) -> None:
    # issue 28: a human + bot game with a 1-second warm seat, left by its human, was a game of
    # bots only that no quota counted (12 such games of one address, all moving)
    with TestClient(create_app(db, bot_delay=0, bot_games=(1, 8))) as client:
        lobby = occupy(client)
        match = create(client, seats=[{"kind": "human"}, BOTS[1]],
                       warm={"after": 1, "level": "random"})
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            south.send_json({"type": "hello", "tokens": [token(match, 0)]})
            south.receive_json()  # joined, then gone on its own turn
        wait_for(lambda: match["id"] in lobby.bot_games.held)
        held = version(client, match["id"])
        time.sleep(0.5)
        still = version(client, match["id"])
        room = lobby.rooms[match["id"]]
        with client.websocket_connect(f"/ws/{match['id']}") as south:  # back: its game goes on
            south.send_json({"type": "hello", "tokens": [token(match, 0)]})
            state = south.receive_json()
            south.send_json({"type": "act", "action": state["legal"][0]["action"],
                             "version": state["version"]})
            wait_for(lambda: version(client, match["id"]) >= state["version"] + 2)
    assert [e.kind for e in room.stored.events] == ["warm", "back"]
    assert held == still == 1 and room.plies == 2  # no bot moved while held


def test_a_three_player_game_whose_one_human_resigns_counts_toward_the_bot_quota(
    db: str,
) -> None:
    seats = [{"kind": "human"}, BOTS[0], BOTS[1]]
    with TestClient(create_app(db, bot_delay=0, bot_games=(1, 8))) as client:
        lobby = occupy(client)
        match = create(client, game="rise_of_tribes", players=3, seats=seats)
        resigned = client.post(f"/api/matches/{match['id']}/resign",
                               json={"token": token(match, 0)})
        assert resigned.status_code == 200
        wait_for(lambda: match["id"] in lobby.bot_games.held)
        held = version(client, match["id"])
        time.sleep(0.5)
        still = version(client, match["id"])
        assert client.portal is not None
        client.portal.call(lobby.bot_games.release, "elsewhere0")  # a place frees
        client.portal.call(lobby.bot_games.wake)
        wait_for(lambda: client.get(f"/api/matches/{match['id']}").json()["finished"], 120)
    assert held == still and match["id"] not in lobby.bot_games.counted


def test_a_game_of_bots_only_over_the_quota_is_held_not_lost(db: str) -> None:
    # the places of the server, not of the address: the same holds
    with TestClient(create_app(db, bot_delay=0, bot_games=(8, 1))) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        lobby.bot_games.counted["elsewhere"] = "10.0.0.9"
        match = create(client, seats=[{"kind": "human"}, BOTS[1]],
                       warm={"after": 1, "level": "random"})
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            south.send_json({"type": "hello", "tokens": [token(match, 0)]})
            south.receive_json()
        wait_for(lambda: match["id"] in lobby.bot_games.held)
        assert client.portal is not None
        client.portal.call(lobby.bot_games.release, "elsewhere")
        client.portal.call(lobby.bot_games.wake)
        wait_for(lambda: client.get(f"/api/matches/{match['id']}").json()["finished"], 120)
