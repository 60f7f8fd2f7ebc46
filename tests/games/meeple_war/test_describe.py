"""Words for players: ``describe_action`` messages and the reasons ``explain_illegal`` gives,
worded in English (issue point 4: one vocabulary for bots, replays, terminal and browser)."""

from __future__ import annotations

import pytest

import meeples
from meeples.core.text import Message, player, render
from meeples.games.meeple_war import RULES
from tests.games.meeple_war.scenario import position

VS = ["VS", True, "S", []]


def why(state, action: str) -> str:  # noqa: ANN001
    with pytest.raises(meeples.IllegalAction) as caught:
        state.play(action)
    return str(caught.value)


def test_describe_names_players_as_the_clients_do() -> None:
    # Seat 0 is "player 1" in every client; action texts keep the indices 0-3.
    state = position(step="action", pending=[0], troops=(("0,0", 1, 1),),
                     seats={0: {"slots": [["CA", True, "L1", []], VS, None, None]}})
    assert state.describe("s1:bomb@1.2") == (
        "Bomb a Building: 1 meeple onto the Village Square of player 2 (slot 2)")


def test_describe_worker_branch_names_building_and_action() -> None:
    state = position(step="worker", workers=[1])
    assert state.describe("w2>L2") == (
        "worker of slot 2 (Village Square) to L2: Meeple Assembly, up to 2")


def test_describe_worker_branch_node_names_the_actions_ahead() -> None:
    # Issue 23 point 5: a node that is not an action says which actions it still leads to.
    state = position(step="worker", workers=[0],
                     seats={0: {"slots": [["MA", True, "a", []], VS, None, None]}})
    assert state.describe("w1>b") == (
        "worker of slot 1 (Military Academy) to b, on the way to Meeple Assembly (up to 3) or "
        "Reinforcement (up to 4)")
    catapult = position(step="worker", workers=[0],
                        seats={0: {"slots": [["CA", True, "a", []], VS, None, None]}})
    assert catapult.describe("w1>c") == (
        "worker of slot 1 (Catapult) to c, on the way to Burn an Opponent's Army")


def test_describe_worker_on_a_site_counts_the_construction_steps() -> None:
    # Productivity moves a site's worker too: the words say how far the construction is (A6).
    state = position(step="action", pending=[0], seats={0: {"slots": [
        ["UN", True, "L1", []], VS, ["FA", False, "c1", []], ["LG", False, "c1", []]]}})
    assert state.describe("s1:prod@3>c2") == (
        "Productivity, one more step: worker of slot 3 (Factory, under construction) to c2: "
        "step 2 of 3")
    assert state.describe("s1:prod@4>c2").endswith(
        "to c2: the construction ends, the building is finished")


def test_describe_worker_log_form_names_the_player() -> None:
    state = position(step="worker", workers=[0],
                     seats={0: {"slots": [["CA", True, "a", []], VS, None, None]}})
    words = state.describe_message("w1>b")
    logged = Message(f"{words.key}.log", {**words.params, "player": player(0)})
    assert render(logged, "fr") == (
        "joueur 1 avance l'ouvrier de l'emplacement 1 (Catapulte) vers b, en route vers "
        "Bombarder un bâtiment")


def test_describe_tunnel_move() -> None:
    # 2 players: mines on 0,-1 and 0,1; entering the first from 1,-1 may go on to the second.
    state = position(troops=(("1,-1", 0, 1),))
    assert "1,-1>0,1:1" in state.legal()
    assert str(RULES.describe_action(state.inner, "1,-1>0,1:1")) == (
        "move 1 meeple from 1,-1 to 0,1 through the tunnel")
    assert str(RULES.describe_action(state.inner, "1,-1>0,-1:1")) == (
        "move 1 meeple from 1,-1 to 0,-1")


def test_explain_move_from_an_empty_hex() -> None:
    assert "you have no meeple on 0,0" in why(position(), "0,0>1,-1:1")


def test_explain_move_through_forest() -> None:
    state = position(tiles=(("1,0", "T19", 0),), troops=(("0,0", 0, 1),))
    assert "forest closes the edge between 0,0 and 1,0" in why(state, "0,0>1,0:1")


def test_explain_move_onto_own_building() -> None:
    state = position(troops=(("1,-1", 0, 1),),
                     seats={0: {"slots": [["PS", True, "a", []], VS, None, None]}})
    assert "never move onto your own buildings" in why(state, "1,-1>2,-2:1")


def test_explain_move_into_an_empty_village_space() -> None:
    assert "empty space inside a village" in why(position(troops=(("1,-1", 0, 1),)),
                                                  "1,-1>2,-2:1")


def test_explain_move_more_meeples_than_may_move() -> None:
    state = position(troops=(("0,0", 0, 2),), frozen=[["0,0", 1]])
    assert "only 1 of your meeples on 0,0 may still move" in why(state, "0,0>1,-1:2")


def test_explain_move_of_no_meeple() -> None:
    assert "at least 1 meeple" in why(position(troops=(("0,0", 0, 1),)), "0,0>1,-1:0")


def test_explain_move_beyond_free_defense_spaces() -> None:
    state = position(troops=(("-1,1", 0, 3),),
                     seats={1: {"slots": [["PS", True, "a", [0]], VS, None, None]}})
    assert "-2,2 has only 2 free defense spaces" in why(state, "-1,1>-2,2:3")


def test_explain_move_not_adjacent() -> None:
    assert "is not next to" in why(position(troops=(("0,0", 0, 1),)), "0,0>3,0:1")


def test_explain_action_above_its_x() -> None:
    state = position(step="action", pending=[1],
                     seats={0: {"slots": [None, ["VS", True, "L2", []], None, None]}})
    assert "Meeple Assembly places at most 2" in why(state, "s2:asm:3")


def test_explain_action_not_due() -> None:
    state = position(step="action", pending=[1],
                     seats={0: {"slots": [None, ["VS", True, "L2", []], None, None]}})
    assert "slot 1 has no action due now" in why(state, "s1:asm:1")
    assert "the action due on slot 2 is Meeple Assembly" in why(state, "s2:dep:1")


def test_explain_always_says_what_to_do_now() -> None:
    text = why(position(troops=(("0,0", 0, 1),)), "rot:1")
    assert "player 1 must now move meeples, or done" in text
