"""The end-of-game summary in chromium: a game won on the next turn start shows, in French,
each player's points by source, the totals and the winner (no key, no English template)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest

import meeples
from meeples.core.text import catalogue
from meeples.games.rise_of_tribes import RULES, data
from tests.browser.conftest import shot
from tests.games.rise_of_tribes.helpers import goals_step

pytestmark = pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(),
                                reason="no Rise of Tribes")

KEY = re.compile(r"\b(?:core|sp|mw|rot)\.[a-z_]+(?:\.[a-z_0-9]+)*\b")
PHONE = {"width": 390, "height": 844}


def last_step_position() -> str:
    """Return a 2-player position where seat 0 ends its turn and seat 1, at 14 VP with two
    villages, reaches 15 when it counts them (§2.3 step 1, R13)."""
    state = goals_step(members={"a": (2, 0), "e": (0, 2), "f": (0, 2)},
                       villages=(-1, -1, -1, -1, 1, 1, -1, -1, -1), score=(5, 14))
    scored = [[0] * len(data.VP_SOURCES) for _ in range(2)]
    scored[0][data.VP_VILLAGES], scored[0][data.VP_DEVELOPMENTS] = 2, 1
    scored[0][data.VP_ACHIEVEMENTS] = 2
    scored[1][data.VP_VILLAGES], scored[1][data.VP_ACHIEVEMENTS] = 10, 4
    import dataclasses

    state = dataclasses.replace(state, scored=tuple(map(tuple, scored)))
    return RULES.format_state(state)


def english_pieces() -> set[str]:
    """Return the English summary texts (labels and titles) the French page must not show."""
    english, french = catalogue("en").messages, catalogue("fr").messages
    return {str(english[key]) for key in english
            if key.startswith(("rot.source.", "core.summary.")) and english[key] != french[key]}


def test_summary_of_a_finished_game_in_french(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "rise_of_tribes", "position": last_step_position(),
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    page.click('button[data-action="done"]')
    page.wait_for_selector("#game-over #summary")
    shot(page, "summary_rise_of_tribes_fr_1280")
    table = page.locator("#summary")
    rows = {row.locator("th").inner_text(): row.locator("td").all_inner_texts()
            for row in table.locator("tbody tr").all()}
    assert rows["Villages (comptés à chaque début de tour)"] == ["2", "11"]
    assert rows["Points de victoire"] == ["5", "15"]
    assert table.locator("thead th.won").count() == 1
    assert "vainqueur" in table.locator("thead th.won").inner_text()
    text = page.locator("#game-over").inner_text()
    assert KEY.findall(text) == []
    assert [piece for piece in english_pieces() if piece in text] == []
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.documentElement.clientWidth === 390")
    shot(page, "summary_rise_of_tribes_fr_390")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]


def meeple_war_last_done() -> tuple[str, int]:
    """Return a 4-player Meeple War position whose "done" ends the game (the round limit), and
    the seat to play it (a seeded random game)."""
    game = meeples.load("meeple_war")
    for seed in range(5, 40):
        state = game.new(players=4, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            before = state
            state = state.play(rng.choice(state.legal())).settle()
        if state.history[-1] == "done" and before.to_move not in (None, meeples.CHANCE):
            return before.position(), before.to_move
    raise AssertionError("no seeded game ends on a 'done'")


@pytest.mark.skipif("meeple_war" not in meeples.game_names(), reason="no Meeple War")
def test_summary_of_four_players_fits_a_phone(page: Any, server: str) -> None:
    position, mover = meeple_war_last_done()
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human"} if seat == mover else bot for seat in range(4)]
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "meeple_war", "position": position, "seats": seats}).json()
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][mover]['token']}")
    page.wait_for_selector("#turn.mine")
    page.click('button[data-action="done"]')
    page.wait_for_selector("#game-over #summary")
    shot(page, "summary_meeple_war_4p_fr_390")
    table = page.locator("#summary")
    assert table.locator("thead th").count() == 5
    facts = table.locator("tbody tr.fact th").all_inner_texts()
    assert facts == ["Échelle de Bravoure (1er départage)", "Meeples sur la carte (2e départage)"]
    assert KEY.findall(page.locator("#game-over").inner_text()) == []
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]


def test_summary_end_card_taller_than_a_phone_scrolls_to_its_top(page: Any, server: str) -> None:
    position, mover = meeple_war_last_done()
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human"} if seat == mover else bot for seat in range(4)]
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "meeple_war", "position": position, "seats": seats}).json()
    page.set_viewport_size({"width": 390, "height": 600})
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][mover]['token']}")
    page.wait_for_selector("#turn.mine")
    page.click('button[data-action="done"]')
    page.wait_for_selector("#game-over #summary")
    card = page.locator("#game-over .card").bounding_box()
    assert card["height"] > 600 and card["y"] >= 0
    page.locator("#game-over .button.primary").scroll_into_view_if_needed()
    assert page.locator("#game-over .button.primary").is_visible()
