"""Development abilities (§4.4 D1-D7), components and data (§2.1, §3.4, Q1, Q2, Q10), and the
remaining resolutions (R2, R8, R9) and the designed round limit."""

from __future__ import annotations

import dataclasses

import pytest

import meeples
from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.state import Flag, Phase
from tests.games.rise_of_tribes.helpers import B, S, goals_step, legal, play, turn

GAME = meeples.load("rise_of_tribes")


def test_components_counts() -> None:
    assert data.MEMBERS == 20 and data.VILLAGES == 12 and len(data.EVENTS) == 16
    assert len(data.goal_deck(3)) == 15 and len(data.TRIBES) == 8
    assert len(data.SCENARIO_TILES) == 8 and data.WIN_VP == 15 and data.POP_LIMIT == 5


def test_die_faces_two_of_each_q2() -> None:
    assert sorted(data.DIE_FACES) == [data.SUN] * 2 + [data.MOON] * 2 + [data.BLANK] * 2


def test_action_powers_table_q1() -> None:
    assert data.GROW_POWER == (2, 3, 4) and data.MOVE_POWER == (2, 3, 5)
    assert data.GATHER_POWER == ((2, 1), (2, 2), (3, 2)) and data.LEAD_POWER == (1, 2, 3)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_map_layouts_fan_adjacency_q10(n: int) -> None:
    adj = data.ADJACENT[n]
    assert len(adj) == 3 * (n + 1)
    assert all(a in adj[b] for a in range(len(adj)) for b in adj[a])
    assert all(len(near) == 2 for near in data.VOLCANO_ADJACENT[n])


def test_basketry_one_more_of_a_gathered_type_d3() -> None:
    state = turn(members={"a": (1, 0), "b": (1, 0)}, hand=(B, S),
                 completed=((data.BASKETRY,), ()))
    state = play(state, "gather B", "a=ww", "b=ff")
    assert state.phase == Phase.BONUS and sorted(legal(state)) == ["basket f", "basket w"]
    assert play(state, "basket f").res[0] == (2, 3, 0)


def test_gather6_counts_basketry_and_great_tiles_r8() -> None:
    special = (data.GREAT_FOREST,) + (0,) * 8
    state = turn(members={"a": (1, 0), "b": (1, 0)}, hand=(B, S), special=special,
                 completed=((data.BASKETRY,), ()))
    state = play(state, "gather B", "a=ww", "b=ff", "basket w")
    assert state.flags[Flag.GATHER6] == 1


def test_gather6_excludes_event_and_leader_bonuses_r8() -> None:
    tokens = ((0, 6, 0), (0, 0, 0))
    state = turn(members={"b": (1, 0), "e": (1, 0)}, hand=(B, S),
                 slots=(data.PLENTIFUL_FOOD, -1), tokens=tokens)
    state = play(state, "gather B", "b=ff", "e=ff")
    assert state.res[0] == (0, 8, 0) and state.flags[Flag.GATHER6] == 0


def test_oxen_members_move_up_to_two_hexes_d4() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), completed=((data.OXEN,), ()))
    state = play(state, "move B")
    assert "a-e" in legal(state) and "a-g" in legal(state) and "a-f" not in legal(state)


def test_shelter_grow_one_more_d5() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), completed=((data.SHELTER,), ()))
    assert play(state, "grow B").left == 4


def test_cave_painting_lead_one_more_d7() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), completed=((data.CAVE_PAINTING,), ()),
                 decks=((data.BOW, data.OXEN, data.SPEAR, data.RAID), ()))
    state = play(state, "lead B", "cards D1 D4 D6")
    assert len(state.progress[0]) == 3 and state.phase == Phase.ACT


def test_two_dice_on_two_events_r2() -> None:
    state = turn(members={"b": (4, 0), "c": (1, 0)}, hand=(B, S), mammoth=1, tiger=2,
                 slots=(data.MAMMOTH, data.SABERTOOTH))
    state = play(state, "hunt B", "tiger S")
    assert state.phase == Phase.GOALS and state.score[0] == 2 and state.used == ()


def test_discovery_judged_before_the_move_r9() -> None:
    state = turn(members={"a": (2, 0)}, hand=(B, S), slots=(data.DISCOVERY, -1),
                 tokens=((2, 2, 2), (0, 0, 0)))
    state = play(state, "move B", "a-b")
    assert state.phase == Phase.MOVE  # b held nobody before the MOVE: no resource


def test_altar_usable_in_the_step_it_is_bought_r9() -> None:
    state = goals_step(members={"a": (2, 0)}, slots=(data.ALTAR, -1),
                       res=((4, 3, 0), (0, 0, 0)))
    state = play(state, "buy AL", "altar a w")
    assert state.score[0] == 1 and state.acquired[0] == (data.ALTAR,)


def test_round_limit_ends_the_game_designed() -> None:
    state = goals_step(members={"a": (1, 0), "i": (0, 1)}, active=1, score=(3, 5),
                       rnd=data.ROUND_LIMIT - 1)
    state = play(state, "done")
    out = rules.outcome(state)
    assert out is not None and out.winners == (1,) and "round limit" in out.reason
    assert legal(state) == []


def test_round_limit_ending_counts_as_a_limit_after_its_last_round() -> None:
    state = goals_step(members={"a": (1, 0), "i": (0, 1)}, active=1, score=(3, 5),
                       rnd=data.ROUND_LIMIT - 1)
    before = GAME.wrap(state)
    assert before.rounds() == data.ROUND_LIMIT and not before.ended_at_limit()  # the last, begun
    after = GAME.wrap(play(state, "done"))
    assert after.ended_at_limit()
    assert after.rounds() == data.ROUND_LIMIT


def test_round_counts_full_rounds_only() -> None:
    state = goals_step(members={"a": (1, 0), "i": (0, 1)}, rnd=3)
    assert play(state, "done").rnd == 3
    state = dataclasses.replace(goals_step(members={"a": (1, 0), "i": (0, 1)}, active=1, rnd=3))
    assert play(state, "done").rnd == 4


def test_rounds_begun_count_the_round_under_way() -> None:
    state = GAME.wrap(goals_step(members={"a": (1, 0), "i": (0, 1)}, rnd=3))
    assert state.rounds() == 4  # three completed, the fourth under way ("Round 4")
