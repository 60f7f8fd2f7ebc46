"""The server's bot adapter: a bot sees a view and the legal actions, and answers one of them."""

from __future__ import annotations

import asyncio
import os

import pytest

import meeples
from meeples.server import bots
from meeples.server.workers import SEARCH_NICENESS, Workers


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


def test_bots_and_hints_search_at_a_lower_priority_than_the_games() -> None:
    """A search takes only the CPU the event loop leaves: its processes are niced."""

    async def both(workers: Workers) -> tuple[int, int]:
        return await workers.bot(_niceness), await workers.hint(_niceness)

    workers = Workers.start(1)
    try:
        bot, hint = asyncio.run(both(workers))
    finally:
        workers.stop()
    assert bot == hint == min(os.nice(0) + SEARCH_NICENESS, 19)
