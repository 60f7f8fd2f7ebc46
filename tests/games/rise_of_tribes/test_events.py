"""§2.6 events (§3.6, §4.5, R9, R12, Q8, Q19): doubles, slots, every event's effect."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.state import Phase, State
from tests.games.rise_of_tribes.helpers import B, M, S, goals_step, legal, members, play, turn


def doubled(face: int, deck: tuple[int, ...] = (), **kw: Any) -> State:
    """Return player 0's turn start after rolling a double of `face` (player 1 ends a turn);
    when an event is drawn, it is the first of `deck` (the unseen events)."""
    kw.setdefault("members", {"a": (2, 0), "i": (0, 2)})
    base = goals_step(active=1, **kw)
    base = dataclasses.replace(base, ev_deck=tuple(sorted(deck)), ev_discard=())
    letter = data.FACE_LETTERS[face]
    state = play(base, "done", f"roll {letter}", f"roll {letter}")
    if state.phase == Phase.EVENT:
        state = play(state, f"event {data.EVENT_IDS[deck[0]]}")
    return state


def test_a_double_stops_at_the_event_draw_with_each_unseen_event_equally_likely() -> None:
    base = goals_step(active=1, members={"a": (2, 0), "i": (0, 2)})
    base = dataclasses.replace(base, ev_deck=(data.DROUGHT, data.WALLS), ev_discard=())
    state = play(base, "done", "roll B", "roll B")
    assert state.phase == Phase.EVENT and rules.is_chance(state)
    assert rules.chance_outcomes(state) == [("event DR", Fraction(1, 2)),
                                            ("event WA", Fraction(1, 2))]


def test_double_draws_event_into_a_free_slot() -> None:
    state = doubled(S, (data.DROUGHT, data.WALLS))
    assert state.slots == (data.DROUGHT, -1) and state.ev_deck == (data.WALLS,)


def test_both_slots_full_no_new_event() -> None:
    state = doubled(S, (data.DROUGHT,), slots=(data.WALLS, data.CANOE))
    assert state.ev_deck == (data.DROUGHT,)


def test_any_doubles_clauses_apply_before_the_draw_q8() -> None:
    state = doubled(S, (data.WALLS,), slots=(data.DROUGHT, -1))
    assert state.slots == (data.WALLS, -1) and data.DROUGHT in state.ev_discard


def test_empty_deck_reshuffles_discard() -> None:
    base = goals_step(active=1, members={"a": (2, 0), "i": (0, 2)})
    start = dataclasses.replace(base, ev_deck=(), ev_discard=(data.WALLS, data.DROUGHT))
    state = play(start, "done", "roll S", "roll S")
    assert state.ev_discard == () and state.ev_deck == (data.DROUGHT, data.WALLS)
    state = play(state, "event WA")
    assert state.slots[0] == data.WALLS and state.ev_deck == (data.DROUGHT,)


def test_empty_deck_and_discard_draws_nothing_r9() -> None:
    state = doubled(S, ())
    assert state.slots == (-1, -1)


def test_classic12_drops_four_events_r12() -> None:
    deck = rules.initial_state(2, 0, {"events": "classic12"}).ev_deck
    assert len(deck) == 12 and not set(deck) & set(data.CLASSIC12_DROPPED)


def test_abandoned_village_each_player_may_build_cheaply() -> None:
    state = doubled(S, (data.ABANDONED,), res=((1, 1, 1), (1, 1, 1)))
    assert state.phase == Phase.SETTLE and state.decider == 0
    state = play(state, "settle a")
    assert state.decider == 1
    state = play(state, "settle i")
    assert state.villages[0] == 0 and state.villages[8] == 1
    assert state.res == ((0, 0, 0), (0, 0, 0)) and data.ABANDONED in state.ev_discard
    assert state.phase == Phase.ACT


@pytest.mark.parametrize(("event", "kind"), [(data.ALTAR, data.FOOD), (data.CANOE, data.WOOD),
                                              (data.WALLS, data.STONE)])
def test_acquire_event_costs_three_minus_tokens(event: int, kind: int) -> None:
    res = [0, 0, 0]
    res[kind] = 2
    state = goals_step(members={"a": (1, 0)}, slots=(event, -1),
                       tokens=(tuple(1 if r == kind else 0 for r in range(3)), (0, 0, 0)),
                       res=(tuple(res), (0, 0, 0)))
    state = play(state, f"buy {data.EVENT_IDS[event]}")
    assert state.acquired[0] == (event,) and state.slots == (-1, -1) and state.res[0] == (0, 0, 0)


def test_acquire_event_doubles_add_token_and_discard_at_three() -> None:
    state = doubled(S, (data.DROUGHT,), slots=(data.ALTAR, -1), tokens=((0, 2, 0), (0, 0, 0)))
    assert state.slots == (data.DROUGHT, -1) and data.ALTAR in state.ev_discard


def test_acquired_event_leaves_its_slot_and_its_clause_r9() -> None:
    state = doubled(S, (), acquired=((data.WALLS,), ()))
    assert data.WALLS in state.acquired[0] and state.slots == (-1, -1)


def test_altar_sacrifice_member_and_resources_for_one_vp() -> None:
    state = goals_step(members={"a": (2, 0)}, acquired=((data.ALTAR,), ()),
                       res=((4, 1, 1), (0, 0, 0)))
    assert {"altar a w", "altar a wfs"} <= set(legal(state))
    state = play(state, "altar a w")
    assert state.score[0] == 1 and members(state, "a") == (1, 0) and state.res[0] == (0, 1, 1)
    assert not any(a.startswith("altar") for a in legal(state))  # once per turn


def test_chieftain_bidding_winner_scores_and_hands_out_bid() -> None:
    state = doubled(S, (data.CHIEFTAIN,), res=((3, 0, 0), (2, 0, 0)))
    assert state.phase == Phase.BID and state.decider == 0
    state = play(state, "bid 1", "bid 2", "bid 3")
    assert state.phase == Phase.GIVE and state.decider == 0  # player 1 cannot raise: out
    state = play(state, "give 1 w", "give 1 w", "give 1 w")
    assert state.score[0] == 1 and state.res == ((0, 0, 0), (5, 0, 0))
    assert data.CHIEFTAIN in state.ev_discard and state.phase == Phase.ACT


def test_chieftain_high_bid_scores_two() -> None:
    state = doubled(S, (data.CHIEFTAIN,), res=((5, 0, 0), (0, 0, 0)))
    state = play(state, "bid 5", "give 1 w", "give 1 w", "give 1 w", "give 1 w", "give 1 w")
    assert state.score[0] == 2 and state.res[1] == (5, 0, 0)


def test_chieftain_no_bids_shuffles_back() -> None:
    state = doubled(S, (data.CHIEFTAIN,), res=((0, 0, 0), (0, 0, 0)))
    assert data.CHIEFTAIN in state.ev_deck and state.slots == (-1, -1)


def test_discovery_resource_for_moving_into_opponent_only_hex() -> None:
    state = turn(members={"a": (2, 0), "b": (0, 1)}, hand=(B, S), slots=(data.DISCOVERY, -1),
                 tokens=((2, 2, 2), (0, 0, 0)))
    state = play(state, "move B", "a-b")
    assert state.phase == Phase.DISCOVER
    state = play(state, "find s", "a-b")  # the same hex pays once per MOVE
    assert state.res[0] == (0, 0, 1) and state.tokens[0] == (2, 2, 1)


def test_drought_population_limit_four_from_this_turn() -> None:
    state = doubled(S, (data.DROUGHT,), members={"e": (5, 0), "i": (0, 2)})
    assert state.slots[0] == data.DROUGHT
    state = play(state, "lead S", "gather S" if "gather S" in legal(state) else "grow S")
    while state.phase != Phase.GOALS:
        state = play(state, "stop")
    assert members(state, "e")[0] <= 4


def test_dugout_canoe_lakes_cost_no_movement() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), acquired=((data.CANOE,), ()))
    state = play(state, "move B")
    assert "a-e" in legal(state) and "a-c" in legal(state)  # through lake b for free


def test_invaders_on_least_populated_hex_and_block() -> None:
    state = doubled(S, (data.INVADERS,),
                    members={h: (1, 0) for h in "abcdefgh"})
    assert state.inv_hex == 8 and state.inv == data.INVADERS_START


def test_invaders_grow_on_doubles_up_to_five() -> None:
    state = doubled(S, (), slots=(data.INVADERS, -1), inv_hex=8, inv=5)
    assert state.inv == 5
    state = doubled(S, (), slots=(data.INVADERS, -1), inv_hex=8, inv=3)
    assert state.inv == 4


def test_invaders_block_gather_and_villages() -> None:
    state = turn(members={"a": (1, 0), "b": (1, 0)}, hand=(B, S), inv_hex=0, inv=3,
                 slots=(data.INVADERS, -1), res=((9, 9, 9), (0, 0, 0)))
    state = play(state, "gather B")
    assert "a=ww" not in legal(state) and "b=ff" in legal(state)


def test_mammoth_hunt_and_tame() -> None:
    base = turn(members={"b": (4, 0)}, hand=(B, S), slots=(data.MAMMOTH, -1), mammoth=1,
                res=((0, 3, 0), (0, 0, 0)))
    hunted = play(base, "hunt B")
    assert hunted.score[0] == 1 and hunted.res[0] == (0, 6, 0) and hunted.mammoth == -1
    tamed = play(base, "tame B")
    assert tamed.score[0] == 3 and tamed.tamed[0] == 1 and tamed.res[0] == (0, 0, 0)
    assert tamed.phase == Phase.ACT and len(tamed.hand) == 1


def test_mammoth_needs_four_members() -> None:
    state = turn(members={"b": (3, 0)}, hand=(B, S), slots=(data.MAMMOTH, -1), mammoth=1)
    assert "hunt B" not in legal(state)


def test_tamed_mammoth_adds_food_to_lake_gathers() -> None:
    state = turn(members={"b": (1, 0)}, hand=(B, S), tamed=(1, 0))
    state = play(state, "gather B", "b=ff")
    assert state.res[0] == (0, 3, 0)


def test_mild_winter_grow_plus_two_and_one_food_off() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), slots=(data.MILD_WINTER, -1),
                 tokens=((0, 1, 0), (0, 0, 0)))
    state = play(state, "grow B")
    assert state.left == 5 and state.slots == (-1, -1)


@pytest.mark.parametrize("event", [data.PLENTIFUL_FOOD, data.PLENTIFUL_WOOD,
                                   data.PLENTIFUL_STONE])
def test_plentiful_two_extra_per_hex_of_its_type(event: int) -> None:
    kind = data.PLENTIFUL[event]
    tokens = tuple(6 if r == kind else 0 for r in range(3))
    hexes = {data.WOOD: "a", data.FOOD: "b", data.STONE: "c"}
    state = turn(members={hexes[kind]: (1, 0), "d": (1, 0)}, hand=(B, S), slots=(event, -1),
                 tokens=(tokens, (0, 0, 0)))
    letter = data.RESOURCE_LETTERS[kind]
    state = play(state, "gather B", f"{hexes[kind]}={letter}{letter}")
    assert state.res[0][kind] == 4 and state.tokens[0][kind] == 4


def test_sabertooth_arrival_costs_a_member_and_can_be_hunted() -> None:
    state = doubled(S, (data.SABERTOOTH,), members={"c": (2, 0), "i": (0, 2)})
    assert state.phase == Phase.SITE
    state = play(state, "site c")
    assert members(state, "c") == (1, 0) and state.tiger == 2
    state = play(state, "tiger S")
    assert state.score[0] == 1 and members(state, "c") == (0, 0) and state.tiger == -1


def test_sabertooth_moves_on_doubles() -> None:
    state = doubled(S, (), slots=(data.SABERTOOTH, -1), tiger=2,
                    members={"f": (2, 0), "i": (0, 2)})
    assert state.phase == Phase.SITE and sorted(legal(state)) == ["site f", "site i"]
    state = play(state, "site i")
    assert members(state, "i") == (0, 1) and state.tiger == 8


def test_shared_knowledge_pay_one_to_draw_a_goal() -> None:
    state = goals_step(members={"a": (1, 1)}, slots=(data.SHARED, -1),
                       res=((1, 0, 0), (0, 0, 0)))
    state = dataclasses.replace(state, decks=((data.BOW, data.RAID), ()))
    state = play(state, "share w")
    assert state.phase == Phase.CARD and state.tokens[0] == (1, 0, 0)
    state = play(state, "cards A8")
    assert state.progress[0] == (data.RAID,) and state.decks[0] == (data.BOW,)
    assert state.phase == Phase.GOALS
    assert not any(a.startswith("share") for a in legal(state))


def test_shared_knowledge_needs_a_shared_hex() -> None:
    state = goals_step(members={"a": (1, 0)}, slots=(data.SHARED, -1), res=((1, 0, 0), (0, 0, 0)))
    assert "share w" not in legal(state)


@pytest.mark.parametrize(("face", "lost"), [(S, 0), (B, 1), (M, 2)])
def test_volcano_face_effect_per_tribe_q19(face: int, lost: int) -> None:
    state = doubled(face, (data.VOLCANO,), members={"a": (3, 0), "i": (0, 2)})
    if state.phase == Phase.VENT:
        state = play(state, "vent 0")  # next to a and d
    assert state.volcano >= 0 and state.res[0][data.STONE] == 1
    assert members(state, "a")[0] == 3 - lost
    assert data.VOLCANO in state.ev_deck and state.slots == (-1, -1)


def test_volcano_hexes_nearby_may_produce_stone() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), volcano=0)
    state = play(state, "gather B")
    assert {"a=ww", "a=ws", "a=ss"} <= set(legal(state))


def test_volcano_later_draw_adds_no_second_volcano() -> None:
    state = doubled(S, (data.VOLCANO,), volcano=3)
    assert state.volcano == 3 and state.phase == Phase.ACT


def test_volcano_losses_chosen_by_each_tribe() -> None:
    state = doubled(M, (data.VOLCANO,), volcano=0, members={"a": (1, 0), "d": (2, 0),
                                                            "i": (0, 2)})
    assert state.phase == Phase.LOSE and state.decider == 0
    state = play(state, "lose d", "lose a")
    assert members(state, "d") == (1, 0) and members(state, "a") == (0, 0)


def test_discovery_nothing_for_a_hex_with_only_invaders_r4() -> None:
    state = turn(members={"a": (2, 0)}, hand=(B, S), slots=(data.DISCOVERY, data.INVADERS),
                 tokens=((2, 2, 2), (0, 0, 0)), inv_hex=1, inv=3)
    state = play(state, "move B", "a-b")
    assert state.phase == Phase.MOVE and state.res[0] == (0, 0, 0)


def test_volcano_slot_next_to_the_active_players_hexes() -> None:
    # §4.3: the volcano goes on a slot touching a hex of the active player when one exists.
    state = doubled(S, (data.VOLCANO,), members={"a": (3, 0), "i": (0, 2)})
    assert state.phase == Phase.VENT and sorted(legal(state)) == ["vent 0", "vent 3"]


def test_invaders_least_populated_tie_chosen_by_active_player() -> None:
    state = doubled(S, (data.INVADERS,), members={h: (1, 0) for h in "abcdefg"})
    assert state.phase == Phase.SITE and sorted(legal(state)) == ["site h", "site i"]
    state = play(state, "site h")
    assert state.inv_hex == 7 and state.decider == 0 and state.phase == Phase.ACT


def test_mammoth_on_least_populated_lake() -> None:
    state = doubled(S, (data.MAMMOTH,), members={"b": (1, 0), "e": (2, 0), "i": (0, 2)})
    assert state.mammoth == 7 and state.slots[0] == data.MAMMOTH  # lakes b, e, h: h is empty


def test_chieftain_cannot_raise_drops_out_and_bids_must_rise() -> None:
    state = doubled(S, (data.CHIEFTAIN,), res=((1, 0, 0), (4, 0, 0)))
    assert legal(state) == ["pass", "bid 1"]
    state = play(state, "bid 1")
    assert state.decider == 1 and "bid 1" not in legal(state) and "bid 2" in legal(state)
    state = play(state, "bid 2")  # player 0 cannot bid 3: out, player 1 wins with 2
    assert state.phase == Phase.GIVE and state.decider == 1
