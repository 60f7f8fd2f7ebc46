"""Rulebook "2. Workers Movement", "End of Construction", Productivity; sheet A5, A6, F11, F12."""

from __future__ import annotations

from tests.games.meeple_war.scenario import field, position, seat


def slots(*entries):  # noqa: ANN002, ANN201 - scenario helper
    return {0: {"slots": list(entries)}}


VS_AT = lambda node: ["VS", True, node, []]  # noqa: E731


def play_phase_two(**kw):  # noqa: ANN003, ANN201
    """Return the state after player 0 leaves the bonus step (phase 2 runs)."""
    return position(step="bonus", **kw).play("done")


def test_workers_branch_choice_on_the_square() -> None:
    state = position(step="worker", workers=[1])
    assert state.legal() == ["w2>L1", "w2>L2", "w2>L3"]


def test_workers_square_leaf_goes_back_to_start() -> None:
    state = play_phase_two(seats=slots(None, VS_AT("L2"), None, None))
    assert seat(state, 0)["slots"][1][2] == "S"


def test_workers_reaching_a_leaf_makes_its_action_due() -> None:
    state = position(step="worker", workers=[1]).play("w2>L3")
    assert field(state, "step") == "action"
    assert state.legal() == ["s2:dep:1", "s2:dep:2", "done"]


def test_workers_construction_moves_one_space() -> None:
    state = play_phase_two(seats=slots(["PS", False, "c1", []], VS_AT("L1"), None, None))
    assert seat(state, 0)["slots"][0] == ["PS", False, "c2", []]


def test_construction_end_flips_building_and_sends_attackers_home() -> None:
    state = play_phase_two(seats={0: {"slots": [["PS", False, "c2", [1]], VS_AT("L1"), None,
                                                None]},
                                  1: {"stock": 9}})
    assert seat(state, 0)["slots"][0] == ["PS", True, "S", []]
    assert seat(state, 1)["stock"] == 10
    assert seat(state, 1)["mountain"] == 0


def test_workers_flipped_worker_moves_next_turn_from_start() -> None:
    state = play_phase_two(seats=slots(["PS", False, "c2", []], VS_AT("L1"), None, None))
    assert "s1" not in " ".join(state.legal())


def test_workers_single_exit_moves_automatically() -> None:
    state = play_phase_two(seats=slots(["PS", True, "S", []], VS_AT("L1"), None, None))
    assert seat(state, 0)["slots"][0][2] == "a"


def test_workers_inner_branch_choice() -> None:
    state = play_phase_two(seats=slots(["PS", True, "a", []], VS_AT("L1"), None, None))
    assert state.legal() == ["w1>L1", "w1>b"]


def test_workers_must_move_every_turn() -> None:
    state = position(step="worker", workers=[1])
    assert state.legal() == ["w2>L1", "w2>L2", "w2>L3"]  # no "done", no staying on S
    state = position(step="worker", workers=[0], seats=slots(["FA", True, "a", []], VS_AT("S"),
                                                            None, None))
    assert state.legal() == ["w1>L1", "w1>L2", "w1>b"]  # forward only, never back to S


def test_productivity_moves_a_worker_one_extra_step() -> None:
    state = position(step="action", pending=[0],
                     seats=slots(["UN", True, "L1", []], VS_AT("S"), None, None))
    assert "s1:prod@2>L3" in state.legal()
    after = state.play("s1:prod@2>L3")
    assert seat(after, 0)["slots"][1][2] == "L3"
    assert after.legal() == ["s2:dep:1", "s2:dep:2", "done"]


def test_productivity_may_move_its_own_worker() -> None:
    state = position(step="action", pending=[0],
                     seats=slots(["UN", True, "L1", []], VS_AT("L1"), None, None))
    assert "s1:prod@1>S" in state.legal()


def test_productivity_can_finish_a_construction() -> None:
    state = position(step="action", pending=[0],
                     seats=slots(["UN", True, "L1", []], VS_AT("L1"),
                                 ["FA", False, "c2", []], None))
    after = state.play("s1:prod@3>c3")
    assert seat(after, 0)["slots"][2] == ["FA", True, "S", []]
