"""Rise of Tribes for a screen reader (issue 31, point 2): the map is a named group whose hexes
are named in the page's language (terrain or tile, members of each player by the names the page
gives them, invaders, villages, a population over the limit, their part in the decision), read
here from the browser's accessibility tree in Spanish; the drawing inside is hidden from it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from meeples.core.text import catalogue, render
from tests.browser.test_rise_of_tribes_board import goals_position
from tests.browser.test_rise_of_tribes_keyboard import GAME, move_position, open_match

pytestmark = pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(),
                                reason="no Rise of Tribes")


def hex_names(page: Any) -> list[str]:
    """Return the names of the map's buttons, as the accessibility tree has them."""
    tree: str = page.locator(".rot-board").aria_snapshot()
    names = []
    for line in tree.splitlines()[1:]:
        item = line.strip().removeprefix("- ")
        if item.startswith("'"):  # YAML quotes an item holding ": "
            item = item[1:-1].replace("''", "'")
        assert item.startswith('button "'), tree  # nothing but the hexes
        names.append(item[len('button "'):item.rindex('"')])
    return names


def over_limit_position() -> tuple[str, dict[str, Any]]:
    """Return a 2-player position where seat 0 decides while a hex holds more than its
    population limit, with that hex of the view."""
    rules = meeples.load(GAME)
    for seed in range(40):
        state = rules.new(players=2, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            if state.to_move == 0:
                for hex_ in state.view(0)["hexes"]:
                    if sum(hex_["members"]) + hex_["invaders"] > hex_["limit"] and hex_["invaders"]:
                        return state.position(), hex_
            state = state.play(rng.choice(state.legal()))
    raise AssertionError("no hex over its limit")


def test_every_hex_is_named_in_spanish_with_its_terrain_and_members(page: Any, server: str) -> None:
    position = goals_position()
    spanish = catalogue("es").components
    open_match(page, server, position, lang="es")
    hexes = meeples.load(GAME).parse(position).view(None)["hexes"]
    names = hex_names(page)
    assert len(names) == len(hexes)
    for hex_, name in zip(hexes, names, strict=True):
        terrain = spanish["rot.terrain"][hex_["terrain"]]["name"]
        ground = f"{spanish['rot.tile'][hex_['tile_id']]['name']} ({terrain})" if hex_["tile_id"] \
            else terrain
        assert name.startswith(f"hexágono {hex_['name']}, {ground}"), name
        for seat, n in enumerate(hex_["members"]):
            if n:
                who = "Alba" if seat == 0 else f"(Jugador {seat + 1})"
                said = f"{n} miembro de" if n == 1 else f"{n} miembros de"
                assert said in name and who in name, name
        assert ("aldea de" in name) == (hex_["village"] is not None), name


def test_a_hex_over_its_limit_says_so_and_names_its_invaders(page: Any, server: str) -> None:
    position, crowded = over_limit_position()
    open_match(page, server, position, lang="es")
    name = next(n for n in hex_names(page) if n.startswith(f"hexágono {crowded['name']},"))
    invaders = crowded["invaders"]
    assert f"{invaders} invasor" in name
    assert f"por encima de su límite de población de {crowded['limit']}" in name
    total = sum(crowded["members"]) + invaders
    tag = page.locator(f'.rot-board [data-marks-for="{crowded["name"]}"] .hex-over-text')
    assert tag.text_content() == f"{total}/{crowded['limit']}"
    assert "invasores" in page.locator(".rot-legend").inner_text()


def test_targets_are_named_by_what_choosing_them_does(page: Any, server: str) -> None:
    position, move = move_position()
    state = meeples.load(GAME).parse(position)
    source = move.split("-")[0]
    moves = [a for a in state.legal()
             if state.parts(a)["verb"] == "move" and a.startswith(f"{source}-")]
    open_match(page, server, position, lang="es")
    page.click(f'.rot-board [data-hex="{source}"]')
    page.wait_for_selector(".rot-board .hex.target")
    names = hex_names(page)
    for action in moves:
        target = action.split("-")[1]
        name = next(n for n in names if n.startswith(f"hexágono {target},"))
        assert name.endswith(f"destino: {render(state.describe_message(action), 'es')}"), name
    selected = next(n for n in names if n.startswith(f"hexágono {source},"))
    assert selected.endswith("seleccionado; Esc cancela")
