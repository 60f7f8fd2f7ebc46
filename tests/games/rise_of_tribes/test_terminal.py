"""The terminal renderer (issue point 8): map, action board, players, legal actions."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import meeples
from meeples.terminal.rise_of_tribes import render


@pytest.mark.parametrize("players", [2, 3, 4])
def test_terminal_renders_map_board_players_and_legal(players: int) -> None:
    state = meeples.load("rise_of_tribes").new(players=players, seed=1, scenario_tiles=True)
    rng = random.Random(2)
    for _ in range(60):
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
    state = state.settle()  # a player's decision to show
    console = Console(record=True, width=140)
    console.print(render(state.view(0), state.legal()))
    text = console.export_text()
    assert "GATHER" in text and "Tribes" in text and "Events:" in text
    assert all(f"{chr(97 + h)} " in text for h in range(3 * (players + 1)))
    assert state.legal()[0] in text
