"""The page follows the game by updates, and asks for a snapshot when it lost track."""

from __future__ import annotations

from typing import Any

from tests.browser.test_sparta_play import create_in_lobby, log_length

#: Records every text the page sends on its WebSocket.
RECORD_SENDS = """
window.sentTexts = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.sentTexts.push(data);
  return send.call(this, data);
};
"""


def sent_types(page: Any) -> list[str]:
    types: list[str] = page.evaluate("window.sentTexts.map((t) => JSON.parse(t).type)")
    return types


def test_moves_arrive_as_updates_applied_to_the_state(page: Any, server: str) -> None:
    page.add_init_script(RECORD_SENDS)
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=c2]")
    page.click("[data-target=c4]")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    assert log_length(page) == 2 and "sync" not in sent_types(page)
    assert page.evaluate("window.meeplesSocket.state.log.length") == 2


def test_a_page_that_lost_track_asks_for_a_snapshot(page: Any, server: str) -> None:
    page.add_init_script(RECORD_SENDS)
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    # As if an update had been lost: the state held is not the one the next update follows.
    page.evaluate("window.meeplesSocket.state = {...window.meeplesSocket.state, version: -1}")
    page.click("[data-piece=c2]")
    page.click("[data-target=c4]")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    assert "sync" in sent_types(page) and log_length(page) == 2
    assert page.locator(".log li").first.inner_text().endswith("warrior c2 to c4")
