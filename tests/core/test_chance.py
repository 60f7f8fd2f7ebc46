"""Chance nodes in the core: the dealer's draws and the facade's deal, settle and new(deal=...).

A toy game pins the contract: a die (1-6, fair) is rolled for the first player at setup (a chance
node before anyone moves), then each player in turn either stops or rolls again; a roll is a
chance node whose outcomes are the faces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest

import meeples
from meeples.core.capabilities import Capabilities
from meeples.core.chance import CHANCE, Dealer, check_distribution, commitment
from meeples.core.game import Game, Option, Outcome, Rules
from meeples.core.record import Match
from meeples.core.text import Message, msg

SIXTH = Fraction(1, 6)
HALF = Fraction(1, 2)
# state: (first player or -1 undealt, rolls so far, pending roll?)
ToyState = tuple[int, tuple[int, ...], bool]


class ToyDice(Rules[ToyState, str]):
    name = "toy_dice"
    title = "Toy dice"
    rules_version = 1
    min_players = 2
    max_players = 2
    options: Mapping[str, Option] = {}
    capabilities = Capabilities(chance=True)

    def initial_state(self, players: int, seed: int, options: Mapping[str, Any]) -> ToyState:
        return (-1, (), False)

    def to_move(self, state: ToyState) -> int | None:
        first, rolls, pending = state
        if first < 0 or pending:
            return CHANCE
        if len(rolls) >= 4:
            return None
        return (first + len(rolls)) % 2

    def legal_actions(self, state: ToyState) -> Sequence[str]:
        first, _, pending = state
        if first < 0:
            return ["first0", "first1"]
        if pending:
            return [str(face) for face in range(1, 7)]
        return [] if self.to_move(state) is None else ["roll"]

    def chance_outcomes(self, state: ToyState) -> Sequence[tuple[str, Fraction]]:
        if state[0] < 0:
            return [("first0", Fraction(1, 2)), ("first1", Fraction(1, 2))]
        return [(str(face), SIXTH) for face in range(1, 7)]

    def apply(self, state: ToyState, action: str) -> ToyState:
        first, rolls, pending = state
        if action.startswith("first"):
            return (int(action[-1]), rolls, False)
        if action == "roll":
            return (first, rolls, True)
        return (first, rolls + (int(action),), False)

    def outcome(self, state: ToyState) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        first, rolls, _ = state
        totals = [sum(rolls[i::2]) for i in range(2)]
        seats = [first, 1 - first]
        best = max(totals)
        winners = tuple(sorted(seats[i] for i in range(2) if totals[i] == best))
        return Outcome(winners, (winners,), "higher total")

    def view(self, state: ToyState, player: int | None) -> dict[str, Any]:
        return {"rolls": list(state[1])}

    def format_action(self, action: str) -> str:
        return action

    def parse_action(self, text: str) -> str:
        return text

    def format_state(self, state: ToyState) -> str:
        return repr(state)

    def parse_state(self, text: str) -> ToyState:
        raise NotImplementedError

    def players(self, state: ToyState) -> int:
        return 2

    def explain_illegal(self, state: ToyState, action: str) -> Message:
        return msg("core.text", text="no")

    def describe_action(self, state: ToyState, action: str) -> Message:
        return msg("core.text", text=action)

    def action_parts(self, action: str) -> dict[str, Any]:
        return {"verb": action}

    def prompt(self, state: ToyState) -> Message:
        return msg("core.text", text="roll")

    def anytime_skip(self, state: ToyState) -> str | None:
        return None

    def reveals(self, state: ToyState, action: str) -> bool:
        return action == "roll"


GAME: Game[Any, Any] = Game(ToyDice())


def test_chance_constant_is_openspiels_chance_player_id() -> None:
    assert meeples.CHANCE == CHANCE == -1


def test_new_deals_the_random_setup_from_the_seed_and_records_it() -> None:
    state = GAME.new(seed=5)
    assert state.to_move in (0, 1)
    assert len(state.history) == 1 and state.history[0] in ("first0", "first1")
    assert GAME.new(seed=5).history == state.history


def test_new_without_deal_returns_the_chance_node_of_the_setup() -> None:
    state = GAME.new(seed=5, deal=False)
    assert state.is_chance and state.to_move == CHANCE
    assert state.chance_outcomes() == [("first0", Fraction(1, 2)), ("first1", Fraction(1, 2))]
    assert [a for a, _ in state.chance_outcomes()] == state.legal()


def test_a_chance_outcome_is_an_ordinary_action() -> None:
    state = GAME.new(seed=1).play("roll")
    assert state.is_chance
    after = state.play("6")
    assert after.history[-1] == "6" and not after.is_chance


def test_deal_depends_only_on_seed_and_index() -> None:
    rolled = GAME.new(seed=9).play("roll")
    assert rolled.deal().history == rolled.deal().history
    assert rolled.deal(Dealer(9)).history == rolled.deal().history


def test_deal_away_from_a_chance_node_changes_nothing() -> None:
    state = GAME.new(seed=2)
    assert state.deal() is state and state.settle() is state


def test_record_replays_a_dealt_game_exactly() -> None:
    state = GAME.new(seed=3)
    while not state.is_terminal():
        state = state.play("roll").deal()
    record = Match.from_json(state.record().to_json())
    again = GAME.new(seed=record.seed or 0, deal=False)  # what Match.start does, unregistered
    for action in record.actions:
        again = again.play(action)
    assert again == state and again.history == state.history


def test_dealer_draws_follow_the_probabilities() -> None:
    dealer = Dealer(12345)
    outcomes = [("a", Fraction(1, 2)), ("b", Fraction(1, 3)), ("c", Fraction(1, 6))]
    counts = Counter(dealer.pick(outcomes, i) for i in range(6000))
    assert abs(counts["a"] - 3000) < 200
    assert abs(counts["b"] - 2000) < 200
    assert abs(counts["c"] - 1000) < 150


def test_dealer_seeds_differ() -> None:
    faces = [(str(i), SIXTH) for i in range(6)]
    a = [Dealer(1).pick(faces, i) for i in range(40)]
    b = [Dealer(2).pick(faces, i) for i in range(40)]
    assert a != b


@pytest.mark.parametrize(
    "outcomes",
    [
        [],
        [("a", Fraction(1, 2))],
        [("a", Fraction(1, 2)), ("a", Fraction(1, 2))],
        [("a", 0.5), ("b", 0.5)],
        [("a", Fraction(0)), ("b", Fraction(1))],
        # equally likely in appearance: what the dealer's shortcut for them must still refuse
        [("a", HALF), ("a", HALF)],
        [("a", HALF), ("b", 0.5)],
        [("a", Fraction(1, 3)), ("b", Fraction(1, 3))],
    ],
)
def test_a_bad_distribution_is_refused(outcomes: Any) -> None:
    with pytest.raises(ValueError):
        check_distribution(outcomes)
    with pytest.raises(ValueError):
        Dealer(1).pick(outcomes, 0)


def test_equally_likely_outcomes_are_picked_as_the_general_walk_picks_them() -> None:
    # one shared Fraction takes the dealer's shortcut; equal but distinct ones (and a list
    # with a different probability) walk the shares: both give the same draw
    shared = Fraction(1, 7)
    names = [str(i) for i in range(7)]
    quick = [(name, shared) for name in names]
    walked = [(name, Fraction(1, 7)) for name in names]
    dealer = Dealer(99)
    assert [dealer.pick(quick, i) for i in range(200)] == \
        [dealer.pick(walked, i) for i in range(200)] == \
        [names[dealer.uniform(i, 7)] for i in range(200)]


def test_commitment_is_sha256_of_the_seed_bytes() -> None:
    import hashlib

    assert commitment(7) == hashlib.sha256((7).to_bytes(32, "big")).hexdigest()
    assert Dealer(7).commitment == commitment(7)


@pytest.mark.parametrize("seed", [-1, 1 << 256, True, "1"])
def test_a_bad_seed_is_refused(seed: Any) -> None:
    with pytest.raises((TypeError, ValueError)):
        Dealer(seed)
