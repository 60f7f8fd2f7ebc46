"""Hotseat: several seats in one browser; when views are private, the device is passed between
players with a screen that hides the board until the next player says they hold it."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.browser.conftest import shot


def hotseat(page: Any, server: str) -> None:
    """Open a two-human Sparta game with both seats in this browser."""
    answer = httpx.post(f"{server}/api/matches", json={"game": "sparta"}).json()
    tokens = ",".join(seat["token"] for seat in answer["seats"])
    page.goto(f"{server}/#/m/{answer['id']}?t={tokens}")


def private_views(page: Any) -> None:
    """Mark every state and update as showing private information (Sparta's views are all
    public)."""

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_server(message: str) -> None:
            data = json.loads(message)
            if data.get("type") in ("state", "update"):
                data["private"] = True
            ws.send(json.dumps(data))

        server.on_message(from_server)
        ws.on_message(lambda message: server.send(message))

    page.route_web_socket("**/ws/*", route)


def test_private_views_are_hidden_until_the_next_player_takes_the_device(
    page: Any, server: str
) -> None:
    private_views(page)
    hotseat(page, server)
    page.wait_for_selector("#pass-device")
    assert "South" in page.inner_text("#pass-device h2")
    assert page.locator(".sparta-board").count() == 0
    page.click("#pass-ready")
    page.locator(".piece.movable").first.click()
    page.locator(".target").first.click()
    page.wait_for_selector("#pass-device")
    shot(page, "hotseat_pass_device")
    assert "North" in page.inner_text("#pass-device h2")
    assert page.locator(".sparta-board").count() == 0


def test_public_views_need_no_passing(page: Any, server: str) -> None:
    hotseat(page, server)
    page.wait_for_selector("#turn.mine")
    assert page.locator("#pass-device").count() == 0
