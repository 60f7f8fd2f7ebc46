"""Fixed action tables built from a game's action grammar: one stable integer id per action text.

OpenSpiel and the learning environments need every action a game can produce numbered once and
for all, whatever the state. A table is a list of forms, one line each: the verb, the text with
its typed fields ``{name}``, and each field's finite domain (the texts its values take), in the
order the fields appear:

    Form("rei", "s{slot}:rei:{count}@{hex}", SLOTS, COUNTS, HEXES)

A form's ids are one block, ``offset + sum(index * stride)`` over its fields, the last field
varying fastest; the blocks follow in the order of the forms, so a form added at the end of its
part leaves every other id unchanged. Chance outcomes (``chance=True``: a tile drawn, a die rolled)
are numbered apart from the players' actions, from 0, as OpenSpiel numbers chance outcomes apart.

A field of seats (:class:`Seats`) can be numbered from a player's own seat: relative ids
(:meth:`Space.seat_relative`) let one policy play every seat, as seat-relative observations do.

A domain can be relative to the field before it (:class:`Steps`: the six hexes next to it) so
that a step costs six ids, not one per hex. An id whose text cannot be written (a step off the
table's hexes) names no action, like Sparta's moves off the board: :meth:`Table.action_text`
refuses it and no legal action ever has it.

A game whose actions name places that only a state can tell apart (Meeple War: hexes on a board
with no edge) gives its table :class:`Labels`: its forms then take the state-free *labels* of
those places (Meeple War: a tile, or a side of a tile), and ``action_id(text, state)`` /
``action_text(number, state)`` go through them; a form with no such field has the same text
either way, so a state is needed only when the text names a place.

A form may also define a typed action (``action=``, a NamedTuple per verb, with the fields the
form fixes and the constant parts it adds), each domain giving its texts their typed values and
parts: a :class:`Grammar` of such forms is the game's one grammar, the typed action of every text,
the text and the parts of every typed action (Rise of Tribes' ``grammar.py``).

A table is built against the game's grammar (``verbs``): a form whose verb the grammar does not
have yet is left out (``Table.waiting``: the chance outcomes of a game still moving onto explicit
chance), and a grammar verb without a form is listed in ``Table.missing`` (the tests require it
empty).
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from meeples.core.errors import IllegalAction

#: Above this many texts, the cache of ids by text starts again (a long run stays bounded).
_CACHE_LIMIT = 1 << 18


class Values:
    """A field's domain: the texts of its values, in id order; with each text, the value a
    typed action holds (``items``, by default the value given: ``Values(range(9))`` holds ints)
    and the JSON value its parts carry (``parts``, by default the value given; a tuple is sent
    as a list)."""

    def __init__(self, values: Iterable[object], pattern: str = r"[^\s]+?", *,
                 items: Iterable[object] | None = None,
                 parts: Iterable[object] | None = None) -> None:
        given = tuple(values)
        self.values = tuple(str(value) for value in given)
        self.index = {value: number for number, value in enumerate(self.values)}
        if len(self.index) != len(self.values):
            raise ValueError("a domain lists each value once")
        self.pattern = pattern
        self.items = given if items is None else tuple(items)
        self.parts = given if parts is None else tuple(parts)
        #: The index of each typed value.
        self.item_index = {item: number for number, item in enumerate(self.items)}
        if len(self.items) != len(self.values) or len(self.parts) != len(self.values) \
                or len(self.item_index) != len(self.values):
            raise ValueError("a domain gives one typed value and one part to each text, "
                             "each typed value once")

    def __len__(self) -> int:
        return len(self.values)

    def text(self, number: int, before: str | None) -> str | None:
        """Return the text of a value (``before``: the previous field's text, unused here)."""
        return self.values[number]

    def number(self, text: str, before: str | None) -> int | None:
        """Return the index of a value's text, or None when it is not in the domain."""
        return self.index.get(text)


class Seats(Values):
    """A field whose values are seats, ``0`` to ``count - 1``: ids relative to a player turn
    them (:meth:`Space.seat_relative`), as observations number seats from their observer."""

    def __init__(self, count: int, pattern: str = r"\d") -> None:
        super().__init__(range(count), pattern)


def relative_seat(seat: int, player: int, players: int) -> int:
    """Return a seat as ``player`` numbers seats: itself 0, the next 1... (a seat beyond the
    game's players, never legal, stays as it is, so the numbering stays a permutation)."""
    return (seat - player) % players if seat < players else seat


class Steps(Values):
    """A domain relative to the previous field: its value is that field's value moved by one of
    a few steps (``forward(before, step)``, None off the table; ``backward`` undoes it)."""

    def __init__(
        self,
        steps: int,
        forward: Callable[[str, int], str | None],
        backward: Callable[[str, str], int | None],
        pattern: str = r"[^\s]+?",
    ) -> None:
        super().__init__(range(steps), pattern)
        self.forward = forward
        self.backward = backward

    def text(self, number: int, before: str | None) -> str | None:
        return None if before is None else self.forward(before, number)

    def number(self, text: str, before: str | None) -> int | None:
        return None if before is None else self.backward(before, text)


@dataclass(frozen=True)
class Form:
    """One form of action text: its verb, its template and the domains of its fields.

    A form of a game with typed actions names its ``action`` class (a NamedTuple, one per verb):
    its template's fields are fields of the class (a trailing ``_`` is left out of the parts'
    key: ``{from_}`` is the part ``from``), ``fixed`` gives the fields the form sets without a
    field in its text (a flag, ``focus=True`` for ``grow S!``), every other field keeps its
    default (None: the form leaves it out), and ``extra`` parts are added to the action's parts
    (constants a client is told, ``event="MA"``).
    """

    verb: str
    template: str
    domains: tuple[Values, ...]
    chance: bool = False
    action: type[tuple[Any, ...]] | None = None
    fixed: tuple[tuple[str, object], ...] = ()
    extra: tuple[tuple[str, object], ...] = ()
    names: tuple[str, ...] = field(init=False)
    regex: re.Pattern[str] = field(init=False)
    size: int = field(init=False)
    prefix: str = field(init=False)

    def __init__(self, verb: str, template: str, *domains: Values, chance: bool = False,
                 action: type[tuple[Any, ...]] | None = None,
                 fixed: Mapping[str, object] | None = None,
                 extra: Mapping[str, object] | None = None) -> None:
        names = tuple(re.findall(r"\{(\w+)\}", template))
        if len(names) != len(domains):
            raise ValueError(f"{template!r}: {len(names)} fields, {len(domains)} domains")
        pieces = re.split(r"\{\w+\}", template)
        pattern = re.escape(pieces[0]) + "".join(
            f"(?P<{name}>{domain.pattern}){re.escape(piece)}"
            for name, domain, piece in zip(names, domains, pieces[1:], strict=True)
        )
        fields = getattr(action, "_fields", ())
        fixed_items = tuple((fixed or {}).items())
        if action is not None and not set(names) | {name for name, _ in fixed_items} \
                <= set(fields):
            raise ValueError(f"{template!r}: a field that {action.__name__} does not have")
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "domains", domains)
        object.__setattr__(self, "chance", chance)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "fixed", fixed_items)
        object.__setattr__(self, "extra", tuple((extra or {}).items()))
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "regex", re.compile(pattern))
        object.__setattr__(self, "size", math.prod(len(domain) for domain in domains))
        object.__setattr__(self, "prefix", pieces[0])

    def number(self, text: str) -> int | None:
        """Return the index of a text within this form's block, or None when it is not one."""
        found = self.regex.fullmatch(text)
        if found is None:
            return None
        index, before = 0, None
        for name, domain in zip(self.names, self.domains, strict=True):
            value = found.group(name)
            number = domain.number(value, before)
            if number is None:
                return None
            index = index * len(domain) + number
            before = value
        return index

    def _numbers(self, text: str) -> list[int] | None:
        """Return the index of each field's value in its domain, or None: not this form."""
        found = self.regex.fullmatch(text)
        if found is None:
            return None
        numbers, before = [], None
        for name, domain in zip(self.names, self.domains, strict=True):
            value = found.group(name)
            number = domain.number(value, before)
            if number is None:
                return None
            numbers.append(number)
            before = value
        return numbers

    def text(self, index: int) -> str | None:
        """Return the text of an index within this form's block (None: a hole)."""
        numbers = []
        for domain in reversed(self.domains):
            index, number = divmod(index, len(domain))
            numbers.append(number)
        values: list[str] = []
        before = None
        for domain, number in zip(self.domains, reversed(numbers), strict=True):
            value = domain.text(number, before)
            if value is None:
                return None
            values.append(value)
            before = value
        return self.template.format_map(dict(zip(self.names, values, strict=True)))

    def _text(self, numbers: Sequence[int]) -> str | None:
        """Return the text of the values with these indices (None: a hole)."""
        values: list[str] = []
        before = None
        for domain, number in zip(self.domains, numbers, strict=True):
            value = domain.text(number, before)
            if value is None:
                return None
            values.append(value)
            before = value
        return self.template.format_map(dict(zip(self.names, values, strict=True)))

    # -- typed actions --------------------------------------------------------------------------

    def typed(self, text: str) -> tuple[Any, ...] | None:
        """Return the typed action of a text of this form, or None when it is not one."""
        numbers = self._numbers(text)
        return None if numbers is None else self.typed_at(numbers)

    def typed_at(self, numbers: Sequence[int]) -> tuple[Any, ...] | None:
        """Return the typed action whose fields have these indices in their domains."""
        if self.action is None:
            return None
        values = {name: domain.items[number]
                  for name, domain, number in zip(self.names, self.domains, numbers, strict=True)}
        return self.action(**values, **dict(self.fixed))

    def every(self) -> Iterable[tuple[tuple[Any, ...], str]]:
        """Yield every typed action of this form with its text (holes left out)."""
        sizes = [range(len(domain)) for domain in self.domains]
        for numbers in itertools.product(*sizes):
            text = self._text(numbers)
            action = self.typed_at(numbers)
            if text is not None and action is not None:
                yield action, text

    def fits(self, action: tuple[Any, ...]) -> bool:
        """Return whether a typed action (of this form's class) is written in this form."""
        fixed = dict(self.fixed)
        defaults = getattr(self.action, "_field_defaults", {})
        for name, value in zip(getattr(self.action, "_fields", ()), action, strict=True):
            if name in self.names:
                if value is None:
                    return False
            elif value != fixed.get(name, defaults.get(name)):
                return False
        return True

    def numbers_of(self, action: tuple[Any, ...]) -> list[int] | None:
        """Return the index of each of a typed action's fields in its domain (None: a value
        outside its domain)."""
        numbers = []
        for name, domain in zip(self.names, self.domains, strict=True):
            number = domain.item_index.get(getattr(action, name))
            if number is None:
                return None
            numbers.append(number)
        return numbers

    def parts_of(self, action: tuple[Any, ...], numbers: Sequence[int]) -> dict[str, Any]:
        """Return the parts of a typed action of this form (``numbers``: :meth:`numbers_of`):
        its verb, then every field of its class in order, then the form's extra parts."""
        parts: dict[str, Any] = {"verb": self.verb}
        given = dict(zip(self.names, numbers, strict=True))
        for name, value in zip(getattr(self.action, "_fields", ()), action, strict=True):
            number = given.get(name)
            if number is not None:
                value = self.domains[self.names.index(name)].parts[number]
            parts[name.rstrip("_")] = list(value) if isinstance(value, tuple) else value
        parts.update(self.extra)
        return parts


class Grammar:
    """A game's action grammar: its forms, each defining a typed action (:class:`Form`), and
    from them the text of every typed action, the typed action of every text and its parts.

    The typed actions of different verbs are different classes, but NamedTuples of equal
    values compare equal (``Add(2) == Site(2)``): the texts are kept per class.
    """

    def __init__(self, forms: Sequence[Form]) -> None:
        self.forms = tuple(forms)
        by_class: dict[type, list[Form]] = {}
        for form in self.forms:
            if form.action is None:
                raise ValueError(f"{form.template!r}: a grammar's forms name their action class")
            by_class.setdefault(form.action, []).append(form)
        self.by_class = {cls: tuple(forms) for cls, forms in by_class.items()}
        #: The verb of each action class.
        self.verbs = {cls: forms[0].verb for cls, forms in self.by_class.items()}
        self._actions: dict[str, tuple[Any, ...]] = {}
        self._texts: dict[type, dict[tuple[Any, ...], str]] = {cls: {} for cls in self.by_class}
        self._tables: dict[type, dict[Any, str]] = {}

    def action(self, text: str) -> Any:
        """Return the typed action of a text, or None when no form has it."""
        found = self._actions.get(text)
        if found is not None or not isinstance(text, str):
            return found
        for form in self.forms:
            if text.startswith(form.prefix):
                found = form.typed(text)
                if found is not None:
                    if len(self._actions) >= _CACHE_LIMIT:
                        self._actions.clear()
                    self._actions[text] = found
                    return found
        return None

    def _form(self, action: tuple[Any, ...]) -> tuple[Form, list[int]]:
        """Return the form of a typed action and its fields' indices.

        Raises:
            ValueError: no form writes that action (a value outside its domain).
        """
        for form in self.by_class.get(type(action), ()):
            if form.fits(action):
                numbers = form.numbers_of(action)
                if numbers is not None:
                    return form, numbers
        raise ValueError(f"{action!r} is no action of the grammar")

    def form(self, action: tuple[Any, ...]) -> tuple[Form, list[int]]:
        """Return the form that writes a typed action, and the index of each of its fields in
        its domain.

        Raises:
            ValueError: no form writes that action (a value outside its domain).
        """
        return self._form(action)

    def text(self, action: tuple[Any, ...]) -> str:
        """Return the text of a typed action.

        Raises:
            ValueError: no form writes that action.
        """
        texts = self._texts.get(type(action))
        found = None if texts is None else texts.get(action)
        if found is None:
            form, numbers = self._form(action)
            found = form._text(numbers)
            if found is None or texts is None:
                raise ValueError(f"{action!r} is no action of the grammar")
            if len(texts) >= _CACHE_LIMIT:
                texts.clear()
            texts[action] = found
            self._learn(found, action)  # the rules play most texts they write
        return found

    def _learn(self, text: str, action: tuple[Any, ...]) -> None:
        """Keep the typed action of a text written (read back without parsing)."""
        if len(self._actions) >= _CACHE_LIMIT:
            self._actions.clear()
        self._actions[text] = action

    def parts(self, action: tuple[Any, ...]) -> dict[str, Any]:
        """Return the parts of a typed action: ``{"verb": ..., <fields>}``, JSON-ready.

        Raises:
            ValueError: no form writes that action.
        """
        form, numbers = self._form(action)
        return form.parts_of(action, numbers)

    def verb(self, action: tuple[Any, ...]) -> str:
        """Return the verb of a typed action."""
        return self.verbs[type(action)]

    def texts(self, cls: type[tuple[Any, ...]]) -> Mapping[Any, str]:
        """Return the text of every action of a class, by its field values: the value itself
        for a class of one field (``texts(Site)[h]``), else the tuple of them, every field
        given (``texts(Village)[h, None, True]``; the typed action is such a tuple too).

        For the hot paths of legal-action generators: a subscript costs a tenth of building
        the typed action and asking :meth:`text` (built once per class, on first use).
        """
        found = self._tables.get(cls)
        if found is None:
            single = len(getattr(cls, "_fields", ())) == 1
            every = [pair for form in self.by_class[cls] for pair in form.every()]
            found = self._tables[cls] = {
                (action[0] if single else tuple(action)): text for action, text in every}
            for action, text in every:
                self._learn(text, action)
        return found


class Labels(Protocol):
    """A game's state-dependent names: an action text's places to and from their labels."""

    def label(self, text: str, state: Any) -> str:
        """Return the table's text of an action text in a state (its places as labels).

        Raises:
            IllegalAction: a place of the text has no label in that state.
        """

    def unlabel(self, text: str, state: Any) -> str | None:
        """Return the action text of a table's text in a state, None when a label names no
        place there."""


class Space:
    """The ids of some forms: each form's block after the previous one's."""

    def __init__(self, forms: Sequence[Form]) -> None:
        self.forms = tuple(forms)
        self.offsets = tuple(sum(f.size for f in self.forms[:i]) for i in range(len(self.forms)))
        self.count = sum(f.size for f in self.forms)
        self._ids: dict[str, int] = {}
        self._relative: dict[tuple[int, int], tuple[int, ...]] = {}

    def number(self, text: str) -> int | None:
        """Return the id of a text, or None when no form of this space has it."""
        found = self._ids.get(text)
        if found is not None:
            return found
        for offset, form in zip(self.offsets, self.forms, strict=True):
            index = form.number(text)
            if index is not None:
                if len(self._ids) >= _CACHE_LIMIT:
                    self._ids.clear()
                self._ids[text] = offset + index
                return offset + index
        return None

    def text(self, number: int) -> str | None:
        """Return the text of an id, or None for a hole or an id out of range."""
        if not 0 <= number < self.count:
            return None
        position = bisect.bisect_right(self.offsets, number) - 1
        return self.forms[position].text(number - self.offsets[position])

    def form(self, number: int) -> Form:
        """Return the form whose block holds an id (within range)."""
        return self.forms[bisect.bisect_right(self.offsets, number) - 1]

    def seat_relative(self, player: int, players: int) -> tuple[int, ...]:
        """Return, for each id, the id of the same action as ``player`` numbers seats (its
        :class:`Seats` fields turned by :func:`relative_seat`, every other field kept): a
        permutation of the ids, the identity for player 0.

        Raises:
            ValueError: the player is not one of the players.
        """
        if not 0 <= player < players:
            raise ValueError(f"player {player} is not one of {players} players")
        found = self._relative.get((player, players))
        if found is not None:
            return found
        out = list(range(self.count))
        if player:
            for offset, form in zip(self.offsets, self.forms, strict=True):
                turned = [i for i, domain in enumerate(form.domains) if isinstance(domain, Seats)]
                if not turned:
                    continue
                sizes = [len(domain) for domain in form.domains]
                strides = [math.prod(sizes[i + 1:]) for i in range(len(sizes))]
                for index in range(form.size):
                    moved = index
                    for i in turned:
                        seat = index // strides[i] % sizes[i]
                        moved += (relative_seat(seat, player, players) - seat) * strides[i]
                    out[offset + index] = offset + moved
        found = self._relative[player, players] = tuple(out)
        return found

    def block(self, verb: str) -> tuple[int, int]:
        """Return the first id and the number of ids of a verb's forms (together)."""
        spans = [(offset, form.size) for offset, form in zip(self.offsets, self.forms, strict=True)
                 if form.verb == verb]
        if not spans:
            raise KeyError(verb)
        return spans[0][0], sum(size for _, size in spans)


class Table:
    """A game's fixed action table: the players' actions, and apart, the chance outcomes.

    Built from every form whose verb the game's grammar has (all of them when ``verbs`` is
    None); the internal actions of the games that use it are their texts.
    """

    def __init__(self, title: str, forms: Sequence[Form], verbs: Iterable[str] | None = None,
                 hint: str = "", labels: Labels | None = None) -> None:
        known = None if verbs is None else frozenset(verbs)
        kept = [f for f in forms if known is None or f.verb in known]
        self.title = title
        self.hint = hint
        #: The game's state-dependent names, or None: every text is the table's text.
        self.labels = labels
        self.waiting = tuple(f.verb for f in forms if f not in kept)
        self.missing = tuple(sorted(known - {f.verb for f in kept})) if known else ()
        self.decisions = Space([f for f in kept if not f.chance])
        self.outcomes = Space([f for f in kept if f.chance])
        self.COUNT = self.decisions.count
        self.CHANCE_COUNT = self.outcomes.count

    def seat_relative(self, player: int, players: int) -> tuple[int, ...]:
        """Return, for each action id, the id of the same action as ``player`` numbers seats
        (:meth:`Space.seat_relative`; chance outcomes are nobody's and keep theirs)."""
        return self.decisions.seat_relative(player, players)

    def action_id(self, text: str, state: Any = None) -> int:
        """Return the id of a player's action text (in ``state``, for a table with labels; a
        text naming no place needs none).

        Raises:
            IllegalAction: no action of the table has that text.
        """
        if self.labels is not None and state is not None and isinstance(text, str):
            text = self.labels.label(text, state)
        number = self.decisions.number(text) if isinstance(text, str) else None
        if number is None:
            raise IllegalAction(f"{text!r} is not a {self.title} action of the action table"
                                f"{self.hint}")
        return number

    def action_text(self, number: int, state: Any = None) -> str:
        """Return the action text of an id (in ``state``, for a table with labels: without
        one, the table's text with its labels).

        Raises:
            IllegalAction: not an id, or an id that names no action (in that state).
        """
        text = self.decisions.text(_index(number))
        if text is None:
            raise IllegalAction(f"{number!r} is not the id of a {self.title} action (0 to"
                                f" {self.COUNT - 1}, some naming no action)")
        if self.labels is not None and state is not None:
            found = self.labels.unlabel(text, state)
            if found is None:
                raise IllegalAction(f"{number!r} ({text}) names no {self.title} action in this"
                                    f" state: a place it labels is not there")
            text = found
        return text

    def chance_id(self, text: str) -> int:
        """Return the id of a chance outcome's text.

        Raises:
            IllegalAction: no chance outcome of the table has that text.
        """
        number = self.outcomes.number(text) if isinstance(text, str) else None
        if number is None:
            raise IllegalAction(f"{text!r} is not a {self.title} chance outcome of the table")
        return number

    def chance_text(self, number: int) -> str:
        """Return the text of a chance outcome's id.

        Raises:
            IllegalAction: not the id of a chance outcome.
        """
        text = self.outcomes.text(_index(number))
        if text is None:
            raise IllegalAction(f"{number!r} is not the id of a {self.title} chance outcome (0 to"
                                f" {self.CHANCE_COUNT - 1})")
        return text

    def texts(self, numbers: Iterable[int], state: Any = None) -> list[str]:
        """Return the action texts of ids (in ``state``, as :meth:`action_text`)."""
        return [self.action_text(number, state) for number in numbers]

    def ids(self, actions: Iterable[str], state: Any = None) -> list[int]:
        """Return the ids of actions (the games that use a table keep actions as their texts;
        in ``state``, as :meth:`action_id`)."""
        return [self.action_id(action, state) for action in actions]

    def action(self, number: int, state: Any = None) -> str:
        """Return the internal action of an id: its text."""
        return self.action_text(number, state)


def _index(number: object) -> int:
    """Return a whole number (an int or a NumPy integer), or -1 for anything else."""
    try:
        return operator.index(number)  # type: ignore[arg-type]
    except TypeError:
        return -1
