"""Golden playthroughs of every game (tests/data/<game>/playthroughs/, one format, written by
scripts/regenerate_playthroughs.py): seeded random games from their undealt start to their end,
each a match record with its final position, its outcome and checkpoints. A rules change that
alters any game shows up here and in the diff of the regenerated files.

Each file must replay to its final position and outcome; its actions must be the seeded random
choices (``random.Random(seed).choice(state.legal())``: the order of the legal actions is part of
what a file pins) and the draws of the seed's dealer at chance nodes; at each checkpoint the
position text, the number of legal actions and the first one must be the file's, the text must
parse back to the same legal actions, and every legal action must apply.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.core.record import Match

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = meeples.game_names()
FILES = sorted(DATA.glob("*/playthroughs/*.json"))
IDS = [f"{path.parent.parent.name}-{path.stem}" for path in FILES]
#: At least this many playthroughs per game (the golden data before the one format had these).
AT_LEAST = {"sparta": 6, "meeple_war": 4, "rise_of_tribes": 5}


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", GAMES)
def test_playthroughs_exist_for_every_game(name: str) -> None:
    assert len(list((DATA / name / "playthroughs").glob("*.json"))) >= AT_LEAST.get(name, 1)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_playthrough_replays_to_its_final_position_and_outcome(path: Path) -> None:
    data = read(path)
    assert data["game"] == path.parent.parent.name
    final = Match.loads(path.read_text(encoding="utf-8")).replay()  # a saved match, checked
    assert final.position() == data["final_position"]
    assert final.outcome is not None and final.outcome.to_json() == data["outcome"]


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_playthrough_actions_are_the_seeded_choices_and_the_dealers_draws(path: Path) -> None:
    data = read(path)
    state = Match.from_json(data).start()
    rng = random.Random(int(data["seed"]))
    for action in data["actions"]:
        expected = state.deal().history[-1] if state.is_chance else rng.choice(state.legal())
        assert action == expected, len(state.history)
        state = state.play(action)
    assert state.outcome is not None


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_playthrough_checkpoints_hold_their_position_and_legal_actions(path: Path) -> None:
    data = read(path)
    game = meeples.load(data["game"])
    states = Match.from_json(data).states()
    plies = [checkpoint["ply"] for checkpoint in data["checkpoints"]]
    assert plies and plies == sorted(plies)
    for checkpoint in data["checkpoints"]:
        state = states[checkpoint["ply"]]
        assert state.position() == checkpoint["position"]
        parsed = game.parse(checkpoint["position"])
        assert parsed.position() == checkpoint["position"]
        legal = parsed.legal()
        assert legal == state.legal()
        assert (len(legal), legal[0]) == (checkpoint["legal"], checkpoint["first"])
        for action in legal:
            parsed.play(action)
