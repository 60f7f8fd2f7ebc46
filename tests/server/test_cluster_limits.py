"""Per-address limits among several workers: counted once for the whole server, in Redis.

Two app instances on one PostgreSQL database and one Redis server are two workers; the
TestClient's requests all come from one address (``testclient``). Before these limits were
kept in Redis, each worker counted its own, so two workers let one address have twice as much.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeples.server.app import create_app
from tests.server.conftest import create

BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def two_workers(postgres_url: str, redis_url: str, **options: Any) -> Iterator[
    tuple[TestClient, TestClient]
]:
    a = create_app(postgres_url, redis_url=redis_url, bot_processes=0, **options)
    b = create_app(postgres_url, redis_url=redis_url, bot_processes=0, **options)
    with TestClient(a) as on_a, TestClient(b) as on_b:
        yield on_a, on_b


@pytest.fixture
def redis_fresh(redis_url: str) -> str:
    """The test process's Redis, emptied (the counts of one address are shared by design)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    client.close()
    return redis_url


def refused(client: TestClient, match_id: str) -> int | None:
    """Open a connection and say hello; return its close code when refused, else None."""
    with client.websocket_connect(f"/ws/{match_id}") as ws:
        ws.send_json({"type": "hello", "tokens": []})
        try:
            message = ws.receive_json()
        except WebSocketDisconnect as closed:
            return closed.code
        if message.get("code") != "too_many":
            return None
        with pytest.raises(WebSocketDisconnect) as closed_after:
            ws.receive_json()
        return closed_after.value.code


def test_two_workers_allow_an_address_its_connections_once_not_twice(
    postgres_url: str, redis_fresh: str
) -> None:
    for on_a, on_b in two_workers(postgres_url, redis_fresh, sockets_per_address=2):
        match = create(on_a)
        with on_a.websocket_connect(f"/ws/{match['id']}"), \
                on_b.websocket_connect(f"/ws/{match['id']}"):
            third = refused(on_b, match["id"])
        deadline = time.monotonic() + 5  # the two slots are free again once both are closed
        while (after_closing := refused(on_b, match["id"])) and time.monotonic() < deadline:
            time.sleep(0.05)
    assert (third, after_closing) == (1013, None)


def test_a_dead_workers_connections_free_their_slots(
    postgres_url: str, redis_fresh: str
) -> None:
    import redis

    for on_a, _ in two_workers(postgres_url, redis_fresh, sockets_per_address=2):
        match = create(on_a)
        client = redis.Redis.from_url(redis_fresh)  # a worker killed with 2 connections open
        client.hset("meeples:sockets:testclient", "killed-worker", 2)
        client.close()
        accepted = refused(on_a, match["id"])
    assert accepted is None


def test_two_workers_allow_an_address_its_creations_once_not_twice(
    postgres_url: str, redis_fresh: str
) -> None:
    for on_a, on_b in two_workers(postgres_url, redis_fresh, create_rate=(0.001, 2)):
        answers = [
            on_a.post("/api/matches", json={"game": "sparta"}).status_code,
            on_b.post("/api/matches", json={"game": "sparta"}).status_code,
            on_b.post("/api/matches", json={"game": "sparta"}).status_code,
        ]
    assert answers == [201, 201, 429]


def test_two_workers_allow_an_address_its_games_of_bots_once_not_twice(
    postgres_url: str, redis_fresh: str
) -> None:
    for on_a, on_b in two_workers(
        postgres_url, redis_fresh, bot_delay=3600, bot_games=(1, 8)
    ):
        first = on_a.post("/api/matches", json={"game": "sparta", "seats": BOTS})
        second = on_b.post("/api/matches", json={"game": "sparta", "seats": BOTS})
        assert on_a.portal is not None
        on_a.portal.call(on_a.app.state.lobby.drop, first.json()["id"])  # type: ignore[attr-defined]
        third = on_b.post("/api/matches", json={"game": "sparta", "seats": BOTS})
    assert (first.status_code, second.status_code, third.status_code) == (201, 429, 201)


def rematch_of(client: TestClient, match: dict[str, Any], current: str) -> dict[str, Any]:
    """Resign North of a game, then offer its rematch, on one connection; return the answer
    to the offer (the rematch, or the error)."""
    with client.websocket_connect(f"/ws/{current}") as ws:
        ws.send_json({"type": "hello", "tokens": [s["token"] for s in match["seats"]]})
        ws.send_json({"type": "resign", "seat": 1})
        ws.send_json({"type": "rematch"})
        while (answer := ws.receive_json())["type"] in ("state", "update"):
            pass
    return dict(answer)


def test_two_workers_count_rematches_in_the_shared_creation_limit(
    postgres_url: str, redis_fresh: str
) -> None:
    # issue 28: resign + rematch made 66 games a second on the cluster, past every 429
    for on_a, on_b in two_workers(postgres_url, redis_fresh, create_rate=(0.001, 2)):
        match = create(on_a)
        first = rematch_of(on_b, match, match["id"])
        second = rematch_of(on_a, match, first["id"])
        created = on_b.post("/api/matches", json={"game": "sparta"}).status_code
    assert (first["type"], second.get("code"), created) == ("rematch", "too_many", 429)


def test_two_workers_refuse_oversized_headers(postgres_url: str, redis_fresh: str) -> None:
    # issue 28: a 100 kB header line was answered 200, by every worker
    for on_a, on_b in two_workers(postgres_url, redis_fresh):
        answers = [w.get("/api/games", headers={"x-big": "x" * 100_000}) for w in (on_a, on_b)]
    assert [(a.status_code, a.json()["code"], a.headers["connection"]) for a in answers] == [
        (431, "too_large", "close")] * 2


def test_a_game_left_to_its_bots_counts_toward_the_quota_of_every_worker(
    postgres_url: str, redis_fresh: str
) -> None:
    # issue 28: a human + bot game left by its human with a warm seat was a game of bots only
    # that no quota counted; among workers, the quota is counted in Redis
    a = create_app(postgres_url, redis_url=redis_fresh, bot_processes=0, bot_delay=3600,
                   bot_games=(1, 8))
    b = create_app(postgres_url, redis_url=redis_fresh, bot_processes=0, bot_delay=0,
                   bot_games=(1, 8))
    with TestClient(a) as on_a, TestClient(b) as on_b:
        first = on_a.post("/api/matches", json={"game": "sparta", "seats": BOTS}).json()
        match = create(on_b, seats=[{"kind": "human"}, BOTS[1]],
                       warm={"after": 1, "level": "random"})
        with on_b.websocket_connect(f"/ws/{match['id']}") as south:
            south.send_json({"type": "hello", "tokens": [match["seats"][0]["token"]]})
            south.receive_json()  # joined, then gone on its own turn
        lobby = on_b.app.state.lobby  # type: ignore[attr-defined]
        deadline = time.monotonic() + 20
        while match["id"] not in lobby.bot_games.held:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        held = on_b.get(f"/api/matches/{match['id']}").json()["version"]
        time.sleep(1.5)  # a tick or more of worker b: still held
        still = on_b.get(f"/api/matches/{match['id']}").json()["version"]
        assert on_a.portal is not None  # the game of bots of worker a stops: a place frees
        on_a.portal.call(on_a.app.state.lobby.drop, first["id"])  # type: ignore[attr-defined]
        deadline = time.monotonic() + 20
        while on_b.get(f"/api/matches/{match['id']}").json()["version"] <= still:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert held == still == 1
