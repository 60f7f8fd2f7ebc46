"""Which rule a message comes from: every refusal, prompt, effect, hint reason and component
effect links to a numbered rule of its game, worded in the game's catalogues.

A game's catalogues (``games/<game>/text/<lang>.json``) hold its rules in our own words, in
order: ``"rules": [{"id": "4", "title": "Captures", "text": "..."}, ...]``; the Rules page is
built from them and a rule is also a component of kind ``<prefix>.rule``, so that
``Ref("sp.rule", "4")`` is named "§4 Captures" in every language. A game declares, in one place,
which rule each of its message keys comes from: ``rule_of``, a mapping from key prefixes to rule
ids (the longest prefix of a key wins: ``"sp.why.too_far"`` covers ``sp.why.too_far_hero``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from meeples.core.text import Message, Ref

#: A game's own rule table, as declared by its rules module (empty when it declares none).
RuleTable = Mapping[str, str]


def rule_table(game: Any) -> RuleTable:
    """Return a game's table of message-key prefixes to rule ids (``Rules.rule_of``)."""
    table: RuleTable = game.rules.rule_of
    return table


def _prefixes() -> dict[str, tuple[str, str]]:
    """Return every registered game's key prefixes, each with the key prefix of its game's
    catalogue and the rule id it leads to."""
    from meeples.core.registry import generation

    return _prefixes_of(generation())


@cache
def _prefixes_of(generation: int) -> dict[str, tuple[str, str]]:
    """Return :func:`_prefixes` for one set of registered games."""
    from meeples.core.registry import game_names, load

    found: dict[str, tuple[str, str]] = {}
    for name in game_names():
        for key, rule in rule_table(load(name)).items():
            found[key] = (key.partition(".")[0], rule)
    return found


def rule_for(message: Message) -> Ref | None:
    """Return the rule a message comes from, as a reference ``Ref("<prefix>.rule", id)``: the
    rule of its own key, else of the first nested message that has one; None when none does."""
    table = _prefixes()
    key = message.key
    best = max((k for k in table if key.startswith(k)), key=len, default=None)
    if best is not None:
        prefix, rule = table[best]
        return Ref(f"{prefix}.rule", rule)
    for value in message.params.values():
        if isinstance(value, Message):
            found = rule_for(value)
            if found is not None:
                return found
    return None


def game_rules(game: Any, lang: str = "en") -> list[tuple[str, str, str]]:
    """Return a game's numbered rules in order, as (id, name "§4 Captures", text) in a language
    (empty for a game whose rules are not written as numbered rules)."""
    from meeples.core.text import catalogue

    prefixes = {key.partition(".")[0] for key in rule_table(game)}
    if len(prefixes) != 1:
        return []
    entries = catalogue(lang).components.get(f"{prefixes.pop()}.rule", {})
    return [(ident, entry["name"], entry["effect"]) for ident, entry in entries.items()]
