"""Issue 25's whole story: two people on their own devices play a rated correspondence game
through a simulated week, with a restart in the middle: clocks, turn and low-time mails (to a
real SMTP server on loopback), a loss on time, and the ratings it changes."""

from __future__ import annotations

import time as wall
from typing import Any

from openskill.models import PlackettLuce
from starlette.testclient import TestClient

from meeples.server.app import create_app
from meeples.server.clocks import ManualTime
from meeples.server.ratings import shown
from tests.server.conftest import Device, cheap_hasher, receive
from tests.server.test_alerts import Inbox, settings, settle, smtp, want_mails

__all__ = ["smtp"]  # the SMTP server fixture, used by name

HOUR = 3600
DAY = 24 * HOUR
#: Three days, and a day more after each turn.
CORRESPONDENCE = {"initial": 3 * DAY, "increment": DAY}


def server(db: str, port: int, time: ManualTime) -> TestClient:
    return TestClient(create_app(db, bot_delay=0, bot_processes=0, time_source=time,
                                 password_hasher=cheap_hasher(), mail=settings(port)))


def match_info(client: TestClient, match_id: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
    return found


def play_a_turn(device: Device, match_id: str) -> dict[str, Any]:
    """Open the game with the device's session alone, play its first legal action, leave."""
    with device.websocket(match_id) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        state = receive(ws)
        assert state["seats"], state  # the session alone takes up the account's seat
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        return receive(ws)


def until(check: Any, seconds: float = 20.0) -> Any:
    """Wait (wall time) for the server's timer to act; return what check found."""
    stop = wall.monotonic() + seconds
    while wall.monotonic() < stop:
        found = check()
        if found:
            return found
        wall.sleep(0.05)
    raise AssertionError("the server did not act in time")


def test_two_friends_play_a_rated_correspondence_game_over_a_week(
    db: str, smtp: tuple[Inbox, int],
) -> None:
    inbox, port = smtp
    time = ManualTime()
    thinking = {0: 10 * HOUR, 1: 30 * HOUR}  # Ana answers within the day, Bea slowly
    moves = {0: 0, 1: 0}

    def days(client: TestClient, devices: list[Device], match_id: str, end: float) -> None:
        while time.now() - started < end:
            seat = match_info(client, match_id)["to_move"]
            time.advance(thinking[seat])
            play_a_turn(devices[seat], match_id)
            moves[seat] += 1
        settle(client)

    with server(db, port, time) as phone:
        started = time.now()
        ana, bea = Device(phone), Device(phone)  # two people, each on their own device
        ana.sign_up("Ana")
        bea.sign_up("Bea")
        want_mails(ana, "ana@example.org")
        want_mails(bea, "bea@example.org")
        answer = ana.post("/api/matches", json={
            "game": "sparta", "rated": True, "clock": CORRESPONDENCE,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "open": True}]})
        assert answer.status_code == 201, answer.text
        match_id = answer.json()["id"]
        assert bea.post(f"/api/matches/{match_id}/claim").status_code == 200
        assert match_info(phone, match_id)["clock"]["initial"] == 3 * DAY
        days(phone, [ana, bea], match_id, 3 * DAY)
        sessions = [ana.session, bea.session]
    with server(db, port, time) as laptop:  # the server restarts in the middle of the week
        ana, bea = Device(laptop), Device(laptop)
        ana.session, bea.session = sessions  # the same accounts, signed in
        days(laptop, [ana, bea], match_id, 7 * DAY)
        # Bea stops answering: her time runs low (a mail), then out (Ana wins on time).
        if match_info(laptop, match_id)["to_move"] == 0:
            play_a_turn(ana, match_id)
            moves[0] += 1
        clocks = match_info(laptop, match_id)["clocks"]
        assert clocks["running"] == 1
        left = clocks["seconds"][1]
        low = min(0.1 * 3 * DAY, DAY)
        time.advance(left - low + 60)

        def low_time_mails() -> list[Any]:
            settle(laptop)
            return [m for to, m in inbox.messages if "runs low" in m["Subject"]]

        warned = until(low_time_mails)
        time.advance(low)  # and past her deadline
        ended = until(lambda: match_info(laptop, match_id)["outcome"])
        settle(laptop)
        ratings = [ana.get("/api/me").json()["ratings"]["sparta"],
                   bea.get("/api/me").json()["ratings"]["sparta"]]
    assert time.now() - started >= 7 * DAY and moves[0] >= 3 and moves[1] >= 3
    assert ended["winners"] == [0]
    # Each turn that passed to a player away from the game brought one mail, and no more.
    turn_mails = [(to, m) for to, m in inbox.messages if m["Subject"] == "Your turn in Sparta"]
    to_bea = [m for to, m in turn_mails if to == ["bea@example.org"]]
    to_ana = [m for to, m in turn_mails if to == ["ana@example.org"]]
    assert len(to_bea) == moves[0] and len(to_ana) == moves[1]
    assert len(warned) == 1 and warned[0]["To"] == "bea@example.org"
    assert "List-Unsubscribe" in warned[0]
    # The loss on time is rated as OpenSkill's Plackett-Luce rates a win and a loss.
    model = PlackettLuce()
    winner, loser = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert ratings[0]["games"] == ratings[1]["games"] == 1
    assert [ratings[0]["rating"], ratings[1]["rating"]] == [shown(winner[0].mu),
                                                            shown(loser[0].mu)]
    assert ratings[0]["rating"] > 1500 > ratings[1]["rating"]
