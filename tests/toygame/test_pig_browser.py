"""Pig in chromium on the browser's generic board: Pig ships no board, so the page draws its
view as panels and its legal actions as buttons worded by its catalogue, grouped by the verbs of
their parts, and plays a match against a bot to the end by clicking them, in each language.
Skipped, as tests/browser is, without Debian's chromium."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from meeples.core import registry
from meeples.core.text import msg, render
from tests.browser.conftest import CHROMIUM, Server, browser, free_port, page, shot
from tests.toygame.conftest import PACKAGE

__all__ = ["browser", "page"]  # the browser fixtures, as tests/browser has them

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="browser tests need Debian's chromium at "
                       "/usr/bin/chromium (apt-get install chromium)"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with Pig registered before it starts (its bot processes too)."""
    game = registry.register(PACKAGE)
    running = Server(tmp_path_factory.mktemp("pig") / "meeples.db", free_port())
    try:
        yield running.url
    finally:
        running.stop()
        registry.unregister(game.name)


def version_of(page: Any) -> int:
    return int(page.get_attribute(".match", "data-version"))


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_match_of_pig_is_played_to_the_end_on_the_generic_board(
    page: Any, server: str, lang: str
) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    match = httpx.post(f"{server}/api/matches",
                       json={"game": "pig", "options": {"goal": 20}, "seats": seats}).json()
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    # the generic board: the legal actions as buttons worded by Pig's catalogue, grouped under
    # the name of their verb (pig.verb.roll)
    assert page.locator(".generic").count() == 1
    roll = page.locator(".generic button[data-action=roll]")
    assert roll.inner_text() == render(msg("pig.roll", n=0), lang)
    assert page.locator(".generic legend").first.inner_text() == (
        f"{render(msg('pig.verb.roll'), lang)} (1)")
    shot(page, f"pig_{lang}_start")
    for _ in range(200):
        page.wait_for_selector("#turn.mine, #game-over")
        if page.locator("#game-over").count():
            break
        version = version_of(page)
        roll.click()  # the person rolls every time: a 1 ends their turn, 20 points the game
        page.wait_for_function(
            f"Number(document.querySelector('.match').dataset.version) > {version}")
    shot(page, f"pig_{lang}_end")
    assert page.locator("#game-over").count() == 1
    log = page.inner_text(".log")
    assert render(msg("pig.face", face=1), lang)[:-1] in log  # "the die shows " + a face
