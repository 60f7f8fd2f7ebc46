"""Meeple War's factored choices for the learning environments: every action in one or two ids.

The fixed action table (:mod:`action_table`, OpenSpiel's ids) numbers 153,698 actions, most of
them moves (origin tile x destination place x count): a mask and a policy head that wide on every
step would cost more than the game. The environments split every action that names a hex **and**
something else into two decisions of the same player, the hex last, with ids from one
``Discrete(COUNT)`` space (3,124 ids, the same at every player count).

Hexes are named as the action table names them, by **places** (:func:`action_table.places`):
a placed tile ``Tnn`` (wherever it lies), a village slot ``q,r`` of the layout, or an empty hex
``Tnn+d`` next to a placed tile (the lowest-numbered one, and the side of it). There are 279
places (36 tiles, 216 tile sides, 27 village slots: :data:`PLACES`) and every hex an action can
name is one of them in its state, however far from the centre the map grows: so every legal
action has ids.

- **first ids** (``0`` to ``FIRST_COUNT - 1``): a whole action (one with no hex: ``done``,
  ``w1>a``, ``s2:build:FA@3``, ``rot:4``; or a place alone: ``explore@T05+1``, ``battle@T07``,
  ``fly@T03``, ``vp@T01``, ``bonus:T12``), or the **head** of a two-step action, its text in
  places with its last hex written ``?``:

  =========  =============================  =========================================
  verb       head (first id)                its place (second id)
  =========  =============================  =========================================
  move       ``Tnn>?:k`` (origin, count)     the destination (any place)
  frighten   ``fr:O@Tnn>?`` (whose, from)    the tile next to it the meeple flees to
  tree       ``tree:?/d`` (side)             the place whose side d gets the Tree
  upgrade    ``up:tok@?`` (token)            the blank tile
  bonus      ``bonus:Tnn>?`` (structure)     the tile where the Deploy One meeple goes
  rei        ``s<n>:rei:k@?`` (slot, count)  the tile reinforced
  stealth    ``s<n>:stealth@?``              the tile
  burn       ``s<n>:burn@?``                 the tile
  bomb       ``s<n>:bomb@P.m<?``             the tile the meeple comes from
  conv       ``s<n>:conv@P.m.O<?``           the tile the meeple comes from
  kill       ``kill:O@?`` (whose)            the altar's tile
  =========  =============================  =========================================

- **second ids** (``FIRST_COUNT`` to ``COUNT - 1``): a place, ``FIRST_COUNT + p`` where ``p`` is
  its index in :data:`PLACES` (the tiles ``T01``-``T36`` are 0-35, their sides ``T01+0`` ..
  ``T36+5`` are 36-251, the village slots 252-278), the same index as the place's block of the
  observation; legal only after a head, which it completes.

The fields' domains are the action table's (a move starts on a tile, an exploration goes to an
empty hex, ...), so the first ids are built by :mod:`meeples.core.actiontable` from them, in its
order of forms. Every legal action of a state has exactly one path of ids, ``(id,)`` for a whole
one, ``(head, place)`` for a two-step one: :func:`path` gives it (in that state: a place's hex
depends on the tiles laid) and :func:`text` reads it back. For the environments,
:func:`options` turns a state's legal actions into the tree of ids they choose from.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from typing import Any

from meeples.core.actiontable import Form, Space, Values
from meeples.games.meeple_war import grammar, rules
from meeples.games.meeple_war.action_table import (
    EMPTY,
    LABELS,
    PLACE,
    PLACES,
    TILE,
    TILE_PLACES,
    VILLAGE_HEXES,
    table_domain,
)
from meeples.games.meeple_war.action_table import FORMS as TABLE_FORMS
from meeples.games.meeple_war.board import DELTA, SLOT_HEXES, parse_hex


def _head(form: Form) -> tuple[Form, Values | None, int]:
    """Return a grammar form's first ids (its hex fields naming places, as the action table's):
    the form itself when it names no hex or a hex alone, else its head, the last hex written
    ``?``; with the domain of its second id (None: whole) and that field's position (-1)."""
    domains = [table_domain(domain) for domain in form.domains]
    hexes = [i for i, domain in enumerate(form.domains) if isinstance(domain, grammar.Hexes)]
    if not hexes or len(domains) == 1:
        return Form(form.verb, form.template, *domains), None, -1
    last = hexes[-1]
    template = form.template.replace(f"{{{form.names[last]}}}", "?")
    return (Form(form.verb, template, *(d for i, d in enumerate(domains) if i != last)),
            domains[last], last)


_HEADS = tuple(_head(form) for form in grammar.FORMS if not form.chance)
#: The first ids' forms, in the grammar's order of forms.
FORMS: tuple[Form, ...] = tuple(head for head, _, _ in _HEADS)
#: The places each two-step verb's second id may name (its last hex field's domain in the
#: table), and those verbs, in the grammar's order.
SECOND: dict[str, Values] = {head.verb: second for head, second, _ in _HEADS
                             if second is not None}
TWO_STEP = tuple(SECOND)

FIRST = Space(FORMS)
#: The first ids: complete actions and heads.
FIRST_COUNT = FIRST.count
#: All ids: the first ids, then one second id per place.
COUNT = FIRST_COUNT + len(PLACES)
#: Each place's index (``PLACES[p]`` is the place of second id ``FIRST_COUNT + p``).
PLACE_INDEX = PLACE.index
#: Where each kind of place starts in :data:`PLACES`, and how many there are.
_SPAN = {id(TILE): (0, len(TILE)), id(EMPTY): (len(TILE), len(EMPTY)),
         id(PLACE): (0, len(PLACE))}
_VILLAGE_AT = len(PLACES) - len(VILLAGE_HEXES)

#: The ids that choose an action: one (a whole action) or two (a head, then its place).
Path = tuple[int, ...]
#: A state's legal actions as the environment chooses them: each legal first id -> its action
#: (a whole one), or for a head, each legal second id -> its action.
Options = dict[int, Any]


# --- places of a state ----------------------------------------------------------------------

#: The village slot hexes of each player count, by hex code.
_VILLAGE_CODES = {n: tuple(h for seat in seats for h in seat) for n, seats in SLOT_HEXES.items()}
#: The place index of each village slot hex (any layout), by hex code.
VILLAGE_PLACE = {parse_hex(name): _VILLAGE_AT + i for i, name in enumerate(VILLAGE_HEXES)}


def _number_places(players: int, tiles: tuple[tuple[int, int, int], ...]) -> dict[int, int]:
    """Return the place index of each hex an action can name (hex code -> index in PLACES), as
    :func:`action_table.places` names them: a tile, then a village slot, then a side of the
    lowest-numbered tile next to an empty hex."""
    out = {h: index for h, index, _ in tiles}
    for h in _VILLAGE_CODES[players]:
        out.setdefault(h, VILLAGE_PLACE[h])
    empty = len(TILE_PLACES)
    for h, index, _ in sorted(tiles, key=lambda entry: entry[1]):
        for side, delta in enumerate(DELTA):
            out.setdefault(h + delta, empty + index * 6 + side)
    return out


def added_tile(before: tuple[tuple[int, int, int], ...], after: tuple[tuple[int, int, int], ...]
               ) -> tuple[int, int, int] | None:
    """Return the one tile that ``after`` (sorted tiles) holds beyond ``before``, None when
    they differ otherwise."""
    if len(after) != len(before) + 1:
        return None
    i = 0
    for i, entry in enumerate(before):  # noqa: B007 - i is the first difference
        if entry != after[i]:
            break
    else:
        i = len(before)
    if after[:i] != before[:i] or after[i + 1:] != before[i:]:
        return None
    return after[i]


def added_tiles(before: tuple[tuple[int, int, int], ...],
                 after: tuple[tuple[int, int, int], ...]) -> tuple[tuple[int, int, int], ...]:
    """Return the tiles that ``after`` holds beyond ``before`` (sorted tiles), none when it
    does not hold them all."""
    tile = added_tile(before, after)
    if tile is not None:  # most often a single tile
        return (tile,)
    if len(after) <= len(before):
        return ()
    kept = set(before)
    laid = tuple(entry for entry in after if entry not in kept)
    return laid if len(laid) == len(after) - len(before) else ()


def renamed(places: dict[int, int], tile: tuple[int, int, int]) -> dict[int, int]:
    """Return the hexes whose place changes when a tile is laid (hex code -> its new place),
    given the places before: its own hex becomes the tile, an empty hex next to it becomes its
    side unless a lower-numbered tile named it (as :func:`_number_places` names them)."""
    h, index, _ = tile
    out = {h: index}
    empty = len(TILE_PLACES)
    for side, delta in enumerate(DELTA):
        near = h + delta
        now = places.get(near)
        if now is None or empty <= now < _VILLAGE_AT and (now - empty) // 6 > index:
            out[near] = empty + index * 6 + side
    return out


class _Codes:
    """The codes (see :func:`coded`) of the action texts met on a map, and the texts that name
    each hex (a code stays right while its hexes keep their places)."""

    __slots__ = ("codes", "by_hex")

    def __init__(self, codes: dict[str, int] | None = None,
                 by_hex: dict[int, list[str]] | None = None) -> None:
        #: The codes of the texts that name no hex are the same on every map.
        self.codes: dict[str, int] = dict(_HEXLESS) if codes is None else codes
        #: hex -> texts naming it (and perhaps others no longer kept): those to forget when
        #: its place changes.
        self.by_hex: dict[int, list[str]] = {} if by_hex is None else by_hex

    def handed_on(self, renamed: Iterable[int]) -> _Codes:
        """Return these codes for a map grown by a tile, but those of the texts naming a hex
        that it renamed; this map starts afresh (its places differ from the new map's)."""
        out = _Codes(self.codes, self.by_hex)
        self.codes, self.by_hex = {}, {}  # seldom met again: it learns them anew
        codes, by_hex = out.codes, out.by_hex
        for h in renamed:
            for text in by_hex.pop(h, ()):
                codes.pop(text, None)
        return out


class _Epoch:
    """The places of one map (the players and tiles of some states), and the codes of the
    action texts met on it (most recur: the same meeples' moves, a worker's exits, and from
    the map before, but those naming a hex the last tile renamed)."""

    __slots__ = ("tiles", "players", "places", "known")

    def __init__(self, players: int, tiles: tuple[tuple[int, int, int], ...],
                 places: dict[int, int], known: _Codes | None = None) -> None:
        self.tiles = tiles  # held, so that its id stays its own while the epoch is kept
        self.players = players
        self.places = places
        self.known = _Codes() if known is None else known


#: id(tiles) -> the epoch of that map: states share their tiles tuple until a tile is laid, so
#: its identity keeps its places (kept bounded: a game has about 30 maps).
_EPOCHS: dict[int, _Epoch] = {}
_EPOCH_LIMIT = 256
#: The last epoch made (a **lineage**: a list holding the last map of a game): a game lays one
#: tile at a time, so the next map is most often it and one tile more, whose places follow from
#: its own (a few hexes renamed, not all numbered). This one is shared by every caller; one that
#: steps several games in turn keeps a lineage per game (:func:`state_coded`), or each would
#: find the map before it was another game's, and number its places and learn its codes anew.
#: An empty lineage (a game's first map) starts from this one.
Lineage = list[_Epoch]
_last: Lineage = []


def _epoch(state: Any, lineage: Lineage | None = None) -> _Epoch:
    tiles = state.tiles
    found = _EPOCHS.get(id(tiles))
    if found is None or found.tiles is not tiles or found.players != state.players:
        if len(_EPOCHS) >= _EPOCH_LIMIT:
            _EPOCHS.clear()
        players = state.players
        hint = lineage or _last
        source = hint[0] if hint and hint[0].players == players else None
        laid: tuple[tuple[int, int, int], ...] = ()
        if source is not None:
            if source.tiles == tiles:  # the same tiles in a new tuple: the same places
                found = _EPOCHS[id(tiles)] = _Epoch(players, tiles, source.places, source.known)
                _last[:] = [found]
                if lineage is not None:
                    lineage[:] = [found]
                return found
            laid = added_tiles(source.tiles, tiles)
        if source is None or not laid:
            found = _Epoch(players, tiles, _number_places(players, tiles))
        else:
            places = source.places.copy()
            changed: set[int] = set()
            for tile in laid:  # one at a time, as the rules lay them
                hexes = renamed(places, tile)
                places.update(hexes)
                changed.update(hexes)
            found = _Epoch(players, tiles, places, source.known.handed_on(changed))
        _EPOCHS[id(tiles)] = found
        _last[:] = [found]
        if lineage is not None:
            lineage[:] = [found]
    elif lineage is not None and (not lineage or lineage[0] is not found):
        lineage[:] = [found]  # met through another lineage first: this game's map now
    return found


def places(state: Any, lineage: Lineage | None = None) -> dict[int, int]:
    """Return the place index of each hex an action can name in a state (hex code -> index in
    :data:`PLACES`): the same places as :func:`action_table.places` (a dict kept for the map:
    not to be changed). ``lineage``: as :func:`state_coded`'s."""
    return _epoch(state, lineage).places


# --- texts to ids -----------------------------------------------------------------------------

#: A text's ids without its state: its first id when it names no hex, else (the first id with
#: its place field at 0; that field's hex, or -1 when it has none, its stride in the form's
#: block, the first place index of its domain and the domain's size; the hex of its second id,
#: or -1 when it is whole, the first place index of its domain and the domain's size). No form
#: has more than one place field in its first id.
_Skeleton = int | tuple[int, int, int, int, int, int, int, int]
_VALUE, _PLACE, _SECOND = 0, 1, 2


def _plan(form: Form, head: Form, second: Values | None, offset: int
          ) -> tuple[int, tuple[tuple[str, int, Any, Any], ...]]:
    """Return how a typed action of a grammar form gives its ids: the offset of its head's block
    and, per field, (name, kind, domain or stride, stride or span): a value's index in the
    head's domain and its stride, a place field's stride and span, the second id's span."""
    strides = {name: math.prod(len(d) for d in head.domains[i + 1:])
               for i, name in enumerate(head.names)}
    domains = dict(zip(head.names, head.domains, strict=True))
    steps: list[tuple[str, int, Any, Any]] = []
    for name, domain in zip(form.names, form.domains, strict=True):
        if name not in domains:  # the hex of the second id
            assert second is not None
            steps.append((name, _SECOND, None, _SPAN[id(second)]))
        elif isinstance(domain, grammar.Hexes):
            steps.append((name, _PLACE, strides[name], _SPAN[id(domains[name])]))
        else:
            steps.append((name, _VALUE, domains[name], strides[name]))
    return offset, tuple(steps)


#: The grammar's forms of players' actions, in the order of the first ids' forms.
_SOURCES = tuple(form for form in grammar.FORMS if not form.chance)
_PLANS = {id(form): _plan(form, head, second, offset) for form, (head, second, _), offset
          in zip(_SOURCES, _HEADS, FIRST.offsets, strict=True)}
_SKELETONS: dict[str, _Skeleton | None] = {}
_MISSING = object()
_CACHE_LIMIT = 1 << 17


def _skeleton(text: str) -> _Skeleton | None:
    """Return the state-free part of a text's ids (cached), None when it is no action."""
    found = _SKELETONS.get(text, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[return-value]
    out: _Skeleton | None = None
    typed = grammar.action(text)
    plan = None if typed is None else _PLANS.get(id(grammar.GRAMMAR.form(typed)[0]))
    if plan is not None:
        base, steps = plan
        h, stride, low, count = -1, 0, 0, 0
        to, start, size = -1, 0, 0
        for name, kind, a, b in steps:
            value = getattr(typed, name)
            if kind == _VALUE:
                number = a.item_index.get(value)
                if number is None:  # a count beyond the table's
                    break
                base += number * b
            elif kind == _PLACE:
                h, stride, (low, count) = value, a, b
            else:
                to, (start, size) = value, b
        else:
            out = base if h < 0 and to < 0 else (base, h, stride, low, count, to, start, size)
    if len(_SKELETONS) >= _CACHE_LIMIT:
        _SKELETONS.clear()
    _SKELETONS[text] = out
    return out


def _path(text: str, numbered: dict[int, int]) -> Path | None:
    """Return a text's path given the places of its state's hexes."""
    skeleton = _skeleton(text)
    if skeleton is None:
        return None
    if isinstance(skeleton, int):
        return (skeleton,)
    first, h, stride, low, count, target, start, size = skeleton
    if h >= 0:
        p = numbered.get(h, -1) - low
        if not 0 <= p < count:
            return None
        first += p * stride
    if target < 0:
        return (first,)
    p = numbered.get(target, -1) - start
    if not 0 <= p < size:
        return None
    return (first, FIRST_COUNT + start + p)


def path(text: str, state: Any) -> Path | None:
    """Return the ids that choose an action text in a state (whose tiles name its hexes), or
    None when it is no action or names a hex that is no place there."""
    return _path(text, _epoch(state).places)


def paths(actions: Iterable[str], state: Any) -> list[Path]:
    """Return the paths of a state's action texts, leaving out those with none."""
    out = []
    for action in actions:
        found = path(action, state)
        if found is not None:
            out.append(found)
    return out


def coded(actions: Sequence[str], state: Any) -> dict[int, str]:
    """Return a state's legal actions by **code**: a whole action's id, or for a two-step
    action ``head * COUNT + place`` (its two ids in one number, from ``COUNT`` on: no head is
    0). Every legal action has one (see :func:`path`).

    Raises:
        ValueError: an action has no ids (a bug: every hex an action names is a place).
    """
    epoch = _epoch(state)
    found: list[Any] = list(map(epoch.known.codes.get, actions))
    if None in found:
        _learn(actions, found, epoch)
    return dict(zip(found, actions, strict=True))


def _learn(actions: Sequence[str], found: list[Any], epoch: _Epoch) -> None:
    """Fill in the codes of the actions not yet known on a map, and keep them (:func:`_path`
    inlined: from each text's skeleton, kept for every map)."""
    known = epoch.known
    if len(known.codes) >= _CODE_LIMIT:
        known.codes.clear()
        known.by_hex.clear()
    codes, by_hex, places = known.codes, known.by_hex, epoch.places
    for i, action in enumerate(actions):
        if found[i] is not None:
            continue
        skeleton = _SKELETONS.get(action) or _skeleton(action)
        if skeleton is None:
            raise ValueError(f"{action!r} is no Meeple War action")
        if isinstance(skeleton, int):
            found[i] = codes[action] = skeleton
            if len(_HEXLESS) < _CODE_LIMIT:
                _HEXLESS[action] = skeleton
            continue
        first, h, stride, low, count, target, start, size = skeleton
        if h >= 0:
            p = places.get(h, -1) - low
            if not 0 <= p < count:
                raise ValueError(f"{action!r} names a hex that is no place of its state")
            first += p * stride
            by_hex.setdefault(h, []).append(action)
        if target >= 0:
            p = places.get(target, -1) - start
            if not 0 <= p < size:
                raise ValueError(f"{action!r} names a hex that is no place of its state")
            first = first * COUNT + FIRST_COUNT + start + p
            by_hex.setdefault(target, []).append(action)
        found[i] = codes[action] = first


def state_coded(state: Any, lineage: Lineage | None = None) -> dict[int, str]:
    """Return :func:`coded` of a state's legal actions (read from the list the state keeps
    when the rules made it, not copied; :func:`coded` inlined, a step's hot path).

    ``lineage``: a list that the caller keeps for one game (empty at first) and passes with each
    of its states, so that each new map follows from that game's map before (None, or empty:
    from the last map made by any caller). It holds the map of the last state passed.
    """
    aux = state.aux
    if aux and aux[2] is not None and not state.result:
        actions = aux[2]
    else:
        actions = rules.legal_actions(state)
    tiles = state.tiles
    epoch = _EPOCHS.get(id(tiles))
    if epoch is None or epoch.tiles is not tiles or epoch.players != state.players:
        epoch = _epoch(state, lineage)
    elif lineage is not None and (not lineage or lineage[0] is not epoch):
        lineage[:] = [epoch]
    found: list[Any] = list(map(epoch.known.codes.get, actions))
    if None in found:
        _learn(actions, found, epoch)
    return dict(zip(found, actions, strict=True))


def options(actions: Sequence[str], state: Any) -> Options:
    """Return a state's legal actions as the tree of ids that choose them: each first id -> its
    action, or for a head, each of its second ids -> its action.

    Raises:
        ValueError: an action has no ids (a bug: every hex an action names is a place).
    """
    out: Options = {}
    for code, action in coded(actions, state).items():
        if code < COUNT:
            out[code] = action
        else:
            out.setdefault(code // COUNT, {})[code % COUNT] = action
    return out


#: The codes kept per map (and the maps grown from it), at most.
_CODE_LIMIT = 8192
#: The codes of the texts met that name no hex (the same on every map).
_HEXLESS: dict[str, int] = {}


def seat_relative(player: int, players: int) -> tuple[int, ...]:
    """Return, for each id, the id of the same choice as ``player`` numbers seats (itself 0,
    the next 1...): a first id's seat fields turned, a place (second id) unchanged, since
    places are the board's own, as the observation's place rows are.

    Raises:
        ValueError: the player is not one of the players.
    """
    return (*FIRST.seat_relative(player, players), *range(FIRST_COUNT, COUNT))


def is_head(number: int) -> bool:
    """Return whether a first id is the head of a two-step action."""
    return 0 <= number < FIRST_COUNT and "?" in FIRST.form(number).template


def head_fields(number: int) -> dict[str, str]:
    """Return the verb of a head (a first id awaiting its place) and the text of each of its
    fields by part name (``from``, ``count``: a grammar field's trailing ``_`` left out).

    Raises:
        ValueError: not the id of a head.
    """
    if not is_head(number):
        raise ValueError(f"{number} is not the id of a head")
    at = bisect.bisect_right(FIRST.offsets, number) - 1
    head = FIRST.forms[at]
    index = number - FIRST.offsets[at]
    fields = {}
    for name, domain in zip(reversed(head.names), reversed(head.domains), strict=True):
        index, found = divmod(index, len(domain))
        fields[name.rstrip("_")] = domain.values[found]
    return {"verb": head.verb, **dict(reversed(fields.items()))}


def head_text(ids: Sequence[int]) -> str:
    """Return the text of a path of ids in places (the table's names, no state needed):
    ``T05>T05+2:3``.

    Raises:
        ValueError: not a path: a hole, a head without its place, a place without a head, a
        place its head's field cannot take.
    """
    if not ids or not 0 <= ids[0] < FIRST_COUNT:
        raise ValueError(f"{list(ids)!r} does not start with a first id (0 to {FIRST_COUNT - 1})")
    first = FIRST.text(ids[0])
    if first is None:
        raise ValueError(f"{ids[0]} names no Meeple War action or head")
    if not is_head(ids[0]):
        if len(ids) != 1:
            raise ValueError(f"{ids[0]} ({first}) is a whole action: it takes no second id")
        return first
    if len(ids) != 2 or not FIRST_COUNT <= ids[1] < COUNT:
        raise ValueError(f"{ids[0]} ({first}) takes a second id, a place ({FIRST_COUNT} to"
                         f" {COUNT - 1})")
    place = PLACES[ids[1] - FIRST_COUNT]
    at = bisect.bisect_right(FIRST.offsets, ids[0]) - 1
    head, domain, last = _HEADS[at]
    if domain is None or place not in domain.index:
        raise ValueError(f"{ids[0]} ({first}) takes a place of {SECOND[head.verb].values[0]} ..."
                         f" {SECOND[head.verb].values[-1]}, not {place}")
    numbers = []
    index = ids[0] - FIRST.offsets[at]
    for d in reversed(head.domains):
        index, number = divmod(index, len(d))
        numbers.append(number)
    numbers.reverse()
    numbers.insert(last, domain.index[place])
    whole = _TABLE_FORMS[id(_SOURCES[at])]
    found = whole.text(_fold(numbers, whole.domains))
    assert found is not None  # a head's text and a place of its domain name an action
    return found


def _fold(numbers: Sequence[int], domains: Sequence[Values]) -> int:
    """Return the index in a form's block of its fields' indices."""
    index = 0
    for number, domain in zip(numbers, domains, strict=True):
        index = index * len(domain) + number
    return index


#: The action table's form of each grammar form.
_TABLE_FORMS = {id(form): table for form, table in zip(grammar.FORMS, TABLE_FORMS, strict=True)}


def text(ids: Sequence[int], state: Any) -> str:
    """Return the action text of a path of ids in a state (the inverse of :func:`path`).

    Raises:
        ValueError: not a path (see :func:`head_text`), or a place the state lacks.
    """
    named = head_text(ids)
    found = LABELS.unlabel(named, state)
    if found is None:
        raise ValueError(f"{named}: a place of it is not on this state's map")
    return found
