"""The table chat in the page (docs/chat.md): a message is shown as text and nothing in it runs,
the keyboard writes and sends, and on a phone the panel starts folded with an unread count, a
live region says new messages, and axe finds nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.axe import violations

PHONE = {"width": 390, "height": 844}
INJECTION = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script> <b>bold</b>'


def two_players(server: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.post(f"{server}/api/matches", json={
        "game": "sparta", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    return answer


@pytest.fixture
def other(browser: Any) -> Iterator[Any]:
    """The other player's browser, its own context (its own storage)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def open_seat(page: Any, server: str, match: dict[str, Any], seat: int) -> None:
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][seat]['token']}")
    page.wait_for_selector("#chat-toggle")


def test_chat_markup_shows_as_text_and_runs_nothing(page: Any, other: Any, server: str) -> None:
    # Both pages run without the Content-Security-Policy (as every browser test's page): only
    # the way the page puts text in keeps the markup from running here.
    match = two_players(server)
    open_seat(page, server, match, 0)
    open_seat(other, server, match, 1)
    page.fill("#chat-input", INJECTION)
    page.press("#chat-input", "Enter")  # the keyboard sends
    for shown in (page, other):
        shown.wait_for_selector("#chat-log .chat-text")
        assert shown.inner_text("#chat-log .chat-text") == INJECTION
        assert shown.locator("#chat-log img, #chat-log script, #chat-log b").count() == 0
        assert shown.evaluate("window.pwned === undefined")
    assert page.input_value("#chat-input") == ""
    # The other player's screen reader is told; the writer's own message is not said back.
    other.wait_for_function(
        "document.querySelector('#chat-announcer').textContent.includes('<script>')")
    assert page.text_content("#chat-announcer") == ""


def test_chat_on_a_phone_starts_folded_and_counts_unread(page: Any, other: Any, server: str
                                                         ) -> None:
    match = two_players(server)
    page.set_viewport_size(PHONE)
    open_seat(page, server, match, 0)
    open_seat(other, server, match, 1)
    assert page.get_attribute("#chat-toggle", "aria-expanded") == "false"
    assert page.locator("#chat-body").is_hidden()
    other.fill("#chat-input", "your move!")
    other.click("#chat-send")
    page.wait_for_selector("#chat-unread")
    assert page.inner_text("#chat-unread") == "1 unread"
    assert violations(page) == []
    page.click("#chat-toggle")
    assert page.get_attribute("#chat-toggle", "aria-expanded") == "true"
    assert page.inner_text("#chat-log .chat-text") == "your move!"
    assert page.locator("#chat-unread").count() == 0
    assert violations(page) == []


def test_chat_mute_hides_a_seat_until_unmuted(page: Any, other: Any, server: str) -> None:
    match = two_players(server)
    open_seat(page, server, match, 0)
    open_seat(other, server, match, 1)
    other.fill("#chat-input", "noise")
    other.press("#chat-input", "Enter")
    page.wait_for_selector("#chat-log .chat-text")
    page.click("[data-focus='chat-mute-1']")
    page.wait_for_selector(".chat-muted button")
    assert page.locator("#chat-log").count() == 0  # the only message was the muted seat's
    page.click(".chat-muted button")
    page.wait_for_selector("#chat-log .chat-text")


def test_chat_typing_keeps_its_text_and_focus_when_a_move_arrives(
    page: Any, other: Any, server: str
) -> None:
    match = two_players(server)
    open_seat(page, server, match, 1)  # North: types while South moves
    open_seat(other, server, match, 0)
    page.click("#chat-input")
    page.keyboard.type("nice ")
    other.evaluate("window.meeplesSocket.send({type: 'act', action: 'b2-b4', version: 0})")
    page.wait_for_selector(".match[data-version='1']")
    assert page.evaluate("document.activeElement.id") == "chat-input"
    page.keyboard.type("move")
    page.keyboard.press("Enter")
    other.wait_for_selector("#chat-log .chat-text")
    assert other.inner_text("#chat-log .chat-text") == "nice move"


def test_lobby_creates_a_match_with_the_chat_chosen(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=seat1]", "bot:random")
    page.select_option("select[name=chat]", "table")
    page.click("#create")
    page.wait_for_selector("#chat-toggle")
    match_id = page.get_attribute(".match", "data-match")
    assert httpx.get(f"{server}/api/matches/{match_id}").json()["chat"] == "table"
