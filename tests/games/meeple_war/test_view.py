"""Hidden information (issue point 5): the pile order and the generator state appear in no
view; everything on the table does. Also the determinization used by search bots."""

from __future__ import annotations

import json

import pytest

from meeples.games.meeple_war import GAME, RULES
from meeples.games.meeple_war.board import FOREST, hex_name
from meeples.games.meeple_war.data import TILES
from meeples.games.meeple_war.view import sample_state
from tests.games.meeple_war.playouts import CONFIGS, playout


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_view_hides_pile_order_and_generator(players: int, quickstart: bool) -> None:
    for state, _ in playout(players, quickstart, 0)[::9]:
        order = [TILES[t].id for t in state.pile]
        for player in [*range(players), None]:
            data = RULES.view(state, player)
            text = json.dumps(data)
            assert str(state.rng) not in text
            assert "rng" not in data and "pile" not in data
            if len(order) > 1:
                assert json.dumps(order) not in text or sorted(order) == order


def test_view_shows_the_table() -> None:
    state = GAME.new(players=2, seed=3)
    data = state.view(0)
    assert data["pile_count"] == 31
    assert len(data["tiles"]) == 5
    assert data["seats"][0]["depot"] == 2
    assert data["gates"] and data["villages"]
    assert data["to_move"] == state.to_move


def test_view_same_for_every_player() -> None:
    state = GAME.new(players=3, seed=3)
    views = [state.view(p) for p in (0, 1, 2, None)]
    for v in views:
        v.pop("player")
    assert all(v == views[0] for v in views)


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_sample_state_is_consistent_with_the_view(players: int, quickstart: bool) -> None:
    for state, _ in playout(players, quickstart, 1)[::15]:
        data = RULES.view(state, 0)
        sampled = sample_state(data, seed=7)
        again = RULES.view(sampled, 0)
        assert again == data
        assert RULES.legal_actions(sampled) == RULES.legal_actions(state)


def test_sample_state_does_not_read_the_true_pile() -> None:
    state = GAME.new(players=2, seed=0).inner
    data = RULES.view(state, 0)
    piles = {sample_state(data, seed=s).pile for s in range(5)}
    assert len(piles) == 5


def test_evaluate_in_unit_interval_and_prefers_more_vp() -> None:
    from meeples.games.meeple_war.evaluate import evaluate
    from tests.games.meeple_war.scenario import position
    for state, _ in playout(3, False, 0)[::40]:
        for p in range(3):
            assert 0.0 <= evaluate(state, p) <= 1.0
    ahead = position(seats={0: {"mountain": 3, "stock": 7}}).inner
    assert evaluate(ahead, 0) > 0.5 > evaluate(ahead, 1)


@pytest.mark.parametrize("players", [2, 4])
def test_view_identical_whatever_the_pile_order_and_generator(players: int) -> None:
    # The property itself: two states that differ only in what the engine alone knows (the
    # pile order, the generator) give every seat and the spectator the very same view.
    import dataclasses
    for state, _ in playout(players, False, 2)[::25]:
        other = dataclasses.replace(state, pile=tuple(reversed(state.pile)), rng=state.rng ^ 99)
        for player in [*range(players), None]:
            assert RULES.view(state, player) == RULES.view(other, player)


def test_sample_state_reads_only_the_view() -> None:
    # Equal views, different hidden parts: the sampled states are identical.
    import dataclasses
    state = GAME.new(players=3, seed=4).inner
    other = dataclasses.replace(state, pile=tuple(reversed(state.pile)), rng=12345)
    view = RULES.view(state, 1)
    assert view == RULES.view(other, 1)
    assert sample_state(view, seed=9) == sample_state(RULES.view(other, 1), seed=9)
    assert json.dumps(view)  # JSON-ready


def test_view_shows_the_drawn_tile_in_each_rotation() -> None:
    seen = 0
    for state, _ in playout(3, False, 0):
        data = RULES.view(state, None)
        if not state.drawn:
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
