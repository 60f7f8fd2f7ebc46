"""Regenerate the golden playthroughs of every game in tests/data/<game>/playthroughs/.

    .venv/bin/python scripts/regenerate_playthroughs.py            # write every file
    .venv/bin/python scripts/regenerate_playthroughs.py --check    # compare, write nothing
    .venv/bin/python scripts/regenerate_playthroughs.py --game sparta

A playthrough is one seeded random game, from its undealt start to its end: each player's
action is ``random.Random(seed).choice(state.legal())``, each chance outcome the draw of the
seed's dealer (``state.deal()``). Its file is the match record (``meeples-match/2``: it loads as
a saved match, ``meeples replay FILE``) with three more keys:

- ``final_position``: the position text at the end, and ``outcome``: how the game ended;
- ``checkpoints``: at every 60th action from the 30th (at a player's decision; a chance node
  there is passed over), ``{"ply", "position", "legal", "first"}``: the position text, the
  number of legal actions and the first of them.

``tests/core/test_playthroughs.py`` replays every file and checks all of it. After a deliberate
rules change, run this, review the diff, and bump the game's rules version
(docs/notation.md, "Rules versions").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import meeples

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
CHECKPOINT_EVERY, CHECKPOINT_FIRST = 60, 30
FRENCH = {"setup_tiles_9": True, "cavern_range_exactly_2": True, "altar_once_per_player": True,
          "reinforce_gate_only_if_none": True}

#: Meeple War's files made before the quick start's setup became an option (issue 24): their
#: records name no ``quickstart_setup`` and replay with the rulebook's (``Option.before``), so
#: they are played with it, and written without it (see ``playthrough``).
RULEBOOK_QUICKSTART = {"quickstart_setup": "rulebook"}
#: The first seed of 0-39 whose 2-player random game of the default quick start ends by VP.
SEED_SHIFT_CATAPULT = 4

#: (game, file name, players, seed, options): the seeds of Meeple War are the first of 0-39
#: whose game ended by victory points, as the script before this one chose them.
PLAYTHROUGHS: list[tuple[str, str, int, int, dict[str, Any]]] = [
    ("sparta", "seed_1", 2, 1, {}),
    ("sparta", "seed_2", 2, 2, {}),
    ("sparta", "seed_3_north_first", 2, 3, {"first": 1}),
    ("sparta", "seed_4_warriors_conquer", 2, 4, {"heroes_conquer": False}),
    ("sparta", "seed_12_two_pieces_draw", 2, 12, {}),
    ("sparta", "seed_24_all_cities", 2, 24, {}),
    ("meeple_war", "2p_full", 2, 26, RULEBOOK_QUICKSTART),
    ("meeple_war", "3p_quickstart", 3, 9, {"quickstart": True, **RULEBOOK_QUICKSTART}),
    ("meeple_war", "4p_full", 4, 9, RULEBOOK_QUICKSTART),
    ("meeple_war", "4p_quickstart_french", 4, 6,
     {"quickstart": True, **RULEBOOK_QUICKSTART, **FRENCH}),
    ("meeple_war", "2p_quickstart_shift_catapult", 2, SEED_SHIFT_CATAPULT,
     {"quickstart": True, "quickstart_setup": "shift_catapult"}),
    # a setup that changes cards (the fourth pair's leaves): the first seed of 0-39 ending by VP
    ("meeple_war", "4p_quickstart_fourth_first_leaves", 4, 1,
     {"quickstart": True, "quickstart_setup": "fourth_first_leaves"}),
    ("rise_of_tribes", "base_2p", 2, 11, {}),
    ("rise_of_tribes", "base_3p", 3, 12, {}),
    ("rise_of_tribes", "base_4p", 4, 13, {}),
    ("rise_of_tribes", "advanced_3p", 3, 14,
     {"leaders": True, "elders": True, "scenario_tiles": True}),
    ("rise_of_tribes", "classic12_4p_leaders", 4, 15, {"events": "classic12", "leaders": True}),
]


def is_checkpoint(ply: int) -> bool:
    """Return whether the position after ``ply`` actions is a checkpoint (at a decision)."""
    return ply % CHECKPOINT_EVERY == CHECKPOINT_FIRST


def playthrough(name: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Return the playthrough of a seeded random game as JSON-ready data."""
    rng = random.Random(seed)
    state = meeples.load(name).new(players=players, seed=seed, deal=False, **options)
    checkpoints = []
    while state.outcome is None:
        if state.is_chance:
            state = state.deal()
            continue
        legal = state.legal()
        if is_checkpoint(len(state.history)):
            checkpoints.append({"ply": len(state.history), "position": state.position(),
                                "legal": len(legal), "first": legal[0]})
        state = state.play(rng.choice(legal))
    data: dict[str, Any] = state.record().to_json()
    for key, option in state.game.options.items():
        # at the value a record made before the option replays with: written as such a record
        if option.before is not None and data["options"].get(key) == option.before:
            del data["options"][key]
    data["final_position"] = state.position()
    data["outcome"] = state.outcome.to_json()
    data["checkpoints"] = checkpoints
    return data


def text_of(data: dict[str, Any]) -> str:
    """Return a playthrough's file text (one action per line, so a diff reads ply by ply)."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=meeples.game_names(),
                        help="only this game (repeatable; default: all)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files and write nothing (status 1 if any differs)")
    args = parser.parse_args(argv)
    differ = 0
    for name, stem, players, seed, options in PLAYTHROUGHS:
        if args.game and name not in args.game:
            continue
        data = playthrough(name, players, seed, options)
        path = DATA / name / "playthroughs" / f"{stem}.json"
        text = text_of(data)
        same = path.exists() and path.read_text(encoding="utf-8") == text
        if args.check:
            differ += not same
            print(f"{name}/{stem}: {'same' if same else 'DIFFERS'}")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"{name}/{stem}: {len(data['actions'])} actions, {len(data['checkpoints'])} "
              f"checkpoints, {data['outcome']['reason']}{'' if same else ' (changed)'}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
