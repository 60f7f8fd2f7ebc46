"""Rulebook "Special Territories" (Cavern, Mine, Ancient God Altar) and the movement
exceptions; sheet A12, A13, A17, D7, D8, D16, D17."""

from __future__ import annotations

from tests.games.meeple_war.scenario import field, on, position, seat


def moves_from(state, spot: str) -> set[str]:  # noqa: ANN001
    return {a.partition(">")[2].partition(":")[0] for a in state.legal()
            if a.startswith(spot + ">")}


def test_cavern_reaches_territories_within_two_ignoring_forests() -> None:
    state = position(tiles=(("1,0", "T33", 0), ("2,0", "T19", 0)), troops=(("1,0", 0, 1),))
    reach = moves_from(state, "1,0")
    assert "2,0" in reach  # forest on the shared edge does not stop cavern movement
    assert "-1,1" in reach  # distance 2
    assert "0,2" not in reach  # no tile there: cavern movement never explores
    assert "3,0" not in reach


def test_cavern_normal_move_can_still_explore() -> None:
    state = position(tiles=(("1,0", "T33", 0),), troops=(("1,0", 0, 1),))
    assert "1,1" in moves_from(state, "1,0")


def test_cavern_range_exactly_2_option() -> None:
    tiles = (("1,0", "T33", 0), ("2,0", "T19", 0))
    state = position(tiles=tiles, troops=(("1,0", 0, 1),),
                     options={"cavern_range_exactly_2": True})
    reach = moves_from(state, "1,0")
    assert "2,0" not in reach and "-1,1" in reach


def test_cavern_landing_on_a_mine_may_jump() -> None:
    state = position(tiles=(("1,0", "T33", 0),), troops=(("1,0", 0, 1),))
    # (0,1) is a mine within 2 of the cavern; its other exit (0,-1) is adjacent anyway, so
    # check with the far exit seen from (0,-1)'s side.
    assert "0,1" in moves_from(state, "1,0") and "0,-1" in moves_from(state, "1,0")


def test_mine_entering_an_empty_tunnel_jumps_to_another_exit() -> None:
    state = position(tiles=(("-1,0", "T09", 0),), troops=(("1,-1", 0, 2),))
    assert "-1,0" in moves_from(state, "1,-1")  # via the mine at (0,-1)
    after = state.play("1,-1>-1,0:2")
    assert on(after, "-1,0", 0) == 2


def test_mine_guarded_entrance_blocks_the_jump() -> None:
    state = position(tiles=(("-1,0", "T09", 0),), troops=(("1,-1", 0, 2), ("0,-1", 1, 1)))
    assert "-1,0" not in moves_from(state, "1,-1")


def test_mine_meeples_on_a_tunnel_jump_instead_of_moving() -> None:
    state = position(troops=(("0,-1", 0, 1),))
    assert "0,1" in moves_from(state, "0,-1")


def test_mine_three_exits_any_to_any() -> None:
    state = position(tiles=(("-1,0", "T09", 0),), troops=(("0,-1", 0, 1),))
    assert {"0,1", "-1,0"} <= moves_from(state, "0,-1")


def test_altar_entry_forces_a_sacrifice() -> None:
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 2), ("0,0", 0, 1)))
    after = state.play("1,-1>1,0:2")
    assert on(after, "1,0", 0) == 1
    assert seat(after, 0)["stock"] == 8  # the sacrificed meeple is back in stock


def test_altar_kill_within_two_for_one_bravery() -> None:
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 2), ("-1,1", 1, 2)))
    after = state.play("1,-1>1,0:2")
    assert after.legal() == ["kill:1@-1,1", "done"]
    after = after.play("kill:1@-1,1")
    assert on(after, "-1,1", 1) == 1
    assert seat(after, 0)["ladder"] == 1


def test_altar_kill_is_optional() -> None:
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 2), ("-1,1", 1, 2)))
    after = state.play("1,-1>1,0:2").play("done")
    assert on(after, "-1,1", 1) == 2


def test_altar_no_kill_beyond_two() -> None:
    state = position(tiles=(("1,0", "T35", 0), ("-2,1", "T14", 0)),
                     troops=(("1,-1", 0, 2), ("-2,1", 1, 2)))
    after = state.play("1,-1>1,0:2")
    assert field(after, "effects") == []


def test_altar_once_per_turn() -> None:
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 2), ("0,0", 0, 2)))
    after = state.play("1,-1>1,0:1").play("0,0>1,0:2")
    assert on(after, "1,0", 0) == 2  # only the first entry was taxed


def test_altar_once_per_player_option_lets_frightened_meeples_use_it() -> None:
    tiles = (("1,0", "T35", 0),)
    troops = (("1,-1", 1, 1), ("1,0", 0, 1))
    slots = {0: {"slots": [["EG", True, "L1", []], ["VS", True, "S", []], None, None]}}
    used = [["1,0", -1]]
    state = position(step="action", pending=[0], tiles=tiles, troops=troops, seats=slots,
                     altars_used=used)
    after = state.play("s1:fright").play("fr:1@1,-1>1,0")  # its only meeple: the action ends
    assert on(after, "1,0", 1) == 0 and on(after, "1,0", 0) == 0  # 1 v 1 battle, no altar
    state = position(step="action", pending=[0], tiles=tiles, troops=(("1,-1", 1, 2),),
                     seats=slots, altars_used=[["1,0", 0]],
                     options={"altar_once_per_player": True})
    after = state.play("s1:fright").play("fr:1@1,-1>1,0").play("done")
    assert on(after, "1,0", 1) == 0  # player 1 still had the altar this turn: sacrificed
    assert seat(after, 1)["stock"] == 9


def test_altar_after_a_battle_for_the_survivors() -> None:
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 3), ("1,0", 1, 1)))
    after = state.play("1,-1>1,0:3")  # nothing left to move: resolution follows
    assert on(after, "1,0", 0) == 1  # 3 - 1 in battle - 1 sacrificed
    assert on(after, "1,0", 1) == 0


def test_altar_kill_never_on_defense_spaces() -> None:
    # Player 1's meeples on player 0's Pilot School at 2,-2 (distance 2 from the altar at 1,0)
    # may not be killed; the one on the territory 0,0 may.
    slots = {0: {"slots": [["PS", True, "a", [1]], ["VS", True, "S", []], None, None]}}
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 2), ("0,0", 1, 1)),
                     seats=slots)
    after = state.play("1,-1>1,0:2")
    assert after.legal() == ["kill:1@0,0", "done"]


def test_cavern_never_reaches_a_building() -> None:
    # The cavern at -1,0 is 2 hexes from player 1's Pilot School on -2,2: cavern movement
    # reaches territories only, so that building is not a destination.
    slots = {1: {"slots": [["PS", True, "a", []], ["VS", True, "S", []], None, None]}}
    state = position(tiles=(("-1,0", "T33", 0),), troops=(("-1,0", 0, 1),), seats=slots)
    assert "-2,2" not in moves_from(state, "-1,0")
    assert "-1,1" in moves_from(state, "-1,0")
