"""Meeple War's action grammar: one typed action per verb and the forms that write it.

Every verb is stated here once: a small NamedTuple (its typed fields, as the rules number them)
and one :class:`~meeples.core.actiontable.Form` per shape of its text, with the domain of each
field (the texts, typed values and parts of its values). From :data:`FORMS` come the text of a
typed action (:func:`text`), the typed action of a text (:func:`action`), the parts a client
draws (:func:`action_parts`), the fixed action ids (``action_table``: each hex field's domain
turned into the places of its kind) and the environments' two-step ids (``choices``). The rules
build and read these typed actions; their texts are the notation.

Typed values (a trailing ``_`` keeps a field off a word of Python or of tuple: ``from_``,
``count_``; the parts drop it): a hex is its code (``board.hex_of``), a village slot, a spot
and a worker their index 0-3 (written 1-4), a seat, a count, a side and a rotation their
number, a token, a node and a building their text, a tile its index in ``data.TILES``.
An action's parts are ``{"verb": ..., <fields>}``: hexes as their names (``"q,r"``), seats
(0-3), village slots (1-4), counts and rotations as numbers, components by id; an optional
field the text leaves out is absent from the parts.

========  ==========================  ======================================================
verb      text                        fields
========  ==========================  ======================================================
done      ``done``                    (none): end the optional step at hand
tree      ``tree:q,r/d``              hex, side (0 E, 1 NE, 2 NW of hex), other (the hex across
                                      that side): the Tree clears the edge between hex and other
upgrade   ``up:tok@q,r``              token (asm, dep, nat, wpn, shd), hex (a blank tile)
bonus     ``bonus:q,r[>q2,r2]``       hex (the structure), bonus (asm; dep when ``to`` is
                                      given), to (where the Deploy One meeple goes)
worker    ``w<n>>node``               slot (1-4), node (``a``, ``b``, ``c``, ``L1``..``L3``, ``S``)
build     ``s<n>:build:CODE@<m>``     slot, building (code), spot (the village slot built on)
asm, dep  ``s<n>:asm:k``              slot, count
rei       ``s<n>:rei:k@q,r``          slot, count, hex
fly       ``s<n>:fly``                slot
fright    ``s<n>:fright``             slot
stealth   ``s<n>:stealth@q,r``        slot, hex
burn      ``s<n>:burn@q,r``           slot, hex
bomb      ``s<n>:bomb@P.m[<q,r]``     slot, owner (seat), spot (owner's village slot), from
                                      (the territory the meeple comes from; else stock/Depot)
conv      ``s<n>:conv@P.m.O[<q,r]``   slot, owner, spot, player (whose meeple is replaced), from
prod      ``s<n>:prod@m>node``        slot, worker (the slot whose worker steps on), node
up        ``s<n>:up:tok``             slot, token (taken from the pool)
fly_to    ``fly@q,r``                 hex (one Flying Troops meeple)
frighten  ``fr:O@q,r>q2,r2``          player (whose meeple), from, to
move      ``q,r>q2,r2:k``             from, to, count (also a tunnel jump)
kill      ``kill:O@q,r``              player, hex (an altar kill)
vp        ``vp@q,r``                  hex (the meeple sent to the Reputation Mountain)
explore   ``explore@q,r``             hex
battle    ``battle@q,r``              hex
rotate    ``rot:r``                   rotation (0-5, sixths of a turn)
first     ``first:P``                 player (the seat chance makes first player, B3)
draw      ``draw:Tnn``                tile (the tile chance turns up for the hex explored)
========  ==========================  ======================================================

``first`` and ``draw`` are chance's outcomes, never a player's choice (``meeples.core.chance``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from meeples.core.actiontable import Form, Grammar, Seats, Values
from meeples.games.meeple_war.board import DELTA, hex_name, hex_of
from meeples.games.meeple_war.data import (
    BUILDING_CODES,
    MEEPLES_PER_PLAYER,
    SEATS,
    TILES,
    UPGRADE_TOKENS,
)

# --- the typed actions, one per verb ------------------------------------------------------------


class Done(NamedTuple):
    """End the optional step at hand."""


class Tree(NamedTuple):
    """Place the Tree on the edge of a hex's side (0 E, 1 NE, 2 NW)."""

    hex: int
    side: int


class Upgrade(NamedTuple):
    """Place an upgrade token on a blank tile."""

    token: str
    hex: int


class Bonus(NamedTuple):
    """Take a structure's bonus: Assemble One, or Deploy One onto ``to``."""

    hex: int
    to: int | None = None


class Worker(NamedTuple):
    """Move a slot's worker onto a node of its path."""

    slot: int
    node: str


class Build(NamedTuple):
    """A slot's action builds a building on a village spot."""

    slot: int
    building: str
    spot: int


class Assemble(NamedTuple):
    """A slot's action assembles meeples from stock to the Depot."""

    slot: int
    count_: int


class Deploy(NamedTuple):
    """A slot's action deploys meeples from the Depot to the gate."""

    slot: int
    count_: int


class Reinforce(NamedTuple):
    """A slot's action reinforces a territory from the Depot."""

    slot: int
    count_: int
    hex: int


class Fly(NamedTuple):
    """A slot's action starts Flying Troops."""

    slot: int


class Fright(NamedTuple):
    """A slot's action starts Frighten."""

    slot: int


class Stealth(NamedTuple):
    """A slot's action sends a meeple by Stealth to a territory."""

    slot: int
    hex: int


class Burn(NamedTuple):
    """A slot's action burns the opponents of a territory."""

    slot: int
    hex: int


class Bomb(NamedTuple):
    """A slot's action puts a meeple on an owner's building (from a territory, or the
    stock/Depot)."""

    slot: int
    owner: int
    spot: int
    from_: int | None = None


class Convert(NamedTuple):
    """A slot's action replaces a player's meeple on an owner's building."""

    slot: int
    owner: int
    spot: int
    player: int
    from_: int | None = None


class Produce(NamedTuple):
    """A slot's action moves another slot's worker onto a node."""

    slot: int
    worker: int
    node: str


class Up(NamedTuple):
    """A slot's action takes an upgrade token from the pool."""

    slot: int
    token: str


class FlyTo(NamedTuple):
    """One Flying Troops meeple lands on a territory."""

    hex: int


class Frighten(NamedTuple):
    """A player's meeple flees from a territory to the next."""

    player: int
    from_: int
    to: int


class Move(NamedTuple):
    """Move meeples from a hex to another (also a tunnel jump)."""

    from_: int
    to: int
    count_: int


class Kill(NamedTuple):
    """An altar kills a player's meeple on a hex."""

    player: int
    hex: int


class Vp(NamedTuple):
    """A meeple on a hex goes to the Reputation Mountain."""

    hex: int


class Explore(NamedTuple):
    """Explore a hex next."""

    hex: int


class Battle(NamedTuple):
    """Resolve the battle of a hex next."""

    hex: int


class Rotate(NamedTuple):
    """Turn the tile turned up by sixths of a turn."""

    rotation: int


class First(NamedTuple):
    """Chance: the first player (B3)."""

    player: int


class Draw(NamedTuple):
    """Chance: the tile turned up for the hex explored (its index in ``data.TILES``)."""

    tile: int


# --- the domains of the fields ------------------------------------------------------------------

#: How far out a hex's coordinates go (``board.parse_hex``'s bound).
FAR = 99
_HEX_PATTERN = r"-?\d{1,2},-?\d{1,2}"
_HEXES = tuple(hex_of(q, r) for q in range(-FAR, FAR + 1) for r in range(-FAR, FAR + 1))


class Hexes(Values):
    """A field of hexes, ``q,r`` (typed: the hex code), of a kind: ``tile`` (only ever a placed
    tile), ``empty`` (an empty hex next to one), ``place`` (any hex an action may name). The fixed
    action table numbers each kind's *places* (``action_table``), not coordinates."""

    _shared: dict[str, Any] = {}

    def __init__(self, kind: str) -> None:
        if not Hexes._shared:
            whole = Values((hex_name(h) for h in _HEXES), _HEX_PATTERN, items=_HEXES,
                           parts=(hex_name(h) for h in _HEXES))
            Hexes._shared.update(vars(whole))
        vars(self).update(Hexes._shared)
        self.kind = kind


TERRITORY = Hexes("tile")
EMPTY = Hexes("empty")
PLACE = Hexes("place")
SEAT = Seats(max(SEATS), "[0-3]")
#: Village slots and spots, written 1-4, typed as their index 0-3.
SLOTS = Values(range(1, 5), "[1-4]", items=range(4))
SIDES = Values(range(3), "[0-2]")
ROTATIONS = Values(range(6), "[0-5]")
TOKENS = Values(UPGRADE_TOKENS, "(?:" + "|".join(UPGRADE_TOKENS) + ")")
BUILDINGS = Values(BUILDING_CODES, "(?:" + "|".join(BUILDING_CODES) + ")")
NODES = Values(("S", "a", "b", "c", "L1", "L2", "L3", *(f"c{i}" for i in range(10))),
               r"(?:S|a|b|c|L[1-3]|c\d)")
#: Counts of meeples: a player has 13, but a count beyond (or 0) is still an action, refused with
#: its reason (the fixed action table numbers 1-13 only: ``action_table.COUNTS``).
COUNTS = Values(range(100), r"\d{1,2}")
TILE_IDS = Values((tile.id for tile in TILES), r"T\d\d", items=range(len(TILES)))

# --- the forms ----------------------------------------------------------------------------------

#: Every form of action, in the order of the action ids (chance outcomes last); a form added at
#: the end of its part leaves every other id unchanged.
FORMS = (
    Form("done", "done", action=Done),
    Form("tree", "tree:{hex}/{side}", PLACE, SIDES, action=Tree),
    Form("upgrade", "up:{token}@{hex}", TOKENS, TERRITORY, action=Upgrade),
    Form("bonus", "bonus:{hex}", TERRITORY, action=Bonus, extra={"bonus": "asm"}),
    Form("bonus", "bonus:{hex}>{to}", TERRITORY, TERRITORY, action=Bonus,
         extra={"bonus": "dep"}),
    Form("worker", "w{slot}>{node}", SLOTS, NODES, action=Worker),
    Form("build", "s{slot}:build:{building}@{spot}", SLOTS, BUILDINGS, SLOTS, action=Build),
    Form("asm", "s{slot}:asm:{count_}", SLOTS, COUNTS, action=Assemble),
    Form("dep", "s{slot}:dep:{count_}", SLOTS, COUNTS, action=Deploy),
    Form("rei", "s{slot}:rei:{count_}@{hex}", SLOTS, COUNTS, TERRITORY, action=Reinforce),
    Form("fly", "s{slot}:fly", SLOTS, action=Fly),
    Form("fright", "s{slot}:fright", SLOTS, action=Fright),
    Form("stealth", "s{slot}:stealth@{hex}", SLOTS, TERRITORY, action=Stealth),
    Form("burn", "s{slot}:burn@{hex}", SLOTS, TERRITORY, action=Burn),
    Form("bomb", "s{slot}:bomb@{owner}.{spot}", SLOTS, SEAT, SLOTS, action=Bomb),
    Form("bomb", "s{slot}:bomb@{owner}.{spot}<{from_}", SLOTS, SEAT, SLOTS, TERRITORY,
         action=Bomb),
    Form("conv", "s{slot}:conv@{owner}.{spot}.{player}", SLOTS, SEAT, SLOTS, SEAT,
         action=Convert),
    Form("conv", "s{slot}:conv@{owner}.{spot}.{player}<{from_}", SLOTS, SEAT, SLOTS, SEAT,
         TERRITORY, action=Convert),
    Form("prod", "s{slot}:prod@{worker}>{node}", SLOTS, SLOTS, NODES, action=Produce),
    Form("up", "s{slot}:up:{token}", SLOTS, TOKENS, action=Up),
    Form("fly_to", "fly@{hex}", TERRITORY, action=FlyTo),
    Form("frighten", "fr:{player}@{from_}>{to}", SEAT, TERRITORY, TERRITORY, action=Frighten),
    Form("move", "{from_}>{to}:{count_}", TERRITORY, PLACE, COUNTS, action=Move),
    Form("kill", "kill:{player}@{hex}", SEAT, TERRITORY, action=Kill),
    Form("vp", "vp@{hex}", PLACE, action=Vp),
    Form("explore", "explore@{hex}", EMPTY, action=Explore),
    Form("battle", "battle@{hex}", PLACE, action=Battle),
    Form("rotate", "rot:{rotation}", ROTATIONS, action=Rotate),
    Form("first", "first:{player}", SEAT, chance=True, action=First),
    Form("draw", "draw:{tile}", TILE_IDS, chance=True, action=Draw),
)

GRAMMAR = Grammar(FORMS)
#: The text of a typed action (raises ValueError for none), the typed action of a text (None
#: for none), its verb.
text = GRAMMAR.text
action = GRAMMAR.action
verb = GRAMMAR.verb
#: The texts of a class's actions by field values (``texts(Worker)[slot, node]``), for the hot
#: paths; only for the classes with no hex (a hex field has every coordinate).
texts = GRAMMAR.texts
#: The verbs of chance's outcomes, never a player's.
CHANCE_VERBS = frozenset(form.verb for form in FORMS if form.chance)
#: The one action with no field.
DONE = text(Done())


_MOVE = next(form for form in FORMS if form.action is Move)
_MEEPLES = tuple(str(k) for k in range(1, MEEPLES_PER_PLAYER + 1))


def move_texts(from_: int, to: int) -> tuple[str, ...]:
    """Return the texts of the moves from a hex to another by 1, 2 ... 13 meeples (a player's
    all), ``text(Move(from_, to, k))``: a hot path (every pair of hexes a reach lists, most
    never played), so written from the move form's template at once, its count last."""
    route = _MOVE.template.format_map({"from_": hex_name(from_), "to": hex_name(to),
                                       "count_": ""})
    return tuple([route + count for count in _MEEPLES])


#: typed: NamedTuples of equal values compare equal (``Explore(h) == Battle(h)``), so the cache
#: keys them by class too.
@lru_cache(maxsize=65536, typed=True)
def _parts(found: tuple[Any, ...]) -> tuple[tuple[str, Any], ...]:
    fields = GRAMMAR.parts(found)
    if type(found) is Tree:
        fields["other"] = hex_name(found.hex + DELTA[found.side])
    return tuple((name, value) for name, value in fields.items() if value is not None)


def parts(typed: tuple[Any, ...]) -> dict[str, Any]:
    """Return the parts of a typed action (see the table above).

    Raises:
        ValueError: no form writes that action.
    """
    return dict(_parts(typed))


def action_parts(action_text: str) -> dict[str, Any]:
    """Return the parts of an action text (see the table above).

    Raises:
        ValueError: the text is not a Meeple War action.
    """
    found = action(action_text)
    if found is None:
        raise ValueError(f"not a Meeple War action: {action_text!r}")
    return dict(_parts(found))
