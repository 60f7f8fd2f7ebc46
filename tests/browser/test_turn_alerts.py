"""Turn alerts in the browser (issue 25, point 3): the tab's title and icon say it is your turn
and come back after; the sound is off until turned on; a notification while the page is hidden,
its permission asked only from the button, its click bringing the tab forward; the account page
keeps an e-mail address and its choice; the new parts pass axe."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.axe import violations
from tests.browser.conftest import shot
from tests.browser.test_accounts import sign

SEATS = [{"kind": "human"}, {"kind": "human"}]

#: Stand-ins for the browser's notifications, sound and visibility, recording what the page
#: asks of them (Playwright's own notifications cannot be watched, nor a page be hidden).
STUBS = """
window.__notes = []; window.__asked = 0; window.__tones = 0; window.__hidden = false;
window.__focused = 0;
class FakeNotification {
  constructor(title, options) { this.title = title; this.options = options || {};
    this.closed = false; window.__notes.push(this); }
  close() { this.closed = true; }
  static requestPermission() { window.__asked += 1; FakeNotification.permission = 'granted';
    return Promise.resolve('granted'); }
}
FakeNotification.permission = 'default';
window.Notification = FakeNotification;
class FakeAudio {
  constructor() { this.currentTime = 0; this.state = 'running'; this.destination = {}; }
  createOscillator() { window.__tones += 1; return { type: '', frequency: { setValueAtTime() {} },
    connect() {}, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    connect() {} }; }
  resume() { return Promise.resolve(); }
}
window.AudioContext = FakeAudio;
Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
Object.defineProperty(document, 'visibilityState',
  { get: () => (window.__hidden ? 'hidden' : 'visible') });
window.focus = () => { window.__focused += 1; };
"""

ICON = "document.querySelector(\"link[rel~='icon']\").getAttribute('href')"


@pytest.fixture
def pair(browser: Any, server: str) -> Iterator[tuple[Any, Any]]:
    """South and North of a new Sparta match, each in a browser context of its own (North's
    with the stand-ins)."""
    match = httpx.post(f"{server}/api/matches", json={"game": "sparta", "seats": SEATS}).json()
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        context.set_default_timeout(30000)
        if seat == 1:
            context.add_init_script(STUBS)
        page = context.new_page()
        page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][seat]['token']}")
        page.wait_for_selector(".sparta-board")
        pages.append(page)
    yield pages[0], pages[1]
    for page in pages:
        page.context.close()


def move(page: Any, piece: str, target: str) -> None:
    page.wait_for_selector("#turn.mine")
    page.click(f"[data-piece={piece}]")
    page.click(f"[data-target={target}]")


def test_the_title_and_icon_say_it_is_your_turn_and_come_back_after(
    pair: tuple[Any, Any],
) -> None:
    south, north = pair
    south.wait_for_selector("#turn.mine")
    assert south.title() == "● Your turn — Sparta"
    assert north.title() == "Meeples"
    plain = north.evaluate(ICON)
    move(south, "d2", "d4")
    north.wait_for_selector("#turn.mine")
    assert north.title() == "● Your turn — Sparta"
    assert north.evaluate(ICON) != plain and north.evaluate(ICON).startswith("data:image/svg+xml")
    move(north, "c9", "c7")
    north.wait_for_function("document.title === 'Meeples'")
    assert north.evaluate(ICON) == plain


def test_the_title_is_in_the_pages_language(pair: tuple[Any, Any]) -> None:
    south, _ = pair
    south.select_option("#lang", "fr")
    south.wait_for_function("document.title === '● À vous — Sparta'")


def test_the_sound_is_off_until_turned_on_then_plays_when_the_turn_comes(
    pair: tuple[Any, Any],
) -> None:
    south, north = pair
    north.wait_for_selector("#turn-sound")
    assert not north.is_checked("#turn-sound")
    move(south, "d2", "d4")
    north.wait_for_selector("#turn.mine")
    assert north.evaluate("window.__tones") == 0
    move(north, "c9", "c7")
    north.check("#turn-sound")  # heard once at once, so the player knows it
    heard = north.evaluate("window.__tones")
    assert heard > 0 and north.evaluate("localStorage.getItem('meeples.turn_sound')") == "on"
    move(south, "e2", "e4")
    north.wait_for_selector("#turn.mine")
    north.wait_for_function(f"window.__tones > {heard}")
    north.uncheck("#turn-sound")


def test_a_notification_comes_only_when_asked_for_and_the_page_is_hidden(
    pair: tuple[Any, Any],
) -> None:
    south, north = pair
    north.wait_for_selector("#notify-ask")
    assert north.evaluate("window.__asked") == 0  # never asked on load
    north.click("#notify-ask")
    north.wait_for_selector("#notify-state")
    assert north.evaluate("window.__asked") == 1
    move(south, "d2", "d4")  # the page is visible: no notification
    north.wait_for_selector("#turn.mine")
    assert north.evaluate("window.__notes.length") == 0
    move(north, "c9", "c7")
    north.evaluate("window.__hidden = true")
    move(south, "e2", "e4")
    north.wait_for_function("window.__notes.length === 1")
    note = north.evaluate("({title: __notes[0].title, body: __notes[0].options.body})")
    assert note == {"title": "Meeples", "body": "Your turn in Sparta"}
    north.evaluate("window.__notes[0].onclick()")
    assert north.evaluate("[window.__focused, window.__notes[0].closed]") == [1, True]


def test_the_alert_settings_pass_axe(pair: tuple[Any, Any]) -> None:
    _, north = pair
    north.wait_for_selector("#notify-ask")
    north.locator(".settings-card").scroll_into_view_if_needed()
    shot(north, "turn_alert_settings")
    assert violations(north) == []


def test_the_account_page_keeps_an_email_address_and_the_alerts_chosen(
    page: Any, server: str,
) -> None:
    sign(page, server, "Eli", "eli's password", "#sign-up")
    page.goto(f"{server}/#/account")
    page.wait_for_selector("#alerts-form")
    assert page.is_checked("#alert-turn") and page.is_checked("#alert-low-time")
    assert page.locator("#no-mail").count() == 1  # the test server sends no mail
    page.evaluate("document.querySelector('#alert-email').type = 'text'")  # past the browser
    page.fill("#alert-email", "eli@example.org, eve@example.org")
    page.click("#alerts-save")
    page.wait_for_selector("#toast.show.error")
    page.goto(f"{server}/#/")
    page.goto(f"{server}/#/account")
    page.wait_for_selector("#alerts-form")
    page.fill("#alert-email", "eli@example.org")
    page.uncheck("#alert-low-time")
    page.click("#alerts-save")
    page.wait_for_selector("#alerts-forget")
    assert violations(page) == []
    shot(page, "account_alerts")
    page.reload()
    page.wait_for_selector("#alerts-forget")
    assert page.input_value("#alert-email") == "eli@example.org"
    assert page.is_checked("#alert-turn") and not page.is_checked("#alert-low-time")
    page.click("#alerts-forget")
    page.wait_for_function("!document.querySelector('#alerts-forget')")
    assert page.input_value("#alert-email") == ""


def test_the_unsubscribe_link_asks_then_stops_the_mails_under_the_security_policy(
    browser: Any, tmp_path: Any,
) -> None:
    from sqlalchemy import create_engine, select

    from meeples.server import alerts
    from meeples.server.store import database_url
    from meeples.server.tables import account_alerts, accounts
    from tests.browser.conftest import Server, free_port

    running = Server(tmp_path / "meeples.db", free_port())
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # the real CSP
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    try:
        http = httpx.Client(base_url=running.url, headers={"origin": running.url})
        assert http.post("/api/accounts", json={"name": "Fay", "password": "fay's password"}
                         ).status_code == 201
        assert http.put("/api/me/alerts", json={"email": "fay@example.org", "turn": True,
                                                "low_time": True}).status_code == 200
        engine = create_engine(database_url(str(tmp_path / "meeples.db")))
        try:
            key = alerts.server_secret(engine, alerts.UNSUBSCRIBE_KEY)
            with engine.connect() as conn:
                account = conn.execute(select(accounts.c.id)).scalar_one()
            link = f"{running.url}/unsubscribe?t={alerts.unsubscribe_token(key, account)}"
            checked = browser.new_context(bypass_csp=True)  # axe is a script of its own
            try:
                axe_page = checked.new_page()
                axe_page.goto(link)
                axe_page.wait_for_selector("#unsubscribe")
                assert violations(axe_page) == []
            finally:
                checked.close()
            page.goto(link)
            page.wait_for_selector("#unsubscribe")
            page.click("#unsubscribe")
            page.wait_for_selector("#done")
            assert "Fay" in page.inner_text("#done")
            with engine.connect() as conn:
                row = conn.execute(select(account_alerts)).one()
            assert (row.turn, row.low_time) == (False, False)
        finally:
            engine.dispose()
    finally:
        context.close()
        running.stop()
    assert problems == []
