"""Records of the first format (``meeples-match/1``), made while the engine kept a generator in
its state: their chance outcomes are recovered here so that they replay on the chance nodes.

Then the seed fed a splitmix64 generator (:mod:`meeples.core.rng`) that dealt the whole setup at
once (the tribes, the terrain, each scenario tile's hex, every goal deck and the event deck in
order, the start player), rolled the dice at each turn start and for Cunning, and shuffled the
event deck again when the discard pile became the deck or when the Volcano or an unwon
Chieftain went back into it. The record listed only the players' actions. Replaying it here,
the old draws are kept beside the new state in the same order (a :class:`Shadow`), and each
chance node gets the outcome the old engine drew: a hand of goal cards is the first cards of the
old deck's order still unseen (cards put under the deck came after every unseen card in both
engines), an event the top of the old event deck.

A record started from a position text holds its generator and deck orders in that text, which
the engine no longer reads: it cannot be converted (``CorruptRecord``, saying so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeples.core.errors import CorruptRecord, MeeplesError
from meeples.core.rng import randbelow, seed_state, shuffled
from meeples.games.rise_of_tribes import data, rules
from meeples.games.rise_of_tribes.grammar import (
    Cards,
    Event,
    First,
    Roll,
    Terrain,
    Tile,
    Tribe,
    text,
)
from meeples.games.rise_of_tribes.state import Phase, State


@dataclass
class Shadow:
    """What the old engine had drawn and would draw next, in its own order."""

    rng: int
    tribes: list[int]
    terrain: list[int]
    tiles: dict[int, int]  # scenario tile code -> hex
    decks: list[list[int]]  # goal decks, top first, as dealt
    events: list[int]  # the event deck, top first
    first: int
    log: list[str] = field(default_factory=list)

    def roll(self) -> int:
        value, self.rng = randbelow(self.rng, len(data.DIE_FACES))
        return data.DIE_FACES[value]

    def shuffle(self, items: Sequence[int]) -> list[int]:
        out, self.rng = shuffled(self.rng, list(items))
        return list(out)


def deal(players: int, seed: int, options: Mapping[str, Any]) -> Shadow:
    """Return the old engine's setup draws from a seed (its ``initial_state``, step by step)."""
    state = seed_state(seed)
    n = players
    tribes, state = shuffled(state, range(len(data.TRIBES)))
    terrain, state = shuffled(state, [kind for kind in range(3) for _ in range(n + 1)])
    special = [0] * len(data.MAPS[n])
    placed: dict[int, int] = {}
    for code in sorted(rules.tile_codes(options.get("scenario_tiles", False)),
                       key=lambda c: c == data.WILD_LAND):
        kind = data.TILE_REPLACES[code]
        free = [h for h in range(len(special))
                if special[h] == 0 and (kind == data.ANY or terrain[h] == kind)]
        if free:
            pick, state = randbelow(state, len(free))
            special[free[pick]] = code
            placed[code] = free[pick]
    decks = []
    for _ in range(n):
        deck, state = shuffled(state, data.goal_deck(n))
        decks.append(list(deck))
    pool = [e for e in range(len(data.EVENTS))
            if not (options.get("events") == "classic12" and e in data.CLASSIC12_DROPPED)]
    events, state = shuffled(state, pool)
    first, state = randbelow(state, n)
    return Shadow(state, list(tribes[:n]), list(terrain), placed, decks, list(events), first)


def outcome(shadow: Shadow, s: State) -> str:
    """Return the outcome the old engine drew at a chance node of the new one.

    Raises:
        CorruptRecord: the old draws do not fit the node (the record is not of this engine).
    """
    phase = s.phase
    if phase == Phase.TERRAIN:
        drawn = text(Terrain(shadow.terrain[s.terrain.index(-1)]))
    elif phase == Phase.TILE:
        code = rules.next_tile(s)
        drawn = text(Tile(code, shadow.tiles.get(code, -1)))
    elif phase == Phase.TRIBE:
        drawn = text(Tribe(shadow.tribes[s.tribe.index(-1)]))
    elif phase == Phase.FIRST:
        drawn = text(First(shadow.first))
    elif phase == Phase.ROLL:
        drawn = text(Roll(shadow.roll()))
    elif phase == Phase.CARD:  # the old deck's top cards among the unseen ones
        unseen = s.decks[s.active]
        hand = [c for c in shadow.decks[s.active] if c in unseen][:s.to_draw]
        drawn = text(Cards(tuple(sorted(hand))))
    elif shadow.events:
        drawn = text(Event(shadow.events.pop(0)))
    else:
        raise CorruptRecord("the old event deck is empty where an event is drawn")
    if drawn not in rules.legal_actions(s):
        raise CorruptRecord(f"the old draw {drawn!r} does not fit the chance node")
    return drawn


def follow_shuffles(shadow: Shadow, before: State, action: str, after: State) -> None:
    """Shuffle the old event deck where the old engine did between two states: the discard
    pile made the new deck (R9), or the Volcano or an unwon Chieftain went back in (§3.6; at
    once when nobody had to decide anything after it came up)."""
    if not before.ev_deck and before.ev_discard and not after.ev_discard and after.ev_deck:
        shadow.events = shadow.shuffle(before.ev_discard)
    for event in (data.VOLCANO, data.CHIEFTAIN):
        was_out = event in before.slots or action == text(Event(event))
        if was_out and event not in after.slots and event in after.ev_deck:
            shadow.events = shadow.shuffle([*shadow.events, event])


def chance_actions(players: int, seed: int | None, options: Mapping[str, Any] | None,
                   position: str | None, actions: Sequence[str]) -> list[str]:
    """Return the actions of a first-format record with the chance outcomes put in.

    Raises:
        CorruptRecord: the record started from a position text, or an action does not apply.
    """
    if position is not None:
        raise CorruptRecord("an old Rise of Tribes record started from a position text cannot "
                            "be converted: the text held the generator and the deck orders")
    opts = dict(options or {})
    shadow = deal(players, seed or 0, opts)
    state = rules.initial_state(players, seed or 0, opts)
    out: list[str] = []

    def step(action: str) -> None:
        nonlocal state
        out.append(action)
        try:
            after = rules.apply(state, action)
        except MeeplesError as error:  # pragma: no cover - legal actions apply
            raise CorruptRecord(str(error)) from None
        follow_shuffles(shadow, state, action, after)
        state = after

    def settle() -> None:
        while rules.is_chance(state):
            step(outcome(shadow, state))

    settle()
    for index, action in enumerate(actions):
        if action not in rules.legal_actions(state):
            raise CorruptRecord(f"action {index + 1} ({action!r}) does not apply")
        step(action)
        settle()
    return out
