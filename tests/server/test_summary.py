"""The end-of-game summary: the final state message carries each player's score by source."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import LAST_MOVE, create, token


def last_two_states(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    match = create(client, position=LAST_MOVE)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        before = ws.receive_json()
        ws.send_json({"type": "act", "action": before["legal"][0]["action"], "version": 0})
        after = ws.receive_json()
    return before, after


def test_summary_sent_in_the_final_state(client: TestClient) -> None:
    _, after = last_two_states(client)
    assert after["outcome"] is not None
    labels = [line["label"]["key"] for line in after["summary"]["lines"]]
    assert "sp.sheet.cities" in labels
    assert all(len(line["points"]) == 2 for line in after["summary"]["lines"])


def test_summary_absent_while_the_game_goes_on(client: TestClient) -> None:
    before, _ = last_two_states(client)
    assert before["outcome"] is None and before["summary"] is None
