"""Meeple War hints from the turn search: numbers only for the candidate turns' first actions,
calibrated probabilities, and a reason naming what the whole turn does."""

from __future__ import annotations

import random

import pytest

import meeples
from meeples.ai import Budget, hint
from meeples.ai.calibration import Sampling, sample_game
from meeples.ai.hint import hint_bot, raw_estimates
from meeples.ai.meeple_war_turns import TurnSearchBot
from meeples.core.text import render
from meeples.games.meeple_war import reasons
from tests.ai.test_meeple_war_bots import played, winning_move

GAME = meeples.load("meeple_war")


def worker_step() -> meeples.State:
    """A position where the mover places a worker: several candidate turns start apart."""
    state = played(20)
    rng = random.Random(0)
    while state.inner.step != "worker" or len(state.legal()) < 3:
        state = state.play(rng.choice(state.legal())).settle()
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_hints_by_the_turn_search(level: str) -> None:
    assert isinstance(hint_bot("meeple_war", level), TurnSearchBot)


def many_choices() -> meeples.State:
    """A position with more legal actions than candidate turns."""
    state = played(20)
    rng = random.Random(0)
    while len(state.legal()) <= 2 * TurnSearchBot("meeple_war").candidates:
        state = state.play(rng.choice(state.legal())).settle()
    return state


def test_hint_numbers_only_the_first_actions_of_examined_turns() -> None:
    state = many_choices()
    found = hint(state, n=len(state.legal()), budget=Budget(iterations=12))
    assert len(found) == len(state.legal())
    examined = [e for e in found if e.visits > 0]
    assert examined and len(examined) < len(found)
    assert all(e.probability is not None for e in examined)
    assert all(e.probability is None for e in found if e.visits == 0)
    bot = hint_bot("meeple_war", "hard")
    bot.estimates(state.inner, random.Random(0), Budget(iterations=12))
    assert {GAME.rules.format_action(a) for a in bot.last_turns} == {e.action for e in examined}


def test_hint_values_and_probabilities_lie_in_zero_one() -> None:
    for plies in (0, 40, 120):
        state = played(plies, seed=7)
        if state.to_move is None:
            state = state.settle()
        for estimate in hint(state, n=3, budget=Budget(iterations=10)):
            assert 0.0 <= estimate.value <= 1.0
            if estimate.visits > 0:
                assert estimate.probability is not None
                assert 0.0 <= estimate.probability <= 1.0


def test_hint_reason_says_what_the_turn_does_in_every_language() -> None:
    state = worker_step()
    for estimate in hint(state, n=3, budget=Budget(iterations=10)):
        assert estimate.reason is not None
        assert estimate.reason.key in ("mw.hint.turn", "mw.hint.turn_even", "core.hint.best_found")
        for lang in ("en", "fr", "es"):
            text = render(estimate.reason, lang)
            assert text and "{" not in text


def test_turn_reason_wraps_what_the_turn_gains() -> None:
    state = winning_move()
    bot = TurnSearchBot("meeple_war", Budget(iterations=20), horizon=2)
    bot.analyse(state.inner, 0, random.Random(3), Budget(iterations=20))
    end = bot.last_turns[state.parse_action("-1,1>-2,2:1")]
    why = reasons.turn_reason(state.inner, end, 0)
    assert why.key == "mw.hint.turn"
    assert why.params["what"] == reasons.reason(state.inner, end, 0)
    assert "victory point" in render(why, "en") or "knocks down" in render(why, "en")


def test_a_quiet_turn_gets_its_own_reason() -> None:
    state = played(0)
    assert reasons.turn_reason(state.inner, state.inner, 0).key == "mw.hint.turn_even"


def test_a_winning_turn_is_a_proven_win() -> None:
    best = hint(winning_move(), n=1, budget=Budget(iterations=20))[0]
    assert best.action == "-1,1>-2,2:1" and best.probability == 1.0


def test_rollout_means_are_never_shown_as_proven() -> None:
    state = worker_step().inner
    bot = TurnSearchBot("meeple_war")
    # every rollout won, the turn not over: still short of certain
    assert 0.5 < bot._estimate(state, 0, 2, total=30.0, visits=30) < 1.0
    assert 0.0 < bot._estimate(state, 0, 2, total=0.0, visits=30) < 0.5


def test_a_lone_candidate_is_judged_for_a_hint_not_for_play() -> None:
    state = worker_step().inner
    player = GAME.rules.to_move(state)
    playing = TurnSearchBot("meeple_war", candidates=1)
    assert playing.analyse(state, player, random.Random(0), Budget(iterations=8))[0][2] == 0
    hinting = TurnSearchBot("meeple_war", candidates=1)
    hinting.judge_alone = True
    assert hinting.analyse(state, player, random.Random(0), Budget(iterations=8))[0][2] == 8


def test_the_hint_search_does_not_change_the_bot_s_pick() -> None:
    state = worker_step()
    plays = TurnSearchBot("meeple_war", Budget(iterations=15), horizon=6)
    hints = TurnSearchBot("meeple_war", Budget(iterations=15), horizon=6)
    hints.judge_alone = True
    assert plays.act(state, random.Random(5)) == hints.act(state, random.Random(5))


def test_calibration_samples_only_positions_with_a_number() -> None:
    found = sample_game(Sampling("meeple_war", 2, "turns:5it,h2", "hard", 0.0, 3, 3, 5))
    assert found and all(p["visits"] > 0 and 0.0 <= p["value"] <= 1.0 for p in found)


def test_raw_estimates_are_the_hint_s_values() -> None:
    state = worker_step()
    raw = raw_estimates(state, 2, seed=4, budget=Budget(iterations=10))
    shown = hint(state, n=2, seed=4, budget=Budget(iterations=10))
    assert [(e.action, e.value) for e in raw] == [(e.action, e.value) for e in shown]
