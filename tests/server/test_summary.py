"""The score sheet: every state message carries each player's score by source, with the total
that wins, during play (the score against its target) and at the end (the summary)."""

from __future__ import annotations

from typing import Any

import pytest
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


def test_summary_sent_while_the_game_goes_on(client: TestClient) -> None:
    before, _ = last_two_states(client)
    assert before["outcome"] is None and before["summary"]["lines"]
    assert before["summary"]["target"] is None  # Sparta is not won by points


@pytest.mark.parametrize(("game", "target"), [("meeple_war", 6), ("rise_of_tribes", 15)])
def test_score_sheet_during_play_names_the_total_that_wins(
    client: TestClient, game: str, target: int
) -> None:
    match = create(client, game=game, players=2)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = ws.receive_json()
    assert state["outcome"] is None
    assert state["summary"]["target"] == target
    assert state["summary"]["total"]["points"] == [0, 0]
