"""Rise of Tribes on a 390×844 touch phone (issue 23, point 9): every target of the decision at
hand shows on screen above the decision sheet (the page scrolls to them), the sheet lets every
option be brought into view, and every control of the board is at least 40×40 px."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import meeples
from tests.browser.conftest import shot
from tests.browser.test_rise_of_tribes_board import goals_position
from tests.browser.test_rise_of_tribes_keyboard import GAME, move_position, open_match

pytestmark = pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(),
                                reason="no Rise of Tribes")

PHONE = {"width": 390, "height": 844}
#: The targets on the map that are not fully on screen above the decision sheet.
HIDDEN_TARGETS = """() => {
  const sheet = document.querySelector('.rot-decision');
  const top = sheet ? sheet.getBoundingClientRect().top : innerHeight;
  return [...document.querySelectorAll('.rot-board .hex.actionable, .rot-board .hex.target')]
    .filter((hex) => { const r = hex.getBoundingClientRect();
      return r.top < 0 || r.bottom > Math.min(top, innerHeight) + 0.5; })
    .map((hex) => hex.dataset.hex);
}"""
#: The board's controls smaller than 40×40 px, with their size.
SMALL = """() => [...document.querySelectorAll(`.rot button, .rot .hex.actionable,
    .rot .hex.target, .rot .volcano-slot.actionable, .rot-popup button`)]
  .map((node) => [node.dataset.hex || node.dataset.action || node.textContent.trim().slice(0, 30),
    node.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.width < 40 || r.height < 40))
  .map(([what, r]) => `${what} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, bypass_csp=True)
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


def test_every_target_shows_above_the_decision_sheet(phone: Any, server: str) -> None:
    page = phone
    position, move = move_position()
    open_match(page, server, position)
    page.wait_for_function(f"({HIDDEN_TARGETS})().length === 0")
    assert page.locator(".rot-board .hex.actionable").count() >= 1
    page.tap(f'.rot-board [data-hex="{move.split("-")[0]}"]')
    page.wait_for_selector(".rot-board .hex.target")
    page.wait_for_function(f"({HIDDEN_TARGETS})().length === 0")
    shot(page, "rise_of_tribes_phone_targets_390")


def buttons_position() -> str:
    """Return a 2-player position where seat 0 chooses among five or more actions that are all
    buttons of the decision sheet (goals, purchases, the end of the turn...)."""
    rules = meeples.load(GAME)
    for seed in range(40):
        state = rules.new(players=2, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            legal = state.legal()
            if state.to_move == 0 and len(legal) >= 5 and not any(
                    state.parts(a).get(field) for a in legal
                    for field in ("hex", "from", "row", "event", "slot")):
                return state.position()
            state = state.play(rng.choice(legal))
    raise AssertionError("no decision of five buttons found")


def test_the_sheet_brings_every_option_into_view(phone: Any, server: str) -> None:
    page = phone
    open_match(page, server, buttons_position())
    options = page.locator(".rot-decision button[data-action]")
    assert options.count() >= 5
    sheet = page.locator(".rot-decision")
    for i in range(options.count()):
        options.nth(i).scroll_into_view_if_needed()
        box, frame = options.nth(i).bounding_box(), sheet.bounding_box()
        assert frame["y"] - 0.5 <= box["y"]
        assert box["y"] + box["height"] <= frame["y"] + frame["height"] + 0.5
        assert box["y"] + box["height"] <= PHONE["height"] + 0.5
    shot(page, "rise_of_tribes_phone_sheet_390")


def test_every_control_of_the_board_is_at_least_40px(phone: Any, server: str) -> None:
    page = phone
    position, move = move_position()
    open_match(page, server, position)
    assert page.evaluate(SMALL) == []
    page.tap(f'.rot-board [data-hex="{move.split("-")[0]}"]')
    page.wait_for_selector(".rot-board .hex.target")
    assert page.evaluate(SMALL) == []
    open_match(page, server, goals_position())
    assert page.locator(".rot-rows .die-choice").count() >= 1
    assert page.evaluate(SMALL) == []
