"""Bots: legal answers, determinism under a fixed seed, tactics in tiny known positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeples
from meeples.ai import Budget, get_bot, hint, levels
from meeples.ai.alphabeta import AlphaBetaBot
from meeples.ai.ismcts import ISMCTSBot
from meeples.ai.levels import parse_budget
from meeples.ai.mcts import MCTSBot
from meeples.ai.model import model
from tests import hidden_cards
from tests.ai import fake_hidden

SPARTA = meeples.load("sparta")
#: South owns seven cities; the warrior on i4 takes the last one (i6) and wins at once.
LAST_CITY = (
    "w1w1w5/10/10/10/10/10/8W1/10/10/W1W1W5 S "
    "b5:S,d5:S,f5:S,h5:S,c6:S,e6:S,g6:S,i6:N 8/8 0 0"
)
SPECS = ["random", "heuristic", "lookahead", "mcts:60", "ismcts:60", "alphabeta:d1", "easy",
         "normal"]


def midgame() -> meeples.State:
    state = SPARTA.new()
    rng = random.Random(3)
    for _ in range(30):
        state = state.play(rng.choice(state.legal()))
    return state


@pytest.mark.parametrize("spec", SPECS)
def test_bot_returns_legal_action(spec: str) -> None:
    for state in (SPARTA.new(), midgame()):
        bot = get_bot("sparta", spec)
        legal = state.legal()
        assert bot.choose(state.view(state.to_move), legal, random.Random(1)) in legal


@pytest.mark.parametrize("spec", ["heuristic", "mcts:80", "alphabeta:d2"])
def test_bot_fixed_seed_is_deterministic(spec: str) -> None:
    state = midgame()
    picks = {
        get_bot("sparta", spec).choose(state.view(state.to_move), state.legal(), random.Random(7))
        for _ in range(3)
    }
    assert len(picks) == 1


@pytest.mark.parametrize("spec", ["heuristic", "lookahead", "mcts:300", "alphabeta:d2", "hard"])
def test_bot_win_in_one_found(spec: str) -> None:
    state = SPARTA.parse(LAST_CITY)
    bot = get_bot("sparta", spec)
    action = bot.choose(state.view(0), state.legal(), random.Random(0), Budget(depth=2))
    assert state.play(action).outcome.winners == (0,)


def test_mcts_win_in_one_with_random_rollouts() -> None:
    state = SPARTA.parse(LAST_CITY)
    bot = MCTSBot("sparta", Budget(iterations=300), rollout=8)
    assert bot.act(state, random.Random(0)) == "i4-i6"


def test_alphabeta_win_in_one_ranks_win_first() -> None:
    state = SPARTA.parse(LAST_CITY)
    bot = AlphaBetaBot("sparta", Budget(depth=3))
    ranked = bot.estimates(state.inner, random.Random(0))
    assert ranked[0].action == "i4-i6" and ranked[0].value == pytest.approx(1.0, abs=0.01)


def test_mcts_tree_reused_after_two_plies() -> None:
    state = SPARTA.new()
    bot = MCTSBot("sparta", Budget(iterations=400))
    rng = random.Random(0)
    first = bot.act(state, rng)
    root = bot._root
    assert root is not None
    child = root.children[SPARTA.rules.parse_action(first)]
    reply = max(child.children.items(), key=lambda item: item[1].visits)[0]
    again = state.play(first).play(SPARTA.rules.format_action(reply))
    kept = child.children[reply]
    bot.act(again, rng)
    assert bot._root is kept


def test_ismcts_decides_from_the_view_only() -> None:
    # The true state holds card 0, but the view's clue excludes 0 and 1: a bot reading the
    # true state would guess 0; one that only samples from the view guesses 2.
    fake_hidden.SAMPLED_FROM.clear()
    state = fake_hidden.GAME.new()
    bot = ISMCTSBot(fake_hidden.MODEL, Budget(iterations=50))
    assert bot.act(state, random.Random(0)) == "card2"
    assert fake_hidden.SAMPLED_FROM
    assert all(view == state.view(0) for view in fake_hidden.SAMPLED_FROM)


def test_ismcts_samples_a_state_each_iteration() -> None:
    fake_hidden.SAMPLED_FROM.clear()
    view = {"player": 0, "excluded": [1], "to_move": 0}
    bot = ISMCTSBot(fake_hidden.MODEL, Budget(iterations=40))
    assert bot.choose(view, ["card0", "card1", "card2"], random.Random(0)) in ("card0", "card2")
    assert len(fake_hidden.SAMPLED_FROM) == 40


def test_levels_every_game_has_three() -> None:
    for name in meeples.game_names():
        assert list(levels(name)) == ["easy", "normal", "hard"]


def test_get_bot_unknown_kind_raises() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("sparta", "genius")


def test_parse_budget_reads_parts() -> None:
    assert parse_budget("d4,3s") == Budget(seconds=3.0, depth=4)
    assert parse_budget("800") == Budget(iterations=800)


def test_hint_three_best_distinct_legal() -> None:
    state = SPARTA.parse(LAST_CITY)
    found = hint(state, n=3)
    assert len(found) == 3
    assert found[0].action == "i4-i6"
    assert len({e.action for e in found}) == 3
    assert all(e.action in state.legal() for e in found)
    assert found[0].value >= found[1].value >= found[2].value


def test_hint_finished_game_is_empty() -> None:
    state = SPARTA.parse(LAST_CITY).play("i4-i6")
    assert hint(state) == []


class ViewOnly:
    """A facade state stripped to what a seat may know: its view and its legal actions."""

    def __init__(self, state: meeples.State) -> None:
        self._view = state.view(state.to_move)
        self._legal = state.legal()
        self.to_move = state.to_move

    def view(self, player: int | None) -> dict:
        assert player == self.to_move
        return self._view

    def legal(self) -> list[str]:
        return self._legal


#: Games with private information: none of ours since chance is explicit (issue 13), so the toy
#: game of tests/hidden_cards.py, registered for each of these tests (its fixture).
HIDDEN = [*(g for g in meeples.game_names() if model(g).hidden), hidden_cards.NAME]


@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_hidden_game_needs_only_the_view(name: str, with_hidden_cards: Any) -> None:
    game = meeples.load(name)
    state = game.new(players=3, seed=5)
    rng = random.Random(2)
    while len(state.legal()) < 2:
        state = state.play(rng.choice(state.legal()))
    bot = get_bot(name, "ismcts:12")
    assert isinstance(bot, ISMCTSBot)
    assert bot.act(ViewOnly(state), random.Random(0)) in state.legal()  # type: ignore[arg-type]


def test_get_bot_mcts_tuning_parts() -> None:
    bot = get_bot("sparta", "mcts:200,c0.3,r5")
    assert isinstance(bot, MCTSBot)
    assert (bot.exploration, bot.rollout, bot.budget) == (0.3, 5, Budget(iterations=200))


def test_get_bot_tuning_refused_for_alphabeta() -> None:
    with pytest.raises(ValueError, match="only mcts"):
        get_bot("sparta", "alphabeta:d2,c0.3")


@pytest.mark.parametrize("name", [g for g in ("meeple_war", "rise_of_tribes")
                                  if g in meeples.game_names()])
def test_lookahead_hidden_game_returns_legal_action(name: str) -> None:
    state = meeples.load(name).new(players=2, seed=1)
    rng = random.Random(4)
    for _ in range(20):
        if state.outcome is not None:
            break
        action = get_bot(name, "lookahead").choose(state.view(state.to_move), state.legal(), rng)
        assert action in state.legal()
        state = state.play(action).settle()  # chance, where there is some, by the dealer


@pytest.mark.parametrize("name", meeples.game_names())
def test_level_specs_parse_to_the_same_bot(name: str) -> None:
    for level, entry in levels(name).items():
        named, again = get_bot(name, level), get_bot(name, entry.spec())
        assert type(named) is type(again)
        assert getattr(named, "budget", None) == getattr(again, "budget", None)


@pytest.mark.parametrize("spec", ["random", "heuristic", "lookahead", "ismcts:40", "easy",
                                  "normal", "hard"])
def test_bots_play_a_hidden_game_from_their_seat_s_view(spec: str, with_hidden_cards: Any) -> None:
    # every seat's view hides the others' cards and the stock: the bot sees only its own card
    game = meeples.load(hidden_cards.NAME)
    for seed in range(3):
        state = game.new(players=3, seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            bot = get_bot(hidden_cards.NAME, spec)
            action = bot.choose(state.view(state.to_move), state.legal(), rng)
            assert action in state.legal()
            state = state.play(action)


def test_ismcts_samples_the_hidden_cards_from_the_view(with_hidden_cards: Any) -> None:
    # seat 0 holds the 5, the best card: a bot that reads its view keeps it
    game = meeples.load(hidden_cards.NAME)
    state = game.parse("5,0,1 2,3,4 0")
    bot = get_bot(hidden_cards.NAME, "ismcts:200")
    assert bot.choose(state.view(0), state.legal(), random.Random(0)) == "keep"
    low = game.parse("0,5,1 2,3,4 0")  # with the 0, any swap is better
    assert bot.choose(low.view(0), low.legal(), random.Random(0)) == "swap"
