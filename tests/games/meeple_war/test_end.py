"""Rulebook "Object of the Game" and "End of the Game": 6 VP, ranking and tie-breaks; sheet
A10, D18, and the designed round limit (data.MAX_ROUNDS)."""

from __future__ import annotations

from meeples.games.meeple_war.data import MAX_ROUNDS
from tests.games.meeple_war.scenario import position

VS = ["VS", True, "S", []]


def attack(seats: dict, troops=(("-1,1", 0, 1),), **kw):  # noqa: ANN001, ANN003, ANN201
    return position(troops=troops, seats=seats, **kw).play("-1,1>-2,2:1")


def test_end_at_six_victory_points_during_the_turn() -> None:
    after = attack({0: {"mountain": 3, "stock": 4},
                    1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None]}})
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert after.legal() == []
    assert after.to_move is None


def test_end_at_six_victory_points_from_a_state_the_rules_made() -> None:
    """The same siege from a state a working copy froze (as in play, not a parsed one): the VP
    scored by the defenders going up are seen at once."""
    from meeples.games.meeple_war import RULES
    from meeples.games.meeple_war.work import Work

    state = position(troops=(("-1,1", 0, 1),),
                     seats={0: {"mountain": 3, "stock": 4},
                            1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None]}})
    made = Work(state.inner).freeze()
    after = RULES.apply(made, "-1,1>-2,2:1")
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (0,)


def test_end_tower_vp_count_for_the_active_player() -> None:
    state = position(step="move", active=1, troops=(("0,0", 0, 2),),
                     seats={0: {"mountain": 4, "stock": 4}})
    after = state.play("done")
    while after.outcome is None and after.inner.active == 1:
        after = after.play("done")
    assert after.outcome is not None and after.outcome.winners == (0,)


def test_end_not_before_six() -> None:
    after = attack({0: {"mountain": 2, "stock": 5},
                    1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None]}})
    assert after.outcome is None


def three_player_siege(**kw):  # noqa: ANN003, ANN201
    """Player 0 fills player 2's Military Academy where player 1 has 3 meeples (A9)."""
    seats = {0: {"mountain": 4, "stock": 3},
             1: {"mountain": 4, "stock": 3},
             2: {"slots": [["MA", True, "a", [0, 1, 1, 1]], VS, None, None]}}
    state = position(players=3, troops=(("0,-2", 0, 1),), seats=seats, **kw)
    return state.play("0,-2>0,-3:1")


def test_end_most_vp_wins_even_if_another_player_triggered_it() -> None:
    after = three_player_siege()
    assert after.outcome is not None
    assert after.outcome.winners == (1,)
    assert after.outcome.ranking == ((1,), (0,), (2,))


def test_end_first_to_6_wins_option() -> None:
    after = three_player_siege(options={"first_to_6_wins": True})
    assert after.outcome is not None and after.outcome.winners == (0,)


def test_end_tie_broken_by_bravery() -> None:
    after = attack({0: {"mountain": 3, "stock": 4, "ladder": 2},
                    1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None],
                        "mountain": 6, "stock": 4, "ladder": 3}})
    assert after.outcome is not None
    assert after.outcome.ranking == ((1,), (0,))


def test_end_second_tie_broken_by_meeples_on_the_map() -> None:
    after = attack({0: {"mountain": 3, "stock": 3, "ladder": 3},
                    1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None],
                        "mountain": 6, "stock": 4, "ladder": 3}},
                   troops=(("-1,1", 0, 1), ("0,0", 0, 1)))
    assert after.outcome is not None
    assert after.outcome.ranking == ((0,), (1,))


def test_end_full_tie_shares_the_win() -> None:
    after = attack({0: {"mountain": 3, "stock": 4, "ladder": 3},
                    1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None],
                        "mountain": 6, "stock": 4, "ladder": 3}})
    assert after.outcome is not None
    assert after.outcome.winners == (0, 1)


def test_end_designed_round_limit() -> None:
    state = position(step="move", turn=MAX_ROUNDS * 2, active=1)
    after = state.play("done")
    while after.outcome is None:
        after = after.play("done")
    assert after.outcome.reason.startswith("round limit")


def test_end_six_vp_reachable_by_a_simple_attacking_policy() -> None:
    # Random play rarely reaches 6 VP before the round limit; a few rules of thumb (attack
    # enemy buildings, march toward them, build and deploy) must, or VP are broken somewhere.
    import importlib.util
    import random
    from pathlib import Path

    from meeples.games.meeple_war import RULES, rules

    path = Path(__file__).resolve().parents[3] / "scripts" / "meeple_war_vp_sources.py"
    spec = importlib.util.spec_from_file_location("meeple_war_vp_sources", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for players in (2, 3, 4):
        state = RULES.initial_state(players, 1, {})
        rng = random.Random(1)
        while not state.result:
            legal = rules.legal_actions(state)
            state = RULES.apply(state, script.greedy_policy(state, legal, rng))
        assert state.result[2] == "6 victory points"
        assert state.turn < 30 * players


def test_round_limit_ending_counts_as_a_limit_with_its_rounds() -> None:
    state = position(step="move", turn=MAX_ROUNDS * 2, active=1)
    assert state.rounds() == MAX_ROUNDS and not state.ended_at_limit()
    after = state.play("done")
    while after.outcome is None:
        after = after.play("done")
    assert after.ended_at_limit()
    assert after.rounds() == MAX_ROUNDS


def test_six_victory_points_is_not_a_limit_ending() -> None:
    after = attack({0: {"mountain": 3, "stock": 4},
                    1: {"slots": [["PS", True, "a", [0, 0]], VS, None, None]}})
    assert after.outcome is not None and not after.ended_at_limit()


def test_end_no_game_goes_on_with_six_victory_points() -> None:
    """A10 after every action of seeded random games, chance drawn by its odds: the end is
    checked wherever VP rose (a working copy that changed no VP skips the check)."""
    import random

    from meeples.core.chance import CHANCE
    from meeples.games.meeple_war import RULES

    ended_by_vp = 0
    for seed in range(24):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = RULES.initial_state(players, seed, {})
        while RULES.outcome(state) is None:
            best = max(s.mountain + s.extra_vp + (state.temp_vp if p == state.active else 0)
                       for p, s in enumerate(state.seats))
            assert best < 6, RULES.format_state(state)
            if RULES.to_move(state) == CHANCE:
                action = RULES.sample_chance(state, rng)
            else:
                legal = RULES.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = RULES.apply(state, action)
        outcome = RULES.outcome(state)
        assert outcome is not None
        if outcome.message.key == "mw.end.vp":
            ended_by_vp += 1
    assert ended_by_vp > 0
