"""The Meeple War and Rise of Tribes boards: sized to the console, plain in pipes and with
NO_COLOR, owners by letter, forests, Trees, unexplored hexes and rotation previews drawn."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

import meeples
from meeples.core.game import State
from meeples.terminal import renderer_for

MEEPLE_WAR = meeples.load("meeple_war")
RISE = meeples.load("rise_of_tribes")


def draw(state: State[Any, Any], width: int, *, terminal: bool = True,
         no_color: bool = False) -> list[str]:
    """Return the lines a console of that width shows for the player to move (a tall one: on
    a short terminal the Meeple War map is listed, see test_meeple_war_fit)."""
    console = Console(file=io.StringIO(), width=width, height=200, force_terminal=terminal,
                      color_system="standard" if no_color else None, no_color=no_color)
    player = state.to_move
    legal = state.legal()
    console.print(renderer_for(state.game.name).render(state.view(player), legal))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return [line.rstrip() for line in text.splitlines()]


def reach(game: str, players: int, seed: int, found: Callable[[State[Any, Any]], bool],
          limit: int = 3000) -> State[Any, Any]:
    """Return the first state of a seeded random game where ``found`` holds."""
    state = meeples.load(game).new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if found(state):
            return state
        assert state.outcome is None, "the game ended before the state looked for"
        state = state.play(rng.choice(state.legal())).settle()  # chance by the dealer
    raise AssertionError("no such state within the limit")


def along_a_game(game: str, players: int, plies: int, every: int) -> list[State[Any, Any]]:
    state = meeples.load(game).new(players=players, seed=players)
    rng = random.Random(players)
    out = []
    for ply in range(plies):
        if state.outcome is not None:
            break
        if ply % every == 0:
            out.append(state)
        state = state.play(rng.choice(state.legal())).settle()  # chance by the dealer
    return out


@pytest.mark.parametrize("width", [80, 100, 120])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_meeple_war_board_fits_the_width_all_game_long(players: int, width: int) -> None:
    for state in along_a_game("meeple_war", players, 400, 25):
        lines = draw(state, width)
        assert max(len(line) for line in lines) <= width


@pytest.mark.parametrize("width", [80, 100, 120])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_meeple_war_opening_board_is_a_hex_grid(players: int, width: int) -> None:
    lines = draw(MEEPLE_WAR.new(players=players, seed=1), width)
    assert any("|0,0" in line for line in lines)
    assert not any(line.startswith("Map (hex") for line in lines)


def test_four_player_cells_are_wider_at_100_columns_than_at_80() -> None:
    state = MEEPLE_WAR.new(players=4, seed=1)
    assert any("Tower 2VP" in line for line in draw(state, 100))
    narrow = draw(state, 80)
    assert max(len(line) for line in narrow) <= 80


def test_meeple_war_beside_the_players_at_120_columns() -> None:
    lines = draw(MEEPLE_WAR.new(players=4, seed=1), 120)
    assert any("|" in line and "bravery 0/7" in line for line in lines)
    assert len(lines) <= 40  # a 4-player board fits a 120x40 terminal


def test_meeple_war_in_a_pipe_is_a_list_of_hexes_with_owner_letters() -> None:
    lines = draw(MEEPLE_WAR.new(players=4, seed=1), 80, terminal=False)
    text = "\n".join(lines)
    assert "Map (hex: tile, meeples, forest sides):" in text
    assert not any(line.startswith("|") for line in lines)
    assert "gate of R" in text and "gate of Y" in text
    assert "0,3 VS worker S -/6" in text or "VS worker S -/6" in text


def test_meeple_war_with_no_color_is_the_plain_list() -> None:
    text = "\n".join(draw(MEEPLE_WAR.new(players=2, seed=1), 100, no_color=True))
    assert "Map (hex: tile, meeples, forest sides):" in text


def test_meeple_war_grid_marks_owners_by_letter() -> None:
    text = "\n".join(draw(MEEPLE_WAR.new(players=4, seed=1), 100))
    for owner in "RBGY":
        assert f"gate {owner}" in text  # the gate territory
        assert re.search(rf"\|-?\d,-?\d {owner} ", text)  # a village slot: hex and owner


def with_forest_and_tree(state: State[Any, Any]) -> bool:
    """A forest on the map and a Tree on a slanted side (NE or NW: between two rows)."""
    view = state.view(None)
    slanted = any(key.endswith(("/1", "/2")) for key in view["trees"])
    return slanted and any(tile["forest"] for tile in view["map"])


def test_meeple_war_draws_forest_sides_and_trees_on_the_edges() -> None:
    state = reach("meeple_war", 2, 7, with_forest_and_tree)  # a game whose legend fits a line
    text = "\n".join(draw(state, 100))
    assert re.search(r"#-?\d,-?\d|#####", text)  # a forest side, upright or slanted
    assert re.search(r"##T##|###T##", text)  # the Tree's side, between two rows
    assert "# forest (closed side)" in text and "#T# forest opened by a Tree" in text


def test_meeple_war_plain_list_names_forest_sides_in_words() -> None:
    state = reach("meeple_war", 2, 1, with_forest_and_tree)
    text = "\n".join(draw(state, 100, terminal=False))
    assert "(opened by a Tree)" in text
    assert ", forest " in text


def test_meeple_war_draws_unexplored_neighbours_dotted_with_their_names() -> None:
    lines = draw(MEEPLE_WAR.new(players=2, seed=1), 100)
    assert any(":-1,-1" in line or ":0,-2" in line for line in lines)
    assert any(": empty hex (explore it)" in line for line in lines)


def test_meeple_war_shows_the_drawn_tile_at_each_legal_rotation() -> None:
    state = reach("meeple_war", 2, 1, lambda s: s.view(None)["step"] == "rotate")
    text = "\n".join(draw(state, 80))
    assert "choose its rotation" in squeezed(text.splitlines())
    for action in state.legal():
        assert f"|{action}" in text or f"#{action}" in text


@pytest.mark.parametrize("width", [60, 80, 100])
def test_meeple_war_rotation_previews_fit_the_width(width: int) -> None:
    from meeples.terminal.meeple_war_map import Board, rotation_previews

    state = reach("meeple_war", 2, 1, lambda s: len(
        [a for a in s.legal() if a.startswith("rot:")]) >= 4)
    lines = rotation_previews(Board(state.view(state.to_move)), state.legal(), width)
    assert all(len(line) <= width for line in lines[1:])  # the pictures, never wrapped
    text = "\n".join(str(line) for line in lines)
    for action in state.legal():
        assert f"|{action}" in text or f"#{action}" in text


def test_meeple_war_shows_the_side_numbers_where_a_tree_may_go() -> None:
    state = reach("meeple_war", 2, 1,
                  lambda s: any(a.startswith("tree:") for a in s.legal()))
    text = "\n".join(draw(state, 80))
    assert "tree:q,r/N puts your Tree on side N of hex q,r" in text
    assert "0 = E (right), 1 = NE (upper right), 2 = NW (upper left)" in text


def squeezed(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def test_meeple_war_legend_explains_the_codes_on_screen() -> None:
    text = squeezed(draw(MEEPLE_WAR.new(players=4, seed=1), 100))
    assert "VS Village Square" in text and "RR/6 defenders/spaces" in text
    assert "w:" not in text and "d:/" not in text


@pytest.mark.parametrize("width", [80, 100, 120])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rise_of_tribes_board_fits_the_width_all_game_long(players: int, width: int) -> None:
    for state in along_a_game("rise_of_tribes", players, 300, 30):
        lines = draw(state, width)
        assert max(len(line) for line in lines) <= width


def test_rise_of_tribes_opening_board_is_a_hex_grid_at_80_columns() -> None:
    lines = draw(RISE.new(players=4, seed=1), 80)
    assert any("|a " in line for line in lines)


def test_rise_of_tribes_in_a_pipe_is_a_list_with_owner_letters() -> None:
    state = reach("rise_of_tribes", 2, 1,
                  lambda s: any(h["village"] is not None for h in s.view(None)["hexes"]))
    text = "\n".join(draw(state, 80, terminal=False))
    assert "Map (hex: land, members, marks):" in text
    assert "V:R" in text or "V:B" in text


def test_rise_of_tribes_names_long_scenario_tiles_by_code_in_the_legend() -> None:
    state = RISE.new(players=4, seed=1, scenario_tiles=True)
    text = squeezed(draw(state, 80))
    tiles = [h["tile"] for h in state.view(None)["hexes"] if h["tile"]]
    assert tiles
    for name in tiles:
        assert name in text  # in its cell, or beside its code in the legend
