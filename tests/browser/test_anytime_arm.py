"""No nagging in the browser: with the default settings a Meeple War player holding the Tree is
never asked about it; the "Use the Tree" button arms it and the next chance is asked, once."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.test_meeple_war_board import click_a_decision, version_of, wait_newer


def test_tree_is_asked_only_once_armed(page: Any, server: str) -> None:
    bot = {"kind": "bot", "level": "random"}
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "meeple_war", "seats": [{"kind": "human"}, bot]}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    for _ in range(12):  # unarmed: the human's decisions are never the Tree's window
        assert page.get_attribute(".match", "data-anytime") == ""
        version = version_of(page)
        click_a_decision(page)
        wait_newer(page, version)
        page.wait_for_selector("#turn.mine")
    arm = page.locator("#arm")
    assert arm.inner_text() == "Use Tree Hiding the Forest…"
    arm.click()
    page.wait_for_selector("#arm[aria-pressed=true]")
    for _ in range(30):
        page.wait_for_selector("#turn.mine")
        if page.get_attribute(".match", "data-anytime") == "asked":
            break
        version = version_of(page)
        click_a_decision(page)
        wait_newer(page, version)
    assert page.get_attribute(".match", "data-anytime") == "asked"
    assert "Tree" in page.locator(".mw-decision .mw-prompt").inner_text()
    version = version_of(page)
    page.locator(".mw-decision button.mw-done").click()
    wait_newer(page, version)
    page.wait_for_selector("#arm[aria-pressed=false]")
