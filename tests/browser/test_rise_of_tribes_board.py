"""Rise of Tribes in chromium, in Spanish: one person and three bots, advanced game (leader
powers, scenario tiles), a few turns played by clicking. Every card shows its name, never its
code, with its effect on hover and on tap; no message key and no English template shows; the
board fits a desktop and a phone screen (screenshots in test-artifacts/)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest

import meeples
from meeples.core.text import catalogue
from tests.browser.conftest import shot
from tests.browser.test_four_players import PHONE, assert_laid_out
from tests.browser.test_other_games import click_on_board, version_of

pytestmark = pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(),
                                reason="no Rise of Tribes")

DESKTOP = {"width": 1366, "height": 768}
KEY = re.compile(r"\brot\.[a-z_.]+")
CODE = re.compile(r"^[DA][1-8]$")


def goals_position() -> str:
    """Return a 4-player advanced position where seat 0 places a die and holds goals in
    progress (found by seeded random playouts)."""
    game = meeples.load("rise_of_tribes")
    for seed in range(30):
        state = game.new(players=4, seed=seed, leaders=True, scenario_tiles=True)
        rng = random.Random(seed)
        while state.outcome is None:
            inner = state.inner
            if state.to_move == 0 and inner.phase == 9 and len(inner.progress[0]) >= 2 and \
                    len(inner.hand) == 2 and sum(map(len, inner.progress)) >= 5:
                return state.position()
            state = state.play(rng.choice(state.legal()))
    raise AssertionError("no position with goals found")


def english_phrases() -> set[str]:
    """Return English board words and templates that Spanish never uses."""
    english, spanish = catalogue("en"), catalogue("es")
    texts = {v for k, v in english.messages.items() if k.startswith(("rot.ui.", "rot.verb."))
             and isinstance(v, str) and "{" not in v}
    texts |= {entry["name"] for kind in ("rot.goal", "rot.event", "rot.power", "rot.action")
              for entry in english.components[kind].values()}
    texts |= {entry["effect"][:30] for entry in english.components["rot.goal"].values()}
    spanish_words = " ".join(v if isinstance(v, str) else " ".join(v.values())
                             for v in spanish.messages.values())
    spanish_words += " ".join(e["name"] for entries in spanish.components.values()
                              for e in entries.values())
    return {text for text in texts if len(text) >= 6 and text not in spanish_words}


def page_text(page: Any) -> str:
    text: str = page.locator("body").inner_text()
    titles = page.evaluate("[...document.querySelectorAll('[title], title')]"
                           ".map((e) => e.getAttribute('title') || e.textContent).join('\\n')")
    return f"{text}\n{titles}"


def assert_worded_in_spanish(page: Any) -> None:
    text = page_text(page)
    assert KEY.findall(text) == []
    english = sorted(phrase for phrase in english_phrases() if phrase in text)
    assert english == []


def test_four_player_game_in_spanish_shows_cards_by_name_with_their_effects(
        page: Any, server: str) -> None:
    spanish = catalogue("es").components
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "es")
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human", "name": "Alba"}, bot, bot, bot]
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "rise_of_tribes", "position": goals_position(), "seats": seats}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.set_viewport_size(DESKTOP)
    page.wait_for_selector("#turn.mine")
    assert "Alba: poner un dado en una acción" in page.locator("body").inner_text()  # the prompt

    # Goals by name with requirement and progress; their effect on hover and on tap.
    chips = page.locator('.rot-chip[data-kind="rot.goal"]')
    assert chips.count() >= 5
    for i in range(chips.count()):
        chip = chips.nth(i)
        ident = chip.get_attribute("data-id")
        name = chip.locator(".rot-chip-name").inner_text().removeprefix("✓ ")
        assert not CODE.match(name) and name == spanish["rot.goal"][ident]["name"]
        assert chip.get_attribute("title") == f"{name}: {spanish['rot.goal'][ident]['effect']}"
    mine = page.locator('.rot-tribe[data-seat="0"] .rot-chip.goal:not(.done)')
    assert mine.count() >= 2 and mine.first.locator(".rot-chip-line").count() >= 2
    mine.first.click()
    popup = page.locator(".rot-popup")
    ident = mine.first.get_attribute("data-id")
    assert popup.is_visible()
    assert popup.locator(".rot-popup-effect").inner_text() == spanish["rot.goal"][ident]["effect"]
    shot(page, "rise_of_tribes_board_es_card_1366")
    popup.locator("button").click()
    assert not popup.is_visible()

    # The Cards panel lists the goals, leader powers and tiles in play with their effects.
    listed = page.locator(".rot-cards dt")
    kinds = {listed.nth(i).get_attribute("data-kind") for i in range(listed.count())}
    assert {"rot.goal", "rot.power", "rot.tile"} <= kinds
    assert_worded_in_spanish(page)

    # A few turns by clicking: dice on rows, hexes, then buttons.
    on_board = 0
    for _ in range(6):
        page.wait_for_selector("#turn.mine, #game-over", timeout=30000)
        if page.locator("#game-over").count():
            break
        version = version_of(page)
        on_board += click_on_board(page)
        page.wait_for_function(
            f"Number(document.querySelector('.match').dataset.version) > {version}")
    assert on_board >= 2 and page.locator(".log li").count() >= 6
    page.wait_for_selector("#turn.mine, #game-over")
    assert_worded_in_spanish(page)
    shot(page, "rise_of_tribes_board_es_1366")
    shot(page, "rise_of_tribes_board_es_1366_full", full_page=True)
    assert_laid_out(page, "1366 px")

    page.set_viewport_size(PHONE)
    page.wait_for_function("document.documentElement.clientWidth === 390")
    shot(page, "rise_of_tribes_board_es_390")
    shot(page, "rise_of_tribes_board_es_390_full", full_page=True)
    assert_laid_out(page, "390 px")
    small = page.evaluate("""() => [...document.querySelectorAll(
        '.rot button, .rot .hex.actionable, .rot .volcano-slot')]
        .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0)
        .filter((r) => r.width < 40 || r.height < 40).length""")
    assert small == 0


def act_position() -> str:
    """Return a 2-player position where seat 0 places the first die of its turn."""
    state = meeples.load("rise_of_tribes").new(players=2, seed=3)
    rng = random.Random(3)
    while not (state.to_move == 0 and state.inner.phase == 9 and len(state.inner.hand) == 2):
        state = state.play(rng.choice(state.legal()))
    return state.position()


def test_last_move_is_highlighted_from_its_parts(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    bot = {"kind": "bot", "level": "random"}
    answer = httpx.post(f"{server}/api/matches", json={
        "game": "rise_of_tribes", "position": act_position(),
        "seats": [{"kind": "human"}, bot]}).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    assert page.locator(".rot-row.last, .hex.last").count() == 0
    version = version_of(page)
    choice = page.locator(".rot-rows .die-choice").first
    row = choice.evaluate("(e) => e.closest('.rot-row').dataset.row")
    choice.click()
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")
    page.wait_for_selector(f'.rot-row.last[data-row="{row}"]')
    assert page.locator(".rot-row.last").count() == 1
    assert KEY.findall(page_text(page)) == []
