"""Pig on the server: listed with its options and levels, its words in the catalogue the browser
loads, and matches created and played over the WebSocket, against a person or a bot (whose
worker process registers the game the server registered)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import meeples
from meeples.core.chance import CHANCE
from meeples.server.app import create_app
from tests.server.conftest import create, receive, token


@pytest.fixture
def client(pig: meeples.Game[Any, Any], tmp_path: Path) -> Iterator[TestClient]:
    """The app with Pig registered before it starts (its bot and hint processes too)."""
    with TestClient(create_app(str(tmp_path / "meeples.db"), bot_delay=0)) as test_client:
        yield test_client


def test_pig_is_listed_with_its_option_and_levels(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    pig = games["pig"]
    assert (pig["title"], pig["min_players"], pig["max_players"]) == ("Pig", 2, 4)
    # Its words in the lobby are keys of its own catalogue (the browser holds no game's words).
    assert pig["options"] == [{"name": "goal", "default": 100, "help": "The points to reach to "
                               "win (rule 4)", "choices": [20, 50, 100], "label": "pig.opt.goal",
                               "explain": "pig.opt_help.goal", "values": {}}]
    assert pig["blurb"] == "pig.blurb" and pig["board"] is None  # the generic board
    assert not pig["hidden"] and not pig["tutorial"]
    assert client.get("/api/games/pig/components").json() == {}


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_catalogue_the_browser_loads_carries_pigs_words(client: TestClient, lang: str
                                                           ) -> None:
    text = client.get(f"/api/text/{lang}").json()
    assert text["games"]["pig"]["prefix"] == "pig"
    assert [rule["id"] for rule in text["games"]["pig"]["rules"]] == ["1", "2", "3", "4", "5"]
    assert "pig.verb.roll" in text["messages"] and "pig.fx.bust" in text["messages"]


def play_to_the_end(ws: Any, state: dict[str, Any], seats: set[int]) -> dict[str, Any]:
    """Play the seats held (roll below 8 points at risk, else hold) until the game ends."""
    while state["outcome"] is None:
        if state["to_move"] in seats and state["legal"]:
            offered = {item["action"]: item for item in state["legal"]}
            assert all(item["msg"]["key"] in ("pig.roll", "pig.hold") for item in offered.values())
            action = "hold" if "hold" in offered and state["view"]["total"] >= 8 else "roll"
            ws.send_json({"type": "act", "action": action, "version": state["version"]})
        state = receive(ws)
        assert state["type"] in ("state", "update"), state
    return state


def test_two_people_play_a_match_of_pig_over_the_websocket(client: TestClient) -> None:
    match = create(client, game="pig", options={"goal": 20})
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive(ws)
        assert state["game"] == "pig" and state["prompt"]["key"] == "pig.prompt"
        assert [item["parts"] for item in state["legal"]] == [{"verb": "roll"}]
        end = play_to_the_end(ws, state, {0, 1})
    faces = [entry for entry in end["log"] if entry["seat"] == CHANCE]
    assert faces and all(entry["msg"]["key"] == "pig.face" for entry in faces)
    assert all(entry["parts"]["verb"] == "face" for entry in faces)
    assert end["outcome"]["msg"]["key"] == "pig.end.goal"
    assert end["summary"]["total"]["points"] == end["view"]["scores"]
    assert end["summary"]["target"] == 20
    replay = client.get(f"/api/matches/{match['id']}/replay").json()
    assert replay["outcome"]["winners"] == end["outcome"]["winners"]


def test_a_person_plays_pig_against_a_bot_in_a_worker_process(client: TestClient) -> None:
    match = create(client, game="pig", options={"goal": 20},
                   seats=[{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        end = play_to_the_end(ws, receive(ws), {0})
    assert any(entry["seat"] == 1 for entry in end["log"])  # the bot played its turns
    assert end["outcome"] is not None
    pools = client.app.state.lobby.workers  # type: ignore[attr-defined]
    assert type(pools.bot_pool).__name__ == "ProcessPoolExecutor"
