"""Meeple War's board by keyboard alone (issue 31, point 1): a whole turn played with Tab, the
arrow keys, Page Down, Enter and Escape from a real position whose first decision has more than
eight map actions; the arrow keys follow the rows of the hex grid; Escape cancels a selection;
the focus stays on its hex when the board is drawn again. No mouse: the page only gets keys."""

from __future__ import annotations

from typing import Any

from tests.browser.test_meeple_war_board import found_position, play_from, verbs, version_of

#: The map actions of a decision beyond which the panel used to offer no buttons at all.
MANY = 8


def focused(page: Any, selector: str) -> bool:
    """Whether the focused element is (inside) one matching the selector."""
    return bool(page.evaluate(
        "(s) => !!(document.activeElement && document.activeElement.closest(s))", selector))


def tab_to(page: Any, selector: str, most: int = 250) -> None:
    """Press Tab until the focus is on an element matching the selector."""
    for _ in range(most):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def name_of_focus(page: Any) -> str:
    return str(page.evaluate("document.activeElement.getAttribute('aria-label') || ''"))


def press_and_settle(page: Any, key: str, version: int) -> None:
    """Press a key; wait until the board either sent the action (a newer version) or redrew."""
    page.keyboard.press(key)
    page.wait_for_function(
        f"Number(document.querySelector('.match').dataset.version) > {version}"
        " || !!document.querySelector('.mw-board .hex.selected, .mw-info')"
        " || !document.querySelector('#turn.mine')", timeout=10000)


def decide_by_keyboard(page: Any) -> None:
    """Make one decision the way a keyboard user does: on the map (its one tab stop, Page Down
    to a hex to choose, Enter, Page Down to a target, Enter, then Enter on the first count), on a
    Tree edge, a worker step, or a button of the decision panel."""
    version = version_of(page)
    if page.locator(".mw-board .hex.actionable").count():
        tab_to(page, ".mw-board .hex")
        if not focused(page, ".hex.actionable"):
            page.keyboard.press("PageDown")
        assert focused(page, ".hex.actionable"), name_of_focus(page)
        press_and_settle(page, "Enter", version)
        if version_of(page) > version or not page.locator(".mw-board .hex.selected").count():
            return
        if page.locator(".mw-board .hex.target").count():
            page.keyboard.press("PageDown")
            assert focused(page, ".hex.target"), name_of_focus(page)
            page.keyboard.press("Enter")
        if version_of(page) == version:
            page.wait_for_function(
                "!!document.activeElement.closest('.mw-decision .mw-selected button')"
                f" || Number(document.querySelector('.match').dataset.version) > {version}")
            if version_of(page) == version:
                page.keyboard.press("Enter")
        return
    for selector in (".mw-edge-choice", ".mw-path .node.target",
                     ".mw-decision button[data-action]:not(.mw-done)",
                     ".mw-decision button[data-action]"):
        if page.locator(selector).count():
            tab_to(page, selector)
            page.keyboard.press("Enter")
            return
    raise AssertionError("nothing to choose")


def test_meeple_war_turn_is_played_by_keyboard_alone(page: Any, server: str) -> None:
    state = found_position(lambda s: verbs(s).count("move") > MANY)
    bot = f"Joueur {2 - state.to_move}"
    play_from(page, server, state)
    assert page.locator(".mw-board .hex.actionable").count() >= 1
    made = 0
    while not any(text.startswith(bot) for text in page.locator(".log li").all_inner_texts()):
        assert made < 30, "the turn never ended"
        page.wait_for_selector("#turn.mine, #game-over")
        version = version_of(page)
        decide_by_keyboard(page)
        page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")
        made += 1
    mine = [text for text in page.locator(".log li").all_inner_texts() if not text.startswith(bot)]
    assert made >= 2 and any("déplace" in text for text in mine), mine


def test_meeple_war_arrow_keys_follow_the_rows_of_the_map(page: Any, server: str) -> None:
    state = found_position(lambda s: "move" in verbs(s))
    play_from(page, server, state)
    tab_to(page, ".mw-board .hex")
    start = page.evaluate("document.activeElement.dataset.hex")
    q, r = (int(x) for x in start.split(","))
    page.keyboard.press("ArrowRight")
    right = page.evaluate("document.activeElement.dataset.hex")
    assert right.split(",")[1] == str(r) and int(right.split(",")[0]) > q  # along the row
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.hex") == start
    page.keyboard.press("ArrowUp")
    up = page.evaluate("document.activeElement.dataset.hex")
    assert int(up.split(",")[1]) < r  # the row above
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.hex") == start  # and back
    # One tab stop for the whole map: the roving one.
    assert page.locator(".mw-board .hex[tabindex='0']").count() == 1
    assert page.get_attribute(".mw-board .hex[tabindex='0']", "data-hex") == start


def test_meeple_war_escape_cancels_the_selected_hex(page: Any, server: str) -> None:
    state = found_position(lambda s: verbs(s).count("move") > MANY)
    play_from(page, server, state)
    tab_to(page, ".mw-board .hex.actionable")
    hex_name = page.evaluate("document.activeElement.dataset.hex")
    page.keyboard.press("Enter")
    page.wait_for_selector(".mw-board .hex.selected")
    assert page.locator(".mw-board .hex.target").count() >= 1
    page.keyboard.press("Escape")
    page.wait_for_selector(".mw-board .hex.selected", state="detached")
    assert page.locator(".mw-board .hex.target").count() == 0
    assert page.evaluate("document.activeElement.dataset.hex") == hex_name


def test_meeple_war_focus_stays_on_its_hex_when_the_board_is_drawn_again(
    page: Any, server: str
) -> None:
    state = found_position(lambda s: "move" in verbs(s))
    play_from(page, server, state)
    tab_to(page, ".mw-board .hex")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    hex_name = page.evaluate("document.activeElement.dataset.hex")
    page.evaluate("document.querySelector('.mw').dataset.drawn = 'before'")
    page.evaluate("window.meeplesSocket.drop()")  # the reconnection brings a new snapshot
    page.wait_for_selector(".mw:not([data-drawn])")  # drawn again
    page.wait_for_function(
        f"document.activeElement && document.activeElement.dataset.hex === {hex_name!r}")
    assert focused(page, ".mw-board .hex")
