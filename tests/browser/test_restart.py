"""A page open on a game survives a server restart: it reconnects and plays on, no reload."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.browser.conftest import Server, free_port, shot


def test_page_plays_on_after_the_server_restarts(page: Any, tmp_path: Path) -> None:
    db, port = tmp_path / "meeples.db", free_port()
    first = Server(db, port)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    match = httpx.post(f"{first.url}/api/matches", json={"game": "sparta", "seats": seats}).json()
    page.goto(f"{first.url}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=c2]")
    page.click("[data-target=c4]")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    first.stop()
    page.wait_for_selector(".status[data-status=reconnecting]")
    second = Server(db, port)
    try:
        page.wait_for_selector(".status[data-status=online]")
        page.wait_for_selector("#turn.mine")
        assert page.locator(".log li").count() == 2
        page.click("[data-piece=d2]")
        page.click("[data-target=d4]")
        page.wait_for_function("document.querySelectorAll('.log li').length >= 4")
        shot(page, "sparta_after_restart")
    finally:
        second.stop()
