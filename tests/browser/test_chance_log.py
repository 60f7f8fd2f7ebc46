"""The browser's log shows chance's outcomes (issue 13): labelled as chance's, in words from
their message, never as a player's decision."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import shot


def test_chance_outcome_in_the_log_is_labelled_chance_with_its_message(page: Any,
                                                                      server: str) -> None:
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "meeple_war", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    tokens = ",".join(seat["token"] for seat in answer["seats"])
    page.goto(f"{server}/#/m/{answer['id']}?t={tokens}")
    entry = page.locator(".log li").first
    entry.wait_for()
    assert entry.locator(".who.chance").inner_text().strip() == "Chance:"
    assert "plays first" in entry.inner_text()
    assert entry.locator(".swatch").count() == 0
    shot(page, "meeple_war_chance_log")
