"""Rulebook "1. Territory Bonus" and "Structure Territory Bonus List"; sheet A1, A19, B5, D5,
D6, D10, E2, F19, F20."""

from __future__ import annotations

import pytest

from tests.games.meeple_war.scenario import field, on, position, seat, skip


def start_of_turn(**kw):  # noqa: ANN003, ANN201 - scenario helper
    """Return player 0's state just after player 1 ends their turn (phase 1 of player 0)."""
    return position(step="move", active=1, **kw).play("done")


def test_bonus_needs_two_meeples_on_the_structure() -> None:
    state = start_of_turn(tiles=(("1,-2", "T24", 0),), troops=(("1,-2", 0, 1),))
    assert field(state, "bonuses") == []


def test_bonus_workshop_offers_meeple_assembly() -> None:
    state = start_of_turn(tiles=(("1,-2", "T24", 0),), troops=(("1,-2", 0, 2),))
    assert state.to_move == 0
    assert state.legal() == ["bonus:1,-2", "done"]
    after = state.play("bonus:1,-2")
    assert seat(after, 0)["depot"] == 3


def test_bonus_is_optional() -> None:
    state = start_of_turn(tiles=(("1,-2", "T24", 0),), troops=(("1,-2", 0, 2),))
    after = state.play("done")
    assert seat(after, 0)["depot"] == 2
    assert field(after, "phase") >= 2


def test_bonus_deploy_one_to_gate_or_the_village_tile() -> None:
    state = start_of_turn(tiles=(("1,-2", "T28", 0),), troops=(("1,-2", 0, 2),))
    assert state.legal() == ["bonus:1,-2>1,-2", "bonus:1,-2>1,-1", "done"]
    after = state.play("bonus:1,-2>1,-1")
    assert on(after, "1,-1", 0) == 1
    assert seat(after, 0)["depot"] == 1


def test_bonus_deploy_one_other_village_tile_only_with_option() -> None:
    tiles = (("1,-2", "T28", 0), ("2,-1", "T29", 0))
    state = start_of_turn(tiles=tiles, troops=(("1,-2", 0, 2),))
    assert "bonus:1,-2>2,-1" not in state.legal()
    state = start_of_turn(tiles=tiles, troops=(("1,-2", 0, 2),),
                          options={"deploy_one_any_village_tile": True})
    assert "bonus:1,-2>2,-1" in state.legal()


def test_bonus_deploy_one_needs_a_depot_meeple() -> None:
    state = start_of_turn(tiles=(("1,-2", "T28", 0),), troops=(("1,-2", 0, 2),),
                          seats={0: {"depot": 0, "stock": 10}})
    assert field(state, "phase") >= 2  # nothing to choose: the bonus is lost


def test_bonus_tower_gives_temporary_vp() -> None:
    state = start_of_turn(troops=(("0,0", 0, 2),))
    assert field(state, "temp_vp") == 2
    assert seat(state, 0)["mountain"] == 0


def test_bonus_tower_vp_kept_for_the_turn_after_leaving() -> None:
    state = start_of_turn(troops=(("0,0", 0, 2),))
    state = skip(state, "move").play("0,0>1,-1:1")
    assert field(state, "temp_vp") == 2


def test_bonus_tower_vp_gone_next_turn() -> None:
    state = start_of_turn(troops=(("0,0", 0, 2),))
    state = skip(state, "worker", active=1)
    assert field(state, "temp_vp") == 0


@pytest.mark.parametrize(("tile", "name", "value"),
                         [("T31", "nature", True), ("T23", "weapons", 1)])
def test_bonus_passive_bonuses_for_the_turn(tile: str, name: str, value: object) -> None:
    state = start_of_turn(tiles=(("1,-2", tile, 0),), troops=(("1,-2", 0, 2),))
    assert field(state, name) == value


def test_bonus_shields_last_until_next_own_turn() -> None:
    state = start_of_turn(tiles=(("1,-2", "T22", 0),), troops=(("1,-2", 0, 2),))
    assert seat(state, 0)["shields"] == 1
    state = skip(state, "worker", active=1)
    assert seat(state, 0)["shields"] == 1  # still on during player 1's turn (E2)


def test_bonus_upgraded_blank_gives_its_token_bonus() -> None:
    state = start_of_turn(troops=(("1,-1", 0, 2),), upgrades=[["1,-1", "asm"]])
    assert state.legal() == ["bonus:1,-1", "done"]


def test_bonus_checked_only_for_the_active_player() -> None:
    state = start_of_turn(tiles=(("-1,0", "T24", 0),), troops=(("-1,0", 1, 2),))
    assert field(state, "bonuses") == []


def test_bonus_weapons_forge_counts_every_source() -> None:
    # B4: one kill per Weapons Forge source, the printed tile and an upgrade token alike.
    state = start_of_turn(tiles=(("1,-2", "T23", 0),), troops=(("1,-2", 0, 2), ("1,-1", 0, 2)),
                          upgrades=[["1,-1", "wpn"]])
    assert field(state, "weapons") == 2


def test_bonus_shields_recounted_at_own_turn_start() -> None:
    # E2: the shield holds only while the forge was controlled at the last own turn start.
    state = start_of_turn(seats={0: {"shields": 1}})
    assert seat(state, 0)["shields"] == 0
