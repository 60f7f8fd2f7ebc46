"""§4.6 tribes: village costs (Q11) and both leader powers of each tribe (option leaders, Q18)."""

from __future__ import annotations

from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Phase, State
from tests.games.rise_of_tribes.helpers import (
    B,
    M,
    S,
    goals_step,
    legal,
    members,
    play,
    turn,
)

LEAD = {"leaders": True}
MOON_ROWS = ((M, M, B),) * 4  # any die placed reads two moons


def tribe_turn(tribe: int, **kw: object) -> State:
    """Player 0 of a tribe (player 1 another), leader powers on."""
    other = data.DANANU if tribe != data.DANANU else data.DABA
    return turn(options=LEAD, tribe=(tribe, other), **kw)  # type: ignore[arg-type]


def test_village_cost_per_tribe_wood_food_stone_q11() -> None:
    for tribe, cost in enumerate(data.VILLAGE_COST):
        state = goals_step(members={"a": (1, 0)}, tribe=(tribe, (tribe + 1) % 8),
                           res=(cost, (0, 0, 0)))
        assert "village a" in legal(state) or tribe == data.DABA
        assert sum(cost) == 6


def test_leader_powers_off_in_the_base_game() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), tribe=(data.INDARTSU, 0))
    assert play(state, "grow B").left == 3


def test_trader_takes_one_gathered_resource_as_any_type() -> None:
    state = tribe_turn(data.DABA, members={"a": (1, 0)}, hand=(B, S))
    state = play(state, "gather B", "a=ww")
    assert state.phase == Phase.BONUS and "trade w>s" in legal(state)
    state = play(state, "trade w>s")
    assert state.res[0] == (1, 0, 1)


def test_crafty_builders_village_one_resource_cheaper() -> None:
    state = goals_step(members={"a": (1, 0)}, options=LEAD, tribe=(data.DABA, 1),
                       res=((2, 1, 2), (0, 0, 0)))
    assert legal(state).count("village a -s") == 1 and "village a" not in legal(state)
    assert play(state, "village a -s").res[0] == (0, 0, 0)


def test_cunning_reroll_one_die_after_rolling() -> None:
    state = goals_step(active=1, members={"a": (1, 0), "i": (0, 1)}, options=LEAD,
                       tribe=(data.DANANU, 0))
    state = play(state, "done", "roll S", "roll B")
    assert state.phase == Phase.REROLL and "keep" in legal(state)
    state = play(state, "reroll B")
    assert state.phase == Phase.ROLL and state.hand == (S,)  # the new die: a chance node
    state = play(state, "roll S")
    assert state.hand == (S, S) and state.phase != Phase.REROLL  # no second reroll


def test_agriculture_lake_gather_gives_one_more_food() -> None:
    state = tribe_turn(data.DANANU, members={"b": (1, 0)}, hand=(B, S))
    assert play(state, "gather B", "b=ff").res[0] == (0, 3, 0)


def test_farming_grow_plus_one() -> None:
    assert play(tribe_turn(data.INDARTSU, members={"a": (1, 0)}, hand=(B, S)),
                "grow B").left == 4


def test_exogamy_grow_into_adjacent_hex_with_opponents() -> None:
    state = play(tribe_turn(data.INDARTSU, members={"a": (1, 0), "b": (0, 1), "i": (0, 1)},
                            hand=(B, S)), "grow B")
    assert "add b" in legal(state) and "add i" not in legal(state)


def test_wayfarers_members_move_one_more_hex() -> None:
    state = play(tribe_turn(data.KAHA, members={"a": (1, 0)}, hand=(B, S)), "move B")
    assert "a-e" in legal(state) and "a-f" not in legal(state)


def test_focused_effort_moon_action_may_use_default_once_per_turn() -> None:
    state = tribe_turn(data.KAHA, members={"a": (1, 0)}, hand=(M, M), rows=MOON_ROWS,
                       decks=(data.goal_deck(2),) * 2)
    assert "grow M" in legal(state) and "grow M!" in legal(state)
    assert play(state, "grow M").left == 2  # without it: moon power
    state = play(state, "grow M!")
    assert state.left == 3
    state = play(state, "stop")
    assert "lead M!" not in legal(state)
    state = play(state, "lead M", "cards A1")
    assert len(state.progress[0]) == 1  # only once per turn


def test_ambush_no_loss_in_first_round() -> None:
    state = tribe_turn(data.KIAKIA, members={"e": (3, 3)}, hand=(S,), used=(data.GROW,))
    state = play(state, "lead S")
    while state.phase == Phase.DREAM:
        state = play(state, legal(state)[0])
    assert members(state, "e") == (1, 0)


def test_dreamtime_lead_plus_one_then_one_to_the_bottom() -> None:
    state = tribe_turn(data.KIAKIA, members={"a": (1, 0)}, hand=(B, S),
                       decks=(data.goal_deck(2),) * 2)
    state = play(state, "lead B", "cards D1 D4 A2")
    assert state.phase == Phase.DREAM and state.progress[0] == (data.BOW, data.OXEN,
                                                                   data.NEIGHBOURS)
    state = play(state, "bottom A2")
    assert state.progress[0] == (data.BOW, data.OXEN) and state.bottoms[0] == (data.NEIGHBOURS,)
    assert data.NEIGHBOURS not in state.decks[0]  # known under the unseen cards, not among them


def test_pathfinder_move_one_more_member() -> None:
    assert play(tribe_turn(data.KIROR, members={"a": (5, 0)}, hand=(B, S)),
                "move B").left == 4


def test_evasion_defender_moves_two_out_before_removal() -> None:
    state = turn(options=LEAD, tribe=(0, data.KIROR), members={"e": (4, 3)}, hand=(S,),
                 used=(data.GROW,))
    state = play(state, "lead S")
    assert state.phase == Phase.EVADE and state.decider == 1
    state = play(state, "evade e-b", "evade e-b")
    assert members(state, "b") == (0, 2) and members(state, "e") == (3, 0)


def test_shared_bounty_gather_with_opponents_plus_one() -> None:
    state = tribe_turn(data.MUKAAN, members={"a": (1, 1)}, hand=(B, S))
    assert play(state, "gather B", "a=ww").res[0] == (3, 0, 0)


def test_intimidate_opponents_lose_one_more_in_first_round() -> None:
    state = tribe_turn(data.MUKAAN, members={"e": (4, 3)}, hand=(S,), used=(data.GROW,))
    state = play(state, "lead S")
    assert members(state, "e") == (2, 0)  # round 1: 4-1, 3-2; round 2: 2, 0


def test_hidden_village_survives_until_an_opponent_comes() -> None:
    villages = (0,) + (-1,) * 8
    state = tribe_turn(data.TUNGA, members={"a": (1, 0)}, hand=(B, S), villages=villages)
    state = play(state, "move B", "a-b")
    assert state.villages[0] == 0  # left empty: still standing
    intruder = turn(options=LEAD, tribe=(data.TUNGA, data.DANANU), active=1, hand=(B, S),
                    members={"d": (0, 1)}, villages=villages)
    state = play(intruder, "move B", "d-a")
    assert state.villages[0] == -1


def test_light_in_the_dark_moon_action_gives_a_resource() -> None:
    state = tribe_turn(data.TUNGA, members={"a": (1, 0)}, hand=(M, B), rows=MOON_ROWS,
                       decks=(data.goal_deck(2),) * 2)
    state = play(state, "lead M")
    assert state.phase == Phase.LIGHT
    state = play(state, "light s", "cards A5")
    assert state.res[0] == (0, 0, 1) and len(state.progress[0]) == 1


def test_exogamy_hexes_fixed_when_grow_starts() -> None:
    # §2.5 GROW adds to hexes that already hold your members: a hex entered by Exogamy during
    # this GROW opens none of its own neighbours (c touches b, not a).
    state = play(tribe_turn(data.INDARTSU, members={"a": (1, 0), "b": (0, 1), "c": (0, 1)},
                            hand=(B, S)), "grow B", "add b")
    assert "add c" not in legal(state) and {"add a", "add b"} <= set(legal(state))


def test_exogamy_not_into_a_hex_with_only_invaders_r4() -> None:
    state = play(tribe_turn(data.INDARTSU, members={"a": (1, 0)}, hand=(B, S), inv_hex=1, inv=3,
                            slots=(data.INVADERS, -1)), "grow B")
    assert "add b" not in legal(state)
