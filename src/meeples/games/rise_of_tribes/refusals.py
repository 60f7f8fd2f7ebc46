"""Why a Rise of Tribes action is refused, as a message (the facade's ``explain_illegal``): the
reason as precisely as the rule sheet gives it (a goal's cost or condition, a die not in hand,
a village's place or price, a power not held or not picked), else what the player to decide
must do now, with examples of the legal actions.
"""

from __future__ import annotations

from typing import Any

from meeples.core.text import Message, msg, player
from meeples.games.rise_of_tribes import data, rules

# isort: split
# rules first: it imports the step modules in the order their cycle needs.
from meeples.games.rise_of_tribes import actions, goals, grammar
from meeples.games.rise_of_tribes.describe import (
    action_ref,
    amount,
    amounts,
    chance_step,
    event,
    face,
    goal,
    power,
    step,
    tribe,
)
from meeples.games.rise_of_tribes.grammar import Buy, Goal, Hunt, Place, Power, Tame, Tiger, Village
from meeples.games.rise_of_tribes.notation import action_parts
from meeples.games.rise_of_tribes.requirements import requirement
from meeples.games.rise_of_tribes.state import Flag, Phase, State

RES = data.RESOURCE_LETTERS
_DEVELOPMENTS = len(data.DEVELOPMENTS)

def explain_illegal(s: State, action: str) -> Message:
    """Return the message that says why an action is not legal."""
    if s.over:
        return msg("core.game_over")
    p = action_parts(action)
    a = grammar.action(action)
    verb = p["verb"]
    reason: Message | None = None
    if isinstance(a, Power):
        reason = _explain_pick(s, a.power)
    elif s.phase == Phase.ACT and isinstance(a, (Place, Hunt, Tame, Tiger)):
        reason = _explain_die(s, a, p)
    elif s.phase == Phase.GOALS and isinstance(a, Goal):
        reason = _explain_goal(s, a.goal)
    elif s.phase == Phase.GOALS and isinstance(a, Village):
        reason = _explain_village(s, a, p)
    elif s.phase == Phase.GOALS and isinstance(a, Buy):
        reason = _explain_buy(s, a.event)
    if reason is not None:
        return reason
    legal = rules.legal_actions(s)
    hint = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
    if rules.is_chance(s):
        return msg("rot.why.chance_node", step=chance_step(s), examples=hint)
    if verb in CHANCE_VERBS:
        return msg("rot.why.chance_outcome", player=player(s.decider), step=step(s))
    return msg("rot.why.not_now", player=player(s.decider), step=step(s), examples=hint)


#: The verbs of chance's outcomes (the grammar's chance forms), never a player's.
CHANCE_VERBS = grammar.CHANCE_VERBS


def _explain_goal(s: State, card: int) -> Message:
    p = s.active
    if card not in s.progress[p]:
        return msg("rot.why.not_in_progress", goal=goal(card))
    if card < _DEVELOPMENTS:
        return msg("rot.why.dev_cost", goal=goal(card), cost=amounts(data.DEV_COST[card]))
    return msg("rot.why.condition", goal=goal(card), requirement=requirement(card))


def _explain_buy(s: State, ev: int) -> Message:
    if ev not in data.ACQUIRE:
        return msg("rot.why.not_for_sale", event=event(ev))
    slot = s.slot_of(ev)
    if slot < 0:
        return msg("rot.why.not_in_slot", event=event(ev))
    kind = data.ACQUIRE[ev]
    cost = data.ACQUIRE_BASE - s.tokens[slot][kind]
    return msg("rot.why.event_cost", event=event(ev), cost=amount(RES[kind], cost))


def _explain_pick(s: State, code: int) -> Message:
    """Return why a leader power cannot be picked now (option leader_powers="pick", Q18)."""
    if s.leaders <= 1:
        return msg("rot.why.pick_off")
    if s.phase != Phase.PICK:
        return msg("rot.why.pick_done")
    t = s.tribe[s.decider]
    return msg("rot.why.pick_other", power=power(code), tribe=tribe(t), first=power(2 * t),
               second=power(2 * t + 1))


def _not_picked(s: State, p: int, pw: int) -> Message | None:
    """Return the reason a power of p's own tribe is off under the pick option, else None."""
    chosen = s.chosen_power(p)
    if chosen < 0 or chosen >> 1 != pw >> 1:
        return None
    return msg("rot.why.not_picked", chosen=power(chosen), power=power(pw))


def _explain_die(s: State, a: Place | Hunt | Tame | Tiger, parts: dict[str, Any]
                 ) -> Message | None:
    p = s.active
    if a.face not in s.hand:
        return msg("rot.why.no_die", face=face(parts["face"]))
    if isinstance(a, (Hunt, Tame)):
        mammoth = event(data.MAMMOTH)
        if s.mammoth < 0:
            return msg("rot.why.not_on_board", event=mammoth)
        if s.pop[s.mammoth][p] < data.MAMMOTH_MEMBERS:
            return msg("rot.why.mammoth_members", event=mammoth, n=data.MAMMOTH_MEMBERS)
        if isinstance(a, Tame):
            return msg("rot.why.tame_cost", event=mammoth,
                       cost=amount("f", data.MAMMOTH_TAME[0]))
        return None
    if isinstance(a, Tiger):
        tiger = event(data.SABERTOOTH)
        if s.tiger < 0:
            return msg("rot.why.not_on_board", event=tiger)
        return msg("rot.why.tiger_members", event=tiger, n=data.SABERTOOTH_MEMBERS)
    act = a.row
    if act in s.used:
        return msg("rot.why.used", action=action_ref(parts["row"]))
    if a.focus:
        focus = power(data.FOCUSED_EFFORT)
        if not s.has_power(p, data.FOCUSED_EFFORT):
            return _not_picked(s, p, data.FOCUSED_EFFORT) or \
                msg("rot.why.not_your_power", power=focus, tribe=tribe(data.KAHA))
        if s.flags[Flag.FOCUS]:
            return msg("rot.why.once_per_turn", power=focus)
        if actions.read_power((a.face, *s.rows[act][:2])) != data.POWER_MOON:
            return msg("rot.why.not_moon", action=action_ref(parts["row"]), power=focus)
    return None


def _explain_village(s: State, a: Village, parts: dict[str, Any]) -> Message | None:
    p = s.active
    h = a.hex
    if h >= len(s.pop) or not s.pop[h][p]:
        return msg("rot.why.village_members")
    if s.villages[h] >= 0:
        return msg("rot.why.village_taken")
    if s.invaders_at(h):
        return msg("rot.why.village_invaders", event=event(data.INVADERS))
    if s.villages_left() <= 0:
        return msg("rot.why.no_villages")
    if a.elder:
        if not s.elders_on:
            return msg("rot.why.no_elders")
        if s.elder_at[p] >= 0:
            return msg("rot.why.elder_placed")
    crafty = power(data.CRAFTY_BUILDERS)
    if s.has_power(p, data.CRAFTY_BUILDERS) and a.discount is None:
        return msg("rot.why.name_discount", power=crafty,
                   example=grammar.text(Village(h, data.WOOD)))
    if a.discount is not None and not s.has_power(p, data.CRAFTY_BUILDERS):
        return _not_picked(s, p, data.CRAFTY_BUILDERS) or \
            msg("rot.why.not_your_power", power=crafty, tribe=tribe(data.DABA))
    return msg("rot.why.village_cost", cost=amounts(goals.village_cost(s, p)))
