"""Step 4 of the turn: conflicts in every hex over its population limit (§2.7, R3, R4, R14),
with Evasion, Bow, Spear, Walls, Ambush and Intimidate, invaders, and deserted villages.
"""

from __future__ import annotations

from meeples.games.rise_of_tribes import data, goals
from meeples.games.rise_of_tribes.grammar import Bow, Evade, Fight, Pass, Stay, text, texts
from meeples.games.rise_of_tribes.state import PH, Flag, State
from meeples.games.rise_of_tribes.work import Work, put

INVADER = -1
STAY, PASS = text(Stay()), text(Pass())
#: The texts of the typed actions these generators list, by field values (grammar.texts:
#: a subscript, where building each action and asking its text cost ten times more).
FIGHT = texts(Fight)
EVADE = texts(Evade)
BOW = texts(Bow)


def start_conflicts(w: Work) -> None:
    """Fix the conflict hexes (a later Evasion creates no new conflict) and resolve them."""
    w.flags = put(w.flags, Flag.CONFLICT, 1)
    # total(h) > limit(h) for every hex, inlined (a hot path of random play)
    cap = data.DROUGHT_LIMIT if data.DROUGHT in w.slots else data.POP_LIMIT
    oasis_cap = min(cap, data.OASIS_LIMIT)
    special, inv_hex, inv = w.special, w.inv_hex, w.inv
    w.queue = [h for h, row in enumerate(w.pop)
               if sum(row) + (inv if h == inv_hex else 0)
               > (oasis_cap if special[h] == data.OASIS else cap)]
    next_conflict(w)


def next_conflict(w: Work) -> None:
    w.decider = w.active
    if not w.queue:
        goals.start_goals(w)
    elif len(w.queue) > 1:
        w.phase = PH.ORDER  # the active player chooses the order
    else:
        begin_hex(w, w.queue[0])


def legal_order(s: State) -> list[str]:
    return [FIGHT[h] for h in s.queue]


def apply_order(w: Work, action: Fight) -> None:
    begin_hex(w, action.hex)


def begin_hex(w: Work, h: int) -> None:
    """R3: Evasion first (on another player's turn), then the attacker's Bow."""
    # pend: hex, attacker present, members evaded, invaders, village owner (all at the start)
    w.pend = [h, int(w.pop[h][w.active] > 0), 0, w.invaders_at(h), w.villages[h]]
    for q in w.turn_order(w.active)[1:]:
        if w.has_power(q, data.EVASION) and w.pop[h][q]:
            w.phase, w.decider = PH.EVADE, q
            return
    bow_step(w)


def legal_evade(s: State) -> list[str]:
    h, q = s.pend[0], s.decider
    if s.pend[2] >= data.EVASION_MEMBERS or not s.pop[h][q]:
        return []
    return [STAY] + [EVADE[h, b] for b in data.ADJACENT[s.n][h]]


def apply_evade(w: Work, action: Evade | Stay) -> None:
    h, q = w.pend[0], w.decider
    if type(action) is Evade:
        b = action.to
        w.set_pop(b, q, w.pop[b][q] + 1)
        w.remove(h, q)
        w.pend[2] += 1
        if legal_evade(w):  # type: ignore[arg-type]
            return
    w.decider = w.active
    bow_step(w)


def bow_targets(s: State, h: int) -> list[int]:
    targets = [q for q in range(s.n) if q != s.active and s.pop[h][q]]
    if s.invaders_at(h):
        targets.append(INVADER)  # R4: Bow can target invaders
    return targets


def bow_step(w: Work) -> None:
    h = w.pend[0]
    if w.has_dev(w.active, data.BOW) and bow_targets(w, h):  # type: ignore[arg-type]
        w.phase = PH.BOW
        return
    resolve_hex(w)


def legal_bow(s: State) -> list[str]:
    return [PASS] + [BOW[None, True] if q == INVADER else BOW[q, False]
                     for q in bow_targets(s, s.pend[0])]


def apply_bow(w: Work, action: Bow | Pass) -> None:
    if type(action) is Bow:
        h = w.pend[0]
        if action.seat is None:  # the invaders (R4)
            remove_invaders(w, 1)
        else:
            w.remove(h, action.seat)
    resolve_hex(w)


def remove_invaders(w: Work, amount: int) -> None:
    w.inv -= amount


def resolve_hex(w: Work) -> None:
    """Spear, Walls, then simultaneous removal rounds (R3, R14) and the deserted villages.

    The effects (``witness.py``) tell a conflict from the calls this function makes, in this
    order: ``turn_order`` twice (Spear, Walls), ``has_power`` (Intimidate: the rounds start),
    ``limit`` (the rounds are over), ``check_villages`` (the hex is settled); keep that order or
    change the witness with it (``test_effects_replay_is_the_rules_apply`` pins it)."""
    h, active_present, _, start_invaders, owner = w.pend
    a = w.active
    # Defenders' Spear, then Walls: the attacker loses a member (if present).
    for q in w.turn_order(a)[1:]:
        if w.pop[h][q] and w.has_dev(q, data.SPEAR) and w.pop[h][a]:
            w.remove(h, a)
    for q in w.turn_order(a)[1:]:
        if data.WALLS in w.acquired[q] and w.villages[h] == q and w.pop[h][q] and w.pop[h][a]:
            w.remove(h, a)
    intimidate = w.has_power(a, data.INTIMIDATE) and w.pop[h][a] > w.others(h, a)
    ambush = w.has_power(a, data.AMBUSH)
    first = True
    while True:
        counts = {q: w.pop[h][q] for q in range(w.n) if w.pop[h][q]}
        if w.invaders_at(h):
            counts[INVADER] = w.inv
        if len(counts) < 2:
            break
        for q, count in counts.items():
            loss = 1
            if first and q == a and ambush:
                loss = 0
            if first and q != a and intimidate:
                loss += 1
            loss = min(loss, count)
            if q == INVADER:
                w.inv -= loss
            else:
                w.set_pop(h, q, w.pop[h][q] - loss)
        first = False
    # A survivor over the current limit removes down to it (R3, Q7; R4 for invaders).
    cap = w.limit(h)
    for q in range(w.n):
        if w.pop[h][q] > cap:
            w.set_pop(h, q, cap)
    if w.invaders_at(h) > cap:
        w.inv = cap
    w.queue.remove(h)
    w.check_villages()
    if active_present and owner >= 0 and owner != a and w.villages[h] != owner:
        w.flags = put(w.flags, Flag.RAID, 1)  # R6
    if start_invaders and not w.inv:
        invaders_defeated(w, h, active_present)
    next_conflict(w)


def invaders_defeated(w: Work, h: int, active_present: int) -> None:
    """The last invader is gone: 2 VP to the attacker if present, else the strongest defender."""
    w.inv_hex = -1
    slot = w.slot_of(data.INVADERS)
    if slot >= 0:
        w.discard_slot(slot)
    if active_present:
        w.gain_vp(w.active, data.INVADERS_VP, data.VP_INVADERS)
        return
    left = [(w.pop[h][q], q) for q in range(w.n) if q != w.active and w.pop[h][q]]
    if left:
        best = max(left)[0]
        top = [q for c, q in left if c == best]
        if len(top) == 1:
            w.gain_vp(top[0], data.INVADERS_VP, data.VP_INVADERS)
