"""The checked copy-on-write mode (``meeples.core.cow``) catches the slip Rise of Tribes' working
copy does not: every field of a state is a tuple, so a write into one raises already, but the
working copy shares some fields as they are (``work._SHARED``), so a rule that turns one into a
list to change it in place leaves a list in the new state, for every later working copy to
change under the states before."""

from __future__ import annotations

import random

import pytest

import meeples
from meeples.core import cow
from meeples.games.rise_of_tribes import work

GAME = meeples.load("rise_of_tribes")


def slipped_set_pop(self: work.Work, h: int, p: int, members: int) -> None:
    """``Work.set_pop`` with the slip: the shared members table made a list and kept so."""
    pop = [*self.pop]  # the slip: the new table must be a tuple again
    row = pop[h]
    pop[h] = row[:p] + (members,) + row[p + 1:]
    self.pop = pop  # type: ignore[assignment]


def play_out(seed: int) -> meeples.State[object, object]:
    rng = random.Random(seed)
    state = GAME.new(players=3, seed=seed)
    while state.outcome is None:
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
    return state


def test_write_into_a_shared_field_raises_already() -> None:
    state = GAME.new(players=2, seed=1)
    w = work.Work.thaw(state.inner)
    with pytest.raises(TypeError):
        w.villages[0] = 1  # type: ignore[index]


def test_slip_leaves_a_list_in_the_state_unseen_when_unchecked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    if cow.is_checked():
        pytest.skip(f"the process runs checked ({cow.ENVIRONMENT})")
    monkeypatch.setattr(work.Work, "set_pop", slipped_set_pop)
    rng = random.Random(2)
    state = GAME.new(players=3, seed=2)
    while not isinstance(state.inner.pop, list):
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
    with pytest.raises(TypeError, match="unhashable"):  # no longer a frozen value
        hash(state.inner)


def test_checked_mode_refuses_a_state_with_a_list_in_a_shared_field(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work.Work, "set_pop", slipped_set_pop)
    with cow.checked(), pytest.raises(cow.SharedWrite, match="'pop'.*list"):
        play_out(2)


def test_checked_mode_plays_the_unslipped_rules_to_the_same_end() -> None:
    plain = play_out(4)
    with cow.checked():
        checked = meeples.Match.from_json(plain.record().to_json()).replay()
    assert checked.position() == plain.position()
