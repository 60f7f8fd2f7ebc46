"""Accounts among several workers (issue 25, point 6): a session opened at one worker holds at
every other, a hello without a token reaches the seats of the session through the worker
holding the match, and sign-in attempts are counted once for the whole server.

Two app instances on one PostgreSQL database and one Redis server are two workers (as in
test_cluster_limits.py); without Debian's ``postgresql`` or ``redis-server`` these tests are
skipped, saying which is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.server.app import create_app
from tests.server.conftest import Device, cheap_hasher, receive


def two_workers(postgres_url: str, redis_url: str, **options: Any) -> Iterator[
    tuple[TestClient, TestClient]
]:
    options = {"bot_processes": 0, "password_hasher": cheap_hasher(), **options}
    a = create_app(postgres_url, redis_url=redis_url, **options)
    b = create_app(postgres_url, redis_url=redis_url, **options)
    with TestClient(a) as on_a, TestClient(b) as on_b:
        yield on_a, on_b


@pytest.fixture
def redis_fresh(redis_url: str) -> str:
    """The test process's Redis, emptied (counts of one address are shared by design)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    client.close()
    return redis_url


def at(client: TestClient, device: Device) -> Device:
    """The same browser (its session cookie) talking to another worker."""
    moved = Device(client, device.origin)
    moved.session = device.session
    return moved


def test_a_session_opened_at_one_worker_holds_at_the_other(
    postgres_url: str, redis_fresh: str
) -> None:
    for on_a, on_b in two_workers(postgres_url, redis_fresh):
        ana = Device(on_a)
        ana.sign_up("Ana", "open sesame")
        assert at(on_b, ana).get("/api/me").json()["name"] == "Ana"
        assert at(on_b, ana).delete("/api/session").status_code == 200  # signed out at b
        assert ana.get("/api/me").status_code == 401  # ... is signed out at a


def test_a_hello_without_token_at_one_worker_takes_up_the_seat_held_at_the_other(
    postgres_url: str, redis_fresh: str
) -> None:
    for on_a, on_b in two_workers(postgres_url, redis_fresh):
        ana = Device(on_a)
        ana.sign_up("Ana")
        answer = ana.post("/api/matches", json={
            "game": "sparta", "seats": [{"kind": "human"}, {"kind": "human"}]})
        match = answer.json()  # held by a, its creator's worker
        laptop = at(on_b, ana)
        with laptop.websocket(match["id"]) as ws:  # relayed by b to a, with the account
            ws.send_json({"type": "hello", "tokens": []})
            state = receive(ws)
            assert (state["seat"], state["seats"]) == (0, [0])
            ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                          "version": state["version"]})
            assert receive(ws)["version"] == state["version"] + 1
        stranger = Device(on_b)
        with stranger.websocket(match["id"]) as ws:
            ws.send_json({"type": "hello", "tokens": []})
            assert receive(ws)["seat"] is None


def test_a_seat_claimed_through_another_worker_is_bound_to_the_account(
    postgres_url: str, redis_fresh: str
) -> None:
    for on_a, on_b in two_workers(postgres_url, redis_fresh):
        ana = Device(on_a)
        ana.sign_up("Ana")
        match = ana.post("/api/matches", json={
            "game": "sparta", "seats": [{"kind": "human"}, {"kind": "human", "open": True}],
        }).json()
        bea = Device(on_b)
        bea.sign_up("Bea")
        claimed = bea.post(f"/api/matches/{match['id']}/claim")  # asked of a, the holder
        assert claimed.status_code == 200 and claimed.json()["seat"] == 1
        assert [m["seats"] for m in at(on_a, bea).get("/api/me").json()["matches"]] == [[1]]


def test_sign_in_attempts_are_counted_once_for_all_the_workers(
    postgres_url: str, redis_fresh: str
) -> None:
    for on_a, on_b in two_workers(postgres_url, redis_fresh, name_sign_in_rate=(0.001, 3),
                                  sign_in_rate=(100.0, 100.0)):
        Device(on_a).sign_up("Ana", "open sesame")
        codes = [
            Device(worker).post("/api/session", json={"name": "Ana", "password": "guess"}
                                ).status_code
            for worker in (on_a, on_b, on_a, on_b)
        ]
        assert codes == [401, 401, 401, 429]


def test_signing_out_everywhere_at_one_worker_closes_the_connections_at_every_worker(
    postgres_url: str, redis_fresh: str
) -> None:
    from starlette.websockets import WebSocketDisconnect

    for on_a, on_b in two_workers(postgres_url, redis_fresh):
        ana = Device(on_a)
        ana.sign_up("Ana")
        match = ana.post("/api/matches", json={
            "game": "sparta", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        codes = []
        with ana.websocket(match["id"]) as direct, at(on_b, ana).websocket(match["id"]) as relayed:
            for ws in (direct, relayed):
                ws.send_json({"type": "hello", "tokens": []})
                assert receive(ws)["seats"] == [0]
            at(on_b, ana).delete("/api/session?everywhere=true")
            for ws in (direct, relayed):
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        ws.receive_json()
                codes.append(closed.value.code)
        assert codes == [4401, 4401]
