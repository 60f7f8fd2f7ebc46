"""Regenerate the Meeple War golden replays in tests/data/meeple_war/replays/.

    .venv/bin/python scripts/regenerate_meeple_war_replays.py

Each replay is a seeded random game (setup, seed, options, every action string, chance's
outcomes drawn by the seed's dealer) with its final position text and outcome. The test replays
the actions and expects the identical final state: any rule change that alters a game shows up
as a diff of these files in review. For each setup the first seed whose game ends by victory
points is kept (seed 0 if none within 40 tries).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import meeples

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "meeple_war" / "replays"

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("2p_full", 2, {}),
    ("3p_quickstart", 3, {"quickstart": True}),
    ("4p_full", 4, {}),
    ("4p_quickstart_french", 4, {"quickstart": True, "setup_tiles_9": True,
                                 "cavern_range_exactly_2": True, "altar_once_per_player": True,
                                 "reinforce_gate_only_if_none": True}),
]


def random_game(players: int, seed: int, options: dict[str, Any]) -> meeples.State[Any, Any]:
    game = meeples.load("meeple_war")
    rng = random.Random(seed)
    state = game.new(players=players, seed=seed, **options)
    while state.outcome is None:
        state = state.deal() if state.is_chance else state.play(rng.choice(state.legal()))
    return state


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, players, options in SETUPS:
        chosen = None
        for seed in range(40):
            state = random_game(players, seed, options)
            assert state.outcome is not None
            if "victory" in state.outcome.reason:
                chosen = state
                break
        if chosen is None:
            chosen = random_game(players, 0, options)
        record = chosen.record().to_json()
        assert chosen.outcome is not None
        record["final_position"] = chosen.position()
        record["outcome"] = chosen.outcome.to_json()
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(record, indent=0) + "\n", encoding="utf-8")
        print(f"{path.name}: seed {record['seed']}, {len(record['actions'])} actions, "
              f"{chosen.outcome.reason}")


if __name__ == "__main__":
    main()
