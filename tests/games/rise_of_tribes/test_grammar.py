"""The grammar (grammar.py): one typed action per verb, from which texts, parts and ids come, and
the one place Rise of Tribes writes or reads an action text."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from meeples.games.rise_of_tribes import action_table, data, grammar, rules
from meeples.games.rise_of_tribes.grammar import Add, Bow, Gather, Place, Site, Village
from tests import ast_checks

PACKAGE = Path(rules.__file__).parent
#: The modules allowed to write action texts: the grammar, and the notation that documents it.
GRAMMAR_MODULES = {"grammar.py", "notation.py"}


def every_text() -> list[str]:
    spaces = (action_table.TABLE.decisions, action_table.TABLE.outcomes)
    return [t for space in spaces for t in map(space.text, range(space.count)) if t is not None]


def test_every_text_of_the_table_is_one_typed_action_and_back() -> None:
    texts = every_text()
    typed = [grammar.action(t) for t in texts]
    assert None not in typed
    assert [grammar.text(a) for a in typed] == texts
    assert len(set(zip(map(type, typed), typed, strict=True))) == len(texts)


def test_typed_actions_carry_indices_and_their_text_follows_the_notation() -> None:
    assert grammar.action("c-d") == grammar.Move(2, 3)
    assert grammar.action("f=wws") == Gather(5, (data.WOOD, data.WOOD, data.STONE))
    assert grammar.action("grow M!") == Place(data.GROW, data.MOON, True)
    assert grammar.action("bow i") == Bow(None, True)
    assert grammar.action("village c -w e") == Village(2, data.WOOD, True)
    assert grammar.action("altar c wfs") == grammar.Altar(2, (0, 1, 2))
    assert grammar.action("altar c s") == grammar.Altar(2, (data.STONE,) * data.ALTAR_SAME)
    assert grammar.text(Village(2)) == "village c"
    assert grammar.text(Bow(3)) == "bow 3"


def test_equal_fields_of_two_verbs_are_two_texts() -> None:
    # NamedTuples of equal values compare equal: the grammar keeps the texts per class.
    assert Add(2) == Site(2)  # type: ignore[comparison-overlap]
    assert (grammar.text(Add(2)), grammar.text(Site(2))) == ("add c", "site c")


@pytest.mark.parametrize("action", [Add(15), Village(2, None, None),  # type: ignore[arg-type]
                                    Bow(None, False), Gather(1, ()), grammar.Cards((3, 1))])
def test_an_action_no_form_writes_is_refused(action: tuple[object, ...]) -> None:
    with pytest.raises(ValueError, match="no action of the grammar"):
        grammar.text(action)


@pytest.mark.parametrize("text", ["cards A3 D1", "cards D1 D1", "bid 012", "add p", "grow X"])
def test_a_text_no_form_reads_has_no_typed_action(text: str) -> None:
    assert grammar.action(text) is None


def test_the_tables_of_texts_are_the_texts_of_the_typed_actions() -> None:
    for cls in grammar.GRAMMAR.by_class:
        table = grammar.texts(cls)
        assert table, cls
        single = len(cls._fields) == 1  # type: ignore[attr-defined]
        for values, text in table.items():
            assert grammar.text(cls(values) if single else cls(*values)) == text


def test_parts_come_from_the_typed_action() -> None:
    assert grammar.parts(Village(2, data.WOOD)) == {"verb": "village", "hex": "c",
                                                     "discount": "w", "elder": False}
    assert grammar.parts(grammar.Move(2, 3)) == {"verb": "move", "from": "c", "to": "d"}


def _text_handling(path: Path) -> list[str]:
    """Return the places of a module that write or read an action text outside the grammar: a
    string or f-string that starts a form's text ("site ", "bow ") or is a whole text ("pass"),
    a split on spaces, a function reading ``words``, a letter turned into a hex by ``ord``."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = ast_checks.docstrings(tree)
    keys = {id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict)
            for key in node.keys if key is not None}
    pieces = {id(piece) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
              for piece in node.values}
    heads = tuple({form.prefix for form in grammar.FORMS if form.prefix.endswith(" ")})
    whole = {form.template for form in grammar.FORMS if not form.names}
    found = []
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            if isinstance(first, ast.Constant) and str(first.value).startswith(heads):
                found.append(f"{where} f-string {first.value!r}...")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and not {id(node)} & (docstrings | keys | pieces):
            if node.value in whole or node.value.startswith(heads):
                found.append(f"{where} {node.value!r}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "split" and (
                    not node.args or (isinstance(node.args[0], ast.Constant)
                                      and node.args[0].value == " ")):
            found.append(f"{where} split on spaces")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "ord":
            found.append(f"{where} ord()")
        elif isinstance(node, ast.arg) and node.arg == "words":
            found.append(f"{where} a parameter named words")
    return found


def test_no_module_but_the_grammar_writes_or_reads_an_action_text() -> None:
    modules = sorted(p for p in PACKAGE.glob("*.py") if p.name not in GRAMMAR_MODULES)
    assert len(modules) > 15
    assert [place for path in modules for place in _text_handling(path)] == []


def test_the_check_finds_the_text_handling_it_forbids(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring may say "pass" and "site c"."""\n'
        "def apply_site(w, words):\n"
        "    h = ord(words[1]) - 97\n"
        "    return [f\"site {h}\", \"pass\", action.split(\" \"), {\"done\": 1}]\n")
    assert [place.split(" ", 1)[1] for place in _text_handling(sample)] == [
        "a parameter named words", "ord()", "f-string 'site '...", "'pass'", "split on spaces"]
