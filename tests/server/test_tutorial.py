"""Learn to play on the server: a tutorial is a match kind run by the same room and engine. The
learner is offered only what a step asks for, another legal action is refused with the step's
hint, the bots and chance follow the script, and after the lessons the game goes on against
the bots."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

import meeples
from meeples.core.tutorial import tutorial
from tests.server.conftest import receive
from tests.server.test_anytime_setting import receive_state


def start(client: TestClient, game: str = "sparta") -> tuple[dict[str, Any], Any]:
    answer = client.post("/api/matches", json={"game": game, "tutorial": True})
    assert answer.status_code == 201, answer.text
    return answer.json(), answer


def learner_token(match: dict[str, Any]) -> str:
    return next(seat["token"] for seat in match["seats"] if seat.get("token"))


def test_tutorial_offers_only_the_action_its_step_asks_for(client: TestClient) -> None:
    match, _ = start(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [learner_token(match)]})
        state = receive_state(ws)
    assert state["tutorial"]["step"] == 0 and state["tutorial"]["of"] == 12
    assert [page["key"] for page in state["tutorial"]["say"]] == ["sp.tut.welcome",
                                                                  "sp.tut.warrior"]
    assert state["tutorial"]["rule"] == {"ref": "sp.rule", "id": "2"}
    assert [item["action"] for item in state["legal"]] == ["b2-b4"]


def test_another_legal_action_is_refused_with_the_steps_hint(client: TestClient) -> None:
    match, _ = start(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [learner_token(match)]})
        state = receive_state(ws)
        ws.send_json({"type": "act", "action": "b2-b3", "version": state["version"]})
        refusal = receive(ws)
        ws.send_json({"type": "act", "action": "b2-b6", "version": state["version"]})
        illegal = receive(ws)
    assert refusal["code"] == "tutorial"
    assert refusal["msg"]["params"]["hint"]["key"] == "sp.tut.warrior_hint"
    assert illegal["code"] == "illegal"  # the engine's own reason, as in any match


def test_tutorial_played_through_ends_in_a_game_against_the_bot(client: TestClient) -> None:
    lessons = tutorial("sparta")
    assert lessons is not None
    views = [s.view(lessons.seat) for s in lessons.walk(meeples.load("sparta"))]
    match, _ = start(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [learner_token(match)]})
        state = receive_state(ws)
        for index, step in enumerate(lessons.steps):
            while not (state["to_move"] == lessons.seat and state["legal"]):
                state = receive_state(ws)
            assert state["tutorial"]["step"] == index
            assert state["view"] == views[index]  # the position the lesson was written for
            action = step.expect[0] if step.expect else state["legal"][0]["action"]
            ws.send_json({"type": "act", "action": action, "version": state["version"]})
            state = receive_state(ws)
        while state["to_move"] != lessons.seat and state["outcome"] is None:
            state = receive_state(ws)  # the bot, on its own now
    assert state["tutorial"]["done"] is True and state["tutorial"]["step"] == 12
    bot_moves = [entry for entry in state["log"] if entry["seat"] == 1]
    assert len(bot_moves) == 12  # eleven scripted replies, then the bot's own move


def test_a_game_without_a_tutorial_says_so(client: TestClient) -> None:
    import pytest

    names = [name for name in meeples.game_names() if tutorial(name) is None]
    if not names:
        pytest.skip("every game has its tutorial")
    answer = client.post("/api/matches", json={"game": names[0], "tutorial": True})
    assert answer.status_code == 400 and "no tutorial" in answer.json()["message"]


def test_a_tutorial_sets_its_own_seats(client: TestClient) -> None:
    answer = client.post("/api/matches", json={"game": "sparta", "tutorial": True,
                                               "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert answer.status_code == 400
