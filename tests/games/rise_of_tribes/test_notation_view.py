"""Notation (action grammar, position text round trip) and the hidden-information policy
(view.py: no deck order, no next event, no rng; goals face up; deck sizes shown)."""

from __future__ import annotations

import json
import random

import pytest

import meeples
from meeples.games.rise_of_tribes import data, notation, view
from meeples.games.rise_of_tribes.state import Phase
from tests.games.rise_of_tribes.helpers import B, S, play, turn

GAME = meeples.load("rise_of_tribes")


def random_state(players: int, seed: int, plies: int, **options: object) -> meeples.State:
    rng = random.Random(seed)
    state = GAME.new(players=players, seed=seed, **options)
    for _ in range(plies):
        if state.outcome:
            break
        state = state.play(rng.choice(state.legal()))
    return state


def test_notation_malformed_action_is_refused() -> None:
    for bad in ["grow X", "a-z", "goal D9", "village", "bid 0"]:
        with pytest.raises(meeples.IllegalAction):
            notation.parse_action(bad)


def test_notation_illegal_action_explained() -> None:
    state = GAME.new(players=2, seed=0)
    with pytest.raises(meeples.IllegalAction, match="place the starting tribe"):
        state.play("done")


def test_notation_describe_action_in_words() -> None:
    state = GAME.wrap(turn(members={"a": (1, 0)}, hand=(S, B)))
    assert state.describe("grow S") == "GROW with a die showing sun"


def test_position_text_round_trips_with_hidden_parts() -> None:
    state = random_state(3, 4, 150, leaders=True, elders=True, scenario_tiles=True)
    text = state.position()
    again = GAME.parse(text)
    assert again.inner == state.inner and "rng=" in text and "ev_deck=" in text


def test_position_text_bad_is_refused() -> None:
    text = GAME.new(players=2).position()
    with pytest.raises(meeples.BadPosition):
        GAME.parse(text.replace("n=2", "n=5"))
    with pytest.raises(meeples.BadPosition):
        GAME.parse(text + " extra=1")


def test_scenario_from_position_text() -> None:
    text = notation.format_state(turn(members={"a": (2, 0), "e": (0, 3)}, hand=(S, B)))
    state = GAME.parse(text).play("grow S").play("add a").play("add a").play("stop")
    assert state.inner.pop[0] == (4, 0) and state.inner.phase == Phase.ACT


def test_view_hides_deck_orders_next_event_and_rng() -> None:
    state = random_state(3, 1, 120)
    inner = state.inner
    for player in [0, 1, 2, None]:
        v = state.view(player)
        assert "rng" not in v["public"] and "decks" not in v["public"]
        assert "ev_deck" not in v["public"]
        text = json.dumps(v)
        assert str(inner.rng) not in text
        assert "position" not in v
        assert v["event_deck_size"] == len(inner.ev_deck)
        assert v["deck_sizes"] == [len(d) for d in inner.decks]


def test_view_shows_every_players_goals_face_up() -> None:
    state = random_state(4, 2, 200)
    v = state.view(0)
    for p in range(4):
        assert v["table"][p]["in_progress"] == [data.GOAL_IDS[c] for c in state.inner.progress[p]]
        assert v["table"][p]["completed"] == [data.GOAL_IDS[c] for c in state.inner.completed[p]]


def test_view_same_for_every_player_and_spectator() -> None:
    state = random_state(2, 3, 80)
    assert state.view(0) == {**state.view(1), "player": 0}
    assert state.view(None)["player"] is None


def test_sample_state_consistent_with_the_view() -> None:
    state = random_state(3, 5, 160, leaders=True)
    v = state.view(1)
    sample = view.sample_state(v, seed=9)
    assert view.view(sample, 1)["public"] == v["public"]
    assert [len(d) for d in sample.decks] == v["deck_sizes"]
    assert len(sample.ev_deck) == v["event_deck_size"]
    assert sorted(sample.ev_deck) == sorted(state.inner.ev_deck)
    assert all(sorted(a) == sorted(b) for a, b in zip(sample.decks, state.inner.decks,
                                                       strict=True))


def test_sample_state_does_not_copy_the_hidden_order() -> None:
    state = random_state(2, 6, 40)
    samples = {view.sample_state(state.view(0), seed=s).ev_deck for s in range(8)}
    assert len(samples) > 1


def test_scenario_game_plays_through_facade() -> None:
    state = GAME.wrap(turn(members={"a": (2, 0)}, hand=(S, B)))
    state = state.play("lead S")
    assert state.to_move == 0 and "grow B" in state.legal()
    assert play(state.inner, "grow B", "stop").phase == Phase.GOALS


def test_evaluate_in_unit_interval_and_prefers_points() -> None:
    from meeples.games.rise_of_tribes.evaluate import evaluate
    state = turn(members={"a": (2, 0), "e": (0, 2)}, score=(6, 2))
    assert 0.5 < evaluate(state, 0) <= 1 and 0 <= evaluate(state, 1) < 0.5
    final = random_state(2, 7, 5000).inner
    assert evaluate(final, final.winner) == 1.0
    assert evaluate(final, 1 - final.winner) == 0.0


def test_notation_illegal_goal_and_action_explained() -> None:
    from tests.games.rise_of_tribes.helpers import goals_step
    state = GAME.wrap(goals_step(members={"a": (1, 0)}, progress=((data.BOW,), ())))
    with pytest.raises(meeples.IllegalAction, match="Bow costs 2/0/1"):
        state.play("goal D1")
    with pytest.raises(meeples.IllegalAction, match="not one of your goals"):
        state.play("goal A3")
    acting = GAME.wrap(turn(members={"a": (1, 0)}, hand=(S, B), used=(data.GROW,)))
    with pytest.raises(meeples.IllegalAction, match="already took GROW"):
        acting.play("grow S")
    with pytest.raises(meeples.IllegalAction, match="no die showing M"):
        acting.play("move M")


def test_notation_describe_focused_effort() -> None:
    from meeples.games.rise_of_tribes.state import State
    from tests.games.rise_of_tribes.helpers import M
    inner: State = turn(members={"a": (1, 0)}, hand=(M, M), rows=((M, M, B),) * 4,
                        options={"leaders": True}, tribe=(data.KAHA, data.DABA))
    assert GAME.wrap(inner).describe("grow M!") == \
        "GROW with a die showing moon, with Focused Effort (default power)"
