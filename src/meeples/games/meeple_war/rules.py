"""Meeple War's rules: setup, the turn as a sequence of decisions, the end and the ranking
(rulebook "Setup", "Game Turn", "End of the Game"; sheet B1, B3, B5, B8, B11, A10, D18).

``legal_actions`` and ``apply`` dispatch on the awaited decision (``State.step``); after each
action, steps with no real choice (nothing to do, or only ``done``) are passed automatically.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from meeples.core.chance import CHANCE, Draws
from meeples.core.game import Outcome
from meeples.core.text import Message, msg
from meeples.games.meeple_war import battle, board, buildings, grammar, movement, phases
from meeples.games.meeple_war.data import (
    CONSTRUCTIBLE,
    MAX_ROUNDS,
    MEEPLES_PER_PLAYER,
    QUICKSTART,
    QUICKSTART_SETUPS,
    QUICKSTART_SLOTS,
    SETUP_9_EMPTY,
    SETUP_TILES,
    SQUARE_SLOT,
    START_DEPOT,
    TILE_CLASS,
    TILE_INDEX,
    TILES,
    UPGRADE_TOKENS,
    VP_TO_WIN,
    QuickStartSetup,
)
from meeples.games.meeple_war.grammar import DONE, Draw, First
from meeples.games.meeple_war.state import Seat, Slot, State
from meeples.games.meeple_war.work import Work

OPTION_NAMES = (
    "cavern_range_exactly_2",
    "reinforce_gate_only_if_none",
    "deploy_one_any_village_tile",
    "altar_once_per_player",
    "first_to_6_wins",
    "weapons_forge_attack_only",
    "setup_tiles_9",
    "quickstart",
)
#: The names a quick-start setup other than the rulebook's leaves in ``State.options``.
SETUP_FLAGS = tuple(sorted(s.flag for s in QUICKSTART_SETUPS.values() if s.flag))
#: The setup of each name (the rulebook's: no name).
_SETUP_OF_FLAG = {s.flag: s for s in QUICKSTART_SETUPS.values()}


def initial_state(players: int, seed: int, options: Mapping[str, Any]) -> State:
    """Return the setup before the first player is drawn (B3): a chance node (``first:P``).

    The setup tiles are fixed by the rules (B11, B8) and every other tile is face down in the
    pile; the seed is not used (chance is drawn outside the state, see ``meeples.core.chance``).
    The villages and the quick-start buildings follow the turn order, so they wait for the draw.
    """
    on = tuple(sorted(name for name in OPTION_NAMES if options.get(name)))
    if "quickstart" in on:
        flag = QUICKSTART_SETUPS[options.get("quickstart_setup", "rulebook")].flag
        on = tuple(sorted((*on, flag))) if flag else on
    found = _OPENINGS.get((players, on))
    if found is not None:
        return found
    layout = dict(SETUP_TILES[players])
    if players == 4 and "setup_tiles_9" in on:
        for spot in SETUP_9_EMPTY:
            del layout[spot]
    placed = {TILE_INDEX[t] for t in layout.values()}
    pile = tuple(i for i in range(len(TILES)) if i not in placed)
    tiles = tuple(sorted((board.hex_of(*spot), TILE_INDEX[t], 0) for spot, t in layout.items()))
    seats = []
    for _ in range(players):
        slots: list[Slot | None] = [None] * 4
        slots[SQUARE_SLOT] = Slot("VS", True, "S", ())
        seats.append(Seat(
            stock=MEEPLES_PER_PLAYER - START_DEPOT - 1, depot=START_DEPOT, ladder=0, mountain=0,
            extra_vp=0, tree=True, tokens=(), shields=0, available=tuple(sorted(CONSTRUCTIBLE)),
            boxed=(), slots=tuple(slots),
        ))
    setup = State(
        players=players, options=on, first=0, active=0, turn=0, phase=1,
        step="first", window=(), bonuses=(), temp_vp=0, weapons=0, nature=False, workers=(),
        pending=(), sub=(), frozen=(), explore=(), drawn=(), altars_used=(), effects=(),
        pile=pile, tiles=tiles, upgrades=(), trees=(), pool=tuple(sorted(UPGRADE_TOKENS)),
        troops=(), seats=tuple(seats), result=(),
    )
    opening = Work(setup).freeze(list(_FIRST[:players]))
    if len(_OPENINGS) >= 64:
        _OPENINGS.clear()
        _FIRST_TURNS.clear()
    _OPENINGS[players, on] = opening
    return opening


#: The setup of each player count and options, and each of its first turns (by first player):
#: the same for every game, and a state is never changed (a working copy copies what it
#: changes), so games share them as search shares the states of its tree.
_OPENINGS: dict[tuple[int, tuple[str, ...]], State] = {}
_FIRST_TURNS: dict[tuple[int, tuple[str, ...], int], State] = {}


def seat_first(state: State, first: int) -> State:
    """Return the setup with its first player drawn: quick-start buildings go by turn order
    (B3), and the first turn begins."""
    key = (state.players, state.options, first)
    if state is _OPENINGS.get(key[:2]):
        found = _FIRST_TURNS.get(key)
        if found is None:
            found = _FIRST_TURNS[key] = _seat_first(state, first)
        return found
    return _seat_first(state, first)


def _seat_first(state: State, first: int) -> State:
    seats = []
    setup = quickstart_setup(state.options)
    for p, seat in enumerate(state.seats):
        if setup is not None:
            slots = list(seat.slots)
            available = list(seat.available)
            order = board.seat_of(p, first, state.players)
            pair = QUICKSTART[state.players - 1 - order if setup.reversed else order]
            ahead = dict(setup.ahead)
            for code, index in zip(pair, QUICKSTART_SLOTS, strict=True):
                slots[index] = (Slot(code, False, "c0", ()) if code in setup.sites
                                else Slot(code, True, ahead.get(code, "S"), ()))
                available.remove(code)
            for place, code in setup.third:
                if place == order:
                    slots[0] = Slot(code, True, "S", ())
                    available.remove(code)
            extra = (setup.depot_after_first if order > 0 else 0) + (
                setup.depot_by_place[order] if order < len(setup.depot_by_place) else 0)
            seat = replace(seat, slots=tuple(slots), available=tuple(sorted(available)),
                           stock=seat.stock - extra, depot=seat.depot + extra)
        seats.append(seat)
    w = Work(replace(state, first=first, active=first, seats=tuple(seats)))
    start_turn(w)
    return w.freeze(settle(w))


def quickstart_setup(options: tuple[str, ...]) -> QuickStartSetup | None:
    """Return the quick-start setup that the options of a state name (None: the full game)."""
    if "quickstart" not in options:
        return None
    return next((_SETUP_OF_FLAG[o] for o in options if o in _SETUP_OF_FLAG),
                QUICKSTART_SETUPS["rulebook"])


#: The steps where chance decides (``to_move`` is CHANCE): the first player, a tile turned up.
CHANCE_STEPS = ("first", "draw")


def chance_outcomes(state: State) -> list[tuple[str, Fraction]]:
    """Return the outcomes of a chance node with their probabilities (empty elsewhere).

    The first player is one of the seats, each as likely (B3). A tile turned up is any face-down
    tile, as likely as its share of the pile; identical tiles are one outcome (``TILE_CLASS``),
    named by the lowest number among them still face down.
    """
    if state.result:
        return []
    if state.step == "first":
        return [(_FIRST[p], Fraction(1, state.players)) for p in range(state.players)]
    if state.step == "draw":
        return draw_outcomes(state.pile)
    return []


def draw_counts(pile: tuple[int, ...]) -> dict[int, list[int]]:
    """Return, per class of identical tiles in a sorted pile, [its lowest tile, its count], in
    the order of their lowest tiles."""
    counts: dict[int, list[int]] = {}
    for t in pile:
        found = counts.get(TILE_CLASS[t])
        if found is None:
            counts[TILE_CLASS[t]] = [t, 1]
        else:
            found[1] += 1
    return counts


def draw_outcomes(pile: tuple[int, ...]) -> list[tuple[str, Fraction]]:
    """Return the tiles that may turn up from a sorted pile, one per class of identical tiles
    (its lowest number), with the class's share of the pile."""
    total = len(pile)
    return [(_DRAW[t], Fraction(k, total)) for t, k in draw_counts(pile).values()]


def sample_chance(state: State, rng: Draws) -> str:
    """Return one outcome of a chance node drawn with ``rng`` (anything with ``randrange``), as
    likely as ``chance_outcomes`` says: a seat, or any face-down tile, as the class of identical
    tiles it belongs to (no fraction, no list of classes).

    Raises:
        ValueError: the state is not a chance node.
    """
    if state.result or state.step not in CHANCE_STEPS:
        raise ValueError("not a chance node")
    if state.step == "first":
        return _FIRST[rng.randrange(state.players)]
    pile = state.pile
    tile_class = TILE_CLASS[pile[rng.randrange(len(pile))]]
    for t in pile:  # sorted: the first of its class is the lowest number, the outcome's name
        if TILE_CLASS[t] == tile_class:
            return _DRAW[t]
    raise AssertionError("unreachable: the tile drawn is in the pile")


#: The draw action of each tile, and the text of each first player.
_DRAW = tuple(grammar.text(Draw(t)) for t in range(len(TILES)))
_FIRST = tuple(grammar.text(First(p)) for p in range(4))


# --- turn flow -------------------------------------------------------------------------------


def start_turn(w: Work) -> None:
    w.turn += 1
    w.bonuses, w.temp_vp, w.weapons, w.nature = (), 0, 0, False
    w.workers, w.pending, w.sub, w.frozen, w.explore = (), (), (), {}, {}
    w.drawn, w.altars_used = (), ()
    start_phase(w, 1)


def start_phase(w: Work, phase: int) -> None:
    """Open a phase with its token window (B5), or go straight to its body."""
    w.phase = phase
    w.window = phases.token_holders(w)
    if w.window:
        w.step = "window"
    else:
        begin_body(w)


def begin_body(w: Work) -> None:
    phase = w.phase
    if phase == 1:
        phases.check_bonuses(w)
        w.step = "bonus"
    elif phase == 2:
        w.step = "worker"
        phases.start_workers(w)
    elif phase == 3:
        w.step = "action"
    elif phase == 4:
        w.step = "move"
    else:
        w.step = "explore"


def finish_step(w: Work) -> None:
    """Close the awaited step (``done``, or nothing left to decide)."""
    step = w.step
    if step == "window":
        w.window = w.window[1:]
        if not w.window:
            begin_body(w)
    elif step == "bonus":
        w.bonuses = ()
        start_phase(w, 2)
    elif step == "worker":
        start_phase(w, 3)
    elif step == "action":
        w.pending = ()
        start_phase(w, 4)
    elif step == "fly":
        w.sub = ()
        w.step = "action"
    elif step == "fright":
        buildings.finish_fright(w)
    elif step == "move":
        start_phase(w, 5)
    elif step == "explore":
        w.step = "battle"
    elif step == "battle":
        end_turn(w)
    else:  # pragma: no cover - every decision step is listed above
        raise AssertionError(step)


def end_turn(w: Work) -> None:
    w.temp_vp = 0
    if w.turn >= MAX_ROUNDS * w.players:
        finish(w, f"round limit ({MAX_ROUNDS} rounds)")
        return
    w.active = (w.active + 1) % w.players
    start_turn(w)


def settle(w: Work) -> list[str] | None:
    """Pass every step with no real choice, checking the end after each (A10).

    A chance node stops here even with a single outcome (the last tile, or the last of a kind):
    every tile turned up is chance's recorded action, so a record says where each tile came up.
    Return the legal actions of the decision reached (none once the game is over), or None at
    a tile's draw: chance is mostly drawn without its list (``sample_chance``), which
    ``legal_actions`` makes when asked.
    """
    while True:
        # check_end's own shortcut first: VP can only have risen with a seat's or tower VP
        if (w.result or w.vp_moved) and check_end(w):
            return []
        if w.effects:
            options = effect_options(w)
            if len(options) == 1:
                apply_step(w, options[0])
                continue
            if options:
                return options
            w.effects = w.effects[1:]
            continue
        step = w.step
        if step == "draw":
            return None
        if step == "explore" and len(w.explore) == 1:  # apply_explore without its text
            w.drawn = (next(iter(w.explore)),)
            w.step = "draw"
            continue
        options = step_options(w)
        if len(options) > 1:  # a real choice (never two done)
            return options
        if options and options[0] != DONE:
            apply_step(w, options[0])
            continue
        finish_step(w)


def check_end(w: Work) -> bool:
    """End the game once a player has 6 VP (the active player counting towers, A10)."""
    if w.result:
        return True
    if not w.vp_moved:
        # Only seats and tower VP count, and neither rose since the source state, which was
        # checked when it was made (a state not made by Work.freeze counts as changed).
        return False
    # w.vp inlined: this runs before every step of every action
    for p, seat in enumerate(w.seats):
        vp = seat.mountain + seat.extra_vp
        if vp >= VP_TO_WIN or (p == w.active and vp + w.temp_vp >= VP_TO_WIN):
            finish(w, f"{VP_TO_WIN} victory points")
            return True
    return False


def finish(w: Work, reason: str) -> None:
    """Rank by VP, then bravery, then meeples on the map (A10); ties share a place.

    With ``first_to_6_wins`` (D18, French goal text) an active player who reached 6 VP wins
    even if the same step gave another player more.
    """
    def key(p: int) -> tuple[int, ...]:
        reached = w.option("first_to_6_wins") and p == w.active and w.vp(p) >= VP_TO_WIN
        return (int(reached), w.vp(p), w.seats[p].ladder, w.on_map(p))

    order = sorted(range(w.players), key=lambda p: (tuple(-v for v in key(p)), p))
    ranking: list[list[int]] = []
    for p in order:
        if ranking and key(ranking[-1][0]) == key(p):
            ranking[-1].append(p)
        else:
            ranking.append([p])
    groups = tuple(tuple(sorted(g)) for g in ranking)
    w.result = (groups[0], groups, reason)
    w.phase, w.step = 0, "over"
    w.window, w.effects, w.workers, w.pending, w.sub = (), (), (), (), ()


# --- decisions -------------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """Return how the game ended, or None while it goes on."""
    if not state.result:
        return None
    winners, ranking, reason = state.result
    return Outcome(winners, ranking, reason, message=end_message(reason))


#: The end reasons ``finish`` records (their English text is kept in the state and positions).
_ENDS = {
    f"{VP_TO_WIN} victory points": msg("mw.end.vp", n=VP_TO_WIN),
    f"round limit ({MAX_ROUNDS} rounds)": msg("mw.end.rounds", n=MAX_ROUNDS),
}


def end_message(reason: str) -> Message:
    """Return the message of an end reason (a reason of an older position is shown as it is)."""
    return _ENDS.get(reason) or msg("core.text", text=reason)


def to_move(state: State) -> int | None:
    if state.result:
        return None
    if state.step in CHANCE_STEPS:
        return CHANCE
    if state.effects:
        return int(state.effects[0][1])
    if state.step == "window":
        return state.window[0]
    return state.active


def effect_options(w: Work) -> list[str]:
    kind, p, h = w.effects[0]
    if kind == "vp":
        return movement.vp_options(w, p)  # compulsory: no done
    if kind == "kill":
        found = movement.kill_options(w, p, h)
    else:
        found = movement.jump_options(w, p, h)
    return [*found, DONE] if found else []


def step_options(w: Work) -> list[str]:
    step = w.step
    if step == "move":  # the commonest first; the option lists are new lists, so done is added
        found = movement.move_options(w)
        found.append(DONE)
        return found
    if step == "worker":
        return phases.worker_options(w)
    if step == "action":
        found = buildings.action_options(w)
        found.append(DONE)
        return found
    if step == "window":
        return [*phases.token_options(w, w.window[0]), DONE]
    if step == "bonus":
        return [*phases.bonus_options(w), DONE]
    if step == "fly":
        return [*buildings.fly_options(w), DONE]
    if step == "fright":
        return [*buildings.fright_options(w), DONE]
    if step == "explore":
        return battle.explore_options(w)
    if step == "draw":
        return [_DRAW[t] for t, _ in draw_counts(w.pile).values()]  # no Fraction: hot
    if step == "first":
        return list(_FIRST[:w.players])
    if step == "rotate":
        return battle.rotate_options(w)
    if step == "battle":
        return battle.battle_options(w)
    return []


def options(w: Work) -> list[str]:
    if w.result:
        return []
    return effect_options(w) if w.effects else step_options(w)


def legal_actions(state: State) -> list[str]:
    """Return the legal action strings for the player to move."""
    if state.result:
        return []
    aux = state.aux
    if aux and aux[2] is not None:
        return list(aux[2])
    return options(Work(state))


#: The typed action of a text (the grammar's, cached).
ACTION = grammar.action


def apply_step(w: Work, action: str) -> None:
    """Carry out one legal action of the awaited step (no settling): its typed action, read
    once, goes to the step's rule."""
    if w.effects:
        kind, p, _ = w.effects[0]
        w.effects = w.effects[1:]
        if kind == "vp":
            movement.apply_vp(w, p, ACTION(action))
        elif action != DONE:
            (movement.apply_kill if kind == "kill" else movement.apply_jump)(w, p, ACTION(action))
        return
    if action == DONE:
        finish_step(w)
        return
    typed = ACTION(action)
    step = w.step
    if step == "move":  # the commonest first
        movement.apply_move(w, typed)
    elif step == "worker":
        phases.apply_worker(w, typed)
    elif step == "action":
        buildings.apply_action(w, typed)
    elif step == "draw":  # chance: about 30 a game
        battle.apply_draw(w, typed)
    elif step == "window":
        phases.apply_token(w, w.window[0], typed)
    elif step == "bonus":
        phases.apply_bonus(w, typed)
    elif step == "fly":
        buildings.apply_fly(w, typed)
    elif step == "fright":
        buildings.apply_fright(w, typed)
    elif step == "explore":
        battle.apply_explore(w, typed)
    elif step == "rotate":
        battle.apply_rotate(w, typed)
    elif step == "battle":
        battle.apply_battle(w, typed)


def apply(state: State, action: str) -> State:
    """Return the state after a legal action (trusted: the facade checks legality)."""
    if state.step == "first":
        return seat_first(state, ACTION(action).player)
    w = Work(state)
    apply_step(w, action)
    return w.freeze(settle(w))


def meeple_count(state: State, p: int) -> int:
    """Return where p's meeples are, summed (13 when the accounting holds): for invariants."""
    s = state.seats[p]
    total = s.stock + s.depot + s.mountain + 1
    total += sum(c for _, q, c in state.troops if q == p)
    for seat in state.seats:
        for slot in seat.slots:
            if slot is not None:
                total += slot.defense.count(p)
    return total
