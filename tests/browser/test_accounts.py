"""Accounts in the browser (issue 25, point 1): a game made on one device is played on from
another with the account alone; signing out everywhere cuts the first device's seat; the account
page deletes the account; and the new parts pass axe and the phone's 40 px rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.axe import violations
from tests.browser.conftest import shot
from tests.browser.test_phone import CONTROLS, SELECTORS

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def second(browser: Any) -> Iterator[Any]:
    """Another device: a browser context of its own (its own cookies and storage)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def sign(page: Any, server: str, name: str, password: str, button: str) -> None:
    """Fill the lobby's account card and press #sign-in or #sign-up."""
    page.goto(f"{server}/#/")
    page.wait_for_selector("#account-name")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click(button)
    page.wait_for_selector("#account.signed-in")


def test_a_game_follows_its_account_to_another_device(page: Any, second: Any, server: str
                                                      ) -> None:
    sign(page, server, "Ana", "open sesame", "#sign-up")
    assert "Ana" in page.inner_text("#account")
    page.wait_for_selector("#create")
    page.click("#create")  # seat 1 is a bot by default: straight to the match
    page.wait_for_selector("#turn.mine")
    match_id = page.get_attribute(".match", "data-match")
    # The laptop: no token in its storage, only the account.
    sign(second, server, "Ana", "open sesame", "#sign-in")
    row = f"[data-list=mine] [data-match='{match_id}']"
    second.wait_for_selector(row)
    assert second.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('meeples.tokens'))"
                           ) == []
    second.click(f"{row} a.button.primary")
    second.wait_for_selector("#turn.mine")
    shot(second, "account_second_device")
    # Signed out everywhere from the laptop: the laptop is a guest, a spectator of the game;
    # the phone, which made the game, keeps its seat by the token its own storage holds.
    second.goto(f"{server}/#/account")
    second.wait_for_selector("#sign-out-all")
    second.click("#sign-out-all")
    second.wait_for_selector("#account-name")
    second.goto(f"{server}/#/m/{match_id}")
    second.wait_for_selector("#turn")
    second.wait_for_selector("text=You are watching this game.")
    page.wait_for_selector("#turn.mine")


def test_the_account_page_deletes_the_account(page: Any, server: str) -> None:
    sign(page, server, "Bea", "bea's password", "#sign-up")
    page.click("text=Your account, or delete it")
    page.wait_for_selector("#delete-account")
    shot(page, "account_page")
    page.fill("#delete-password", "not the password")
    page.click("#delete-account")
    page.wait_for_selector("#toast.show.error")
    page.fill("#delete-password", "bea's password")
    page.click("#delete-account")
    page.wait_for_selector("#create")
    page.wait_for_selector("#account-name")  # signed out: the form again
    page.fill("#account-name", "Bea")
    page.fill("#account-password", "bea's password")
    page.click("#sign-in")
    page.wait_for_selector("#toast.show.error")
    assert "Wrong name or password" in page.inner_text("#toast")


@pytest.mark.parametrize("size", SIZES)
def test_the_account_parts_have_no_wcag_violation(page: Any, server: str, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(f"{server}/#/")
    page.wait_for_selector("#account-name")
    assert violations(page) == []
    page.goto(f"{server}/#/account")
    page.wait_for_selector("#account-name")
    assert violations(page) == []
    sign(page, server, f"Cara-{size}", "cara's password", "#sign-up")
    assert violations(page) == []
    page.goto(f"{server}/#/account")
    page.wait_for_selector("#delete-account")
    assert violations(page) == []


def test_the_account_parts_are_40px_on_a_phone(browser: Any, server: str) -> None:
    context = browser.new_context(viewport=SIZES["phone"], is_mobile=True, has_touch=True,
                                  device_scale_factor=2, bypass_csp=True)
    context.set_default_timeout(30000)
    phone = context.new_page()
    try:
        phone.goto(f"{server}/#/")
        phone.wait_for_selector("#account-name")
        assert phone.evaluate(CONTROLS, SELECTORS) == []
        sign(phone, server, "Dan", "dan's password", "#sign-up")
        shot(phone, "account_phone_lobby")
        assert phone.evaluate(CONTROLS, SELECTORS) == []
        phone.goto(f"{server}/#/account")
        phone.wait_for_selector("#delete-account")
        shot(phone, "account_phone_page", full_page=True)
        assert phone.evaluate(CONTROLS, SELECTORS) == []
    finally:
        context.close()
