"""The engines describe actions in English; each board's phrase table must put them all in French
and Spanish. The descriptions of sampled games go through the client's own ``translateText``
(run by node), so an engine text the tables do not know shows up here, not in a player's log.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import meeples

WEB = Path(__file__).resolve().parents[2] / "src" / "meeples" / "web"
NODE = shutil.which("node")

CHECK = """
import fs from "node:fs";
const texts = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const board = await import(`./web/boards/${process.argv[3]}.js`);
const missed = {};
for (const lang of ["fr", "es"]) {
  missed[lang] = texts.filter((text) => board.translateText(text, lang) === text);
}
console.log(JSON.stringify(missed));
"""


def descriptions(name: str) -> list[str]:
    """Return the descriptions of the actions offered in a few seeded random games."""
    game = meeples.load(name)
    texts: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(2):
            state = game.new(players=players, seed=seed)
            rng = random.Random(seed)
            for _ in range(250):
                if state.outcome is not None:
                    texts.add(state.outcome.reason)
                    break
                legal = state.legal()
                texts.update(state.describe(a) for a in legal[:40])
                state = state.play(rng.choice(legal))
    return sorted(texts)


@pytest.mark.skipif(NODE is None, reason="the translation check runs the client's code in node")
@pytest.mark.parametrize("game", meeples.game_names())
def test_every_sampled_description_is_translated(tmp_path: Path, game: str) -> None:
    shutil.copytree(WEB, tmp_path / "web")
    (tmp_path / "web" / "package.json").write_text('{"type": "module"}')
    (tmp_path / "check.mjs").write_text(CHECK)
    (tmp_path / "texts.json").write_text(json.dumps(descriptions(game)))
    done = subprocess.run(
        [str(NODE), "check.mjs", "texts.json", game],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    missed = json.loads(done.stdout)
    assert missed == {"fr": [], "es": []}
