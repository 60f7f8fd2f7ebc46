"""The core grammar (meeples.core.actiontable.Grammar): forms that define typed actions, and the
texts, typed actions, parts and tables of texts derived from them, on a small grammar of its
own (a game's grammars are tested in their folders)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from meeples.core.actiontable import Form, Grammar, Seats, Table, Values


class Step(NamedTuple):
    from_: int
    to: int


class Shoot(NamedTuple):
    seat: int | None = None
    wild: bool = False


class Hand(NamedTuple):
    cards: tuple[int, ...]


class Wait(NamedTuple):
    pass


CELLS = Values("abc", "[a-c]", items=range(3))
HANDS = Values(("x", "x y", "y"), "[xy](?: [xy])?", items=((0,), (0, 1), (1,)),
               parts=(("x",), ("x", "y"), ("y",)))
FORMS = (
    Form("step", "{from_}-{to}", CELLS, CELLS, action=Step),
    Form("shoot", "shoot {seat}", Seats(2), action=Shoot, fixed={"wild": False},
         extra={"weapon": "bow"}),
    Form("shoot", "shoot wild", action=Shoot, fixed={"wild": True}, extra={"weapon": "bow"}),
    Form("hand", "hand {cards}", HANDS, action=Hand, chance=True),
    Form("wait", "wait", action=Wait),
)
GRAMMAR = Grammar(FORMS)


@pytest.mark.parametrize(("text", "action"), [
    ("a-c", Step(0, 2)), ("shoot 1", Shoot(1)), ("shoot wild", Shoot(None, True)),
    ("hand x y", Hand((0, 1))), ("wait", Wait()),
])
def test_a_text_and_its_typed_action_are_one(text: str, action: tuple[object, ...]) -> None:
    assert GRAMMAR.action(text) == action
    assert type(GRAMMAR.action(text)) is type(action)
    assert GRAMMAR.text(action) == text


def test_parts_name_the_verb_every_field_and_the_extra_parts_with_keyword_names_unescaped(
        ) -> None:
    assert GRAMMAR.parts(Step(0, 2)) == {"verb": "step", "from": "a", "to": "c"}
    assert GRAMMAR.parts(Shoot(None, True)) == {"verb": "shoot", "seat": None, "wild": True,
                                                "weapon": "bow"}
    assert GRAMMAR.parts(Hand((0, 1))) == {"verb": "hand", "cards": ["x", "y"]}


@pytest.mark.parametrize("text", ["a-d", "shoot 2", "shoot", "hand y x", "waiting", ""])
def test_a_text_outside_every_domain_has_no_action(text: str) -> None:
    assert GRAMMAR.action(text) is None


@pytest.mark.parametrize("action", [Step(0, 3), Shoot(None, False), Shoot(1, True),
                                    Hand((1, 0))])
def test_an_action_no_form_writes_is_refused(action: tuple[object, ...]) -> None:
    with pytest.raises(ValueError, match="no action of the grammar"):
        GRAMMAR.text(action)
    with pytest.raises(ValueError, match="no action of the grammar"):
        GRAMMAR.parts(action)


def test_equal_tuples_of_two_classes_keep_their_own_texts() -> None:
    class Jump(NamedTuple):
        from_: int
        to: int

    grammar = Grammar((*FORMS, Form("jump", "jump {from_}-{to}", CELLS, CELLS, action=Jump)))
    assert Jump(0, 1) == Step(0, 1)  # type: ignore[comparison-overlap]
    assert (grammar.text(Step(0, 1)), grammar.text(Jump(0, 1))) == ("a-b", "jump a-b")


def test_the_table_of_texts_keys_one_field_by_its_value_and_more_by_their_tuple() -> None:
    assert GRAMMAR.texts(Hand) == {(0,): "hand x", (0, 1): "hand x y", (1,): "hand y"}
    steps = GRAMMAR.texts(Step)
    assert len(steps) == 9 and steps[2, 0] == "c-a" and steps[Step(1, 1)] == "b-b"
    assert GRAMMAR.texts(Shoot) == {(0, False): "shoot 0", (1, False): "shoot 1",
                                    (None, True): "shoot wild"}


def test_a_table_of_the_same_forms_numbers_the_texts_as_before() -> None:
    table = Table("toy", FORMS)
    assert [table.action_text(n) for n in range(table.COUNT)] == [
        "a-a", "a-b", "a-c", "b-a", "b-b", "b-c", "c-a", "c-b", "c-c", "shoot 0", "shoot 1",
        "shoot wild", "wait"]
    assert [table.chance_text(n) for n in range(table.CHANCE_COUNT)] == [
        "hand x", "hand x y", "hand y"]


def test_a_grammar_form_names_its_action_class_and_only_its_fields() -> None:
    with pytest.raises(ValueError, match="name their action class"):
        Grammar((Form("wait", "wait"),))
    with pytest.raises(ValueError, match="a field that Step does not have"):
        Form("step", "{from_}>{where}", CELLS, CELLS, action=Step)


def test_a_domain_gives_one_typed_value_and_one_part_to_each_text() -> None:
    with pytest.raises(ValueError, match="one typed value and one part"):
        Values("ab", items=(0,))
    with pytest.raises(ValueError, match="each typed value once"):
        Values("ab", items=(0, 0))
