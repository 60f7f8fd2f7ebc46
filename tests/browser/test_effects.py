"""A fight is told: the effects of a capture show under the move in the log and in the banner,
in the page's language (a French browser), for the player's own move and for the bot's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import shot

#: South to move: f3-f5 encloses North's e5 between d5 and f5 (North keeps two pieces).
CAPTURE = "w9/w9/10/10/10/3Ww5/10/5W4/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


@pytest.fixture
def french(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR",
                                  bypass_csp=True)
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


def test_capture_is_told_in_the_log_and_the_banner_in_french(french: Any, server: str) -> None:
    page = french
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", "sparta")
    page.select_option("select[name=seat1]", "bot:random")
    page.click("details.position summary")
    page.fill("textarea[name=position]", CAPTURE)
    page.click("#create")
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=f3]")
    page.click("[data-target=f5]")
    page.wait_for_selector(".log .effects li[data-effect='sp.fx.captured']")
    told = page.locator(".log .effects li[data-effect='sp.fx.captured']").first.inner_text()
    assert told == "Nord perd 1 pièce, prise en tenaille : e5 §4"  # and the rule, a link
    page.wait_for_selector("#effects-banner.show")
    assert told in page.locator("#effects-banner").inner_text()  # with the rule's link too
    shot(page, "effects_sparta_capture_fr")
