"""What a Sparta move causes beyond itself (``state.effects``): captures, conquests, promotions
and the end, in scenario positions, and against the board before and after in random games."""

from __future__ import annotations

import random

from meeples.core.text import Ref, msg, render
from tests.games.sparta.helpers import GAME, position

BYSTANDERS = {"a10": "W", "c10": "W", "h10": "w", "j10": "w", "j8": "w"}


def test_effects_double_capture_names_both_enemy_pieces() -> None:
    # c5 lands between a5-b5 on its rank and c3-c4 on its file: both North warriors fall.
    state = GAME.parse(position({**BYSTANDERS, "a5": "W", "b5": "w", "c3": "W", "c4": "w",
                                 "d6": "W"}))
    assert state.effects("d6-c5") == [
        msg("sp.fx.captured", side=Ref("sp.side", 1), n=2, squares="b5, c4"),
    ]
    french = render(state.effects("d6-c5")[0], "fr")
    assert french == "Nord perd 2 pièces, prises en tenaille : b5, c4"


def test_effects_capture_of_own_pieces_is_told_after_the_enemy() -> None:
    # The mover's own run e2-f2 lands between North's d2 and g2 and falls, the mover with it.
    state = GAME.parse(position({**BYSTANDERS, "d2": "w", "e2": "W", "g2": "w", "f3": "W"}))
    told = state.effects("f3-f2")
    assert told == [msg("sp.fx.captured", side=Ref("sp.side", 0), n=2, squares="e2, f2")]


def test_effects_conquest_counts_the_cities_held() -> None:
    state = GAME.parse(position({**BYSTANDERS, "c4": "W"}))
    assert state.effects("c4-c6") == [
        msg("sp.fx.conquered", square="c6", side=Ref("sp.side", 0), held=5, total=8),
    ]


def test_effects_promotion_on_arrival_says_the_heroes_left() -> None:
    state = GAME.parse(position({**BYSTANDERS, "d3": "W"}))
    assert state.effects("d3-d5") == [
        msg("sp.fx.promoted", square="d5", side=Ref("sp.side", 0), n=7),
    ]


def test_effects_promotion_in_place() -> None:
    state = GAME.parse(position({**BYSTANDERS, "d5": "W"}))
    assert state.effects("d5=H") == [
        msg("sp.fx.promoted", square="d5", side=Ref("sp.side", 0), n=7),
    ]


def test_effects_quiet_move_and_pass_cause_nothing() -> None:
    state = GAME.parse(position({**BYSTANDERS, "d3": "W"}))
    assert state.effects("d3-d4") == []


def test_effects_end_of_game_is_told_last() -> None:
    # North keeps two pieces; taking one leaves it one: South wins (end rule 2).
    state = GAME.parse(position({"a10": "W", "c10": "W", "e10": "W", "a5": "W", "b5": "w",
                                 "j10": "w", "d6": "W"}))
    told = state.effects("d6-c5")
    assert [m.key for m in told] == ["sp.fx.captured", "core.fx.end"]
    after = state.play("d6-c5")
    assert told[-1] == msg("core.fx.end", result=after.outcome.message)


def test_effects_agree_with_the_board_in_random_games() -> None:
    """Every piece that leaves the board, every city that changes hands and every hero that
    comes out of a reserve is told, and nothing else."""
    for seed in range(6):
        state, rng = GAME.new(seed=seed), random.Random(seed)
        while state.outcome is None:
            action = rng.choice(state.legal())
            after, told = state.play_told(action)
            keys = [m.key for m in told]
            before_cities = state.view(None)["cities"]
            after_cities = after.view(None)["cities"]
            assert ("sp.fx.conquered" in keys) == (before_cities != after_cities)
            reserves = state.inner.reserves != after.inner.reserves
            assert ("sp.fx.promoted" in keys) == reserves
            lost = sum(1 for p in state.inner.board if p) - sum(1 for p in after.inner.board if p)
            assert sum(m.params["n"] for m in told if m.key == "sp.fx.captured") == lost
            assert ("core.fx.end" in keys) == (after.outcome is not None)
            state = after
