"""A Rise of Tribes conflict played through in Spanish (issue 23, points 1 and 10): the move
that starts it is made on the map, the conflict and its losses are told in the log under the
move and in the banner, and the map shows them (screenshots mid-conflict and once it is over,
at 1366×768 and 390×844, and one in a deuteranopia simulation, in test-artifacts/)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from tests.browser.conftest import shot
from tests.browser.test_rise_of_tribes_board import goals_position
from tests.browser.test_rise_of_tribes_keyboard import GAME, open_match

pytestmark = pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(),
                                reason="no Rise of Tribes")

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
#: A red-green colour vision deficiency (deuteranopia), simulated over the whole page.
DEUTERANOPIA = """() => {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.style.position = 'absolute';
  const filter = document.createElementNS(ns, 'filter');
  filter.id = 'deuteranopia';
  const matrix = document.createElementNS(ns, 'feColorMatrix');
  matrix.setAttribute('type', 'matrix');
  matrix.setAttribute('values', '0.625 0.375 0 0 0  0.7 0.3 0 0 0  0 0.3 0.7 0 0  0 0 0 1 0');
  filter.appendChild(matrix);
  svg.appendChild(filter);
  document.body.appendChild(svg);
  document.documentElement.style.filter = 'url(#deuteranopia)';
}"""


def conflict_position() -> tuple[str, str, str]:
    """Return a 2-player position where seat 0's MOVE into a hex starts a conflict there, that
    move, and the hex (found by seeded random playouts)."""
    rules = meeples.load(GAME)
    for seed in range(60):
        state = rules.new(players=2, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            if state.to_move == 0:
                for action in state.legal():
                    parts = state.parts(action)
                    if parts["verb"] == "move":
                        told = [m for m in state.effects(action) if m.key == "rot.fx.conflict"]
                        if told and told[0].params["hex"] == parts["to"]:
                            return state.position(), action, parts["to"]
            state = state.play(rng.choice(state.legal()))
    raise AssertionError("no conflict found")


@pytest.fixture(params=[DESKTOP, PHONE], ids=["1366", "390"])
def screen(browser: Any, request: pytest.FixtureRequest) -> Any:
    size = request.param
    context = browser.new_context(viewport=size, bypass_csp=True, has_touch=size == PHONE,
                                  is_mobile=size == PHONE)
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, size["width"]
    context.close()
    assert errors == []


def test_a_conflict_is_told_in_spanish_in_the_log_and_the_banner(screen: Any, server: str) -> None:
    page, width = screen
    position, move, where = conflict_position()
    source = meeples.load(GAME).parse(position).parts(move)["from"]
    open_match(page, server, position, lang="es")
    tap = page.tap if width == PHONE["width"] else page.click
    tap(f'.rot-board [data-hex="{source}"]')
    page.wait_for_selector(f'.rot-board .hex.target[data-hex="{where}"]')
    tap(f'.rot-board [data-hex="{where}"]')
    told = page.locator(".log .effects li[data-effect='rot.fx.conflict']").first
    told.wait_for()
    page.wait_for_selector("#effects-banner.show")
    shot(page, f"rise_of_tribes_conflict_es_{width}_mid")
    said = told.inner_text()
    assert said.startswith(f"conflicto en el hexágono {where}: Alba con ")
    assert "(Jugador 2) con " in said
    assert said in page.locator("#effects-banner").inner_text()
    page.wait_for_selector(".rot-motion-layer", state="detached", timeout=5000)
    shot(page, f"rise_of_tribes_conflict_es_{width}_end")


def test_players_stay_apart_by_shape_in_a_deuteranopia_simulation(page: Any, server: str) -> None:
    page.set_viewport_size(DESKTOP)
    open_match(page, server, goals_position(), lang="es")
    page.evaluate(DEUTERANOPIA)
    # Four seats, four shapes: the legend's marks and the members' marks on the map.
    legend = page.evaluate("""() => [...document.querySelectorAll('.rot-legend .rot-mark-shape')]
        .map((shape) => shape.tagName + (shape.getAttribute('d') || '').slice(0, 12))""")
    assert len(legend) == 4 and len(set(legend)) == 4
    on_map = page.evaluate("""() => [...document.querySelectorAll('.rot-board .rot-badge.seat')]
        .map((mark) => [mark.dataset.mark, mark.querySelector('.rot-badge-disc').tagName])""")
    shapes = {seat: set() for seat, _ in on_map}
    for seat, tag in on_map:
        shapes[seat].add(tag)
    assert all(len(tags) == 1 for tags in shapes.values())
    shot(page, "rise_of_tribes_deuteranopia_1366")


def test_a_conflict_is_told_in_french_in_the_log_and_the_banner(page: Any, server: str) -> None:
    page.set_viewport_size(DESKTOP)
    position, move, where = conflict_position()
    source = meeples.load(GAME).parse(position).parts(move)["from"]
    open_match(page, server, position, lang="fr")
    page.click(f'.rot-board [data-hex="{source}"]')
    page.wait_for_selector(f'.rot-board .hex.target[data-hex="{where}"]')
    page.click(f'.rot-board [data-hex="{where}"]')
    told = page.locator(".log .effects li[data-effect='rot.fx.conflict']").first
    told.wait_for()
    page.wait_for_selector("#effects-banner.show")
    said = told.inner_text()
    assert said.startswith(f"conflit sur l'hexagone {where} : "), said
    assert said in page.locator("#effects-banner").inner_text()
    shot(page, "rise_of_tribes_conflict_fr_1366_mid")
