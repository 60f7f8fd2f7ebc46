"""One test per rule of the Sparta sheet (shared/rules/sparta.md), named after the rule.

Positions are ASCII boards (rank 10 on top, files a..j); unless a test says otherwise the cities
are the designed ones: South b5 d5 f5 h5, North c6 e6 g6 i6.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeples
from meeples.core.record import Match
from meeples.games.sparta.setup import QUIET_PLY_LIMIT
from tests.games.sparta.helpers import (
    GAME,
    board,
    cities,
    expect,
    parse,
    quiet_plies,
    reserves,
    targets,
)

FILES = "abcdefghij"
#: South owns seven cities, North only i6; and the other way round.
SEVEN_NORTH = {"b5": "N", "d5": "N", "f5": "N", "h5": "N", "c6": "N", "e6": "N", "g6": "N",
               "i6": "S"}
SEVEN_SOUTH = {"b5": "S", "d5": "S", "f5": "S", "h5": "S", "c6": "S", "e6": "S", "g6": "S",
               "i6": "N"}


def around(name: str, reach: int) -> set[str]:
    """Return the squares within ``reach`` king steps of a square, itself excluded."""
    file, rank = FILES.index(name[0]), int(name[1:])
    return {
        f"{FILES[f]}{r}"
        for f in range(file - reach, file + reach + 1)
        for r in range(rank - reach, rank + reach + 1)
        if 0 <= f < 10 and 1 <= r <= 10 and (f, r) != (file, rank)
    }


def lone(piece: str, square: str) -> meeples.State:  # type: ignore[type-arg]
    """A piece alone in the middle, with far-away company so that the game goes on."""
    return parse({square: piece, "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"})


# Components and setup ---------------------------------------------------------------------


def test_components_each_side_has_8_warriors_8_heroes_and_8_cities() -> None:
    state = GAME.new()
    placement = board(state)
    assert placement.count("W") == 8 and placement.count("w") == 8
    assert reserves(state) == (8, 8)
    assert len(cities(state)) == 8


def test_setup_warriors_on_second_rows() -> None:
    assert board(GAME.new()) == expect("""
        . . . . . . . . . .
        . w w w w w w w w .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . W W W W W W W W .
        . . . . . . . . . .
    """)


def test_setup_designed_cities_four_per_side() -> None:
    assert cities(GAME.new()) == {
        "b5": "S", "d5": "S", "f5": "S", "h5": "S", "c6": "N", "e6": "N", "g6": "N", "i6": "N",
    }


def test_setup_layout_symmetric_under_a_half_turn() -> None:
    rows = board(GAME.new()).splitlines()
    turned = ["".join(row[::-1]) for row in reversed(rows)]
    assert [row.swapcase() for row in turned] == rows
    owners = cities(GAME.new())
    for name, owner in owners.items():
        file, rank = FILES.index(name[0]), int(name[1:])
        opposite = f"{FILES[9 - file]}{11 - rank}"
        assert owners[opposite] == ("N" if owner == "S" else "S")


def test_setup_opening_has_118_moves_for_either_side() -> None:
    assert len(GAME.new().legal()) == 118
    assert len(GAME.new(first=1).legal()) == 118


def test_setup_first_option_default_south_moves_first() -> None:
    assert GAME.new().to_move == 0


def test_setup_first_option_north_moves_first() -> None:
    state = GAME.new(first=1)
    assert state.to_move == 1
    assert all(action[0] in FILES and action[1:2] == "9" for action in state.legal())


# Movement ---------------------------------------------------------------------------------


def test_movement_lone_warrior_has_24_destinations() -> None:
    assert targets(lone("W", "e4"), "e4") == around("e4", 2)
    assert len(around("e4", 2)) == 24


def test_movement_lone_hero_has_48_destinations() -> None:
    assert targets(lone("H", "e4"), "e4") == around("e4", 3)
    assert len(around("e4", 3)) == 48


def test_movement_warrior_budget_is_two_steps() -> None:
    state = lone("W", "e4")
    assert "e4-e6" in state.legal()
    assert "e4-e7" not in state.legal()


def test_movement_hero_budget_is_three_steps() -> None:
    state = lone("H", "e4")
    assert "e4-e7" in state.legal()
    assert "e4-e8" not in state.legal()


def test_movement_only_through_free_squares() -> None:
    # The warrior in the corner can only step to b1: a2 and b2 are taken.
    state = parse("""
        w . w . . . . . . w
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        W w . . . . . . . .
        W . . . . . . . . W
    """)
    assert targets(state, "a1") == {"b1", "c1", "c2"}


def test_movement_cannot_land_on_an_occupied_square() -> None:
    state = parse({"e4": "W", "e5": "W", "f5": "w", "a1": "W", "a10": "w", "c10": "w",
                   "j10": "w"})
    assert "e5" not in targets(state, "e4")  # own piece
    assert "f5" not in targets(state, "e4")  # enemy piece


def test_movement_direction_may_change_between_steps() -> None:
    # A wall on rank 5 from c to g: the hero on e4 turns round its ends (e4 d4 c4 b5).
    state = parse({"e4": "H", "c5": "W", "d5": "W", "e5": "W", "f5": "W", "g5": "W",
                   "a10": "w", "c10": "w", "j10": "w"})
    assert {"b5", "h5"} <= targets(state, "e4")  # round the ends of the wall
    assert not {"b6", "e6", "h6"} & targets(state, "e4")  # four steps round the wall
    warrior = lone("W", "e4")
    assert "e4-f6" in warrior.legal()  # a knight's jump needs a turn


def test_movement_cannot_end_on_start_square() -> None:
    state = lone("H", "e4")
    assert "e4" not in targets(state, "e4")
    with pytest.raises(meeples.IllegalAction, match="not a Sparta action"):
        state.play("e4-e4")


def test_movement_passing_over_own_city_does_not_promote() -> None:
    # c5 and e5 are taken, so the only way from d4 to d6 crosses the empty city d5.
    state = parse({"d4": "W", "c5": "W", "e5": "W", "a1": "W", "a10": "w", "c10": "w",
                   "j10": "w"})
    after = state.play("d4-d6")
    assert board(after).splitlines()[4][3] == "W"  # d6 still a warrior
    assert reserves(after) == (8, 8)


def test_movement_passing_over_enemy_city_does_not_conquer() -> None:
    # d6 and f6 are taken, so the only way from e5 to e7 crosses the empty city e6.
    state = parse({"e5": "W", "d6": "W", "f6": "W", "a1": "W", "a10": "w", "c10": "w",
                   "j10": "w"})
    after = state.play("e5-e7")
    assert cities(after)["e6"] == "N"


# Landing on a city --------------------------------------------------------------------------


def test_city_landing_own_city_promotes_warrior() -> None:
    state = parse({"c3": "W", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"})
    after = state.play("c3-b5")
    assert board(after).splitlines()[5][1] == "H"
    assert reserves(after) == (7, 8)
    assert quiet_plies(after) == 0


def test_city_landing_own_city_hero_stays_hero() -> None:
    state = parse({"c3": "H", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"})
    after = state.play("c3-b5")
    assert board(after).splitlines()[5][1] == "H"
    assert reserves(after) == (7, 8)  # unchanged: one hero was already out


def test_city_landing_enemy_city_warrior_conquers_without_promotion() -> None:
    state = parse({"c4": "W", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"})
    after = state.play("c4-c6")
    assert cities(after)["c6"] == "S"
    assert board(after).splitlines()[4][2] == "W"
    assert reserves(after) == (8, 8)
    assert quiet_plies(after) == 0


def test_city_landing_enemy_city_hero_conquers() -> None:
    state = parse({"c4": "H", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"})
    after = state.play("c4-c6")
    assert cities(after)["c6"] == "S"


def test_city_landing_heroes_conquer_false_hero_does_not_conquer() -> None:
    state = parse({"c4": "H", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"},
                  heroes_conquer=False)
    after = state.play("c4-c6")
    assert cities(after)["c6"] == "N"
    assert quiet_plies(after) == 1


def test_city_landing_heroes_conquer_false_warrior_still_conquers() -> None:
    state = parse({"c4": "W", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"},
                  heroes_conquer=False)
    assert cities(state.play("c4-c6"))["c6"] == "S"


def test_city_landing_heroes_conquer_option_of_a_new_game() -> None:
    assert GAME.new(heroes_conquer=False).position().endswith(" warriors-conquer")
    assert not GAME.new().position().endswith(" warriors-conquer")


def test_city_landing_resolved_before_captures() -> None:
    # The warrior lands on its own city b5 between two North pieces: it becomes a hero first,
    # then falls; the hero it used is gone for good.
    state = parse({"c4": "W", "a5": "w", "c5": "w", "a1": "W", "j1": "W", "a10": "w",
                   "j10": "w"})
    after = state.play("c4-b5")
    assert board(after).splitlines()[5] == "w.w......."
    assert reserves(after) == (7, 8)


def test_city_keeps_colour_when_its_piece_is_captured() -> None:
    # The warrior conquers c6 but lands between b6 and d6: it falls, c6 stays South.
    state = parse({"c4": "W", "b6": "w", "d6": "w", "a1": "W", "j1": "W", "a10": "w",
                   "j10": "w"})
    after = state.play("c4-c6")
    assert cities(after)["c6"] == "S"
    assert board(after).splitlines()[4] == ".w.w......"


# Captures -----------------------------------------------------------------------------------


def test_captures_simultaneous_in_several_lines() -> None:
    # e4 to d4 encloses c4 on rank 4 (with b4) and d5 on file d (with d6) at once.
    state = parse("""
        w . w . . . . . . w
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . W . . . . . .
        . . . w . . . . . .
        . W w . W . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        W . . . . . . . . .
    """)
    after = state.play("e4-d4")
    assert board(after) == expect("""
        w . w . . . . . . w
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . W . . . . . .
        . . . . . . . . . .
        . W . W . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        W . . . . . . . . .
    """)


def test_captures_include_movers_own_pieces_on_other_lines() -> None:
    # Landing on e4 encloses the North piece f4 (with g4) and, on file e, the mover (e3, e5):
    # both fall together.
    state = parse("""
        w . w . . . . . . w
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . w . . . . .
        . . . . . w W . . .
        . . . W w . . . . .
        . . . . . . . . . .
        W . . . . . . . . .
    """)
    after = state.play("d3-e4")
    assert board(after) == expect("""
        w . w . . . . . . w
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . w . . . . .
        . . . . . . W . . .
        . . . . w . . . . .
        . . . . . . . . . .
        W . . . . . . . . .
    """)


def test_captures_moving_between_two_enemies_is_legal_and_suicidal() -> None:
    state = parse({"e3": "W", "d4": "w", "f4": "w", "a1": "W", "j1": "W", "a10": "w",
                   "j10": "w"})
    assert "e3-e4" in state.legal()
    after = state.play("e3-e4")
    assert board(after).splitlines()[6] == "...w.w...."


def test_captures_empty_city_never_encloses() -> None:
    # North lands on c5 between the empty South city b5 and the South warrior on d5: the
    # empty city is no piece, so the mover does not fall.
    state = parse({"c3": "w", "d5": "W", "a1": "W", "j1": "W", "a10": "w", "j10": "w"},
                  side="N")
    after = state.play("c3-c5")
    assert board(after).splitlines()[5] == "..wW......"


def test_captures_piece_on_city_encloses_like_any_other() -> None:
    # A South hero standing on the North city c6 and a South piece landing on e6 enclose d6.
    state = parse({"c6": "H", "d6": "w", "e4": "W", "a1": "W", "a10": "w", "j10": "w",
                   "h10": "w"}, cities={"b5": "S", "d5": "S", "f5": "S", "h5": "S",
                                         "c6": "S", "e6": "N", "g6": "N", "i6": "N"})
    after = state.play("e4-e6")
    assert board(after).splitlines()[4] == "..H.W....."
    assert cities(after)["e6"] == "S"


def test_captures_piece_on_city_can_be_enclosed() -> None:
    # The North warrior standing on its city e6 is enclosed by d6 and the landing on f6.
    state = parse({"d6": "W", "e6": "w", "f4": "W", "a1": "W", "a10": "w", "j10": "w"})
    after = state.play("f4-f6")
    assert board(after).splitlines()[4] == "...W.W...."
    assert cities(after)["e6"] == "N"


def test_captures_heroes_and_warriors_count_the_same() -> None:
    # A run of a North hero and a North warrior between two South pieces falls.
    state = parse({"c4": "W", "d4": "h", "e4": "w", "f3": "H", "a1": "W", "a10": "w",
                   "j10": "w"})
    after = state.play("f3-f4")
    assert board(after).splitlines()[6] == "..W..H...."


def test_captures_board_edge_never_encloses() -> None:
    state = parse({"a4": "w", "b4": "w", "c3": "W", "a1": "W", "j1": "W", "j10": "w"})
    after = state.play("c3-c4")
    assert board(after).splitlines()[6] == "wwW......."


def test_captures_defeated_pieces_leave_the_game() -> None:
    state = parse({"c4": "W", "d4": "w", "e3": "W", "a1": "W", "a10": "w", "j10": "w"})
    after = state.play("e3-e4")
    assert board(after).splitlines()[6] == "..W.W....."
    assert reserves(after) == reserves(state)  # nobody gets the piece back


# In-place promotion ---------------------------------------------------------------------------


def test_in_place_promotion_of_warrior_on_own_city() -> None:
    state = parse({"d5": "W", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"})
    assert "d5=H" in state.legal()
    after = state.play("d5=H")
    assert board(after).splitlines()[5][3] == "H"
    assert reserves(after) == (7, 8)
    assert after.to_move == 1  # instead of a move: the turn passes
    assert quiet_plies(after) == 0


def test_in_place_promotion_triggers_no_capture() -> None:
    # Only the promoted square changes: no line is resolved.
    state = parse({"d5": "W", "c5": "w", "e4": "w", "a1": "W", "j1": "W", "a10": "w"})
    before = board(state).splitlines()
    after = board(state.play("d5=H")).splitlines()
    changed = [(r, f) for r in range(10) for f in range(10) if before[r][f] != after[r][f]]
    assert changed == [(5, 3)]


def test_in_place_promotion_only_for_warriors_on_own_cities() -> None:
    state = parse({"d5": "H", "f5": "w", "c6": "W", "g3": "W", "b5": "W", "a10": "w",
                   "j10": "w"}, cities={"b5": "S", "d5": "S", "f5": "S", "h5": "S",
                                         "c6": "N", "e6": "N", "g6": "N", "i6": "N"})
    promotions = [a for a in state.legal() if a.endswith("=H")]
    assert promotions == ["b5=H"]  # not the hero d5, the enemy city c6, the plain square g3


def test_in_place_promotion_not_for_the_other_side() -> None:
    state = parse({"c6": "w", "a1": "W", "j1": "W", "a10": "w", "j10": "w"}, side="S")
    assert not any(a.endswith("=H") for a in state.legal())
    assert "c6=H" in parse({"c6": "w", "a1": "W", "j1": "W", "a10": "w", "j10": "w"},
                           side="N").legal()


def test_reserve_spends_one_hero_per_promotion() -> None:
    state = parse({"b5": "W", "d5": "W", "a1": "W", "a10": "w", "c10": "w", "j10": "w"})
    state = state.play("b5=H").play("a10-a9").play("d5=H")
    assert reserves(state) == (6, 8)


def test_reserve_cannot_run_out() -> None:
    # Each promotion spends a warrior and a reserve hero, so the warriors still on the board
    # never outnumber the heroes waiting. Checked along a long recorded game.
    path = (Path(__file__).resolve().parents[2] / "data" / "sparta" / "playthroughs"
            / "seed_2.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    state = Match.from_json(data).start()
    promotions = 0
    for action in data["actions"]:
        before = reserves(state)
        state = state.play(action)
        promotions += sum(before) - sum(reserves(state))
        placement = board(state)
        south, north = reserves(state)
        assert placement.count("W") <= south and placement.count("w") <= north
    assert promotions >= 4  # the game did promote


def test_reserve_defeated_heroes_do_not_return() -> None:
    # The South hero on c4 falls between b4 and the landing on d4: reserves stay as they were.
    state = parse({"b4": "w", "c4": "H", "d2": "w", "a1": "W", "j1": "W", "a10": "w"},
                  side="N")
    after = state.play("d2-d4")
    assert "H" not in board(after)
    assert reserves(after) == reserves(state) == (7, 8)


# End of the game ----------------------------------------------------------------------------


def test_end_all_cities_wins() -> None:
    state = parse({"h5": "H", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"},
                  cities=SEVEN_SOUTH)
    after = state.play("h5-i6")
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert "all cities" in after.outcome.reason
    assert after.legal() == [] and after.to_move is None


def test_end_all_cities_checked_before_piece_count() -> None:
    # South's last-but-one piece takes i6 and falls between h6 and j6: South has one piece
    # left, but it owns all 8 cities, which is checked first.
    state = parse({"i4": "W", "h6": "w", "j6": "w", "a1": "W", "a10": "w"},
                  cities=SEVEN_SOUTH)
    after = state.play("i4-i6")
    assert board(after).count("W") == 1
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert "all cities" in after.outcome.reason


def test_end_one_piece_left_other_player_wins() -> None:
    state = parse({"c4": "W", "d4": "w", "e3": "W", "a1": "W", "a10": "w"})
    after = state.play("e3-e4")
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert after.outcome.ranking == ((0,), (1,))
    assert "one piece" in after.outcome.reason


def test_end_one_piece_left_checked_before_two_pieces() -> None:
    # R Y* R Y on rank 4: South loses the mover, North loses e4. South is left with two
    # pieces, North with one: condition 2 (South wins) comes before condition 3 (North, with
    # seven cities, would win).
    state = parse({"c4": "w", "e4": "w", "f4": "W", "d3": "W", "a1": "W"},
                  cities=SEVEN_NORTH)
    after = state.play("d3-d4")
    assert board(after).count("W") == 2 and board(after).count("w") == 1
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert "one piece" in after.outcome.reason


def test_end_both_two_pieces_more_cities_wins() -> None:
    # W w* W w on rank 4: North loses its mover, South loses e4; two pieces each remain and
    # South owns five cities.
    state = parse({"c4": "W", "e4": "W", "f4": "w", "d3": "w", "a10": "w", "j1": "W"},
                  side="N", cities={"b5": "S", "d5": "S", "f5": "S", "h5": "S", "c6": "S",
                                    "e6": "N", "g6": "N", "i6": "N"})
    after = state.play("d3-d4")
    assert board(after).count("W") == 2 and board(after).count("w") == 2
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert "two pieces" in after.outcome.reason


def test_end_both_two_pieces_equal_cities_is_a_draw() -> None:
    state = parse({"c4": "W", "e4": "W", "f4": "w", "d3": "w", "a10": "w", "j1": "W"},
                  side="N")
    after = state.play("d3-d4")
    assert after.outcome is not None
    assert after.outcome.winners == ()
    assert after.outcome.ranking == ((0, 1),)
    assert "draw" in after.outcome.reason


def test_end_both_at_most_one_piece_is_decided_by_cities() -> None:
    one_each = parse({"a1": "W", "j10": "w"})
    assert one_each.outcome is not None
    assert one_each.outcome.winners == ()  # four cities each: a draw
    assert "two pieces" in one_each.outcome.reason


BLOCKED = """
    . . . . . . . . . .
    . . . . w . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    w w . . . . . . w w
    W w . . . . . . w W
"""


def test_end_pass_when_no_other_action() -> None:
    state = parse(BLOCKED)
    assert state.legal() == ["pass"]
    after = state.play("pass")
    assert after.to_move == 1 and after.outcome is None
    assert after.position().split()[5] == "1"
    assert board(after) == board(state)


def test_end_pass_only_when_no_other_action() -> None:
    with pytest.raises(meeples.IllegalAction, match="only when you have no move"):
        GAME.new().play("pass")
    assert "pass" not in GAME.new().legal()


def test_end_pass_not_when_in_place_promotion_is_possible() -> None:
    state = parse(BLOCKED, cities={"a1": "S", "d5": "S", "f5": "S", "h5": "S", "c6": "N",
                                   "e6": "N", "g6": "N", "i6": "N"})
    assert state.legal() == ["a1=H"]


def test_end_pass_count_resets_after_a_move() -> None:
    after = parse(BLOCKED).play("pass").play("e9-e8")
    assert after.position().split()[5] == "0"


def test_end_double_pass_ends_the_game() -> None:
    # Both sides cannot be walled in at once (a closed set of squares is the whole board), so
    # two passes in a row only arise from a position text or the rules' own function.
    state = parse(BLOCKED, passes=2)
    assert state.outcome is not None
    assert "both players passed" in state.outcome.reason
    assert state.outcome.winners == ()  # four cities each
    one_pass = parse(BLOCKED, passes=1).inner
    after = GAME.rules.apply(one_pass, GAME.rules.parse_action("pass"))
    assert after.outcome is not None and "both players passed" in after.outcome.reason


SHUFFLE = ["a1-a2", "j10-j9", "a2-a1", "j9-j10"]


def shuffle_state() -> meeples.State:  # type: ignore[type-arg]
    return parse({"a1": "W", "c1": "W", "e1": "W", "j10": "w", "h10": "w", "f10": "w"})


def test_end_threefold_repetition() -> None:
    state = shuffle_state()
    for action in SHUFFLE * 2:
        assert state.outcome is None
        state = state.play(action)
    # The start position (South to move) has now occurred three times.
    assert state.outcome is not None
    assert "threefold repetition" in state.outcome.reason
    assert state.outcome.winners == ()


def test_end_threefold_repetition_not_at_second_occurrence() -> None:
    state = shuffle_state()
    for action in SHUFFLE + SHUFFLE[:3]:
        state = state.play(action)
    assert state.outcome is None


def test_end_threefold_repetition_counts_across_conquest() -> None:
    # A conquered city can be taken back: positions before the conquest still count.
    # (Bug fixed: the engine used to forget them.)
    state = parse({"c5": "H", "c7": "w", "a1": "W", "b1": "W", "i10": "w", "j10": "w"})
    cycle = ["c5-c6", "c7-d7", "c6-b6", "d7-c6", "b6-c5", "c6-c7"]
    for action in cycle * 2:
        assert state.outcome is None
        state = state.play(action)
    assert state.outcome is not None
    assert "threefold repetition" in state.outcome.reason


def test_end_threefold_repetition_key_includes_side_to_move() -> None:
    # Same pieces with the other side to move is another position.
    state = shuffle_state()
    for action in ["a1-a2", "j10-j9", "a2-a1", "j9-j10", "a1-a2", "j10-j9"]:
        state = state.play(action)
    assert state.outcome is None


def test_end_200_plies_without_progress() -> None:
    state = parse({"a1": "W", "c1": "W", "e1": "W", "j10": "w", "h10": "w", "f10": "w"},
                  quiet=199)
    after = state.play("a1-a2")
    assert after.outcome is not None
    assert "200 plies" in after.outcome.reason
    assert state.outcome is None


def test_end_200_plies_count_reset_by_capture() -> None:
    state = parse({"c4": "W", "d4": "w", "e3": "W", "a1": "W", "a10": "w", "j10": "w"},
                  quiet=199)
    after = state.play("e3-e4")
    assert after.outcome is None and quiet_plies(after) == 0


def test_end_200_plies_count_reset_by_conquest() -> None:
    state = parse({"c4": "W", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"},
                  quiet=199)
    after = state.play("c4-c6")
    assert after.outcome is None and quiet_plies(after) == 0


def test_end_200_plies_count_reset_by_promotion() -> None:
    state = parse({"d5": "W", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"},
                  quiet=199)
    after = state.play("d5=H")
    assert after.outcome is None and quiet_plies(after) == 0


def test_plies_without_progress_end_counts_as_a_limit_and_no_rounds() -> None:
    state = parse({"c4": "W", "a1": "W", "j1": "W", "a10": "w", "c10": "w", "j10": "w"},
                  quiet=QUIET_PLY_LIMIT - 1)
    assert state.rounds() is None and not state.ended_at_limit()
    after = state.play("a1-b1")
    assert after.outcome is not None and after.ended_at_limit()
