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


def test_every_game_and_option_has_lobby_texts() -> None:
    import meeples

    english = tables()["en"]
    wanted = set()
    for name in meeples.game_names():
        game = meeples.load(name)
        wanted.add(f"blurb.{name}")
        wanted |= {f"opt.{name}.{option}" for option in game.options}
        wanted |= {f"opt_help.{name}.{option}" for option in game.options}
    assert sorted(wanted - english) == []


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
