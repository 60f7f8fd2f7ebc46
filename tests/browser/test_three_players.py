"""Three players from the lobby: one person and two bots, turns played on the map, and the end
screen ranking all three."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from tests.browser.conftest import shot
from tests.browser.test_other_games import click_on_board, version_of


def create_three(page: Any, server: str, game: str, position: str | None = None) -> None:
    """Create a 3-player game in the lobby: seat 1 for this browser, two random bots."""
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=seat1]", "bot:random")
    page.select_option("select[name=seat2]", "bot:random")
    if position:
        page.click("details.position summary")
        page.fill("textarea[name=position]", position)
    page.click("#create")
    page.wait_for_selector(".match[data-version]")


def last_turn(game: str, players: int = 3) -> str:
    """Return a position where player 1 moves and every legal action ends the game (found by
    seeded random playouts; the ending does not depend on the hidden pile order)."""
    rules = meeples.load(game)
    for seed in range(40):
        state = rules.new(players=players, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            legal = state.legal()
            if state.to_move == 0 and all(state.play(a).outcome is not None for a in legal):
                return state.position()
            state = state.play(rng.choice(legal))
    raise AssertionError(f"no last turn found for {game}")


@pytest.mark.skipif("rise_of_tribes" not in meeples.game_names(), reason="no Rise of Tribes")
def test_three_player_game_with_two_bots_is_played_on_the_map(page: Any, server: str) -> None:
    create_three(page, server, "rise_of_tribes")
    assert page.locator(".players li").count() == 3
    clicks = 0
    for _ in range(6):
        page.wait_for_selector("#turn.mine, #game-over", timeout=30000)
        if page.locator("#game-over").count():
            break
        version = version_of(page)
        clicks += click_on_board(page)
        page.wait_for_function(
            f"Number(document.querySelector('.match').dataset.version) > {version}"
        )
    shot(page, "rise_of_tribes_three_players")
    assert clicks >= 2 and page.locator(".log li").count() >= 8


@pytest.mark.skipif("meeple_war" not in meeples.game_names(), reason="no Meeple War")
def test_three_player_end_screen_ranks_everyone(page: Any, server: str) -> None:
    create_three(page, server, "meeple_war", last_turn("meeple_war"))
    page.wait_for_selector("#turn.mine")
    click_on_board(page)
    page.wait_for_selector("#game-over")
    shot(page, "meeple_war_three_players_end")
    ranked = page.locator("#game-over .ranked")
    assert ranked.count() == 3 and "VP" in ranked.first.inner_text()
