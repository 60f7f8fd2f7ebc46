"""Timed matches through the HTTP and WebSocket API, on a clock the tests move by hand."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.cli import main
from meeples.server.app import create_app
from meeples.server.clocks import ManualTime
from meeples.server.room import Room
from tests.server.conftest import create, receive, token

LIVE = {"initial": 600, "increment": 20}
DAY = 86400


class Alerts:
    """The time-low hook: every call it got, and an event set at each."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, float]] = []
        self.called = threading.Event()

    def __call__(self, match_id: str, seat: int, seconds_left: float) -> None:
        self.calls.append((match_id, seat, seconds_left))
        self.called.set()


@pytest.fixture
def time() -> ManualTime:
    return ManualTime()


@pytest.fixture
def alerts() -> Alerts:
    return Alerts()


@pytest.fixture
def timed(db: str, time: ManualTime, alerts: Alerts) -> Iterator[TestClient]:
    app = create_app(db, bot_delay=0, bot_processes=0, time_source=time, on_time_low=alerts)
    with TestClient(app) as client:
        yield client


def seated(ws: Any, match: dict[str, Any], seats: int = 2) -> dict[str, Any]:
    """Join every seat of a match on one connection; return its first state."""
    ws.send_json({"type": "hello", "tokens": [token(match, s) for s in range(seats)]})
    return receive(ws)


def until(ws: Any, done: Any) -> dict[str, Any]:
    """Return the first state the connection receives for which done is true."""
    for _ in range(200):
        state = receive(ws)
        if done(state):
            return state
    raise AssertionError("the state never came")


def act(ws: Any, state: dict[str, Any], action: str | None = None) -> dict[str, Any]:
    """Play an action (the first legal one by default) and return the state after it."""
    ws.send_json({"type": "act", "action": action or state["legal"][0]["action"],
                  "version": state["version"]})
    return receive(ws)


def test_the_seat_to_move_has_its_clock_running_once_everyone_sat_down(
    timed: TestClient,
) -> None:
    match = create(timed, clock=LIVE)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match)
    assert state["clocks"] == {"initial": 600, "increment": 20, "timeout": "lose",
                               "seconds": [600, 600], "running": 0, "bot": None}


def test_no_clock_runs_while_a_human_seat_is_still_empty(timed: TestClient) -> None:
    match = create(timed, clock=LIVE)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive(ws)
    assert state["clocks"]["running"] is None


def test_an_untimed_match_has_no_clocks(timed: TestClient) -> None:
    match = create(timed)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match)
    assert state["clocks"] is None


def test_a_move_costs_the_time_thought_and_earns_the_increment(
    timed: TestClient, time: ManualTime
) -> None:
    match = create(timed, clock=LIVE)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match)
        time.advance(45)
        after = act(ws, state)
    assert (after["clocks"]["seconds"], after["clocks"]["running"]) == ([575, 600], 1)


def test_two_players_the_seat_out_of_time_loses(timed: TestClient, time: ManualTime) -> None:
    match = create(timed, clock={"initial": 60, "increment": 0})
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        seated(ws, match)
        time.advance(61)
        state = until(ws, lambda s: s["outcome"] is not None)
    assert (state["outcome"]["winners"], state["outcome"]["msg"]["key"]) == (
        [1], "core.outcome.timeout")
    assert [(e["kind"], e["seat"]) for e in state["events"]] == [("timeout", 0)]
    assert state["clocks"]["seconds"] == [0, 60] and state["clocks"]["running"] is None


def test_an_action_that_arrives_after_the_deadline_is_refused(
    timed: TestClient, time: ManualTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timer has not fired yet (held back here), yet the flag has fallen."""
    monkeypatch.setattr("meeples.server.timing.arm", lambda room: None)
    match = create(timed, clock={"initial": 60, "increment": 0})
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match)
        time.advance(61)
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        messages = [ws.receive_json(), ws.receive_json()]
    error = next(m for m in messages if m["type"] == "error")
    assert error["code"] == "timed_out"
    assert timed.get(f"/api/matches/{match['id']}").json()["outcome"]["winners"] == [1]


def test_three_players_the_seat_out_of_time_ranks_last_and_a_bot_plays_it_out(
    timed: TestClient, time: ManualTime
) -> None:
    seats = [{"kind": "human"}] * 3
    match = create(timed, game="rise_of_tribes", players=3, seats=seats,
                   clock={"initial": 60, "increment": 5})
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match, 3)
        out = state["clocks"]["running"]
        time.advance(61)
        state = until(ws, lambda s: s["resigned"] == [out])
        later = until(ws, lambda s: s["to_move"] != out and s["clocks"]["running"] is not None)
    assert state["outcome"] is None and state["events"][-1]["kind"] == "timeout"
    assert state["timed_out"] == [out]
    assert later["clocks"]["running"] == later["to_move"] != out
    assert later["clocks"]["seconds"][out] == 0  # out of the game: no increment, no clock


def test_timeout_bot_lets_a_bot_play_the_turn_and_the_clock_goes_on(
    timed: TestClient, time: ManualTime
) -> None:
    match = create(timed, clock={"initial": 60, "increment": 30}, timeout="bot")
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        seated(ws, match)
        time.advance(61)
        state = until(ws, lambda s: s["to_move"] == 1 and s["events"])
    assert state["events"][-1]["kind"] == "timeout"
    assert state["events"][-1]["msg"]["key"] == "core.event.timeout_bot"
    assert state["outcome"] is None and state["log"][-1]["seat"] == 0
    assert state["clocks"]["seconds"] == [30, 60] and state["clocks"]["running"] == 1


def test_the_seat_a_bot_plays_for_after_a_timeout_may_not_act(
    timed: TestClient, time: ManualTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Room, "schedule_bots", lambda self: None)  # the bot never comes
    match = create(timed, clock={"initial": 60, "increment": 30}, timeout="bot")
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match)
        legal = state["legal"][0]["action"]
        time.advance(61)
        state = until(ws, lambda s: s["events"])
        ws.send_json({"type": "act", "action": legal, "version": state["version"]})
        answer = ws.receive_json()
    assert (state["legal"], answer["code"]) == ([], "bot_turn")


def test_chance_dealt_after_an_action_costs_no_one_time(
    timed: TestClient, time: ManualTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dealing chance here takes an hour of (simulated) server time: nobody pays for it."""
    dealt = []
    deal = Room._deal_chance

    async def slow_deal(self: Room) -> int:
        count = await deal(self)
        if count:
            dealt.append(count)
            time.advance(3600)
        return count

    monkeypatch.setattr(Room, "_deal_chance", slow_deal)
    match = create(timed, game="rise_of_tribes", clock=LIVE)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match)
        dealt.clear()  # chance dealt before the clocks started does not count here
        while not dealt and state["outcome"] is None:
            state = act(ws, state)
    increments = state["clocks"]["seconds"]
    assert dealt and all(seconds >= 600 for seconds in increments), increments


def test_time_low_is_told_once_per_seat_and_turn(
    timed: TestClient, time: ManualTime, alerts: Alerts
) -> None:
    match = create(timed, clock={"initial": 600, "increment": 0})
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = seated(ws, match)
        time.advance(545)
        assert alerts.called.wait(5)
        time.advance(10)
        act(ws, state)  # the same seat's turn over: no second call for it
    assert alerts.calls == [(match["id"], 0, 55)]


def test_the_lobby_and_the_match_show_the_time_control(timed: TestClient) -> None:
    match = create(timed, clock={"initial": 3 * DAY, "increment": DAY})
    listing = timed.get("/api/matches").json()
    shown = timed.get(f"/api/matches/{match['id']}").json()
    item = next(m for group in listing.values() for m in group if m["id"] == match["id"])
    expected = {"initial": 3 * DAY, "increment": DAY, "timeout": "lose"}
    assert item["clock"] == shown["clock"] == expected


@pytest.mark.parametrize("body", [
    {"timeout": "lose"},  # a timeout without a clock
    {"clock": {"initial": 5, "increment": 0}},  # under 10 s
    {"clock": {"initial": 31 * DAY, "increment": 0}},  # over 30 days
    {"clock": {"initial": 600, "increment": 8 * DAY}},  # an increment over 7 days
    {"clock": {"initial": 600, "increment": -1}},
    {"clock": {"initial": "600", "increment": 0}},  # not a number
    {"clock": {"initial": 600.5, "increment": 0}},  # whole seconds
    {"clock": {"initial": 600}, "timeout": "draw"},
    {"clock": {"initial": 600, "increment": 0, "delay": 5}},
])
def test_a_bad_time_control_is_refused_and_nothing_is_created(
    timed: TestClient, body: dict[str, Any]
) -> None:
    answer = timed.post("/api/matches", json={"game": "sparta", **body})
    assert answer.status_code == 400, answer.text
    assert timed.get("/api/matches").json() == {"open": [], "live": [], "abandoned": [],
                                                "finished": []}


def test_a_clock_for_a_match_of_bots_only_is_refused(timed: TestClient) -> None:
    seats = [{"kind": "bot", "level": "random"}] * 2
    answer = timed.post("/api/matches", json={"game": "sparta", "seats": seats,
                                              "clock": LIVE})
    assert answer.status_code == 400


def test_a_timed_match_has_no_undo(timed: TestClient) -> None:
    match = create(timed, clock=LIVE)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        state = act(ws, seated(ws, match))
        ws.send_json({"type": "undo", "version": state["version"]})
        answer = ws.receive_json()
    assert (state["undo"], answer["code"]) == (False, "clock")


def test_a_timed_out_match_replays_and_verifies(timed: TestClient, time: ManualTime) -> None:
    match = create(timed, clock={"initial": 60, "increment": 0})
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        act(ws, seated(ws, match))
        time.advance(61)
        until(ws, lambda s: s["outcome"] is not None)
    replay = timed.get(f"/api/matches/{match['id']}/replay").json()
    assert replay["record"]["resigned"] == [{"seat": 1, "ply": 1}]
    assert replay["verified"]["ok"], replay["verified"]
    assert replay["outcome"]["winners"] == [0]


def test_a_resignation_stops_the_clocks(timed: TestClient, time: ManualTime) -> None:
    match = create(timed, clock=LIVE)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        seated(ws, match)
        time.advance(30)
        ws.send_json({"type": "resign", "seat": 0})
        state = until(ws, lambda s: s["outcome"] is not None)
    assert (state["clocks"]["seconds"], state["clocks"]["running"]) == ([570, 600], None)


def test_a_rematch_keeps_the_time_control_with_fresh_clocks(
    timed: TestClient, time: ManualTime
) -> None:
    match = create(timed, clock={"initial": 60, "increment": 5}, timeout="bot")
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        seated(ws, match)
        ws.send_json({"type": "resign", "seat": 0})
        until(ws, lambda s: s["outcome"] is not None)
        ws.send_json({"type": "rematch"})
        rematch = ws.receive_json()
        while rematch["type"] != "rematch":
            rematch = ws.receive_json()
    with timed.websocket_connect(f"/ws/{rematch['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive(ws)
    assert state["clocks"] == {"initial": 60, "increment": 5, "timeout": "bot",
                               "seconds": [60, 60], "running": 0, "bot": None}


def test_a_timed_match_whose_clocks_run_is_never_listed_as_abandoned(
    db: str, time: ManualTime
) -> None:
    app = create_app(db, bot_delay=0, bot_processes=0, time_source=time, abandon_after=0)
    with TestClient(app) as client:
        timed = create(client, clock=LIVE)
        untimed = create(client)
        for match in (timed, untimed):
            with client.websocket_connect(f"/ws/{match['id']}") as ws:
                seated(ws, match)
        listing = client.get("/api/matches").json()
    assert ([m["id"] for m in listing["live"]], [m["id"] for m in listing["abandoned"]]) == (
        [timed["id"]], [untimed["id"]])


def test_meeples_verify_accepts_the_record_of_a_match_lost_on_time(
    timed: TestClient, time: ManualTime, tmp_path: Path
) -> None:
    match = create(timed, clock={"initial": 60, "increment": 0})
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        act(ws, act(ws, seated(ws, match)))
        time.advance(61)
        until(ws, lambda s: s["outcome"] is not None)
    record = tmp_path / "record.json"
    record.write_text(json.dumps(timed.get(f"/api/matches/{match['id']}/replay").json()["record"]))
    assert main(["verify", str(record), "--commitment", match["chance"]["commitment"]]) == 0


def test_a_tutorial_has_no_clocks(timed: TestClient) -> None:
    answer = timed.post("/api/matches", json={"game": "sparta", "tutorial": True, "clock": LIVE})
    assert answer.status_code == 400 and "clocks" in answer.json()["message"]


def test_no_hint_for_a_seat_a_bot_plays_for_after_a_timeout(
    timed: TestClient, time: ManualTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Room, "schedule_bots", lambda self: None)  # the bot never comes
    match = create(timed, clock={"initial": 60, "increment": 30}, timeout="bot", hints=True)
    with timed.websocket_connect(f"/ws/{match['id']}") as ws:
        seated(ws, match)
        time.advance(61)
        until(ws, lambda s: s["events"])
        ws.send_json({"type": "hint"})
        answer = ws.receive_json()
    assert answer["code"] == "not_your_turn"
