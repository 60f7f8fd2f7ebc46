"""§2.7 conflicts with R3 (order of steps), R4 (invaders), R14/Q17 (3+ participants), Q7, Q14."""

from __future__ import annotations

from typing import Any

from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Flag, Phase, State
from tests.games.rise_of_tribes.helpers import S, legal, members, play, turn

NO_VILLAGES = (-1,) * 9


def last_action(n: int = 2, members: dict[str, tuple[int, ...]] | None = None,
                **kw: Any) -> State:
    """A state where player 0 has one die left: playing 'lead S' starts step 4 (their goal deck
    is empty: the LEAD draws nothing)."""
    kw.setdefault("decks", ((),) * n)
    return turn(n, members=members, hand=(S,), used=(data.GROW,), **kw)


def test_conflict_players_remove_one_each_simultaneously() -> None:
    state = play(last_action(members={"e": (4, 2)}), "lead S")
    assert members(state, "e") == (2, 0) and state.phase == Phase.GOALS


def test_conflict_equal_sides_destroy_each_other() -> None:
    state = play(last_action(members={"e": (3, 3)}), "lead S")
    assert members(state, "e") == (0, 0)


def test_conflict_single_colour_over_limit_drops_to_limit() -> None:
    state = play(last_action(members={"e": (7, 0)}), "lead S")
    assert members(state, "e") == (5, 0)


def test_conflict_survivor_over_limit_drops_to_limit_q7() -> None:
    state = play(last_action(members={"e": (9, 1)}), "lead S")
    assert members(state, "e") == (5, 0)


def test_conflict_no_conflict_at_limit() -> None:
    state = play(last_action(members={"e": (3, 2)}), "lead S")
    assert members(state, "e") == (3, 2)


def test_conflict_order_chosen_by_active_player() -> None:
    state = play(last_action(members={"a": (3, 3), "i": (6, 0)}), "lead S")
    assert state.phase == Phase.ORDER and sorted(legal(state)) == ["fight a", "fight i"]
    state = play(state, "fight i")
    assert members(state, "i") == (5, 0) and members(state, "a") == (0, 0)


def test_conflict_three_players_each_remove_one_per_round_r14() -> None:
    state = play(last_action(3, members={"e": (4, 2, 1)}), "lead S")
    assert members(state, "e") == (2, 0, 0)


def test_conflict_invaders_take_part_r4() -> None:
    state = play(last_action(members={"e": (4, 0)}, inv_hex=4, inv=3,
                             slots=(data.INVADERS, -1)), "lead S")
    assert members(state, "e") == (1, 0) and state.inv_hex == -1
    assert state.score[0] == data.INVADERS_VP and data.INVADERS in state.ev_discard


def test_conflict_invaders_alone_drop_to_limit_r4() -> None:
    state = play(last_action(members={"a": (1, 0)}, inv_hex=4, inv=5,
                             slots=(data.INVADERS, data.DROUGHT)), "lead S")
    assert state.inv == 4


def test_conflict_deserted_village_is_removed() -> None:
    villages = (-1,) * 4 + (1,) + (-1,) * 4
    state = play(last_action(members={"e": (4, 2)}, villages=villages), "lead S")
    assert state.villages[4] == -1


def test_bow_removes_one_defender_before_resolution() -> None:
    state = last_action(members={"e": (3, 3)}, completed=((data.BOW,), ()))
    state = play(state, "lead S")
    assert state.phase == Phase.BOW and legal(state) == ["pass", "bow 1"]
    state = play(state, "bow 1")
    assert members(state, "e") == (1, 0)


def test_bow_once_per_conflict_hex_q14() -> None:
    state = last_action(members={"a": (3, 3), "i": (3, 3)}, completed=((data.BOW,), ()))
    state = play(state, "lead S", "fight a", "bow 1")
    assert state.phase == Phase.BOW  # again in the next hex
    state = play(state, "bow 1")
    assert members(state, "a") == (1, 0) and members(state, "i") == (1, 0)


def test_bow_is_attacker_only() -> None:
    state = last_action(members={"e": (3, 3)}, completed=((), (data.BOW,)))
    state = play(state, "lead S")
    assert state.phase == Phase.GOALS


def test_spear_defender_makes_attacker_lose_one() -> None:
    state = last_action(members={"e": (4, 2)}, completed=((), (data.SPEAR,)))
    state = play(state, "lead S")
    assert members(state, "e") == (1, 0)


def test_walls_defender_village_makes_attacker_lose_one() -> None:
    villages = (-1,) * 4 + (1,) + (-1,) * 4
    state = last_action(members={"e": (4, 2)}, villages=villages, acquired=((), (data.WALLS,)))
    state = play(state, "lead S")
    assert members(state, "e") == (1, 0)


def test_raid_flag_when_opponent_village_falls_r6() -> None:
    villages = (-1,) * 4 + (1,) + (-1,) * 4
    state = play(last_action(members={"e": (4, 2)}, villages=villages), "lead S")
    assert state.flags[Flag.RAID] == 1


def test_raid_flag_not_when_absent_r6() -> None:
    villages = (-1,) * 4 + (1,) + (-1,) * 4
    state = last_action(members={"a": (1, 0), "e": (0, 6)}, villages=villages)
    state = play(state, "lead S")
    assert state.flags[Flag.RAID] == 0 and state.villages[4] == 1


def test_conflict_drought_limit_four_r3() -> None:
    state = play(last_action(members={"e": (5, 0)}, slots=(data.DROUGHT, -1)), "lead S")
    assert members(state, "e") == (4, 0)


def test_invaders_defeated_without_attacker_score_for_strongest_defender() -> None:
    # §4.5 Invaders: the active player has no member there, so the defender with most members
    # left scores; a tie scores for nobody.
    state = play(last_action(3, members={"a": (1, 0, 0), "e": (0, 4, 1)}, inv_hex=4, inv=3,
                             slots=(data.INVADERS, -1)), "lead S")
    assert state.inv_hex == -1 and state.score == (0, data.INVADERS_VP, 0)
    tie = play(last_action(3, members={"a": (1, 0, 0), "e": (0, 3, 3)}, inv_hex=4, inv=1,
                           slots=(data.INVADERS, -1)), "lead S")
    assert tie.inv_hex == -1 and tie.score == (0, 0, 0)


def test_conflict_bow_may_target_an_invader_r4() -> None:
    state = last_action(members={"e": (4, 0)}, inv_hex=4, inv=3, slots=(data.INVADERS, -1),
                        completed=((data.BOW,), ()))
    state = play(state, "lead S")
    assert legal(state) == ["pass", "bow i"]
    state = play(state, "bow i")
    assert members(state, "e") == (2, 0) and state.inv_hex == -1


def test_conflict_new_over_limit_hex_after_evasion_has_no_conflict() -> None:
    state = turn(options={"leaders": True}, tribe=(0, data.KIROR),
                 members={"e": (4, 3), "b": (0, 4)}, hand=(S,), used=(data.GROW,))
    state = play(state, "lead S", "evade e-b", "evade e-b")
    assert members(state, "b") == (0, 6) and state.phase == Phase.GOALS
