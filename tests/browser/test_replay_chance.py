"""The replay page shows the verdict of ``meeples verify`` on a finished game's chance, in French:
every draw follows from the seed revealed at the end, which matches the commitment published at
creation (issue 13)."""

from __future__ import annotations

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
