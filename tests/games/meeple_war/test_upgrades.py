"""Rulebook "Territory Upgrades" (tokens and the Tree Hiding the Forest); sheet B5, A18."""

from __future__ import annotations

from tests.games.meeple_war.scenario import field, position, seat


def next_turn(**kw):  # noqa: ANN003, ANN201
    """Return the state when player 1 ends their turn and player 0's turn begins."""
    state = position(step="move", active=1, **kw).play("done")
    while field(state, "active") == 1:  # token windows of player 1's phase 5
        state = state.play("done")
    return state


def test_upgrade_window_for_a_holder_during_an_opponents_turn() -> None:
    state = next_turn(seats={1: {"tokens": ["wpn"]}})
    assert state.to_move == 1
    assert state.legal() == ["up:wpn@-1,1", "up:wpn@1,-1", "done"]


def test_upgrade_window_active_player_first() -> None:
    state = next_turn(seats={0: {"tokens": ["asm"]}, 1: {"tokens": ["wpn"]}})
    assert state.to_move == 0
    assert field(state, "window") == [0, 1]
    assert field(state.play("done"), "window") == [1]


def test_upgrade_no_window_without_a_playable_token() -> None:
    state = next_turn()
    assert field(state, "step") != "window"


def test_upgrade_token_placed_before_the_bonus_check_counts() -> None:
    state = next_turn(seats={0: {"tokens": ["asm"]}}, troops=(("1,-1", 0, 2),))
    after = state.play("up:asm@1,-1")
    assert ["1,-1", "asm"] in field(after, "upgrades")
    assert after.legal() == ["bonus:1,-1", "done"]


def test_upgrade_only_on_blank_tiles_not_yet_upgraded() -> None:
    state = next_turn(seats={0: {"tokens": ["asm", "wpn"]}}, upgrades=[["1,-1", "nat"]])
    assert state.legal() == ["up:asm@-1,1", "up:wpn@-1,1", "done"]


def test_upgrade_token_leaves_the_hand() -> None:
    state = next_turn(seats={0: {"tokens": ["asm"]}})
    after = state.play("up:asm@-1,1")
    assert seat(after, 0)["tokens"] == []


def test_tree_window_when_a_forest_is_on_the_map() -> None:
    state = next_turn(tiles=(("1,0", "T16", 0),))
    assert state.to_move == 0
    assert state.legal() == ["tree:1,0/0", "done"]


def test_tree_clears_the_edge_and_is_used_once() -> None:
    state = next_turn(tiles=(("1,0", "T16", 0),))
    after = state.play("tree:1,0/0")
    assert field(after, "trees") == ["1,0/0"]
    assert seat(after, 0)["tree"] is False
    assert field(after, "step") != "window" or field(after, "window")[0] != 0


def test_tree_edge_named_from_its_east_side() -> None:
    # T16 rotated 3 has its forest facing W: the edge is written from the western hex.
    state = next_turn(tiles=(("1,0", "T16", 3),))
    assert state.legal() == ["tree:0,0/0", "done"]


def test_tokens_windows_at_every_phase_start() -> None:
    state = next_turn(seats={1: {"tokens": ["wpn"]}})
    phases = []
    for _ in range(8):
        if field(state, "step") == "window":
            phases.append(field(state, "phase"))
            state = state.play("done")
        else:
            legal = state.legal()
            state = state.play("done" if "done" in legal else legal[0])
        if field(state, "active") != 0:
            break
    assert phases[:5] == [1, 2, 3, 4, 5]
