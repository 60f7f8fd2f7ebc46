"""Undo on the server: a seat takes back its own last decisions while nobody else has decided
since and nothing hidden came out; the record is replayed without them, the database keeps them
as undone, everyone gets the new state, and refusals say why."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.server import flow
from meeples.server.app import create_app
from meeples.server.store import Store, database_url
from tests.server.conftest import create, receive, token
from tests.server.test_anytime_setting import meeple_war, receive_state


def play(ws: Any, state: dict[str, Any], action: str) -> dict[str, Any]:
    ws.send_json({"type": "act", "action": action, "version": state["version"]})
    return receive_state(ws)


def test_undo_takes_back_the_players_move(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        south.send_json({"type": "hello", "tokens": [token(match, 0)]})
        start = receive_state(south)
        north.send_json({"type": "hello", "tokens": [token(match, 1)]})
        receive_state(north)
        assert start["undo"] is False
        moved = play(south, start, "b2-b4")
        assert moved["undo"] is True and receive_state(north)["undo"] is False
        south.send_json({"type": "undo", "version": moved["version"]})
        undone = receive_state(south)
        seen_by_north = receive_state(north)
    assert undone["log"] == [] and undone["to_move"] == 0 and undone["undo"] is False
    assert undone["view"] == start["view"] and seen_by_north["log"] == []
    assert undone["version"] > moved["version"]  # an action sent before the undo is stale


def test_undo_refused_once_another_player_decided(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        south.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = play(south, receive_state(south), "b2-b4")
        north.send_json({"type": "hello", "tokens": [token(match, 1)]})
        state = play(north, receive_state(north), "b9-b7")
        south_state = receive_state(south)
        assert south_state["undo"] is False and state["undo"] is True
        south.send_json({"type": "undo"})
        refusal = receive(south)
    assert refusal["type"] == "error" and refusal["code"] == "undo_not_yours"


def test_undo_goes_back_one_decision_at_a_time_to_the_start_of_the_turn(
    client: TestClient,
) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        start = receive_state(ws)
        first = play(ws, start, "done")  # and player 1's window, passed for them
        second = play(ws, first, "done")
        ws.send_json({"type": "undo"})
        back = receive_state(ws)
        assert back["log"] == first["log"] and back["view"] == first["view"]
        ws.send_json({"type": "undo"})
        back = receive_state(ws)
        # Player 1's passed window went with player 0's decision before it.
        assert back["log"] == [] and back["view"] == start["view"]
        ws.send_json({"type": "undo"})
        refusal = receive(ws)
    assert [(e["seat"], e["passed"]) for e in second["log"]] == [
        (0, False), (1, True), (0, False), (1, True)]
    assert refusal["code"] == "nothing_to_undo"


def test_undo_with_a_stale_version_is_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = play(ws, receive_state(ws), "b2-b4")
        ws.send_json({"type": "undo", "version": state["version"] - 1})
        refusal = receive(ws)
        again = receive_state(ws)  # a stale client gets the current state
    assert refusal["code"] == "stale" and again["version"] == state["version"]


def test_undo_is_refused_after_a_roll_or_a_draw(client: TestClient) -> None:
    # Rise of Tribes: the placements reveal nothing, the last one starts the first turn and
    # rolls its dice.
    # Each seat on its own connection: a shared screen undoes only the person shown (below).
    match = create(client, game="rise_of_tribes")
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/{match['id']}") as first, \
            client.websocket_connect(f"/ws/{match['id']}") as second:
        seats = (first, second)
        states = []
        for seat, ws in enumerate(seats):
            ws.send_json({"type": "hello", "tokens": [token(match, seat)]})
            states.append(receive_state(ws))
        undoable = 0
        for _ in range(100):
            mover = states[0]["to_move"]
            state = play(seats[mover], states[mover], rng.choice(states[mover]["legal"])["action"])
            states[mover], states[1 - mover] = state, receive_state(seats[1 - mover])
            if not state["undo"]:
                break
            undoable += 1
        seats[mover].send_json({"type": "undo"})
        refusal = receive(seats[mover])
    assert undoable > 0 and state["view"]["phase"] != "place"
    assert refusal["code"] == "undo_chance"  # the dice are chance's outcomes (issue 13)


def test_spectators_cannot_undo(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        play(ws, receive_state(ws), "b2-b4")
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": []})
        assert receive_state(ws)["undo"] is False
        ws.send_json({"type": "undo"})
        assert receive(ws)["code"] == "spectator"


def test_undo_before_the_bot_moves_and_not_after(db: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    with TestClient(create_app(db, bot_delay=3600)) as client:
        match = create(client, seats=seats)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            state = play(ws, receive_state(ws), "b2-b4")
            assert state["to_move"] == 1 and state["undo"] is True
            ws.send_json({"type": "undo"})
            state = receive_state(ws)
    assert state["to_move"] == 0 and state["log"] == []
    with TestClient(create_app(db, bot_delay=0)) as client:
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            state = play(ws, receive_state(ws), "c2-c4")
            while state["to_move"] != 0:
                state = receive_state(ws)
            assert state["undo"] is False
            ws.send_json({"type": "undo"})
            assert receive(ws)["code"] == "undo_not_yours"


def test_the_database_keeps_what_was_undone_and_a_restart_resumes_after_the_undo(
    any_db: str,
) -> None:
    undo_restart_and_resume(any_db)


def undo_restart_and_resume(db: str) -> None:
    """Play two moves, undo one, restart on the same database: the game goes on after the undo,
    and the database holds the move taken back."""
    with TestClient(create_app(db, bot_delay=0)) as first:
        match = create(first)
        with first.websocket_connect(f"/ws/{match['id']}") as south, \
                first.websocket_connect(f"/ws/{match['id']}") as ws:
            south.send_json({"type": "hello", "tokens": [token(match, 0)]})
            play(south, receive_state(south), "b2-b4")
            ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
            play(ws, receive_state(ws), "b9-b7")
            ws.send_json({"type": "undo"})  # North takes back its own move
            before = receive_state(ws)
    with TestClient(create_app(db, bot_delay=0)) as second:
        with second.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
            after = receive_state(ws)
            moved = play(ws, after, "c9-c7")
    store = Store(database_url(db))
    undone = store.undone_actions(match["id"])
    stored = store.load(match["id"])
    store.close()
    assert (after["version"], after["log"], after["view"]) == (
        before["version"], before["log"], before["view"])
    assert moved["version"] == before["version"] + 1
    assert [(u["undo"], u["ply"], u["seat"], u["action"], u["undone_by"]) for u in undone] == [
        (1, 1, 1, "b9-b7", 1)]
    assert undone[0]["undone_at"] > 0
    assert stored is not None and stored.actions == ["b2-b4", "c9-c7"]


def test_undo_message_is_strict(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        receive_state(ws)
        for wrong in ({"type": "undo", "version": "3"}, {"type": "undo", "seat": 0},
                      {"type": "undo", "version": -1}):
            ws.send_json(wrong)
            assert receive(ws)["code"] == "malformed", wrong


@pytest.mark.parametrize(
    ("log", "reveals", "held", "answer"),
    [
        ([], [], {0}, "nothing_to_undo"),
        ([{"seat": 0, "passed": False}], [False], {1}, "undo_not_yours"),
        ([{"seat": 0, "passed": False}, {"seat": 1, "passed": True}], [False, True], {0},
         "undo_revealed"),
        ([{"seat": 1, "passed": False}, {"seat": 0, "passed": True}], [False, False], {1}, 0),
        ([{"seat": 1, "passed": True}], [False], {1}, "nothing_to_undo"),
    ],
)
def test_plan_undo(log: list[dict[str, Any]], reveals: list[bool], held: set[int],
                   answer: str | int) -> None:
    try:
        seat, ply = flow.plan_undo(log, reveals, frozenset(held), over=False)
    except flow.Refused as refused:
        assert refused.code == answer
    else:
        assert ply == answer and seat in held


def test_plan_undo_refuses_once_the_game_is_over() -> None:
    with pytest.raises(flow.Refused, match="the game is over"):
        flow.plan_undo([{"seat": 0, "passed": False}], [False], frozenset({0}), over=True)


def test_undo_never_takes_back_a_decision_a_bot_made_for_a_warm_seat(client: TestClient) -> None:
    # issue 28: South left on its turn, a bot kept the seat warm and moved; South came back and
    # its undo was accepted (the last decision was its seat's), so it saw the bot's move first.
    match = create(client, warm={"after": 1, "level": "random"}, hints=False)
    with client.websocket_connect(f"/ws/{match['id']}") as north:
        north.send_json({"type": "hello", "tokens": [token(match, 1)]})
        receive_state(north)
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            south.send_json({"type": "hello", "tokens": [token(match, 0)]})
            receive_state(south)
        state = receive_state(north)
        while not state["log"]:
            state = receive_state(north)
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            south.send_json({"type": "hello", "tokens": [token(match, 0)]})
            back = receive_state(south)
            south.send_json({"type": "undo"})
            refusal = receive(south)
    assert back["log"][0]["seat"] == 0 and back["undo"] is False
    assert refusal["code"] == "undo_bot"
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == back["version"]


def test_plan_undo_refuses_a_bots_decision_for_the_seat() -> None:
    log = [{"seat": 0, "passed": False}, {"seat": 1, "passed": True}]
    with pytest.raises(flow.Refused) as refused:
        flow.plan_undo(log, [False, False], frozenset({0}), over=False, by_bot=[True, False])
    assert refused.value.code == "undo_bot"


def test_a_shared_screen_never_takes_back_the_other_persons_decision(client: TestClient) -> None:
    """Hotseat: one connection holds both seats; South moves, North now holds the device and
    presses undo: South's move stands (the person shown may take back only their own)."""
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = play(ws, receive_state(ws), "b2-b4")
        assert state["to_move"] == 1 and state["undo"] is False
        ws.send_json({"type": "undo"})
        refusal = receive(ws)
    assert refusal["code"] == "undo_not_yours"
