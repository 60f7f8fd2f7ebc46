"""Meeple War's board in chromium, in French: turns played against a bot by clicking, the forests
and Trees drawn, the drawn tile previewed on the map in each rotation, the Tree placed on an
edge, no message key nor English template shown, and the layout at 1366x768 and 390x844
(screenshots in test-artifacts/)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import httpx
import pytest

import meeples
from tests.browser.conftest import shot

pytestmark = pytest.mark.skipif("meeple_war" not in meeples.game_names(), reason="no Meeple War")

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
KEY = re.compile(r"\bmw\.[a-z_.]+")


def catalogue(lang: str) -> dict[str, Any]:
    text = resources.files("meeples.games.meeple_war").joinpath("text", f"{lang}.json")
    data: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return data


def english_only() -> tuple[list[str], list[re.Pattern[str]]]:
    """Return the English wording a French page must not show: the literal pieces of the English
    templates (two words or more, found in no French or Spanish template) and the English
    component names that differ from the French ones."""
    en, fr, es = (catalogue(lang) for lang in ("en", "fr", "es"))

    def forms(value: Any) -> list[str]:
        return list(value.values()) if isinstance(value, dict) else [value]

    elsewhere = " ".join(f for c in (fr, es) for v in c["messages"].values() for f in forms(v))
    pieces = set()
    for value in en["messages"].values():
        for form in forms(value):
            for piece in re.split(r"\{[a-z_]+\}", form):
                piece = piece.strip(" ,.:;()")
                if len(piece) >= 10 and " " in piece and piece not in elsewhere:
                    pieces.add(piece)
    names = []
    for kind, entries in en["components"].items():
        for ident, entry in entries.items():
            if entry["name"] != fr["components"][kind][ident]["name"]:
                names.append(re.compile(rf"\b{re.escape(entry['name'])}\b"))
    return sorted(pieces), names


def assert_french(page: Any, where: str) -> None:
    """Assert the page shows no message key and no English Meeple War wording."""
    text = page.locator("body").inner_text()
    assert not KEY.search(text), f"a message key is shown at {where}: {KEY.search(text)}"
    pieces, names = english_only()
    found = [p for p in pieces if p in text] + [n.pattern for n in names if n.search(text)]
    assert found == [], f"English shown at {where}: {found}"


def version_of(page: Any) -> int:
    return int(page.get_attribute(".match", "data-version"))


def wait_newer(page: Any, version: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {version}")


def click_a_decision(page: Any) -> None:
    """Choose an offered action the way a person does on this board: a highlighted hex (then
    its target, then a count), a Tree edge, a way of laying the drawn tile, a worker branch, or a
    button of the decision panel (Done last)."""
    hexes = page.locator(".mw-board .hex.actionable")
    if hexes.count():
        hexes.first.click()
        if not page.locator(".mw-board .hex.selected").count():
            return
        targets = page.locator(".mw-board .hex.target")
        if targets.count():
            targets.first.click()
            if not page.locator(".mw-board .hex.chosen").count():
                return
        page.locator(".mw-decision .mw-selected button[data-action]").first.click()
        return
    for selector in (".mw-edge-choice", ".mw-rot", ".mw-path .node.target",
                     ".mw-decision button[data-action]:not(.mw-done)",
                     ".mw-decision button[data-action]"):
        found = page.locator(selector)
        if found.count():
            found.first.click()
            return
    raise AssertionError("nothing to click")


def open_french(page: Any, server: str, size: dict[str, int] = DESKTOP) -> None:
    page.set_viewport_size(size)
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")


def assert_decision_in_sight(page: Any) -> None:
    """At 1366x768 the map, the prompt and the first control are all on screen, unscrolled."""
    page.evaluate("window.scrollTo(0, 0)")
    for selector in (".mw-board", ".mw-decision .mw-prompt", ".mw-decision button"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + min(box["height"], 60) <= DESKTOP["height"], selector
    board = page.locator(".mw-board").bounding_box()
    assert board is not None and board["y"] + board["height"] <= DESKTOP["height"] + 1
    assert page.locator(".mw-decision .mw-prompt").inner_text().strip()


def assert_fits_a_phone(page: Any) -> None:
    """At 390 px the map's box is as wide as the screen at most (a wider map scrolls inside it,
    its hexes kept 40 px wide) and every control is 40 px or more."""
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.documentElement.clientWidth === 390")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"
    board = page.locator(".mw-map").bounding_box()
    assert board is not None and board["width"] <= PHONE["width"]
    small = page.evaluate("""() => [...document.querySelectorAll(
        '.mw button, .mw summary, .mw-path .node.target .hit, .mw-edge-choice .hit')]
      .map((e) => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0 && (r.height < 39.5 || r.width < 39.5))
      .map(([t, r]) => `${t} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert small == [], f"controls under 40 px: {small}"


def test_meeple_war_in_french_against_a_bot_by_clicking(page: Any, server: str) -> None:
    open_french(page, server)
    page.select_option("select[name=game]", "meeple_war")
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".match[data-version] .mw-board")
    page.wait_for_selector("#turn.mine")
    assert_decision_in_sight(page)
    assert_french(page, "the start")
    clicks = 0
    for _ in range(14):
        page.wait_for_selector("#turn.mine, #game-over", timeout=30000)
        if page.locator("#game-over").count():
            break
        version = version_of(page)
        click_a_decision(page)
        wait_newer(page, version)
        clicks += 1
        assert_french(page, f"click {clicks}")
    page.wait_for_selector("#turn.mine, #game-over")
    assert clicks >= 8 and page.locator(".log li").count() >= 8
    page.set_viewport_size(DESKTOP)
    assert_decision_in_sight(page)
    shot(page, "meeple_war_board_fr_1366")
    assert_fits_a_phone(page)
    shot(page, "meeple_war_board_fr_390")
    shot(page, "meeple_war_board_fr_390_full", full_page=True)


def found_position(wanted: Callable[[Any], bool], players: int = 2) -> Any:
    """Return the first state of seeded random playouts whose player to move is wanted."""
    game = meeples.load("meeple_war")
    for seed in range(40):
        state = game.new(players=players, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            if not state.is_chance and wanted(state):
                return state
            state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
    raise AssertionError("no wanted position in 40 playouts")


def verbs(state: Any) -> list[str]:
    return [state.parts(a)["verb"] for a in state.legal()]


def play_from(page: Any, server: str, state: Any, size: dict[str, int] = DESKTOP) -> None:
    """Open, in French, a match from a position with this browser on the player to move (asked
    about "at any time" tokens on their own turn: a position may start in a token window)."""
    mover = state.to_move
    bot = {"kind": "bot", "level": "random"}
    human = {"kind": "human", "anytime": "own"}
    seats = [human if seat == mover else bot for seat in range(state.players)]
    answer = httpx.post(
        f"{server}/api/matches", json={"game": "meeple_war", "position": state.position(),
                                       "seats": seats},
    ).json()
    open_french(page, server, size)
    page.goto(f"{server}/#/m/{answer['id']}?t={answer['seats'][mover]['token']}")
    page.wait_for_selector("#turn.mine")


def test_meeple_war_forests_and_trees_are_drawn_edge_by_edge(page: Any, server: str) -> None:
    def forested(state: Any) -> bool:
        view = state.view(state.to_move) if state.to_move is not None else {}
        sides = sum(len(tile["forest"]) for tile in view.get("map", []))
        return sides >= 6 and bool(view.get("trees")) and "move" in verbs(state)

    state = found_position(forested)
    view = state.view(state.to_move)
    play_from(page, server, state)
    forests = page.locator(".mw-board .mw-forests .mw-forest")
    assert forests.count() == sum(len(tile["forest"]) for tile in view["map"])
    assert page.locator(".mw-board .mw-forests .tree").count() == len(view["trees"])
    assert page.locator(".mw-legend").inner_text().count("Forêt") >= 1
    shot(page, "meeple_war_board_forests")
    assert_french(page, "the forests")


def test_meeple_war_drawn_tile_is_previewed_on_the_map_in_each_rotation(
    page: Any, server: str
) -> None:
    state = found_position(lambda s: verbs(s).count("rotate") >= 2)
    rotations = [state.parts(a)["rotation"] for a in state.legal()]
    spot = state.view(state.to_move)["drawn_tile"]["hex"]
    play_from(page, server, state)
    preview = page.locator(".mw-board .mw-preview .mw-drawn")
    assert preview.count() == 1
    assert int(preview.get_attribute("data-rotation")) == rotations[0]
    buttons = page.locator(".mw-decision .mw-rot")
    assert buttons.count() == len(rotations)
    assert buttons.first.locator("svg .mw-forest").count() >= 1  # a picture of the tile
    buttons.nth(1).hover()
    assert int(preview.get_attribute("data-rotation")) == rotations[1]
    page.click(f'.mw-board .hex[data-hex="{spot}"]')  # the tile on the map cycles
    assert int(page.get_attribute(".mw-preview .mw-drawn", "data-rotation")) == rotations[1]
    shot(page, "meeple_war_board_rotation_preview")
    assert_french(page, "the rotation")
    version = version_of(page)
    page.locator(".mw-decision .mw-rot").last.click()
    wait_newer(page, version)
    assert page.locator(f'.mw-board .hex[data-hex="{spot}"] .hex-shape').count()


def test_meeple_war_tree_is_placed_by_clicking_an_edge(page: Any, server: str) -> None:
    state = found_position(lambda s: "tree" in verbs(s))
    trees = [a for a in state.legal() if a.startswith("tree:")]
    play_from(page, server, state)
    edges = page.locator(".mw-board .mw-edge-choice")
    assert edges.count() == len(trees)
    for i in range(edges.count()):
        box = edges.nth(i).locator(".hit").bounding_box()
        assert box is not None and max(box["width"], box["height"]) >= 40
    shot(page, "meeple_war_board_tree_edges")
    version = version_of(page)
    edges.first.click()
    wait_newer(page, version)
    page.wait_for_selector(".mw-board .mw-forests .tree")
    log = page.locator(".log li").all_inner_texts()
    assert any("Arbre-qui-cache-la-forêt" in text for text in log)


def test_meeple_war_replay_shows_the_board_without_a_decision(page: Any, server: str) -> None:
    from tests.browser.test_three_players import last_turn

    state = meeples.load("meeple_war").parse(last_turn("meeple_war", 2))
    play_from(page, server, state)
    match = page.evaluate("document.querySelector('.match').dataset.match")
    click_a_decision(page)
    page.wait_for_selector("#game-over")
    page.goto(f"{server}/#/replay/{match}")
    page.wait_for_selector(".replay .mw-board")
    assert page.locator(".mw-decision").count() == 0
    page.keyboard.press("Home")
    page.wait_for_selector("#replay-step")
    assert_french(page, "the replay")
    shot(page, "meeple_war_board_replay")
