"""Rise of Tribes state: frozen data only (tuples, hashable), plus the field table that the
mutable working copy (``work.py``) and the position text (``notation.py``) are built from.

Hexes are indices into the map of the player count (``data.MAPS``); players are seat indices.
Actions are their canonical strings (``notation.py`` documents the grammar).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from meeples.games.rise_of_tribes import data


class Phase(IntEnum):
    """Who must decide what next (the sub-step of the turn)."""

    PLACE = 0  # setup: place the starting tribe
    TAKE = 1  # setup: take a free resource
    REROLL = 2  # Cunning: reroll one die or keep
    SITE = 3  # choose a hex for an event token (Invaders, Mammoth, Sabertooth)
    VENT = 4  # choose the volcano slot
    LOSE = 5  # choose the hex a member is lost from (Volcano)
    SETTLE = 6  # Abandoned Village: build a cheap village or pass
    BID = 7  # Chieftain: raise or drop out
    GIVE = 8  # Chieftain: hand out the winning bid
    ACT = 9  # place a die on an action row (or spend it on an event)
    LIGHT = 10  # Light in the Dark: take one resource
    GROW = 11
    MOVE = 12
    DISCOVER = 13  # Discovery: take one resource from the card
    GATHER = 14
    BONUS = 15  # Basketry / Trader choices after a GATHER
    RECYCLE = 16  # LEAD: recycle goals, then draw
    DREAM = 17  # Dreamtime: put one drawn card on the bottom
    ORDER = 18  # choose the next conflict hex
    EVADE = 19  # Evasion
    BOW = 20  # Bow: remove one defender
    GOALS = 21  # step 5: goals, villages, purchases
    OVER = 22
    PICK = 23  # setup, option leader_powers="pick" (Q18): choose one leader power
    # Chance nodes (``CHANCE_PHASES``): nobody decides, an outcome is drawn (core.chance).
    TERRAIN = 24  # setup §2.2 step 2: the terrain of the next hex, in index order
    TILE = 25  # setup R7: the hex the next scenario tile replaces
    TRIBE = 26  # setup §2.2 step 4: the tribe of the next seat
    FIRST = 27  # setup §2.2 step 7: the start player
    ROLL = 28  # §2.3 step 2 (or Cunning): one die, until the hand holds two
    CARD = 29  # the top card of the active player's goal deck (LEAD, Shared Knowledge)
    EVENT = 30  # §2.6: the top card of the event deck, into the free slot


class PH:
    """Phase's members as plain class attributes (the same objects), for the rules' hot paths:
    in Python 3.11 a read through an Enum class goes through the metaclass's attribute hook
    (85 ns, about 6 ns here; see :class:`Flag`), and the rules read phases on most actions."""

    PLACE = Phase.PLACE
    TAKE = Phase.TAKE
    REROLL = Phase.REROLL
    SITE = Phase.SITE
    VENT = Phase.VENT
    LOSE = Phase.LOSE
    SETTLE = Phase.SETTLE
    BID = Phase.BID
    GIVE = Phase.GIVE
    ACT = Phase.ACT
    LIGHT = Phase.LIGHT
    GROW = Phase.GROW
    MOVE = Phase.MOVE
    DISCOVER = Phase.DISCOVER
    GATHER = Phase.GATHER
    BONUS = Phase.BONUS
    RECYCLE = Phase.RECYCLE
    DREAM = Phase.DREAM
    ORDER = Phase.ORDER
    EVADE = Phase.EVADE
    BOW = Phase.BOW
    GOALS = Phase.GOALS
    OVER = Phase.OVER
    PICK = Phase.PICK
    TERRAIN = Phase.TERRAIN
    TILE = Phase.TILE
    TRIBE = Phase.TRIBE
    FIRST = Phase.FIRST
    ROLL = Phase.ROLL
    CARD = Phase.CARD
    EVENT = Phase.EVENT


#: The phases where chance, not a player, decides (``to_move`` is ``CHANCE``).
CHANCE_PHASES = frozenset({Phase.TERRAIN, Phase.TILE, Phase.TRIBE, Phase.FIRST, Phase.ROLL,
                           Phase.CARD, Phase.EVENT})
#: The setup's chance phases: the map, the tribes and the start player are not dealt yet.
SETUP_PHASES = frozenset({Phase.TERRAIN, Phase.TILE, Phase.TRIBE, Phase.FIRST})


class Flag:
    """Per-turn facts, indices into ``State.flags`` (reset at each turn start).

    Plain int constants rather than an IntEnum (they are only ever indices): in Python 3.11
    every read of an enum member through its class goes through EnumType.__getattr__, about ten
    times slower, and the rules read these in most actions.
    """

    POTTERY = 0
    ELDER = 1
    BORROWED = 2  # development borrowed through an elder, +1 (0: none)
    ALTAR = 3
    SHARED = 4
    CUNNING = 5
    FOCUS = 6
    RAID = 7
    GATHER6 = 8
    CONFLICT = 9  # step 4 started (no more actions)


FLAG_COUNT = sum(1 for name in vars(Flag) if name.isupper())


#: ``State.leaders`` under the option leader_powers="pick" (Q18): a 2 followed by one digit per
#: seat, seat 0 first: 0 still to choose, 1 the tribe's first leader power, 2 its second
#: (``leaders=2120``: 3 players, seat 2 still to choose). 0 and 1 keep their meaning (off, both
#: powers), so the default game's states and position texts are unchanged by the option.
PICKING = 2


def picking(n: int) -> int:
    """Return the ``leaders`` value of a pick game before anyone chose."""
    return PICKING * 10 ** n  # type: ignore[no-any-return]  # n >= 0: an int


def picked(leaders: int, n: int, p: int) -> int:
    """Return seat p's digit of a pick game's ``leaders``: 0 to choose, 1 or 2 the side chosen."""
    return leaders // 10 ** (n - 1 - p) % 10  # type: ignore[no-any-return]  # p < n


def with_pick(leaders: int, n: int, p: int, power: int) -> int:
    """Return a pick game's ``leaders`` once seat p chose a power."""
    return leaders + ((power & 1) + 1) * 10 ** (n - 1 - p)  # type: ignore[no-any-return]


class Reader:
    """Read-only rule helpers shared by the frozen :class:`State` and the working copy."""

    __slots__ = ()
    n: int
    pop: tuple[tuple[int, ...], ...] | list[list[int]]
    inv_hex: int
    inv: int
    slots: tuple[int, ...] | list[int]
    special: tuple[int, ...] | list[int]
    terrain: tuple[int, ...] | list[int]
    leaders: int
    tribe: tuple[int, ...] | list[int]
    completed: tuple[tuple[int, ...], ...] | list[list[int]]
    active: int
    flags: tuple[int, ...] | list[int]
    villages: tuple[int, ...] | list[int]

    def peek(self, name: str) -> Any:
        """Return a container field to read, not change (the working copy then skips a copy)."""
        return getattr(self, name)

    def flag(self, f: int) -> int:
        return self.flags[f]

    def invaders_at(self, h: int) -> int:
        return self.inv if h == self.inv_hex else 0

    def total(self, h: int) -> int:
        """Return the population of a hex: every member plus invaders (R4)."""
        return sum(self.pop[h]) + self.invaders_at(h)

    def others(self, h: int, p: int) -> int:
        """Return the opponents' members in a hex, invaders counted (R4)."""
        return sum(self.pop[h]) - self.pop[h][p] + self.invaders_at(h)

    def rivals(self, h: int, p: int) -> int:
        """Return the opponents' members in a hex, invaders not counted: R4 counts them as
        opponent members only for Majority, Control and Abandoned Village."""
        return sum(self.pop[h]) - self.pop[h][p]

    def on_board(self, p: int) -> int:
        return sum([row[p] for row in self.pop])

    def supply(self, p: int) -> int:
        return data.MEMBERS - self.on_board(p)

    def limit(self, h: int) -> int:
        """Return the current population limit of a hex (R7: the smaller of hex and global)."""
        cap = data.DROUGHT_LIMIT if data.DROUGHT in self.slots else data.POP_LIMIT
        if self.special[h] == data.OASIS:
            cap = min(cap, data.OASIS_LIMIT)
        return cap

    def counts_as(self, h: int, kind: int) -> bool:
        """Return whether a hex counts as a terrain type (Wild Land counts as all three)."""
        return self.terrain[h] == kind or self.special[h] == data.WILD_LAND

    def has_power(self, p: int, power: int) -> bool:
        """Return whether player p may use a leader power (``data.TRADER``...; §4.6, Q18)."""
        leaders = self.leaders
        if not leaders or self.tribe[p] != power >> 1:
            return False
        return leaders == 1 or picked(leaders, self.n, p) == (power & 1) + 1

    def chosen_power(self, p: int) -> int:
        """Return the leader power p picked (option leader_powers="pick"), or -1."""
        side = picked(self.leaders, self.n, p) if self.leaders > 1 else 0
        return 2 * self.tribe[p] + side - 1 if side else -1

    def has_dev(self, p: int, dev: int) -> bool:
        """Return whether p may use a development (completed, or borrowed through an elder)."""
        if dev in self.peek("completed")[p]:
            return True
        return p == self.active and self.flags[Flag.BORROWED] == dev + 1

    def village_holds(self, h: int, owner: int) -> bool:
        """Return whether a village survives (Hidden Village: only an opponent's presence)."""
        if self.pop[h][owner]:
            return True
        if self.has_power(owner, data.HIDDEN_VILLAGE):
            return sum(self.pop[h]) == 0
        return False

    def villages_of(self, p: int) -> int:
        return self.villages.count(p)

    def villages_left(self) -> int:
        return data.VILLAGES - sum(1 for v in self.villages if v >= 0)

    def next_player(self, p: int) -> int:
        return (p + 1) % self.n

    def turn_order(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def slot_of(self, event: int) -> int:
        """Return the slot holding an event, or -1."""
        for i, e in enumerate(self.slots):
            if e == event:
                return i
        return -1


@dataclass(frozen=True, slots=True)
class State(Reader):
    """A complete Rise of Tribes position. Nothing in it is secret: the decks are the cards
    nobody has seen (a multiset, in no order) plus the cards known to lie under them, and the
    dice not rolled yet are not in it at all (chance nodes, ``CHANCE_PHASES``)."""

    n: int  # players
    classic: int  # option events="classic12"
    leaders: int  # option leaders: 0 off, 1 both powers, else the picks (see PICKING)
    elders_on: int  # option elders
    tiles_on: tuple[int, ...]  # scenario tiles in play (codes)
    terrain: tuple[int, ...]  # per hex: basic type (= resource produced), -1 not dealt yet
    special: tuple[int, ...]  # per hex: scenario tile code, 0 for a basic tile
    volcano: int  # volcano slot, -1 before the first Volcano event
    pop: tuple[tuple[int, ...], ...]  # [hex][player] members
    inv_hex: int  # hex of the invaders, -1 when none
    inv: int  # invaders there
    villages: tuple[int, ...]  # per hex: owner, -1 for none
    elder_at: tuple[int, ...]  # per player: hex of their elder, -1 when in supply
    res: tuple[tuple[int, ...], ...]  # [player][wood, food, stone]
    score: tuple[int, ...]
    tribe: tuple[int, ...]  # per player, -1 not dealt yet
    rows: tuple[tuple[int, ...], ...]  # [action][slot 1..3] die faces
    hand: tuple[int, ...]  # the active player's rolled dice not yet used
    decks: tuple[tuple[int, ...], ...]  # [player] goal cards unseen in the deck, sorted
    bottoms: tuple[tuple[int, ...], ...]  # [player] cards put under them, next drawn first
    progress: tuple[tuple[int, ...], ...]  # goals in progress (face up)
    completed: tuple[tuple[int, ...], ...]
    ev_deck: tuple[int, ...]  # events unseen in the event deck, sorted (R9: reshuffles)
    ev_discard: tuple[int, ...]
    slots: tuple[int, ...]  # event in each slot, -1 for empty
    tokens: tuple[tuple[int, ...], ...]  # [slot][wood, food, stone] tokens on the card
    acquired: tuple[tuple[int, ...], ...]  # [player] events bought
    mammoth: int  # hex of the mammoth, -1 when none
    tamed: tuple[int, ...]  # [player] 1 when they tamed a mammoth
    tiger: int  # hex of the sabertooth tiger, -1 when none
    first: int  # start player, -1 not drawn yet
    active: int  # whose turn it is
    decider: int  # who decides next
    phase: int
    pend: tuple[int, ...]  # data of the current decision (meaning per phase)
    queue: tuple[int, ...]  # a second list for the current step (conflict hexes, bidders...)
    used: tuple[int, ...]  # action rows used this turn
    moved: tuple[int, ...]  # per hex: the active player's members that moved this turn
    left: int  # what remains of the current action (members, hexes, cards)
    to_draw: int  # goal cards still to draw (LEAD, Shared Knowledge): Phase.CARD
    drawn: tuple[int, ...]  # the goal cards a LEAD drew, kept while Dreamtime puts one back
    power: int  # current action: resources per hex (GATHER) or distance (MOVE)
    flags: tuple[int, ...]  # per-turn facts (Flag)
    evstep: int  # progress through the doubles of step 2 (events.py)
    evface: int  # face of the double being resolved
    rnd: int  # completed rounds
    winner: int  # -1 while the game goes on
    over: int  # 0 going on, 1 someone reached 15, 2 the round limit
    # [player][source]: the VP scored from each source of data.VP_SOURCES (for the score
    # sheet). What score holds beyond their sum was scored before they were recorded.
    scored: tuple[tuple[int, ...], ...]


#: Every field with its nesting depth (0 int, 1 tuple of ints, 2 tuple of tuples), in order.
FIELDS: tuple[tuple[str, int], ...] = tuple(
    (name, 2 if name in {"pop", "res", "rows", "decks", "bottoms", "progress", "completed",
                         "tokens", "acquired", "scored"}
     else 1 if name in {"tiles_on", "terrain", "special", "villages", "elder_at", "score", "tribe",
                        "hand", "ev_deck", "ev_discard", "slots", "tamed", "pend", "queue",
                        "used", "moved", "flags", "drawn"}
     else 0)
    for name in State.__slots__
)
