"""Match records in the environments: every decision of a record as an agent met it, and a
record's position as an episode's start (imitation learning from played games).

A record (:class:`meeples.core.record.Match`) holds its chance outcomes among its actions, so an
episode following it plays them as they were drawn, never by its own dealer; after the record's
last action (or a chosen ply) the episode's dealer takes over. A decision is what an agent of the
environment sees and does at one step: the player, its observation planes, its mask and the id
it chose. In a game with factored choices (Meeple War) an action of a head and a place is two
decisions of its player, as the environment asks them (the place's observation marks the head).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from meeples.core.chance import CHANCE, SEED_BOUND, Dealer
from meeples.core.errors import CorruptRecord, MeeplesError
from meeples.core.record import Match
from meeples.env.episode import Episode, Mask
from meeples.env.registry import Planes
from meeples.env.relative import RelativeEpisode


class Decision(NamedTuple):
    """One decision of a recorded match as an environment's agent met it."""

    ply: int  # the number of actions played before it, chance's included
    step: int  # 0, or 1 for the place after a head (factored choices)
    player: int
    observation: Planes
    mask: Mask
    action: int  # the id chosen (relative to the player with ``relative_actions``)
    text: str  # the whole action, as the record writes it


def start(episode: Episode, record: Match, ply: int | None = None, seed: int = 0) -> None:
    """Start an episode at a record's position after ``ply`` of its actions (None: all of them),
    the record's chance outcomes played as drawn; later chance is drawn by ``seed``.

    Raises:
        CorruptRecord: the record is not of the episode's game and players, an action does not
            apply, or ``ply`` is out of the record.
        OtherRules: the record was played under another version of the rules.
    """
    _check_fits(episode, record)
    actions = record.actions if ply is None else _upto(record, ply)
    state = record.start()
    inner, rules = state.inner, episode.rules
    for index, text in enumerate(actions):
        inner = _apply(rules, inner, text, index)
    _begin(episode, inner, len(state.history) + len(actions), seed)


def decisions(episode: Episode, record: Match) -> Iterator[Decision]:
    """Yield every decision of a record in order, as the episode's agents meet them (its ids
    absolute or relative as the episode's are); the episode ends at the record's last position.

    Raises:
        CorruptRecord: the record is not of the episode's game and players, or an action does
            not apply or is not legal where it stands.
        OtherRules: the record was played under another version of the rules.
    """
    _check_fits(episode, record)
    state = record.start()
    rules = episode.rules
    _begin(episode, state.inner, len(state.history), 0, settle=False)
    for index, text in enumerate(record.actions):
        ply = episode.plies
        player = rules.to_move(episode.inner)
        if player == CHANCE or player is None:
            _set(episode, _apply(rules, episode.inner, text, index))
            continue
        episode.to_move = player
        codes = _codes_of(episode, text, index)
        for step, code in enumerate(codes):
            observation, mask = episode.observe(player), episode.mask()
            shown = _shown(episode, player, code)
            yield Decision(ply, step, player, observation, mask, shown, text)
            if step < len(codes) - 1:  # a head: its place is asked next
                episode.pending = code
                episode._flags = episode._ids = None
        episode.pending = None
        _set(episode, _apply(rules, episode.inner, text, index))
    episode.to_move = rules.to_move(episode.inner)


def _check_fits(episode: Episode, record: Match) -> None:
    if record.game != episode.game.name or record.players != episode.players:
        raise CorruptRecord(
            f"a record of {record.game} at {record.players} players, not of this environment's"
            f" {episode.game.name} at {episode.players}")


def _upto(record: Match, ply: int) -> tuple[str, ...]:
    if not 0 <= ply <= len(record.actions):
        raise CorruptRecord(f"ply {ply} is not in a record of {len(record.actions)} actions")
    return record.actions[:ply]


def _apply(rules: Any, inner: Any, text: str, index: int) -> Any:
    """Return the state after one recorded action (given as text)."""
    try:
        return rules.apply(inner, rules.parse_action(text))
    except MeeplesError as error:
        raise CorruptRecord(f"action {index + 1} ({text!r}) does not apply: {error}") from None


def _begin(episode: Episode, inner: Any, plies: int, seed: int, settle: bool = True) -> None:
    """Put an episode at a state (its caches emptied); settle its chance by its dealer."""
    episode.dealer = Dealer(seed % SEED_BOUND)
    episode.pending = None
    _set(episode, inner, plies)
    if settle:
        episode._settle()


def _set(episode: Episode, inner: Any, plies: int | None = None) -> None:
    """Move an episode to a state, one action later (or at ``plies``), its caches emptied."""
    episode.inner = inner
    episode.plies = episode.plies + 1 if plies is None else plies
    episode._last = episode._ids = episode._legal_now = episode._coded = None
    episode._flags = None


def _codes_of(episode: Episode, text: str, index: int) -> list[int]:
    """Return the absolute ids an agent gives for a recorded action: its one id, or a head and
    its place (factored choices).

    Raises:
        CorruptRecord: the action is not legal where it stands.
    """
    format_action = episode.rules.format_action
    if episode.choices is None:
        legal = episode.rules.legal_actions(episode.inner)
        if not any(format_action(a) == text for a in legal):
            raise CorruptRecord(f"action {index + 1} ({text!r}) is not legal where it stands")
        return [episode.table.action_id(text)]
    count = episode.count
    for code, action in episode._codes().items():
        if format_action(action) == text:
            return [code] if code < count else [code // count, code % count]
    raise CorruptRecord(f"action {index + 1} ({text!r}) is not legal where it stands")


def _shown(episode: Episode, player: int, number: int) -> int:
    """Return an absolute id as the episode's agent numbers it (relative ids: its own)."""
    if isinstance(episode, RelativeEpisode):
        return int(episode.to_relative[player][number])
    return number


def begin(episode: Episode, seed: int, options: Any) -> None:
    """Start an episode as an environment's ``reset(options=...)`` asks: at ``"record"`` (a
    :class:`~meeples.core.record.Match` or its JSON) after ``"ply"`` of its actions (absent: all),
    at a ``"position"`` text, or a new game of the seed; other keys are ignored.

    Raises:
        CorruptRecord: the record is malformed, not of this game, or ``ply`` is out of it.
        BadPosition: the position text is malformed or not of this game's players.
    """
    options = options or {}
    record = options.get("record")
    if record is None:
        episode.reset(seed, options.get("position"))
        return
    if not isinstance(record, Match):
        record = Match.from_json(record)
    ply = options.get("ply")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)):
        raise CorruptRecord(f"options['ply'] is a number of actions, not {ply!r}")
    start(episode, record, ply, seed)
