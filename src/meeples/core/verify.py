"""Verifiable randomness: proof that a finished match's chance followed from its seed.

Before a match the server publishes the commitment to its secret seed (SHA-256 of the seed's
32 bytes, :func:`meeples.core.chance.commitment`); when the match ends it reveals the seed. Then
anyone holding the record can check two things, which together show that nobody chose an
outcome: the seed is the one committed to, and every chance outcome of the record is the draw of
the seed's :class:`~meeples.core.chance.Dealer` at its index in the record.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeples.core.chance import SEED_BOUND, Dealer, commitment
from meeples.core.errors import MeeplesError
from meeples.core.record import Match


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`verify` found: ``ok`` when nothing is wrong."""

    draws: int  # chance outcomes checked against the dealer
    problems: tuple[str, ...]
    commitment: str | None  # the commitment checked (None when none could be)

    @property
    def ok(self) -> bool:
        """Whether the record's chance is proven to follow from its committed seed."""
        return not self.problems

    def text(self) -> str:
        """Return the verdict in words, one finding per line."""
        if self.ok:
            return (f"verified: the seed matches the commitment {self.commitment}, and all "
                    f"{self.draws} chance outcomes are the draws of its dealer")
        return "\n".join(["NOT verified:", *(f"- {problem}" for problem in self.problems)])


def verify(match: Match, published: str | None = None) -> Verdict:
    """Check a match record's chance against its seed and commitment.

    ``published`` is the commitment as announced before the match (a record's own field was
    written by whoever wrote the record); by default the record's own ``commitment``.
    """
    problems: list[str] = []
    expected = published if published is not None else match.commitment
    seed = match.seed
    if match.position is not None or seed is None:
        return Verdict(0, ("the match started from a position, not from a seed: its chance "
                           "cannot be checked",), None)
    if not 0 <= seed < SEED_BOUND:
        return Verdict(0, (f"the seed is not a 256-bit whole number: {seed}",), None)
    if expected is None:
        problems.append("no commitment to check the seed against (none in the record or given)")
    elif commitment(seed) != expected.lower():
        problems.append(f"the seed does not match the commitment {expected}: its SHA-256 is "
                        f"{commitment(seed)}")
    if published is not None and match.commitment not in (None, published.lower()):
        problems.append(f"the record's commitment {match.commitment} is not the one published")
    dealer = Dealer(seed)
    draws = 0
    try:
        state = match.start()
        for index, action in enumerate(match.actions):
            if state.is_chance:
                draws += 1
                drawn = dealer.pick(state.chance_outcomes(), index)
                if action != drawn:
                    problems.append(f"action {index + 1} is {action!r}, but the seed's draw "
                                    f"there is {drawn!r}")
            state = state.play(action)
    except MeeplesError as error:
        problems.append(f"the record does not replay: {error}")
    return Verdict(draws, tuple(problems), expected)
