"""Rise of Tribes rules: setup (§2.2), the turn (§2.3) and the dispatch of every decision.

``legal_actions`` and ``apply`` are pure: ``apply`` thaws the state into a working copy
(``work.py``), lets the module of the current step change it, and freezes it back. The steps
live in ``actions.py`` and ``gather.py`` (§2.4-2.5), ``events.py`` (§2.6), ``conflict.py``
(§2.7) and ``goals.py`` (§2.8-2.9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from meeples.core.chance import Draws
from meeples.core.errors import BadOptions
from meeples.core.game import Outcome
from meeples.core.text import msg, player
from meeples.games.rise_of_tribes import actions, conflict, data, events, gather, goals, grammar
from meeples.games.rise_of_tribes.grammar import (
    Done,
    First,
    Keep,
    Power,
    Reroll,
    Roll,
    Start,
    Take,
    Terrain,
    Tile,
    Tribe,
    text,
    texts,
)
from meeples.games.rise_of_tribes.state import (
    CHANCE_PHASES,
    FLAG_COUNT,
    PH,
    Flag,
    State,
    picking,
    with_pick,
)
from meeples.games.rise_of_tribes.work import Won, Work, put, replacer, without

RES = data.RESOURCE_LETTERS

#: PH.ACT read once: a read through the enum class goes through EnumType.__getattr__ in
#: Python 3.11 (about 0.2 us), and every turn comes back to this phase several times.
ACT = PH.ACT


def hex_name(h: int) -> str:
    """Return the name of a hex index (a, b, c...: the grammar's hexes)."""
    return grammar.HEXES.values[h]


def tile_codes(option: Any) -> tuple[int, ...]:
    """Return the scenario tile codes an option value names (R7: True = all 8).

    Raises:
        BadOptions: a name that is no scenario tile.
    """
    if option is True:
        return tuple(range(1, 9))
    if not option:
        return ()
    names = option.split(",") if isinstance(option, str) else list(option)
    out = []
    for name in names:
        key = name.strip()
        for code in range(1, 9):
            if key in (data.TILE_IDS[code], data.TILE_NAMES[code]) or key.lower() == \
                    data.TILE_NAMES[code].lower().replace(" ", "_"):
                out.append(code)
                break
        else:
            known = ", ".join(data.TILE_NAMES[1:])
            raise BadOptions(msg("rot.option.no_tile", tile=repr(name), tiles=known))
    return tuple(sorted(set(out)))


def initial_state(players: int, seed: int, options: Mapping[str, Any]) -> State:
    """Return the undealt start (§2.2): the random parts of setup are chance nodes.

    The terrain of each hex, the hex of each scenario tile, each seat's tribe and the start
    player are drawn one by one (``PH.TERRAIN`` ... ``PH.FIRST``); the goal decks and the
    event deck are shuffled in the physical game, here they are the multisets of their unseen
    cards, drawn from when a card is drawn. ``seed`` is not used: chance comes from outside.

    Raises:
        BadOptions: leader_powers="pick" without leaders (there is no power to pick).
    """
    picks = options.get("leader_powers", "both") == "pick"
    if picks and not options.get("leaders"):
        raise BadOptions(msg("rot.option.pick_needs_leaders"))
    n = players
    coords = data.MAPS[n]
    tiles = tile_codes(options.get("scenario_tiles", False))
    pool = tuple(e for e in range(len(data.EVENTS))
                 if not (options.get("events") == "classic12" and e in data.CLASSIC12_DROPPED))
    leaders = picking(n) if picks else int(bool(options.get("leaders")))
    start = State(
        n=n, classic=int(options.get("events") == "classic12"),
        leaders=leaders, elders_on=int(bool(options.get("elders"))),
        tiles_on=tiles, terrain=(-1,) * len(coords), special=(0,) * len(coords), volcano=-1,
        pop=tuple((0,) * n for _ in coords), inv_hex=-1, inv=0,
        villages=(-1,) * len(coords), elder_at=(-1,) * n, res=((0, 0, 0),) * n,
        score=(0,) * n, tribe=(-1,) * n, rows=(data.START_ROW,) * 4, hand=(),
        decks=(data.goal_deck(n),) * n, bottoms=((),) * n, progress=((),) * n,
        completed=((),) * n, ev_deck=pool, ev_discard=(), slots=(-1, -1),
        tokens=((0, 0, 0), (0, 0, 0)), acquired=((),) * n, mammoth=-1, tamed=(0,) * n,
        tiger=-1, first=-1, active=0, decider=0, phase=PH.TERRAIN, pend=(), queue=(),
        used=(), moved=(0,) * len(coords), left=0, to_draw=0, drawn=(), power=0,
        flags=(0,) * FLAG_COUNT, evstep=0, evface=0, rnd=0, winner=-1, over=0,
        scored=((0,) * len(data.VP_SOURCES),) * n,
    )
    w = Work.thaw(start)
    next_setup(w)
    return w.freeze()


# --- setup chance (§2.2 steps 2, 4 and 7, R7) ---------------------------------------------------

def next_setup(w: Work) -> None:
    """Go on to the next random part of setup, or to the first decision once all are drawn.

    An outcome that is certain is applied at once rather than drawn (the last hexes once a
    terrain type is used up, a tile with a single hex of its type left).
    """
    while True:
        if -1 in w.terrain:
            kinds = terrain_left(w)  # type: ignore[arg-type]
            if sum(1 for k in kinds if k) > 1:
                w.phase = PH.TERRAIN
                return
            lay_terrain(w, next(k for k in range(3) if kinds[k]))
            continue
        code = next_tile(w)  # type: ignore[arg-type]
        if code:
            free = tile_hexes(w, code)  # type: ignore[arg-type]
            if len(free) > 1:
                w.phase = PH.TILE
                return
            lay_tile(w, code, free[0])
            continue
        if -1 in w.tribe:
            w.phase = PH.TRIBE
            return
        if w.first < 0:
            w.phase = PH.FIRST
            return
        break
    w.active = w.decider = w.first
    if w.leaders > 1:
        w.phase, w.pend = PH.PICK, []
    else:
        w.phase, w.pend = PH.PLACE, [0]


def terrain_left(s: State) -> list[int]:
    """Return the basic tiles of each type not laid yet (§2.2 step 1: players + 1 of each)."""
    laid = s.terrain
    return [s.n + 1 - laid.count(kind) for kind in range(3)]


def lay_terrain(w: Work, kind: int) -> None:
    """Lay a basic tile on the first hex without one (the layout is dealt in hex order)."""
    # The map is shared with the frozen state (work._SHARED): replaced whole, as a tuple.
    h = w.terrain.index(-1)
    w.terrain = (*w.terrain[:h], kind, *w.terrain[h + 1:])  # type: ignore[assignment]


def lay_tile(w: Work, code: int, h: int) -> None:
    """Lay a scenario tile on a hex (R7)."""
    w.special = (*w.special[:h], code, *w.special[h + 1:])  # type: ignore[assignment]


def tile_order(tiles: tuple[int, ...]) -> list[int]:
    """Return the scenario tiles in the order they are laid (R7: Wild Land last)."""
    return sorted(tiles, key=lambda c: (c == data.WILD_LAND, c))


def tile_hexes(s: State, code: int) -> list[int]:
    """Return the hexes a scenario tile may replace (R7: a basic tile of its type, any for
    Wild Land, none already replaced)."""
    kind = data.TILE_REPLACES[code]
    return [h for h in range(len(s.terrain))
            if s.special[h] == 0 and (kind == data.ANY or s.terrain[h] == kind)]


def next_tile(s: State) -> int:
    """Return the next scenario tile to lay (0: none left); one without a hex of its type
    left is not laid (never with the box's tiles: each type has players + 1 >= 3 hexes)."""
    for code in tile_order(s.tiles_on):
        if code not in s.special and tile_hexes(s, code):
            return code
    return 0


#: The texts of setup's outcomes by their fields (``texts``: every random game starts with
#: about 20 of these chance nodes, listed or drawn).
TERRAIN, TILE, TRIBE, FIRST = texts(Terrain), texts(Tile), texts(Tribe), texts(First)


def chance_terrain(s: State) -> list[tuple[str, Fraction]]:
    left = terrain_left(s)
    total = sum(left)
    return [(TERRAIN[k], Fraction(left[k], total)) for k in range(3) if left[k]]


def apply_terrain(w: Work, action: Terrain) -> None:
    lay_terrain(w, action.terrain)
    next_setup(w)


def chance_tile(s: State) -> list[tuple[str, Fraction]]:
    code = next_tile(s)
    free = tile_hexes(s, code)
    return [(TILE[code, h], Fraction(1, len(free))) for h in free]


def apply_tile(w: Work, action: Tile) -> None:
    lay_tile(w, action.tile, action.hex)
    next_setup(w)


def chance_tribe(s: State) -> list[tuple[str, Fraction]]:
    free = [t for t in range(len(data.TRIBES)) if t not in s.tribe]
    return [(TRIBE[t], Fraction(1, len(free))) for t in free]


def apply_tribe(w: Work, action: Tribe) -> None:
    seat = w.tribe.index(-1)
    w.tribe = (*w.tribe[:seat], action.tribe, *w.tribe[seat + 1:])  # type: ignore[assignment]
    next_setup(w)


def chance_first(s: State) -> list[tuple[str, Fraction]]:
    return [(FIRST[p], Fraction(1, s.n)) for p in range(s.n)]


def apply_first(w: Work, action: First) -> None:
    w.first = action.seat
    next_setup(w)


# --- setup decisions (§2.2 steps 4 and 7) --------------------------------------------------------

def legal_pick(s: State) -> list[str]:
    """Q18 "pick one": the two leader powers of the deciding player's tribe."""
    tribe = s.tribe[s.decider]
    return [text(Power(2 * tribe + side)) for side in (0, 1)]


def apply_pick(w: Work, action: Power) -> None:
    """Keep one leader power for the whole game; then the next seat picks, or placement starts."""
    p = w.decider
    w.leaders = with_pick(w.leaders, w.n, p, action.power)
    nxt = w.next_player(p)
    if nxt == w.first:
        w.phase, w.pend, w.decider = PH.PLACE, [0], w.first
    else:
        w.decider = nxt



def legal_place(s: State) -> list[str]:
    seat = s.pend[0]
    p = s.decider
    free = [h for h in range(len(s.pop)) if s.others(h, p) == 0]
    if data.START_SEATS[seat][1] == 1:
        return [START[h, None] for h in free]
    adj = data.ADJACENT[s.n]
    return [START[a, b] for a in free for b in adj[a] if b in free]


#: The text of every start, by hexes (``texts``: a setup lists up to 420 of them).
START = texts(Start)


def apply_place(w: Work, action: Start) -> None:
    seat = w.pend[0]
    members, _, take = data.START_SEATS[seat]
    p = w.decider
    h, b = action
    if b is None:
        w.set_pop(h, p, w.pop[h][p] + members)
    else:
        w.set_pop(h, p, w.pop[h][p] + members - 1)
        w.set_pop(b, p, w.pop[b][p] + 1)
    if take:
        w.phase, w.pend = PH.TAKE, [seat, take]
    else:
        next_seat(w, seat)


def legal_take(s: State) -> list[str]:
    return [*TAKE_TEXTS]


#: Each free resource's action.
TAKE_TEXTS = tuple(text(Take(r)) for r in range(len(RES)))


def apply_take(w: Work, action: Take) -> None:
    w.gain(w.decider, action.resource)
    w.pend[1] -= 1
    if w.pend[1] == 0:
        next_seat(w, w.pend[0])


def next_seat(w: Work, seat: int) -> None:
    if seat + 1 < w.n:
        w.phase, w.pend = PH.PLACE, [seat + 1]
        w.decider = (w.first + seat + 1) % w.n
    else:
        start_turn(w, w.first)


# --- the turn (§2.3) ------------------------------------------------------------------------------

#: The flags of a turn that starts (Flag).
NO_FLAGS = (0,) * FLAG_COUNT


def start_turn(w: Work, p: int) -> None:
    """Steps 1 and 2: count villages, then roll the two dice (two chance nodes)."""
    w.active = w.decider = p
    # moved has one entry per hex, like pop, which a turn start need not copy
    w.used, w.moved, w.flags = (), (0,) * len(w.moved), NO_FLAGS
    w.pend, w.queue, w.left, w.power = [], [], 0, 0
    w.hand = ()
    w.phase = PH.ROLL
    w.gain_vp(p, w.villages_of(p), data.VP_VILLAGES)


#: Each face of a die with its probability (§4.2: the faces of ``data.DIE_FACES``).
ROLLS = tuple((text(Roll(f)), Fraction(data.DIE_FACES.count(f), len(data.DIE_FACES)))
              for f in sorted(set(data.DIE_FACES)))


def chance_roll(s: State) -> list[tuple[str, Fraction]]:
    return list(ROLLS)


def apply_roll(w: Work, action: Roll) -> None:
    """A die comes up; once the hand holds two: Cunning's choice (not after its reroll, which
    set the flag), then the events of a double."""
    w.hand = (*w.hand, action.face)
    if len(w.hand) < 2:
        return
    if w.has_power(w.active, data.CUNNING) and not w.flags[Flag.CUNNING]:
        w.phase, w.decider = PH.REROLL, w.active
        return
    after_roll(w)


def after_roll(w: Work) -> None:
    w.phase = ACT
    w.decider = w.active
    if w.hand[0] == w.hand[1]:
        events.resolve_double(w, w.hand[0])


def legal_reroll(s: State) -> list[str]:
    return [KEEP] + [REROLL[f] for f in sorted(set(s.hand))]


KEEP = text(Keep())
#: The texts of the typed actions these generators list, by field values (grammar.texts:
#: a subscript, where building each action and asking its text cost ten times more).
REROLL = texts(Reroll)


def apply_reroll(w: Work, action: Reroll | Keep) -> None:
    if type(action) is Reroll:
        w.hand = without(w.hand, action.face)
        w.flags = put(w.flags, Flag.CUNNING, 1)
        w.phase = PH.ROLL
        return
    after_roll(w)


def finish_action(w: Work) -> None:
    """After an action: place the next die, or go on to the conflicts of step 4."""
    w.left, w.power, w.pend, w.queue = 0, 0, [], []
    w.decider = w.active
    if w.hand:
        w.phase = ACT
    else:
        conflict.start_conflicts(w)


def end_turn(w: Work) -> None:
    """After step 5: the two used dice pass to the next player, who starts their turn."""
    nxt = w.next_player(w.active)
    if nxt == w.first:
        w.rnd += 1
        if w.rnd >= data.ROUND_LIMIT:
            w.over, w.phase = 2, PH.OVER
            w.winner = max(range(w.n), key=lambda p: (w.score[p], -p))
            return
    start_turn(w, nxt)


# --- dispatch -------------------------------------------------------------------------------------

#: The outcomes of each chance phase with their probabilities.
CHANCE: dict[int, Callable[[State], list[tuple[str, Fraction]]]] = {
    PH.TERRAIN: chance_terrain,
    PH.TILE: chance_tile,
    PH.TRIBE: chance_tribe,
    PH.FIRST: chance_first,
    PH.ROLL: chance_roll,
    PH.CARD: actions.chance_card,
    PH.EVENT: events.chance_event,
}


def _outcomes(chance: Callable[[State], list[tuple[str, Fraction]]]
              ) -> Callable[[State], list[str]]:
    """Return the legal actions of a chance phase: its outcomes, in the same order."""
    return lambda s: [outcome for outcome, _ in chance(s)]


#: Each face rolled (``ROLLS`` without the probabilities).
ROLL_TEXTS = [outcome for outcome, _ in ROLLS]

LEGAL: dict[int, Callable[[State], list[str]]] = {
    **{phase: _outcomes(chance) for phase, chance in CHANCE.items()},
    # the frequent draws list their outcomes without building fractions
    PH.ROLL: lambda s: [*ROLL_TEXTS],
    PH.CARD: actions.legal_card,
    PH.EVENT: events.legal_event,
    PH.PICK: legal_pick,
    PH.PLACE: legal_place,
    PH.TAKE: legal_take,
    PH.REROLL: legal_reroll,
    PH.SITE: events.legal_site,
    PH.VENT: events.legal_vent,
    PH.LOSE: events.legal_lose,
    PH.SETTLE: events.legal_settle,
    PH.BID: events.legal_bid,
    PH.GIVE: events.legal_give,
    PH.ACT: actions.legal_act,
    PH.LIGHT: actions.legal_light,
    PH.GROW: actions.legal_grow,
    PH.MOVE: actions.legal_move,
    PH.DISCOVER: actions.legal_discover,
    PH.GATHER: gather.legal_gather,
    PH.BONUS: gather.legal_bonus,
    PH.RECYCLE: actions.legal_recycle,
    PH.DREAM: actions.legal_dream,
    PH.ORDER: conflict.legal_order,
    PH.EVADE: conflict.legal_evade,
    PH.BOW: conflict.legal_bow,
    PH.GOALS: goals.legal_goals,
}

#: The handler of each phase: it reads the typed action (``grammar``) of the action played.
APPLY: dict[int, Callable[[Work, Any], None]] = {
    PH.TERRAIN: apply_terrain,
    PH.TILE: apply_tile,
    PH.TRIBE: apply_tribe,
    PH.FIRST: apply_first,
    PH.ROLL: apply_roll,
    PH.CARD: actions.apply_card,
    PH.EVENT: events.apply_event,
    PH.PICK: apply_pick,
    PH.PLACE: apply_place,
    PH.TAKE: apply_take,
    PH.REROLL: apply_reroll,
    PH.SITE: events.apply_site,
    PH.VENT: events.apply_vent,
    PH.LOSE: events.apply_lose,
    PH.SETTLE: events.apply_settle,
    PH.BID: events.apply_bid,
    PH.GIVE: events.apply_give,
    PH.ACT: actions.apply_act,
    PH.LIGHT: actions.apply_light,
    PH.GROW: actions.apply_grow,
    PH.MOVE: actions.apply_move,
    PH.DISCOVER: actions.apply_discover,
    PH.GATHER: gather.apply_gather,
    PH.BONUS: gather.apply_bonus,
    PH.RECYCLE: actions.apply_recycle,
    PH.DREAM: actions.apply_dream,
    PH.ORDER: conflict.apply_order,
    PH.EVADE: conflict.apply_evade,
    PH.BOW: conflict.apply_bow,
    PH.GOALS: goals.apply_goals,
}


def legal_actions(state: State) -> list[str]:
    """Return the legal actions (canonical strings) of the player who decides next."""
    if state.over:
        return []
    return LEGAL[state.phase](state)


def chance_outcomes(state: State) -> list[tuple[str, Fraction]]:
    """Return the outcomes of a chance node with their exact probabilities (none elsewhere)."""
    if state.over or state.phase not in CHANCE_PHASES:
        return []
    return CHANCE[state.phase](state)


# --- drawing one outcome without listing them (random play, search) ------------------------------
#
# Each sampler draws with exactly the probabilities of its ``chance_*`` list, from whole numbers
# drawn by ``rng.randrange`` alone (tests/core/test_chance.py enumerates every sequence of them
# and compares the distribution with the list's, exactly). Profiling a seeded random game: the
# lists cost their fractions (a Fraction's float, 62,000 calls a hundred games) and the hand
# node's list of up to 3,432 hands, where one draw is a few ``randrange`` calls.

#: The roll of each face of the die, in ``data.DIE_FACES`` order (a face twice as often as on it).
_FACE_ROLLS = tuple(text(Roll(f)) for f in data.DIE_FACES)


def _sample_terrain(s: State, rng: Draws) -> str:
    left = terrain_left(s)
    ticket = rng.randrange(sum(left))
    for kind in range(3):
        if ticket < left[kind]:
            return TERRAIN[kind]
        ticket -= left[kind]
    raise AssertionError("unreachable: the tickets are the tiles left")


def _sample_tile(s: State, rng: Draws) -> str:
    code = next_tile(s)
    free = tile_hexes(s, code)
    return TILE[code, free[rng.randrange(len(free))]]


def _sample_tribe(s: State, rng: Draws) -> str:
    free = [t for t in range(len(data.TRIBES)) if t not in s.tribe]
    return TRIBE[free[rng.randrange(len(free))]]


def _sample_first(s: State, rng: Draws) -> str:
    return FIRST[rng.randrange(s.n)]


def _sample_roll(s: State, rng: Draws) -> str:
    return _FACE_ROLLS[rng.randrange(len(_FACE_ROLLS))]


SAMPLE: dict[int, Callable[[State, Draws], str]] = {
    PH.TERRAIN: _sample_terrain,
    PH.TILE: _sample_tile,
    PH.TRIBE: _sample_tribe,
    PH.FIRST: _sample_first,
    PH.ROLL: _sample_roll,
    PH.CARD: actions.sample_card,
    PH.EVENT: events.sample_event,
}


def sample_chance(state: State, rng: Draws) -> str:
    """Return one outcome of a chance node drawn with ``rng`` (anything with ``randrange``),
    each as likely as ``chance_outcomes`` says, without listing them.

    Raises:
        ValueError: the state is not a chance node.
    """
    if state.over or state.phase not in CHANCE_PHASES:
        raise ValueError("not a chance node")
    return SAMPLE[state.phase](state, rng)


def is_chance(state: State) -> bool:
    """Return whether chance decides next (a die, a card, a part of the setup)."""
    return not state.over and state.phase in CHANCE_PHASES


#: The face of each roll's text.
_ROLL_FACE = {text(Roll(f)): f for f in set(data.DIE_FACES)}
#: A state with the first die in the hand; with both, and the player to place one.
_with_hand = replacer("hand")
_with_hand_to_act = replacer("hand", "phase", "decider")
#: PH.ROLL read once (rules.ACT).
ROLL = PH.ROLL


def roll_fast(state: State, action: str) -> State | None:
    """Return the state after a die's roll that only puts the die in the hand (the first die),
    or the second one when no choice (Cunning) and no double follows; None otherwise.

    ``apply_roll`` does the same through a working copy; the two are compared on every roll of
    seeded random games (tests/games/rise_of_tribes/test_chance_fast.py). A game has about 75
    rolls, a third of its chance nodes and a fifth of all its actions."""
    face = _ROLL_FACE[action]
    hand = state.hand
    if not hand:
        return _with_hand(state, (face,))  # type: ignore[no-any-return]
    if len(hand) == 1 and hand[0] != face and not (
        state.has_power(state.active, data.CUNNING) and not state.flags[Flag.CUNNING]
    ):
        return _with_hand_to_act(state, (hand[0], face), ACT, state.active)  # type: ignore[no-any-return]
    return None


#: A state at the start of a turn (``start_turn``'s fields, and ``rnd``).
_turn_started = replacer("active", "decider", "used", "moved", "flags", "pend", "queue", "left",
                         "power", "hand", "phase", "rnd")


def done_fast(state: State) -> State | None:
    """Return the state after step 5's "done" when the next turn starts without scoring (the
    next player has no village) and the round limit is not reached; None otherwise.

    ``end_turn`` and ``start_turn`` do the same through a working copy; the two are compared on
    every "done" of seeded random games (tests/games/rise_of_tribes/test_chance_fast.py). A game
    has about 37 turns."""
    nxt = state.active + 1
    if nxt == state.n:
        nxt = 0
    rnd = state.rnd + 1 if nxt == state.first else state.rnd
    if rnd >= data.ROUND_LIMIT or nxt in state.villages:
        return None
    return _turn_started(  # type: ignore[no-any-return]
        state, nxt, nxt, (), (0,) * len(state.moved), NO_FLAGS, (), (), 0, 0, (), PH.ROLL, rnd)


def apply(state: State, action: str) -> State:
    """Return the state after a legal action (trusted: ``legal_actions`` is checked first)."""
    phase = state.phase
    if phase == PH.ROLL:
        fast = roll_fast(state, action)
        if fast is not None:
            return fast
    elif phase == PH.GOALS and action == DONE:
        fast = done_fast(state)
        if fast is not None:
            return fast
    return apply_work(state, action)


#: The text of step 5's "done" (``apply``'s fast path).
DONE = text(Done())
#: The typed action of a text (``grammar``: the texts seen are cached).
ACTION = grammar.action


def apply_work(state: State, action: str) -> State:
    """Return the state after a legal action, through a working copy (every action)."""
    w = Work.thaw(state)
    try:
        APPLY[state.phase](w, ACTION(action))
    except Won:
        w.phase = PH.OVER
    return w.freeze()


def outcome(state: State) -> Outcome | None:
    """Return how the game ended: someone reached 15 (R13), or the designed round limit."""
    if not state.over:
        return None
    others = sorted({state.score[p] for p in range(state.n) if p != state.winner}, reverse=True)
    ranking: list[tuple[int, ...]] = []
    if state.over == 1:
        ranking.append((state.winner,))
        for sc in others:
            ranking.append(tuple(p for p in range(state.n)
                                 if p != state.winner and state.score[p] == sc))
        return Outcome((state.winner,), tuple(ranking), "15 victory points",
                       message=msg("rot.end.points", player=player(state.winner),
                                   n=data.WIN_VP))
    for sc in sorted(set(state.score), reverse=True):
        ranking.append(tuple(p for p in range(state.n) if state.score[p] == sc))
    return Outcome(ranking[0], tuple(ranking), f"round limit ({data.ROUND_LIMIT} rounds)",
                   message=msg("rot.end.round_limit", n=data.ROUND_LIMIT))
