"""Rise of Tribes rules: setup (§2.2), the turn (§2.3) and the dispatch of every decision.

``legal_actions`` and ``apply`` are pure: ``apply`` thaws the state into a working copy
(``work.py``), lets the module of the current step change it, and freezes it back. The steps
live in ``actions.py`` and ``gather.py`` (§2.4-2.5), ``events.py`` (§2.6), ``conflict.py``
(§2.7) and ``goals.py`` (§2.8-2.9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meeples.core import rng as rngmod
from meeples.core.errors import BadOptions
from meeples.core.game import Outcome
from meeples.core.text import msg, player
from meeples.games.rise_of_tribes import actions, conflict, data, events, gather, goals
from meeples.games.rise_of_tribes.state import (
    FLAG_COUNT,
    Flag,
    Phase,
    State,
    picking,
    with_pick,
)
from meeples.games.rise_of_tribes.work import Won, Work

RES = data.RESOURCE_LETTERS

#: Phase.ACT read once: a read through the enum class goes through EnumType.__getattr__ in
#: Python 3.11 (about 0.2 us), and every turn comes back to this phase several times.
ACT = Phase.ACT


def hex_name(h: int) -> str:
    """Return the name of a hex index (a, b, c...)."""
    return chr(97 + h)


def hex_index(name: str, n: int) -> int:
    """Return the hex index of a name.

    Raises:
        ValueError: not a hex of the map.
    """
    if len(name) != 1 or not 0 <= ord(name) - 97 < len(data.MAPS[n]):
        raise ValueError(f"{name!r} is not a hex")
    return ord(name) - 97


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
    """Return the state after the random parts of setup (§2.2): placements are decisions.

    Raises:
        BadOptions: leader_powers="pick" without leaders (there is no power to pick).
    """
    picks = options.get("leader_powers", "both") == "pick"
    if picks and not options.get("leaders"):
        raise BadOptions(msg("rot.option.pick_needs_leaders"))
    state = rngmod.seed_state(seed)
    n = players
    coords = data.MAPS[n]
    tribes, state = rngmod.shuffled(state, range(len(data.TRIBES)))
    terrain, state = rngmod.shuffled(
        state, [kind for kind in range(3) for _ in range(n + 1)])
    special = [0] * len(coords)
    tiles = tile_codes(options.get("scenario_tiles", False))
    # R7: each tile replaces one random basic tile of its type; Wild Land any basic tile left.
    for code in sorted(tiles, key=lambda c: c == data.WILD_LAND):
        kind = data.TILE_REPLACES[code]
        free = [h for h in range(len(coords))
                if special[h] == 0 and (kind == data.ANY or terrain[h] == kind)]
        if free:
            pick, state = rngmod.randbelow(state, len(free))
            special[free[pick]] = code
    decks = []
    for _ in range(n):
        deck, state = rngmod.shuffled(state, data.goal_deck(n))
        decks.append(deck)
    pool = [e for e in range(len(data.EVENTS))
            if not (options.get("events") == "classic12" and e in data.CLASSIC12_DROPPED)]
    ev_deck, state = rngmod.shuffled(state, pool)
    first, state = rngmod.randbelow(state, n)
    leaders = picking(n) if picks else int(bool(options.get("leaders")))
    return State(
        n=n, classic=int(options.get("events") == "classic12"),
        leaders=leaders, elders_on=int(bool(options.get("elders"))),
        tiles_on=tiles, terrain=tuple(terrain), special=tuple(special), volcano=-1,
        pop=tuple((0,) * n for _ in coords), inv_hex=-1, inv=0,
        villages=(-1,) * len(coords), elder_at=(-1,) * n, res=((0, 0, 0),) * n,
        score=(0,) * n, tribe=tuple(tribes[:n]), rows=(data.START_ROW,) * 4, hand=(),
        decks=tuple(decks), progress=((),) * n, completed=((),) * n, ev_deck=ev_deck,
        ev_discard=(), slots=(-1, -1), tokens=((0, 0, 0), (0, 0, 0)), acquired=((),) * n,
        mammoth=-1, tamed=(0,) * n, tiger=-1, first=first, active=first, decider=first,
        phase=Phase.PICK if picks else Phase.PLACE, pend=() if picks else (0,), queue=(),
        used=(), moved=(0,) * len(coords), left=0,
        power=0, flags=(0,) * FLAG_COUNT, evstep=0, evface=0, rnd=0, rng=state, winner=-1,
        over=0, scored=((0,) * len(data.VP_SOURCES),) * n,
    )


# --- setup decisions (§2.2 steps 4 and 7) --------------------------------------------------------

def legal_pick(s: State) -> list[str]:
    """Q18 "pick one": the two leader powers of the deciding player's tribe."""
    tribe = s.tribe[s.decider]
    return [f"power {data.LEADER_POWER_CODES[2 * tribe + side]}" for side in (0, 1)]


def apply_pick(w: Work, words: list[str]) -> None:
    """Keep one leader power for the whole game; then the next seat picks, or placement starts."""
    p = w.decider
    w.leaders = with_pick(w.leaders, w.n, p, data.LEADER_POWER_CODES.index(words[1]))
    nxt = w.next_player(p)
    if nxt == w.first:
        w.phase, w.pend, w.decider = Phase.PLACE, [0], w.first
    else:
        w.decider = nxt



def legal_place(s: State) -> list[str]:
    seat = s.pend[0]
    p = s.decider
    free = [h for h in range(len(s.pop)) if s.others(h, p) == 0]
    if data.START_SEATS[seat][1] == 1:
        return [f"start {hex_name(h)}" for h in free]
    adj = data.ADJACENT[s.n]
    return [f"start {hex_name(a)}+{hex_name(b)}" for a in free for b in adj[a] if b in free]


def apply_place(w: Work, words: list[str]) -> None:
    seat = w.pend[0]
    members, _, take = data.START_SEATS[seat]
    spots = words[1].split("+")
    if len(spots) == 1:
        w.pop[hex_index(spots[0], w.n)][w.decider] += members
    else:
        w.pop[hex_index(spots[0], w.n)][w.decider] += members - 1
        w.pop[hex_index(spots[1], w.n)][w.decider] += 1
    if take:
        w.phase, w.pend = Phase.TAKE, [seat, take]
    else:
        next_seat(w, seat)


def legal_take(s: State) -> list[str]:
    return [f"take {r}" for r in RES]


def apply_take(w: Work, words: list[str]) -> None:
    w.gain(w.decider, RES.index(words[1]))
    w.pend[1] -= 1
    if w.pend[1] == 0:
        next_seat(w, w.pend[0])


def next_seat(w: Work, seat: int) -> None:
    if seat + 1 < w.n:
        w.phase, w.pend = Phase.PLACE, [seat + 1]
        w.decider = (w.first + seat + 1) % w.n
    else:
        start_turn(w, w.first)


# --- the turn (§2.3) ------------------------------------------------------------------------------

def start_turn(w: Work, p: int) -> None:
    """Steps 1 and 2: count villages, roll the two dice, resolve events on a double."""
    w.active = w.decider = p
    # moved has one entry per hex, like pop, which a turn start need not copy
    w.used, w.moved, w.flags = [], [0] * len(w.moved), [0] * FLAG_COUNT
    w.pend, w.queue, w.left, w.power = [], [], 0, 0
    w.phase = ACT
    w.gain_vp(p, w.villages_of(p), data.VP_VILLAGES)
    w.hand = [w.roll(), w.roll()]
    if w.has_power(p, data.CUNNING):
        w.phase = Phase.REROLL
        return
    after_roll(w)


def after_roll(w: Work) -> None:
    w.phase = ACT
    w.decider = w.active
    if w.hand[0] == w.hand[1]:
        events.resolve_double(w, w.hand[0])


def legal_reroll(s: State) -> list[str]:
    return ["keep"] + [f"reroll {data.FACE_LETTERS[f]}" for f in sorted(set(s.hand))]


def apply_reroll(w: Work, words: list[str]) -> None:
    if words[0] == "reroll":
        w.hand.remove(data.FACE_LETTERS.index(words[1]))
        w.hand.append(w.roll())
        w.flags[Flag.CUNNING] = 1
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
            w.over, w.phase = 2, Phase.OVER
            w.winner = max(range(w.n), key=lambda p: (w.score[p], -p))
            return
    start_turn(w, nxt)


# --- dispatch -------------------------------------------------------------------------------------

LEGAL: dict[int, Callable[[State], list[str]]] = {
    Phase.PICK: legal_pick,
    Phase.PLACE: legal_place,
    Phase.TAKE: legal_take,
    Phase.REROLL: legal_reroll,
    Phase.SITE: events.legal_site,
    Phase.VENT: events.legal_vent,
    Phase.LOSE: events.legal_lose,
    Phase.SETTLE: events.legal_settle,
    Phase.BID: events.legal_bid,
    Phase.GIVE: events.legal_give,
    Phase.ACT: actions.legal_act,
    Phase.LIGHT: actions.legal_light,
    Phase.GROW: actions.legal_grow,
    Phase.MOVE: actions.legal_move,
    Phase.DISCOVER: actions.legal_discover,
    Phase.GATHER: gather.legal_gather,
    Phase.BONUS: gather.legal_bonus,
    Phase.RECYCLE: actions.legal_recycle,
    Phase.DREAM: actions.legal_dream,
    Phase.ORDER: conflict.legal_order,
    Phase.EVADE: conflict.legal_evade,
    Phase.BOW: conflict.legal_bow,
    Phase.GOALS: goals.legal_goals,
}

APPLY: dict[int, Callable[[Work, list[str]], None]] = {
    Phase.PICK: apply_pick,
    Phase.PLACE: apply_place,
    Phase.TAKE: apply_take,
    Phase.REROLL: apply_reroll,
    Phase.SITE: events.apply_site,
    Phase.VENT: events.apply_vent,
    Phase.LOSE: events.apply_lose,
    Phase.SETTLE: events.apply_settle,
    Phase.BID: events.apply_bid,
    Phase.GIVE: events.apply_give,
    Phase.ACT: actions.apply_act,
    Phase.LIGHT: actions.apply_light,
    Phase.GROW: actions.apply_grow,
    Phase.MOVE: actions.apply_move,
    Phase.DISCOVER: actions.apply_discover,
    Phase.GATHER: gather.apply_gather,
    Phase.BONUS: gather.apply_bonus,
    Phase.RECYCLE: actions.apply_recycle,
    Phase.DREAM: actions.apply_dream,
    Phase.ORDER: conflict.apply_order,
    Phase.EVADE: conflict.apply_evade,
    Phase.BOW: conflict.apply_bow,
    Phase.GOALS: goals.apply_goals,
}


def legal_actions(state: State) -> list[str]:
    """Return the legal actions (canonical strings) of the player who decides next."""
    if state.over:
        return []
    return LEGAL[state.phase](state)


def apply(state: State, action: str) -> State:
    """Return the state after a legal action (trusted: ``legal_actions`` is checked first)."""
    w = Work.thaw(state)
    try:
        APPLY[state.phase](w, action.split(" "))
    except Won:
        w.phase = Phase.OVER
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
