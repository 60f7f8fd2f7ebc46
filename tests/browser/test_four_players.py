"""Four players from the lobby: one person and three bots, a few turns played by clicking, and
the layout checked at desktop and phone widths (nothing overlaps, nothing runs off the page)."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

import meeples
from meeples.core.text import catalogue
from tests.browser.conftest import shot
from tests.browser.test_other_games import click_on_board, play_turns
from tests.browser.test_three_players import last_turn

GAMES = [name for name in ("meeple_war", "rise_of_tribes") if name in meeples.game_names()]
PHONE = {"width": 390, "height": 844}

# The pairs of elements matching a selector whose boxes overlap (by more than a pixel each way).
OVERLAPS = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const pairs = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (x > 1 && y > 1) pairs.push([i, i + 1 + j]);
  }));
  return pairs;
}"""

# Everything that sits side by side or in a list: panels, players, legends, tables, buttons.
BLOCKS = [
    ".match-layout > .board-box, .match-layout > .side",
    "ul.players li",
    ".mw-villages > .panel",
    ".mw-slots > .mw-slot",
    ".rot > *",
    ".side > *",
    ".card .row > *",
    ".seat-row",
]


def assert_laid_out(page: Any, where: str) -> None:
    """Assert no two blocks of a kind overlap and the page does not scroll sideways."""
    for selector in BLOCKS:
        assert page.evaluate(OVERLAPS, selector) == [], f"{selector} overlap at {where}"
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways at {where}: {width}"


def create_four(page: Any, server: str, game: str, lang: str = "en") -> None:
    """Create a 4-player game in the lobby, seat 1 for this browser and three random bots."""
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    page.select_option("select[name=game]", game)
    page.select_option("select[name=players]", "4")
    for seat in (1, 2, 3):
        page.select_option(f"select[name=seat{seat}]", "bot:random")
    page.set_viewport_size(PHONE)
    shot(page, f"{game}_four_players_lobby_390", full_page=True)
    assert_laid_out(page, "the lobby at 390 px")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#create")
    page.wait_for_selector(".match[data-version]")


@pytest.mark.parametrize("game", GAMES)
def test_four_player_game_is_played_by_clicking_and_fits_desktop_and_phone(
    page: Any, server: str, game: str
) -> None:
    create_four(page, server, game)
    assert page.locator("ul.players li").count() == 4
    made, on_board = play_turns(page, 5)
    assert made >= 4 and on_board >= 2
    page.wait_for_selector("#turn.mine, #game-over")
    shot(page, f"{game}_four_players_1280", full_page=True)
    assert_laid_out(page, "1280 px")
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.documentElement.clientWidth === 390")
    shot(page, f"{game}_four_players_390", full_page=True)
    assert_laid_out(page, "390 px")
    assert page.locator(".log li").count() >= 8


KEY = re.compile(r"\b(?:core|sp|mw|rot)\.[a-z_]+(?:\.[a-z_0-9]+)*\b")


def english_fragments(game: str, lang: str) -> set[str]:
    """Return the fixed parts (12 characters or more) of a game's English templates that the
    other language words differently: none of them may show on a page in that language."""
    english, other = catalogue("en").messages, catalogue(lang).messages
    prefix = {"meeple_war": "mw.", "rise_of_tribes": "rot.", "sparta": "sp."}[game]
    fragments = set()
    for key, template in english.items():
        if not key.startswith((prefix, "core.")):
            continue
        forms = template.values() if isinstance(template, dict) else [template]
        theirs = json.dumps(other[key], ensure_ascii=False)
        for form in forms:
            for piece in re.split(r"\{[a-z_]+\}", form):
                piece = piece.strip(" ,.:;()")
                if len(piece) >= 12 and piece not in theirs:
                    fragments.add(piece)
    return fragments


@pytest.mark.parametrize("game", GAMES)
def test_four_player_game_in_french_shows_no_key_and_no_english_template(
    page: Any, server: str, game: str
) -> None:
    create_four(page, server, game, "fr")
    made, _ = play_turns(page, 5)
    assert made >= 4
    page.wait_for_selector("#turn.mine, #game-over")
    shot(page, f"{game}_four_players_fr_1280", full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"{game}_four_players_fr_1366x768")
    text = page.locator("body").inner_text()
    titles = " ".join(page.eval_on_selector_all("[title]", "els => els.map((e) => e.title)"))
    assert KEY.findall(text + " " + titles) == []
    shown = [piece for piece in english_fragments(game, "fr") if piece in text]
    assert shown == []
    assert page.locator(".log li").count() >= 8


@pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(), reason="no Rise of Tribes")
def test_four_player_end_screen_ranks_everyone_within_a_phone_screen(
    page: Any, server: str
) -> None:
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human", "name": "Alexandrine"}, bot, bot, bot]
    answer = httpx.post(
        f"{server}/api/matches",
        json={"game": "rise_of_tribes", "position": last_turn("rise_of_tribes", 4), "seats": seats},
    ).json()
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][0]['token']}")
    page.wait_for_selector("#turn.mine")
    click_on_board(page)
    page.wait_for_selector("#game-over")
    shot(page, "rise_of_tribes_four_players_end_390")
    assert page.locator("#game-over .ranked").count() == 4
    assert page.evaluate(OVERLAPS, "#game-over ol.ranking li") == []
    card = page.locator("#game-over .card").bounding_box()
    assert card["x"] >= 0 and card["x"] + card["width"] <= PHONE["width"]
    assert_laid_out(page, "the end screen at 390 px")
