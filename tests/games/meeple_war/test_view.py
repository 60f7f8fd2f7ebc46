"""Views (issue 13): nothing in a Meeple War state is secret, so every seat and the spectator
see the same view, the whole position, the face-down pile as the set of unseen tiles."""

from __future__ import annotations

import json

import pytest

from meeples.games.meeple_war import GAME, RULES, notation
from meeples.games.meeple_war.board import FOREST, hex_name
from meeples.games.meeple_war.data import TILES
from tests.games.meeple_war.playouts import CONFIGS, playout


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_view_is_the_same_for_every_seat_and_the_spectator(players: int, quickstart: bool
                                                           ) -> None:
    for state, _ in playout(players, quickstart, 0)[::9]:
        views = [RULES.view(state, p) for p in [*range(players), None]]
        for data in views:
            data.pop("player")
        assert all(data == views[0] for data in views)


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_view_holds_the_whole_position(players: int, quickstart: bool) -> None:
    for state, _ in playout(players, quickstart, 1)[::15]:
        data = RULES.view(state, 0)
        whole = notation.to_json(state)
        assert {k: data[k] for k in whole} == whole
        assert "rng" not in data


def test_view_shows_the_unseen_tiles_sorted() -> None:
    state = GAME.new(players=2, seed=3)
    data = state.view(0)
    assert data["pile_count"] == 31 == len(data["pile"])
    assert data["unseen_tiles"] == data["pile"] == sorted(data["pile"])
    assert not set(data["pile"]) & {t for _, t, _ in data["tiles"]}


def test_view_shows_the_table() -> None:
    state = GAME.new(players=2, seed=3)
    data = state.view(0)
    assert len(data["tiles"]) == 5
    assert data["seats"][0]["depot"] == 2
    assert data["gates"] and data["villages"]
    assert data["to_move"] == state.to_move
    assert json.dumps(data)  # JSON-ready


def test_evaluate_in_unit_interval_and_prefers_more_vp() -> None:
    from meeples.games.meeple_war.evaluate import evaluate
    from tests.games.meeple_war.scenario import position
    for state, _ in playout(3, False, 0)[::40]:
        if RULES.to_move(state) is None or RULES.to_move(state) >= 0:
            for p in range(3):
                assert 0.0 <= evaluate(state, p) <= 1.0
    ahead = position(seats={0: {"mountain": 3, "stock": 7}}).inner
    assert evaluate(ahead, 0) > 0.5 > evaluate(ahead, 1)


def test_view_shows_the_drawn_tile_in_each_rotation() -> None:
    seen = 0
    for state, _ in playout(3, False, 0):
        data = RULES.view(state, None)
        if len(state.drawn) != 2:
            assert "drawn_tile" not in data
            continue
        h, tile = state.drawn
        drawn = data["drawn_tile"]
        assert (drawn["hex"], drawn["tile"], drawn["kind"]) == (
            hex_name(h), TILES[tile].id, TILES[tile].kind)
        for rot, sides in enumerate(drawn["forest"]):
            assert sum(1 << d for d in sides) == FOREST[tile][rot]
        seen += 1
    assert seen
