"""Sparta's board for people who cannot see it or cannot tell its colours apart: every square
named in the page's language, marks at 3:1 or more against the squares (measured in the page),
sides told apart by shape, the help in view on a laptop screen, and screenshots to look at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.test_sparta_keyboard import (
    HUMAN,
    NEAR_END,
    focused_square,
    go_to,
    open_match,
    tab_into_board,
)

#: Deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1) as an SVG colour matrix.
DEUTERANOPIA = (
    "0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0"
)
SIMULATE = f"""
const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
svg.setAttribute("style", "position:absolute;width:0;height:0");
svg.innerHTML = '<filter id="deuteranopia"><feColorMatrix type="matrix" values="{DEUTERANOPIA}"/></filter>';
document.body.appendChild(svg);
document.documentElement.style.filter = "url(#deuteranopia)";
"""


@pytest.fixture
def make_page(browser: Any) -> Iterator[Any]:
    """Open pages at a chosen size and locale; no page may raise a JavaScript error."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1366, height: int = 768, locale: str = "en-US") -> Any:
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                      bypass_csp=True)
        context.set_default_timeout(30000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert errors == []


def luminance(colour: str) -> float:
    """The WCAG relative luminance of a computed colour, 'rgb(r, g, b)'."""
    channels = [int(v) / 255 for v in re.findall(r"\d+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def computed(page: Any, selector: str, prop: str) -> str:
    value: str = page.eval_on_selector(selector, f"(node) => getComputedStyle(node).{prop}")
    return value


def test_every_square_is_named_in_the_accessibility_tree(make_page: Any, server: str) -> None:
    page = make_page()
    open_match(page, server, NEAR_END)
    page.wait_for_selector("#turn.mine")
    grid = page.get_by_role("grid", name="Sparta board, South at the bottom")
    cells = grid.get_by_role("gridcell")
    assert cells.count() == 100
    names = [cell.get_attribute("aria-label") for cell in cells.all()]
    assert all(re.match(r"^[a-j](10|[1-9]), ", name) for name in names)
    assert page.get_by_role("gridcell", name="a1, South warrior, can move").count() == 1
    assert page.get_by_role("gridcell", name="c6, North city, empty").count() == 1
    tree = grid.aria_snapshot()
    # Only the grid, its rows and its squares: no coordinate label or drawing is exposed.
    assert all(re.match(r"\s*- (grid|row|gridcell) ", line) for line in tree.splitlines()), tree
    keys = page.locator(f"#{grid.get_attribute('aria-describedby')}").inner_text()
    assert "arrow keys" in keys


def test_squares_are_named_in_french(make_page: Any, server: str) -> None:
    page = make_page(locale="fr-FR")
    open_match(page, server, NEAR_END)
    page.wait_for_selector("#turn.mine")
    assert page.get_by_role("grid", name="Plateau de Sparta, le Sud en bas").count() == 1
    assert page.get_by_role("gridcell", name="a1, guerrier du Sud, peut bouger").count() == 1
    assert page.get_by_role("gridcell", name="e6, cité du Nord, vide").count() == 1
    assert page.get_by_role("gridcell", name="j10, guerrier du Nord").count() == 1
    tab_into_board(page)
    go_to(page, "a1")
    page.keyboard.press("Enter")
    assert page.get_by_role("gridcell", name="a1, guerrier du Sud, pièce choisie").count() == 1
    assert page.get_by_role("gridcell", name="a3, vide, destination : guerrier a1 vers a3").count() == 1
    assert page.get_by_role("row", name="rangée 1", exact=True).count() == 1


def test_marks_contrast_three_to_one_with_the_squares(make_page: Any, server: str) -> None:
    page = make_page()
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    tab_into_board(page)
    go_to(page, "c2")
    page.keyboard.press("Enter")
    go_to(page, "c4")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    go_to(page, "d2")
    page.keyboard.press("Enter")  # targets, the last move, a movable piece and the focus, at once
    squares = [computed(page, f".sq.{shade}", "fill") for shade in ("light", "dark")]
    marks = {
        "target": computed(page, ".target-area", "stroke"),
        "last move": computed(page, ".lastmove", "stroke"),
        "focus": computed(page, ".cell:focus .focus-ring", "stroke"),
        "movable": computed(page, ".piece.movable:not(.selected) .halo", "stroke"),
    }
    ratios = {name: min(contrast(colour, square) for square in squares)
              for name, colour in marks.items()}
    assert all(ratio >= 3 for ratio in ratios.values()), ratios


def test_more_contrast_asked_for_thickens_the_marks(make_page: Any, server: str) -> None:
    page = make_page()
    page.emulate_media(contrast="more")
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    assert computed(page, ".piece.movable .halo", "strokeWidth") == "4px"
    assert computed(page, ".sq.light", "fill") == "rgb(255, 250, 240)"


def test_sides_differ_by_shape_under_a_deuteranopia_simulation(make_page: Any, server: str) -> None:
    page = make_page()
    open_match(page, server, "10/1wh7/10/10/10/10/10/1WH4W2/5w4/10 S b5:S,d5:S,f5:S,h5:S,"
               "c6:N,e6:N,g6:N,i6:N 7/7 0 0")
    page.wait_for_selector("#turn.mine")
    page.evaluate(SIMULATE)
    assert page.evaluate("getComputedStyle(document.documentElement).filter") == (
        'url("#deuteranopia")')
    shot(page, "sparta_deuteranopia")
    assert page.locator(".piece.owner0 > circle.body").count() == 3
    assert page.locator(".piece.owner1 > path.body").count() == 3
    assert page.locator(".city.owner0 circle.shape").count() == 4
    assert page.locator(".city.owner1 path.shape").count() == 4


def test_safe_palette_colours_the_pieces(make_page: Any, server: str) -> None:
    page = make_page()
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    page.check("#safe-colours")
    assert page.get_attribute(".piece.owner0 .body", "fill") == "#e69f00"
    assert page.get_attribute(".piece.owner1 .body", "fill") == "#0072b2"
    page.evaluate("scrollTo(0, 0)")
    shot(page, "sparta_safe_palette")


def test_help_and_board_are_in_view_at_1366_by_768(make_page: Any, server: str) -> None:
    page = make_page(1366, 768)
    open_match(page, server, "7www/10/10/10/10/10/10/10/10/WWW7 S b5:S,d5:S,f5:S,h5:S,"
               "c6:N,e6:N,g6:N,i6:N 8/8 0 0")
    page.wait_for_selector("#turn.mine")
    hint = page.locator(".sparta .hint").bounding_box()
    board = page.locator(".sparta-board").bounding_box()
    assert page.locator(".sparta .hint").inner_text().startswith("Choose one of your ringed pieces")
    assert hint["y"] + hint["height"] <= 768
    assert board["y"] + board["height"] <= 768
    shot(page, "sparta_1366x768")


def test_board_fits_a_phone_screen(make_page: Any, server: str) -> None:
    page = make_page(390, 844)
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    board = page.locator(".sparta-board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator(".sparta-board").scroll_into_view_if_needed()
    shot(page, "sparta_390x844")


def test_north_is_named_at_the_bottom_of_its_turned_board(make_page: Any, server: str) -> None:
    page = make_page()
    open_match(page, server, seats=[HUMAN, HUMAN], seat=1)
    assert page.get_by_role("grid", name="Sparta board, North at the bottom").count() == 1
    rows = page.get_by_role("row")
    assert rows.first.get_attribute("aria-label") == "rank 1"
    assert rows.first.get_by_role("gridcell").first.get_attribute("data-cell") == "j1"
    assert focused_square(page) is None
