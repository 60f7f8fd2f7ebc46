"""Rulebook "4. Meeple Movement on the Battlefield"; sheet B1 (phase 4), B2, B7, A15, D20."""

from __future__ import annotations

from tests.games.meeple_war.scenario import field, on, position, seat

VS = ["VS", True, "S", []]


def moves_from(state, spot: str) -> set[str]:  # noqa: ANN001
    return {a.partition(">")[2].partition(":")[0] for a in state.legal()
            if a.startswith(spot + ">")}


def test_movement_to_adjacent_territories_and_empty_hexes() -> None:
    state = position(troops=(("0,0", 0, 2),))
    assert moves_from(state, "0,0") == {"1,-1", "0,-1", "-1,1", "0,1", "1,0", "-1,0"}


def test_movement_any_number_of_meeples() -> None:
    state = position(troops=(("0,0", 0, 3),))
    assert {"0,0>1,-1:1", "0,0>1,-1:2", "0,0>1,-1:3"} <= set(state.legal())


def test_movement_each_meeple_moves_once() -> None:
    state = position(troops=(("0,0", 0, 2), ("1,-1", 0, 1))).play("0,0>1,-1:2")
    assert [a for a in state.legal() if a.startswith("1,-1>")] == [
        a for a in state.legal() if a.startswith("1,-1>") and a.endswith(":1")]
    state = state.play("1,-1>0,0:1")
    assert on(state, "0,0", 0) == 1


def test_movement_never_into_own_buildings_or_empty_village_spaces() -> None:
    state = position(troops=(("1,-1", 0, 1),))
    assert "2,-2" not in moves_from(state, "1,-1")
    state = position(troops=(("-1,1", 0, 1),), seats={1: {"slots": [None, VS, None, None]}})
    assert "-2,2" not in moves_from(state, "-1,1")


def test_movement_attack_enemy_building_fills_defense_spaces() -> None:
    state = position(troops=(("-1,1", 0, 3),),
                     seats={1: {"slots": [["PS", True, "a", []], VS, None, None]}})
    assert {"-1,1>-2,2:1", "-1,1>-2,2:2", "-1,1>-2,2:3"} <= set(state.legal())
    after = state.play("-1,1>-2,2:2")
    assert seat(after, 1)["slots"][0][3] == [0, 0]
    assert on(after, "-1,1", 0) == 1


def test_movement_attack_limited_to_free_defense_spaces() -> None:
    state = position(troops=(("-1,1", 0, 3),),
                     seats={1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None]},
                            0: {"stock": 5}})
    assert [a for a in state.legal() if ">-2,2" in a] == ["-1,1>-2,2:1"]


def test_destroying_building_scores_defenders_and_frees_the_worker() -> None:
    state = position(troops=(("-1,1", 0, 1),),
                     seats={1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None],
                                "available": ["AB", "AC", "CA", "EG", "FA", "LG", "MA", "UN"]},
                            0: {"stock": 7}})
    after = state.play("-1,1>-2,2:1")
    assert seat(after, 1)["slots"][0] is None
    assert seat(after, 1)["boxed"] == ["PS"]
    assert seat(after, 0)["mountain"] == 3
    assert "PS" not in seat(after, 1)["available"]


def test_movement_forest_blocks_an_edge() -> None:
    state = position(tiles=(("1,0", "T19", 0),), troops=(("0,0", 0, 1),))
    assert "1,0" not in moves_from(state, "0,0")


def test_movement_nature_control_crosses_forests() -> None:
    state = position(tiles=(("1,0", "T19", 0),), troops=(("0,0", 0, 1),), nature=True)
    assert "1,0" in moves_from(state, "0,0")


def test_movement_tree_token_clears_both_faces() -> None:
    state = position(tiles=(("1,0", "T19", 0),), troops=(("0,0", 0, 1),), trees=["0,0/0"])
    assert "1,0" in moves_from(state, "0,0")


def test_movement_forest_blocks_exploring_through_own_side() -> None:
    state = position(tiles=(("1,0", "T19", 0),), troops=(("1,0", 0, 1),))
    assert "2,0" not in moves_from(state, "1,0")
    assert "2,-1" in moves_from(state, "1,0")


def test_movement_forest_blocks_attacks_on_buildings() -> None:
    seats = {1: {"slots": [None, VS, None, None]}}
    open_ = position(tiles=(("-3,2", "T14", 0),), troops=(("-3,2", 0, 1),), seats=seats)
    assert "-3,3" in moves_from(open_, "-3,2")
    # T16 has forest on side 0; rotated by 5 it faces direction 5 (SE), toward the Square.
    closed = position(tiles=(("-3,2", "T16", 5),), troops=(("-3,2", 0, 1),), seats=seats)
    assert "-3,3" not in moves_from(closed, "-3,2")


def test_exploration_limited_by_pile_size() -> None:
    state = position(troops=(("0,0", 0, 2),), pile=["T14"],
                     seats={0: {"stock": 8}})
    data_pile = field(state, "pile")
    assert data_pile == ["T14"]
    after = state.play("0,0>1,0:1")
    assert "-1,0" not in moves_from(after, "0,0")
    assert "1,0" in moves_from(after, "0,0")


def test_movement_done_ends_the_phase() -> None:
    state = position(troops=(("0,0", 0, 2),))
    assert "done" in state.legal()
    assert field(state.play("done"), "phase") != 4


def test_movement_never_attacks_own_building() -> None:
    # Player 0 has a Pilot School on V1 (2,-2), next to their meeple on 1,-1: no move there,
    # while the same meeple may attack an enemy building from an adjacent territory.
    own = {0: {"slots": [["PS", True, "a", []], VS, None, None]}}
    state = position(troops=(("1,-1", 0, 2),), seats=own)
    assert "2,-2" not in moves_from(state, "1,-1")
    assert seat(state, 0)["slots"][0][0] == "PS"
