"""anytime_skip: the action that declines a decision asked only because an optional power or
development may be used (Cunning, Evasion, Bow, Trader), and None for every other decision,
including those of powers that cannot be refused (Light in the Dark, Basketry, Dreamtime)."""

from __future__ import annotations

import pytest

from meeples.core.text import render
from meeples.games.rise_of_tribes import data
from meeples.games.rise_of_tribes.state import Phase, State
from tests.games.rise_of_tribes.games import GAME, GAMES, states
from tests.games.rise_of_tribes.helpers import (
    B,
    M,
    S,
    full_decks,
    goals_step,
    legal,
    play,
    turn,
)

LEAD = {"leaders": True}


def skip(state: State) -> str | None:
    return GAME.rules.anytime_skip(state)


def test_anytime_skip_cunning_keeps_the_roll() -> None:
    state = goals_step(active=1, members={"a": (1, 0), "i": (0, 1)}, options=LEAD,
                       tribe=(data.DANANU, 0))
    state = play(state, "done", "roll S", "roll B")
    assert state.phase == Phase.REROLL and skip(state) == "keep"
    assert str(GAME.rules.describe_action(state, "keep")) == "keep the roll"
    assert str(GAME.rules.prompt(state)) == \
        "player 1: keep the roll or reroll one die (Cunning)"
    assert play(state, "keep").phase != Phase.REROLL


def test_anytime_skip_evasion_stays_on_another_players_turn() -> None:
    state = turn(options=LEAD, tribe=(0, data.KIROR), members={"e": (4, 3)}, hand=(S,),
                 used=(data.GROW,))
    state = play(state, "lead S")
    assert state.phase == Phase.EVADE and state.decider == 1 and state.active == 0
    assert skip(state) == "stay"
    state = play(state, "evade e-b")
    assert state.phase == Phase.EVADE and skip(state) == "stay"  # the second member


def test_anytime_skip_bow_passes() -> None:
    state = turn(members={"e": (3, 3)}, hand=(S,), used=(data.GROW,),
                 completed=((data.BOW,), ()))
    state = play(state, "lead S")
    assert state.phase == Phase.BOW and skip(state) == "pass"
    assert str(GAME.rules.describe_action(state, "pass")) == "pass: no Bow shot"


def test_anytime_skip_trader_keeps_but_basketry_cannot_be_refused() -> None:
    state = turn(options=LEAD, tribe=(data.DABA, data.DANANU), members={"a": (1, 0)},
                 hand=(B, S), completed=((data.BASKETRY,), ()))
    state = play(state, "gather B", "a=ww")
    assert state.phase == Phase.BONUS and legal(state) == ["basket w"]
    assert skip(state) is None  # Basketry: a free resource, no refusal
    state = play(state, "basket w")
    assert state.phase == Phase.BONUS and "keep" in legal(state) and skip(state) == "keep"
    assert str(GAME.rules.describe_action(state, "keep")) == \
        "keep the resources gathered (no Trader exchange)"


def test_anytime_skip_none_for_light_in_the_dark_and_dreamtime() -> None:
    moon_rows = ((M, M, B),) * 4
    light = play(turn(options=LEAD, tribe=(data.TUNGA, 0), members={"a": (1, 0)}, hand=(M, B),
                      rows=moon_rows), "lead M")
    assert light.phase == Phase.LIGHT and skip(light) is None
    dream = play(turn(options=LEAD, tribe=(data.KIAKIA, 0), members={"a": (1, 0)},
                      hand=(B, S), decks=full_decks()),
                 "lead B", "cards D1 D3 D4")
    assert dream.phase == Phase.DREAM and skip(dream) is None


def test_anytime_skip_none_when_pottery_or_elder_only_join_a_decision() -> None:
    # Pottery and the elder are offered beside the dice and the goals: those decisions exist
    # anyway, so nothing is skipped.
    state = turn(n=3, members={"a": (1, 0, 0)}, hand=(S, B), completed=((data.POTTERY,), (), ()),
                 res=((2, 0, 0), (0, 0, 0), (0, 0, 0)))
    assert any(a.startswith("pottery") for a in legal(state)) and skip(state) is None
    assert skip(goals_step(members={"a": (1, 0)})) is None


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_anytime_skip_is_legal_and_only_where_a_power_asks(
        players: int, seed: int, options: str) -> None:
    for state in states(players, seed, options):
        action = state.anytime_skip()
        if action is None:
            continue
        inner = state.inner
        assert action in state.legal()
        assert inner.phase in (Phase.REROLL, Phase.EVADE, Phase.BOW, Phase.BONUS)
        assert render(state.describe_message(action))


def test_anytime_skip_none_when_the_game_is_over() -> None:
    *_, last = states(2, 40, "base")
    assert last.outcome is not None and last.anytime_skip() is None
