"""Invariants over seeded random playouts of every player count and both setups (issue point 6):
each player's 13 meeples, 4 workers and 10 buildings are always accounted for, and so are the
36 tiles; after a turn no territory holds two players (A20)."""

from __future__ import annotations

import pytest

from meeples.games.meeple_war import rules
from meeples.games.meeple_war.data import BUILDINGS, TILES, WORKERS_PER_PLAYER
from meeples.games.meeple_war.phases import worker_exits
from meeples.games.meeple_war.state import State
from tests.games.meeple_war.playouts import CONFIGS, playout

SEEDS = range(2)


def states(players: int, quickstart: bool) -> list[State]:
    return [s for seed in SEEDS for s, _ in playout(players, quickstart, seed)]


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_thirteen_meeples_per_player(players: int, quickstart: bool) -> None:
    for state in states(players, quickstart):
        for p in range(players):
            assert rules.meeple_count(state, p) == 13


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_thirty_six_tiles(players: int, quickstart: bool) -> None:
    for state in states(players, quickstart):
        ids = [t for _, t, _ in state.tiles] + list(state.pile)
        if len(state.drawn) == 2:
            ids.append(state.drawn[1])
        assert sorted(ids) == list(range(len(TILES)))


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_four_workers_one_per_building(players: int, quickstart: bool) -> None:
    for state in states(players, quickstart):
        for seat in state.seats:
            placed = [s for s in seat.slots if s is not None]
            assert 0 <= WORKERS_PER_PLAYER - len(placed) <= WORKERS_PER_PLAYER
            for slot in placed:
                b = BUILDINGS[slot.building]
                if slot.built:
                    nodes = set(b.path) | set(b.leaves)
                    assert slot.node in nodes
                else:
                    assert 0 <= int(slot.node[1:]) < b.construction_length
                assert worker_exits(slot)


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_ten_buildings_per_player(players: int, quickstart: bool) -> None:
    for state in states(players, quickstart):
        for seat in state.seats:
            codes = [s.building for s in seat.slots if s is not None]
            codes += list(seat.available) + list(seat.boxed)
            assert sorted(codes) == sorted(BUILDINGS)
            assert "VS" not in seat.available


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_defense_spaces_never_full_and_ladder_below_seven(
        players: int, quickstart: bool) -> None:
    for state in states(players, quickstart):
        for seat in state.seats:
            assert 0 <= seat.ladder < 7
            for slot in seat.slots:
                if slot is not None:
                    b = BUILDINGS[slot.building]
                    cap = b.defense if slot.built else b.construction_defense
                    assert len(slot.defense) < cap


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_no_mixed_territory_between_turns(players: int, quickstart: bool) -> None:
    for seed in SEEDS:
        game = playout(players, quickstart, seed)
        for (before, _), (after, _) in zip(game, game[1:], strict=False):
            if after.turn != before.turn and not after.result:
                hexes = [h for h, _, _ in after.troops]
                assert len(hexes) == len(set(hexes))


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_games_end_properly(players: int, quickstart: bool) -> None:
    for seed in SEEDS:
        final, _ = playout(players, quickstart, seed)[-1]
        assert final.result
        assert rules.legal_actions(final) == []


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
def test_invariant_every_decision_has_a_legal_action(players: int, quickstart: bool) -> None:
    for state in states(players, quickstart):
        assert bool(rules.legal_actions(state)) == (not state.result)
