"""Meeple War bots: legal answers at every level, the attacking bot, and the evaluation."""

from __future__ import annotations

import dataclasses
import random

import pytest

import meeples
from meeples.ai import Budget, get_bot
from meeples.ai.levels import levels
from meeples.ai.meeple_war_attack import AttackBot, attack_points, move_score
from meeples.ai.meeple_war_turns import TurnSearchBot
from meeples.games.meeple_war import board, work
from meeples.games.meeple_war.evaluate import evaluate
from tests.games.meeple_war.scenario import position

VS = ["VS", True, "S", []]

GAME = meeples.load("meeple_war")


def played(plies: int, seed: int = 4) -> meeples.State:
    state = GAME.new(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal())).settle()  # chance by the game's dealer
    return state


@pytest.mark.parametrize("spec", ["easy", "normal", "hard", "attack"])
def test_level_returns_legal_action(spec: str) -> None:
    bot = get_bot("meeple_war", spec)
    small = Budget(iterations=12)  # hard searches: an iteration count keeps the test fast
    for state in (GAME.new(players=2, seed=1), played(40), played(90)):
        legal = state.legal()
        assert bot.choose(state.view(state.to_move), legal, random.Random(2), small) in legal


def test_attack_bot_refuses_other_games() -> None:
    with pytest.raises(ValueError):
        AttackBot("sparta")


def test_attack_entering_a_village_beats_marching() -> None:
    state = played(0).inner
    targets = attack_points(state)
    village = work.Work(state).village
    target = min(targets)
    inside = next(h for h in board.within(target, 1) if h in village)
    outside = next(h for h in board.within(target, 1) if h not in village and h != target)
    name = board.hex_name
    march = move_score(state, f"{name(outside)}>{name(target)}:1", targets, village)
    enter = move_score(state, f"{name(target)}>{name(inside)}:1", targets, village)
    assert enter > march


def test_evaluate_prefers_more_victory_points() -> None:
    state = played(60).inner
    seats = list(state.seats)
    seats[0] = dataclasses.replace(seats[0], mountain=seats[0].mountain + 2)
    better = dataclasses.replace(state, seats=tuple(seats))
    assert evaluate(better, 0) > evaluate(state, 0)
    assert evaluate(better, 1) < evaluate(state, 1)


def test_attack_spec_greedy_share() -> None:
    bot = get_bot("meeple_war", "attack:g0.3")
    assert isinstance(bot, AttackBot) and bot.greedy == 0.3


def test_greedy_share_refused_for_other_kinds() -> None:
    with pytest.raises(ValueError, match="only attack"):
        get_bot("meeple_war", "heuristic:g0.3")


def test_attack_spec_blunder_share() -> None:
    bot = get_bot("meeple_war", "attack:b0.2")
    assert isinstance(bot, AttackBot) and bot.blunder == 0.2


def test_attack_full_blunder_plays_random_legal_actions() -> None:
    state = played(40)
    legal = state.legal()
    bot = AttackBot("meeple_war", blunder=1.0)
    picks = {bot.choose(state.view(state.to_move), legal, random.Random(s)) for s in range(12)}
    assert picks <= set(legal) and len(picks) > 1


def test_levels_blunder_less_from_easy_to_hard() -> None:
    easy, normal, hard = (get_bot("meeple_war", level) for level in ("easy", "normal", "hard"))
    assert isinstance(easy, AttackBot) and isinstance(normal, AttackBot)
    assert isinstance(hard, TurnSearchBot)  # hard searches over the unblundering policy
    assert easy.blunder > normal.blunder > hard.policy.blunder == 0.0


def test_hard_level_searches_under_its_time_cap() -> None:
    level = levels("meeple_war")["hard"]
    assert level.kind == "turns"
    assert level.budget.seconds is not None and level.budget.seconds < 5.0


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_level_spec_names_the_same_bot(level: str) -> None:
    spec = levels("meeple_war")[level].spec()
    named, again = get_bot("meeple_war", level), get_bot("meeple_war", spec)
    assert isinstance(named, AttackBot) and isinstance(again, AttackBot)
    assert (named.greedy, named.blunder) == (again.greedy, again.blunder)


def test_hard_spec_names_the_same_bot() -> None:
    spec = levels("meeple_war")["hard"].spec()
    named, again = get_bot("meeple_war", "hard"), get_bot("meeple_war", spec)
    assert isinstance(named, TurnSearchBot) and isinstance(again, TurnSearchBot)
    assert (named.budget, named.horizon) == (again.budget, again.horizon)


def test_turns_spec_options() -> None:
    bot = get_bot("meeple_war", "turns:50,h4,c0.3")
    assert isinstance(bot, TurnSearchBot)
    assert (bot.budget, bot.horizon, bot.exploration) == (Budget(iterations=50), 4, 0.3)


def test_horizon_refused_for_other_kinds() -> None:
    with pytest.raises(ValueError, match="only turns"):
        get_bot("meeple_war", "mcts:50,h4")


def winning_move() -> meeples.State:
    # player 0 has 3 VP; one meeple entering the Pilot School's last defense space destroys
    # it and scores its 3 defenders: 6 VP, the game is won this turn
    return position(troops=(("-1,1", 0, 1),),
                    seats={1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None],
                               "available": ["AB", "AC", "CA", "EG", "FA", "LG", "MA", "UN"]},
                           0: {"stock": 4, "mountain": 3}})


def test_turns_finds_the_winning_turn() -> None:
    state = winning_move()
    bot = TurnSearchBot("meeple_war", Budget(iterations=40), horizon=6)
    ranked = bot.estimates(state.inner, random.Random(3))
    assert ranked[0].action == "-1,1>-2,2:1" and ranked[0].value == 1.0
    assert state.play(ranked[0].action).outcome.winners == (0,)


def test_turns_follows_its_plan_without_searching_again() -> None:
    state = played(20)
    while state.inner.step != "worker" or len(state.legal()) < 2:
        state = state.play(AttackBot("meeple_war").act(state, random.Random(0))).settle()
    bot = TurnSearchBot("meeple_war", Budget(iterations=30), horizon=4)
    rng = random.Random(1)
    first = bot.act(state, rng)
    assert bot.last_iterations == 30 and first in state.legal()
    after = state.play(first).settle()
    assert after.to_move == state.to_move and not after.is_chance  # the turn goes on
    bot.last_iterations = 0
    assert bot.act(after, rng) in after.legal()
    assert bot.last_iterations == 0  # the kept plan answered


def test_turns_rollout_at_horizon_zero_is_the_evaluation() -> None:
    state = played(60).inner
    bot = TurnSearchBot("meeple_war", horizon=0)
    assert bot.rollout(state, random.Random(0)) == bot.model.values(state)
    assert sum(bot.rollout(state, random.Random(0))) == pytest.approx(1.0)


def test_turns_fixed_seed_is_deterministic() -> None:
    state = played(40)
    picks = {TurnSearchBot("meeple_war", Budget(iterations=20), horizon=4)
             .act(state, random.Random(9)) for _ in range(2)}
    assert len(picks) == 1


def test_mcts_draws_chance_nodes_by_their_probabilities() -> None:
    # issue 13: at a chance node MCTS samples the outcome by its probability (no choice there)
    from fractions import Fraction

    from meeples.ai.mcts import MCTSBot
    from meeples.core.chance import CHANCE
    from tests.games.meeple_war.scenario import position

    state = position(step="explore", explore=[["1,0", ["0,0"]], ["-1,0", ["0,0"]]],
                     troops=(("1,0", 0, 1), ("-1,0", 0, 1)),
                     pile=["T35", "T19", "T15", "T14"])
    bot = MCTSBot("meeple_war", Budget(iterations=800), reuse=True)
    bot.analyse(state.inner, 0, random.Random(5), Budget(iterations=800))
    root = bot._root
    assert root is not None
    chance = root.children["explore@1,0"]
    assert chance.mover == CHANCE
    outcomes = dict(GAME.wrap(chance.state).chance_outcomes())
    assert set(chance.children) == set(outcomes)
    for action, node in chance.children.items():
        share = Fraction(node.visits, chance.visits - 1)
        assert abs(share - outcomes[action]) < Fraction(1, 10), action


def test_search_bots_of_meeple_war_need_no_sampler() -> None:
    # nothing is hidden: ismcts falls back to MCTS, which searches the public position
    from meeples.ai.mcts import MCTSBot

    bot = get_bot("meeple_war", "ismcts:30")
    assert type(bot) is MCTSBot
    state = played(40)
    assert bot.choose(state.view(state.to_move), state.legal(), random.Random(1)) in state.legal()


@pytest.mark.parametrize(("seat", "exit_"), [
    ({"stock": 8, "depot": 0}, "w2>L1"),  # a free slot and buildings left: construction
    ({"stock": 8, "depot": 0, "available": []}, "w2>L2"),  # nothing to build, none to deploy
    ({"stock": 6, "depot": 2, "available": []}, "w2>L3"),  # meeples wait in the depot
])
def test_worker_rule_goes_where_the_seat_can_act(seat: dict[str, object], exit_: str) -> None:
    # the Village Square's worker: L1 construction, L2 assembly 2, L3 deployment 2
    state = position(step="worker", workers=[1], seats={0: seat})
    bot = AttackBot("meeple_war", workers=1)
    assert bot.act(state, random.Random(0)) == exit_


def test_attack_spec_workers_rule() -> None:
    bot = get_bot("meeple_war", "attack:w1,b0.1")
    assert isinstance(bot, AttackBot) and bot.workers and bot.blunder == 0.1
    assert not get_bot("meeple_war", "attack").workers  # the former hard keeps its choice


def test_a_games_own_bot_kinds_seat_for_that_game_only() -> None:
    """Meeple War declares its bots (Capabilities.bots): ``attack`` and ``turns`` seat there,
    and another game refuses them, saying which game plays them."""
    from meeples.ai.levels import kinds

    assert {"attack", "turns"} <= set(kinds("meeple_war"))
    assert not {"attack", "turns"} & set(kinds("sparta"))
    assert isinstance(get_bot("meeple_war", "attack:b0.2"), AttackBot)
    with pytest.raises(ValueError, match="the attack bot plays Meeple War only"):
        get_bot("sparta", "attack")
    with pytest.raises(ValueError, match="unknown bot 'genius'.*mcts"):
        get_bot("sparta", "genius")
