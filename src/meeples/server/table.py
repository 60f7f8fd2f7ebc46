"""A match in memory, rebuilt from its record: the storage layer of a room.

The state, the log clients receive and what each action revealed are replayed from the stored
actions (chance's included); memory changes only after the database took a change (seats are
copied, stored, then swapped in). The layers above: :class:`~meeples.server.audience.Audience`
(the connections and what each is sent) and :class:`~meeples.server.room.Room` (the game's
flow: actions, chance, passes, undo, hints, bots).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from meeples.core.chance import CHANCE, SEED_BOUND, Dealer
from meeples.core.game import Outcome, State
from meeples.core.record import Match
from meeples.server import flow, lifecycle, ratings, timing
from meeples.server.clocks import SYSTEM, TimeSource
from meeples.server.errors import RoomError
from meeples.server.legal import action_item
from meeples.server.store import Seat, Store, StoredMatch
from meeples.server.tokens import seats_for as tokens_seats_for
from meeples.server.workers import Workers

log = logging.getLogger("meeples.server")


def dealer_of(stored: StoredMatch) -> Dealer:
    """Return the dealer of a match: of its secret seed, or (a match stored without one, from
    a position) a fresh secret one, whose draws nobody can know either."""
    seed = stored.seed
    if seed is None or not 0 <= seed < SEED_BOUND:
        return Dealer.fresh()
    return Dealer(seed)



class Table:
    """A stored match and its state in memory."""

    def __init__(self, stored: StoredMatch, store: Store, workers: Workers | None = None) -> None:
        self.stored = stored
        self.store = store
        self.workers = workers if workers is not None else Workers()
        self.lock = asyncio.Lock()
        #: Where the match's clocks take the time from (the lobby's; tests move it by hand).
        self.time: TimeSource = SYSTEM
        self.state: State[Any, Any]
        self.log: list[dict[str, Any]]  # every action played, as clients receive it
        self.reveals: list[bool]  # for each action: it revealed hidden information
        self._outcome: tuple[int, Outcome | None] = (-1, None)
        #: The writer's turn this room writes under, among several workers (None: alone):
        #: the one its worker took before loading it; a write of an older room of the same
        #: match is refused by it (``Store._fence``).
        self.epoch: int | None = store.fences.get(stored.id)
        if len(stored.passed) != len(stored.actions):
            stored.passed = [False] * len(stored.actions)
        if len(stored.bots) != len(stored.actions):
            stored.bots = [False] * len(stored.actions)
        #: What the players list shows of each seat of a rated match (its account's name and
        #: rating, a bot's fixed rating: :func:`meeples.server.ratings.table_ratings`).
        self.rated_seats: dict[int, dict[str, Any]] = {}
        self.dealer = dealer_of(stored)
        self._put_in_chance()
        self.state, self.log, self.reveals = self._replay(len(stored.actions))

    def _start(self) -> State[Any, Any]:
        """Return the state the match starts from (before any chance is drawn)."""
        stored = self.stored
        return Match(
            game=stored.game,
            players=stored.players,
            seed=stored.seed if stored.position is None else None,
            options=stored.options if stored.position is None else None,
            position=stored.position,
            rules_version=stored.rules_version,
        ).start()

    def _put_in_chance(self) -> None:
        """Convert, once and in the database too, a match stored before its game's chance was
        explicit (Meeple War before issue 13): the outcomes its old generator drew are put in
        as chance's actions, as for a ``meeples-match/1`` file (``chance_actions_v1``)."""
        stored = self.stored
        if not stored.actions:
            return
        start = self._start()
        if not start.is_chance or stored.actions[0] in start.legal():
            return  # already with its chance
        actions = start.game.rules.chance_actions_v1(
            stored.players, stored.seed if stored.position is None else None, stored.options,
            stored.position, stored.actions)
        if actions == stored.actions:
            return  # a game with nothing to put in (the replay says what is wrong)
        rows: list[tuple[int | None, str, bool]] = []
        state, old = start, 0
        for action in actions:
            if old < len(stored.actions) and action == stored.actions[old]:
                rows.append((state.to_move, action, stored.passed[old]))
                old += 1
            else:
                rows.append((CHANCE, action, False))
            state = state.play(action)
        self.store.replace_actions(stored.id, rows, self.epoch)
        stored.actions = [action for _, action, _ in rows]
        stored.passed = [passed for _, _, passed in rows]
        stored.bots = [False] * len(rows)
        log.warning("match %s: converted to chance's actions (%d drawn)", stored.id,
                    len(rows) - old)

    def _replay(
        self, plies: int
    ) -> tuple[State[Any, Any], list[dict[str, Any]], list[bool]]:
        """Return the state after the first plies actions of the record, with their log entries
        and whether each revealed hidden information (the room is left unchanged)."""
        stored = self.stored
        state = self._start()
        log, reveals = [], []
        for ply, action in enumerate(stored.actions[:plies]):
            after = state.play(action)
            log.append(self._entry(state, after, ply, action, stored.passed[ply]))
            reveals.append(state.reveals(action))
            state = after
        return state, log, reveals

    @property
    def id(self) -> str:
        """The match id."""
        return self.stored.id

    @property
    def plies(self) -> int:
        """The number of actions played so far (the undone ones not counted)."""
        return len(self.stored.actions)

    @property
    def version(self) -> int:
        """How many changes the state has seen (each action, each undo and every action it took
        back): clients send it back with each action. It only grows, so an action sent before
        an undo is stale even when as many actions are on the record again."""
        return (len(self.stored.actions) + self.stored.undone + self.stored.undos
                + len(self.stored.events))

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, resignations counted (None: it goes on); once per version."""
        if self._outcome[0] != self.version:
            outcome = lifecycle.final_outcome(
                self.state.outcome, self.stored.players, self.stored.events
            )
            self._outcome = (self.version, outcome)
        return self._outcome[1]

    @property
    def to_move(self) -> int | None:
        """The seat to move (None once the match is over, a resignation included)."""
        return None if self.outcome is not None else self.state.to_move


    @property
    def seats(self) -> list[Seat]:
        """The seats, in player order."""
        return self.stored.seats

    @staticmethod
    def _entry(
        state: State[Any, Any], after: State[Any, Any], ply: int, action: str,
        passed: bool = False,
    ) -> dict[str, Any]:
        """Return the log entry of an action played in a state, leading to after (passed:
        played by the server for its seat by the anytime setting), with its effects."""
        try:
            effects = [effect.to_json() for effect in state.effects_to(after)]
        except Exception:  # telling what happened must never stop the game from going on
            log.exception("the effects of %r could not be told", action)
            effects = []
        return {
            "ply": ply, "seat": state.to_move, **action_item(state, action), "passed": passed,
            "effects": effects,
        }

    def seats_for(self, tokens: list[str]) -> frozenset[int]:
        """Return the seats the tokens open (:func:`meeples.server.tokens.seats_for`).

        Raises:
            RoomError: a token opens no seat of this match.
        """
        return tokens_seats_for(self.seats, tokens)

    async def _store_seats(self, seats: list[Seat]) -> None:
        """Store new seats, then use them; on failure nothing changes.

        Raises:
            RoomError: the database refused them.
        """
        try:
            await self.workers.store(self.store.update_seats, self.id, seats, self.epoch)
        except Exception as problem:
            log.error("match %s: seats could not be stored: %r", self.id, problem)
            raise RoomError(
                "storage", "the server could not save this; nothing changed, try again"
            ) from None
        self.stored.seats = seats


    async def refresh_ratings(self) -> None:
        """Read again what a rated match's players list shows of its seats' ratings (a seat
        bound, the match rated); nothing for an unrated match."""
        if self.stored.rating is None:
            return
        try:
            self.rated_seats = await self.workers.store(
                ratings.table_ratings, self.store.engine, self.id, self.stored.game,
                list(self.stored.seats))
        except Exception as problem:  # the ratings shown stay as they were
            log.error("match %s: ratings could not be read: %r", self.id, problem)

    async def rate_end(self) -> None:
        """Rate a rated match that is over (once: :func:`meeples.server.ratings.rate`). On a
        failure the match stays pending, rated at the server's next start."""
        if self.stored.rating != ratings.PENDING or not self.stored.finished:
            return
        try:
            state = await self.workers.store(ratings.rate, self.store.engine, self.id)
        except Exception as problem:
            log.error("match %s could not be rated now: %r", self.id, problem)
            return
        if state is not None:
            self.stored.rating = state
        await self.refresh_ratings()

    def undo_plan(self, seats: frozenset[int]) -> tuple[int, int]:
        """Return the seat whose decision an undo by these seats takes back, and from which ply.

        Raises:
            RoomError: the undo is refused, with why.
        """
        timing.check_undo(self.stored)
        try:
            held = seats - frozenset(lifecycle.resigned(self.stored.events))
            return flow.plan_undo(
                self.log, self.reveals, held, self.outcome is not None, self.stored.bots
            )
        except flow.Refused as refused:
            raise RoomError(refused.code, refused.message) from None

