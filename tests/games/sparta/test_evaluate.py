"""The bots' evaluation of Sparta positions equals its plain definition, to the last bit.

``evaluate.score`` visits only the occupied squares and the cities and looks threats up in
byte masks; the plain form below walks every square. The sums are made in the same order, so
the floats must be identical (searches compare them).
"""

from __future__ import annotations

import random

from meeples.games.sparta import evaluate, rules
from meeples.games.sparta.state import NO_CITY, OWNER, State
from tests.games.sparta.helpers import GAME, parse

_VALUE = (0.0, 1.0, 1.4, 1.0, 1.4)
_SIGN = (0, 1, 1, -1, -1)
_REACH = (0, 2, 3, 2, 3)


def distance(a: int, b: int) -> int:
    return max(abs(a // 10 - b // 10), abs(a % 10 - b % 10))


def plain_score(state: State) -> float:
    board, cities = state.board, state.cities
    total = 0.0
    pieces = []
    for sq in range(100):
        piece = board[sq]
        if piece:
            pieces.append(sq)
            total += _SIGN[piece] * _VALUE[piece]
            if cities[sq] != NO_CITY and cities[sq] == OWNER[piece]:
                total += _SIGN[piece] * evaluate.GUARD
    for sq in range(100):
        owner = cities[sq]
        if owner == NO_CITY:
            continue
        total += evaluate.CITY if owner == 0 else -evaluate.CITY
        if board[sq]:
            continue
        for origin in pieces:
            piece = board[origin]
            if OWNER[piece] != owner and distance(sq, origin) <= _REACH[piece]:
                to_move = OWNER[piece] == state.to_move
                bonus = evaluate.THREAT_TO_MOVE if to_move else evaluate.THREAT_WAITING
                total += bonus if owner == 1 else -bonus
                break
    return total + evaluate.RESERVE_HERO * (state.reserves[0] - state.reserves[1])


def test_evaluate_score_equals_the_plain_definition_over_random_games() -> None:
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new(first=seed % 2).inner
        while state.outcome is None:
            assert evaluate.score(state) == plain_score(state)
            checked += 1
            actions = rules.legal_actions(state)
            state = rules.apply(state, rng.choice(actions))
    assert checked > 400


def test_evaluate_threat_counts_a_hero_three_steps_away_but_not_a_warrior() -> None:
    # North's empty cities c6, e6 and g6 are three steps from e3: a South hero there threatens
    # all three, a South warrior none.
    pieces = {"e3": "H", "a1": "W", "j10": "w", "j8": "w", "h10": "w"}
    hero = parse(pieces, side="N").inner
    warrior = parse({**pieces, "e3": "W"}, side="N").inner
    assert evaluate.score(hero) == plain_score(hero)
    assert evaluate.score(warrior) == plain_score(warrior)
    material = 1.4 - 1.0 - evaluate.RESERVE_HERO  # a hero, one fewer in the reserve
    threats = 3 * evaluate.THREAT_WAITING  # South waits: North is to move
    difference = evaluate.score(hero) - evaluate.score(warrior)
    assert abs(difference - (material + threats)) < 1e-9
