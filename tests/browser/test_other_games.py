"""Meeple War and Rise of Tribes in chromium: several turns against a bot, by clicking."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

import meeples
from tests.browser.conftest import shot

GAMES = [name for name in ("meeple_war", "rise_of_tribes") if name in meeples.game_names()]


def version_of(page: Any) -> int:
    return int(page.get_attribute(".match", "data-version"))


def click_on_board(page: Any) -> int:
    """Click an offered action, on the board when it offers one: a highlighted hex (then its
    highlighted target, or the action for that hex), else a worker branch, else a button.

    Whatever is clickable was drawn from the legal actions the server sent. Return 1 when the
    action was chosen on the map or a village, 0 when with a button.
    """
    hexes = page.locator(".board .hex.actionable")
    if hexes.count():
        hexes.first.click()
        if not page.locator(".hex.selected").count():
            return 1  # the hex had a single action: it was sent at once
        targets = page.locator(".board .hex.target")
        if not targets.count():
            page.locator("button[data-action]").first.click()  # the actions on that hex
            return 1
        targets.first.click()
        if page.locator(".board .hex.chosen").count():  # several actions reach that target
            page.locator("button[data-action]").first.click()
        return 1
    dice = page.locator(".rot-rows .die-choice")
    if dice.count():
        dice.first.click()
        return 1
    nodes = page.locator(".mw-path .node.target")
    if nodes.count():
        nodes.first.click()
        return 1
    page.locator("button[data-action]").first.click()
    return 0


def play_turns(page: Any, clicks: int) -> tuple[int, int]:
    """Click an offered action whenever it is our turn; return the clicks, and those on a board."""
    made = on_board = 0
    for _ in range(clicks):
        page.wait_for_selector("#turn.mine, #game-over", timeout=30000)
        if page.locator("#game-over").count():
            break
        version = version_of(page)
        on_board += click_on_board(page)
        page.wait_for_function(
            f"Number(document.querySelector('.match').dataset.version) > {version}"
        )
        made += 1
    return made, on_board


@pytest.mark.parametrize("game", GAMES)
def test_several_turns_are_played_by_clicking(page: Any, server: str, game: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".match[data-version]")
    shot(page, f"{game}_start")
    made, on_board = play_turns(page, 8)
    shot(page, f"{game}_after_turns")
    assert made >= 6 and on_board >= 3
    assert page.locator(".log li").count() >= 6


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_game_has_rule_help_in_each_language(page: Any, server: str, lang: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    for game in meeples.game_names():
        page.goto(f"{server}/#/rules/{game}")
        # numbered rules (h3 each) or a hand-kept summary (h4 sections)
        page.wait_for_selector(".rule-text h3, .rule-text h4")
    shot(page, f"rules_{lang}")


def first_state(game: str, seeds: int, plies: int, wanted: Callable[[Any], bool]) -> Any:
    """Return the first state of seeded 3-player random playouts whose mover is wanted."""
    for seed in range(seeds):
        state = meeples.load(game).new(players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(plies):
            if state.outcome is not None:
                break
            if state.to_move is not None and wanted(state):
                return state
            state = state.play(rng.choice(state.legal()))
    raise AssertionError(f"no wanted position in {seeds} {game} playouts")


def _bombing(state: Any) -> re.Match[str] | None:
    return next((b for a in state.legal() if (b := re.search(r":bomb@(\d+)\.(\d+)<", a))), None)


def bombing_position() -> tuple[str, str, int]:
    """Return a Meeple War position where the player to move may bomb a building, that
    building's hex and the player."""
    state = first_state("meeple_war", 20, 600, lambda s: _bombing(s) is not None)
    found = _bombing(state)
    assert found is not None
    hex_name = state.view(state.to_move)["villages"][int(found[1])][int(found[2]) - 1]
    return state.position(), hex_name, state.to_move


@pytest.mark.skipif("meeple_war" not in meeples.game_names(), reason="no Meeple War")
def test_meeple_war_bombing_is_chosen_on_the_target_building(page: Any, server: str) -> None:
    position, target, mover = bombing_position()
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human"} if seat == mover else bot for seat in range(3)]
    answer = httpx.post(
        f"{server}/api/matches", json={"game": "meeple_war", "position": position, "seats": seats}
    ).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][mover]['token']}")
    page.wait_for_selector("#turn.mine")
    version = version_of(page)
    page.click(f'.board .hex.actionable[data-hex="{target}"]')
    if page.locator(".board .hex.selected").count():
        page.locator(".mw > .panel button[data-action*='bomb']").first.click()
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")
    shot(page, "meeple_war_bombing")
    assert "Bomb" in page.locator(".log li").last.inner_text()


def vent_position() -> tuple[str, int, list[str]]:
    """Return a Rise of Tribes position where the player to move puts the volcano (with a
    choice of slots), that player and the volcano actions offered."""
    state = first_state(
        "rise_of_tribes", 30, 3000,
        lambda s: s.legal()[0].startswith("vent ") and len(s.legal()) > 1,
    )
    return state.position(), state.to_move, state.legal()


@pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(), reason="no Rise of Tribes")
def test_rise_of_tribes_volcano_is_put_by_clicking_a_slot_beside_the_map(
    page: Any, server: str
) -> None:
    position, mover, vents = vent_position()
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human"} if seat == mover else bot for seat in range(3)]
    answer = httpx.post(
        f"{server}/api/matches",
        json={"game": "rise_of_tribes", "position": position, "seats": seats},
    ).json()
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][mover]['token']}")
    page.wait_for_selector("#turn.mine")
    slots = page.locator(".board .volcano-slot.actionable")
    assert slots.count() == len(vents) and page.locator("button[data-action^='vent']").count() == 0
    assert "volcano" in slots.first.locator("title").text_content()
    shot(page, "rise_of_tribes_volcano_slots")
    version = version_of(page)
    page.click(f'.board .volcano-slot[data-action="{vents[-1]}"]')
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")
    page.wait_for_selector(".board .hex.volcano")
    assert any("volcano" in text for text in page.locator(".log li").all_inner_texts())


def building_position() -> tuple[str, int]:
    """Return a Meeple War position whose player to move may build several buildings, and that
    player (found by seeded random playouts)."""
    rules = meeples.load("meeple_war")
    for seed in range(20):
        state = rules.new(players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            legal = state.legal()
            if state.to_move is not None and sum(":build:" in a for a in legal) >= 6:
                return state.position(), state.to_move
            state = state.play(rng.choice(legal))
    raise AssertionError("no construction found")


@pytest.mark.skipif("meeple_war" not in meeples.game_names(), reason="no Meeple War")
def test_meeple_war_construction_is_chosen_by_building_and_slot(page: Any, server: str) -> None:
    position, mover = building_position()
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human"} if seat == mover else bot for seat in range(4)]
    answer = httpx.post(
        f"{server}/api/matches", json={"game": "meeple_war", "position": position, "seats": seats}
    ).json()
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][mover]['token']}")
    page.wait_for_selector("#turn.mine")
    # The group of the Done button is named in French too.
    assert page.locator(".mw > .actions-panel legend").first.inner_text() == "terminé (1)"
    rows = page.locator(".build-rows .build-row")
    assert rows.count() >= 2 and rows.count() < page.locator(".build-row button").count()
    name = rows.last.locator(".build-name").inner_text()
    version = version_of(page)
    rows.last.locator("button").last.click()
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")
    built = f"construit {name} sur l'emplacement"  # the log's third-person form (mw.build.log)
    assert any(built in text for text in page.locator(".log li").all_inner_texts())
