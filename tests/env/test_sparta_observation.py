"""Sparta's observation planes: the fast twin equals the planes built from the view."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import meeples
from meeples.env import aec, sparta
from meeples.env.episode import ObservationMismatch

GAME = meeples.load("sparta")
RULES = GAME.rules


def random_states(seed: int, **options: Any) -> list[Any]:
    """Return the internal states of a seeded random game, to its end."""
    rng = random.Random(seed)
    state = GAME.new(seed=seed, **options).inner
    states = [state]
    while RULES.outcome(state) is None:
        legal = RULES.legal_actions(state)
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("seed", "options"),
    [(0, {}), (1, {}), (2, {"heroes_conquer": False}), (3, {"first": 1})],
)
def test_observation_from_state_equals_from_view(seed: int, options: dict[str, Any]) -> None:
    for state in random_states(seed, **options):
        for player in (0, 1):
            fast = sparta.from_state(state, player)
            slow = sparta.from_view(RULES.view(state, player))
            assert fast.dtype == slow.dtype == np.float32
            assert fast.shape == slow.shape == sparta.SHAPE
            assert np.array_equal(fast, slow)
            assert fast.flags.writeable


def test_observation_counter_planes_are_exact_for_every_count() -> None:
    # The fast twin divides float32 by float32, the view's planes divide in Python.
    for scale in set(sparta.SCALES):
        for count in range(scale + 1):
            assert np.float32(count) / np.float32(scale) == np.float32(count / scale)


def cells(plane: Any) -> set[tuple[int, int]]:
    return {(int(row), int(column)) for row, column in np.argwhere(plane)}


def test_observation_planes_read_the_view() -> None:
    position = (
        "w8w/10/10/10/2h7/10/4W5/10/1H8/9W S b5:S,d5:N,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 6/7 13 1"
    )
    state = GAME.parse(position)
    assert state.outcome is None
    south = sparta.from_view(state.view(0))  # row = rank - 1, column = file
    assert cells(south[0]) == {(3, 4), (0, 9)}  # e4, j1
    assert cells(south[1]) == {(1, 1)}  # b2
    assert cells(south[2]) == {(9, 0), (9, 9)}  # a10, j10
    assert cells(south[3]) == {(5, 2)}  # c6
    assert cells(south[4]) == {(4, 1), (4, 5), (4, 7)}  # b5 f5 h5; d5 is North's
    assert cells(south[5]) == {(4, 3), (5, 2), (5, 4), (5, 6), (5, 8)}
    assert (south[6] == 6 / 8).all() and (south[7] == 7 / 8).all()
    assert (south[8] == 13 / 200).all() and (south[9] == 0.5).all()
    assert south[10].all() and south[11].all()
    north = sparta.from_view(state.view(1))
    # North sees the board turned half a turn: square s at the cell of 99 - s.
    assert cells(north[1]) == {(4, 7)}  # its hero on c6
    assert cells(north[2]) == {(6, 5), (9, 0)}  # South's warriors e4, j1
    assert (north[6] == 7 / 8).all() and not north[10].any()
    assert np.array_equal(north, sparta.from_state(state.inner, 1))
    assert np.array_equal(south, sparta.from_state(state.inner, 0))


def test_checked_environment_catches_a_wrong_fast_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    env = aec("sparta", checked=True)
    env.reset()
    spec = env.episode.spec
    wrong = type(spec)(**{**spec.__dict__, "from_state": lambda state, player: np.zeros(
        sparta.SHAPE, dtype=np.float32
    )})
    monkeypatch.setattr(env.episode, "spec", wrong)
    with pytest.raises(ObservationMismatch):
        env.observe("player_0")
    unchecked = aec("sparta")
    unchecked.reset()
    monkeypatch.setattr(unchecked.episode, "spec", wrong)
    assert not unchecked.observe("player_0")["observation"].any()
