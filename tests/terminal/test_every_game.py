"""Every registered game plays in the terminal: its renderer (or the generic one) draws each
player's view, and a scripted hotseat session runs its first turns."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import meeples
from meeples.terminal import renderer_for
from meeples.terminal.seats import make_seats
from meeples.terminal.session import Session
from tests.terminal.conftest import Screen, Script

SETUPS = [
    (name, players)
    for name in meeples.game_names()
    for players in sorted({meeples.load(name).min_players, meeples.load(name).max_players})
]


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_renderer_draws_every_players_view_along_a_random_game(
    name: str, players: int, screen: Screen
) -> None:
    renderer = renderer_for(name)
    rng = random.Random(1)
    state = meeples.load(name).new(players=players, seed=1)
    for ply in range(24):
        for player in [None, *range(players)] if ply % 8 == 0 else []:
            legal = state.legal() if player == state.to_move else []
            last = state.history[-1] if state.history else None
            screen.console.print(renderer.render(state.view(player), legal, last=last))
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal()))
    assert screen.text.strip()


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_hotseat_session_plays_the_first_turns(name: str, players: int, screen: Screen) -> None:
    state = meeples.load(name).new(players=players, seed=2)
    holder: list[Session] = []
    rng = random.Random(2)

    def any_legal() -> str:
        return rng.choice(holder[0].state.legal())

    # Enough answers for 12 actions even with a hand-over Enter before each.
    script = Script([any_legal if i % 2 else "" for i in range(24)])
    seats = make_seats(["human"] * players, state.game)
    holder.append(Session(state, seats, console=screen.console, ask=script))
    final = holder[0].run()
    assert len(final.history) >= 6 or final.outcome is not None


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_renderer_fits_an_80_column_terminal(name: str, players: int) -> None:
    renderer = renderer_for(name)
    rng = random.Random(3)
    state = meeples.load(name).new(players=players, seed=3)
    for ply in range(60):
        if ply % 20 == 0:
            console = Console(file=io.StringIO(), width=80, force_terminal=True,
                              color_system=None)
            seat = None if state.is_chance else state.to_move
            console.print(renderer.render(state.view(seat), state.legal()))
            text = console.file.getvalue()  # type: ignore[attr-defined]
            assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal()))


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_renderer_draws_every_step_of_an_undealt_setup(name: str, players: int) -> None:
    # a replay steps through the setup's chance nodes: a Rise of Tribes hex has no terrain and a
    # seat no tribe until drawn (it crashed the map on None)
    renderer = renderer_for(name)
    state = meeples.load(name).new(players=players, seed=5, deal=False)
    for _ in range(40):
        console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system=None)
        console.print(renderer.render(state.view(None), state.legal()))
        if not state.is_chance:
            break
        state = state.deal()
    assert not state.is_chance


@pytest.mark.parametrize("name", meeples.game_names())
def test_every_game_explains_its_codes_and_notation(name: str) -> None:
    renderer = renderer_for(name)
    assert renderer.glossary(), f"{name}: no codes for info and the legend"
    assert renderer.notation, f"{name}: no notation examples for help"
