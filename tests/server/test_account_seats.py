"""Seats bound to accounts (issue 25, point 1): a seat created, claimed or first taken up with
its token while signed in is the account's; the account takes it up from any device with its
session alone (hello without a token) and lists its matches everywhere."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import WIN_IN_ONE, Device, receive

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def new_match(device: Device, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "sparta")
    body.setdefault("seats", TWO_HUMANS)
    answer = device.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def hello(device: Device, match_id: str, tokens: list[str] | None = None) -> dict[str, Any]:
    """Say hello on a fresh connection of a device; return the first state."""
    with device.websocket(match_id) as ws:
        ws.send_json({"type": "hello", "tokens": tokens or []})
        state = receive(ws)
    return state


def my_matches(device: Device) -> list[dict[str, Any]]:
    answer = device.get("/api/me")
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["matches"]
    return found


def test_the_creators_seat_is_taken_up_from_another_device_without_a_token(
    accounts_client: TestClient,
) -> None:
    phone = Device(accounts_client)
    phone.sign_up("Ana", "open sesame")
    match = new_match(phone)
    laptop = Device(accounts_client)
    laptop.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    with laptop.websocket(match["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        state = receive(ws)
        assert (state["seat"], state["seats"]) == (0, [0])
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        assert receive(ws)["version"] == state["version"] + 1
    listed = my_matches(phone)[0]
    assert listed["plies"] == 1 and listed["moved"] >= listed["created"]
    # The second seat, given by link, is nobody's: a guest's hello is a spectator's.
    assert hello(Device(accounts_client), match["id"])["seat"] is None


def test_my_games_lists_the_accounts_matches_on_every_device(accounts_client: TestClient
                                                             ) -> None:
    phone = Device(accounts_client)
    phone.sign_up("Ana", "open sesame")
    match = new_match(phone)
    laptop = Device(accounts_client)
    laptop.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    listed = my_matches(laptop)
    assert [(m["id"], m["game"], m["seat"], m["seats"], m["state"], m["result"])
            for m in listed] == [(match["id"], "sparta", 0, [0], "open", None)]
    assert listed[0]["title"] == "Sparta" and len(listed[0]["players"]) == 2


def test_mine_binds_the_seats_asked_for_and_needs_a_session(accounts_client: TestClient
                                                            ) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    hotseat = new_match(ana, mine=[0, 1])
    assert my_matches(ana)[0]["seats"] == [0, 1]
    assert hello(ana, hotseat["id"])["seats"] == [0, 1]
    guest = Device(accounts_client).post(
        "/api/matches", json={"game": "sparta", "seats": TWO_HUMANS, "mine": [0]})
    assert (guest.status_code, guest.json()["code"]) == (401, "not_signed_in")
    bot = ana.post("/api/matches", json={
        "game": "sparta", "seats": [{"kind": "human"}, {"kind": "bot"}], "mine": [1]})
    assert bot.status_code == 400
    none = new_match(ana, mine=[])
    assert none["id"] not in [m["id"] for m in my_matches(ana)]


def test_a_seat_left_open_is_not_the_creators(accounts_client: TestClient) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    match = new_match(ana, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    assert my_matches(ana)[0]["seats"] == [0]
    assert match["seats"][1]["token"]


def test_a_seat_claimed_while_signed_in_is_the_claimers(accounts_client: TestClient) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    match = new_match(ana, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    bea = Device(accounts_client)
    bea.sign_up("Bea", "bea's password")
    claimed = bea.post(f"/api/matches/{match['id']}/claim")
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert [m["seats"] for m in my_matches(bea)] == [[1]]
    phone = Device(accounts_client)
    phone.post("/api/session", json={"name": "Bea", "password": "bea's password"})
    assert hello(phone, match["id"])["seats"] == [1]


def test_an_invite_link_taken_up_while_signed_in_binds_its_seat(accounts_client: TestClient
                                                                ) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    match = new_match(ana)
    bea = Device(accounts_client)
    bea.sign_up("Bea")
    assert hello(bea, match["id"], [match["seats"][1]["token"]])["seats"] == [1]
    assert hello(bea, match["id"])["seats"] == [1]  # from now on without the token
    assert [m["seats"] for m in my_matches(bea)] == [[1]]


def test_a_guest_plays_with_tokens_as_before(accounts_client: TestClient) -> None:
    guest = Device(accounts_client)
    match = new_match(guest)
    assert hello(guest, match["id"], [match["seats"][0]["token"]])["seats"] == [0]
    assert hello(guest, match["id"])["seat"] is None


def test_the_result_shows_in_my_games_and_the_rematch_keeps_the_seats(
    accounts_client: TestClient,
) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    bea = Device(accounts_client)
    bea.sign_up("Bea")
    match = new_match(ana, position=WIN_IN_ONE)
    hello(bea, match["id"], [match["seats"][1]["token"]])  # North is Bea's from now on
    with ana.websocket(match["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        state = receive(ws)
        ws.send_json({"type": "act", "action": "e4-e6", "version": state["version"]})
        assert receive(ws)["outcome"]["winners"] == [0]
        ws.send_json({"type": "rematch"})
        while (message := ws.receive_json())["type"] != "rematch":
            pass
    rematch = message["id"]
    assert [(m["id"], m["state"], m["result"]) for m in my_matches(ana)] == [
        (rematch, "open", None), (match["id"], "finished", "won")]
    assert [(m["id"], m["result"]) for m in my_matches(bea)] == [
        (rematch, None), (match["id"], "lost")]
    assert hello(bea, rematch)["seats"] == [1]


def test_a_tutorial_is_the_learners(accounts_client: TestClient) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    lesson = new_match(ana, seats=[], tutorial=True)
    assert [m["id"] for m in my_matches(ana)] == [lesson["id"]]
