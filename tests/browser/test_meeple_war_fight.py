"""A Meeple War fight played through in French (issue 23, points 1 and 10; issue 31, point 3):
the battle's effects in the log and in the banner; the board mid-fight and at the end of a game
at 1366x768 and 390x844; owners told apart by letter, seen through a deuteranopia simulation
(screenshots in test-artifacts/, looked at)."""

from __future__ import annotations

from typing import Any

import meeples
import pytest

from tests.browser.conftest import shot
from tests.browser.test_meeple_war_board import (
    DESKTOP, PHONE, click_a_decision, found_position, play_from, verbs, version_of, wait_newer,
)

SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366", "390"])
LETTERS = "RBGY"

#: Records every "−N" count of losses drawn on the map (window.counted), however briefly shown.
COUNTED = """() => {
  window.counted = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.classList && node.classList.contains("mw-loss")) window.counted.push(node.textContent);
    }
  }).observe(document.body, { subtree: true, childList: true });
}"""

#: Red-green colour blindness (deuteranopia), as an SVG colour matrix over the whole page.
DEUTERANOPIA = """() => {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("style", "position:absolute;width:0;height:0");
  const filter = document.createElementNS(ns, "filter");
  filter.id = "deuteranopia";
  const matrix = document.createElementNS(ns, "feColorMatrix");
  matrix.setAttribute("type", "matrix");
  matrix.setAttribute("values", "0.625 0.375 0 0 0  0.7 0.3 0 0 0  0 0.3 0.7 0 0  0 0 0 1 0");
  filter.appendChild(matrix);
  svg.appendChild(filter);
  document.body.appendChild(svg);
  document.documentElement.style.filter = "url(#deuteranopia)";
}"""


@SIZES
def test_meeple_war_battle_is_told_in_french_in_the_log_and_the_banner(
    page: Any, server: str, size: dict[str, int]
) -> None:
    state = found_position(lambda s: "battle" in verbs(s))
    battles = [state.parts(a)["hex"] for a in state.legal() if state.parts(a)["verb"] == "battle"]
    play_from(page, server, state, size)
    page.wait_for_selector(f'.mw-board .hex.actionable[data-hex="{battles[0]}"]')
    shot(page, f"meeple_war_fight_before_{size['width']}")
    page.evaluate(COUNTED)
    version = version_of(page)
    page.click(f'.mw-board .hex.actionable[data-hex="{battles[0]}"]')
    if page.locator(".mw-board .hex.selected").count():  # several actions there: the panel's
        page.locator(".mw-decision .mw-selected button[data-action]").first.click()
    wait_newer(page, version)
    told = page.locator(".log .effects li[data-effect='mw.fx.battle']")
    told.first.wait_for()
    assert told.first.inner_text().startswith(f"combat en {battles[0]} : ")
    banner = page.locator("#effects-banner.show")
    banner.wait_for()
    assert f"combat en {battles[0]}" in banner.inner_text()
    # The losses, counted on the map ("−1 R"): each owner's letter, as many as the effects tell.
    page.wait_for_function("window.counted.length > 0")
    shot(page, f"meeple_war_fight_{size['width']}")
    counted = page.evaluate("window.counted")
    assert all(text.startswith("−") and text[-1] in LETTERS for text in counted), counted


@SIZES
def test_meeple_war_board_stays_readable_at_the_end_of_a_game(
    page: Any, server: str, size: dict[str, int]
) -> None:
    from tests.browser.test_three_players import last_turn

    state = meeples.load("meeple_war").parse(last_turn("meeple_war", 2))
    play_from(page, server, state, size)
    click_a_decision(page)  # every legal action ends the game
    page.wait_for_selector("#game-over")
    page.get_by_role("button", name="Voir le plateau").click()
    page.wait_for_selector("#result")
    assert page.locator(".mw-decision").count() == 1 and page.locator(".mw-board .hex.actionable").count() == 0
    hexes = page.locator(".mw-board .hex")
    assert all(name.startswith("case ") for name in
               hexes.evaluate_all("(nodes) => nodes.map((n) => n.getAttribute('aria-label'))"))
    page.evaluate("window.scrollTo(0, document.querySelector('.mw').getBoundingClientRect().top + scrollY - 8)")
    shot(page, f"meeple_war_end_{size['width']}")


def test_meeple_war_owners_are_told_apart_by_letter_without_colour(page: Any, server: str) -> None:
    def crowded(state: Any) -> bool:
        view = state.view(state.to_move)
        return "move" in verbs(state) and len({owner for _, owner, _ in view["troops"]}) >= 3

    state = found_position(crowded, players=4)
    view = state.view(state.to_move)
    play_from(page, server, state)
    stacks = page.locator(".mw-board .mw-troops .meeple")
    assert stacks.count() == len(view["troops"])
    drawn = stacks.evaluate_all(
        "(nodes) => nodes.map((n) => [Number(n.dataset.owner), n.querySelector('.meeple-letter').textContent])")
    assert sorted(drawn) == sorted([owner, LETTERS[owner]] for _, owner, _ in view["troops"])
    page.evaluate(DEUTERANOPIA)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "meeple_war_deuteranopia_1366")
