"""axe-core (WCAG 2.1 A and AA) finds nothing on the lobby, the rules page, a replay and a match
of each game, at a desktop's size and a phone's."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.axe import violations

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
GAMES = ("sparta", "meeple_war", "rise_of_tribes")


@pytest.mark.parametrize("size", SIZES)
def test_lobby_and_rules_have_no_wcag_violation(page: Any, server: str, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    assert violations(page) == []
    page.select_option("select[name=seat1]", "human")
    page.fill("input[type=text]", "Alice")
    assert violations(page) == []
    for game in GAMES:
        page.goto(f"{server}/#/rules/{game}")
        page.wait_for_selector(".rule-text")
        assert violations(page) == [], game


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_match_has_no_wcag_violation(page: Any, server: str, game: str, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    bot = {"kind": "bot", "level": "random"}
    answer = httpx.post(f"{server}/api/matches",
                        json={"game": game, "seats": [{"kind": "human"}, bot]}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    assert violations(page) == []


#: South conquers the last city with e4-e6 and wins.
WIN_IN_ONE = "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S 8/8 0 0"


@pytest.mark.parametrize("size", SIZES)
def test_game_over_and_replay_have_no_wcag_violation(page: Any, server: str, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    answer = httpx.post(f"{server}/api/matches", json={"game": "sparta", "position": WIN_IN_ONE}
                        ).json()
    tokens = ",".join(seat["token"] for seat in answer["seats"])
    page.goto(f"{server}/#/m/{answer['id']}?t={tokens}")
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=e4]")
    page.click("[data-target=e6]")
    page.wait_for_selector("#game-over")
    assert violations(page) == []
    page.goto(f"{server}/#/replay/{answer['id']}")
    page.wait_for_selector("#replay-slider")
    assert violations(page) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_can_be_made_from_the_list_by_keyboard(page: Any, server: str,
                                                             game: str) -> None:
    """The list of every legal action, reached and used with the keyboard alone."""
    bot = {"kind": "bot", "level": "random"}
    answer = httpx.post(f"{server}/api/matches",
                        json={"game": game, "seats": [{"kind": "human"}, bot]}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    version = int(page.get_attribute(".match", "data-version"))
    page.focus("#all-choices summary")
    page.keyboard.press("Enter")
    page.wait_for_selector("#all-choices[open] .actions-panel button")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('#all-choices') !== null")
    assert focused
    while page.evaluate("document.activeElement.tagName") != "BUTTON":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")


@pytest.mark.parametrize("game", GAMES)
def test_the_position_in_words_is_one_key_away(page: Any, server: str, game: str) -> None:
    bot = {"kind": "bot", "level": "random"}
    answer = httpx.post(f"{server}/api/matches",
                        json={"game": game, "seats": [{"kind": "human"}, bot]}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    page.focus("#turn")  # anywhere outside the board
    page.keyboard.press("v")
    page.wait_for_selector("#text-view[open] li")
    lines = page.locator("#text-view li").all_inner_texts()
    cells = page.locator(".board-box [data-cell][aria-label], .board-box [data-hex][aria-label]")
    assert len(lines) == cells.count() >= 9  # every square or hex: 100, 33 or 9 in these games
    assert page.evaluate("document.activeElement.closest('#text-view') !== null")
    assert violations(page) == []


def test_lobby_keeps_the_focus_when_a_menu_redraws_the_form(page: Any, server: str) -> None:
    """A menu changed by keyboard draws the form again: the focus stays on that menu, so a game
    is created with a handful of keys (it took 20 when every change lost the focus)."""
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.focus("select[name=seat1]")
    page.keyboard.press("ArrowDown")  # another kind of seat: the form is drawn again
    page.wait_for_function("document.activeElement?.getAttribute('name') === 'seat1'")
    page.focus("select[name=game]")
    start = page.input_value("select[name=game]")
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        f"document.querySelector('select[name=game]').value !== '{start}'")
    assert page.evaluate("document.activeElement.getAttribute('name')") == "game"


def test_lobby_lists_keep_the_focus_across_their_refresh(page: Any, server: str) -> None:
    httpx.post(f"{server}/api/matches", json={"game": "sparta"})
    page.goto(f"{server}/#/")
    page.wait_for_selector("[data-list=live] a.button, [data-list=open] a.button")
    link = page.locator("[data-list] [data-match] a.button").first
    link.focus()
    href = link.get_attribute("href")
    page.wait_for_timeout(5600)  # the lists are fetched and drawn again every 5 seconds
    assert page.evaluate("document.activeElement.getAttribute('href')") == href


@pytest.mark.parametrize("game", GAMES)
def test_headings_go_down_one_level_at_a_time(page: Any, server: str, game: str) -> None:
    """No jump from the page's title (h1) to an h3: each board's first heading is an h2."""
    bot = {"kind": "bot", "level": "random"}
    answer = httpx.post(f"{server}/api/matches",
                        json={"game": game, "seats": [{"kind": "human"}, bot]}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    levels = page.evaluate("""() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
        .filter((e) => e.offsetParent !== null || e.tagName === 'H1')
        .map((e) => Number(e.tagName[1]))""")
    jumps = [(a, b) for a, b in zip(levels, levels[1:], strict=False) if b > a + 1]
    assert levels[0] == 1 and jumps == [], levels
