"""Messages for people: a key with parameters, worded by per-language catalogues.

Everything an engine says to a person (an action's description, why an action is refused, what
the player to move must decide, how a game ended) crosses the boundary as a :class:`Message`, as
lichess' i18n keys do, never as an English sentence that another layer re-parses. Each client
words it in its own language from the catalogues:

- ``meeples/core/text/<lang>.json`` holds the core's messages (``core.*``);
- ``meeples/games/<game>/text/<lang>.json`` holds a game's messages (keys prefixed by the game,
  e.g. ``mw.move``) and its components: ``{"components": {kind: {id: {"name", "effect"}}}}``.

A template is a text with ``{name}`` placeholders, or, when its wording depends on a count, an
object of plural forms (``"one"``, ``"other"``, and any other CLDR category) chosen by the
parameter ``n``. A parameter is a number, a text shown as it is (a hex, a square, an action), a
nested :class:`Message`, or a :class:`Ref` to a player or a component, which each client names in
its own language (a player by the seat's name where it knows it). The browser has the same
renderer in ``web/i18n.js``; the terminal and the logs use English through :func:`render`.
The whole contract (parts, prompts, catalogues, what the browser receives): ``docs/messages.md``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

#: The languages every catalogue is written in; English is the reference and the fallback.
LANGUAGES = ("en", "fr", "es")

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


@dataclass(frozen=True, slots=True)
class Ref:
    """A player (``kind`` "player", ``id`` the seat index) or a component of a game's catalogue
    (``kind`` e.g. "mw.building", ``id`` its code), named by each client in its language."""

    kind: str
    id: str | int

    def to_json(self) -> dict[str, Any]:
        """Return the reference as JSON-ready data."""
        return {"ref": self.kind, "id": self.id}


@dataclass(frozen=True, slots=True)
class Message:
    """A message key and its parameters (numbers, texts, nested messages, references)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Return the message as JSON-ready data: ``{"key": ..., "params": {...}}``."""
        # Texts and numbers (nearly every parameter) go as they are without the checks of
        # _param_json: the server turns ~130 messages into JSON per Sparta move.
        return {
            "key": self.key,
            "params": {
                k: v if type(v) in _PLAIN else _param_json(v) for k, v in self.params.items()
            },
        }

    def __str__(self) -> str:
        return render(self)


def msg(key: str, **params: Any) -> Message:
    """Return a message (a shorthand: ``msg("mw.move", n=2, src="0,0", dest="1,0")``)."""
    return Message(key, params)


def shown(text: str) -> str:
    """Return a text typed by someone as a message shows it: control characters escaped, as in
    its repr, without the quotes (the templates quote it in each language's manner)."""
    return repr(text)[1:-1]


def player(seat: int) -> Ref:
    """Return a reference to a player by seat index (worded "player 1" for seat 0)."""
    return Ref("player", seat)


#: Parameter types sent as they are (exactly these: not bool, a subclass of int).
_PLAIN = frozenset({str, int, float})


def _param_json(value: Any) -> Any:
    if isinstance(value, Message | Ref):
        return value.to_json()
    if isinstance(value, bool) or not isinstance(value, int | str | float):
        raise TypeError(f"a message parameter is a number, text, Message or Ref, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The templates and component names of one language, core and every game merged."""

    lang: str
    messages: Mapping[str, Any]
    components: Mapping[str, Mapping[str, Mapping[str, str]]]

    def to_json(self) -> dict[str, Any]:
        """Return the catalogue as the browser loads it (``games``: each game's key prefix,
        component kinds (for legends), numbered rules in order (the Rules page) and which rule
        each message key comes from (:mod:`meeples.core.rulebook`))."""
        from meeples.core.registry import game_names, load
        from meeples.core.rulebook import rule_table

        games = {}
        for name in game_names():
            own = game_catalogue(name, self.lang)
            games[name] = {
                "kinds": sorted(own.get("components", {})),
                "prefix": prefix_of(own),
                "rules": own.get("rules", []),
                "rule_of": dict(rule_table(load(name))),
            }
        return {"lang": self.lang, "messages": dict(self.messages),
                "components": {k: dict(v) for k, v in self.components.items()}, "games": games}


def prefix_of(own: Mapping[str, Any]) -> str | None:
    """Return the key prefix of a game's catalogue ("sp" for ``sp.move_warrior``), or None."""
    prefixes = {key.partition(".")[0] for key in own.get("messages", {})}
    return prefixes.pop() if len(prefixes) == 1 else None


def _read(package: str, lang: str) -> dict[str, Any]:
    path = resources.files(package).joinpath("text", f"{lang}.json")
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def game_catalogue(name: str, lang: str) -> dict[str, Any]:
    """Return a registered game's own catalogue of a language, as its file holds it (empty for
    a game that declares no files: ``Capabilities.package``)."""
    from meeples.core.registry import load

    package = load(name).capabilities.package
    return {} if package is None else _read(package, lang)


def lobby_keys(name: str) -> dict[str, Any]:
    """Return the keys of a registered game's words for the lobby, as the browser is sent them
    (``/api/games``), each only when the game's catalogue holds it (else None: the browser shows
    the option's English help, or the value itself). The browser builds no game's key itself.

    The convention, under the game's prefix ``p``: ``p.blurb`` (a line on the game),
    ``p.opt.<option>`` (an option's label), ``p.opt_help.<option>`` (its longer help) and
    ``p.optval.<option>.<value>`` (one of its choices)."""
    from meeples.core.registry import generation

    return _lobby_keys(name, generation())


@cache
def _lobby_keys(name: str, generation: int) -> dict[str, Any]:
    """Return :func:`lobby_keys` for one set of registered games (read once, not per request)."""
    from meeples.core.registry import load

    own = game_catalogue(name, "en").get("messages", {})
    prefix = prefix_of(game_catalogue(name, "en"))

    def key(wanted: str) -> str | None:
        return wanted if prefix is not None and wanted in own else None

    options = {}
    for option, spec in load(name).options.items():
        values = {str(value): key(f"{prefix}.optval.{option}.{value}")
                  for value in spec.choices or ()}
        options[option] = {
            "label": key(f"{prefix}.opt.{option}"),
            "explain": key(f"{prefix}.opt_help.{option}"),
            "values": {value: found for value, found in values.items() if found is not None},
        }
    return {"blurb": key(f"{prefix}.blurb"), "options": options}


def text_packages() -> list[str]:
    """Return the packages that carry catalogues: the core, then every registered game that
    declares its files (``Capabilities.package``)."""
    from meeples.core.registry import game_names, load

    declared = (load(name).capabilities.package for name in game_names())
    return ["meeples.core", *(package for package in declared if package is not None)]


def catalogue(lang: str) -> Catalogue:
    """Return the merged catalogue of a language (the core's and every registered game's).

    Raises:
        ValueError: not one of :data:`LANGUAGES`.
    """
    from meeples.core.registry import generation

    if lang not in LANGUAGES:
        raise ValueError(f"no catalogue for language {lang!r} (languages: {', '.join(LANGUAGES)})")
    return _catalogue(lang, generation())


@cache
def _catalogue(lang: str, generation: int) -> Catalogue:
    """Return the merged catalogue of a language for one set of registered games."""
    messages: dict[str, Any] = {}
    components: dict[str, dict[str, dict[str, str]]] = {}
    for package in text_packages():
        data = _read(package, lang)
        messages.update(data.get("messages", {}))
        for kind, entries in data.get("components", {}).items():
            components.setdefault(kind, {}).update(entries)
        # A game's numbered rules are also components of kind "<prefix>.rule", so that a
        # reference to one (Ref("sp.rule", "4")) is named like any component ("§4 Captures").
        prefix = prefix_of(data)
        for rule in data.get("rules", []):
            components.setdefault(f"{prefix}.rule", {})[rule["id"]] = {
                "name": f"§{rule['id']} {rule['title']}", "effect": rule["text"]}
    return Catalogue(lang, messages, components)


def plural_category(lang: str, n: int | float) -> str:
    """Return the CLDR plural category of a whole number in a language."""
    if lang == "fr":
        if n in (0, 1):
            return "one"
        return "many" if n and n % 1_000_000 == 0 else "other"
    if lang == "es":
        if n == 1:
            return "one"
        return "many" if n and n % 1_000_000 == 0 else "other"
    return "one" if n == 1 else "other"


def template_of(message: Message, lang: str = "en") -> str:
    """Return the template a message is worded by (its plural form chosen).

    Raises:
        KeyError: no catalogue of that language or of English has the key.
    """
    entry = catalogue(lang).messages.get(message.key)
    if entry is None:
        entry = catalogue("en").messages[message.key]
        lang = "en"
    if isinstance(entry, dict):
        n = message.params.get("n", 0)
        category = plural_category(lang, n if isinstance(n, int | float) else 0)
        return str(entry.get(category, entry["other"]))
    return str(entry)


def component_name(kind: str, ident: str | int, lang: str = "en") -> str:
    """Return a component's name in a language (its id when no catalogue names it)."""
    for code in (lang, "en"):
        entry = catalogue(code).components.get(kind, {}).get(str(ident))
        if entry is not None:
            return entry["name"]
    return str(ident)


def component_effect(kind: str, ident: str | int, lang: str = "en") -> str:
    """Return a component's effect text in a language ("" when none is written)."""
    for code in (lang, "en"):
        entry = catalogue(code).components.get(kind, {}).get(str(ident))
        if entry is not None:
            return entry.get("effect", "")
    return ""


def render(message: Message, lang: str = "en", names: Mapping[int, str] | None = None) -> str:
    """Return a message worded in a language (``names``: players' names by seat).

    A key no catalogue has is shown as the key itself, so a missing text is visible, never fatal.
    """
    try:
        template = template_of(message, lang)
    except KeyError:
        return message.key

    def param(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in message.params:
            return match.group(0)
        return _render_param(message.params[name], lang, names)

    return PLACEHOLDER.sub(param, template)


def _render_param(value: Any, lang: str, names: Mapping[int, str] | None) -> str:
    if isinstance(value, Message):
        return render(value, lang, names)
    if isinstance(value, Ref):
        if value.kind == "player":
            seat = int(value.id)
            if names is not None and seat in names:
                return names[seat]
            return render(msg("core.player", n=seat + 1), lang, names)
        return component_name(value.kind, value.id, lang)
    return str(value)


def message_from_json(data: Any) -> Message:
    """Return the message a JSON value holds (the inverse of :meth:`Message.to_json`).

    Raises:
        ValueError: not a message.
    """
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        raise ValueError(f"not a message: {data!r}")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ValueError(f"not a message: {data!r}")
    return Message(data["key"], {k: _param_from_json(v) for k, v in params.items()})


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "key" in value:
        return message_from_json(value)
    if isinstance(value, dict) and "ref" in value:
        return Ref(str(value["ref"]), value["id"])
    return value


def placeholders(template: Any) -> set[str]:
    """Return the parameter names a template (or each of its plural forms) uses."""
    forms = template.values() if isinstance(template, dict) else [template]
    return {name for form in forms for name in PLACEHOLDER.findall(str(form))}
