"""The clocks of a timed match survive a restart: its deadlines are stored, in wall time."""

from __future__ import annotations

import threading
import time as wall
from typing import Any

from starlette.testclient import TestClient

from meeples.server.app import create_app
from meeples.server.clocks import ManualTime
from tests.server.conftest import create, receive, token

HOUR = 3600
DAY = 24 * HOUR
CORRESPONDENCE = {"initial": 3 * DAY, "increment": DAY}


def app(db: str, time: ManualTime) -> TestClient:
    return TestClient(create_app(db, bot_delay=0, bot_processes=0, time_source=time))


def hello(ws: Any, *tokens: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "tokens": list(tokens)})
    return receive(ws)


def test_a_restart_keeps_the_clocks_and_the_running_deadline(db: str) -> None:
    time = ManualTime()
    with app(db, time) as first:
        match = create(first, clock=CORRESPONDENCE)
        with first.websocket_connect(f"/ws/{match['id']}") as ws:
            state = hello(ws, token(match, 0), token(match, 1))
            time.advance(DAY)
            ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                          "version": state["version"]})
            before = receive(ws)
            time.advance(2 * HOUR)
    time.advance(HOUR)  # the server is down for an hour: the deadline is a wall time
    with app(db, time) as second:
        with second.websocket_connect(f"/ws/{match['id']}") as ws:
            after = hello(ws, token(match, 1))
    assert (before["clocks"]["seconds"], before["clocks"]["running"]) == ([3 * DAY, 3 * DAY], 1)
    assert (after["clocks"]["seconds"], after["clocks"]["running"]) == (
        [3 * DAY, 3 * DAY - 3 * HOUR], 1)


def test_a_time_that_ran_out_while_the_server_was_down_times_out_at_start(db: str) -> None:
    time = ManualTime()
    with app(db, time) as first:
        match = create(first, clock={"initial": 60, "increment": 0})
        with first.websocket_connect(f"/ws/{match['id']}") as ws:
            hello(ws, token(match, 0), token(match, 1))
    time.advance(120)
    with app(db, time) as second:
        with second.websocket_connect(f"/ws/{match['id']}") as ws:
            state = hello(ws)
            while state["outcome"] is None:
                state = receive(ws)
    assert (state["outcome"]["winners"], state["outcome"]["msg"]["key"]) == (
        [1], "core.outcome.timeout")


def test_a_correspondence_game_through_a_simulated_week_with_a_restart(db: str) -> None:
    """Three days and a day a move: one player answers in 10 hours (gaining 14 hours a move),
    the other in 30 (losing 6); the server restarts on the fourth day; the slow player finally stops
    answering and loses on time; the record verifies."""
    time = ManualTime()
    elapsed = 0
    seen: list[tuple[list[float], int]] = []

    def week_half(client: TestClient, match: dict[str, Any], until: float) -> None:
        nonlocal elapsed
        with client.websocket_connect(f"/ws/{match['id']}") as one, \
                client.websocket_connect(f"/ws/{match['id']}") as two:
            devices = [one, two]
            states = [hello(one, token(match, 0)), hello(two, token(match, 1))]
            if states[0]["clocks"]["running"] is None:  # the second seat sat down at last:
                states[0] = receive(one)  # the clocks start, and the first one is told
            while elapsed < until:
                seat = states[0]["to_move"]
                thinking = 10 * HOUR if seat == 0 else 30 * HOUR
                time.advance(thinking)
                elapsed += thinking
                devices[seat].send_json({"type": "act",
                                         "action": states[seat]["legal"][0]["action"],
                                         "version": states[seat]["version"]})
                states = [receive(one), receive(two)]
                seen.append((states[0]["clocks"]["seconds"], states[0]["clocks"]["running"]))

    with app(db, time) as first:
        match = create(first, clock=CORRESPONDENCE)
        week_half(first, match, 3 * DAY)
    with app(db, time) as second:  # a restart in the middle of the week
        week_half(second, match, 7 * DAY)
        with second.websocket_connect(f"/ws/{match['id']}") as ws:
            state = hello(ws, token(match, 0))
            slow_left = state["clocks"]["seconds"][1]
            time.advance(slow_left + 1)  # the slow player answers no more
            while state["outcome"] is None:
                state = receive(ws)
        replay = second.get(f"/api/matches/{match['id']}/replay").json()
    slow = [seconds[1] for seconds, running in seen if running == 0]
    assert slow == [3 * DAY - 6 * HOUR * k for k in range(1, len(slow) + 1)]
    fast = [seconds[0] for seconds, running in seen if running == 1]
    assert fast == [3 * DAY + 14 * HOUR * k for k in range(1, len(fast) + 1)]
    assert elapsed >= 7 * DAY and state["outcome"]["winners"] == [0]
    assert replay["verified"]["ok"] and replay["record"]["resigned"][0]["seat"] == 1


def test_time_low_told_before_a_restart_is_not_told_again_in_the_same_turn(db: str) -> None:
    time = ManualTime()
    before: list[tuple[str, int, float]] = []
    after: list[tuple[str, int, float]] = []
    told = threading.Event()

    def tell(match_id: str, seat: int, left: float) -> None:
        before.append((match_id, seat, left))
        told.set()

    with TestClient(create_app(db, bot_delay=0, bot_processes=0, time_source=time,
                               on_time_low=tell)) as first:
        match = create(first, clock={"initial": 600, "increment": 0})
        with first.websocket_connect(f"/ws/{match['id']}") as ws:
            hello(ws, token(match, 0), token(match, 1))
            time.advance(550)
            assert told.wait(5)
    with TestClient(create_app(db, bot_delay=0, bot_processes=0, time_source=time,
                               on_time_low=lambda *call: after.append(call))) as second:
        with second.websocket_connect(f"/ws/{match['id']}") as ws:
            state = hello(ws, token(match, 0))
            wall.sleep(0.5)  # a timer armed at load that tells again would have told by now
    assert (before, after, state["clocks"]["running"]) == ([(match["id"], 0, 50)], [], 0)
