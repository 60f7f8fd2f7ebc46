"""Move counts of every game against its perft table (``tests/data/<game>/perft.txt``, the format
of ``meeples.core.perft``): from each fixed position, the number of action sequences of 1, 2 and 3
actions, chance nodes expanded. The engine must reproduce every count of up to ENGINE_LIMIT
(larger ones: ``scripts/perft.py --game G --table``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeples
from meeples.core.perft import PerftRow, perft, read_table

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = meeples.game_names()
TABLES = {name: read_table(DATA / name / "perft.txt") for name in GAMES}
ROWS = [(name, row) for name in GAMES for row in TABLES[name]]
IDS = [f"{name}-{row.id}" for name, row in ROWS]
ENGINE_LIMIT = 4_000_000  # every count of the tables today


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_perft_table_with_depths_1_to_3(name: str) -> None:
    rows = TABLES[name]
    assert len(rows) >= 10
    assert len({row.id for row in rows}) == len(rows)
    for row in rows:
        assert {1, 2, 3} <= set(row.counts), row.id


@pytest.mark.parametrize("name", [n for n in GAMES if meeples.load(n).new(
    players=meeples.load(n).min_players, deal=False).is_chance])
def test_perft_table_expands_chance_nodes(name: str) -> None:
    game = meeples.load(name)
    assert any(game.parse(row.position).is_chance for row in TABLES[name])


@pytest.mark.parametrize(("name", "row"), ROWS, ids=IDS)
def test_perft_engine_matches_table(name: str, row: PerftRow) -> None:
    game = meeples.load(name)
    state = game.parse(row.position)
    assert state.position() == row.position
    for depth, expected in sorted(row.counts.items()):
        if expected <= ENGINE_LIMIT:
            assert perft(game.rules, state.inner, depth) == expected, (row.id, depth)
