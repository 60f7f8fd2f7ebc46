"""Records of the first format (meeples-match/1, the engine with a generator inside its state)
still load: their chance outcomes are recovered from the old generator's draws (legacy.py).
tests/data/rise_of_tribes/records_v1 holds the golden replays of that engine, with the final
position it reached."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeples
from meeples.core.errors import CorruptRecord
from meeples.core.record import Match
from meeples.games.rise_of_tribes import RULES

GAME = meeples.load("rise_of_tribes")
RECORDS = sorted((Path(__file__).resolve().parents[2] / "data" / "rise_of_tribes" /
                  "records_v1").glob("*.json"))
#: The fields the old position text held in an order or a form that is gone: the decks' order
#: (now unseen multisets), the generator, and the order of goals in progress (a hand of cards
#: now comes at once, in the order of the cards).
GONE = {"decks", "ev_deck", "rng", "progress"}


def fields(text: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in text.split())


def test_old_records_exist() -> None:
    assert len(RECORDS) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_old_record_converts_to_the_game_the_old_engine_played(path: Path) -> None:
    record = json.loads(path.read_text())
    actions = RULES.chance_actions_v1(record["players"], record["seed"], record["options"],
                                      None, record["actions"])
    state = GAME.new(players=record["players"], seed=record["seed"], deal=False,
                     **record["options"])
    for action in actions:
        state = state.play(action)
    old, new = fields(record["final_position_v1"]), fields(state.position())
    assert {k: v for k, v in old.items() if k not in GONE} == \
        {k: new[k] for k in old if k not in GONE}
    # The same cards in each deck, now unseen (in no order) or known under them (recycled).
    inner = state.inner
    assert [sorted(int(c) for c in g.split(",")) if g != "." else []
            for g in old["progress"].split("/")] == [sorted(g) for g in inner.progress]
    old_decks = [[] if d == "." else [int(c) for c in d.split(",")]
                 for d in old["decks"].split("/")]
    assert [sorted(d) for d in old_decks] == \
        [sorted(d + b) for d, b in zip(inner.decks, inner.bottoms, strict=True)]
    assert sorted(int(e) for e in old["ev_deck"].split(",")) == list(inner.ev_deck)
    assert state.outcome is not None and state.outcome.to_json() == record["outcome"]
    assert [a for a in actions if a in record["actions"]] != []
    assert len(actions) > len(record["actions"])


def test_old_record_from_a_position_text_is_refused_with_why() -> None:
    with pytest.raises(CorruptRecord, match="position text"):
        RULES.chance_actions_v1(2, None, None, "n=2 rng=5", ["done"])


def test_old_record_with_an_action_that_does_not_apply_is_refused() -> None:
    with pytest.raises(CorruptRecord, match="action 1"):
        RULES.chance_actions_v1(2, 11, {}, None, ["done"])


@pytest.mark.parametrize("path", RECORDS[:2], ids=lambda p: p.stem)
def test_old_record_file_loads_and_replays_to_its_outcome(path: Path) -> None:
    match = Match.load(path)
    state = match.replay()
    record = json.loads(path.read_text())
    assert state.outcome is not None and state.outcome.to_json() == record["outcome"]
    assert json.loads(match.dumps())["format"] == "meeples-match/2"
