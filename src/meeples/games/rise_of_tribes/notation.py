"""Rise of Tribes notation: action strings, their structured parts, and the position text.

Hexes are letters ``a``, ``b``, ... in map index order (§3.4); resources ``w`` wood, ``f`` food,
``s`` stone; die faces ``S`` sun, ``M`` moon, ``B`` blank; goals ``D1``-``D7``, ``A1``-``A8``;
events by their two-letter ids (``AL`` Altar...); leader powers by their codes (the power's name
in lower case, "_" for spaces: ``light_in_the_dark``); players by seat number (0 first).

One grammar table, :data:`meeples.games.rise_of_tribes.grammar.FORMS`, gives every action form:
its text, the verb of its parts, and its typed fields (a NamedTuple per verb, which the rules
build and read). :func:`parse_action` checks a text against it and :func:`action_parts` returns
the parts a client draws and selects the action by, so no client reads the notation. Parts are
``{"verb": ..., <fields>}``, JSON-ready; a field that an action may leave out is ``null``
(``None``), never missing:

=================================  =========  ==================================================
action text                        verb       fields (type)
=================================  =========  ==================================================
``power trader``                   power      power (str: leader power code); option
                                              leader_powers="pick": keep it for the whole game
``start c`` / ``start c+d``        start      hex (str), second (str | null: seat 4 puts 1 of
                                              its 3 members on this adjacent hex)
``take w``                         take       resource (str): a free starting resource
``keep``                           keep       (none): Cunning keeps the roll; after a GATHER,
                                              no Trader exchange
``reroll S``                       reroll     face (str): Cunning rerolls a die showing it
``grow S``, ``move M!``...         place      row (str: grow, move, gather, lead), face (str),
                                              focus (bool: Focused Effort, default power); the
                                              die goes to slot 1 of that row
``hunt S`` / ``tame S``            hunt/tame  event (str: "MA"), face (str): a die spent on the
                                              Mammoth
``tiger S``                        tiger      event (str: "ST"), face (str): a die spent on the
                                              Sabertooth Tiger
``light w``                        light      resource (str): Light in the Dark
``add c``                          add        hex (str): GROW adds a member there
``c-d``                            move       from (str), to (str): MOVE one member
``find w``                         find       resource (str): from the Discovery card
``c=wf``                           gather     hex (str), resources (list of str, one per
                                              resource taken)
``basket w``                       basket     resource (str): Basketry
``trade w>s``                      trade      give (str), take (str): Trader
``recycle A3`` / ``bottom A3``     recycle/   goal (str): LEAD recycles it; Dreamtime puts it
                                   bottom     at the bottom of the deck
``draw``                           draw       (none): LEAD draws
``fight c``                        fight      hex (str): the next conflict hex
``evade c-d``                      evade      from (str), to (str): Evasion
``stay``                           stay       (none): Evasion ends
``bow 1`` / ``bow i``              bow        seat (int | null), invader (bool): the Bow's target
``pass``                           pass       (none): no Bow shot, no abandoned village, or out
                                              of the bidding
``site c``                         site       hex (str): where the event's token goes
``vent 3``                         vent       slot (int): volcano slot (view: volcano_slots)
``lose c``                         lose       hex (str): Volcano, a member lost there
``settle c``                       settle     hex (str): Abandoned Village
``bid 4``                          bid        amount (int): Chieftain
``give 1 w``                       give       seat (int), resource (str): Chieftain's bid
``goal D1``                        goal       goal (str): complete it
``village c -w e``                 village    hex (str), discount (str | null: Crafty
                                              Builders), elder (bool: the elder goes on it)
``buy AL``                         buy        event (str)
``altar c w`` / ``altar c wfs``    altar      hex (str), pay (list of str: 4 of one resource
                                              or one of each)
``share w``                        share      resource (str): Shared Knowledge
``pottery w>s``                    pottery    give (str: two of it), take (str: one of it)
``elder 1 w D4``                   elder      seat (int), resource (str), goal (str): Tribal
                                              Elder (R5)
``stop`` / ``done``                stop/done  (none): end the action early / end the turn
(chance)                                      the outcomes below are played when ``to_move`` is
                                              ``CHANCE``: drawn by the dealer, recorded
``terrain lake``                   terrain    terrain (str: forest, lake, mountain): the next
                                              hex of the layout, in hex order (§2.2)
``tile GL c``                      tile       tile (str: scenario tile id), hex (str): the hex
                                              it replaces (R7)
``tribe Kaha``                     tribe      tribe (str): the next seat's tribe, seat 0 first
``first 2``                        first      seat (int): the start player (Q9)
``roll S``                         roll       face (str): a die rolled comes up (§4.2)
``cards A3`` / ``cards D1 D4 A8``  cards      goals (list of str): the hand drawn from the
                                              active player's goal deck (LEAD, Shared
                                              Knowledge), in increasing order
``event VO``                       event      event (str): the top card of the event deck
=================================  =========  ==================================================

The position text is every field of :class:`State` in order, ``name=value``, space-separated:
a number, a list ``1,2,3`` (``.`` when empty), or a list of lists ``1,2/3,4`` (``.`` for an empty
inner list). Nothing in it is secret (the decks are their unseen cards, sorted, and the cards
known under them), so it is public: every view carries it. A text of the engine before chance
nodes (with an ``rng`` field, decks in a hidden order) is refused with a BadPosition that says so.
The last field, ``scored`` (each player's VP by source, for the score sheet), is left out while
it is all zeros: a text without it reads as before, its VP counted as scored before the record.
"""

from __future__ import annotations

import re
from typing import Any

from meeples.core.errors import BadPosition, IllegalAction
from meeples.core.text import msg, shown
from meeples.games.rise_of_tribes import data, grammar
from meeples.games.rise_of_tribes.state import (
    FIELDS,
    FLAG_COUNT,
    PICKING,
    SETUP_PHASES,
    Phase,
    State,
    picked,
)

#: The grammar's forms (the one place they are written: ``grammar.py``).
FORMS = grammar.FORMS


def format_action(action: str) -> str:
    """Return the canonical text of an action (actions are their canonical strings)."""
    return action


def parse_action(text: str) -> str:
    """Return the action a text names.

    Raises:
        IllegalAction: the text is not a Rise of Tribes action.
    """
    if grammar.action(text) is None:
        raise IllegalAction(msg("core.not_an_action", action=shown(text), game="Rise of Tribes",
                                hint=msg("rot.notation_hint")))
    return text


def action_parts(action: str) -> dict[str, Any]:
    """Return the structured parts of an action (the table of the module docstring).

    Raises:
        IllegalAction: the text is not a Rise of Tribes action.
    """
    typed = grammar.action(action)
    if typed is None:
        parse_action(action)  # raises, with the hint
    return grammar.parts(typed)


def _bad(key: str, **params: Any) -> BadPosition:
    """Return the refusal of a position, as a message (``core.bad.*`` or ``rot.bad.*``)."""
    return BadPosition(msg(key, **params))


def _encode(value: object, depth: int) -> str:
    if depth == 0:
        return str(value)
    if depth == 1:
        return ",".join(str(v) for v in value) or "."  # type: ignore[attr-defined]
    return "/".join(_encode(v, 1) for v in value) or "."  # type: ignore[attr-defined]


def _decode(text: str, depth: int) -> object:
    if depth == 0:
        return int(text)
    if depth == 1:
        return () if text == "." else tuple(int(v) for v in text.split(","))
    if text == ".":
        return ()
    return tuple(_decode(part, 1) for part in text.split("/"))


def format_state(state: State) -> str:
    """Return the one-line position text of a state (hidden parts included).

    The last field, ``scored``, is left out while it is all zeros: positions written before it
    existed read as they did (every VP they hold counts as scored before the record).
    """
    fields = FIELDS if any(map(any, state.scored)) else FIELDS[:-1]
    return " ".join(f"{name}={_encode(getattr(state, name), depth)}" for name, depth in fields)


def parse_state(text: str) -> State:
    """Return the state a position text describes.

    Raises:
        BadPosition: the text is malformed or inconsistent.
    """
    if not isinstance(text, str):
        raise _bad("rot.bad.text")
    parts = text.split()
    if any(part.startswith("rng=") for part in parts):
        raise _bad("rot.bad.before_chance")
    if len(parts) not in (len(FIELDS) - 1, len(FIELDS)):
        # The last field, scored, is written only once someone has scored (docs/notation.md).
        raise _bad("rot.bad.fields", n=len(FIELDS) - 1, more=len(FIELDS), count=len(parts))
    values: dict[str, object] = {}
    for part, (name, depth) in zip(parts, FIELDS, strict=False):
        key, sep, raw = part.partition("=")
        if key != name or not sep:
            raise _bad("rot.bad.expected", field=repr(name), found=repr(part[:20]))
        if not _SHAPES[depth].fullmatch(raw):
            raise _bad("rot.bad.numbers", field=repr(name), value=repr(raw[:20]))
        try:
            values[name] = _decode(raw, depth)
        except ValueError as exc:
            raise _bad("rot.bad.numbers", field=repr(name), value=repr(raw[:20])) from exc
    if "scored" not in values:
        n = values.get("n")
        values["scored"] = ((0,) * len(data.VP_SOURCES),) * (n if isinstance(n, int) else 0)
    state = State(**values)  # type: ignore[arg-type]
    check(state)
    _probe(state)
    return state


_NUM = r"-?[0-9]{1,20}"
_LIST = rf"(?:\.|{_NUM}(?:,{_NUM})*)"
#: What a field value may look like at each depth: ASCII numbers (at most 20 digits), a list
#: ``1,2`` (``.`` when empty), a list of lists ``1,2/.``.
_SHAPES = (re.compile(_NUM), re.compile(_LIST), re.compile(rf"{_LIST}(?:/{_LIST})*"))


def _probe(state: State) -> None:
    """Refuse a state that passes :func:`check` but that the rules cannot work with.

    The per-phase decision data (``pend``, ``queue``, ``left``, ``power``) means something
    different in every phase; rather than re-stating each phase's invariants here, the
    position is asked for its legal actions and views once. This is a safety net behind
    :func:`check`, not a replacement for it.
    """
    from meeples.games.rise_of_tribes import rules, view

    try:
        legal = [] if state.over else rules.legal_actions(state)
        if state.over:
            rules.outcome(state)
        for player in (None, *range(state.n)):
            view.view(state, player)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, ZeroDivisionError,
            OverflowError, RecursionError) as exc:
        raise _bad("rot.bad.inconsistent", phase=state.phase, pend=str(list(state.pend)[:8]),
                   queue=str(list(state.queue)[:8]), error=f"{type(exc).__name__}: {exc}"
                   ) from None
    if not state.over and not legal:
        raise _bad("rot.bad.no_action", phase=state.phase)


def _in(name: str, values: object, low: int, high: int) -> None:
    """Raise BadPosition unless every number of a field lies in low..high."""
    flat: list[int] = []
    if isinstance(values, int):
        flat = [values]
    else:
        for v in values:  # type: ignore[attr-defined]
            flat.extend([v] if isinstance(v, int) else v)
    for v in flat:
        if not low <= v <= high:
            raise _bad("rot.bad.range", field=repr(name), value=v, low=low, high=high)


#: The decision data each phase reads (the least length of ``pend``).
_PEND = {Phase.PLACE: 1, Phase.TAKE: 2, Phase.SITE: 2, Phase.VENT: 2, Phase.LOSE: 1,
         Phase.BID: 2, Phase.GIVE: 3, Phase.GROW: 1, Phase.GATHER: 3, Phase.BONUS: 3,
         Phase.RECYCLE: 1, Phase.BOW: 5}


def check(state: State) -> None:
    """Raise BadPosition when a state is impossible (sizes, members, villages, resources)."""
    n = state.n
    if n not in data.MAPS:
        raise _bad("rot.bad.players", n=n)
    hexes = len(data.MAPS[n])
    sizes = {"terrain": hexes, "special": hexes, "pop": hexes, "villages": hexes,
             "moved": hexes, "res": n, "score": n, "tribe": n, "decks": n, "progress": n,
             "completed": n, "acquired": n, "tamed": n, "elder_at": n, "scored": n,
             "slots": data.EVENT_SLOTS, "tokens": data.EVENT_SLOTS, "rows": 4,
             "flags": FLAG_COUNT}
    for name, size in sizes.items():
        if len(getattr(state, name)) != size:
            raise _bad("rot.bad.size", field=repr(name), n=size)
    if any(len(row) != len(data.VP_SOURCES) for row in state.scored):
        raise _bad("rot.bad.scored_sources", n=len(data.VP_SOURCES))
    if any(sum(state.scored[p]) > state.score[p] for p in range(n)):
        raise _bad("rot.bad.scored_sum")
    if any(len(row) != n for row in state.pop) or any(len(r) != 3 for r in state.res):
        raise _bad("rot.bad.pop_res")
    if any(len(row) != 3 for row in state.rows) or any(len(t) != 3 for t in state.tokens):
        raise _bad("rot.bad.rows_tokens")
    big = 10**9
    last_hex, last_goal, last_event = hexes - 1, len(data.GOAL_IDS) - 1, len(data.EVENTS) - 1
    for name, low, high in (
        ("classic", 0, 1), ("leaders", 0, big), ("elders_on", 0, 1),
        ("tiles_on", 1, len(data.SCENARIO_TILES)), ("terrain", -1, 2),
        ("special", 0, len(data.SCENARIO_TILES)), ("volcano", -1, len(data.VOLCANO_SLOTS[n]) - 1),
        ("pop", 0, data.POP_LIMIT * 4), ("inv_hex", -1, last_hex), ("inv", 0, big),
        ("villages", -1, n - 1), ("elder_at", -1, last_hex), ("res", 0, big),
        ("score", -big, big), ("tribe", -1, len(data.TRIBES) - 1), ("rows", -1, 2),
        ("hand", 0, 2), ("decks", 0, last_goal), ("bottoms", 0, last_goal),
        ("progress", 0, last_goal),
        ("completed", 0, last_goal), ("ev_deck", 0, last_event), ("ev_discard", 0, last_event),
        ("slots", -1, last_event), ("tokens", 0, big), ("acquired", 0, last_event),
        ("mammoth", -1, last_hex), ("tamed", 0, 1), ("tiger", -1, last_hex),
        ("first", -1, n - 1), ("active", 0, n - 1), ("decider", 0, n - 1),
        ("phase", 0, max(Phase)), ("pend", -big, big), ("used", 0, 3),
        ("moved", 0, big), ("left", -big, big), ("to_draw", 0, len(data.GOAL_IDS)),
        ("drawn", 0, last_goal),
        # the resources a GATHER takes per hex (1-2) or a MOVE's distance (1-3), else 0
        ("power", 0, 3), ("flags", -big, big),
        ("evstep", -big, big), ("evface", -big, big), ("rnd", 0, big),
        ("winner", -1, n - 1), ("over", 0, 2), ("scored", 0, data.WIN_VP),
    ):
        _in(name, getattr(state, name), low, high)
    if not 0 <= state.phase <= max(Phase):
        raise _bad("rot.bad.phase")
    phase = Phase(state.phase)
    _check_chance(state, phase)
    if len(state.pend) < _PEND.get(phase, 0):
        raise _bad("rot.bad.pend", phase=phase.name, n=_PEND[phase], count=len(state.pend))
    if phase in (Phase.PLACE, Phase.TAKE):
        _in("pend", state.pend[0], 0, len(data.START_SEATS) - 1)
    if phase == Phase.SITE:
        _in("pend", state.pend[1:], 0, last_hex)
    # The second list holds bidders while bidding, hexes otherwise (growth, moves, conflicts).
    _in("queue", state.queue, 0, n - 1 if phase in (Phase.BID, Phase.GIVE) else last_hex)
    for p in range(n):
        if sum(row[p] for row in state.pop) > data.MEMBERS:
            raise _bad("rot.bad.members", seat=p + 1, n=data.MEMBERS)
    if any(v < 0 for row in state.pop for v in row) or any(v < 0 for r in state.res for v in r):
        raise _bad("rot.bad.negative")
    if sum(1 for v in state.villages if v >= 0) > data.VILLAGES:
        raise _bad("rot.bad.villages", n=data.VILLAGES)
    if not 0 <= state.phase <= max(Phase) or not 0 <= state.decider < n:
        raise _bad("rot.bad.phase")
    _check_picks(state)


def _check_chance(state: State, phase: Phase) -> None:
    """Raise BadPosition unless the setup is dealt outside its chance phases, and the unseen
    cards are listed in order (they have none: the text must say one thing one way), each once
    (a deck holds one of each card)."""
    if phase not in SETUP_PHASES and (-1 in state.terrain or -1 in state.tribe
                                      or state.first < 0):
        raise _bad("rot.bad.undealt")
    if any(list(deck) != sorted(set(deck)) for deck in (*state.decks, state.ev_deck)):
        raise _bad("rot.bad.deck_order")
    if len(set(state.tribe) - {-1}) != sum(1 for t in state.tribe if t >= 0):
        raise _bad("rot.bad.tribe_twice")


def _check_picks(state: State) -> None:
    """Raise BadPosition unless ``leaders`` is 0, 1, or picks made in turn order (Q18)."""
    n, leaders = state.n, state.leaders
    if leaders <= 1:
        if state.phase == Phase.PICK:
            raise _bad("rot.bad.pick_step")
        return
    if leaders // 10 ** n != PICKING or any(picked(leaders, n, p) > 2 for p in range(n)):
        raise _bad("rot.bad.leaders", value=leaders)
    order = [(state.first + i) % n for i in range(n)]
    done = [picked(leaders, n, p) > 0 for p in order]
    if state.phase != Phase.PICK:
        if not all(done):
            raise _bad("rot.bad.picks_first")
    elif done != [i < order.index(state.decider) for i in range(n)]:
        raise _bad("rot.bad.pick_order")
