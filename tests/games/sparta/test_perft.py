"""Move counts: the engine against the table in tests/data/sparta/perft.txt and the slow model.

The engine must reproduce every count of the table up to a size that keeps the suite fast
(the larger depth-3 counts are checked by ``scripts/perft.py --table``). The independent
reference model (``reference.py``) must reproduce every depth-2 count, the depth-3 counts of
the small positions, and, below every row's first action, the same legal actions and the same
resulting positions as the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import meeples
from tests.games.sparta import reference

TABLE = Path(__file__).resolve().parents[2] / "data" / "sparta" / "perft.txt"
ENGINE_LIMIT = 4_000_000  # every count of the table today; larger ones: scripts/perft.py --table
REFERENCE_DEPTH_3 = {"blocked-south-must-pass", "blocked-south-promotes-in-place", "last-city",
                     "last-city-warriors-conquer"}
GAME = meeples.load("sparta")


def read_table() -> list[tuple[str, str, dict[int, int]]]:
    rows: list[tuple[str, str, dict[int, int]]] = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            rows.append((value, "", {}))
        elif key == "position":
            rows[-1] = (rows[-1][0], value, rows[-1][2])
        else:
            assert key == "perft", line
            depth, count = value.split()
            rows[-1][2][int(depth)] = int(count)
    return rows


ROWS = read_table()
IDS = [row[0] for row in ROWS]


def perft(rules: Any, state: Any, depth: int) -> int:
    if depth == 1:
        return len(rules.legal_actions(state))
    return sum(perft(rules, rules.apply(state, a), depth - 1) for a in rules.legal_actions(state))


def test_perft_table_has_the_opening_118() -> None:
    rows = {key: (text, counts) for key, text, counts in ROWS}
    text, counts = rows["opening"]
    assert text == GAME.new().position()
    assert counts[1] == 118


def test_perft_table_rows_have_depth_2_and_3() -> None:
    assert len(ROWS) >= 10
    for key, _, counts in ROWS:
        assert {2, 3} <= set(counts), key


@pytest.mark.parametrize(("key", "text", "counts"), ROWS, ids=IDS)
def test_perft_engine_matches_table(key: str, text: str, counts: dict[int, int]) -> None:
    state = GAME.parse(text)
    assert state.position() == text
    for depth, expected in sorted(counts.items()):
        if expected <= ENGINE_LIMIT:
            assert perft(GAME.rules, state.inner, depth) == expected, (key, depth)


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
