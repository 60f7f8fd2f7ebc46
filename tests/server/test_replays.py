"""Replays: computed off the event loop, once per finished match, a few at a time, rate-limited."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

import meeples
from meeples.server.app import create_app
from tests.server.conftest import LAST_MOVE, create, token


def finished(client: TestClient) -> str:
    """Create a match and play its last move; return its id."""
    match = create(client, position=LAST_MOVE)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = ws.receive_json()
        ws.send_json({"type": "act", "action": state["legal"][0]["action"], "version": 0})
        assert ws.receive_json()["outcome"] is not None
    return str(match["id"])


class Views:
    """Stands in for Sparta's view function: counts its calls, and can hold them at a gate."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        rules = meeples.load("sparta").rules
        self.original = rules.view
        self.calls = 0
        self.inside = 0
        self.most_inside = 0
        self.gate: threading.Event | None = None
        self.lock = threading.Lock()
        monkeypatch.setattr(rules, "view", self.view)

    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        with self.lock:
            self.calls += 1
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
        try:
            if self.gate is not None:
                self.gate.wait(10)
            view: dict[str, Any] = self.original(state, player)
            return view
        finally:
            with self.lock:
                self.inside -= 1


def test_replay_is_computed_once_per_finished_match(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = finished(client)
    views = Views(monkeypatch)
    answers = [client.get(f"/api/matches/{match_id}/replay") for _ in range(5)]
    assert [a.status_code for a in answers] == [200] * 5
    assert len(answers[0].json()["views"]) == 2 and views.calls == 2
    assert len({a.content for a in answers}) == 1


def test_replay_is_computed_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = finished(client)
    views = Views(monkeypatch)
    views.gate = threading.Event()
    timer = threading.Timer(10, views.gate.set)  # the test ends whatever happens
    timer.start()
    replayed: list[int] = []
    asking = threading.Thread(
        target=lambda: replayed.append(client.get(f"/api/matches/{match_id}/replay").status_code)
    )
    try:
        asking.start()
        while views.inside == 0:
            time.sleep(0.01)
        games = client.get("/api/games").status_code  # while the replay is being computed
        held = not views.gate.is_set()
        views.gate.set()
        asking.join(10)
    finally:
        views.gate.set()
        timer.cancel()
    assert (games, held, replayed) == (200, True, [200])


def test_replays_are_computed_a_few_at_a_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [finished(client) for _ in range(5)]
    views = Views(monkeypatch)
    views.gate = threading.Event()
    answers: list[int] = []
    asking = [
        threading.Thread(
            target=lambda i=i: answers.append(client.get(f"/api/matches/{i}/replay").status_code)
        )
        for i in ids
    ]
    try:
        for thread in asking:
            thread.start()
        time.sleep(0.5)
        inside = views.inside
    finally:
        views.gate.set()
        for thread in asking:
            thread.join(10)
    assert (inside, views.most_inside, answers) == (2, 2, [200] * 5)


def test_replays_beyond_the_rate_of_an_address_are_refused(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, replay_rate=(0.001, 3))) as client:
        match_id = finished(client)
        codes = [client.get(f"/api/matches/{match_id}/replay").status_code for _ in range(4)]
        refused = client.get(f"/api/matches/{match_id}/replay").json()
    assert codes == [200, 200, 200, 429] and refused["code"] == "too_many"
