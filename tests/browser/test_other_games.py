"""Meeple War and Rise of Tribes in chromium: several turns against a bot, by clicking."""

from __future__ import annotations

from typing import Any

import pytest

import meeples
from tests.browser.conftest import shot

GAMES = [name for name in ("meeple_war", "rise_of_tribes") if name in meeples.game_names()]


def version_of(page: Any) -> int:
    return int(page.get_attribute(".match", "data-version"))


def click_an_action(page: Any) -> None:
    """Click an offered action: a button, a worker branch, or a highlighted hex then its target.

    Whatever is clickable was drawn from the legal actions the server sent.
    """
    for selector in ("button[data-action]", ".mw-path .node.target"):
        candidates = page.locator(selector)
        if candidates.count():
            candidates.first.click()
            return
    page.locator(".actionable").first.click()
    if not page.locator(".hex.selected").count():
        return  # the hex had a single action: it was sent at once
    targets = page.locator(".board .hex.target")
    (targets if targets.count() else page.locator("button[data-action]")).first.click()
    if page.locator(".hex.selected").count() and page.locator("button[data-action]").count():
        page.locator("button[data-action]").first.click()  # several actions on that target


def play_turns(page: Any, clicks: int) -> int:
    """Click the first offered action whenever it is our turn; return the clicks made."""
    made = 0
    for _ in range(clicks):
        page.wait_for_selector("#turn.mine, #game-over", timeout=30000)
        if page.locator("#game-over").count():
            break
        version = version_of(page)
        click_an_action(page)
        page.wait_for_function(
            f"Number(document.querySelector('.match').dataset.version) > {version}"
        )
        made += 1
    return made


@pytest.mark.parametrize("game", GAMES)
def test_several_turns_are_played_by_clicking(page: Any, server: str, game: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".match[data-version]")
    shot(page, f"{game}_start")
    assert play_turns(page, 8) >= 6
    shot(page, f"{game}_after_turns")
    assert page.locator(".log li").count() >= 6


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_game_has_rule_help_in_each_language(page: Any, server: str, lang: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    for game in meeples.game_names():
        page.goto(f"{server}/#/rules/{game}")
        page.wait_for_selector(".rule-text h4")
    shot(page, f"rules_{lang}")
