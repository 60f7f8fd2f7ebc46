"""Options (README "Rule options"): scenario tiles (R7, §4.7), Tribal Elders (R5), the option
values themselves."""

from __future__ import annotations

import pytest

import meeples
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Flag, Phase
from tests.games.rise_of_tribes.helpers import (
    B,
    M,
    S,
    goals_step,
    legal,
    members,
    play,
    turn,
    with_flag,
)

GAME = meeples.load("rise_of_tribes")


def test_options_are_refused_when_wrong() -> None:
    with pytest.raises(meeples.BadOptions):
        GAME.new(players=2, events="classic13")
    with pytest.raises(meeples.BadOptions):
        GAME.new(players=2, scenario_tiles=["Moon Crater"])
    with pytest.raises(meeples.BadOptions):
        GAME.new(players=2, leaders="yes")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_scenario_tiles_all_eight_replace_basic_tiles_of_their_type_r7(n: int) -> None:
    state = GAME.new(players=n, seed=3, scenario_tiles=True).inner
    placed = {code: h for h, code in enumerate(state.special) if code}
    assert len(placed) == 8
    for code, h in placed.items():
        kind = data.TILE_REPLACES[code]
        assert kind == data.ANY or state.terrain[h] == kind


def test_scenario_tiles_by_name_list_r7() -> None:
    state = GAME.new(players=3, seed=1, scenario_tiles=["Jungle", "GL"]).inner
    assert sorted(c for c in state.special if c) == [data.GREAT_LAKE, data.JUNGLE]


def test_great_tiles_add_one_when_gathered() -> None:
    special = (0, data.GREAT_LAKE) + (0,) * 7
    state = turn(members={"b": (1, 0)}, hand=(B, S), special=special)
    assert play(state, "gather B", "b=ff").res[0] == (0, 3, 0)


def test_wild_land_counts_as_all_types_and_gathers_any_mix() -> None:
    special = (data.WILD_LAND,) + (0,) * 8
    state = play(turn(members={"a": (1, 0)}, hand=(B, S), special=special), "gather B")
    assert {"a=ww", "a=wf", "a=fs", "a=ss"} <= set(legal(state))


def test_jungle_ends_movement_on_entering() -> None:
    special = (0, 0, 0, data.JUNGLE) + (0,) * 5
    state = turn(members={"a": (1, 0)}, hand=(B, S), special=special,
                 completed=((data.OXEN,), ()))
    state = play(state, "move B")
    assert "a-d" in legal(state) and "a-g" not in legal(state) and "a-e" in legal(state)


def test_desert_oasis_limit_four() -> None:
    special = (0, 0, 0, 0, data.OASIS) + (0,) * 4
    state = turn(members={"e": (5, 0)}, hand=(S,), used=(data.GROW,), special=special)
    assert members(play(state, "lead S"), "e") == (4, 0)


@pytest.mark.parametrize(("code", "face"), [(data.FLOOD, M), (data.ROCKSLIDE, B)])
def test_hazard_tiles_remove_a_member_on_their_double(code: int, face: int) -> None:
    from tests.games.rise_of_tribes.test_events import doubled
    special = (code,) + (0,) * 8
    state = doubled(face, (), members={"a": (2, 1), "i": (0, 2)}, special=special)
    assert members(state, "a") == (1, 0)
    other = S if face != S else M
    state = doubled(other, (), members={"a": (2, 1), "i": (0, 2)}, special=special)
    assert members(state, "a") == (2, 1)


def test_elders_placed_on_a_new_village() -> None:
    cost = data.VILLAGE_COST[0]
    state = goals_step(members={"a": (1, 0)}, res=(cost, (0, 0, 0)), options={"elders": True})
    assert "village a e" in legal(state)
    state = play(state, "village a e")
    assert state.elder_at == (0, -1)


def test_elders_give_a_resource_to_use_a_development_r5() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), options={"elders": True},
                 elder_at=(0, -1), villages=(0,) + (-1,) * 8, res=((1, 0, 0), (0, 0, 0)),
                 completed=((), (data.SHELTER,)))
    state = play(state, "elder 1 w D5")
    assert state.res == ((0, 0, 0), (1, 0, 0)) and state.flags[Flag.BORROWED] == data.SHELTER + 1
    assert play(state, "grow B").left == 4
    assert not any(a.startswith("elder") for a in legal(state))


def test_elder_village_lost_on_another_turn_scores_for_the_active_player_r5() -> None:
    state = turn(members={"a": (4, 2)}, hand=(S,), used=(data.GROW,), options={"elders": True},
                 elder_at=(-1, 0), villages=(1,) + (-1,) * 8)
    state = play(state, "lead S")
    assert state.villages[0] == -1 and state.elder_at == (-1, -1) and state.score[0] == 1


def test_elder_village_lost_on_own_turn_scores_nothing_r5() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), options={"elders": True},
                 elder_at=(0, -1), villages=(0,) + (-1,) * 8)
    state = play(state, "move B", "a-b")
    assert state.elder_at == (-1, -1) and state.score == (0, 0)


def test_pottery_two_identical_for_one_other_once_per_turn() -> None:
    state = with_flag(goals_step(3, members={"a": (1, 0, 0)}, res=((2, 0, 0),) * 3,
                                 completed=((data.POTTERY,), (), ())), Flag.ALTAR)
    state = play(state, "pottery w>s")
    assert state.res[0] == (0, 0, 1)
    assert not any(a.startswith("pottery") for a in legal(state))
    assert state.phase == Phase.GOALS


def test_options_survive_the_match_record() -> None:
    import random

    from meeples.core.record import Match
    state = GAME.new(players=3, seed=4, scenario_tiles=["Jungle", "WL"], leaders=True,
                     elders=True, events="classic12")
    rng = random.Random(4)
    for _ in range(80):
        state = state.play(rng.choice(state.legal()))
    again = Match.loads(state.record().dumps()).replay()
    assert again == state and again.position() == state.position()
