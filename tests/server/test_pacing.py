"""One address playing as fast as it can must not take the event loop from every other game:
its moves are paced (a bounded rate per address, a faster move waits its turn)."""

from __future__ import annotations

import asyncio

from starlette.testclient import TestClient

from meeples.server import guard
from meeples.server.app import create_app
from tests.server.conftest import create, receive, token


class Clock:
    """A clock that only moves when a paced request sleeps (or the test says so)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))


def test_an_address_beyond_its_burst_waits_its_turn_and_others_do_not() -> None:
    clock = Clock()
    pacer = guard.Pacer(rate=2.0, burst=3.0, clock=clock, sleep=clock.sleep)

    async def requests() -> None:
        for _ in range(5):
            await pacer.wait("flooder")
        await pacer.wait("someone else")

    asyncio.run(requests())
    assert clock.slept == [0.5, 1.0] and pacer.waited == 2


def test_an_address_that_slows_down_gets_its_burst_back() -> None:
    clock = Clock()
    pacer = guard.Pacer(rate=2.0, burst=2.0, clock=clock, sleep=clock.sleep)

    async def requests() -> None:
        for _ in range(3):
            await pacer.wait("a")
        clock.now += 10.0
        for _ in range(2):
            await pacer.wait("a")

    asyncio.run(requests())
    assert clock.slept == [0.5]


def test_moves_of_one_address_beyond_its_rate_wait_and_are_played(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, move_rate=(1.0, 1.0))) as client:
        match = create(client)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
            state = receive(ws)
            for action in ["b2-b4", "b9-b7", "c2-c4"]:
                ws.send_json({"type": "act", "action": action, "version": state["version"]})
                state = receive(ws)
            waited = client.app.state.moves.waited  # type: ignore[attr-defined]
    assert state["version"] == 3 and waited == 2
