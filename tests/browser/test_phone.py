"""A match on a phone (390x844, touch): the map comes first, and every control outside the map
is at least 40x40 px (checkboxes by their label), on the lobby and on each game's page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import shot

PHONE = {"width": 390, "height": 844}
GAMES = ("sparta", "meeple_war", "rise_of_tribes")
#: The controls a finger must hit, outside the boards (each board's own test measures its map).
CONTROLS = """(scope) => [...document.querySelectorAll(scope)].filter((e) => {
    if (e.closest('.board-box svg')) return false;
    const folded = e.closest('details:not([open])');
    if (folded && e.tagName !== 'SUMMARY') return false;  // hidden until opened
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  }).map((e) => {
    // A checkbox or radio is hit through its label.
    const target = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label')
      ? e.closest('label') : e;
    const r = target.getBoundingClientRect();
    return [target.tagName + (target.id ? '#' + target.id : '') + ' '
      + (target.textContent || target.getAttribute('aria-label') || '').trim().slice(0, 24),
      Math.round(r.width), Math.round(r.height)];
  }).filter(([, w, h]) => w < 40 || h < 40)"""
SELECTORS = "button, select, input, summary, a.button, .topbar a, header a, label.setting"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, bypass_csp=True)
    context.set_default_timeout(30000)
    page = context.new_page()
    yield page
    context.close()


def test_lobby_controls_are_40px_on_a_phone(phone: Any, server: str) -> None:
    phone.goto(f"{server}/#/")
    phone.wait_for_selector("#create")
    phone.select_option("select[name=seat1]", "human")
    small = phone.evaluate(CONTROLS, SELECTORS)
    shot(phone, "phone_lobby")
    assert small == []


@pytest.mark.parametrize("game", GAMES)
def test_match_puts_the_map_first_and_its_controls_are_40px(phone: Any, server: str,
                                                            game: str) -> None:
    bot = {"kind": "bot", "level": "random"}
    answer = httpx.post(f"{server}/api/matches",
                        json={"game": game, "seats": [{"kind": "human"}, bot]}).json()
    phone.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    phone.wait_for_selector("#turn.mine")
    board = phone.locator(".board-box").bounding_box()
    assert board is not None and board["y"] < 120, f"the map starts at {board['y']} px"
    small = phone.evaluate(CONTROLS, SELECTORS)
    shot(phone, f"phone_{game}_top")
    shot(phone, f"phone_{game}_full", full_page=True)
    assert small == []
