"""§2.2 Setup: terrain, decks, dice, tribes, start player and starting placements."""

from __future__ import annotations

from collections import Counter

import pytest

from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Phase
from tests.games.rise_of_tribes.helpers import hx, legal, new, play


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_terrain_players_plus_one_of_each_type(n: int) -> None:
    state = new(n, seed=5)
    assert Counter(state.terrain) == {0: n + 1, 1: n + 1, 2: n + 1}
    assert len(state.terrain) == len(data.MAPS[n]) == 3 * (n + 1)


def test_setup_goal_deck_two_players_has_no_pottery() -> None:
    state = new(2)
    assert all(len(deck) == 14 and data.POTTERY not in deck for deck in state.decks)
    assert all(len(deck) == 15 for deck in new(3).decks)


def test_setup_rows_start_sun_moon_blank() -> None:
    assert new(2).rows == ((data.SUN, data.MOON, data.BLANK),) * 4


def test_setup_tribes_are_distinct_random_boards() -> None:
    state = new(4, seed=3)
    assert len(set(state.tribe)) == 4
    assert {new(2, seed=s).tribe for s in range(10)} != {new(2).tribe}


def test_setup_start_player_is_random() -> None:
    assert {new(3, seed=s).first for s in range(30)} == {0, 1, 2}


def test_setup_event_deck_has_sixteen_events() -> None:
    assert sorted(new(2).ev_deck) == list(range(16))


def test_setup_seats_place_two_three_three_and_split() -> None:
    state = new(4, seed=1)
    first = state.first
    order = [(first + i) % 4 for i in range(4)]
    state = play(state, "start a")
    assert state.pop[hx("a")][order[0]] == 2
    state = play(state, "start c")
    assert state.pop[hx("c")][order[1]] == 3
    state = play(state, "start f")
    assert state.phase == Phase.TAKE and state.decider == order[2]
    state = play(state, "take w", "take s")
    assert state.res[order[2]] == (1, 0, 1)
    assert "start b+e" in legal(state)
    state = play(state, "start h+i", "take f", "take f")
    assert state.pop[hx("h")][order[3]] == 2 and state.pop[hx("i")][order[3]] == 1
    assert state.res[order[3]] == (0, 2, 0)
    assert state.phase in (Phase.ACT, Phase.REROLL, Phase.SITE, Phase.VENT, Phase.SETTLE,
                           Phase.BID) and state.active == first


def test_setup_cannot_place_where_another_player_is() -> None:
    state = play(new(2), "start e")
    assert "start e" not in legal(state)
    assert "start d" in legal(state)


def test_setup_fourth_seat_needs_adjacent_free_hexes() -> None:
    state = play(new(4, seed=2), "start a", "start c", "start f", "take w", "take w")
    assert "start b+g" not in legal(state)  # b and g are not adjacent on the 4p map
    assert "start a+b" not in legal(state)  # a is taken
    assert "start d+e" in legal(state)
