"""The bot levels' fixed ratings (``src/meeples/ai/data/ratings.json``, issue 25 point 4): the
data file is well formed for every game and level, and ``scripts/bot_ratings.py`` makes it from
arena games."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import meeples
from meeples.server import ratings
from meeples.server.bots import LEVELS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "bot_ratings.py"


def test_the_bot_ratings_cover_every_game_and_level_with_how_they_were_made() -> None:
    data = json.loads(ratings.BOT_RATINGS.read_text(encoding="utf-8"))
    assert data["format"] == "meeples-bot-ratings/1"
    assert set(data["games"]) == set(meeples.game_names())
    for game, levels in data["games"].items():
        assert set(levels) == set(LEVELS), game
        for level, rating in levels.items():
            assert math.isfinite(rating["mu"]) and rating["sigma"] > 0, (game, level)
            assert rating["games"] > 0, (game, level)
        assert levels["easy"]["mu"] == 25.0  # the anchor: a newcomer reads "about easy"
        assert min(levels, key=lambda level: levels[level]["mu"]) == "random", game
        made = data["made"][game]
        assert made["command"].startswith("scripts/bot_ratings.py ") and made["games"] > 0
        assert sum(made["pairings"].values()) == made["games"]


def test_the_script_fits_ratings_from_the_games_it_plays(tmp_path: Path) -> None:
    out = tmp_path / "ratings.json"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "sparta", "--games", "2", "--hard-games", "0",
         "--jobs", "1", "--passes", "4", "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    fitted = data["games"]["sparta"]
    assert set(fitted) == {"random", "easy", "normal"}
    assert fitted["easy"]["mu"] == 25.0 and fitted["random"]["mu"] < 25.0
    assert data["made"]["sparta"]["pairings"] == {
        "easy - normal": 2, "easy - random": 2, "normal - random": 2}
