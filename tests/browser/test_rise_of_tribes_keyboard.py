"""Rise of Tribes by keyboard alone (issue 31, point 1): the map is one tab stop whose arrow
keys go from hex to hex, a hex's letter jumps to it, Enter acts as a click and Escape cancels;
the dice, the buttons and every other choice are reached with Tab; focus stays on the same hex
across redraws, with a focus ring that shows."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import meeples
from tests.browser.conftest import shot

pytestmark = pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(),
                                reason="no Rise of Tribes")

GAME = "rise_of_tribes"
BOT = {"kind": "bot", "level": "random"}
#: What has focus, in a line: the hex's name, the action of a button, or the tag.
ACTIVE = """() => { const a = document.activeElement;
  return a?.dataset?.hex ? `hex:${a.dataset.hex}` : a?.dataset?.action ? `act:${a.dataset.action}`
    : a?.tagName?.toLowerCase() || ''; }"""


def first_tribe_position() -> str:
    """Return a 2-player position where seat 0 places the first tribe of the game."""
    rules = meeples.load(GAME)
    for seed in range(40):
        state = rules.new(players=2, seed=seed)
        if state.to_move == 0 and all(state.parts(a)["verb"] == "start" for a in state.legal()):
            return state.position()
    raise AssertionError("no game where seat 0 starts")


def move_position() -> tuple[str, str]:
    """Return a 2-player position where seat 0 moves members (MOVE, from hex to hex), with one
    of its moves (found by seeded random playouts)."""
    rules = meeples.load(GAME)
    for seed in range(40):
        state = rules.new(players=2, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            moves = [a for a in state.legal() if state.parts(a)["verb"] == "move"] \
                if state.to_move == 0 else []
            if len(moves) >= 3:
                return state.position(), moves[0]
            state = state.play(rng.choice(state.legal()))
    raise AssertionError("no MOVE found")


def open_match(page: Any, server: str, position: str, lang: str = "en",
               name: str = "Alba") -> dict[str, Any]:
    """Create a match of seat 0 (a person) against bots from a position; open it as seat 0."""
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    players = meeples.load(GAME).parse(position).players
    answer: dict[str, Any] = httpx.post(f"{server}/api/matches", json={
        "game": GAME, "position": position,
        "seats": [{"kind": "human", "name": name}] + [BOT] * (players - 1)}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    return answer


def active(page: Any) -> str:
    found: str = page.evaluate(ACTIVE)
    return found


def tab_to(page: Any, wanted: str, limit: int = 60) -> str:
    """Press Tab until the focused element matches the CSS selector; return what has focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", wanted):
            return active(page)
    raise AssertionError(f"Tab never reached {wanted}; focus on {active(page)}")


def version_of(page: Any) -> int:
    return int(page.get_attribute(".match", "data-version"))


def press_and_wait(page: Any, key: str) -> None:
    """Press a key that plays an action; wait until the server's answer is drawn."""
    version = version_of(page)
    page.keyboard.press(key)
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")


def choose_by_keyboard(page: Any) -> str:
    """Make the decision at hand by keyboard alone: a hex on the map (Tab to the map, its letter,
    Enter; then a target the same way, or a button of that hex), else a die, else a button.
    Return what was chosen."""
    hexes = page.locator(".rot-board .hex.actionable, .rot-board .volcano-slot.actionable")
    if hexes.count():
        name = hexes.first.get_attribute("data-hex")
        tab_to(page, ".rot-board [data-key]")
        if name is None:  # a volcano slot, beside the map: Tab reaches the map, Enter puts it
            page.locator(".rot-board .volcano-slot.actionable").first.focus()
            press_and_wait(page, "Enter")
            return "volcano"
        page.keyboard.press(name)
        assert active(page) == f"hex:{name}"
        version = version_of(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"Number(document.querySelector('.match').dataset.version) > {version}"
            " || document.querySelector('.rot-board .hex.selected')")
        if version_of(page) > version:
            return f"hex {name}"
        assert active(page) == f"hex:{name}"  # selecting redraws; focus stays on the hex
        targets = page.locator(".rot-board .hex.target")
        if targets.count():
            target = targets.first.get_attribute("data-hex")
            page.keyboard.press(target)
            press_and_wait(page, "Enter")
            return f"hex {name} to {target}"
        tab_to(page, ".rot-hex-actions button[data-action]")
        press_and_wait(page, "Enter")
        return f"a button of hex {name}"
    if page.locator(".rot-rows .die-choice").count():
        chosen = tab_to(page, ".rot-rows .die-choice")
        press_and_wait(page, "Enter")
        return chosen
    chosen = tab_to(page, ".rot-decision button[data-action]")
    press_and_wait(page, "Enter")
    return chosen


def test_first_tribe_and_a_whole_turn_are_played_by_keyboard_alone(page: Any, server: str) -> None:
    open_match(page, server, first_tribe_position())
    # The first tribe: Tab reaches the map (one tab stop), Enter on a hex places it there.
    assert tab_to(page, ".rot-board [data-key]").startswith("hex:")
    assert page.locator('.rot-board [tabindex="0"]').count() == 1
    page.keyboard.press("ArrowRight")
    placed = active(page).removeprefix("hex:")
    press_and_wait(page, "Enter")
    page.wait_for_selector("#turn.mine")
    log = page.locator(".log li").first.inner_text()
    assert log.startswith("Alba") and f"hex {placed}" in log

    # Then the first turn, every decision by keyboard, until it is done.
    chosen: list[str] = []
    while "act:done" not in chosen and len(chosen) < 40:
        page.wait_for_selector("#turn.mine", timeout=30000)
        chosen.append(choose_by_keyboard(page))
    dice = [choice for choice in chosen if choice.startswith("act:") and choice[4:].split()[0]
            in ("grow", "move", "gather", "lead")]
    assert len(dice) == 2 and chosen[-1] == "act:done", chosen
    shot(page, "rise_of_tribes_keyboard_turn_1366")


def test_arrow_keys_go_along_the_row_and_up_then_down_comes_back(page: Any, server: str) -> None:
    open_match(page, server, first_tribe_position())
    tab_to(page, ".rot-board [data-key]")
    start = active(page)
    centre = ("(k) => { const g = document.querySelector(`[data-key='${k}']`);"
              " return [+g.dataset.x, +g.dataset.y]; }")
    x, y = page.evaluate(centre, start)
    page.keyboard.press("ArrowRight")
    right = active(page)
    rx, ry = page.evaluate(centre, right)
    assert ry == y and rx > x
    page.keyboard.press("ArrowDown")
    down = active(page)
    assert page.evaluate(centre, down)[1] > ry
    page.keyboard.press("ArrowUp")
    assert active(page) == right
    page.keyboard.press("ArrowLeft")
    assert active(page) == start
    assert page.locator('.rot-board [tabindex="0"]').count() == 1


def test_focus_stays_on_the_selected_hex_and_escape_cancels(page: Any, server: str) -> None:
    position, move = move_position()
    open_match(page, server, position)
    source = move.split("-")[0]
    tab_to(page, ".rot-board [data-key]")
    page.keyboard.press(source)
    page.keyboard.press("Enter")
    page.wait_for_selector(f'.rot-board .hex.selected[data-hex="{source}"]')
    assert active(page) == f"hex:{source}"
    assert page.locator(".rot-board .hex.target").count() >= 1
    page.keyboard.press("Escape")
    page.wait_for_selector(".rot-board .hex.selected", state="detached")
    assert active(page) == f"hex:{source}"
    assert page.locator(".rot-board .hex.target").count() == 0


def test_the_focused_hex_shows_a_dark_and_yellow_ring(page: Any, server: str) -> None:
    open_match(page, server, first_tribe_position())
    shown = "getComputedStyle(document.querySelector('.rot-focus-ring')).display !== 'none'"
    page.wait_for_function(f"!({shown})")  # once the board's stylesheet is in
    tab_to(page, ".rot-board [data-key]")
    assert page.evaluate(shown)
    strokes = page.evaluate("""() => [...document.querySelectorAll('.rot-focus-ring polygon')]
        .map((p) => [getComputedStyle(p).stroke, parseFloat(getComputedStyle(p).strokeWidth)])""")
    assert strokes == [["rgb(17, 17, 17)", 10], ["rgb(255, 212, 0)", 4]]
    shot(page, "rise_of_tribes_keyboard_focus_1366")
