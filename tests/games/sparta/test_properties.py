"""Hypothesis properties over random reachable Sparta positions.

A game is drawn as a seed for the choice of actions, a length in plies and the options, so
Hypothesis shrinks a failure to the shortest game (and the smallest seed) that shows it.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeples.games.sparta import rules
from meeples.games.sparta.state import HERO_OF, IS_HERO, OWNER, PASS, WARRIOR_OF, State
from tests.games.sparta import reference
from tests.games.sparta.helpers import GAME

GAMES = st.tuples(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=300),
    st.booleans(),
    st.sampled_from([0, 1]),
)
Game = tuple[int, int, bool, int]
SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def play_game(
    seed: int, plies: int, heroes_conquer: bool, first: int
) -> list[tuple[State, Any]]:
    """Return (state, action played from it) pairs of a random game; the last action is None."""
    rng = random.Random(seed)
    state = GAME.new(heroes_conquer=heroes_conquer, first=first).inner
    out: list[tuple[State, Any]] = []
    for _ in range(plies):
        actions = rules.legal_actions(state)
        if not actions:
            break
        action = rng.choice(actions)
        out.append((state, action))
        state = rules.apply(state, action)
    out.append((state, None))
    return out


def count(board: tuple[int, ...], piece: int) -> int:
    return sum(1 for p in board if p == piece)


@SETTINGS
@given(GAMES)
def test_property_position_text_round_trips(game: Game) -> None:
    for state, _ in play_game(*game)[::7]:
        text = GAME.rules.format_state(state)
        parsed = GAME.rules.parse_state(text)
        assert GAME.rules.format_state(parsed) == text
        assert parsed.board == state.board and parsed.cities == state.cities
        assert rules.legal_actions(parsed) == rules.legal_actions(state) or (
            state.outcome is not None and "repetition" in state.outcome.reason
        )


@SETTINGS
@given(GAMES)
def test_property_pieces_are_conserved(game: Game) -> None:
    defeated_warriors, defeated_heroes = [0, 0], [0, 0]
    pairs = play_game(*game)
    for (before, action), (after, _) in zip(pairs, pairs[1:], strict=False):
        if action != PASS and action.origin != action.target:
            # Which pieces left the board: every square emptied but the origin, and the mover
            # itself when its landing square is empty afterwards.
            player = before.to_move
            promoted = after.reserves[player] < before.reserves[player]
            for sq, piece in enumerate(before.board):
                if piece and not after.board[sq] and sq != action.origin:
                    side = OWNER[piece]
                    (defeated_heroes if IS_HERO[piece] else defeated_warriors)[side] += 1
            if not after.board[action.target]:
                mover = before.board[action.origin]
                hero = IS_HERO[mover] or promoted
                (defeated_heroes if hero else defeated_warriors)[player] += 1
        for side in (0, 1):
            warriors = count(after.board, WARRIOR_OF[side])
            heroes = count(after.board, HERO_OF[side])
            promoted_warriors = 8 - after.reserves[side]
            # Every warrior is on the board, defeated, or promoted (left the game for a hero).
            assert warriors + defeated_warriors[side] + promoted_warriors == 8
            # Every hero is in the reserve, on the board or defeated (never back in reserve).
            assert heroes + after.reserves[side] + defeated_heroes[side] == 8
            # Pieces on the board plus the defeated ones make the eight a side started with.
            assert warriors + heroes + defeated_warriors[side] + defeated_heroes[side] == 8


@SETTINGS
@given(GAMES)
def test_property_captures_never_leave_an_enclosed_run(game: Game) -> None:
    for state, _ in play_game(*game):
        model = reference.parse(GAME.rules.format_state(state))
        assert reference.enclosed(model.board) == set()


@SETTINGS
@given(GAMES)
def test_property_apply_never_mutates_its_input(game: Game) -> None:
    for state, _ in play_game(*game)[::11]:
        snapshot = dataclasses.replace(state)
        text, seen = GAME.rules.format_state(state), state.seen
        for action in rules.legal_actions(state):
            rules.apply(state, action)
        assert state == snapshot and state.seen == seen
        assert GAME.rules.format_state(state) == text


@SETTINGS
@given(GAMES)
def test_property_engine_agrees_with_reference(game: Game) -> None:
    for state, _ in play_game(*game)[::13]:
        text = GAME.rules.format_state(state)
        if state.outcome is not None:
            continue  # a parsed text forgets the repetition history
        legal = sorted(GAME.rules.format_action(a) for a in rules.legal_actions(state))
        assert legal == reference.legal_moves(reference.parse(text))
