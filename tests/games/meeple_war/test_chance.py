"""Chance in Meeple War (issue 13, sheet B3, B11): the first player and each tile turned up are
chance's outcomes with exact probabilities; the pile is the set of unseen tiles."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeples
from meeples.games.meeple_war import GAME, RULES
from meeples.games.meeple_war.data import TILE_CLASS, TILE_INDEX, TILES
from meeples.games.meeple_war.rules import draw_outcomes
from tests.games.meeple_war.playouts import CONFIGS, playout


@given(st.sets(st.integers(0, len(TILES) - 1), min_size=1))
def test_draw_outcomes_share_the_pile_by_kind_of_tile(pile: set[int]) -> None:
    ordered = tuple(sorted(pile))
    outcomes = draw_outcomes(ordered)
    assert sum(p for _, p in outcomes) == 1
    kinds = Counter(TILE_CLASS[t] for t in ordered)
    assert len(outcomes) == len(kinds)
    for action, p in outcomes:
        tile = TILE_INDEX[action[5:]]
        assert tile == min(t for t in ordered if TILE_CLASS[t] == TILE_CLASS[tile])
        assert p == Fraction(kinds[TILE_CLASS[tile]], len(ordered))


def test_identical_tiles_are_exactly_those_alike_in_play() -> None:
    for i, tile in enumerate(TILES):
        same = TILES[TILE_CLASS[i]]
        assert (tile.kind, tile.bonus, tile.vp, tile.forest) == (
            same.kind, same.bonus, same.vp, same.forest)
    assert len(set(TILE_CLASS)) == 16


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_position_text_round_trips_at_chance_nodes(players: int, quickstart: bool) -> None:
    seen = 0
    for state, _ in playout(players, quickstart, 4):
        if RULES.to_move(state) != meeples.CHANCE:
            continue
        wrapped = GAME.wrap(state)
        again = GAME.parse(wrapped.position())
        assert again.inner == state and again.chance_outcomes() == wrapped.chance_outcomes()
        seen += 1
    assert seen > 5


def test_old_position_with_a_generator_reads_as_the_same_state_without_it() -> None:
    state = GAME.new(players=2, seed=5)
    data = json.loads(state.position())
    old = dict(data, rng=12345, pile=list(reversed(data["pile"])))
    assert GAME.parse(json.dumps(old)) == state


def test_old_position_with_a_bad_generator_is_refused() -> None:
    data = json.loads(GAME.new(players=2, seed=5).position())
    with pytest.raises(meeples.BadPosition, match="rng"):
        GAME.parse(json.dumps(dict(data, rng="x")))


def test_drawn_hex_must_be_one_being_explored() -> None:
    from tests.games.meeple_war.scenario import position

    with pytest.raises(meeples.BadPosition, match="explore"):
        position(step="draw", drawn=["1,0"], explore=[["-1,0", ["0,0"]]],
                 troops=(("-1,0", 0, 1),))


def test_step_draw_without_a_hex_is_refused() -> None:
    from tests.games.meeple_war.scenario import position

    with pytest.raises(meeples.BadPosition, match="draw"):
        position(step="draw", explore=[["1,0", ["0,0"]]], troops=(("1,0", 0, 1),))
