"""Structured parts of actions (notation.action_parts): every legal action has a verb and typed,
JSON-ready fields that tell it apart from every other legal action, so no client reads the
notation. The grammar table (notation.FORMS) is the one place the forms are written."""

from __future__ import annotations

import json

import pytest

import meeples
from meeples.core.text import catalogue
from meeples.games.rise_of_tribes import data, notation
from tests.games.rise_of_tribes.games import GAME, GAMES, states

#: The type of every field a part may carry (None: the field may be null).
FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "verb": (str,), "hex": (str,), "second": (str, type(None)), "from": (str,), "to": (str,),
    "resource": (str,), "resources": (list,), "pay": (list,), "give": (str,), "take": (str,),
    "face": (str,), "row": (str,), "focus": (bool,), "event": (str,), "goal": (str,),
    "power": (str,), "seat": (int, type(None)), "invader": (bool,), "slot": (int,),
    "amount": (int,), "discount": (str, type(None)), "elder": (bool,),
    "goals": (list,), "terrain": (str,), "tile": (str,), "tribe": (str,),
}


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_legal_action_has_typed_parts_that_identify_it(
        players: int, seed: int, options: str) -> None:
    for state in states(players, seed, options):
        legal = state.legal()
        seen = {}
        for action in legal:
            parts = state.parts(action)
            assert isinstance(parts["verb"], str)
            for name, value in parts.items():
                assert isinstance(value, FIELD_TYPES[name]), (action, name, value)
            text = json.dumps(parts, sort_keys=True)
            assert json.loads(text) == parts
            assert text not in seen, (action, seen.get(text))
            seen[text] = action


def test_parts_of_each_chance_outcome() -> None:
    parts = notation.action_parts
    assert parts("terrain lake") == {"verb": "terrain", "terrain": "lake"}
    assert parts("tile GL c") == {"verb": "tile", "tile": "GL", "hex": "c"}
    assert parts("tribe KiaKia") == {"verb": "tribe", "tribe": "KiaKia"}
    assert parts("first 2") == {"verb": "first", "seat": 2}
    assert parts("roll M") == {"verb": "roll", "face": "M"}
    assert parts("cards D1 A8") == {"verb": "cards", "goals": ["D1", "A8"]}
    assert parts("event VO") == {"verb": "event", "event": "VO"}


def test_parts_of_each_form() -> None:
    parts = notation.action_parts
    assert parts("power light_in_the_dark") == {"verb": "power", "power": "light_in_the_dark"}
    assert parts("start c") == {"verb": "start", "hex": "c", "second": None}
    assert parts("start c+d") == {"verb": "start", "hex": "c", "second": "d"}
    assert parts("grow M!") == {"verb": "place", "row": "grow", "face": "M", "focus": True}
    assert parts("lead B") == {"verb": "place", "row": "lead", "face": "B", "focus": False}
    assert parts("tame S") == {"verb": "tame", "face": "S", "event": "MA"}
    assert parts("tiger S") == {"verb": "tiger", "face": "S", "event": "ST"}
    assert parts("f-e") == {"verb": "move", "from": "f", "to": "e"}
    assert parts("evade f-e") == {"verb": "evade", "from": "f", "to": "e"}
    assert parts("f=wws") == {"verb": "gather", "hex": "f", "resources": ["w", "w", "s"]}
    assert parts("trade w>s") == {"verb": "trade", "give": "w", "take": "s"}
    assert parts("bow 2") == {"verb": "bow", "seat": 2, "invader": False}
    assert parts("bow i") == {"verb": "bow", "seat": None, "invader": True}
    assert parts("vent 7") == {"verb": "vent", "slot": 7}
    assert parts("bid 12") == {"verb": "bid", "amount": 12}
    assert parts("give 3 f") == {"verb": "give", "seat": 3, "resource": "f"}
    assert parts("village c -w e") == {"verb": "village", "hex": "c", "discount": "w",
                                       "elder": True}
    assert parts("village c") == {"verb": "village", "hex": "c", "discount": None,
                                  "elder": False}
    assert parts("altar c s") == {"verb": "altar", "hex": "c", "pay": ["s"] * data.ALTAR_SAME}
    assert parts("altar c wfs") == {"verb": "altar", "hex": "c", "pay": ["w", "f", "s"]}
    assert parts("elder 1 w D4") == {"verb": "elder", "seat": 1, "resource": "w", "goal": "D4"}
    assert parts("buy AL") == {"verb": "buy", "event": "AL"}
    for word in ("keep", "draw", "stay", "pass", "stop", "done"):
        assert parts(word) == {"verb": word}


def test_parts_refuse_what_is_no_action() -> None:
    for bad in ["grow X", "a-z", "goal D9", "village", "bid 0", "keep\n", "c=", "c=wwwww", ""]:
        with pytest.raises(meeples.IllegalAction):
            notation.action_parts(bad)
        with pytest.raises(meeples.IllegalAction):
            notation.parse_action(bad)


def test_every_form_is_documented_in_the_parts_table() -> None:
    lines = (notation.__doc__ or "").splitlines()
    rule = next(line for line in lines if line.startswith("===="))
    start = rule.index(" =") + 1
    end = rule.index(" =", start)
    rows = lines[lines.index(rule) + 3:]
    rows = rows[:rows.index(rule)]
    documented = {verb for row in rows for verb in row[start:end].strip().split("/") if verb}
    assert documented == {form.verb for form in notation.FORMS}


def test_facade_parts_match_the_rules() -> None:
    state = GAME.new(players=4, seed=3)
    action = state.legal()[-1]
    assert state.parts(action) == notation.action_parts(action)
    assert state.parts(action)["verb"] == "start"


def test_every_verb_and_component_kind_is_named_for_panels_and_legends() -> None:
    # The generic action panel titles a group by "rot.verb.<verb>", the Rules page a component
    # kind by "<kind>.title" (not the numbered rules, components of kind "rot.rule" only to be
    # named "§4.1 GROW": the page shows them above the components).
    messages = catalogue("en").messages
    assert sorted(f"rot.verb.{f.verb}" for f in notation.FORMS
                  if f"rot.verb.{f.verb}" not in messages) == []
    kinds = [k for k in catalogue("en").components if k.startswith("rot.") and k != "rot.rule"]
    assert sorted(f"{kind}.title" for kind in kinds if f"{kind}.title" not in messages) == []
