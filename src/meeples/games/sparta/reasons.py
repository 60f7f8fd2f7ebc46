"""Why a hint's action is good, from the terms of Sparta's evaluation (``evaluate.py``): cities
held, pieces won and lost, promotions, guards on own cities, empty enemy cities within reach.

The term whose change is worth most in the evaluation's own weights names the action.
"""

from __future__ import annotations

from meeples.core.text import Message, msg
from meeples.games.sparta import evaluate
from meeples.games.sparta.state import IS_HERO, OWNER, State


def terms(state: State, player: int) -> dict[str, int]:
    """Return the evaluation's terms for ``player``: own cities, own and enemy pieces, heroes,
    guarded cities and empty enemy cities within reach of a piece."""
    cities = sum(1 for owner in state.cities if owner == player)
    own = enemy = heroes = guards = 0
    for square, piece in enumerate(state.board):
        owner = OWNER[piece]
        if owner < 0:
            continue
        if owner == player:
            own += 1
            heroes += 1 if IS_HERO[piece] else 0
            guards += 1 if state.cities[square] == player else 0
        else:
            enemy += 1
    near = evaluate._reachers(state.board)[1 - player]
    threats = sum(
        1 for square, owner in enumerate(state.cities)
        if owner == 1 - player and not state.board[square] and near & evaluate._WITHIN[square]
    )
    return {"cities": cities, "own": own, "enemy": enemy, "heroes": heroes, "guards": guards,
            "threats": threats}


def reason(before: State, after: State, player: int) -> Message | None:
    """Return what the action from ``before`` to ``after`` does for ``player``, or None when
    no term of the evaluation changes for the better."""
    was, now = terms(before, player), terms(after, player)
    gains = [
        (evaluate.CITY * (now["cities"] - was["cities"]), "sp.hint.conquers",
         now["cities"] - was["cities"]),
        (evaluate.WARRIOR * (was["enemy"] - now["enemy"]), "sp.hint.captures",
         was["enemy"] - now["enemy"]),
        (evaluate.HERO - evaluate.WARRIOR + evaluate.RESERVE_HERO
         if now["heroes"] > was["heroes"] and now["own"] >= was["own"] else 0.0,
         "sp.hint.promotes", 1),
        (evaluate.THREAT_TO_MOVE * (now["threats"] - was["threats"]), "sp.hint.threatens",
         now["threats"] - was["threats"]),
        (evaluate.GUARD * (now["guards"] - was["guards"]), "sp.hint.guards",
         now["guards"] - was["guards"]),
    ]
    worth, key, n = max(gains, key=lambda gain: gain[0])
    if worth <= 0:
        return None
    return msg(key) if key == "sp.hint.promotes" else msg(key, n=n)
