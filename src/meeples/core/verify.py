"""Verification of a match record: every decision legal, chance from the committed seed, the
stored end reached.

Before a match the server publishes the commitment to its secret seed (SHA-256 of the seed's
32 bytes, :func:`meeples.core.chance.commitment`); when the match ends it reveals the seed. Then
anyone holding the record checks, replaying it from its start (a seed, or a start position):

- every action is legal where it stands, and none comes after the end;
- every chance outcome is the draw of the seed's :class:`~meeples.core.chance.Dealer` at its
  index in the record, and the seed is the one committed to: nobody chose an outcome;
- the record reaches its end: the rules' outcome with its resignations (the record's
  ``resigned``, as ``[{"seat", "ply"}]``); the stored ``outcome`` (winners and ranking) and
  ``final`` position, when the record carries them, are the ones reached.

An unfinished record is never verified: it is reported as such ("unfinished: 12 actions,
player 2 to move"). The first bad action is named, and the check stops there: what follows a
bad action proves nothing. Findings are messages (``core.verify.*``), worded by each client;
``meeples verify`` prints them in English, the server's replay page in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeples.core.chance import SEED_BOUND, Dealer, commitment
from meeples.core.errors import CorruptRecord, MeeplesError
from meeples.core.record import Match
from meeples.core.resign import outcome_after_resignations
from meeples.core.text import Message, message_from_json, msg, player, shown


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`verify` found: ``ok`` when the record is whole and nothing is wrong."""

    draws: int  # chance outcomes met (checked against the dealer when there is a seed)
    findings: tuple[Message, ...]  # what is wrong, in the order of the record
    commitment: str | None  # the commitment checked against (None when none could be)
    actions: int = 0
    finished: bool = True  # the record reaches an end (the rules', or by resignation)

    @property
    def ok(self) -> bool:
        """Whether the record is verified: finished, every decision legal, chance proven."""
        return self.finished and not self.findings

    @property
    def problems(self) -> tuple[str, ...]:
        """The findings in English."""
        return tuple(str(finding) for finding in self.findings)

    def message(self) -> Message:
        """Return the verdict as one message: verified, or the first finding."""
        if not self.ok:
            return self.findings[0]
        if self.commitment is None or not self.draws:
            return msg("core.verify.ok_no_chance", n=self.actions)
        return msg("core.verify.ok", n=self.actions, draws=self.draws,
                   commitment=self.commitment)

    def text(self) -> str:
        """Return the verdict in words, one finding per line."""
        if self.ok:
            return str(self.message())
        return "\n".join(["NOT verified:", *(f"- {problem}" for problem in self.problems)])

    def to_json(self) -> dict[str, Any]:
        """Return the verdict as the server's replay answer carries it."""
        return {"ok": self.ok, "draws": self.draws, "finished": self.finished,
                "problems": list(self.problems), "msg": self.message().to_json(),
                "msgs": [finding.to_json() for finding in self.findings]}


def verify(
    match: Match,
    published: str | None = None,
    outcome: dict[str, Any] | None = None,
    final: str | None = None,
) -> Verdict:
    """Check a match record from its start to its end (see the module), its resignations
    (``match.resigned``) counted.

    ``published`` is the commitment as announced before the match (a record's own field was
    written by whoever wrote the record); by default the record's own ``commitment``.
    ``outcome``: the stored outcome's JSON; ``final``: the stored final position text.
    """
    resigned = match.resigned
    expected = published if published is not None else match.commitment
    findings = _seed_findings(match, published, expected)
    seed = match.seed if match.seed is not None and 0 <= match.seed < SEED_BOUND else None
    dealer = Dealer(seed) if seed is not None else None
    try:
        state = match.start()
    except MeeplesError as error:
        return Verdict(0, (*findings, msg("core.verify.start", why=error.message)), expected,
                       len(match.actions), finished=False)
    draws = unchecked = 0
    for index, action in enumerate(match.actions):
        gone = [seat for seat, ply in resigned if ply <= index]
        if outcome_after_resignations(state.outcome, match.players, gone) is not None:
            findings.append(msg("core.verify.after_end", n=index + 1, action=shown(action)))
            return Verdict(draws, tuple(findings), expected, len(match.actions), False)
        if state.is_chance:
            draws += 1
            drawn = dealer.pick(state.chance_outcomes(), index) if dealer is not None else None
            unchecked += dealer is None
            if drawn is not None and action != drawn:
                findings.append(msg("core.verify.draw", n=index + 1, action=shown(action),
                                    drawn=shown(drawn)))
                return Verdict(draws, tuple(findings), expected, len(match.actions), False)
        try:
            state = state.play(action)
        except MeeplesError as error:
            findings.append(msg("core.verify.illegal", n=index + 1, action=shown(action),
                                why=error.message))
            return Verdict(draws, tuple(findings), expected, len(match.actions), False)
    if unchecked:
        findings.append(msg("core.verify.no_seed", n=unchecked))
    if seed is None and not unchecked:
        expected = None  # no chance: nothing was committed to, nothing to say of it
    end = outcome_after_resignations(state.outcome, match.players, [s for s, _ in resigned])
    if final is not None and state.position() != final:
        findings.append(msg("core.verify.final", n=len(match.actions)))
    if end is None:
        seat = state.to_move
        who = player(seat) if seat is not None and seat >= 0 else msg("core.verify.chance")
        findings.insert(0, msg("core.verify.unfinished", n=len(match.actions), player=who))
        return Verdict(draws, tuple(findings), expected, len(match.actions), False)
    if outcome is not None and (
        [list(group) for group in end.ranking] != outcome.get("ranking")
        or list(end.winners) != outcome.get("winners")
    ):
        findings.append(msg("core.verify.outcome", found=end.message or end.reason,
                            stored=_stored_end(outcome)))
    return Verdict(draws, tuple(findings), expected, len(match.actions))


def _stored_end(outcome: dict[str, Any]) -> Message | str:
    """Return how a stored outcome words its end (its message, else its English reason)."""
    try:
        return message_from_json(outcome["msg"])
    except (KeyError, ValueError):
        return str(outcome.get("reason", "?"))


def _seed_findings(match: Match, published: str | None, expected: str | None) -> list[Message]:
    """Return what is wrong with a record's seed and commitment."""
    found: list[Message] = []
    seed = match.seed
    if seed is not None and not 0 <= seed < SEED_BOUND:
        found.append(msg("core.verify.seed_range", seed=str(seed)))
    elif seed is not None and expected is None:
        found.append(msg("core.verify.no_commitment"))
    elif seed is not None and expected is not None and commitment(seed) != expected.lower():
        found.append(msg("core.verify.seed_commitment", commitment=expected,
                         digest=commitment(seed)))
    if published is not None and match.commitment not in (None, published.lower()):
        found.append(msg("core.verify.not_published", commitment=match.commitment))
    return found


def verify_json(data: Any, published: str | None = None) -> Verdict:
    """Check a match record as JSON data: :func:`verify` with the end it stores (its optional
    ``outcome`` and ``final`` fields; its ``resigned`` is the record's own). ``meeples verify``
    and the server's replay page both check a record this way.

    Raises:
        CorruptRecord: not a match record, or its end fields are malformed.
    """
    match = Match.from_json(data)
    outcome = data.get("outcome")
    if outcome is not None and not (
        isinstance(outcome, dict) and isinstance(outcome.get("winners"), list)
        and isinstance(outcome.get("ranking"), list)
    ):
        raise CorruptRecord("field 'outcome' must be an object with winners and ranking")
    final = data.get("final")
    if final is not None and not isinstance(final, str):
        raise CorruptRecord("field 'final' must be a position text or null")
    return verify(match, published, outcome, final)
