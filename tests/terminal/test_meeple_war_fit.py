"""The Meeple War table on real terminal sizes (issue 28): the map (about 40 lines, more as tiles
are explored) was redrawn after every action and pushed the players' VP, bravery and stock off
an 80x24 or 120x40 terminal; the legend broke entries in two at 80 columns; the status line
said "last first:0"."""

from __future__ import annotations

import io

from rich.console import Console

import meeples
from meeples.terminal import renderer_for
from meeples.terminal.meeple_war import BELOW

RENDERER = renderer_for("meeple_war")


def screen(width: int, height: int, layout: str = "auto", seed: int = 3,
           players: int = 2) -> list[str]:
    """Return the lines of the table as the player to move sees it on a terminal."""
    state = meeples.load("meeple_war").new(players=players, seed=seed)
    console = Console(width=width, height=height, force_terminal=True, color_system=None,
                      file=io.StringIO())
    console.print(RENDERER.render(state.view(state.to_move), state.legal(), layout=layout,
                                  last=state.history[-1]))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return [line.rstrip() for line in text.splitlines()]


def panel_shown(lines: list[str], height: int) -> bool:
    """Return whether both players' VP lines are on screen above the prompt's lines."""
    visible = lines[-(height - BELOW):]
    return all(any(name in line and ("VP" in line or " 0/7 " in line) for line in visible)
               for name in ("Red (player 1)", "Blue (player 2)"))


def test_meeple_war_map_leaves_the_players_on_an_80x24_terminal() -> None:
    lines = screen(80, 24)
    assert panel_shown(lines, 24), "\n".join(lines)
    assert any("map listed" in line and "set board grid" in " ".join(lines) for line in lines)


def test_meeple_war_map_leaves_the_players_on_a_120x40_terminal() -> None:
    lines = screen(120, 40)
    assert panel_shown(lines, 40), "\n".join(lines)


def test_meeple_war_map_is_a_grid_when_the_terminal_is_tall_enough() -> None:
    lines = screen(120, 60)
    assert any("/      \\" in line for line in lines)
    assert not any("map listed" in line for line in lines)
    assert panel_shown(lines, 60)


def test_meeple_war_grid_asked_for_keeps_the_players_beside_the_end_of_the_map() -> None:
    lines = screen(80, 24, layout="grid")
    assert any("/    \\" in line for line in lines)  # the grid, though it is taller
    assert panel_shown(lines, 24 + BELOW), "\n".join(lines)  # above status and prompt


def test_meeple_war_legend_keeps_each_entry_on_one_line_at_80_columns() -> None:
    for layout in ("list", "grid"):
        text = "\n".join(screen(80, 24, layout=layout))
        for entry in ("AC Airship Company", "EG Entrepreneurs Guild", "LG Looters Guild",
                      "MA Military Academy", "VS Village Square"):
            assert entry in text, (layout, text)


def test_meeple_war_status_says_who_was_drawn_to_play_first() -> None:
    state = meeples.load("meeple_war").new(players=2, seed=1)
    chance = next(i for i, a in enumerate(state.history) if a.startswith("first:"))
    seat = int(state.history[chance][6:])
    console = Console(width=120, color_system=None, file=io.StringIO())
    console.print(RENDERER.render(state.view(seat), [], last=state.history[chance],
                                  layout="list"))
    text = " ".join(console.file.getvalue().split())  # type: ignore[attr-defined]
    assert f"{RENDERER.player_name(seat)} was drawn to play first" in text
    assert "last first:" not in text
