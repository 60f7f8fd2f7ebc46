"""Sparta by keyboard alone: one tab stop on the board, the arrow keys over the squares as the
player sees them, Enter to select and play, Escape to cancel, focus kept across redraws."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import shot

BOT = {"kind": "bot", "level": "random"}
HUMAN = {"kind": "human"}
#: South to move, 196 quiet plies, pieces far apart: the game ends within a few moves.
NEAR_END = "7www/10/10/10/10/10/10/10/10/WWW7 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 196 0"
FILES = "abcdefghij"


def open_match(page: Any, server: str, position: str | None = None,
               seats: list[dict[str, str]] | None = None, seat: int = 0) -> dict[str, Any]:
    """Create a Sparta match through the API and open it as one seat."""
    body: dict[str, Any] = {"game": "sparta", "seats": seats or [HUMAN, BOT]}
    if position:
        body["position"] = position
    answer: dict[str, Any] = httpx.post(f"{server}/api/matches", json=body).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][seat]['token']}")
    page.wait_for_selector(".sparta-board")
    # The board's own stylesheet loads beside it: measured styles need it applied.
    page.wait_for_function("document.getElementById('sp-style')?.sheet != null")
    return answer


def focused_square(page: Any) -> str | None:
    """The square whose grid cell has the keyboard focus, if one has."""
    square: str | None = page.evaluate("document.activeElement?.dataset?.cell ?? null")
    return square


def tab_into_board(page: Any) -> str:
    """Press Tab until the focus is on a square of the board; return that square."""
    for _ in range(40):
        page.keyboard.press("Tab")
        square = focused_square(page)
        if square:
            return square
    raise AssertionError("Tab never reached the board")


def seen_at(square: str, north: bool) -> tuple[int, int]:
    """Row and column of a square as its player sees it (North sees the board turned around)."""
    file, rank = FILES.index(square[0]), int(square[1:])
    return (rank - 1, 9 - file) if north else (10 - rank, file)


def go_to(page: Any, square: str, north: bool = False) -> None:
    """Walk the focus to a square with the arrow keys."""
    here = focused_square(page)
    assert here, "the focus is not on the board"
    (row, col), (to_row, to_col) = seen_at(here, north), seen_at(square, north)
    for _ in range(abs(to_row - row)):
        page.keyboard.press("ArrowDown" if to_row > row else "ArrowUp")
    for _ in range(abs(to_col - col)):
        page.keyboard.press("ArrowRight" if to_col > col else "ArrowLeft")
    assert focused_square(page) == square


def name_of(page: Any, square: str) -> str:
    name: str = page.get_attribute(f"[data-cell={square}]", "aria-label")
    return name


def movable_squares(page: Any) -> list[str]:
    """The squares whose names say their piece can move."""
    cells = page.locator("[role=gridcell][aria-label*='can move']")
    return [cell.get_attribute("data-cell") for cell in cells.all()]


def log_length(page: Any) -> int:
    count: int = page.locator(".log li").count()
    return count


def test_game_is_played_to_its_end_by_keyboard_alone(page: Any, server: str) -> None:
    open_match(page, server, NEAR_END)
    page.wait_for_selector("#turn.mine")
    tab_into_board(page)
    for turn in range(20):
        page.wait_for_selector("#turn.mine, #game-over")
        if page.locator("#game-over").count():
            break
        before = log_length(page)
        piece = movable_squares(page)[0]
        go_to(page, piece)
        page.keyboard.press("Enter")
        assert "selected" in name_of(page, piece)
        if turn == 0:
            page.keyboard.press("Escape")
            assert page.locator("[data-target]").count() == 0
            assert "can move" in name_of(page, piece)
            assert focused_square(page) == piece
            page.keyboard.press("Enter")
        target = page.locator("[role=gridcell][aria-label*='target:']").first.get_attribute(
            "data-cell")
        go_to(page, target)
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('.log li').length > {before}")
    page.wait_for_selector("#game-over")
    assert page.locator("ol.ranking li").count() >= 1
    assert focused_square(page) is None  # not left behind the end screen
    shot(page, "sparta_keyboard_game_over")


def test_board_has_a_single_tab_stop(page: Any, server: str) -> None:
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    assert page.locator(".sparta-board [tabindex='0']").count() == 1
    square = tab_into_board(page)
    page.keyboard.press("Tab")
    assert focused_square(page) is None, f"Tab stayed in the board after {square}"


def test_arrow_keys_follow_the_board_as_north_sees_it(page: Any, server: str) -> None:
    open_match(page, server, seats=[HUMAN, HUMAN], seat=1)
    tab_into_board(page)
    go_to(page, "d9", north=True)
    page.keyboard.press("ArrowDown")  # North has rank 10 at the bottom, file a on the right
    assert focused_square(page) == "d10"
    page.keyboard.press("ArrowRight")
    assert focused_square(page) == "c10"
    page.keyboard.press("Home")
    assert focused_square(page) == "j10"


def test_escape_cancels_a_selection_and_keeps_the_focus(page: Any, server: str) -> None:
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    tab_into_board(page)
    go_to(page, "c2")
    page.keyboard.press("Enter")
    assert page.locator("[data-target]").count() > 0
    page.keyboard.press("Escape")
    assert page.locator("[data-target]").count() == 0
    assert focused_square(page) == "c2"


def test_focus_stays_on_the_square_when_a_piece_is_selected(page: Any, server: str) -> None:
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    tab_into_board(page)
    go_to(page, "e2")
    page.keyboard.press("Space")
    assert "selected" in name_of(page, "e2")
    assert focused_square(page) == "e2"
    assert page.evaluate("document.activeElement.matches(':focus')")


def test_focus_stays_on_the_square_across_a_state_update(page: Any, server: str) -> None:
    open_match(page, server)
    page.wait_for_selector("#turn.mine")
    tab_into_board(page)
    go_to(page, "c2")
    page.keyboard.press("Enter")
    go_to(page, "c4")
    page.keyboard.press("Enter")  # the move, then the bot's answer: two redraws
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    assert focused_square(page) == "c4"
    assert page.locator(".sparta-board [tabindex='0']").get_attribute("data-cell") == "c4"


#: South's warrior stands on its own city b5 and may be promoted there.
PROMOTION = "www7/10/10/10/10/1W8/10/10/10/W8W S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"


def test_promotion_is_played_from_its_button_and_the_focus_returns_to_its_square(
        page: Any, server: str) -> None:
    open_match(page, server, PROMOTION, seats=[HUMAN, HUMAN])
    page.wait_for_selector("#turn.mine")
    tab_into_board(page)
    assert "can be promoted to hero" in name_of(page, "b5")
    page.keyboard.press("Shift+Tab")  # the promotion button stands just before the board
    assert page.evaluate("document.activeElement.dataset.action") == "b5=H"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-piece=b5].hero")
    assert focused_square(page) == "b5"
    assert name_of(page, "b5").startswith("b5, South city, South hero")
