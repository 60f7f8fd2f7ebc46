"""What a Rise of Tribes action causes beyond itself (the facade's ``effects``): conflicts with
each side's strength, losses and result (§2.7, R3, R4, R14, Q7), members lost to events and
hazards, resources gained from bonuses, victory points and why (§2.3 step 1, §2.8, §3.6, R5,
R13), villages destroyed and built (§2.9), and the events: doubles, arrivals, invaders, the
volcano, the mammoth, the sabertooth tiger, cards leaving play (§2.6, §4.5, R9).

Read off the states before and after, and off the engine's own run of the action
(``witness.replay``: the same step functions as ``rules.apply``, watched), never off a second
copy of a rule. Effects are public, as everything in this game is (``view.py``: nothing is
secret), and tell only what happened: the action's own words (``describe.py``) are not repeated,
so the member a player chose to lose, sacrifice or shoot, and the resources an action names,
are not told again. Every member removed otherwise and every VP scored is
(``tests/games/rise_of_tribes/test_effects.py`` checks it over random games).
"""

from __future__ import annotations

from types import CodeType
from typing import Any

from meeples.core.text import Message, Ref, msg, player
from meeples.games.rise_of_tribes import (
    conflict,
    data,
    describe,
    events,
    gather,
    grammar,
    rules,
    witness,
)
from meeples.games.rise_of_tribes.grammar import (
    Buy,
    Event,
    Find,
    Gather,
    Keep,
    Roll,
    Settle,
    Share,
    Site,
    Village,
)
from meeples.games.rise_of_tribes.notation import action_parts
from meeples.games.rise_of_tribes.score import EVENT_SOURCES
from meeples.games.rise_of_tribes.state import PH, State
from meeples.games.rise_of_tribes.witness import Note

INVADER = conflict.INVADER
RESOLVE = conflict.resolve_hex.__code__
GATHER = gather.apply_gather.__code__
GATHER_END = gather.finish_gather.__code__
ERUPTION = events.volcano_face.__code__
DEFEATED = conflict.invaders_defeated.__code__
#: The members removed by the rules themselves outside conflicts, and why: a hazard tile (§4.7),
#: the Sabertooth Tiger arriving (§3.6), the Volcano's losses where no choice is left (R9).
REMOVED_BY: dict[CodeType, Ref | None] = {
    events.continue_double.__code__: None,  # the hazard tile of the hex, named where it is
    events.place.__code__: describe.event(data.SABERTOOTH),
    events.next_loser.__code__: describe.event(data.VOLCANO),
}
#: The resources the rules give by themselves (GATHER's bonuses are named by their check).
GAINED_BY: dict[CodeType, Ref] = {ERUPTION: describe.event(data.VOLCANO)}


def effects(before: State, action: str, after: State) -> list[Message]:
    """Return what a legal action causes beyond itself, as messages."""
    if before.over:
        return []
    notes, _ = witness.replay(before, action)
    story = _Story(before, action, after)
    story.arrivals()
    story.walk(notes)
    story.departures()
    return story.told


def _total(note: Note, h: int, q: int) -> int:
    """Return a participant's members in a hex at a note (q = INVADER: the invaders, R4)."""
    if q == INVADER:
        return note.inv if note.inv_hex == h else 0
    return note.pop[h][q]


def global_limit(s: State) -> int:
    """Return the population limit of a hex without a scenario tile of its own (Drought)."""
    return max(s.limit(h) for h in range(len(s.pop)))


class _Story:
    """The messages of one action, told in the order things happened."""

    def __init__(self, before: State, action: str, after: State) -> None:
        self.before, self.after = before, after
        self.parts: dict[str, Any] = action_parts(action)
        self.action: Any = grammar.action(action)
        self.told: list[Message] = []
        self.hex = -1  # the conflict hex being told
        self.marks: list[Note] = []  # the marks of the conflict being resolved
        self.razed: list[Note] = []  # villages destroyed while it is resolved
        self.checks: dict[CodeType, Note] = {}  # the last check of each watched function
        self.gathered = len(self.action.resources) if isinstance(self.action, Gather) else 0
        self.last: tuple[Any, ...] | None = None  # the key of the last message, to add to it

    def tell(self, message: Message, key: tuple[Any, ...] | None = None) -> None:
        """Tell a message; one with the same key as the last adds its ``n`` to it."""
        if key is not None and key == self.last:
            old = self.told[-1]
            counted = "amount" if "amount" in old.params else "n"
            params = dict(old.params)
            if counted == "amount":
                amount = old.params["amount"]
                params["amount"] = msg(amount.key, n=amount.params["n"] + message.params[
                    "amount"].params["n"])
            else:
                params["n"] += message.params["n"]
            self.told[-1] = msg(old.key, **params)
            return
        self.told.append(message)
        self.last = key

    # --- step 2 and the map: what came in ---------------------------------------------------

    def arrivals(self) -> None:
        """Tell a double, an event's arrival and what came onto the map."""
        b, a = self.before, self.after
        if isinstance(self.action, (Roll, Keep)) and len(a.hand) == 2 and a.hand[0] == a.hand[1] \
                and a.phase != PH.REROLL:  # §2.6: a double triggers the events
            self.tell(msg("rot.fx.double", face=describe.face(data.FACE_LETTERS[a.hand[0]])))
        drew = isinstance(self.action, Event)
        for slot, event in enumerate(a.slots):
            if drew and b.slots[slot] < 0 <= event and any(a.tokens[slot]):
                self.tell(msg("rot.fx.tokens", event=describe.event(event),
                              amounts=describe.amounts(a.tokens[slot])))
        if b.volcano < 0 <= a.volcano:
            near = data.VOLCANO_ADJACENT[a.n][a.volcano]
            self.tell(msg("rot.fx.volcano", hexes=describe.hexes([rules.hex_name(h)
                                                                  for h in near])))
        if a.inv_hex >= 0 and a.inv_hex != b.inv_hex:
            self.tell(msg("rot.fx.invaders_arrive", n=a.inv, hex=rules.hex_name(a.inv_hex)))
        elif a.inv_hex >= 0 and a.inv > b.inv:  # "any doubles": one more (§3.6)
            self.tell(msg("rot.fx.invaders_join", n=a.inv, hex=rules.hex_name(a.inv_hex)))
        if not isinstance(self.action, Site):  # a site chosen is the action itself
            if 0 <= a.mammoth != b.mammoth:
                self.tell(msg("rot.fx.mammoth", event=describe.event(data.MAMMOTH),
                              hex=rules.hex_name(a.mammoth)))
            if 0 <= a.tiger != b.tiger:
                self.tell(msg("rot.fx.tiger", event=describe.event(data.SABERTOOTH),
                              hex=rules.hex_name(a.tiger)))

    # --- what the rules did, in order -------------------------------------------------------

    def walk(self, notes: list[Note]) -> None:
        for note in notes:
            if note.what == "check":
                self.checks[note.by] = note
                if note.by is RESOLVE:
                    self.mark(note)
                elif note.by is ERUPTION:
                    self.erupt(note)
            elif note.what == "raze":
                if self.marks:
                    self.razed.append(note)  # told once the conflict is
                else:
                    self.raze(note)
            elif note.what == "pop":
                self.removed(note)
            elif note.what == "gain":
                self.gained(note)
            elif note.what == "vp":
                self.scored(note)
            elif note.by is DEFEATED:  # a discard: the last invader is gone (R4)
                self.tell(msg("rot.fx.invaders_gone", hex=rules.hex_name(self.hex),
                              event=describe.event(data.INVADERS)))
            else:
                self.tell(msg("rot.fx.leaves", event=describe.event(note.data[0])))

    def removed(self, note: Note) -> None:
        """Tell members removed by the rules themselves (a conflict is told by its marks)."""
        h, q, was, now = note.data
        if now >= was or note.by not in REMOVED_BY:
            return  # added, moved, the action's own choice, or a conflict's (its marks)
        cause = REMOVED_BY[note.by] or Ref("rot.tile", data.TILE_IDS[self.before.special[h]])
        self.tell(msg("rot.fx.lost", player=player(q), n=was - now, hex=rules.hex_name(h),
                      cause=cause), ("lost", note.by, h, q))

    def gained(self, note: Note) -> None:
        """Tell resources the rules give besides those the action names."""
        p, kind, n = note.data
        cause: Ref | None = GAINED_BY.get(note.by)
        if note.by is GATHER:
            if self.gathered > 0:  # the resources the action names
                self.gathered -= 1
                return
            cause = self.bonus(self.checks.get(GATHER))
        elif note.by is GATHER_END:
            cause = self.bonus(self.checks.get(GATHER_END))
        if cause is None:
            return  # the action's own (take, light, find, basket, trade, give...)
        self.tell(msg("rot.fx.gain", player=player(p),
                      amount=describe.amount(data.RESOURCE_LETTERS[kind], n), cause=cause),
                  ("gain", p, kind, cause))

    def bonus(self, check: Note | None) -> Ref:
        """Return what a GATHER bonus comes from: the last check the engine made before it (a
        leader power, a Plentiful card, the tamed Mammoth), else the hex's Great tile (§4.7)."""
        if check is not None and check.data[0] == "has_power":
            return describe.power(check.data[2])
        if check is not None and check.data[0] == "slot_of":
            return describe.event(check.data[1])
        if check is not None and check.data[0] == "peek":
            return describe.event(data.MAMMOTH)
        return Ref("rot.tile", data.TILE_IDS[self.before.special[self.action.hex]])

    def scored(self, note: Note) -> None:
        p, source, n, total = note.data
        common: dict[str, Any] = {"player": player(p), "n": n, "total": total,
                                  "target": data.WIN_VP}
        if source == data.VP_VILLAGES:
            self.tell(msg("rot.fx.vp_villages", **common))
        elif source in (data.VP_DEVELOPMENTS, data.VP_ACHIEVEMENTS):
            self.tell(msg("rot.fx.vp_goal", goal=describe.goal(self.parts["goal"]), **common))
        elif source == data.VP_INVADERS:
            self.tell(msg("rot.fx.vp_invaders", hex=rules.hex_name(self.hex), **common))
        elif source == data.VP_ELDER:
            self.tell(msg("rot.fx.vp_elder", **common))
        else:
            self.tell(msg("rot.fx.vp_event", event=describe.event(EVENT_SOURCES[source]),
                          **common))

    def raze(self, note: Note) -> None:
        h, owner = note.data
        self.tell(msg("rot.fx.razed", player=player(owner), hex=rules.hex_name(h)))

    def erupt(self, note: Note) -> None:
        """R9: the face of the double decides the Volcano's losses."""
        losses = data.VOLCANO_LOSSES[note.evface]
        self.tell(msg("rot.fx.eruption" if losses else "rot.fx.eruption_safe",
                      face=describe.face(data.FACE_LETTERS[note.evface]), n=losses,
                      stone=describe.amount("s", data.VOLCANO_STONE)))

    # --- a conflict (§2.7, R3) --------------------------------------------------------------

    def mark(self, note: Note) -> None:
        """Keep the marks of ``resolve_hex`` (see ``witness``) and tell the conflict once the
        hex is settled."""
        self.marks.append(note)
        if note.data[0] != "check_villages":
            return
        self.conflict(self.marks)
        self.marks = []
        for razed in self.razed:
            self.raze(razed)
        self.razed = []

    def conflict(self, marks: list[Note]) -> None:
        """Tell one hex's conflict from the members at each step of its resolution."""
        start, walls = [m for m in marks if m.data[0] == "turn_order"][:2]
        rounds = next(m for m in marks if m.data[0] == "has_power"
                      and m.data[2] == data.INTIMIDATE)
        ambush = next(m for m in marks if m.data[0] == "has_power" and m.data[2] == data.AMBUSH)
        others = next((m for m in marks if m.data[0] == "others"), None)
        limit = next(m for m in marks if m.data[0] == "limit")
        settled = marks[-1]
        h, a = start.data[1], self.before.active
        self.hex = h
        name = rules.hex_name(h)
        for before, after, defence in ((start, walls, describe.goal(data.SPEAR)),
                                       (walls, rounds, describe.event(data.WALLS))):
            lost = _total(before, h, a) - _total(after, h, a)
            if lost:  # R3: the defenders' Spear, then Walls, cost the attacker first
                self.tell(msg("rot.fx.defence", player=player(a), n=lost, hex=name,
                              defence=defence))
        order = [*self.before.turn_order(a), INVADER]
        sides = [q for q in order if _total(rounds, h, q)]
        if len(sides) >= 2:
            self.tell(msg("rot.fx.conflict", hex=name, sides=describe.listing(
                [self.side(q, _total(rounds, h, q)) for q in sides])))
            power = describe.power
            if ambush.data[3]:  # the attacker's Ambush and Intimidate change round 1 (R3)
                self.tell(msg("rot.fx.ambush", power=power(data.AMBUSH), player=player(a)))
            if rounds.data[3] and others is not None and _total(rounds, h, a) > others.data[3]:
                self.tell(msg("rot.fx.intimidate", power=power(data.INTIMIDATE),
                              player=player(a)))
            losses = []
            for q in sides:
                lost = _total(rounds, h, q) - _total(limit, h, q)
                if q == INVADER:
                    losses.append(msg("rot.fx.invaders_fall", n=lost))
                elif lost:
                    losses.append(msg("rot.fx.lost_in_conflict", player=player(q), n=lost))
            left = [q for q in sides if _total(limit, h, q)]
            if not left:
                result = msg("rot.fx.tie", hex=name)
            elif left[0] == INVADER:
                result = msg("rot.fx.invaders_hold", hex=name, n=_total(limit, h, INVADER))
            else:
                result = msg("rot.fx.holds", player=player(left[0]), hex=name,
                             n=_total(limit, h, left[0]))
            self.tell(msg("rot.fx.outcome", losses=describe.listing(losses), result=result))
        over = False
        for q in order:  # Q7, R4: a survivor over the limit drops to it
            count, excess = _total(limit, h, q), _total(limit, h, q) - _total(settled, h, q)
            if excess > 0:
                over = True
                who = {"player": player(q)} if q != INVADER else {}
                self.tell(msg("rot.fx.invaders_over_limit" if q == INVADER
                              else "rot.fx.over_limit", hex=name, count=count,
                              limit=limit.data[2], n=excess, **who))
        if len(sides) < 2 and not over:
            self.tell(msg("rot.fx.no_conflict", hex=name))

    @staticmethod
    def side(q: int, n: int) -> Message:
        if q == INVADER:
            return msg("rot.fx.side_invaders", n=n)
        return msg("rot.fx.side", player=player(q), n=n)

    # --- what went out, and the cards ---------------------------------------------------------

    def departures(self) -> None:
        """Tell events that went back into the deck, cards whose tokens changed, the
        population limit when Drought came or went, and the villages a player owns after
        building one."""
        b, a = self.before, self.after
        drawn = self.action.event if isinstance(self.action, Event) else -1
        if len(a.ev_discard) < len(b.ev_discard):  # §4.5 (3): the discards make a new deck
            self.tell(msg("rot.fx.reshuffle", n=len(a.ev_deck)))
        else:
            for event in a.ev_deck:  # R9: the Volcano, and the Chieftain nobody bid for
                if event == drawn or event not in b.ev_deck:
                    self.tell(msg("rot.fx.back_to_deck", event=describe.event(event)))
        if not isinstance(self.action, (Event, Find, Share, Buy)):  # those say it themselves
            for slot, event in enumerate(a.slots):
                if event >= 0 and b.slots[slot] == event and a.tokens[slot] != b.tokens[slot]:
                    self.tell(msg("rot.fx.tokens", event=describe.event(event),
                                  amounts=describe.amounts(a.tokens[slot])))
        if global_limit(a) != global_limit(b):  # Drought came or went (§3.6)
            self.tell(msg("rot.fx.limit", n=global_limit(a)))
        if isinstance(self.action, (Village, Settle)):
            p = b.active if isinstance(self.action, Village) else b.decider
            self.tell(msg("rot.fx.villages", player=player(p), n=a.villages_of(p)))
