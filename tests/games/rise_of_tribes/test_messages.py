"""Rise of Tribes speaks in messages: every key it emits exists in English, French and Spanish
with the same placeholders, every component it names has a name and an effect in all three,
and the catalogues agree with the data module (costs, points)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.core.text import LANGUAGES, Message, Ref, catalogue, message_from_json, placeholders
from meeples.core.text import render as word
from meeples.games.rise_of_tribes import data, describe
from tests.games.rise_of_tribes.games import GAME, GAMES, states

TEXT = Path(__file__).resolve().parents[3] / "src" / "meeples" / "games" / "rise_of_tribes" / "text"


def catalogue_file(lang: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((TEXT / f"{lang}.json").read_text(encoding="utf-8"))
    return result


def walk(message: Message, keys: set[str], refs: set[tuple[str, str]]) -> None:
    """Collect the keys and component references of a message and its nested messages."""
    keys.add(message.key)
    for name, value in message.params.items():
        if isinstance(value, Message):
            walk(value, keys, refs)
        elif isinstance(value, Ref):
            if value.kind != "player":
                refs.add((value.kind, str(value.id)))
        else:
            assert isinstance(value, int | str), (message.key, name, value)


def emitted(players: int, seed: int, options: str) -> tuple[set[str], set[tuple[str, str]]]:
    """Return the keys and references one game emits: prompts, descriptions of every legal
    action, refusals, the goals' requirements and progress in the views, the outcome."""
    keys: set[str] = set()
    refs: set[tuple[str, str]] = set()
    refusals = ["done", "goal D1", "goal A5", "village a", "village a -w e", "buy WA", "buy AL",
                "hunt S", "tame M", "tiger B", "grow S!", "move M", "power trader", "lead B"]
    for i, state in enumerate(states(players, seed, options)):
        walk(state.prompt(), keys, refs)
        if state.outcome is not None:
            assert state.outcome.message is not None
            walk(state.outcome.message, keys, refs)
            continue
        for action in state.legal():
            walk(state.describe_message(action), keys, refs)
        legal = set(state.legal())
        for action in refusals if i % 7 == 0 else ():
            if action not in legal:
                walk(GAME.rules.explain_illegal(state.inner, action), keys, refs)
        if i % 11 == 0:
            view = state.view(None if state.is_chance else state.to_move)
            for seat in view["table"]:
                for goal in seat["goals"]:
                    for field in ("requirement", "progress"):
                        if goal[field] is not None:
                            walk(message_from_json(goal[field]), keys, refs)
    return keys, refs


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_emitted_key_and_component_exists_in_every_language(
        players: int, seed: int, options: str) -> None:
    keys, refs = emitted(players, seed, options)
    english = catalogue("en").messages
    for lang in LANGUAGES:
        cat = catalogue(lang)
        missing = sorted(k for k in keys if k not in cat.messages)
        assert not missing, (lang, missing)
        different = sorted(k for k in keys if placeholders(cat.messages[k]) !=
                           placeholders(english[k]))
        assert not different, (lang, different)
        for kind, ident in refs:
            entry = cat.components.get(kind, {}).get(ident)
            assert entry and entry["name"] and entry["effect"], (lang, kind, ident)


def test_catalogues_have_the_same_keys_placeholders_and_components() -> None:
    english = catalogue_file("en")
    for lang in ("fr", "es"):
        other = catalogue_file(lang)
        assert sorted(other["messages"]) == sorted(english["messages"]), lang
        for key, template in english["messages"].items():
            assert placeholders(other["messages"][key]) == placeholders(template), (lang, key)
            assert isinstance(other["messages"][key], dict) == isinstance(template, dict), key
        for kind, entries in english["components"].items():
            assert sorted(other["components"][kind]) == sorted(entries), (lang, kind)
            for ident, entry in other["components"][kind].items():
                assert entry["name"] and entry["effect"], (lang, kind, ident)


def test_catalogue_keys_all_carry_the_game_prefix() -> None:
    for lang in LANGUAGES:
        cat = catalogue_file(lang)
        assert all(key.startswith("rot.") for key in cat["messages"])
        assert all(kind.startswith("rot.") for kind in cat["components"])


def test_every_component_of_the_data_module_is_named() -> None:
    wanted = {
        "rot.goal": set(data.GOAL_IDS), "rot.event": set(data.EVENT_IDS),
        "rot.power": set(data.LEADER_POWER_CODES), "rot.tile": set(data.TILE_IDS[1:]),
        "rot.tribe": set(data.TRIBE_NAMES), "rot.resource": set(data.RESOURCE_LETTERS),
        "rot.face": set(data.FACE_LETTERS), "rot.action": set(data.ACTION_NAMES),
        "rot.terrain": set(data.TERRAIN_NAMES),
    }
    for lang in LANGUAGES:
        components = catalogue_file(lang)["components"]
        assert {kind: set(entries) for kind, entries in components.items()} == wanted, lang


def test_english_names_are_the_data_module_names() -> None:
    components = catalogue_file("en")["components"]
    assert [components["rot.goal"][g]["name"] for g in data.GOAL_IDS] == list(data.GOAL_NAMES)
    assert [components["rot.event"][e]["name"] for e in data.EVENT_IDS] == \
        list(data.EVENT_NAMES)
    assert [components["rot.power"][c]["name"] for c in data.LEADER_POWER_CODES] == \
        list(data.LEADER_POWER_NAMES)
    assert [components["rot.tile"][t]["name"] for t in data.TILE_IDS[1:]] == \
        list(data.TILE_NAMES[1:])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_goal_effects_state_the_cost_and_points_of_the_data_module(lang: str) -> None:
    # A development's effect names its cost as the engine words it; every goal its points.
    goals = catalogue(lang).components["rot.goal"]
    for card, ident in enumerate(data.GOAL_IDS):
        effect = goals[ident]["effect"]
        if card < len(data.DEVELOPMENTS):
            assert word(describe.amounts(data.DEV_COST[card]), lang) in effect, (lang, ident)
            points = data.DEVELOPMENT_VP
        else:
            points = data.ACHIEVEMENT_VP[card - len(data.DEVELOPMENTS)]
        assert word(Message("rot.ui.score_vp", {"n": points}), lang) in effect, (lang, ident)


def test_spanish_names_as_printed_in_the_rulebook() -> None:
    # The Spanish rulebook names these; the others are translated.
    es = catalogue("es").components
    assert es["rot.goal"]["D1"]["name"] == "Arco"
    assert es["rot.goal"]["D2"]["name"] == "Cerámica"
    assert es["rot.goal"]["A2"]["name"] == "Mayoría en tierras vecinas"
    assert es["rot.event"]["IN"]["name"] == "Invasores"
    assert [es["rot.action"][a]["name"] for a in data.ACTION_NAMES] == \
        ["CRECER", "MOVERSE", "REUNIR", "LIDERAR"]


def test_action_message_worded_in_three_languages() -> None:
    state = GAME.new(players=2, seed=1)
    action = state.legal()[0]
    message = state.describe_message(action)
    assert message.key == "rot.act.start"
    hexname = message.params["hex"]
    assert word(message, "en") == f"place the starting tribe (2 members) on hex {hexname}"
    assert word(message, "fr") == f"placer la tribu de départ (2 membres) sur l'hexagone {hexname}"
    assert word(message, "es") == f"colocar la tribu inicial (2 miembros) en el hexágono {hexname}"


def test_prompt_names_the_player_to_decide() -> None:
    state = GAME.new(players=3, seed=2)
    prompt = state.prompt()
    assert prompt.key == "rot.prompt" and prompt.params["player"] == Ref("player", state.to_move)
    assert str(prompt).startswith(f"player {state.to_move + 1}: place the starting tribe")


def test_outcome_carries_its_message() -> None:
    *_, last = states(2, 40, "base")
    outcome = last.outcome
    assert outcome is not None and outcome.message is not None
    assert outcome.reason == "15 victory points"
    assert outcome.message.key == "rot.end.points"
    assert outcome.message.params["player"] == Ref("player", outcome.winners[0])
    assert outcome.to_json()["msg"]["key"] == "rot.end.points"


def test_malformed_action_refused_with_a_message() -> None:
    with pytest.raises(meeples.IllegalAction) as caught:
        GAME.new(players=2).play("grow X")
    assert caught.value.message.key == "core.not_an_action"
    assert caught.value.message.params["hint"] == Message("rot.notation_hint")
    assert "Rise of Tribes" in str(caught.value)


def test_illegal_action_refused_with_its_reason_as_a_message() -> None:
    state = GAME.new(players=2, seed=0)
    with pytest.raises(meeples.IllegalAction) as caught:
        state.play("done")
    why = caught.value.message.params["why"]
    assert why.key == "rot.why.not_now" and why.params["step"].key == "rot.step.place"


@pytest.mark.parametrize(("options", "key"), [
    ({"scenario_tiles": ["Great Lake", "Lava Field"]}, "rot.option.bad"),
    ({"scenario_tiles": 3}, "rot.option.tiles"),
    ({"scenario_tiles": [1, 2]}, "rot.option.tiles"),
    ({"leader_powers": "pick"}, "rot.option.pick_needs_leaders"),
])
def test_option_errors_are_messages(options: dict[str, Any], key: str) -> None:
    with pytest.raises(meeples.BadOptions) as caught:
        GAME.new(players=2, **options)
    assert caught.value.message.key == key
    for lang in LANGUAGES:
        assert "rot." not in word(caught.value.message, lang)


def test_unknown_tile_names_the_tile_and_the_known_ones() -> None:
    with pytest.raises(meeples.BadOptions, match="no scenario tile 'Lava Field' \\(tiles: Great"):
        GAME.new(players=2, scenario_tiles="Great Lake,Lava Field")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_template_leaves_a_placeholder_unfilled(lang: str) -> None:
    for players, seed, options in GAMES[:6]:
        for state in states(players, seed, options):
            if state.outcome is None:
                texts = [word(state.describe_message(a), lang) for a in state.legal()]
                texts.append(word(state.prompt(), lang))
                assert not [t for t in texts if "{" in t or "rot." in t], texts


BOARD = TEXT.parents[2] / "web" / "boards" / "rise_of_tribes.js"
#: The board and the modules it is split into (rise_of_tribes_map.js, ..._panels.js...).
BOARD_MODULES = sorted(BOARD.parent.glob("rise_of_tribes*.js"))


def board_source() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in BOARD_MODULES)


def test_board_words_come_from_the_catalogue() -> None:
    # Every key the board names exists; every board label of the catalogue is used.
    source = board_source()
    named = set(re.findall(r'"(rot\.[a-z_.]+)"', source))
    prefixes = set(re.findall(r"`(rot\.[a-z_.]+\.)\$\{", source))
    messages = catalogue("en").messages
    kinds = set(catalogue("en").components)
    assert sorted(k for k in named if k not in messages and k not in kinds) == []
    assert all(any(key.startswith(prefix) for key in messages) for prefix in prefixes)
    labels = {key for key in messages if key.startswith("rot.ui.")}
    assert sorted(labels - named) == []


def test_board_reads_no_action_text_or_prose() -> None:
    # Parts, messages and the view only: no pattern over text, no phrase table.
    source = board_source()
    for banned in ("RegExp", ".exec(", ".match(", ".replace(", ".test(", "translateText",
                   "reasons.js", "split("):
        assert banned not in source, banned


def test_a_players_action_at_a_chance_node_is_refused_naming_chance() -> None:
    state = GAME.new(players=2, seed=0, deal=False)
    with pytest.raises(meeples.IllegalAction, match="no player decides now: chance: the "
                       "terrain of hex a"):
        state.play("start a")


def test_a_chance_outcome_played_at_a_players_decision_is_refused_naming_chance() -> None:
    state = GAME.new(players=2, seed=0)
    with pytest.raises(meeples.IllegalAction, match="only chance draws that"):
        state.play("roll S")
