"""§2.8 goals (§4.4 goal deck, R8, R10, Q13, Q15) and §2.9 villages (R11)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pytest

from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Flag, State
from tests.games.rise_of_tribes.helpers import B, S, goals_step, legal, play, turn, with_flag


def step5(members: Mapping[str, tuple[int, ...]], cards: tuple[int, ...],
          resources: tuple[int, int, int] = (0, 0, 0), **kw: Any) -> State:
    return goals_step(members=dict(members), progress=(cards, ()), res=(resources, (0, 0, 0)),
                      **kw)


@pytest.mark.parametrize("dev", range(7))
def test_development_costs_resources_and_scores_one(dev: int) -> None:
    cost = data.DEV_COST[dev]
    state = step5({"a": (1, 0)}, (dev,), cost)
    state = play(state, f"goal {data.GOAL_IDS[dev]}")
    assert state.res[0] == (0, 0, 0) and state.score[0] == 1
    assert state.completed[0] == (dev,) and state.progress[0] == ()


def test_development_needs_its_cost() -> None:
    cost = list(data.DEV_COST[data.BOW])
    cost[0] -= 1
    state = step5({"a": (1, 0)}, (data.BOW,), tuple(cost))  # type: ignore[arg-type]
    assert "goal D1" not in legal(state)


def test_goal_completion_is_optional() -> None:
    state = step5({"a": (1, 0)}, (data.BOW,), data.DEV_COST[data.BOW])
    state = play(state, "done")
    assert state.progress[0] == (data.BOW,)


def test_goal_drawn_this_turn_can_be_completed_q13() -> None:
    state = turn(members={"a": (1, 0)}, hand=(S, B), res=((2, 0, 1), (0, 0, 0)))
    state = dataclasses.replace(state, decks=((data.BOW, data.OXEN, data.SPEAR), ()))
    state = play(state, "lead S", "grow B", "stop", "goal D1")  # the three cards come
    assert state.completed[0] == (data.BOW,)


def test_achievement_gather_6_resources_a1() -> None:
    state = turn(members={"a": (1, 0), "b": (1, 0), "c": (1, 0)}, hand=(S, B),
                 progress=((data.GATHER6,), ()))
    state = play(state, "gather S", "a=ww", "b=ff", "c=ss", "grow B", "stop")
    assert state.flags[Flag.GATHER6] == 1
    state = play(state, "goal A1")
    assert state.score[0] == 2


def test_achievement_gather_6_not_with_four_a1() -> None:
    state = turn(members={"a": (1, 0), "b": (1, 0)}, hand=(B, S), progress=((data.GATHER6,), ()))
    state = play(state, "gather B", "a=ww", "b=ff", "grow S", "stop")
    assert "goal A1" not in legal(state)


def test_achievement_majority_in_neighbouring_lands_a2() -> None:
    state = step5({"a": (2, 1), "b": (1, 0), "d": (3, 0)}, (data.NEIGHBOURS,))
    assert "goal A2" in legal(state)
    state = step5({"a": (2, 1), "b": (1, 0), "i": (3, 0)}, (data.NEIGHBOURS,))
    assert "goal A2" not in legal(state)


def test_achievement_control_the_waters_a3() -> None:
    assert "goal A3" in legal(step5({"b": (1, 0), "e": (2, 0)}, (data.WATERS,)))
    assert "goal A3" not in legal(step5({"b": (1, 0), "e": (2, 1)}, (data.WATERS,)))


def test_achievement_masters_of_the_land_a4() -> None:
    assert "goal A4" in legal(step5({"a": (1, 0), "b": (1, 0), "c": (1, 0)}, (data.MASTERS,)))
    assert "goal A4" not in legal(step5({"a": (1, 0), "b": (1, 0), "d": (1, 0)},
                                        (data.MASTERS,)))


def test_achievement_masters_wild_land_counts_once_r8() -> None:
    special = (data.WILD_LAND,) + (0,) * 8
    state = step5({"a": (1, 0), "b": (1, 0)}, (data.MASTERS,), special=special)
    assert "goal A4" not in legal(state)
    state = step5({"a": (1, 0), "b": (1, 0), "f": (1, 0)}, (data.MASTERS,), special=special)
    assert "goal A4" in legal(state)


def test_achievement_expansion_a5() -> None:
    five = {h: (1, 0) for h in "abcde"}
    assert "goal A5" in legal(step5(five, (data.EXPANSION,)))
    assert "goal A5" not in legal(step5({h: (1, 0) for h in "abcd"}, (data.EXPANSION,)))


def test_achievement_great_tribe_a6() -> None:
    assert "goal A6" in legal(step5({"a": (5, 0), "b": (5, 0), "c": (5, 0)}, (data.GREAT_TRIBE,)))
    assert "goal A6" not in legal(step5({"a": (5, 0), "b": (5, 0)}, (data.GREAT_TRIBE,)))


def test_achievement_settlers_a7() -> None:
    villages = (0, 0, 0) + (-1,) * 6
    state = step5({"a": (1, 0), "b": (1, 0), "c": (1, 0)}, (data.SETTLERS,), villages=villages)
    state = play(state, "goal A7")
    assert state.score[0] == 4


def test_achievement_raid_a8() -> None:
    state = step5({"a": (1, 0)}, (data.RAID,))
    assert "goal A8" not in legal(state)
    assert "goal A8" in legal(with_flag(state, Flag.RAID))


def test_village_costs_the_tribe_price_and_goes_on_own_hex() -> None:
    cost = data.VILLAGE_COST[0]
    state = step5({"a": (1, 0), "e": (0, 1)}, (), cost)
    assert [a for a in legal(state) if a.startswith("village")] == ["village a"]
    state = play(state, "village a")
    assert state.villages[0] == 0 and state.res[0] == (0, 0, 0)


def test_village_one_per_hex() -> None:
    state = step5({"a": (1, 0)}, (), (9, 9, 9), villages=(1,) + (-1,) * 8)
    assert not any(a.startswith("village") for a in legal(state))


def test_village_destroyed_when_unattended() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), villages=(0,) + (-1,) * 8)
    state = play(state, "move B", "a-b")
    assert state.villages[0] == -1


def test_village_supply_of_twelve_is_shared_r11() -> None:
    villages = (1,) * 8 + (-1,)
    state = step5({"i": (1, 0)}, (), (9, 9, 9), villages=villages)
    assert "village i" in legal(state)
    state = dataclasses.replace(state, villages=(1,) * 9)
    assert state.villages_left() == 3  # 9 on a 9-hex map: the cap is never the map here


def test_village_none_left_nothing_built_r11() -> None:
    state = goals_step(4, members={"a": (1, 0, 0, 0)}, res=((9, 9, 9),) * 4,
                       villages=(-1,) * 3 + (1,) * 12)
    assert not any(a.startswith("village") for a in legal(state))


def test_step5_any_order_then_done_r10() -> None:
    cost = data.VILLAGE_COST[0]
    total = tuple(c + d for c, d in zip(cost, data.DEV_COST[data.BOW], strict=True))
    state = step5({"a": (1, 0)}, (data.BOW,), total)  # type: ignore[arg-type]
    state = play(state, "village a", "goal D1", "done")
    assert state.active == 1 and state.score[0] == 1 and state.villages[0] == 0
