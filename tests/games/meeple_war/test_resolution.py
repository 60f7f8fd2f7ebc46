"""Rulebook "5. Resolution": Exploration, Battles (with the forges and Recycling), Destroying
Building; sheet B1, B4, B10, E1, E2, A12, A16, A20, D4, D15, D19."""

from __future__ import annotations

from fractions import Fraction

from tests.games.meeple_war.scenario import field, on, position, seat


def exploring(spot: str, origin: str, pile: list[str], **kw):  # noqa: ANN003, ANN201
    return position(step="explore", explore=[[spot, [origin]]], troops=((spot, 0, 2),),
                    pile=pile, **kw)


def test_exploration_draws_the_top_tile_under_the_explorers() -> None:
    state = exploring("1,0", "0,0", ["T14", "T15"])
    after = state.play("explore@1,0").play("draw:T14")
    assert ["1,0", "T14", 0] in field(after, "tiles")
    assert field(after, "pile") == ["T15"]
    assert on(after, "1,0", 0) == 2


def test_exploration_turns_up_a_tile_by_chance_after_the_choice() -> None:
    state = exploring("1,0", "0,0", ["T35", "T19", "T15", "T14"])
    after = state.play("explore@1,0")
    assert after.is_chance and field(after, "drawn") == ["1,0"]
    assert after.chance_outcomes() == [
        ("draw:T14", Fraction(1, 2)), ("draw:T19", Fraction(1, 4)), ("draw:T35", Fraction(1, 4))]
    laid = after.play("draw:T19")
    assert not laid.is_chance and field(laid, "pile") == ["T14", "T15", "T35"]


def test_exploration_identical_tiles_are_one_outcome_named_by_the_lowest() -> None:
    after = exploring("1,0", "0,0", ["T27", "T25"]).play("explore@1,0")
    assert after.chance_outcomes() == [("draw:T25", 1)]  # a workshop for sure, still recorded
    laid = after.play("draw:T25")
    assert ["1,0", "T25", 0] in field(laid, "tiles") and field(laid, "pile") == ["T27"]


def test_exploration_rotation_must_open_the_entry_edge() -> None:
    state = exploring("1,0", "0,0", ["T19", "T15"])
    after = state.play("explore@1,0").play("draw:T19")
    assert after.legal() == ["rot:1", "rot:2"]
    after = after.play("rot:2")
    assert ["1,0", "T19", 2] in field(after, "tiles")


def test_exploration_any_origin_may_be_opened() -> None:
    state = position(step="explore", explore=[["1,0", ["0,0", "1,-1"]]],
                     troops=(("1,0", 0, 2),), pile=["T19"])
    after = state.play("explore@1,0").play("draw:T19")
    assert after.legal() == ["rot:0", "rot:1", "rot:2"]


def test_exploration_order_chosen_by_the_player() -> None:
    state = position(step="explore", explore=[["1,0", ["0,0"]], ["-1,0", ["0,0"]]],
                     troops=(("1,0", 0, 1), ("-1,0", 0, 1)), pile=["T14", "T15"])
    assert state.legal() == ["explore@1,0", "explore@-1,0"]
    after = state.play("explore@-1,0").play("draw:T14")
    assert ["-1,0", "T14", 0] in field(after, "tiles")


def test_exploration_altar_acts_at_once() -> None:
    state = exploring("1,0", "0,0", ["T35"], seats={0: {"stock": 8}})
    after = state.play("explore@1,0").play("draw:T35")
    assert on(after, "1,0", 0) == 1
    assert seat(after, 0)["stock"] == 9


def test_exploration_revealed_mine_allows_a_jump() -> None:
    state = exploring("1,0", "0,0", ["T09"])
    after = state.play("explore@1,0").play("draw:T09")
    assert "1,0>0,1:2" in after.legal() and "done" in after.legal()
    after = after.play("1,0>0,1:2")
    assert on(after, "0,1", 0) == 2


def battle(att: int, dfn: int, **kw):  # noqa: ANN003, ANN201
    return position(step="battle", troops=(("0,0", 0, att), ("0,0", 1, dfn)), **kw)


def test_battle_simultaneous_losses_until_one_side_is_left() -> None:
    after = battle(3, 2).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (1, 0)


def test_battle_equal_sides_both_wiped() -> None:
    after = battle(2, 2).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (0, 0)


def test_battle_bravery_attacker_one_per_kill_defender_one_per_two() -> None:
    after = battle(4, 5).play("battle@0,0")
    assert seat(after, 0)["ladder"] == 4
    assert seat(after, 1)["ladder"] == 2


def test_battle_defender_scores_on_opponents_destroyed_not_own_losses() -> None:
    # E1: with a Weapons Forge the defender loses 3 and kills 2: 1 bravery, not 1 for 3 lost.
    after = battle(2, 3, weapons=1).play("battle@0,0")
    assert on(after, "0,0", 0) == 0 and on(after, "0,0", 1) == 0
    assert seat(after, 1)["ladder"] == 1
    assert seat(after, 0)["ladder"] == 3


def test_battle_destroyed_meeples_go_to_stock() -> None:
    after = battle(3, 2).play("battle@0,0")
    assert seat(after, 0)["stock"] == 9 and seat(after, 1)["stock"] == 10


def test_battle_weapons_forge_kills_first() -> None:
    after = battle(2, 2, weapons=1).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (1, 0)


def test_battle_shields_forge_kills_an_attacker_first() -> None:
    after = battle(2, 2, seats={1: {"shields": 1}}).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (0, 1)


def test_battle_both_forges_cancel_out() -> None:
    after = battle(3, 3, weapons=1, seats={1: {"shields": 1}}).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (0, 0)


def test_battle_forge_can_leave_no_battle() -> None:
    after = battle(1, 1, weapons=1).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (1, 0)
    assert seat(after, 0)["ladder"] == 1


def test_battle_weapons_forge_defends_on_own_turn_unless_option() -> None:
    slots = {0: {"slots": [["EG", True, "L1", []], ["VS", True, "S", []], None, None]}}
    troops = (("1,-1", 1, 2), ("0,0", 0, 2))
    state = position(step="action", pending=[0], troops=troops, seats=slots, weapons=1)
    after = state.play("s1:fright").play("fr:1@1,-1>0,0").play("fr:1@1,-1>0,0")
    assert on(after, "0,0", 0) == 1  # forge kill then 1 v 2
    state = position(step="action", pending=[0], troops=troops, seats=slots, weapons=1,
                     options={"weapons_forge_attack_only": True})
    after = state.play("s1:fright").play("fr:1@1,-1>0,0").play("fr:1@1,-1>0,0")
    assert on(after, "0,0", 0) == 0 and on(after, "0,0", 1) == 0


def test_battle_shields_forge_not_on_own_turn() -> None:
    after = battle(2, 2, seats={0: {"shields": 1}}).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (0, 0)


def test_battle_recycling_sends_losses_to_the_depot() -> None:
    slots = [["AB", True, "L1", []], ["VS", True, "S", []], None, None]
    after = battle(3, 2, seats={1: {"slots": slots}}).play("battle@0,0")
    assert seat(after, 1)["depot"] == 4


def test_battle_order_chosen_by_the_active_player() -> None:
    state = position(step="battle", troops=(("0,0", 0, 1), ("0,0", 1, 1), ("1,-1", 0, 1),
                                            ("1,-1", 1, 1)))
    assert state.legal() == ["battle@0,0", "battle@1,-1"]


def test_battle_survivors_on_a_mine_may_jump() -> None:
    state = position(step="battle", troops=(("0,1", 0, 3), ("0,1", 1, 1)))
    after = state.play("battle@0,1")
    assert "0,1>0,-1:2" in after.legal()


def test_battle_jump_onto_an_occupied_exit_fights_there() -> None:
    state = position(step="battle", troops=(("0,1", 0, 3), ("0,1", 1, 1), ("0,-1", 1, 1)))
    after = state.play("battle@0,1").play("0,1>0,-1:2")
    assert on(after, "0,-1", 1) == 0 and on(after, "0,-1", 0) == 1


def test_exploration_nature_control_does_not_waive_the_orientation() -> None:
    state = exploring("1,0", "0,0", ["T19"], nature=True)
    assert state.play("explore@1,0").play("draw:T19").legal() == ["rot:1", "rot:2"]


def test_battle_three_players_pairwise_attacker_first() -> None:
    state = position(players=3, step="battle",
                     troops=(("0,0", 0, 3), ("0,0", 1, 1), ("0,0", 2, 1)))
    after = state.play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1), on(after, "0,0", 2)) == (1, 0, 0)
    assert seat(after, 0)["ladder"] == 2


def test_recycling_covers_the_altar_sacrifice() -> None:
    slots = [["FA", True, "L2", []], ["VS", True, "S", []], None, None]
    state = position(tiles=(("1,0", "T35", 0),), troops=(("1,-1", 0, 2),),
                     seats={0: {"slots": slots}})
    after = state.play("1,-1>1,0:2")
    assert seat(after, 0)["depot"] == 3


def test_battle_weapons_forge_one_kill_per_source() -> None:
    after = battle(3, 2, weapons=2).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (3, 0)  # no battle left to fight
    assert seat(after, 0)["ladder"] == 2  # the forge kills are the attacker's


def test_battle_shields_forge_kills_count_for_the_defenders_bravery() -> None:
    # D4: the shield's kill is a loss the defender inflicts (1 bravery per 2 kills, E1).
    after = battle(4, 3, seats={1: {"shields": 1}}).play("battle@0,0")
    assert (on(after, "0,0", 0), on(after, "0,0", 1)) == (0, 0)
    assert seat(after, 1)["ladder"] == 2 and seat(after, 0)["ladder"] == 3  # 4 kills, 3 kills
