"""Chance as explicit decisions, and the one place where chance outcomes are drawn.

A game with chance (a tile drawn, a die rolled, a card turned) does not keep a generator in its
state. At a chance node its rules answer :data:`CHANCE` as the player to move, list the outcomes
with their exact probabilities (``chance_outcomes``: fractions summing to 1), and apply the one
drawn as an ordinary action, recorded like any other. Nothing a player may not see lives in the
state: the future is not decided until it is drawn (OpenSpiel's explicit stochastic games).

Every client draws through a :class:`Dealer`: the ``index``-th draw of a game is a function of
its secret seed and ``index`` alone (HMAC-SHA256 in counter mode, uniform by rejection), so a
record replays exactly and anyone given the seed after the game can check every outcome
(``meeples verify``), against the commitment published before it began (:attr:`Dealer.commitment`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter
from typing import Protocol, TypeVar

#: ``to_move`` at a chance node (OpenSpiel's ``kChancePlayerId``).
CHANCE = -1
#: Secret seeds are whole numbers below this bound (256 bits).
SEED_BOUND = 1 << 256

T = TypeVar("T")


class Draws(Protocol):
    """What a game's ``sample_chance`` draws with: whole numbers uniform in ``[0, stop)``
    (``random.Random`` is one; the exact tests pass one that walks every sequence)."""

    def randrange(self, stop: int, /) -> int: ...


def check_distribution(outcomes: Sequence[tuple[T, Fraction]]) -> None:
    """Check that outcomes form a probability distribution.

    Raises:
        ValueError: no outcome, a probability that is not a positive Fraction, a repeated
            outcome, or probabilities that do not sum to exactly 1.
    """
    _shares(outcomes)


def _shares(outcomes: Sequence[tuple[T, Fraction]]) -> tuple[int, list[int]]:
    """Return the common denominator of a distribution's probabilities and each one's share of
    it (whole numbers summing to it), checking that they are a distribution.

    Raises:
        ValueError: as :func:`check_distribution`.
    """
    if not outcomes:
        raise ValueError("a chance node has at least one outcome")
    if _equally_likely(outcomes):
        return len(outcomes), [1] * len(outcomes)
    seen = set()
    ratios = []
    for outcome, p in outcomes:
        # a Fraction's denominator is positive: its numerator gives its sign, without the
        # comparison operators of Fraction (Python code)
        if not isinstance(p, Fraction) or p.numerator <= 0:
            raise ValueError(f"probability of {outcome!r} must be a positive Fraction, not {p!r}")
        if outcome in seen:
            raise ValueError(f"outcome {outcome!r} is listed twice")
        seen.add(outcome)
        ratios.append((p.numerator, p.denominator))
    # Summed as whole numbers over the common denominator, exactly as Fractions would be: a
    # sum of 3,432 Fractions (a hand of goal cards) took milliseconds, each step a gcd.
    scale = math.lcm(*(d for _, d in ratios))
    shares = [n * (scale // d) for n, d in ratios]
    total = sum(shares)
    if total != scale:
        raise ValueError(f"probabilities sum to {Fraction(total, scale)}, not 1")
    return scale, shares


def _equally_likely(outcomes: Sequence[tuple[T, Fraction]]) -> bool:
    """Return whether outcomes are ``n`` distinct outcomes of probability exactly ``1/n`` each
    (a distribution), judged without a Python step per outcome: a hand of goal cards is 3,432
    outcomes of one Fraction object, which took milliseconds to check and sum one by one."""
    n = len(outcomes)
    p = outcomes[0][1]
    if type(p) is not Fraction or p.numerator != 1 or p.denominator != n:
        return False
    # the same Fraction object everywhere (compared by id: no Fraction.__eq__, and nothing
    # equal to a Fraction without being one passes), and no outcome twice
    ids = [*map(id, map(_probability, outcomes))]
    return ids.count(id(p)) == n and len({*map(_outcome, outcomes)}) == n


_outcome, _probability = itemgetter(0), itemgetter(1)


@dataclass(frozen=True, slots=True)
class Dealer:
    """Draws the chance outcomes of one game from its seed.

    ``Dealer(seed)`` with a whole number ``0 <= seed < 2**256``; :meth:`fresh` draws a secret
    one. The same seed and index always give the same outcome from the same list.
    """

    seed: int

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise TypeError(f"a seed is a whole number, not {type(self.seed).__name__}")
        if not 0 <= self.seed < SEED_BOUND:
            raise ValueError("a seed is a whole number from 0 to 2**256 - 1")

    @classmethod
    def fresh(cls) -> Dealer:
        """Return a dealer with a secret seed of 256 bits from the operating system."""
        return cls(secrets.randbits(256))

    @property
    def key(self) -> bytes:
        """The seed as the 32 bytes that key the stream."""
        return self.seed.to_bytes(32, "big")

    @property
    def commitment(self) -> str:
        """SHA-256 of the seed's 32 bytes, in hex: published before the game, it binds the seed
        without revealing it."""
        return commitment(self.seed)

    def uniform(self, index: int, n: int) -> int:
        """Return the ``index``-th draw as a whole number uniform in ``[0, n)``."""
        if n <= 0:
            raise ValueError("uniform needs n > 0")
        limit = (1 << 256) - ((1 << 256) % n)
        attempt = 0
        while True:
            block = hmac.new(self.key, f"{index}:{attempt}".encode(), hashlib.sha256).digest()
            value = int.from_bytes(block, "big")
            if value < limit:
                return value % n
            attempt += 1

    def secret(self, label: str) -> int:
        """Return a 63-bit number for another use of the seed (a bot's randomness), by label.

        Nobody who does not know the seed can compute it, and it is independent of the draws
        (their HMAC messages are ``<index>:<attempt>``; these start with ``secret:``). Once the
        seed is revealed, anyone can compute it again.
        """
        digest = hmac.new(self.key, f"secret:{label}".encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big") >> 1

    def pick(self, outcomes: Sequence[tuple[T, Fraction]], index: int) -> T:
        """Return the ``index``-th draw among outcomes, each with its probability.

        Raises:
            ValueError: the outcomes are not a distribution (:func:`check_distribution`).
        """
        scale, shares = _shares(outcomes)
        ticket = self.uniform(index, scale)
        if scale == len(outcomes) and len(shares) == scale:  # equally likely: one share each
            return outcomes[ticket][0]
        for (outcome, _), share in zip(outcomes, shares, strict=True):
            if ticket < share:
                return outcome
            ticket -= share
        raise AssertionError("unreachable: the shares sum to the scale")


@dataclass(frozen=True, slots=True)
class SeedSource:
    """A fixed source of match seeds, for tests and operators (``meeples serve --chance-seed``).

    Each match's seed follows from the source's text and the match's id (HMAC-SHA256 keyed by
    the text's SHA-256), and the ids themselves from the text and the order in which matches
    are created, so a server given the same text plays the same chance in the same games, run
    after run. Commitment and ``meeples verify`` work as with a secret seed, but anyone who
    knows the text knows every draw before it comes: such games are not secret.
    """

    text: str

    def __post_init__(self) -> None:
        if not self.text.strip():
            raise ValueError("a chance seed source is a non-empty text")

    def _digest(self, label: str) -> bytes:
        key = hashlib.sha256(self.text.encode()).digest()
        return hmac.new(key, label.encode(), hashlib.sha256).digest()

    def seed(self, match_id: str) -> int:
        """Return the seed (256 bits) of the match with this id."""
        return int.from_bytes(self._digest(f"seed:{match_id}"), "big")

    def match_id(self, n: int) -> str:
        """Return the id of the ``n``-th match created (eight URL-safe characters, as the
        server's random ids)."""
        return base64.urlsafe_b64encode(self._digest(f"match:{n}")[:6]).decode()


def commitment(seed: int) -> str:
    """Return the public commitment to a seed: SHA-256 of its 32 bytes, in hex."""
    return hashlib.sha256(Dealer(seed).key).hexdigest()
