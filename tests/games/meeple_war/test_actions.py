"""Rulebook "3. Buildings Actions" and "Buildings Actions List"; sheet B7, B9, A2-A4, A7, A8,
A14, A15, A18, D9, D12, D13, D14, E3."""

from __future__ import annotations

from tests.games.meeple_war.scenario import field, on, position, seat

VS = ["VS", True, "S", []]


def due(slot: list, troops=(), seats=None, **kw):  # noqa: ANN001, ANN003, ANN201
    """Return player 0 in phase 3 with the action of slot 1 (V1) due."""
    changes = {0: {"slots": [slot, VS, None, None]}}
    for p, extra in (seats or {}).items():
        changes.setdefault(p, {}).update(extra)
    return position(step="action", pending=[0], troops=troops, seats=changes, **kw)


def test_actions_any_order_when_several_are_due() -> None:
    state = position(step="action", pending=[0, 1], seats={0: {"slots": [
        ["FA", True, "L1", []], ["VS", True, "L3", []], None, None]}})
    legal = state.legal()
    assert "s1:asm:2" in legal and "s2:dep:2" in legal
    after = state.play("s2:dep:2")
    assert after.legal() == ["s1:asm:1", "s1:asm:2", "done"]


def test_actions_are_optional() -> None:
    state = due(["FA", True, "L1", []])
    assert "done" in state.legal()
    assert seat(state.play("done"), 0)["depot"] == 2


def test_building_construction_places_a_site_with_a_worker() -> None:
    state = position(step="action", pending=[1],
                     seats={0: {"slots": [None, ["VS", True, "L1", []], None, None]}})
    assert len(state.legal()) == 9 * 3 + 1
    after = state.play("s2:build:FA@3")
    mine = seat(after, 0)
    assert mine["slots"][2] == ["FA", False, "c0", []]
    assert "FA" not in mine["available"]


def test_building_construction_never_replaces_the_square() -> None:
    state = position(step="action", pending=[1],
                     seats={0: {"slots": [None, ["VS", True, "L1", []], None, None]}})
    assert not [a for a in state.legal() if a.endswith("@2")]


def test_building_replacement_returns_old_building_and_scores_attackers() -> None:
    state = position(step="action", pending=[1], seats={
        0: {"slots": [["PS", True, "a", [1, 1]], ["VS", True, "L1", []], None, None]},
        1: {"stock": 8}})
    after = state.play("s2:build:FA@1")
    assert seat(after, 0)["slots"][0] == ["FA", False, "c0", []]
    assert "PS" in seat(after, 0)["available"]
    assert seat(after, 1)["mountain"] == 2


def test_building_construction_nothing_left_to_build() -> None:
    state = position(step="action", pending=[1],
                     seats={0: {"slots": [None, ["VS", True, "L1", []], None, None],
                                "available": []}})
    assert field(state.play("done") if state.legal() == ["done"] else state, "step") != "action"


def test_meeple_assembly_up_to_x_from_stock() -> None:
    state = due(["MA", True, "L2", []])
    assert state.legal() == ["s1:asm:1", "s1:asm:2", "s1:asm:3", "done"]
    after = state.play("s1:asm:3")
    assert (seat(after, 0)["stock"], seat(after, 0)["depot"]) == (7, 5)


def test_meeple_assembly_limited_by_stock() -> None:
    state = due(["FA", True, "L3", []], seats={0: {"stock": 1, "depot": 11}})
    assert state.legal() == ["s1:asm:1", "done"]


def test_deploy_troops_up_to_x_to_the_gate() -> None:
    state = due(["PS", True, "L1", []], seats={0: {"depot": 5, "stock": 7}})
    assert state.legal() == ["s1:dep:1", "s1:dep:2", "s1:dep:3", "done"]
    after = state.play("s1:dep:3")
    assert on(after, "1,-1", 0) == 3


def test_deploy_troops_do_what_you_can() -> None:
    state = due(["PS", True, "L1", []], seats={0: {"depot": 1, "stock": 11}})
    assert state.legal() == ["s1:dep:1", "done"]


def test_reinforcement_to_own_territory_or_gate() -> None:
    state = due(["MA", True, "L1", []], troops=(("0,0", 0, 1),))
    assert state.legal() == ["s1:rei:1@0,0", "s1:rei:2@0,0", "s1:rei:1@1,-1", "s1:rei:2@1,-1",
                             "done"]


def test_reinforcement_gate_only_if_none_option() -> None:
    state = due(["MA", True, "L1", []], troops=(("0,0", 0, 1),),
                options={"reinforce_gate_only_if_none": True})
    assert "s1:rei:1@1,-1" not in state.legal()
    state = due(["MA", True, "L1", []], options={"reinforce_gate_only_if_none": True})
    assert "s1:rei:1@1,-1" in state.legal()


def test_flying_troops_one_on_each_occupied_territory() -> None:
    state = due(["AC", True, "L2", []], troops=(("0,0", 0, 1), ("1,-1", 0, 1)))
    after = state.play("s1:fly")
    assert on(after, "0,0", 0) == 2 and on(after, "1,-1", 0) == 2
    assert seat(after, 0)["depot"] == 0


def test_flying_troops_short_depot_chooses_territories() -> None:
    state = due(["AC", True, "L2", []], troops=(("0,0", 0, 1), ("1,-1", 0, 1)),
                seats={0: {"depot": 1, "stock": 10}})
    after = state.play("s1:fly")
    assert after.legal() == ["fly@0,0", "fly@1,-1", "done"]
    after = after.play("fly@1,-1")
    assert on(after, "1,-1", 0) == 2 and on(after, "0,0", 0) == 1


def test_stealth_flying_troops_next_to_an_opponent() -> None:
    state = due(["AC", True, "L1", []], troops=(("-1,1", 1, 1),))
    targets = [a for a in state.legal() if a != "done"]
    assert "s1:stealth@0,0" in targets and "s1:stealth@0,1" in targets
    assert "s1:stealth@1,-1" not in targets


def test_placement_on_opponents_stops_those_meeples() -> None:
    state = due(["AC", True, "L1", []], troops=(("-1,1", 1, 1), ("0,0", 1, 1), ("1,-1", 0, 1)))
    after = state.play("s1:stealth@0,0")
    assert field(after, "step") == "move"
    assert on(after, "0,0", 0) == 1
    assert not [a for a in after.legal() if a.startswith("0,0>")]


def test_frighten_moves_up_to_x_opponent_meeples_to_adjacent_territories() -> None:
    state = due(["EG", True, "L1", []], troops=(("0,0", 1, 3),))
    after = state.play("s1:fright")
    assert "fr:1@0,0>1,-1" in after.legal()
    assert not [a for a in after.legal() if a.endswith(">1,0")]  # no empty hexes
    after = after.play("fr:1@0,0>1,-1").play("fr:1@0,0>1,-1")
    assert on(after, "1,-1", 1) == 2 and on(after, "0,0", 1) == 1
    assert field(after, "step") != "fright"  # X = 2 used up


def test_frighten_battle_resolved_at_once_frightened_owner_attacks() -> None:
    state = due(["EG", True, "L2", []], troops=(("0,0", 1, 2), ("1,-1", 0, 1)))
    # Both frightened meeples have moved and may not move again: the action ends by itself.
    after = state.play("s1:fright").play("fr:1@0,0>1,-1").play("fr:1@0,0>1,-1")
    assert on(after, "1,-1", 1) == 1 and on(after, "1,-1", 0) == 0
    assert seat(after, 1)["ladder"] == 1  # attacker: 1 per kill (D15)
    assert seat(after, 0)["ladder"] == 0  # defender: 1 kill is not a full 2


def test_burn_destroys_opponents_in_one_territory_for_bravery() -> None:
    state = due(["CA", True, "L2", []], troops=(("0,0", 1, 3),))
    assert state.legal() == ["s1:burn@0,0", "done"]
    after = state.play("s1:burn@0,0")
    assert on(after, "0,0", 1) == 0
    assert seat(after, 0)["ladder"] == 3
    assert seat(after, 1)["stock"] == 10


def test_bomb_puts_a_stock_meeple_on_an_enemy_defense() -> None:
    state = due(["CA", True, "L1", []], seats={1: {"slots": [None, VS, None, None]}})
    assert state.legal() == ["s1:bomb@1.2", "done"]
    after = state.play("s1:bomb@1.2")
    assert seat(after, 1)["slots"][1][3] == [0]
    assert seat(after, 0)["stock"] == 9


def test_bomb_from_depot_or_territory_when_stock_is_empty() -> None:
    state = due(["CA", True, "L1", []], troops=(("0,0", 0, 1),),
                seats={0: {"stock": 0, "depot": 11}})
    assert state.legal() == ["s1:bomb@1.2", "s1:bomb@1.2<0,0", "done"]


def test_bomb_can_destroy_a_construction_site() -> None:
    state = due(["CA", True, "L1", []], seats={1: {"slots": [["PS", False, "c1", [0]], VS, None,
                                                             None], "available": []},
                                             0: {"stock": 9}})
    after = state.play("s1:bomb@1.1")
    assert seat(after, 1)["slots"][0] is None
    assert seat(after, 1)["boxed"] == ["PS"]
    assert seat(after, 0)["mountain"] == 2  # cdef of the Pilot School (B7)


def test_conversion_swaps_a_defender_which_goes_home() -> None:
    state = due(["AB", True, "L2", []], seats={
        0: {"slots": [["AB", True, "L2", []], ["VS", True, "S", [1]], None, None]},
        1: {"stock": 9}})
    assert state.legal() == ["s1:conv@0.2.1", "done"]
    after = state.play("s1:conv@0.2.1")
    assert seat(after, 0)["slots"][1][3] == [0]
    assert seat(after, 1)["stock"] == 10
    assert seat(after, 1)["ladder"] == 0


def test_own_meeples_on_own_destroyed_building_go_home_unscored() -> None:
    state = due(["CA", True, "L1", []], seats={
        0: {"stock": 9},
        1: {"slots": [["PS", True, "a", [0, 1]], VS, None, None], "stock": 9}})
    after = state.play("s1:bomb@1.1")
    assert seat(after, 1)["slots"][0] is None
    assert seat(after, 0)["mountain"] == 2
    assert seat(after, 1)["mountain"] == 0 and seat(after, 1)["stock"] == 10


def test_territory_upgrade_takes_a_token_from_the_pool() -> None:
    state = due(["UN", True, "L2", []])
    assert state.legal() == ["s1:up:asm", "s1:up:dep", "s1:up:nat", "s1:up:shd", "s1:up:wpn",
                             "done"]
    after = state.play("s1:up:wpn")
    assert seat(after, 0)["tokens"] == ["wpn"]
    assert "wpn" not in field(after, "pool")


def test_territory_upgrade_empty_pool_does_nothing() -> None:
    state = due(["UN", True, "L2", []], pool=[])
    assert state.legal() == ["done"]


def test_recycling_sends_destroyed_meeples_to_the_depot() -> None:
    state = due(["CA", True, "L2", []], troops=(("0,0", 1, 2),),
                seats={1: {"slots": [["FA", True, "L2", []], VS, None, None]}})
    after = state.play("s1:burn@0,0")
    assert seat(after, 1)["depot"] == 4


def test_building_replacement_new_site_takes_the_freed_worker() -> None:
    state = position(step="action", pending=[1], seats={
        0: {"slots": [["PS", True, "a", []], ["VS", True, "L1", []], ["FA", True, "S", []],
                      ["UN", True, "S", []]]}})
    after = state.play("s2:build:CA@3")
    slots = seat(after, 0)["slots"]
    assert sum(1 for s in slots if s is not None) == 4  # still 4 workers in use
    assert slots[2] == ["CA", False, "c0", []]


def test_burn_spares_the_active_players_own_meeples() -> None:
    state = due(["CA", True, "L2", []], troops=(("0,0", 1, 2), ("0,0", 0, 1)))
    after = state.play("s1:burn@0,0")
    assert on(after, "0,0", 0) == 1 and on(after, "0,0", 1) == 0


def test_placed_meeples_may_move_in_phase_four() -> None:
    state = due(["PS", True, "L1", []])
    after = state.play("s1:dep:2")
    assert field(after, "step") == "move"
    assert "1,-1>0,0:2" in after.legal()


def test_placement_on_an_altar_forces_a_sacrifice() -> None:
    state = due(["MA", True, "L1", []], tiles=(("1,0", "T35", 0),), troops=(("1,0", 0, 1),))
    after = state.play("s1:rei:2@1,0")
    assert on(after, "1,0", 0) == 2


def test_stealth_flying_ignores_forests() -> None:
    state = due(["AC", True, "L1", []], tiles=(("1,0", "T19", 0),), troops=(("1,0", 1, 1),))
    assert "s1:stealth@0,0" in state.legal()  # the W edge of (1,0) is forest


def test_frightened_meeples_never_use_tunnels() -> None:
    slots = {0: {"slots": [["EG", True, "L1", []], ["VS", True, "S", []], None, None]}}
    state = position(step="action", pending=[0], troops=(("0,0", 1, 1),), seats=slots)
    after = state.play("s1:fright").play("fr:1@0,0>0,1")
    assert on(after, "0,1", 1) == 1
    assert field(after, "effects") == []


def test_frighten_into_a_third_players_hex_fights_there_with_their_shields() -> None:
    slots = {0: {"slots": [["EG", True, "L2", []], VS, None, None]}, 2: {"shields": 1}}
    state = position(players=3, step="action", pending=[0],
                     troops=(("0,0", 1, 3), ("1,0", 2, 2)), seats=slots)
    after = state.play("s1:fright")
    for _ in range(3):
        after = after.play("fr:1@0,0>1,0")
    after = after.play("done") if field(after, "step") == "fright" else after
    # 3 frightened attackers: the shield kills 1, then 2 v 2.
    assert on(after, "1,0", 1) == 0 and on(after, "1,0", 2) == 0
    assert seat(after, 1)["ladder"] == 2 and seat(after, 2)["ladder"] == 1


def test_frighten_each_meeple_moves_once() -> None:
    # A14: X meeples each go to a territory adjacent to where they stood, so a meeple already
    # frightened this action cannot be pushed on (that would move it two hexes).
    state = due(["EG", True, "L2", []], troops=(("0,0", 1, 1),))
    after = state.play("s1:fright").play("fr:1@0,0>1,-1")
    assert not [a for a in after.legal() if a.startswith("fr:1@1,-1>")]
    assert field(after, "step") != "fright"  # nothing left to frighten: the action ends


def test_frighten_other_meeples_on_the_arrival_hex_may_still_move() -> None:
    state = due(["EG", True, "L2", []], troops=(("0,0", 1, 1), ("1,-1", 1, 1)))
    after = state.play("s1:fright").play("fr:1@0,0>1,-1")
    assert "fr:1@1,-1>0,0" in after.legal()  # the meeple that stood there before
    after = after.play("fr:1@1,-1>0,0")
    assert not [a for a in after.legal() if a.startswith("fr:")]
