"""Sparta's fast move generator (kept windows) agrees with a plain search over the board."""

from __future__ import annotations

import random

import meeples
from meeples.games.sparta import rules
from meeples.games.sparta.state import PASS, Action, State


def plain_legal_actions(state: State) -> list[Action]:
    """The generator without kept windows: every own piece, promotion then sorted targets."""
    actions = []
    for origin in range(rules.SQUARES):
        piece = state.board[origin]
        if piece and rules.OWNER[piece] == state.to_move:
            if rules.can_promote_in_place(state, origin):
                actions.append(Action(origin, origin))
            actions += [Action(origin, t) for t in rules.destinations(state.board, origin)]
    return actions or [PASS]


def test_movegen_kept_windows_match_plain_search() -> None:
    rng = random.Random(11)
    game = meeples.load("sparta")
    checked = 0
    for seed in range(1):
        state = game.new(seed=seed, first=seed % 2).inner
        while state.outcome is None:
            actions = rules.legal_actions(state)
            assert actions == plain_legal_actions(state)
            assert rules.legal_actions(state) == actions  # served from the kept windows
            checked += 1
            state = rules.apply(state, rng.choice(actions))
    assert checked > 200
