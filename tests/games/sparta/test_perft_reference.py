"""Move counts: the independent reference model (``reference.py``, Sparta's slow twin) against
the perft table in tests/data/sparta/perft.txt (the engine against the same table:
tests/core/test_perft.py, with every game's). The model must reproduce every depth-2 count, the
depth-3 counts of the small positions, and, below every row's first action, the same legal
actions and the same resulting positions as the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import meeples
from meeples.core.perft import read_table
from tests.games.sparta import reference

TABLE = Path(__file__).resolve().parents[2] / "data" / "sparta" / "perft.txt"
REFERENCE_DEPTH_3 = {"blocked-south-must-pass", "blocked-south-promotes-in-place", "last-city",
                     "last-city-warriors-conquer"}
GAME = meeples.load("sparta")
ROWS = [(row.id, row.position, row.counts) for row in read_table(TABLE)]
IDS = [row[0] for row in ROWS]


def test_perft_table_has_the_opening_118() -> None:
    rows = {key: (text, counts) for key, text, counts in ROWS}
    text, counts = rows["opening"]
    assert text == GAME.new().position()
    assert counts[1] == 118


@pytest.mark.parametrize(("key", "text", "counts"), ROWS, ids=IDS)
def test_perft_reference_matches_table(key: str, text: str, counts: dict[int, int]) -> None:
    model = reference.parse(text)
    assert reference.format_position(model) == text
    depths = [d for d in counts if d <= 2 or (d == 3 and key in REFERENCE_DEPTH_3)]
    for depth in sorted(depths):
        assert reference.perft(model, depth) == counts[depth], (key, depth)


def outcome_letter(outcome: meeples.Outcome | None) -> str | None:
    if outcome is None:
        return None
    return "SN"[outcome.winners[0]] if outcome.winners else "draw"


@pytest.mark.parametrize(("key", "text", "counts"), ROWS, ids=IDS)
def test_perft_reference_agrees_on_every_child(key: str, text: str, counts: dict[int, int]) -> None:
    state = GAME.parse(text)
    model = reference.parse(text)
    assert sorted(state.legal()) == reference.legal_moves(model)
    for action in state.legal():
        child, model_child = state.play(action), reference.play(model, action)
        assert child.position() == reference.format_position(model_child), action
        assert outcome_letter(child.outcome) == model_child.result, action
        assert sorted(child.legal()) == reference.legal_moves(model_child), action
