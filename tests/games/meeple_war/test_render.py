"""The Meeple War terminal renderer draws any view of a random game (2-4 players)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import meeples
from meeples.terminal.meeple_war import render


@pytest.mark.parametrize("players", [2, 3, 4])
def test_meeple_war_render_shows_map_players_and_legal_actions(players: int) -> None:
    game = meeples.load("meeple_war")
    state = game.new(players=players, seed=players, quickstart=True)
    rng = random.Random(players)
    console = Console(width=220, record=True)
    for _ in range(120):
        if state.outcome is not None:
            break
        if state.is_chance:
            state = state.deal()
            continue
        if len(state.history) % 15 == 0:
            console.print(render(state.view(state.to_move), state.legal()))
        state = state.play(rng.choice(state.legal()))
    text = console.export_text()
    assert "Stone Tower" in text and "VS worker" in text and "bravery" in text
    assert "Legal (" in text
