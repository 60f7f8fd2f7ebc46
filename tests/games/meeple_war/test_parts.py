"""Structured parts: every action a client is offered comes with its verb and typed fields, so
no client parses notation, and the parts tell the legal actions apart (issue: structured
actions)."""

from __future__ import annotations

import json
import random

import pytest

from meeples.games.meeple_war import GAME, RULES
from meeples.games.meeple_war.grammar import FORMS, action_parts
from tests.games.meeple_war.playouts import CONFIGS, playout

VERBS = {"done", "tree", "upgrade", "bonus", "worker", "build", "asm", "dep", "rei", "fly",
         "fright", "stealth", "burn", "bomb", "conv", "prod", "up", "fly_to", "frighten", "move",
         "kill", "vp", "explore", "battle", "rotate", "first", "draw"}


@pytest.mark.parametrize(("players", "quickstart"), CONFIGS)
@pytest.mark.parametrize("seed", [0, 1])
def test_parts_of_every_legal_action_are_json_ready_and_tell_actions_apart(
    players: int, quickstart: bool, seed: int
) -> None:
    for state, _ in playout(players, quickstart, seed):
        legal = RULES.legal_actions(state)
        seen: dict[str, str] = {}
        for action in legal:
            parts = RULES.action_parts(action)
            assert isinstance(parts.get("verb"), str) and parts["verb"] in VERBS
            text = json.dumps(parts, sort_keys=True)
            assert json.loads(text) == parts
            assert text not in seen, (action, seen.get(text))
            seen[text] = action


def test_parts_cover_the_verbs_of_random_games() -> None:
    found = set()
    for players, quickstart in CONFIGS:
        for seed in (0, 1):
            for state, _ in playout(players, quickstart, seed):
                found.update(RULES.action_parts(a)["verb"] for a in RULES.legal_actions(state))
    assert VERBS - found <= {"vp", "kill", "frighten", "fly_to", "burn", "conv", "bomb"}
    assert len(found) >= 20


def test_parts_every_form_has_a_documented_verb() -> None:
    verbs = {form.verb for form in FORMS if form.verb}
    assert verbs <= VERBS


@pytest.mark.parametrize(("action", "parts"), [
    ("done", {"verb": "done"}),
    ("0,0>1,0:2", {"verb": "move", "from": "0,0", "to": "1,0", "count": 2}),
    ("rot:2", {"verb": "rotate", "rotation": 2}),
    ("tree:0,-2/1", {"verb": "tree", "hex": "0,-2", "side": 1, "other": "1,-3"}),
    ("tree:0,0/0", {"verb": "tree", "hex": "0,0", "side": 0, "other": "1,0"}),
    ("up:wpn@-3,2", {"verb": "upgrade", "token": "wpn", "hex": "-3,2"}),
    ("bonus:1,-1", {"verb": "bonus", "hex": "1,-1", "bonus": "asm"}),
    ("bonus:1,-1>2,-2", {"verb": "bonus", "hex": "1,-1", "to": "2,-2", "bonus": "dep"}),
    ("w2>a", {"verb": "worker", "slot": 2, "node": "a"}),
    ("w1>L3", {"verb": "worker", "slot": 1, "node": "L3"}),
    ("s3:build:AB@2", {"verb": "build", "slot": 3, "building": "AB", "spot": 2}),
    ("s2:asm:2", {"verb": "asm", "slot": 2, "count": 2}),
    ("s2:dep:1", {"verb": "dep", "slot": 2, "count": 1}),
    ("s1:rei:3@-1,1", {"verb": "rei", "slot": 1, "count": 3, "hex": "-1,1"}),
    ("s4:fly", {"verb": "fly", "slot": 4}),
    ("s4:fright", {"verb": "fright", "slot": 4}),
    ("s1:stealth@0,-1", {"verb": "stealth", "slot": 1, "hex": "0,-1"}),
    ("s3:burn@0,0", {"verb": "burn", "slot": 3, "hex": "0,0"}),
    ("s3:bomb@1.2", {"verb": "bomb", "slot": 3, "owner": 1, "spot": 2}),
    ("s3:bomb@1.2<0,0", {"verb": "bomb", "slot": 3, "owner": 1, "spot": 2, "from": "0,0"}),
    ("s4:conv@0.3.2<1,-1",
     {"verb": "conv", "slot": 4, "owner": 0, "spot": 3, "player": 2, "from": "1,-1"}),
    ("s1:prod@3>b", {"verb": "prod", "slot": 1, "worker": 3, "node": "b"}),
    ("s1:up:nat", {"verb": "up", "slot": 1, "token": "nat"}),
    ("fly@2,-1", {"verb": "fly_to", "hex": "2,-1"}),
    ("fr:1@0,0>0,1", {"verb": "frighten", "player": 1, "from": "0,0", "to": "0,1"}),
    ("kill:2@1,1", {"verb": "kill", "player": 2, "hex": "1,1"}),
    ("vp@-1,0", {"verb": "vp", "hex": "-1,0"}),
    ("explore@3,-1", {"verb": "explore", "hex": "3,-1"}),
    ("battle@0,0", {"verb": "battle", "hex": "0,0"}),
])
def test_parts_of_each_form(action: str, parts: dict[str, object]) -> None:
    assert action_parts(action) == parts
    assert GAME.new(players=2, seed=0).parts(action) == parts


def test_parts_are_a_fresh_dict_each_time() -> None:
    first = action_parts("0,0>1,0:2")
    first["count"] = 9
    assert action_parts("0,0>1,0:2")["count"] == 2


@pytest.mark.parametrize("text", ["", "move", "s5:asm:1", "rot:6", "w1>Z"])
def test_parts_of_a_malformed_action_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        action_parts(text)


def test_parts_of_the_played_action_round_trip_through_json() -> None:
    rng = random.Random(3)
    state = GAME.new(players=3, seed=3)
    for _ in range(200):
        action = rng.choice(state.legal())
        assert json.loads(json.dumps(state.parts(action))) == state.parts(action)
        state = state.play(action)
