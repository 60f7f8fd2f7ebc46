"""A hundred seeded random messages of each kind of fault are all refused, and change nothing."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.server import guard
from tests.server.conftest import create, token

Fuzz = Callable[[random.Random], Any]


def coerced_version(rng: random.Random) -> Any:
    n = rng.randrange(3)
    version = rng.choice(
        [str(n), f" {n} ", f"+{n}", float(n), bool(n), None, [n], {"n": n}, f"{n}.0", "0x0"]
    )
    return {"type": "act", "action": "b2-b4", "version": version}


def mistyped_field(rng: random.Random) -> Any:
    scalar = rng.choice([7, 1.5, True, False, None, {}, {"a": 1}])
    return rng.choice(
        [
            {"type": "act", "action": rng.choice([scalar, [], ["b2-b4"]]), "version": 0},
            {"type": "act", "action": "", "version": 0},
            {"type": "hello", "tokens": rng.choice([scalar, "token"])},
            {"type": "hello", "tokens": [rng.choice([scalar, [], ["x"]])]},
            {"type": rng.choice([scalar, [], "", "HELLO", "act "])},
        ]
    )


def unknown_field(rng: random.Random) -> Any:
    name = "".join(rng.choices(string.ascii_lowercase, k=rng.randint(1, 8)))
    base = rng.choice(
        [{"type": "act", "action": "b2-b4", "version": 0}, {"type": "ping"}, {"type": "hint"}]
    )
    return {**base, name: rng.choice([0, "x", None, [1]])}


def not_an_object(rng: random.Random) -> Any:
    return rng.choice([[], [1, 2], "act", 0, 1.5, True, None, ["act", "b2-b4", 0]])


def not_json(rng: random.Random) -> str:
    printable = string.printable.replace("{", "").replace("[", "")
    return "".join(rng.choices(printable, k=rng.randint(1, 40))) + "{"


FAULTS: dict[str, Fuzz] = {
    "coerced_version": coerced_version,
    "mistyped_field": mistyped_field,
    "unknown_field": unknown_field,
    "not_an_object": not_an_object,
    "not_json": not_json,
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_hundred_fuzzed_messages_change_nothing(client: TestClient, fault: str) -> None:
    rng = random.Random(fault)
    match = create(client)
    codes = []
    chunk = int(guard.MESSAGE_BURST) - 10  # below the flood limit of one connection
    for start in range(0, 100, chunk):
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            assert ws.receive_json()["version"] == 0
            for _ in range(min(chunk, 100 - start)):
                message = FAULTS[fault](rng)
                ws.send_text(message if isinstance(message, str) else json.dumps(message))
                codes.append(ws.receive_json()["code"])
    shown = client.get(f"/api/matches/{match['id']}").json()
    assert (codes, shown["version"]) == (["malformed"] * 100, 0)


def test_hundred_illegal_or_stale_actions_change_nothing(client: TestClient) -> None:
    rng = random.Random(11)
    match = create(client)
    codes = []
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        ws.receive_json()
        for _ in range(50):
            if rng.random() < 0.5:
                action = "".join(rng.choices(string.ascii_letters + string.digits + "-x", k=5))
                ws.send_json({"type": "act", "action": action, "version": 0})
            else:
                ws.send_json({"type": "act", "action": "b2-b4", "version": rng.randint(1, 999)})
            refused = ws.receive_json()
            codes.append(refused["code"])
            if refused["code"] == "stale":
                assert ws.receive_json()["version"] == 0  # the current state, sent again
    assert set(codes) == {"illegal", "stale"}
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 0
