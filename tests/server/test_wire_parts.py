"""No action reaches a browser without its parts: every legal action and every log entry a seat
receives in live games of every game carries ``parts`` (a verb and typed fields) and ``msg`` (a
message the client words), and the state carries the prompt, so no board parses notation."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

import meeples
from meeples.core.text import catalogue, message_from_json
from tests.server.conftest import create, receive, token


def _worded(message: dict[str, Any]) -> bool:
    """Return whether a message JSON has a key every catalogue knows."""
    return message_from_json(message).key in catalogue("en").messages


@pytest.mark.parametrize("name", meeples.game_names())
def test_every_action_a_seat_receives_has_its_parts(client: TestClient, name: str) -> None:
    game = meeples.load(name)
    players = game.min_players
    match = create(client, game=name, players=players, seats=[{"kind": "human"}] * players)
    tokens = [token(match, seat) for seat in range(players)]
    rng = random.Random(3)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": tokens})
        state = receive(ws)
        for _ in range(25):
            if state["outcome"] is not None:
                break
            assert _worded(state["prompt"])
            assert state["legal"], "the seat to move is held by this connection"
            for item in state["legal"]:
                assert isinstance(item["parts"]["verb"], str), item
                assert _worded(item["msg"]), item
            for entry in state["log"]:
                assert isinstance(entry["parts"]["verb"], str) and _worded(entry["msg"]), entry
            action = rng.choice(state["legal"])["action"]
            ws.send_json({"type": "act", "action": action, "version": state["version"]})
            state = receive(ws)
            while state.get("type") != "state" or state["version"] == 0:
                state = receive(ws)
