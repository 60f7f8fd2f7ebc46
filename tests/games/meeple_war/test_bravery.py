"""Rulebook "Bravery" (ladder, 7 points = 1 VP); sheet D11, A11, D17."""

from __future__ import annotations

from tests.games.meeple_war.scenario import on, position, seat

BURNER = [["CA", True, "L2", []], ["VS", True, "S", []], None, None]


def burn(killed: int, ladder: int, **mine):  # noqa: ANN003, ANN201
    state = position(step="action", pending=[0], troops=(("0,0", 1, killed),),
                     seats={0: {"slots": BURNER, "ladder": ladder, **mine}})
    return state.play("s1:burn@0,0")


def test_bravery_moves_up_the_ladder() -> None:
    assert seat(burn(3, 0), 0)["ladder"] == 3


def test_bravery_seven_points_make_a_victory_point() -> None:
    after = burn(3, 5)
    assert seat(after, 0)["ladder"] == 1
    assert seat(after, 0)["mountain"] == 1
    assert seat(after, 0)["stock"] == 9


def test_bravery_vp_meeple_from_depot_when_stock_is_empty() -> None:
    after = burn(2, 6, stock=0, depot=12)
    assert seat(after, 0)["mountain"] == 1 and seat(after, 0)["depot"] == 11


def test_bravery_vp_meeple_from_the_map_last() -> None:
    state = position(step="action", pending=[0], troops=(("0,0", 1, 1), ("1,-1", 0, 12)),
                     seats={0: {"slots": BURNER, "ladder": 6, "stock": 0, "depot": 0}})
    after = state.play("s1:burn@0,0")
    assert seat(after, 0)["mountain"] == 1


def test_bravery_vp_counted_even_without_a_meeple() -> None:
    state = position(step="action", pending=[0], troops=(("0,0", 1, 1),),
                     seats={0: {"slots": BURNER, "ladder": 6, "stock": 0, "depot": 0,
                                "mountain": 12}})
    after = state.play("s1:burn@0,0")
    assert seat(after, 0)["extra_vp"] == 1


def test_bravery_vp_meeple_from_the_map_chosen_by_the_owner() -> None:
    state = position(step="action", pending=[0],
                     troops=(("0,0", 1, 1), ("1,-1", 0, 6), ("0,1", 0, 6)),
                     seats={0: {"slots": BURNER, "ladder": 6, "stock": 0, "depot": 0}})
    after = state.play("s1:burn@0,0")
    assert after.to_move == 0
    assert after.legal() == ["vp@0,1", "vp@1,-1"]
    after = after.play("vp@0,1")
    assert seat(after, 0)["mountain"] == 1 and seat(after, 0)["extra_vp"] == 0
    assert on(after, "0,1", 0) == 5 and on(after, "1,-1", 0) == 6
