"""The grammar (grammar.py): one typed action per verb, from which texts, parts and ids come, and
the one place Meeple War writes or reads an action text."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from meeples.ai import meeple_war_attack as attack
from meeples.games.meeple_war import action_table, choices, grammar, rules
from meeples.games.meeple_war.board import hex_of
from meeples.games.meeple_war.grammar import (
    Battle,
    Bomb,
    Bonus,
    Explore,
    Move,
    Reinforce,
    Tree,
    Vp,
    Worker,
)
from tests import ast_checks

PACKAGE = Path(rules.__file__).parent
#: The modules allowed to write or read texts: the grammar, the notation of positions (which
#: reads an action only through the grammar) and the board's names of hexes (``q,r``, in
#: positions, views and parts).
GRAMMAR_MODULES = {"grammar.py", "notation.py", "board.py"}


def test_every_form_reads_its_texts_into_one_typed_action_and_back() -> None:
    texts = ["done", "tree:0,-2/1", "up:wpn@-3,2", "bonus:1,-1", "bonus:1,-1>2,-2", "w2>a",
             "s3:build:AB@2", "s2:asm:2", "s2:dep:1", "s1:rei:3@-1,1", "s4:fly", "s4:fright",
             "s1:stealth@0,-1", "s3:burn@0,0", "s3:bomb@1.2", "s3:bomb@1.2<0,0",
             "s4:conv@0.3.2", "s4:conv@0.3.2<1,-1", "s1:prod@3>b", "s1:up:nat", "fly@2,-1",
             "fr:1@0,0>0,1", "0,0>1,0:2", "kill:2@1,1", "vp@-1,0", "explore@3,-1",
             "battle@0,0", "rot:2", "first:3", "draw:T36"]
    typed = [grammar.action(t) for t in texts]
    assert None not in typed
    assert {grammar.verb(a) for a in typed} == {form.verb for form in grammar.FORMS}
    assert [grammar.text(a) for a in typed] == texts


def test_typed_actions_carry_hex_codes_indices_and_numbers() -> None:
    assert grammar.action("0,0>1,-1:2") == Move(hex_of(0, 0), hex_of(1, -1), 2)
    assert grammar.action("s1:rei:3@-1,1") == Reinforce(0, 3, hex_of(-1, 1))
    assert grammar.action("s3:bomb@1.2") == Bomb(2, 1, 1, None)
    assert grammar.action("w4>L1") == Worker(3, "L1")
    assert grammar.action("bonus:1,-1") == Bonus(hex_of(1, -1))
    assert grammar.action("draw:T05") == grammar.Draw(4)


def test_equal_fields_of_two_verbs_are_two_texts_and_two_parts() -> None:
    h = hex_of(2, -1)
    assert Explore(h) == Battle(h) == Vp(h)  # type: ignore[comparison-overlap]
    assert [grammar.text(a) for a in (Explore(h), Battle(h), Vp(h))] == [
        "explore@2,-1", "battle@2,-1", "vp@2,-1"]
    assert [grammar.parts(a)["verb"] for a in (Explore(h), Battle(h), Vp(h))] == [
        "explore", "battle", "vp"]


@pytest.mark.parametrize("action", [Worker(4, "a"), Worker(0, "Z"), Tree(hex_of(0, 0), 3),
                                    Move(hex_of(0, 0), hex_of(100, 0), 1)])
def test_an_action_no_form_writes_is_refused(action: tuple[object, ...]) -> None:
    with pytest.raises(ValueError, match="no action of the grammar"):
        grammar.text(action)


@pytest.mark.parametrize("text", ["s5:asm:1", "rot:6", "w1>Z", "01,0>1,0:1", "draw:T37",
                                  "s1:build:ZZ@2", "0,0>1,0:100"])
def test_a_text_no_form_reads_has_no_typed_action(text: str) -> None:
    assert grammar.action(text) is None


def test_the_tables_of_ids_are_derived_from_the_grammar_forms() -> None:
    assert [(f.verb, f.template) for f in action_table.FORMS] == [
        (f.verb, f.template) for f in grammar.FORMS]
    assert (action_table.COUNT, action_table.CHANCE_COUNT) == (153_698, 40)
    assert (choices.FIRST_COUNT, choices.COUNT) == (2845, 3124)
    assert choices.TWO_STEP == ("tree", "upgrade", "bonus", "rei", "stealth", "burn", "bomb",
                                "conv", "frighten", "move", "kill")


def test_the_move_texts_of_a_pair_of_hexes_are_the_grammar_texts_of_its_moves() -> None:
    a, b = hex_of(-3, 2), hex_of(10, -11)
    assert grammar.move_texts(a, b) == tuple(grammar.text(Move(a, b, k)) for k in range(1, 14))


#: The words of the forms' texts: each literal piece of a template with a sign of the notation
#: (``tree:``, ``stealth@``, ``:fly``...), and the whole texts with no field (``done``).
_PIECES = {piece.lstrip(":") if set(piece.lstrip(":")) & set(":@>/<") else piece
           for form in grammar.FORMS for piece in re.split(r"\{\w+\}", form.template)
           if len(piece) > 2 and set(piece) & set(":@>/<")}
#: A word of a form where a word starts (``setup:`` holds no ``up:``).
_WORD = re.compile("|".join(rf"(?<![a-z]){re.escape(piece)}" for piece in sorted(_PIECES)))
_WHOLE = {form.template for form in grammar.FORMS if not form.names}
#: The signs that join a form's fields (``q,r>q2,r2:k``, ``s1:bomb@1.2<q,r``).
_SIGNS = {">", ":", "@", "<", "/", "."}
#: The names an action text goes by in the rules and bots.
_TEXT_NAMES = {"action", "text", "a", "outcome", "label"}


def _text_handling(path: Path) -> list[str]:
    """Return the places of a module that write or read an action text outside the grammar: a
    string or f-string holding a word of a form ("tree:", "s1:" ... "stealth@") or a whole
    text ("done"), an f-string joining fields with a form's signs, a slice or index of an
    action text, a split, partition or prefix test, a regular expression."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = ast_checks.docstrings(tree)
    pieces_of_fstrings = {id(piece) for node in ast.walk(tree)
                          if isinstance(node, ast.JoinedStr) for piece in node.values}
    found = []
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.JoinedStr):
            pieces = [str(v.value) for v in node.values if isinstance(v, ast.Constant)]
            if any(_WORD.search(s) for s in pieces):
                found.append(f"{where} f-string with a form's word")
            elif any(isinstance(before, ast.FormattedValue) and isinstance(piece, ast.Constant)
                     and piece.value in _SIGNS
                     for before, piece in zip(node.values, node.values[1:], strict=False)):
                found.append(f"{where} f-string joining fields with a form's sign")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings | pieces_of_fstrings:
            if node.value in _WHOLE or _WORD.search(node.value):
                found.append(f"{where} {node.value!r}")
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                and node.value.id in _TEXT_NAMES and not isinstance(node.slice, ast.Name):
            found.append(f"{where} {node.value.id}[...]")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("split", "rsplit", "partition", "rpartition",
                                       "startswith", "endswith"):
            found.append(f"{where} .{node.func.attr}()")
        elif isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                alias.name == "re" for alias in node.names):
            found.append(f"{where} import re")
    return found


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.glob("*.py") if p.name not in GRAMMAR_MODULES)


def test_no_module_but_the_grammar_writes_or_reads_an_action_text() -> None:
    modules = [*_modules(), Path(attack.__file__)]
    assert len(modules) > 18
    assert [place for path in modules for place in _text_handling(path)] == []


def test_the_check_finds_the_text_handling_it_forbids(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring may say "done" and "tree:0,0/1"."""\n'
        "import re\n"
        "def apply_kill(w, action):\n"
        "    who, _, spot = action[5:].partition('@')\n"
        "    return [f\"kill:{who}@{spot}\", f\"{who}>{spot}:1\", 'done', action.split(':'),\n"
        "            action.startswith('s1:stealth@')]\n")
    assert sorted(place.split(" ", 1)[1] for place in _text_handling(sample)) == sorted([
        "import re", "action[...]", ".partition()", "f-string with a form's word",
        "f-string joining fields with a form's sign", "'done'", ".split()", ".startswith()",
        "'s1:stealth@'"])


def _doc_rows() -> list[str]:
    """Return the rows of docs/notation.md's table of Meeple War actions."""
    doc = (Path(__file__).resolve().parents[3] / "docs" / "notation.md").read_text()
    section = doc.split("## Meeple War", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| ") and "`" in line]


def test_the_notation_doc_gives_texts_of_the_grammar_for_every_verb() -> None:
    examples = [text for row in _doc_rows() for text in re.findall(r"`([^`]+)`",
                                                                   row.split(" | ")[2])]
    assert examples
    assert [text for text in examples if grammar.action(text) is None] == []
    verbs = {grammar.verb(grammar.action(text)) for text in examples}
    assert verbs == {form.verb for form in grammar.FORMS}
