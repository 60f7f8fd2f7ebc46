"""Describing an action reads its consequences off the board; playing it must agree.

``describe_action`` no longer plays each legal action to see what it changes (that made the
description of a middle-game position cost 3.2 ms). Its slow twin here does play it, as the
description used to, and every legal action of seeded random games is described alike by both.
"""

from __future__ import annotations

import random

import pytest

from meeples.core.text import Message, msg
from meeples.games.sparta import RULES, notation, rules
from meeples.games.sparta.state import IS_HERO, OWNER, PASS, Action, State
from tests.games.sparta.helpers import GAME


def described_by_playing(state: State, action: Action) -> Message:
    """Describe an action by playing it and comparing the board before and after."""
    sq = notation.square_name
    if action == PASS:
        return msg("sp.pass")
    origin, target = action
    if origin == target:
        return msg("sp.promote", square=sq(origin))
    piece = state.board[origin]
    kind = "hero" if IS_HERO[piece] else "warrior"
    after = rules.apply(state, action)
    lost = [s for s, p in enumerate(state.board) if p and not after.board[s] and s != origin]
    if after.board[target] == 0:
        lost.append(target)
    own = sum(1 for s in lost if OWNER[state.board[s] or piece] == state.to_move)
    consequences = [
        msg(key)
        for key, happens in (
            ("sp.becomes_hero", after.reserves != state.reserves),
            ("sp.conquers", after.cities != state.cities),
        )
        if happens
    ]
    if len(lost) - own:
        consequences.append(msg("sp.defeats_enemy", n=len(lost) - own))
    if own:
        consequences.append(msg("sp.defeats_own", n=own))
    move = msg(f"sp.move_{kind}", src=sq(origin), dest=sq(target))
    for consequence in consequences:
        move = msg("sp.and", first=move, then=consequence)
    return move


@pytest.mark.parametrize("seed", range(6))
def test_description_equals_what_playing_the_action_shows(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(seed=seed, heroes_conquer=bool(seed % 2)).inner
    checked = consequences = 0
    for _ in range(400):
        if state.outcome is not None:
            break
        for action in rules.legal_actions(state):
            fast = RULES.describe_action(state, action)
            assert fast == described_by_playing(state, action), (state, action)
            checked += 1
            consequences += fast.key == "sp.and"
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert checked > 1000 and consequences > 0
