"""Meeple War's fixed action table: one id per action, from the grammar's forms.

One block per form of :data:`meeples.games.meeple_war.grammar.FORMS` (built by
:mod:`meeples.core.actiontable`), its hex fields turned into places (:func:`table_domain`).
The fields' domains: seats 0-3, village slots and spots 1-4,
workers 1-4, sides 0-2, rotations 0-5, the five upgrade tokens, the ten building codes, the
nodes of the buildings' paths (``S``, ``a``-``c``, ``L1``-``L3``, construction ``c0``-``c9``),
counts of meeples 1-13 (a player has 13), the 36 tiles, and the places of the board.

The board has no edge (sheet, "Exploration limits": none but the pile), so a hex's coordinates
cannot be numbered once and for all. But an action only ever names a hex that is a placed tile,
a village slot, or an empty hex next to a placed tile (explored, entered, or across a forest
edge), and there are only 36 tiles, each placed once. So the table numbers *places*, each named
from the state alone (:func:`places`):

- a placed tile: its id, ``T01`` to ``T36`` (wherever it lies);
- a village slot hex: its coordinates (``q,r``: fixed for each layout; the union of the three
  layouts, :data:`VILLAGE_HEXES`);
- an empty hex next to a placed tile: ``Tnn+d``, the lowest-numbered placed tile next to it and
  the side (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE) of that tile it lies on.

A tile comes first, then a village slot of the state's layout, then an empty hex: each hex of a
state has one place and each place one hex, so distinct actions have distinct ids in every state.
An action text and its id convert through the state: ``action_id(text, state)``,
``action_text(number, state)`` (a Meeple War state, ``rules``' inner one); a text with no hex
(``done``, ``w1>a``, ``s2:asm:3``, ``rot:4``) needs none, and without a state a text is the
table's own (``T05>T05+2:3``). The fields' domains follow the rules: the hexes that can only be
territories (a move's origin, an upgrade, a bonus, a reinforcement, Stealth, Burn, a Bomb's or a
Conversion's meeple, Flying Troops, a frightened meeple's both hexes, an altar's kill) range over
the 36 tiles; an exploration over the empty hexes; a move's destination, a Tree's edge, a bravery
meeple and a battle over every place.

Chance outcomes, numbered apart (OpenSpiel's chance outcome ids): the first player
(``first:P``) and the tile drawn for an explored hex (``draw:Tnn``).
"""

from __future__ import annotations

import bisect
from functools import lru_cache
from typing import Any

from meeples.core.actiontable import Form, Table, Values
from meeples.core.errors import IllegalAction
from meeples.games.meeple_war import grammar
from meeples.games.meeple_war.board import DELTA, SLOT_HEXES, hex_name
from meeples.games.meeple_war.data import (
    DIRECTIONS,
    MEEPLES_PER_PLAYER,
    TILES,
)

#: The village slot hexes of every layout (2, 3 and 4 players), in hex code order.
VILLAGE_HEXES = tuple(hex_name(h) for h in sorted(
    {h for seats in SLOT_HEXES.values() for seat in seats for h in seat}))
#: The village slot hexes of each player count.
_VILLAGE = {n: tuple(h for seat in seats for h in seat) for n, seats in SLOT_HEXES.items()}
TILE_PLACES = tuple(tile.id for tile in TILES)
EMPTY_PLACES = tuple(f"{tile}+{side}" for tile in TILE_PLACES for side in range(len(DIRECTIONS)))
#: Every place, in id order: the tiles, the empty hexes next to them, the village slots.
PLACES = (*TILE_PLACES, *EMPTY_PLACES, *VILLAGE_HEXES)

#: The grammar's domains of the fields that name no hex.
SEAT, SLOTS, SIDES, ROTATIONS = grammar.SEAT, grammar.SLOTS, grammar.SIDES, grammar.ROTATIONS
TOKENS, BUILDINGS, NODES = grammar.TOKENS, grammar.BUILDINGS, grammar.NODES
TILE_IDS = grammar.TILE_IDS


_PLACE = r"T\d\d(?:\+[0-5])?|-?\d{1,2},-?\d{1,2}"
PLACE = Values(PLACES, _PLACE)
TILE = Values(TILE_PLACES, r"T\d\d")
EMPTY = Values(EMPTY_PLACES, r"T\d\d\+[0-5]")


@lru_cache(maxsize=4096)
def _places(players: int, tiles: tuple[tuple[int, int, int], ...]) -> tuple[dict[str, str],
                                                                               dict[str, str]]:
    names: dict[str, str] = {}
    for h, index, _ in tiles:
        names[hex_name(h)] = TILE_PLACES[index]
    for h in _VILLAGE[players]:
        names.setdefault(hex_name(h), hex_name(h))
    for h, index, _ in sorted(tiles, key=lambda entry: entry[1]):
        for side, delta in enumerate(DELTA):
            names.setdefault(hex_name(h + delta), f"{TILE_PLACES[index]}+{side}")
    return names, {place: name for name, place in names.items()}


def places(state: Any) -> dict[str, str]:
    """Return the place of each hex an action can name in a state (hex name -> place)."""
    return _places(state.players, state.tiles)[0]


class _Labels:
    """Meeple War's state-dependent names: hexes to places and back (see the module), through
    the typed actions of the grammar: a hex field's value is written as its place."""

    def label(self, text: str, state: Any) -> str:
        typed = grammar.action(text)
        if typed is None:
            return text  # no action: the table has no id for it
        form, numbers = grammar.GRAMMAR.form(typed)
        names = _places(state.players, state.tiles)[0]
        values = {}
        for name, domain, number in zip(form.names, form.domains, numbers, strict=True):
            value = domain.values[number]
            if isinstance(domain, grammar.Hexes):
                place = names.get(value)
                if place is None:
                    raise IllegalAction(
                        f"{text!r}: hex {value} is neither a tile, a village slot nor next to a"
                        f" tile, so no Meeple War action names it")
                value = place
            values[name] = value
        return _TABLE_FORMS[id(form)].template.format_map(values)

    def unlabel(self, text: str, state: Any) -> str | None:
        number = TABLE.decisions.number(text)
        if number is None:
            return None
        at = bisect.bisect_right(TABLE.decisions.offsets, number) - 1
        table, form = TABLE.decisions.forms[at], _GRAMMAR_FORMS[at]
        index = number - TABLE.decisions.offsets[at]
        indices = []
        for domain in reversed(table.domains):
            index, found = divmod(index, len(domain))
            indices.append(found)
        hexes = _places(state.players, state.tiles)[1]
        numbers = []
        for domain, own, found in zip(form.domains, table.domains, reversed(indices),
                                      strict=True):
            value = own.values[found]
            if isinstance(domain, grammar.Hexes):
                hex_text = hexes.get(value)
                if hex_text is None:
                    return None
                value = hex_text
            numbers.append(domain.index[value])
        typed = form.typed_at(numbers)
        return None if typed is None else grammar.text(typed)


LABELS = _Labels()


#: The table's domain of each kind of hex field of the grammar (``grammar.Hexes``), and of
#: counts: a player has 13 meeples.
_PLACES_OF = {"tile": TILE, "empty": EMPTY, "place": PLACE}
COUNTS = Values(range(1, MEEPLES_PER_PLAYER + 1), r"\d{1,2}")


def table_domain(domain: Values) -> Values:
    """Return the table's domain of a grammar field's domain: a hex field's places, counts 1-13,
    any other the grammar's own."""
    if isinstance(domain, grammar.Hexes):
        return _PLACES_OF[domain.kind]
    return COUNTS if domain is grammar.COUNTS else domain


def forms() -> tuple[Form, ...]:
    """Return the table's forms: the grammar's, in its order (chance outcomes last), each hex
    field naming places."""
    return tuple(Form(form.verb, form.template, *map(table_domain, form.domains),
                      chance=form.chance) for form in grammar.FORMS)


FORMS = forms()
#: The table's form of each grammar form, and the grammar's form of each form of players'
#: actions (in the order of the table's blocks).
_TABLE_FORMS = {id(form): table for form, table in zip(grammar.FORMS, FORMS, strict=True)}
_GRAMMAR_FORMS = tuple(form for form in grammar.FORMS if not form.chance)
TABLE = Table("Meeple War", FORMS, {form.verb for form in grammar.FORMS}, labels=LABELS,
              hint=" (a text naming a hex needs its state: action_id(text, state))")

#: The number of action ids, and of chance outcome ids.
COUNT = TABLE.COUNT
CHANCE_COUNT = TABLE.CHANCE_COUNT
action_id = TABLE.action_id
action_text = TABLE.action_text
chance_id = TABLE.chance_id
chance_text = TABLE.chance_text
texts = TABLE.texts
ids = TABLE.ids
action = TABLE.action
#: For each id, the id of the same action as a player numbers seats (itself 0, the next 1...).
seat_relative = TABLE.seat_relative

