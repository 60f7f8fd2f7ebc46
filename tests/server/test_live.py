"""Live play over WebSockets: seats, spectators, versions, errors, reconnects, bots."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeples.server.store import Store, database_url
from tests.server.conftest import WIN_IN_ONE, create, receive, token


def hello(ws: Any, *tokens: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "tokens": list(tokens)})
    return receive(ws)


def test_each_player_gets_legal_actions_only_on_its_turn(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        first = hello(south, token(match, 0))
        with client.websocket_connect(f"/ws/{match['id']}") as north:
            waiting = hello(north, token(match, 1))
            assert (len(first["legal"]), waiting["legal"]) == (118, [])


def test_a_move_reaches_both_players_with_the_next_version(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        with client.websocket_connect(f"/ws/{match['id']}") as north:
            hello(north, token(match, 1))
            south.send_json({"type": "act", "action": "b2-b4", "version": 0})
            seen_by_south, seen_by_north = receive(south), receive(north)
    assert (seen_by_south["version"], seen_by_north["version"]) == (1, 1)
    assert seen_by_north["log"][0]["action"] == "b2-b4" and len(seen_by_north["legal"]) > 0


def test_actions_arrive_with_their_parts_and_a_message(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        legal = hello(south, token(match, 0))["legal"]
    item = next(item for item in legal if item["action"] == "b2-b4")
    assert item["parts"] == {"verb": "move", "from": "b2", "to": "b4"}
    assert item["msg"] == {"key": "sp.move_warrior", "params": {"src": "b2", "dest": "b4"}}


def test_state_says_what_the_player_to_move_must_decide(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        state = hello(south, token(match, 0))
    south_to_move = {"key": "sp.prompt", "params": {"player": {"ref": "sp.side", "id": 0}}}
    assert state["prompt"] == south_to_move
    assert state["anytime"] is None


def test_illegal_action_is_refused_with_its_reason_as_a_message(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        south.send_json({"type": "act", "action": "a1-a2", "version": 0})
        answer = receive(south)
    assert answer["code"] == "illegal"
    assert answer["msg"]["key"] == "core.not_legal"
    assert answer["msg"]["params"]["why"] == {"key": "sp.why.empty", "params": {"square": "a1"}}


def test_catalogues_are_served_per_language(client: TestClient) -> None:
    french = client.get("/api/text/fr").json()
    assert french["messages"]["sp.promote"].startswith("promouvoir")
    assert french["components"]["sp.side"]["1"]["name"] == "Nord"
    assert "sp.piece" in french["games"]["sparta"]["kinds"]
    assert client.get("/api/text/xx").status_code == 404


def test_spectator_sees_the_public_view_without_actions(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as spectator:
        state = hello(spectator)
    assert (state["seat"], state["seats"], state["legal"]) == (None, [], [])


def test_spectator_cannot_act(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as spectator:
        hello(spectator)
        spectator.send_json({"type": "act", "action": "b2-b4", "version": 0})
        assert receive(spectator)["code"] == "spectator"


def test_wrong_token_is_refused_and_closed(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": ["not-a-token"]})
        assert receive(ws)["code"] == "bad_token"
        try:
            receive(ws)
            closed = False
        except WebSocketDisconnect as disconnect:
            closed = disconnect.code == 4403
    assert closed


def test_token_of_another_match_is_refused(client: TestClient) -> None:
    mine, other = create(client), create(client)
    with client.websocket_connect(f"/ws/{mine['id']}") as ws:
        assert hello(ws, token(other, 0))["code"] == "bad_token"


def test_player_cannot_act_for_the_other_seat(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(north, token(match, 1))
        north.send_json({"type": "act", "action": "b2-b4", "version": 0})
        assert receive(north)["code"] == "not_your_turn"
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 0


def test_stale_version_is_refused_and_resent(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0), token(match, 1))
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        receive(ws)
        ws.send_json({"type": "act", "action": "b9-b7", "version": 0})
        refused, resent = receive(ws), receive(ws)
    assert (refused["code"], resent["version"]) == ("stale", 1)
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 1


def test_illegal_action_is_refused_with_the_reason(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "act", "action": "b2-b6", "version": 0})
        refused = receive(ws)
    assert refused["code"] == "illegal" and "at most 2 steps" in refused["message"]


def test_malformed_messages_are_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_text("not json")
        ws.send_json({"type": "act", "action": "b2-b4"})
        ws.send_json({"type": "dance"})
        ws.send_json(["act"])
        codes = [receive(ws)["code"] for _ in range(4)]
    assert codes == ["malformed"] * 4


def test_act_before_hello_is_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        assert receive(ws)["code"] == "hello_first"


def test_reconnect_gets_the_state_back(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0), token(match, 1))
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        receive(ws)
    with client.websocket_connect(f"/ws/{match['id']}") as again:
        state = hello(again, token(match, 1))
    assert (state["version"], state["seat"], len(state["legal"]) > 0) == (1, 1, True)


def test_hotseat_sees_the_view_of_the_seat_to_move(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0), token(match, 1))
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        state = receive(ws)
    assert (state["seat"], state["seats"]) == (1, [0, 1])


def test_action_is_stored_before_it_is_broadcast(client: TestClient, db: str) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        receive(ws)
        stored = Store(database_url(db)).load(match["id"])
    assert stored is not None and stored.actions == ["b2-b4"]


def test_bot_seat_answers_a_move(client: TestClient) -> None:
    match = create(client, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        receive(ws)
        answer = receive(ws)
    assert answer["version"] == 2 and answer["log"][1]["seat"] == 1 and answer["legal"]


def test_bots_play_a_game_to_its_end(client: TestClient) -> None:
    bots = [{"kind": "bot", "level": "random"}] * 2
    match = create(client, seats=bots, position=WIN_IN_ONE.replace(" 0 0", " 199 0"))
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        state = hello(ws)
        while state["outcome"] is None:
            state = receive(ws)
    assert state["version"] >= 1


def test_finishing_move_reports_the_ranking(client: TestClient) -> None:
    match = create(client, position=WIN_IN_ONE)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "act", "action": "e4-e6", "version": 0})
        state = receive(ws)
    outcome = state["outcome"]
    assert outcome["winners"] == [0] and outcome["ranking"] == [[0], [1]]
    assert outcome["msg"] == {
        "key": "sp.end.all_cities", "params": {"winner": {"ref": "sp.side", "id": 0}}
    }
    assert state["legal"] == []


def test_each_player_receives_only_its_own_view(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        with client.websocket_connect(f"/ws/{match['id']}") as north:
            seen = hello(north, token(match, 1))
            south.send_json({"type": "act", "action": "b2-b4", "version": 0})
            after = receive(north)
    assert (seen["view"]["player"], after["view"]["player"]) == (1, 1)


def test_unknown_match_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/nope") as ws:
        assert receive(ws)["code"] == "unknown_match"


def test_an_action_that_cannot_be_stored_changes_nothing(client: TestClient) -> None:
    match = create(client)

    def broken(*args: Any) -> None:
        raise OSError("disk full")

    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        store = client.app.state.store  # type: ignore[attr-defined]
        store.append_action, saved = broken, store.append_action
        try:
            ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
            refused = receive(ws)
        finally:
            store.append_action = saved
    assert refused["code"] == "storage"
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 0


def test_hint_suggests_legal_actions_to_the_player_to_move(client: TestClient) -> None:
    match = create(client, hints=True)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        legal = {item["action"] for item in hello(ws, token(match, 0))["legal"]}
        ws.send_json({"type": "hint"})
        answer = receive(ws)
    assert answer["type"] == "hint" and answer["hints"]
    assert {h["action"] for h in answer["hints"]} <= legal


def test_hint_is_refused_to_the_player_not_to_move(client: TestClient) -> None:
    match = create(client, hints=True)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 1))
        ws.send_json({"type": "hint"})
        assert receive(ws)["code"] == "not_your_turn"
