"""The checked copy-on-write mode (``meeples.core.cow``) catches the slips Meeple War's working
copy guards against only by convention: a seat read as ``w.seats[p]`` is the one the states
before share (``w.seat(p)`` is the working copy's own), and the troops map is theirs until
``w.own_troops()`` copies it."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import meeples
from meeples.core import cow
from meeples.games.meeple_war import rules, work

GAME = meeples.load("meeple_war")


def slipped_destroy(self: work.Work, h: int, p: int, k: int) -> None:
    """``Work.destroy`` with the slip: the seat changed is the shared one."""
    if k <= 0:
        return
    self.remove(h, p, k)
    self.seats[p].stock += k  # the slip: self.seat(p), the working copy's own, is meant


def slipped_add(self: work.Work, h: int, p: int, k: int) -> None:
    """``Work.add`` with the slip: the troops map changed is the shared one."""
    row = self.troops.get(h)
    counts = [0] * self.players if row is None else list(row)
    counts[p] += k
    self.troops[h] = tuple(counts)  # the slip: self.own_troops() is meant
    self.troops_changed = True


def first_state_changed_by_its_action(seed: int) -> bool:
    """Return whether some action of a seeded random game changes the state it is played
    from: playing it twice from that state then gives two different states."""
    rng = random.Random(seed)
    state = GAME.new(players=2, seed=seed)
    while state.outcome is None:
        action = state.deal().history[-1] if state.is_chance else rng.choice(state.legal())
        once = state.play(action)
        if once.position() != state.play(action).position():
            return True
        state = once
    return False


def play_out(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(players=2, seed=seed)
    while state.outcome is None:
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))


@pytest.mark.parametrize(("method", "slip"), [("destroy", slipped_destroy), ("add", slipped_add)],
                         ids=["seat", "troops"])
def test_slip_changes_the_state_before_unseen_when_unchecked(
        monkeypatch: pytest.MonkeyPatch, method: str, slip: Callable[..., None]) -> None:
    if cow.is_checked():
        pytest.skip(f"the process runs checked ({cow.ENVIRONMENT})")
    # States and battlefields sealed by an earlier test in this process stay sealed: the
    # openings and their battlefields are shared by every game, so start from fresh ones.
    for module, cache in ((rules, "_OPENINGS"), (rules, "_FIRST_TURNS"),
                          (work, "_OPENING_FIELDS")):
        monkeypatch.setattr(module, cache, {})
    monkeypatch.setattr(work.Work, method, slip)
    assert first_state_changed_by_its_action(3)


def test_checked_mode_raises_where_a_rule_writes_a_shared_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work.Work, "destroy", slipped_destroy)
    with cow.checked(), pytest.raises(cow.SharedWrite, match=r"Work\.seat"):
        play_out(3)


def test_checked_mode_raises_where_a_rule_writes_the_shared_troops_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work.Work, "add", slipped_add)
    with cow.checked(), pytest.raises(cow.SharedWrite, match=r"own_troops"):
        play_out(3)


def test_checked_mode_plays_the_unslipped_rules_to_the_same_end() -> None:
    rng = random.Random(5)
    plain = GAME.new(players=3, seed=5)
    while plain.outcome is None:
        plain = plain.deal() if plain.is_chance else plain.play(rng.choice(plain.legal()))
    with cow.checked():
        checked = meeples.Match.from_json(plain.record().to_json()).replay()
    assert checked.position() == plain.position()
