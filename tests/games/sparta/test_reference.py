"""The engine against the independent reference model over whole seeded random games.

At every ply both must list the same legal actions, reach the same position text and decide the
same outcome; the model keeps the whole repetition history, the engine only what it needs.
"""

from __future__ import annotations

import random

import pytest

import meeples
from tests.games.sparta import reference
from tests.games.sparta.helpers import GAME


def outcome_letter(outcome: meeples.Outcome | None) -> str | None:
    if outcome is None:
        return None
    return "SN"[outcome.winners[0]] if outcome.winners else "draw"


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, {}), (6, {"heroes_conquer": False}), (7, {"first": 1})],
)
def test_reference_agrees_on_whole_random_games(seed: int, options: dict[str, object]) -> None:
    rng = random.Random(seed)
    state = GAME.new(**options)  # type: ignore[arg-type]
    model = reference.parse(state.position())
    plies = 0
    while True:
        assert sorted(state.legal()) == reference.legal_moves(model), plies
        assert outcome_letter(state.outcome) == model.result, plies
        if state.outcome is not None:
            break
        action = rng.choice(state.legal())
        state, model = state.play(action), reference.play(model, action)
        assert state.position() == reference.format_position(model), (plies, action)
        plies += 1
    assert plies > 50


def test_reference_agrees_on_repetition_across_a_conquest() -> None:
    text = "8ww/10/10/2w7/10/2H7/10/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 6/6 0 0"
    state, model = GAME.parse(text), reference.parse(text)
    for action in ["c5-c6", "c7-d7", "c6-b6", "d7-c6", "b6-c5", "c6-c7"] * 2:
        state, model = state.play(action), reference.play(model, action)
    assert model.result == "draw"
    assert outcome_letter(state.outcome) == model.result
