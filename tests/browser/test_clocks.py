"""The clocks of a timed match on the page: shown in the side column, counting down between the
server's messages, said in words (not by colour alone), and on a phone beside the map, never
over it."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.axe import violations
from tests.browser.conftest import shot

PHONE = {"width": 390, "height": 844}


def timed_match(server: str) -> dict[str, Any]:
    """A live game (10 min + 20 s) of a person against a bot (whose seat has no clock)."""
    answer: dict[str, Any] = httpx.post(f"{server}/api/matches", json={
        "game": "sparta", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        "clock": {"initial": 600, "increment": 20}}).json()
    return answer


def test_the_clock_strip_shows_the_running_clock_counting_down(page: Any, server: str) -> None:
    match = timed_match(server)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    running = page.locator('#clocks [data-clock-seat="0"]')
    first = int(running.locator(".clock-time").get_attribute("data-seconds") or "0")
    page.wait_for_function(
        "(s) => +document.querySelector('#clocks [data-clock-seat=\"0\"] .clock-time')"
        ".dataset.seconds <= s - 2", arg=first)
    shot(page, "clocks_desktop")
    assert 590 <= first <= 600
    assert running.locator(".clock-note").inner_text() == "running"
    assert page.locator('#clocks [data-clock-seat="1"]').count() == 0  # the bot has no clock
    assert "10 min + 20 s" in page.locator("#clocks").inner_text()


def test_the_clock_strip_sits_beside_the_map_on_a_phone(browser: Any, server: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, bypass_csp=True)
    context.set_default_timeout(30000)
    phone = context.new_page()
    try:
        match = timed_match(server)
        phone.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
        phone.wait_for_selector("#turn.mine")
        strip = phone.locator("#clocks").bounding_box()
        board = phone.locator(".board-box").bounding_box()
        shot(phone, "clocks_phone", full_page=True)
    finally:
        context.close()
    assert strip is not None and board is not None
    assert strip["x"] >= 0 and strip["x"] + strip["width"] <= PHONE["width"]
    assert strip["y"] >= board["y"] + board["height"]  # under the map, not over it


def test_a_timed_match_and_the_lobby_clock_settings_have_no_wcag_violation(
    page: Any, server: str
) -> None:
    match = timed_match(server)
    page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][0]['token']}")
    page.wait_for_selector("#clocks")
    in_match = violations(page)
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=clock]", "custom")
    page.wait_for_selector("input[name=clock_minutes]")
    assert (in_match, violations(page)) == ([], [])


def test_the_lobby_creates_a_game_over_days_and_lists_its_time_control(
    page: Any, server: str
) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=clock]", "correspondence")
    page.select_option("select[name=timeout]", "bot")
    page.click("#create")  # seat 1 is a bot by default: straight to the match
    page.wait_for_selector("#clocks")
    match_id = page.url.split("#/m/")[1].split("?")[0]
    shown = httpx.get(f"{server}/api/matches/{match_id}").json()["clock"]
    page.goto(f"{server}/#/")
    listed = page.locator(f'[data-match="{match_id}"] .time-control').first.inner_text()
    assert shown == {"initial": 259200, "increment": 86400, "timeout": "bot"}
    assert "3 d + 1 d" in listed
