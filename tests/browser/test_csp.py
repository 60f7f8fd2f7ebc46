"""The client runs under the server's Content-Security-Policy (no inline or evaluated script)."""

from __future__ import annotations

from typing import Any


def test_lobby_and_a_live_game_work_under_the_security_policy(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda message: problems.append(message.text) if message.type == "error" else None,
    )
    try:
        page.goto(f"{server}/#/")
        page.wait_for_selector("#create")
        page.select_option("select[name=seat1]", "bot:random")
        page.click("#create")
        page.wait_for_selector("#turn.mine")
        page.goto(f"{server}/#/rules/sparta")
        page.wait_for_selector(".rule-text [data-rule] h3")
    finally:
        context.close()
    assert problems == []
