"""Every log entry on the wire carries ``effects``: what its action caused beyond itself (a
capture, a conquest, the end), in the update that brings it and in every later snapshot."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import WIN_IN_ONE, create, receive, token
from tests.server.test_anytime_setting import receive_state


def test_log_entry_of_the_winning_move_tells_the_conquest_and_the_end(client: TestClient) -> None:
    match = create(client, position=WIN_IN_ONE)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive_state(ws)
        assert state["log"] == []
        ws.send_json({"type": "act", "action": "e4-e6", "version": state["version"]})
        state = receive_state(ws)
    entry = state["log"][-1]
    keys = [effect["key"] for effect in entry["effects"]]
    assert keys == ["sp.fx.conquered", "core.fx.end"]
    assert entry["effects"][0]["params"] == {
        "square": "e6", "side": {"ref": "sp.side", "id": 0}, "held": 8, "total": 8,
    }
    # A connection joining later reads the same effects in its snapshot.
    with client.websocket_connect(f"/ws/{match['id']}") as watcher:
        watcher.send_json({"type": "hello", "tokens": []})
        snapshot = receive(watcher)
    assert snapshot["log"][-1]["effects"] == entry["effects"]


def test_log_entry_of_a_quiet_move_has_no_effects(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive_state(ws)
        ws.send_json({"type": "act", "action": "b2-b4", "version": state["version"]})
        state = receive_state(ws)
    assert state["log"][-1]["effects"] == []


def test_replay_log_carries_effects(client: TestClient) -> None:
    match = create(client, position=WIN_IN_ONE)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive_state(ws)
        ws.send_json({"type": "act", "action": "e4-e6", "version": state["version"]})
        receive_state(ws)
    replay = client.get(f"/api/matches/{match['id']}/replay").json()
    assert [e["key"] for e in replay["log"][-1]["effects"]] == ["sp.fx.conquered", "core.fx.end"]


def test_a_failure_to_tell_effects_never_stops_the_game(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meeples.games.sparta import RULES

    def broken(*_: object) -> list[object]:
        raise RuntimeError("a slip in the effects")

    monkeypatch.setattr(type(RULES), "effects", broken)
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive_state(ws)
        ws.send_json({"type": "act", "action": "b2-b4", "version": state["version"]})
        state = receive_state(ws)
    assert state["log"][-1]["action"] == "b2-b4" and state["log"][-1]["effects"] == []
