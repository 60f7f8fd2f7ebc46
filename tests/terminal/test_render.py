"""Renderers: Sparta's board and the generic fallback any new game gets."""

from __future__ import annotations

import meeples
from meeples.terminal import renderer_for
from tests.terminal.conftest import Screen

SPARTA = meeples.load("sparta")


def board_lines(screen: Screen, state, last=None) -> list[str]:
    renderer = renderer_for("sparta")
    screen.console.print(renderer.render(state.view(0), state.legal(), last=last))
    return screen.text.splitlines()


def test_sparta_board_has_file_and_rank_labels(screen: Screen) -> None:
    lines = board_lines(screen, SPARTA.new())
    assert lines[0].startswith("     a  b  c  d  e  f  g  h  i  j")
    assert lines[1].startswith(" 10  ·  ·")
    assert lines[10].startswith("  1  ·  ·")


def test_sparta_board_shows_warriors_and_cities(screen: Screen) -> None:
    lines = board_lines(screen, SPARTA.new())
    assert lines[2].startswith("  9  ·  w  w  w  w  w  w  w  w  ·  9")
    assert lines[5].startswith("  6  ·  · ( ) · ( ) · ( ) · ( ) ·  6")
    assert lines[9].startswith("  2  ·  W  W  W  W  W  W  W  W  ·  2")


def test_sparta_board_shows_a_hero_on_its_city(screen: Screen) -> None:
    state = SPARTA.new().play("b2-b4").play("c9-c7").play("b4-b5")
    lines = board_lines(screen, state, last="b4-b5")
    assert lines[6].startswith("  5  · [H] ·")
    assert "last move: b4-b5" in screen.text


def test_sparta_side_table_counts_pieces_reserves_and_cities(screen: Screen) -> None:
    state = SPARTA.new().play("b2-b4").play("c9-c7").play("b4-b5")
    board_lines(screen, state)
    south = next(line for line in screen.text.splitlines() if "South " in line and "/8" in line)
    assert south.split()[-5:] == ["South", "7", "1", "7", "4/8"]


def test_sparta_status_says_who_moves_and_the_counters(screen: Screen) -> None:
    board_lines(screen, SPARTA.new().play("b2-b4"))
    assert "North to move" in screen.text
    assert "quiet plies: 1 of 200" in screen.text
    assert "passes in a row: 0 of 2" in screen.text


def test_sparta_names_its_sides() -> None:
    assert renderer_for("sparta").player_name(0) == "South"
    assert renderer_for("sparta").player_name(1) == "North"


def test_a_game_without_a_renderer_gets_the_generic_one(screen: Screen) -> None:
    renderer = renderer_for("no_such_game")
    assert renderer.module_name == "meeples.terminal.generic"
    assert renderer.player_name(2) == "Player 3"
    screen.console.print(renderer.render({"game": "x", "player": 1, "hand": [3, 4]}, ["a", "b"]))
    assert "hand  [3,4]" in screen.text
    assert "2 legal action(s)" in screen.text
    assert "as seen by Player 2" in screen.text


def test_every_renderer_declares_every_extra() -> None:
    """A renderer module declares each optional extra (meeples.terminal.EXTRAS), None where it
    has none: the session reads them, never guesses one from an absent name."""
    import importlib

    import meeples
    from meeples.terminal import EXTRAS

    modules = [importlib.import_module("meeples.terminal.generic")]
    for name in meeples.game_names():
        declared = meeples.load(name).capabilities.terminal
        if declared is not None:
            modules.append(declared())
    assert len(modules) >= 4
    assert [(m.__name__, n) for m in modules for n in EXTRAS if not hasattr(m, n)] == []
