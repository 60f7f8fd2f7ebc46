"""Turn flow in the browser: the anytime setting in the side panel, undo of one's own move,
the confirm bar of "confirm moves", and the bot speed in the lobby."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import shot
from tests.browser.test_sparta_play import create_in_lobby

SEATS = [{"kind": "human"}, {"kind": "human"}]


def open_seat(browser: Any, server: str, match: dict[str, Any], seat: int) -> Any:
    """Open a seat of a match in its own browser context; return the page."""
    # The page's CSP forbids eval, which a string predicate of wait_for_function
    # needs once it polls; test_csp.py checks the CSP itself.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.set_default_timeout(30000)
    page = context.new_page()
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][seat]['token']}")
    page.wait_for_selector(".sparta-board")
    return page


def test_anytime_select_changes_the_setting_on_the_server(page: Any, server: str) -> None:
    create_in_lobby(page, server)
    page.wait_for_selector("#anytime")
    assert page.input_value("#anytime") == "never"
    page.select_option("#anytime", "ask")
    page.wait_for_function("document.querySelector('#anytime').value === 'ask'")
    page.reload()  # the value now comes from the server's state
    page.wait_for_selector("#anytime")
    assert page.input_value("#anytime") == "ask"
    page.locator(".settings-card").scroll_into_view_if_needed()
    shot(page, "side_panel_settings")


def test_undo_takes_back_a_move_until_the_other_player_moves(browser: Any, server: str) -> None:
    match = httpx.post(f"{server}/api/matches", json={"game": "sparta", "seats": SEATS}).json()
    south, north = (open_seat(browser, server, match, seat) for seat in (0, 1))
    south.wait_for_selector("#turn.mine")
    assert south.locator("#undo").count() == 0
    south.click("[data-piece=d2]")
    south.click("[data-target=d4]")
    south.wait_for_selector("#undo")
    shot(south, "undo_offered")
    assert north.locator("#undo").count() == 0
    south.click("#undo")
    south.wait_for_selector("#turn.mine")
    south.wait_for_function("document.querySelectorAll('.log li').length === 0")
    assert south.locator("[data-piece=d2]").count() == 1
    north.wait_for_function("document.querySelectorAll('.log li').length === 0")
    south.click("[data-piece=c2]")
    south.click("[data-target=c4]")
    north.wait_for_selector("#turn.mine")
    north.click("[data-piece=c9]")
    north.click("[data-target=c7]")
    south.wait_for_selector("#turn.mine")
    assert south.locator("#undo").count() == 0
    # Asked anyway (a stale page, say): the server refuses, saying why.
    south.evaluate("window.meeplesSocket.send({type: 'undo'})")
    south.wait_for_selector("#toast.show.error")
    assert "Another player has decided since" in south.inner_text("#toast")
    for page in (south, north):
        page.context.close()


def test_confirm_moves_asks_before_playing(page: Any, server: str) -> None:
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    page.check("#confirm-moves")
    page.click("[data-piece=c2]")
    page.click("[data-target=c4]")
    page.wait_for_selector("#confirm-bar")
    assert page.inner_text("#confirm-bar span").startswith("Play: ")
    assert "c2" in page.inner_text("#confirm-bar span")
    shot(page, "confirm_bar")
    page.click("#confirm-cancel")
    assert page.locator("#confirm-bar").count() == 0 and page.locator(".log li").count() == 0
    page.click("[data-piece=c2]")
    page.click("[data-target=c4]")
    page.click("#confirm-play")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 1")
    page.reload()  # the setting stays with this browser
    page.wait_for_selector("#confirm-moves")
    assert page.is_checked("#confirm-moves")
    page.uncheck("#confirm-moves")


def test_lobby_offers_the_bot_speed_when_a_seat_is_a_bot(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", "sparta")
    page.select_option("select[name=seat1]", "human")
    assert page.locator("select[name=bot_speed]").count() == 0
    page.select_option("select[name=seat1]", "bot:random")
    assert page.input_value("select[name=bot_speed]") == "normal"
    page.select_option("select[name=bot_speed]", "slow")
    page.select_option("#lang", "fr")
    page.wait_for_selector("fieldset.seats:has-text('Vitesse des robots')")
    assert page.input_value("select[name=bot_speed]") == "slow"
    page.select_option("#lang", "en")


def test_window_passed_for_the_other_player_is_folded_in_the_log(page: Any, server: str) -> None:
    from tests.server.test_anytime_setting import WINDOWS

    seats = [{"kind": "human", "anytime": "own"}, {"kind": "human", "anytime": "own"}]
    match = httpx.post(f"{server}/api/matches",
                       json={"game": "meeple_war", "position": WINDOWS, "seats": seats}).json()
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    page.click(".mw-decision button.mw-done")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    passed = page.locator(".log li.closing", has_text="passed by the setting")
    assert passed.count() >= 1 and not passed.first.is_visible()
    page.hover(".log-card")
    assert passed.first.is_visible()
    page.mouse.move(0, 0)
    page.click("#show-steps")  # by touch or keyboard, where nothing hovers
    page.wait_for_selector("#show-steps[aria-pressed=true]")
    assert passed.first.is_visible()
    page.locator(".settings-card").scroll_into_view_if_needed()
    shot(page, "meeple_war_passed_window")
