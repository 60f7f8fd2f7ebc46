"""The replay page shows the verdict of ``meeples verify`` on a finished game's chance, in French:
every draw follows from the seed revealed at the end, which matches the commitment published at
creation (issue 13)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from tests.browser.conftest import shot
from tests.browser.test_lifecycle import open_seat


def finished_bot_game(server: str) -> dict[str, Any]:
    """Create a Rise of Tribes game of two random bots at full speed and wait for its end."""
    bot = {"kind": "bot", "level": "random"}
    match = httpx.post(f"{server}/api/matches", json={
        "game": "rise_of_tribes", "players": 2, "seats": [bot, bot], "bot_speed": "fast"}).json()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        data = httpx.get(f"{server}/api/matches/{match['id']}").json()
        if data.get("finished"):
            return dict(data)
        time.sleep(0.5)
    raise AssertionError("the bots' game did not finish in 120 s")


def test_replay_shows_that_chance_follows_from_the_revealed_seed(browser: Any,
                                                                 server: str) -> None:
    match = finished_bot_game(server)
    replay = httpx.get(f"{server}/api/matches/{match['id']}/replay").json()
    assert replay["verified"]["ok"] and replay["verified"]["draws"] > 0
    page = open_seat(browser, f"{server}/#/replay/{match['id']}")
    page.wait_for_selector("#replay-chance .chance-ok")
    text = page.inner_text("#replay-chance")
    assert "Hasard vérifié" in text and str(replay["verified"]["draws"]) in text
    assert replay["record"]["commitment"][:16] in text
    assert page.errors == []
    shot(page, "replay_chance_verified_fr")
    page.context.close()


def test_replay_of_a_match_from_a_position_is_verified(browser: Any, server: str) -> None:
    # issue 28: a match started from a position always showed "not verified"
    from websockets.sync.client import connect

    from tests.games.meeple_war.scenario import position

    start = position(step="explore", explore=[["1,0", ["0,0"]]], troops=(("1,0", 0, 2),),
                     pile=["T19", "T14"])
    seats = [{"kind": "human"}, {"kind": "human"}]
    match = httpx.post(f"{server}/api/matches", json={
        "game": "meeple_war", "seats": seats, "position": start.position()}).json()
    tokens = [seat["token"] for seat in match["seats"]]
    with connect(f"{server.replace('http', 'ws')}/ws/{match['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        state = json.loads(ws.recv())
        ws.send(json.dumps({"type": "act", "action": "explore@1,0", "version": state["version"]}))
        ws.recv()  # the explored tile drawn by the server's dealer
        ws.send(json.dumps({"type": "resign", "seat": 1}))
        ws.recv()
    replay = httpx.get(f"{server}/api/matches/{match['id']}/replay").json()
    assert replay["verified"]["ok"] and replay["verified"]["draws"] == 1, replay["verified"]
    page = open_seat(browser, f"{server}/#/replay/{match['id']}")
    page.wait_for_selector("#replay-chance .chance-ok")
    assert "Hasard vérifié" in page.inner_text("#replay-chance")
    assert page.errors == []
    shot(page, "replay_position_verified_fr")
    page.context.close()


def test_replay_of_a_match_that_cannot_be_verified_says_why(browser: Any, tmp_path: Any) -> None:
    # a match stored from a position before its seed was kept: its draw cannot be checked
    from meeples.core.chance import CHANCE
    from meeples.core.resign import outcome_after_resignations
    from meeples.server.store import MatchEvent, Seat, Store, StoredMatch, database_url
    from tests.browser.conftest import Server, free_port
    from tests.games.meeple_war.scenario import position

    db = tmp_path / "legacy.db"
    start = position(step="explore", explore=[["1,0", ["0,0"]]], troops=(("1,0", 0, 2),),
                     pile=["T19", "T14"])
    store = Store(database_url(str(db)))
    store.create(StoredMatch("legacy", "meeple_war", 2, None, None, start.position(),
                             [Seat("human", joined=True), Seat("human", joined=True)],
                             time.time()))
    store.append_action("legacy", 0, 0, "explore@1,0")
    store.append_action("legacy", 1, CHANCE, "draw:T19")
    ended = outcome_after_resignations(None, 2, [1])
    assert ended is not None
    store.add_event("legacy", MatchEvent("resign", 1, 2, time.time()), ended.to_json())
    store.close()
    running = Server(db, free_port())
    try:
        replay = httpx.get(f"{running.url}/api/matches/legacy/replay").json()
        assert replay["verified"]["msg"]["key"] == "core.verify.no_seed"
        page = open_seat(browser, f"{running.url}/#/replay/legacy")
        page.wait_for_selector("#replay-chance .chance-bad")
        text = page.inner_text("#replay-chance")
        assert "Non vérifiée" in text and "pas de graine" in text, text
        assert page.errors == []
        shot(page, "replay_not_verified_why_fr")
        page.context.close()
    finally:
        running.stop()
