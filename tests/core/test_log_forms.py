"""Log entries in the third person (docs/messages.md): every action message worded as a command
("move 2 meeples...", an order to the player reading the button) has a ``<key>.log`` form that
names its player ("Alice moves 2 meeples..."), in every language, so that nobody reads other
players' moves as orders to themselves. Noun phrases read well after a name as a label and may
do without one; so do compositions and messages that already name another player."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

import meeples
from meeples.core.text import LANGUAGES, Message, catalogue, placeholders

#: Action messages that read well after the player's name as a label ("Alice: warrior c2 to
#: c4"), so need no third-person form: noun phrases, compositions of another action message
#: (its words are that message's), and messages whose {player} is another player than the one
#: acting (the log gives its own player as {player}).
LABELLED = {
    # noun phrases
    "sp.move_warrior", "sp.move_hero", "mw.worker.path", "mw.worker.site", "mw.worker.start",
    "mw.worker.leaf", "mw.worker.leaf_x", "mw.bonus.asm", "mw.bonus.dep", "mw.fly_to",
    "mw.to_mountain", "mw.act.asm", "mw.act.bomb", "mw.act.burn", "mw.act.conv", "mw.act.dep",
    "mw.act.fly", "mw.act.fright", "mw.act.prod", "mw.act.rei", "mw.act.stealth", "mw.act.up",
    # compositions
    "sp.and", "mw.then", "rot.and_power", "rot.and_discount", "rot.and_elder", "rot.act.focus",
    # {player} names someone else
    "mw.frighten", "mw.kill", "rot.act.bow", "rot.act.give", "rot.act.elder",
    # chance's outcomes: statements of what came out, never commands
    "mw.draw", "mw.first", "rot.act.terrain", "rot.act.tile", "rot.act.tribe", "rot.act.first",
    "rot.act.roll", "rot.act.cards", "rot.act.event",
}

#: Words that address the reader, per language: an action message never uses them.
SECOND_PERSON = {
    "en": re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE),
    "fr": re.compile(r"\b(?:vous|votre|vos|tu|ton|tes|toi)\b", re.IGNORECASE),
    "es": re.compile(r"\b(?:tú|tu|tus|usted|ustedes|vosotros)\b", re.IGNORECASE),
}

#: Option sets that bring out the rarer actions (leader powers, elders, the event decks).
OPTIONS = {"rise_of_tribes": [{}, {"leaders": True, "elders": True}, {"events": "classic12"},
                              {"leaders": True, "leader_powers": "pick"}]}


@cache
def action_keys() -> frozenset[str]:
    """Return the keys of every action message of seeded random games of every game."""
    keys: set[str] = set()
    for name in meeples.game_names():
        game = meeples.load(name)
        for options in OPTIONS.get(name, [{}]):
            for players in range(game.min_players, game.max_players + 1):
                rng = random.Random(players)
                state = game.new(players=players, seed=players, **options)
                for _ in range(600):
                    if state.outcome is not None:
                        break
                    keys.update(message.key for _, _, message in state.legal_described())
                    state = state.play(rng.choice(state.legal()))
    return frozenset(keys)


def forms(template: object) -> list[str]:
    return [str(f) for f in template.values()] if isinstance(template, dict) else [str(template)]


def test_log_forms_exist_for_every_action_worded_as_a_command() -> None:
    english = catalogue("en").messages
    missing = sorted(key for key in action_keys() - LABELLED if f"{key}.log" not in english)
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_log_forms_name_their_player_with_the_actions_parameters(lang: str) -> None:
    messages = catalogue(lang).messages
    for key, template in messages.items():
        if not key.endswith(".log"):
            continue
        base = key.removesuffix(".log")
        assert base in messages, key
        assert "player" in placeholders(template), key
        assert "player" not in placeholders(messages[base]), key
        assert placeholders(template) <= placeholders(messages[base]) | {"player"}, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_action_messages_never_address_the_player(lang: str) -> None:
    messages = catalogue(lang).messages
    keys = action_keys() | {f"{key}.log" for key in action_keys() if f"{key}.log" in messages}
    worded = [(key, form) for key in sorted(keys) for form in forms(messages[key])
              if SECOND_PERSON[lang].search(form)]
    assert worded == []


def test_log_form_is_worded_after_the_player() -> None:
    message = Message("mw.move.log", {"n": 2, "src": "0,0", "dest": "1,0",
                                      "player": meeples.core.text.player(1)})
    assert str(message) == "player 2 moves 2 meeples from 0,0 to 1,0"
