"""What a Meeple War action causes beyond itself (the facade's ``effects``), as messages
``mw.fx.*``: battles with both sides' strength, forge kills, losses and the winner; meeples
destroyed by an altar or a burn and where they went; bravery and victory points and why;
buildings that fall, are replaced or finished; tiles explored; the bonuses of a turn; a turn
in which a player had nothing to do.

The steps an action sets off are told in the order the rules play them, as :mod:`recorder`
notes them while it plays the action again with the rules' own functions (rulebook
"Resolution", "Bravery", "Destroying Building"; sheet B1, B4, E1-E3, A5, A8, A10, A11, A13,
D4, D11, D13, D15, D19). Nothing is secret in Meeple War (``view``): every seat may read all
of it.
"""

from __future__ import annotations

from meeples.core.text import Message, Ref, msg, player
from meeples.games.meeple_war.board import hex_name
from meeples.games.meeple_war.data import BRAVERY_PER_VP, TILES
from meeples.games.meeple_war.describe import building, kind, listing, token
from meeples.games.meeple_war.grammar import action_parts
from meeples.games.meeple_war.recorder import (
    Bonuses,
    Bravery,
    Cleared,
    Destroyed,
    Event,
    Laid,
    Settling,
    TowersEnded,
    TurnBegun,
    record,
)
from meeples.games.meeple_war.rules import end_message
from meeples.games.meeple_war.state import State


def effects(before: State, action: str, after: State) -> list[Message]:
    """Return what a legal action caused beyond itself, as messages, in the order it happened.

    ``after`` is the state the action led to; the steps in between are played again by
    :func:`recorder.record`. The first player's draw causes nothing (its setup is no step).
    """
    if before.step == "first":
        return []
    events, _ = record(before, action)
    return _Teller(before, action, after).tell(events)


def place(where: str) -> Message:
    """Return where destroyed meeples went: the stock, or the Depot under Recycling."""
    return msg(f"mw.fx.place.{where}")


def strength(n: int, forge: str | None) -> Message:
    """Return a side's strength in a battle: its meeples and the forge that counted (B4)."""
    if forge is None:
        return msg("mw.fx.strength", n=n)
    return msg("mw.fx.strength_forge", n=n, forge=token(forge))


class _Teller:
    """Turns the events of one action into messages (one pass, in order)."""

    def __init__(self, before: State, action: str, after: State) -> None:
        self.before = before
        self.after = after
        self.parts = action_parts(action)
        self.verb: str = self.parts["verb"]
        self.own = True  # still in the action's own step, before the rules settle
        self.fight: list[Destroyed] = []
        self.begun: TurnBegun | None = None  # a turn begun while settling, nothing decided
        self.said: list[Message] = []

    def tell(self, events: list[Event]) -> list[Message]:
        if self.verb == "conv":  # D13: the replaced meeple goes home, it is not destroyed
            spot = self.before.seats[self.parts["owner"]].slots[self.parts["spot"] - 1]
            assert spot is not None
            self.said.append(msg("mw.fx.converted", player=player(self.parts["player"]), n=1,
                                 building=building(spot.building)))
        i = 0
        while i < len(events):
            event = events[i]
            if isinstance(event, Bravery) and self.fight:
                # A battle ends with the attacker's bravery, then the defender's (battle.fight).
                follow = events[i + 1]
                assert isinstance(follow, Bravery)
                self.battle(self.fight, event, follow)
                self.fight = []
                i += 2
                continue
            self.event(event)
            i += 1
        assert not self.fight, "a battle without its bravery"
        result = self.after.result
        if self.begun is not None and result and end_message(result[2]).key == "mw.end.rounds":
            self.nothing_to_do()  # the round limit ends the game once that turn is over
        return self.said

    def event(self, event: Event) -> None:
        if isinstance(event, Settling):
            self.own = False
        elif isinstance(event, Destroyed):
            self.destroyed(event)
        elif isinstance(event, Bravery):
            # Outside battles only the action itself gives bravery: a burn or an altar kill.
            assert self.own and self.verb in ("burn", "kill")
            why = (msg("mw.fx.why.burn", n=event.points) if self.verb == "burn"
                   else msg("mw.fx.why.altar"))
            self.bravery(event, why)
        elif isinstance(event, Cleared):
            self.cleared(event)
        elif isinstance(event, Laid):
            tile = TILES[event.tile]
            where = {"player": player(event.explorer), "hex": hex_name(event.hex),
                     "kind": kind(tile.kind)}
            if tile.vp:
                self.said.append(msg("mw.fx.explored_vp", n=tile.vp, **where))
            else:
                self.said.append(msg("mw.fx.explored", **where))
        elif isinstance(event, TurnBegun):
            self.nothing_to_do()
            self.begun = event
        elif isinstance(event, Bonuses):
            self.bonuses(event)
        elif isinstance(event, TowersEnded):
            self.nothing_to_do()
            self.said.append(msg("mw.fx.towers_end", player=player(event.player),
                                 n=event.towers, vp=event.vp))

    def nothing_to_do(self) -> None:
        """Tell that the turn begun while settling is over: its player decided nothing."""
        if self.begun is not None:
            self.said.append(msg("mw.fx.nothing", player=player(self.begun.player)))
            self.begun = None

    def destroyed(self, event: Destroyed) -> None:
        where = {"player": player(event.player), "hex": hex_name(event.hex),
                 "place": place(event.place)}
        if event.sacrifice:  # A13: compulsory, before any kill
            self.said.append(msg("mw.fx.sacrifice", n=event.n, altar=kind("altar"), **where))
        elif self.own and self.verb == "burn":
            self.said.append(msg("mw.fx.burnt", n=event.n, action=Ref("mw.action", "burn"),
                                 **where))
        elif self.own and self.verb == "kill":
            self.said.append(msg("mw.fx.killed", n=event.n, altar=kind("altar"), **where))
        else:  # the rest is battles: told whole when the battle's bravery comes
            self.fight.append(event)

    def battle(self, fight: list[Destroyed], won: Bravery, held: Bravery) -> None:
        """Tell one battle (battle.fight): the forge kills first (B4, D4, D19), then the
        one-for-one losses (the last two destructions), then each side's bravery (E1, D15)."""
        *forged, hit_att, hit_dfn = fight
        att, dfn, h = hit_att.player, hit_dfn.player, hex_name(hit_att.hex)
        forges: dict[int, str] = {}
        kills: list[Message] = []
        for event in forged:
            holder = dfn if event.player == att else att
            # The active player's forge before a battle is the Weapons Forge of the turn; any
            # other player's is the Shields Forge held since their own turn (E2).
            forges[holder] = "wpn" if holder == event.active else "shd"
            kills.append(msg("mw.fx.forge_kill", forge=token(forges[holder]),
                             holder=player(holder), player=player(event.player), n=event.n,
                             place=place(event.place)))
        start = fight[0].before
        self.said.append(msg("mw.fx.battle", hex=h, attacker=player(att), defender=player(dfn),
                             a=strength(start[att], forges.get(att)),
                             d=strength(start[dfn], forges.get(dfn))))
        self.said.extend(kills)
        k = hit_att.n
        left = {att: hit_att.before[att] - k, dfn: hit_dfn.before[dfn] - k}
        winner = att if left[att] else dfn if left[dfn] else None
        losses = listing([msg("mw.fx.loses", player=player(e.player), n=e.n,
                              place=place(e.place)) for e in (hit_att, hit_dfn)])
        if not k:  # a forge emptied a side: no battle (B4)
            if winner is None:
                self.said.append(msg("mw.fx.battle_emptied", hex=h))
            else:
                self.said.append(msg("mw.fx.battle_unfought", player=player(winner), hex=h,
                                     n=left[winner]))
        elif winner is None:
            self.said.append(msg("mw.fx.battle_wiped", hex=h, losses=losses))
        else:
            self.said.append(msg("mw.fx.battle_won", player=player(winner), hex=h,
                                 n=left[winner], losses=losses))
        lost = {p: sum(e.n for e in fight if e.player == p) for p in (att, dfn)}
        self.bravery(won, msg("mw.fx.why.attack", n=lost[dfn]))
        self.bravery(held, msg("mw.fx.why.defence", n=lost[att]))

    def bravery(self, event: Bravery, why: Message) -> None:
        """Tell bravery points gained, then each victory point they made (D11, A11)."""
        if event.points > 0:
            self.said.append(msg("mw.fx.bravery", player=player(event.player), n=event.points,
                                 why=why, ladder=event.ladder, top=BRAVERY_PER_VP))
        for vp in event.vps:
            self.said.append(msg("mw.fx.bravery_vp", player=player(vp.player), n=1,
                                 source=msg(f"mw.fx.vp_from.{vp.source}"), vp=vp.vp))

    def cleared(self, event: Cleared) -> None:
        """Tell a building that fell (B1, B7), was replaced (E3) or finished (A5), and where
        the meeples on its defense spaces went (A8, A9)."""
        owner, card = player(event.owner), building(event.building)
        if event.fell:
            self.said.append(msg("mw.fx.fell", building=card, owner=owner, slot=event.slot + 1))
        elif event.score:
            self.said.append(msg("mw.fx.replaced", building=card, owner=owner))
        else:
            self.said.append(msg("mw.fx.finished", building=card, owner=owner,
                                 slot=event.slot + 1))
        for p in sorted(set(event.defense)):
            n = event.defense.count(p)
            if event.score and p != event.owner:
                self.said.append(msg("mw.fx.scores", player=player(p), n=n, building=card,
                                     vp=event.vp[p]))
            else:
                self.said.append(msg("mw.fx.home", player=player(p), n=n, building=card))

    def bonuses(self, event: Bonuses) -> None:
        """Tell the structure bonuses that last the turn (phase 1, A1, E2); the Workshop and
        Village bonuses are decisions of their own."""
        who = player(event.player)
        if event.towers:
            self.said.append(msg("mw.fx.towers", player=who, n=event.towers, vp=event.vp))
        if event.weapons:
            self.said.append(msg("mw.fx.holds", player=who, n=event.weapons,
                                 bonus=token("wpn")))
        if event.nature:
            self.said.append(msg("mw.fx.holds", player=who, n=1, bonus=token("nat")))
        if event.shields:
            self.said.append(msg("mw.fx.holds_shields", player=who, n=event.shields,
                                 bonus=token("shd")))
