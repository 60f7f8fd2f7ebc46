"""Why a hint's action is good, from the terms of Meeple War's evaluation (``evaluate.py``:
victory points, bravery, towers held with two meeples, buildings built, meeples in play), and
what it takes from the rivals (their buildings and meeples).

The term whose change is worth most in the evaluation's weights names the action. A hint of the
turn search (:mod:`meeples.ai.meeple_war_turns`) names what its whole turn does
(:func:`turn_reason`).
"""

from __future__ import annotations

from meeples.core.text import Message, msg
from meeples.games.meeple_war.data import BRAVERY_PER_VP, TILES
from meeples.games.meeple_war.state import State


def terms(state: State, p: int) -> dict[str, int]:
    """Return the evaluation's terms for player p: victory points (this turn's towers
    included), bravery steps, towers held with two meeples, buildings built and meeples in
    play (on the map and on defense spaces)."""
    seat = state.seats[p]
    tiles = {h: t for h, t, _ in state.tiles}
    towers = on_map = 0
    for h, q, c in state.troops:
        if q == p:
            on_map += c
            tile = tiles.get(h)
            if tile is not None and c >= 2 and TILES[tile].vp:
                towers += 1
    for other in state.seats:
        for slot in other.slots:
            if slot is not None:
                on_map += slot.defense.count(p)
    return {
        "vp": seat.mountain + seat.extra_vp + (state.temp_vp if p == state.active else 0),
        "ladder": seat.ladder,
        "towers": towers,
        "built": sum(1 for slot in seat.slots if slot is not None and slot.built),
        "meeples": on_map,
    }


def reason(before: State, after: State, player: int) -> Message | None:
    """Return what the action from ``before`` to ``after`` does for ``player``, or None when
    no term changes for the better."""
    was, now = terms(before, player), terms(after, player)
    rivals = [p for p in range(before.players) if p != player]
    destroyed = sum(terms(before, p)["built"] - terms(after, p)["built"] for p in rivals)
    defeated = sum(max(0, terms(before, p)["meeples"] - terms(after, p)["meeples"])
                   for p in rivals)
    gains = [
        (3.0 * (now["vp"] - was["vp"]), "mw.hint.scores", now["vp"] - was["vp"]),
        (2.0 * destroyed, "mw.hint.destroys", destroyed),
        (2.5 * (now["ladder"] - was["ladder"]) / BRAVERY_PER_VP, "mw.hint.bravery",
         now["ladder"] - was["ladder"]),
        (0.8 * (now["towers"] - was["towers"]), "mw.hint.towers", now["towers"] - was["towers"]),
        (0.6 * (now["built"] - was["built"]), "mw.hint.builds", now["built"] - was["built"]),
        (0.2 * defeated, "mw.hint.defeats", defeated),
        (0.2 * (now["meeples"] - was["meeples"]), "mw.hint.deploys",
         now["meeples"] - was["meeples"]),
    ]
    worth, key, n = max(gains, key=lambda gain: gain[0])
    if worth <= 0:
        return None
    return msg(key, n=n)


def turn_reason(before: State, end: State, player: int) -> Message:
    """Return what the turn from ``before`` to ``end`` (the position it ends in) does for
    ``player``; a turn that changes no term for the better is a quiet one, judged by its
    playouts alone."""
    what = reason(before, end, player)
    return msg("mw.hint.turn_even") if what is None else msg("mw.hint.turn", what=what)
