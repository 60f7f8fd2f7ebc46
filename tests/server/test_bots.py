"""The server's bot adapter: a bot sees a view and the legal actions, and answers one of them."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from typing import TypeVar

import pytest

import meeples
from meeples.server import bots
from meeples.server.workers import SEARCH_NICENESS, Workers

T = TypeVar("T")


@pytest.mark.parametrize("level", ["random", "easy"])
def test_bot_answers_a_legal_action(level: str) -> None:
    state = meeples.load("sparta").new(players=2, seed=3)
    action = bots.choose("sparta", level, state.view(0), state.legal(), seed=1)
    assert action in state.legal()


def test_bot_falls_back_to_random_without_meeples_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "_ai", lambda: None)
    state = meeples.load("sparta").new(players=2, seed=3)
    assert bots.choose("sparta", "hard", state.view(0), state.legal(), seed=1) in state.legal()


def test_bot_with_a_single_choice_plays_it_without_thinking() -> None:
    assert bots.choose("sparta", "hard", {}, ["pass"], seed=1) == "pass"


def _niceness() -> int:
    return os.nice(0)


def _sigint_handler() -> object:
    return signal.getsignal(signal.SIGINT)


def _in_bot_and_hint_workers(function: Callable[[], T]) -> tuple[T, T]:
    """Return what function answers in a real bot worker process and in a hint worker."""

    async def both(workers: Workers) -> tuple[T, T]:
        return await workers.bot(function), await workers.hint(function)

    workers = Workers.start(1)
    try:
        return asyncio.run(both(workers))
    finally:
        workers.stop()


def test_bots_and_hints_search_at_a_lower_priority_than_the_games() -> None:
    """A search takes only the CPU the event loop leaves: its processes are niced."""
    bot, hint = _in_bot_and_hint_workers(_niceness)
    assert bot == hint == min(os.nice(0) + SEARCH_NICENESS, 19)


def test_ctrl_c_in_the_terminal_leaves_bot_and_hint_workers_running() -> None:
    """SIGINT reaches the whole process group: the workers ignore it, the server stops them."""
    bot, hint = _in_bot_and_hint_workers(_sigint_handler)
    assert bot == hint == signal.SIG_IGN


def _meeple_war_decision(seed: int = 2) -> meeples.State:
    """A Meeple War state with a player to move and a choice to make."""
    state = meeples.load("meeple_war").new(players=2, seed=seed)
    while len(state.legal()) < 2:
        state = state.play(state.legal()[0])
    return state


def test_a_bot_that_keeps_a_plan_is_kept_per_seat_and_follows_its_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Meeple War's hard chooses a whole turn: asked again for the same seat, the same bot plays
    on from its plan instead of being built anew (and searching anew) at every decision."""
    monkeypatch.setattr(bots, "KEPT", type(bots.KEPT)())
    spec = "turns:6it,h1"
    state = _meeple_war_decision()
    seat = state.to_move
    first = bots.choose("meeple_war", spec, state.view(seat), state.legal(), 1, "m1/0")
    kept = bots.KEPT[("meeple_war", spec, "m1/0")]
    state = state.play(first)
    assert state.to_move == seat and len(state.legal()) > 1  # the turn goes on (seed 2)
    planned = kept._plan.get(kept.model.state_from_view(state.view(seat), None))
    assert planned is not None
    second = bots.choose("meeple_war", spec, state.view(seat), state.legal(), 2, "m1/0")
    assert second == planned
    assert bots.KEPT[("meeple_war", spec, "m1/0")] is kept
    bots.choose("meeple_war", spec, state.view(state.to_move), state.legal(), 3, "m2/0")
    assert len(bots.KEPT) == 2  # one bot a seat of a match


def test_a_bot_without_a_plan_is_built_for_each_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "KEPT", type(bots.KEPT)())
    state = meeples.load("sparta").new(players=2, seed=3)
    bots.choose("sparta", "easy", state.view(0), state.legal(), 1, "m1/0")
    assert not bots.KEPT


def test_kept_bots_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "KEPT", type(bots.KEPT)())
    monkeypatch.setattr(bots, "KEPT_MOST", 2)
    state = _meeple_war_decision()
    for match in range(3):
        bots.choose("meeple_war", "turns:2it,h1", state.view(state.to_move), state.legal(), 1,
                    f"m{match}/0")
    assert [key[2] for key in bots.KEPT] == ["m1/0", "m2/0"]  # the least recently used went
