"""How a match ends once players have resigned: a rule of play around every game, not of one.

A resigned player ranks below every other, the first to resign lowest; when one player is left,
that player wins at once (with two players: the other player). With more players the game goes
on, the resigned seats played out by a bot (no engine can take a seat out of its turn order),
and the ranking the rules give at the end is taken with the resigned seats moved to the bottom.
The server (``meeples.server.lifecycle``) and the terminal (``meeples.terminal.session``) both
end matches this way.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeples.core.game import Outcome
from meeples.core.text import msg, player


def outcome_after_resignations(
    outcome: Outcome | None, players: int, resigned: Sequence[int]
) -> Outcome | None:
    """Return how a match ended once the resignations (seats, in order) are counted; None
    while it goes on."""
    if not resigned:
        return outcome
    left = [seat for seat in range(players) if seat not in resigned]
    below: tuple[tuple[int, ...], ...] = tuple((seat,) for seat in reversed(resigned))
    if len(left) <= 1:
        ranking = ((left[0],), *below) if left else below
        winners: tuple[int, ...] = (left[0],) if left else ()
        if players == 2:
            message = msg("core.outcome.resigned", player=player(resigned[-1]))
            reason = f"player {resigned[-1] + 1} resigned"
        else:
            message = msg("core.outcome.last_left", player=player(left[0]) if left else "")
            reason = "every other player resigned"
        return Outcome(winners, ranking, reason, message)
    if outcome is None:
        return None
    groups = [tuple(s for s in group if s not in resigned) for group in outcome.ranking]
    ranking = (*(group for group in groups if group), *below)
    winners = tuple(s for s in outcome.winners if s not in resigned)
    if outcome.winners and not winners:
        winners = ranking[0]
    return Outcome(winners, ranking, outcome.reason, outcome.message)
