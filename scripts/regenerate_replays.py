"""Regenerate the Sparta golden replays in tests/data/sparta/replays/.

Each file is a Meeples match record (``meeples-match/1``: game, players, seed, options,
actions) of a seeded random game, plus the final position text and the outcome, so it also
loads as a saved match (``meeples replay FILE``). The actions are chosen by
``random.Random(seed).choice(state.legal())``. ``tests/games/sparta/test_replays.py`` replays
each file and compares; after a deliberate rules change, run this and review the diff.

    .venv/bin/python scripts/regenerate_replays.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import meeples

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "sparta" / "replays"
#: name, seed, options
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("seed_1", 1, {}),
    ("seed_2", 2, {}),
    ("seed_3_north_first", 3, {"first": 1}),
    ("seed_4_warriors_conquer", 4, {"heroes_conquer": False}),
    ("seed_12_two_pieces_draw", 12, {}),
    ("seed_24_all_cities", 24, {}),
]


def play(seed: int, options: dict[str, Any]) -> meeples.State[Any, Any]:
    """Return the final state of the seeded random game."""
    rng = random.Random(seed)
    state = meeples.load("sparta").new(players=2, seed=seed, **options)
    while state.outcome is None:
        state = state.play(rng.choice(state.legal()))
    return state


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, seed, options in GAMES:
        state = play(seed, options)
        assert state.outcome is not None
        record = state.record().to_json()
        record["final_position"] = state.position()
        record["outcome"] = state.outcome.to_json()
        (OUT / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"{name}: {len(state.history)} actions, {state.outcome.reason}")


if __name__ == "__main__":
    main()
