"""Meeple War on a 390x844 phone (issue 23, point 9): the map comes into view with every choice
of the decision on screen above the decision sheet, before and after a hex is selected; every
control of the board is 40x40 px or more; a long list of options scrolls inside the sheet, its
last button reachable and uncovered."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import shot
from tests.browser.test_meeple_war_board import PHONE, found_position, play_from, verbs

#: The rectangles of the elements matched, and the top of the decision sheet.
RECTS = """(selector) => ({
  sheet: document.querySelector(".mw-decision").getBoundingClientRect().top,
  rects: [...document.querySelectorAll(selector)].map((node) => {
    const r = node.getBoundingClientRect();
    return [node.dataset.hex, r.left, r.top, r.right, r.bottom];
  }),
})"""


def assert_in_sight(page: Any, selector: str) -> None:
    """Every element matching the selector lies on the screen, above the decision sheet."""
    page.wait_for_timeout(100)  # the board brings the map into view on the next frame
    found = page.evaluate(RECTS, selector)
    assert found["rects"], selector
    hidden = [name for name, left, top, right, bottom in found["rects"]
              if left < 0 or right > PHONE["width"] or top < 0 or bottom > found["sheet"]]
    assert hidden == [], f"{selector} out of sight: {hidden} (sheet at {found['sheet']})"


def test_meeple_war_choices_show_above_the_sheet_on_a_phone(page: Any, server: str) -> None:
    state = found_position(lambda s: verbs(s).count("move") >= 5, players=3)
    play_from(page, server, state, PHONE)
    assert_in_sight(page, ".mw-board .hex.actionable")
    shot(page, "meeple_war_phone_choices")
    page.locator(".mw-board .hex.actionable").first.click()
    page.wait_for_selector(".mw-board .hex.selected")
    assert_in_sight(page, ".mw-board .hex.target, .mw-board .hex.selected")
    shot(page, "meeple_war_phone_targets")


def test_meeple_war_board_controls_are_40_px_or_more_on_a_phone(page: Any, server: str) -> None:
    state = found_position(lambda s: "build" in verbs(s) and "move" not in verbs(s))
    play_from(page, server, state, PHONE)
    small = page.evaluate("""() => [...document.querySelectorAll(
        '.mw button, .mw summary, .mw-path .node.target .hit, .mw-edge-choice .hit, .mw-board .hex .hex-shape')]
      .map((e) => [e.textContent.trim().slice(0, 30) || e.closest('[data-hex]')?.dataset.hex,
                   e.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0 && (r.height < 39.5 || r.width < 39.5))
      .map(([t, r]) => `${t} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert small == [], f"controls under 40 px: {small}"
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def test_meeple_war_long_option_list_scrolls_inside_the_sheet(page: Any, server: str) -> None:
    state = found_position(lambda s: verbs(s).count("build") >= 12)
    play_from(page, server, state, PHONE)
    sheet = page.locator(".mw-decision")
    sizes = sheet.evaluate("(node) => [node.scrollHeight, node.clientHeight]")
    assert sizes[0] > sizes[1], "the options fit: no list long enough to scroll"
    last = page.locator(".mw-decision button").last
    last.scroll_into_view_if_needed()
    box = last.bounding_box()
    frame = sheet.bounding_box()
    assert box is not None and frame is not None
    assert frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"] + 1
    assert box["y"] + box["height"] <= PHONE["height"]
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')?.dataset.key",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit == last.get_attribute("data-key")
    shot(page, "meeple_war_phone_long_list")
