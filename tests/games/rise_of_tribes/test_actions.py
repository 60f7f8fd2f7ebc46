"""§2.5 the four actions: GROW (R1), MOVE (Q6), GATHER (R2, §4.1), LEAD with recycling (Q12)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.state import Phase
from tests.games.rise_of_tribes.helpers import B, S, full_decks, legal, members, play, turn


def test_grow_adds_members_to_hexes_with_own_members() -> None:
    state = play(turn(members={"a": (2, 0), "e": (1, 1)}, hand=(B, S)), "grow B")
    assert sorted(a for a in legal(state) if a.startswith("add")) == ["add a", "add e"]
    state = play(state, "add a", "add e", "add e")
    assert members(state, "a") == (3, 0) and members(state, "e") == (3, 1)
    assert state.phase == Phase.ACT  # GROW 3 is used up


def test_grow_is_up_to_n() -> None:
    state = play(turn(members={"a": (2, 0)}, hand=(B, S)), "grow B", "add a", "stop")
    assert members(state, "a") == (3, 0) and state.phase == Phase.ACT


def test_grow_only_from_supply() -> None:
    state = turn(members={"a": (19, 0)}, hand=(B, S))
    state = play(state, "grow B", "add a")
    assert members(state, "a") == (20, 0) and state.phase == Phase.ACT


def test_grow_comeback_any_hex_without_opponents() -> None:
    state = play(turn(members={"e": (0, 2)}, hand=(B, S)), "grow B")
    adds = [a for a in legal(state) if a.startswith("add")]
    assert "add e" not in adds and len(adds) == 8
    state = play(state, "add b")
    assert [a for a in legal(state) if a.startswith("add")] == ["add b"]


def test_move_up_to_n_members_one_hex_each() -> None:
    state = play(turn(members={"a": (4, 0)}, hand=(B, S)), "move B")
    moves = [a for a in legal(state) if "-" in a]
    assert sorted(moves) == ["a-b", "a-d"]
    state = play(state, "a-b", "a-d", "a-b")
    assert members(state, "a") == (1, 0) and members(state, "b") == (2, 0)
    assert state.phase == Phase.ACT


def test_move_each_member_only_once_per_turn() -> None:
    state = play(turn(members={"a": (1, 0)}, hand=(B, S)), "move B", "a-b")
    assert state.phase == Phase.ACT  # the only member has moved


def test_move_from_several_origins() -> None:
    state = play(turn(members={"a": (1, 0), "i": (1, 0)}, hand=(B, S)), "move B", "a-b", "i-h")
    assert members(state, "b") == (1, 0) and members(state, "h") == (1, 0)


def test_move_ignores_enemies_and_terrain() -> None:
    state = play(turn(members={"a": (1, 0), "b": (0, 5)}, hand=(B, S)), "move B")
    assert "a-b" in legal(state)


def test_gather_hexes_times_resources() -> None:
    state = turn(members={"a": (1, 0), "b": (1, 0), "c": (1, 0)}, hand=(B, S))
    state = play(state, "gather B")  # default: 2 hexes x 2
    assert set(legal(state)) == {"a=ww", "b=ff", "c=ss", "stop"}
    state = play(state, "a=ww", "b=ff")
    assert state.res[0] == (2, 2, 0) and state.phase == Phase.ACT


def test_gather_sun_three_hexes_each_once() -> None:
    state = turn(members={"a": (1, 0), "b": (1, 0), "c": (1, 0)}, hand=(S, B))
    state = play(state, "gather S", "a=ww")
    assert "a=ww" not in legal(state)
    state = play(state, "b=ff", "c=ss")
    assert state.res[0] == (2, 2, 2)


def test_gather_from_fewer_hexes_than_the_power() -> None:
    state = play(turn(members={"a": (1, 0)}, hand=(S, B)), "gather S", "a=ww")
    assert state.res[0] == (2, 0, 0) and state.phase == Phase.ACT


def test_lead_draws_n_goals_face_up() -> None:
    state = turn(members={"a": (1, 0)}, hand=(S, B), decks=full_decks())
    state = play(state, "lead S", "cards D1 A3 A8")
    assert state.progress[0] == (data.BOW, data.WATERS, data.RAID)
    assert len(state.decks[0]) == 11 and state.phase == Phase.ACT


def test_lead_draw_is_any_hand_of_unseen_cards_equally_likely() -> None:
    state = play(turn(members={"a": (1, 0)}, hand=(S, B), decks=full_decks()), "lead S")
    assert state.phase == Phase.CARD and state.to_draw == 3
    outcomes = rules.chance_outcomes(state)
    assert len(outcomes) == 364 and {p for _, p in outcomes} == {Fraction(1, 364)}  # C(14, 3)
    assert outcomes[0][0] == "cards D1 D3 D4" and outcomes[-1][0] == "cards A6 A7 A8"


def test_lead_recycle_one_goal_per_village_before_drawing() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), villages=(0,) + (-1,) * 8)
    state = dataclasses.replace(state, progress=((data.RAID,), ()),
                                decks=((data.BOW, data.OXEN, data.SPEAR), ()))
    state = play(state, "lead B")
    assert state.phase == Phase.RECYCLE
    state = play(state, "recycle A8")  # 2 + 1 recycled: the 3 unseen cards come, certain
    assert state.progress[0] == (data.BOW, data.OXEN, data.SPEAR)
    assert state.decks[0] == () and state.bottoms[0] == (data.RAID,)


def test_lead_recycled_card_is_known_under_the_unseen_ones() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), villages=(0,) + (-1,) * 8)
    state = dataclasses.replace(state, progress=((data.RAID,), ()),
                                decks=((data.BOW, data.OXEN, data.SHELTER, data.SPEAR), ()))
    state = play(state, "lead B", "recycle A8")  # default LEAD of 2, + 1 recycled: 3 of 4
    assert rules.chance_outcomes(state) == [("cards D1 D4 D5", Fraction(1, 4)),
                                            ("cards D1 D4 D6", Fraction(1, 4)),
                                            ("cards D1 D5 D6", Fraction(1, 4)),
                                            ("cards D4 D5 D6", Fraction(1, 4))]
    state = play(state, "cards D4 D5 D6")
    assert state.decks[0] == (data.BOW,) and state.bottoms[0] == (data.RAID,)


def test_lead_reaches_the_recycled_card_once_the_unseen_ones_are_drawn() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), villages=(0,) + (-1,) * 8)
    state = dataclasses.replace(state, progress=((data.RAID,), ()), decks=((data.BOW,), ()))
    state = play(state, "lead B", "recycle A8")  # 3 to draw: Bow (certain), then Raid in order
    assert state.progress[0] == (data.BOW, data.RAID) and state.bottoms[0] == ()
    assert state.phase == Phase.ACT


def test_lead_without_villages_draws_at_once() -> None:
    state = turn(members={"a": (1, 0)}, hand=(B, S), decks=full_decks())
    state = play(state, "lead B")
    assert state.phase == Phase.CARD and state.to_draw == 2
    state = play(state, "cards D3 D5")
    assert state.progress[0] == (data.BASKETRY, data.SHELTER) and state.phase == Phase.ACT


def test_lead_exhausted_deck_draws_what_is_left() -> None:
    state = turn(members={"a": (1, 0)}, hand=(S, B), decks=((data.BOW,), ()))
    state = play(state, "lead S")  # the one card left comes: no chance in it
    assert state.progress[0] == (data.BOW,) and state.decks[0] == ()
    assert state.phase == Phase.ACT


def test_grow_only_hexes_held_when_the_action_starts() -> None:
    state = play(turn(members={"a": (2, 0), "e": (0, 1)}, hand=(B, S)), "grow B")
    assert sorted(a for a in legal(state) if a.startswith("add")) == ["add a"]
    state = play(state, "add a", "add a", "add a")
    assert members(state, "a") == (5, 0) and state.phase == Phase.ACT


def test_grow_comeback_hex_with_only_invaders_is_free_r4() -> None:
    # R1 excludes hexes with opponent members; R4 counts invaders as such only for Majority,
    # Control and Abandoned Village.
    state = play(turn(members={"e": (0, 2)}, hand=(B, S), inv_hex=0, inv=3,
                      slots=(data.INVADERS, -1)), "grow B")
    assert "add a" in legal(state) and "add e" not in legal(state)


def test_move_every_hex_has_a_neighbour() -> None:
    # A member that has not moved always has a step (actions.can_move relies on it).
    for n, adjacent in data.ADJACENT.items():
        assert len(adjacent) == len(data.MAPS[n]) and all(adjacent)


def test_lead_leaves_no_drawn_cards_behind_once_drawn() -> None:
    # drawn means the cards Dreamtime chooses among: empty once the LEAD is over, so two
    # identical tables are one state.
    state = turn(members={"a": (1, 0)}, hand=(B, S), decks=full_decks())
    state = play(state, "lead B", "cards D3 D5")
    assert state.drawn == () and state.phase == Phase.ACT
