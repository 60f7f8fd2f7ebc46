"""The static client: every interface string exists in English, French and Spanish."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "meeples" / "web"


def tables() -> dict[str, set[str]]:
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    found = {}
    for lang in ("en", "fr", "es"):
        start = text.index(f"\n  {lang}: {{")
        end = text.index("\n  },", start)
        found[lang] = set(re.findall(r'^\s+"([\w.]+)":', text[start:end], re.MULTILINE))
    return found


def test_translations_have_the_same_keys_in_every_language() -> None:
    found = tables()
    assert found["fr"] == found["en"] and found["es"] == found["en"]


def texts() -> dict[str, dict[str, str]]:
    """Return each language's table of i18n.js as key -> text."""
    source = (WEB / "i18n.js").read_text(encoding="utf-8")
    found = {}
    for lang in ("en", "fr", "es"):
        start = source.index(f"\n  {lang}: {{")
        end = source.index("\n  },", start)
        pairs = re.findall(
            r'^\s+"([\w.]+)": "((?:[^"\\]|\\.)*)",$', source[start:end], re.MULTILINE
        )
        # A text whose wording depends on a count: { one: "...", other: "..." } (each form
        # must carry the same placeholders; the "other" form stands for the entry).
        plural = re.findall(r'^\s+"([\w.]+)": \{ one: "([^"]*)", other: "([^"]*)" \},$',
                            source[start:end], re.MULTILINE)
        for key, one, other in plural:
            forms = sorted(re.findall(r"\{\w+\}", one)), sorted(re.findall(r"\{\w+\}", other))
            assert forms[0] == forms[1], f"{key} in {lang}: {one} / {other}"
        found[lang] = dict(pairs) | {key: other for key, _, other in plural}
    return found


def test_every_key_has_a_written_text_with_the_same_placeholders_in_each_language() -> None:
    found = texts()
    assert len(found["en"]) == len(tables()["en"])  # every entry read as key and text
    for key, english in found["en"].items():
        wanted = sorted(re.findall(r"\{\w+\}", english))
        for lang in ("fr", "es"):
            text = found[lang].get(key, "")
            assert text.strip(), f"{key} has no {lang} text"
            assert sorted(re.findall(r"\{\w+\}", text)) == wanted, f"{key} in {lang}: {text}"


def test_every_game_has_its_numbered_rules_in_each_language() -> None:
    """Each game's Rules page shows its numbered rules from the catalogues: the hand-kept
    summaries of help.js are retired."""
    import meeples
    from meeples.core.rulebook import game_rules
    from meeples.core.text import LANGUAGES

    assert not (WEB / "help.js").exists()
    for name in meeples.game_names():
        assert all(game_rules(meeples.load(name), lang) for lang in LANGUAGES), name


def test_every_literal_key_used_by_the_client_is_translated() -> None:
    from meeples.core.text import catalogue

    english = tables()["en"] | set(catalogue("en").messages)
    used = set()
    for path in [*WEB.glob("*.js"), *WEB.glob("boards/*.js")]:
        used |= set(re.findall(r'\bt\("([\w.]+)"', path.read_text(encoding="utf-8")))
    assert sorted(used - english) == []


def test_the_interface_table_names_no_game() -> None:
    """A game's words live in its own catalogue only: i18n.js holds the interface's words, and
    no key of it names a game or starts with a game's key prefix (issue 26, point 6)."""
    import meeples
    from meeples.core.text import game_catalogue, prefix_of

    names = set(meeples.game_names())
    prefixes = {prefix_of(game_catalogue(name, "en")) for name in names} - {None}
    assert names and prefixes
    for lang, keys in tables().items():
        for key in keys:
            parts = set(key.split("."))
            assert not parts & names, f"{key} ({lang}) names a game"
            assert key.split(".")[0] not in prefixes, f"{key} ({lang}) is a game's word"


def _game_keys_asked_by_the_client() -> dict[str, set[str]]:
    """Return, for each game, the keys of its catalogue the browser asks for: the lobby's keys
    the server sends (/api/games) and the literal keys under its prefix in the web code."""
    import meeples
    from meeples.core.text import game_catalogue, prefix_of
    from meeples.server.lobby import describe_games

    asked: dict[str, set[str]] = {name: set() for name in meeples.game_names()}
    for game in describe_games():
        keys = asked[game["name"]]
        keys |= {game["blurb"]} - {None}
        for option in game["options"]:
            keys |= {option["label"], option["explain"], *option["values"].values()} - {None}
    literal = set()
    for path in [*WEB.glob("*.js"), *WEB.glob("boards/*.js")]:
        literal |= set(re.findall(r'\bt\("([\w.]+)"', path.read_text(encoding="utf-8")))
    for name, keys in asked.items():
        prefix = prefix_of(game_catalogue(name, "en"))
        keys |= {key for key in literal if key.split(".")[0] == prefix}
    return asked


def test_every_key_the_client_asks_of_a_game_is_in_its_catalogue_in_every_language() -> None:
    from meeples.core.text import LANGUAGES, game_catalogue

    for name, keys in _game_keys_asked_by_the_client().items():
        assert keys, name
        for lang in LANGUAGES:
            missing = keys - set(game_catalogue(name, lang).get("messages", {}))
            assert sorted(missing) == [], f"{name} ({lang})"


def test_every_game_and_option_has_lobby_texts() -> None:
    """Every game of ours has its blurb, and every option its label and help, in its catalogue
    (the server sends their keys: a missing one would show the option's English help)."""
    from meeples.server.lobby import describe_games

    for game in describe_games():
        assert game["blurb"], game["name"]
        for option in game["options"]:
            assert option["label"] and option["explain"], (game["name"], option["name"])
            if option["choices"] and isinstance(option["default"], str):
                assert set(option["values"]) == set(option["choices"]), option["name"]


def test_every_declared_board_module_exists_and_the_page_guesses_none() -> None:
    """The page loads the board module a game declares (``Capabilities.board``, sent in
    /api/games), never one named after the game; a game without one gets the generic board."""
    from meeples.server.lobby import describe_games

    for game in describe_games():
        assert game["board"] and (WEB / "boards" / f"{game['board']}.js").is_file(), game["name"]
    shared = (WEB / "shared.js").read_text(encoding="utf-8")
    assert "./boards/${declared}.js" in shared and "./boards/${game}.js" not in shared


def test_every_bot_level_has_a_name_and_help() -> None:
    from meeples.server.bots import LEVELS

    english = tables()["en"]
    wanted = {f"level.{level}" for level in LEVELS} | {f"level_help.{level}" for level in LEVELS}
    assert sorted(wanted - english) == []


def test_every_error_code_the_server_sends_has_a_text() -> None:
    server = Path(__file__).resolve().parents[2] / "src" / "meeples" / "server"
    codes = set()
    for path in server.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(
            r'(?:RoomError|Refused|error|_fail)\(\s*(?:\d+,\s*)?"([a-z_]+)"', text
        ))
    english = tables()["en"]
    missing = sorted(f"error.{code}" for code in codes if f"error.{code}" not in english)
    assert codes and missing == []


#: The only regular expressions the client may hold: none reads engine text or action notation.
ALLOWED_PATTERNS = {
    "app.js": ["/^#/"],  # the route in the address bar
    "i18n.js": ["/\\{(\\w+)\\}/g"],  # placeholders of our own templates
    "boards/generic.js": ["/_/g"],  # a view key shown as words
}


def test_no_regular_expression_reads_engine_text_or_notation() -> None:
    literal = re.compile(r"(?<![\w)\]/*])/(?![/*\s])(?:\\.|\[[^\]]*\]|[^/\n\\])+/[gimsuy]*")
    found = {}
    for path in sorted([*WEB.glob("*.js"), *WEB.glob("boards/*.js")]):
        code = path.read_text(encoding="utf-8")
        code = re.sub(r"//[^\n]*", "", code)  # comments
        code = re.sub(r"`(?:\\.|[^`\\])*`|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", '""', code)
        patterns = literal.findall(code) + (["RegExp"] if "RegExp(" in code else [])
        if patterns:
            found[str(path.relative_to(WEB))] = patterns
    assert found == ALLOWED_PATTERNS
