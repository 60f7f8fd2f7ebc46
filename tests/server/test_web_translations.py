"""Transitional, for the games whose engine still describes actions in English (the others speak
in messages: tests/core/test_messages.py): each such board's phrase table must put them all in
French and Spanish. The descriptions of sampled games go through the client's own ``translateText``
(run by node), so an engine text the tables do not know shows up here, not in a player's log.
The same goes for the engines' reasons for refusing an action or options (``web/reasons.js``).
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import meeples

WEB = Path(__file__).resolve().parents[2] / "src" / "meeples" / "web"
NODE = shutil.which("node")

# A text is missed when it comes back unchanged, or when English words are left in it once the
# printed names (buildings, actions, tokens, goals, events: shown as printed) are taken out.
CHECK = """
import fs from "node:fs";
const texts = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const names = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const board = await import(`./web/boards/${process.argv[3]}.js`);
const english = / (the|through|up to|goes|from|with|and|your|of|on|to) /;
const left = (text) => english.test(names.reduce((rest, name) => rest.split(name).join("#"), text));
const missed = {};
for (const lang of ["fr", "es"]) {
  missed[lang] = texts.filter((text) => {
    const out = board.translateText(text, lang);
    return out === text || left(out);
  });
}
console.log(JSON.stringify(missed));
"""


def printed_names(name: str) -> list[str]:
    """Return the component names the boards show as printed (longest first)."""
    from meeples.server.components import components

    data = components(name)
    found = [b["name"] for b in data.get("buildings", {}).values()]
    for key in ("kinds", "tokens", "actions", "goals", "events"):
        found += list(data.get(key, {}).values())
    return sorted(set(found), key=len, reverse=True)


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
                # The first few offered, a few more at random, and the one played.
                texts.update(state.describe(a) for a in legal[:40])
                texts.update(state.describe(a) for a in rng.sample(legal, min(10, len(legal))))
                choice = rng.choice(legal)
                texts.add(state.describe(choice))
                state = state.play(choice)
    return sorted(texts)


@pytest.mark.skipif(NODE is None, reason="the translation check runs the client's code in node")
def _speaks_english(game: str) -> bool:
    """Return whether a game's board still translates English words by a phrase table."""
    board = WEB / "boards" / f"{game}.js"
    return board.exists() and "translateText" in board.read_text()


ENGLISH_GAMES = [game for game in meeples.game_names() if _speaks_english(game)]


@pytest.mark.parametrize("game", ENGLISH_GAMES)
def test_every_sampled_description_is_translated(tmp_path: Path, game: str) -> None:
    shutil.copytree(WEB, tmp_path / "web")
    (tmp_path / "web" / "package.json").write_text('{"type": "module"}')
    (tmp_path / "check.mjs").write_text(CHECK)
    (tmp_path / "texts.json").write_text(json.dumps(descriptions(game)))
    (tmp_path / "names.json").write_text(json.dumps(printed_names(game)))
    done = subprocess.run(
        [str(NODE), "check.mjs", "texts.json", game, "names.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    missed = json.loads(done.stdout)
    assert missed == {"fr": [], "es": []}


REASONS = """
import fs from "node:fs";
const texts = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { untranslated } = await import("./web/reasons.js");
const missed = {};
for (const lang of ["fr", "es"]) {
  missed[lang] = [...new Set(texts.flatMap((text) => untranslated(text, lang)))];
}
console.log(JSON.stringify(missed));
"""


def refusals(name: str) -> list[str]:
    """Return the engine's reasons for refusing actions and options in a few seeded random games:
    actions legal a moment ago, malformed ones, counts pushed too high, and bad options."""
    game = meeples.load(name)
    texts: set[str] = set()

    def refuse(state: Any, action: str) -> None:
        try:
            state.play(action)
        except meeples.IllegalAction as error:
            texts.add(str(error))
        except ValueError:
            pass  # not a refusal the server passes on (it answers "engine" for these)

    for players in range(game.min_players, game.max_players + 1):
        for seed in range(2):
            state = game.new(players=players, seed=seed)
            rng = random.Random(seed)
            earlier: list[str] = []
            for _ in range(300):
                if state.outcome is not None:
                    refuse(state, earlier[0] if earlier else "pass")
                    break
                legal = state.legal()
                for action in rng.sample(earlier, min(4, len(earlier))):
                    refuse(state, action)
                for action in rng.sample(legal, min(3, len(legal))):
                    refuse(state, re.sub(r"\d+$", "9", action))
                    refuse(state, re.sub(r"[a-o]\b", "z", action, count=1))
                refuse(state, "nonsense!")
                earlier = legal
                state = state.play(rng.choice(legal))
    for players, options in [(99, {}), (game.min_players, {"nope": 1}), ("two", {})]:
        try:
            game.new(players=players, **options)
        except meeples.BadOptions as error:
            texts.add(str(error))
    for option in game.options:
        for value in ({"x": 1}, "nowhere", ["nowhere"]):
            try:
                game.new(players=game.min_players, **{option: value})
            except meeples.BadOptions as error:
                texts.add(str(error))
    return sorted(texts)


@pytest.mark.skipif(NODE is None, reason="the translation check runs the client's code in node")
@pytest.mark.parametrize("game", ENGLISH_GAMES)
def test_every_sampled_refusal_reason_is_translated(tmp_path: Path, game: str) -> None:
    shutil.copytree(WEB, tmp_path / "web")
    (tmp_path / "web" / "package.json").write_text('{"type": "module"}')
    (tmp_path / "check.mjs").write_text(REASONS)
    texts = refusals(game)
    (tmp_path / "texts.json").write_text(json.dumps(texts))
    done = subprocess.run(
        [str(NODE), "check.mjs", "texts.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(texts) > 20 and json.loads(done.stdout) == {"fr": [], "es": []}
