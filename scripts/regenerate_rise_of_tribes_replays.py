"""Regenerate the Rise of Tribes golden replays in tests/data/rise_of_tribes/replays/ and the
position table tests/data/rise_of_tribes/positions.txt.

Each replay file is a seeded random game: players, seed, options, the action strings (from the
undealt start: the setup's chance outcomes first; every chance outcome drawn by the seed's
dealer, ``State.deal``), the final position text and the outcome. The position table holds
positions met in those games (every 60th ply) with their number of legal actions and the first
of them, one per line:
``id | position text | legal count | first legal action``. Review the diff after a rules change.

    .venv/bin/python scripts/regenerate_rise_of_tribes_replays.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import meeples

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "rise_of_tribes" / "replays"
GAMES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("base_2p", 2, 11, {}),
    ("base_3p", 3, 12, {}),
    ("base_4p", 4, 13, {}),
    ("advanced_3p", 3, 14, {"leaders": True, "elders": True, "scenario_tiles": True}),
    ("classic12_4p_leaders", 4, 15, {"events": "classic12", "leaders": True}),
]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    game = meeples.load("rise_of_tribes")
    table = []
    for name, players, seed, options in GAMES:
        rng = random.Random(seed)
        state = game.new(players=players, seed=seed, deal=False, **options)
        while state.outcome is None:
            if state.is_chance:
                state = state.deal()
                continue
            if len(state.history) % 60 == 30:
                legal = state.legal()
                table.append(f"{name}@{len(state.history)} | {state.position()} | "
                             f"{len(legal)} | {legal[0]}")
            state = state.play(rng.choice(state.legal()))
        record = {
            "players": players, "seed": seed, "options": options,
            "actions": list(state.history), "position": state.position(),
            "outcome": state.outcome.to_json(),
        }
        (OUT / f"{name}.json").write_text(json.dumps(record, indent=0) + "\n")
        print(f"{name}: {len(state.history)} actions, winners {state.outcome.winners}")
    (OUT.parent / "positions.txt").write_text("\n".join(table) + "\n")
    print(f"positions.txt: {len(table)} positions")


if __name__ == "__main__":
    main()
