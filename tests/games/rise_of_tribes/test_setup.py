"""§2.2 Setup: terrain, decks, dice, tribes, start player and starting placements."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from meeples import CHANCE
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Phase
from tests.games.rise_of_tribes.helpers import GAME, hx, legal, new, play


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
    assert new(2).ev_deck == tuple(range(16))  # unseen, in no order: listed sorted


def test_setup_undealt_start_is_a_chance_node_for_the_first_hex() -> None:
    start = GAME.new(players=2, seed=0, deal=False)
    assert start.is_chance and start.to_move == CHANCE
    assert start.chance_outcomes() == [("terrain forest", Fraction(1, 3)),
                                       ("terrain lake", Fraction(1, 3)),
                                       ("terrain mountain", Fraction(1, 3))]


def test_setup_terrain_odds_follow_the_tiles_left() -> None:
    start = GAME.new(players=2, seed=0, deal=False)
    state = start.play("terrain lake").play("terrain lake")
    assert state.chance_outcomes() == [("terrain forest", Fraction(3, 7)),
                                       ("terrain lake", Fraction(1, 7)),
                                       ("terrain mountain", Fraction(3, 7))]


def test_setup_last_terrain_type_left_is_laid_without_a_draw() -> None:
    state = GAME.new(players=2, seed=0, deal=False)
    for kind in ("forest", "lake", "mountain", "forest", "lake", "mountain", "forest"):
        state = state.play(f"terrain {kind}")
    state = state.play("terrain lake")  # the last hex can only be a mountain
    assert state.inner.terrain[-1] == data.STONE and state.inner.phase == Phase.TRIBE


def test_setup_tribe_of_each_seat_is_any_tribe_not_dealt() -> None:
    state = GAME.new(players=3, seed=0, deal=False)
    while state.inner.phase == Phase.TERRAIN:
        state = state.deal()
    state = state.play("tribe Kaha")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 7 and "tribe Kaha" not in dict(outcomes)
    assert all(p == Fraction(1, 7) for _, p in outcomes)


def test_setup_start_player_is_drawn_last_each_seat_equally_likely() -> None:
    state = GAME.new(players=4, seed=0, deal=False)
    while state.inner.phase != Phase.FIRST:
        state = state.deal()
    assert state.chance_outcomes() == [(f"first {p}", Fraction(1, 4)) for p in range(4)]
    state = state.play("first 2")
    assert state.to_move == 2 and state.inner.phase == Phase.PLACE


def test_setup_scenario_tile_goes_on_any_basic_tile_of_its_type_r7() -> None:
    state = GAME.new(players=2, seed=0, deal=False, scenario_tiles=["GL"])
    while state.inner.phase == Phase.TERRAIN:
        state = state.deal()
    lakes = [h for h, t in enumerate(state.inner.terrain) if t == data.FOOD]
    assert state.chance_outcomes() == [(f"tile GL {chr(97 + h)}", Fraction(1, 3))
                                       for h in lakes]
    state = state.play(f"tile GL {chr(97 + lakes[1])}")
    assert state.inner.special[lakes[1]] == data.GREAT_LAKE


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
    assert state.phase == Phase.ROLL and state.active == first  # the start player's dice


def test_setup_cannot_place_where_another_player_is() -> None:
    state = play(new(2), "start e")
    assert "start e" not in legal(state)
    assert "start d" in legal(state)


def test_setup_fourth_seat_needs_adjacent_free_hexes() -> None:
    state = play(new(4, seed=2), "start a", "start c", "start f", "take w", "take w")
    assert "start b+g" not in legal(state)  # b and g are not adjacent on the 4p map
    assert "start a+b" not in legal(state)  # a is taken
    assert "start d+e" in legal(state)
