"""Sparta's reach features for trained policies (``sparta.reach/1``): what the enemy could take
with its next move after each of the player's moves, on hand-made boards (South's own view)."""

from __future__ import annotations

import numpy as np
import pytest

from meeples.games.sparta import actions, notation
from meeples.games.sparta.policy import FEATURE_SETS, REACH_FEATURES, reach_features

SQUARE = {notation.square_name(sq): sq for sq in range(100)}
OWN_WARRIORS, ENEMY_WARRIORS, OWN_CITIES, ENEMY_CITIES = 0, 2, 4, 5


def board(**planes: list[str]) -> np.ndarray:
    """Return the 13 observation planes of South with pieces and cities on named squares."""
    out = np.zeros((13, 10, 10), dtype=np.float32)
    index = {"own_warriors": OWN_WARRIORS, "enemy_warriors": ENEMY_WARRIORS,
             "own_cities": OWN_CITIES, "enemy_cities": ENEMY_CITIES}
    for name, squares in planes.items():
        for square in squares:
            row, column = divmod(SQUARE[square], 10)
            out[index[name], row, column] = 1
    return out


def feature(planes: np.ndarray, move: str, name: str) -> float:
    ids = np.array([actions.action_id(move)])
    return float(reach_features(planes, ids, 0)[0, REACH_FEATURES.index(name)])


def test_a_piece_with_an_enemy_beside_it_and_a_reachable_square_behind_is_exposed() -> None:
    # South's warrior on e5 has an enemy on f5 and, behind it, d5, which the enemy on b5
    # reaches in two steps: one enemy move would enclose it.
    planes = board(own_warriors=["e5", "a1"], enemy_warriors=["f5", "b5"])
    assert feature(planes, "a1-a2", "own pieces exposed") == pytest.approx(1 / 8)
    assert feature(planes, "e5-e3", "own pieces exposed") == 0.0  # it steps out of the line


#: Own warriors around the enemy on f5 (e5 holds the west): it cannot move at all.
WALL = ["e4", "e6", "f4", "f6", "g4", "g5", "g6"]


def test_an_enemy_that_cannot_move_threatens_nothing() -> None:
    planes = board(own_warriors=["e5", "a1", *WALL], enemy_warriors=["f5"])
    assert feature(planes, "a1-a2", "own pieces exposed") == 0.0


def test_a_move_that_opens_the_wall_lets_the_enemy_reach_behind() -> None:
    planes = board(own_warriors=["e5", "a1", *WALL], enemy_warriors=["f5"])
    # With e6 gone, f5 steps to e6 and on to d5 (or d7...): e5 can be enclosed.
    assert feature(planes, "e6-e8", "own pieces exposed") > 0


def test_a_free_own_city_in_the_enemys_reach_can_be_taken() -> None:
    planes = board(own_warriors=["a1"], enemy_warriors=["d7"], own_cities=["d5"])
    assert feature(planes, "a1-a2", "own cities in reach") == pytest.approx(1 / 4)
    planes = board(own_warriors=["c4"], enemy_warriors=["d7"], own_cities=["d5"])
    assert feature(planes, "c4-d5", "own cities in reach") == 0.0  # the city is held now


def test_the_players_own_reach_counts_enemy_cities_and_pieces() -> None:
    planes = board(own_warriors=["c4", "g6"], enemy_warriors=["e5"], enemy_cities=["c6"])
    # The warrior on c4 reaches the free enemy city c6 in two steps (c5, c6).
    assert feature(planes, "g6-g7", "enemy cities in reach") == pytest.approx(1 / 4)
    assert feature(planes, "c4-a3", "enemy cities in reach") == 0.0  # too far from a3
    # Landing on f5, beside the enemy on e5, whose other side d5 the warrior on c4 reaches.
    assert feature(planes, "g6-f5", "enemy pieces exposed") == pytest.approx(1 / 8)
    assert feature(planes, "g6-g7", "enemy pieces exposed") == 0.0  # nobody beside it


def test_the_feature_sets_have_their_names_and_shapes() -> None:
    planes = board(own_warriors=["a1"], enemy_warriors=["j10"])
    ids = np.array([actions.action_id("a1-a2"), actions.action_id("a1-b2")])
    for features in FEATURE_SETS.values():
        assert features.compute(planes, ids, 0).shape == (2, len(features.names))
