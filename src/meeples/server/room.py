"""One Room per match: the single writer of its state, the hub of its connections.

Every change goes through :meth:`Room._commit` under the room's lock: check the version, the
seat and the action, commit the action to the database, then broadcast. The client sees an
action accepted only once it is stored, so a restarted server resumes each game exactly. Memory
changes only after the database took the change (seats are copied, stored, then swapped in).

Nothing under the lock waits on a socket: a broadcast only posts text into each connection's
bounded outbox (:class:`Client`), which the connection's own task sends. A connection that
lets its outbox fill up is not reading and is dropped; it may reconnect. Each message is
rendered and encoded once per audience and version (every spectator shares one text, every
connection holding the same seats another), so a crowd of spectators costs one view.

Turn flow (:mod:`meeples.server.flow`): after every commit, the "at any time" decisions that a
human seat's anytime setting declines are played for it through the same commit, so nobody ever
sees them pending; an undo takes back a seat's last decision by replaying the record without it
(the database keeps what was taken back); bots wait their match's delay before each decision.

The match lifecycle (:mod:`meeples.server.lifecycle`: resignations, seats a bot keeps warm, the
rematch) is read from the match's stored events; each event counts in the version.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from meeples.core.chance import CHANCE, SEED_BOUND, Dealer
from meeples.core.errors import MeeplesError
from meeples.core.game import Outcome, State
from meeples.core.record import Match
from meeples.core.text import Message, render
from meeples.server import bots, flow, legal, lifecycle, metrics, tutorials
from meeples.server.protocol import LOG_TAIL
from meeples.server.store import Seat, Store, StoredMatch
from meeples.server.workers import HintsBusy, Workers

if TYPE_CHECKING:
    from meeples.server.quota import BotGames

log = logging.getLogger("meeples.server")
T = TypeVar("T")

#: Messages a connection may have waiting to be sent; one more and it counts as not reading.
OUTBOX = 64
#: The close code of a connection dropped for not reading (the browser reconnects by itself).
SLOW_READER = 4008
#: Seconds a closing handshake may take before the connection is simply let go.
CLOSE_TIMEOUT = 2.0


class RoomError(Exception):
    """A refused command: a code for programs and a message for people (``msg``: an engine's
    reason as a message, worded by each client)."""

    def __init__(self, code: str, message: str, msg: Message | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg = msg


def hash_token(token: str) -> str:
    """Return the stored form of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def dealer_of(stored: StoredMatch) -> Dealer:
    """Return the dealer of a match: of its secret seed, or (a match stored without one, from
    a position) a fresh secret one, whose draws nobody can know either."""
    seed = stored.seed
    if seed is None or not 0 <= seed < SEED_BOUND:
        return Dealer.fresh()
    return Dealer(seed)


def new_token() -> str:
    """Return a fresh secret seat token (256 random bits: not guessable)."""
    return secrets.token_urlsafe(32)


def action_item(state: State[Any, Any], action: str) -> dict[str, Any]:
    """Return an action as clients receive it: its text, its parts and its description."""
    return {
        "action": action,
        "parts": state.parts(action),
        "msg": state.describe_message(action).to_json(),
    }


def legal_items(state: State[Any, Any]) -> list[dict[str, Any]]:
    """Return every legal action as :func:`action_item` does, generating the list once."""
    return [
        {"action": action, "parts": parts, "msg": words.to_json()}
        for action, parts, words in state.legal_described()
    ]


def differs(view: dict[str, Any], public: dict[str, Any]) -> bool:
    """Return whether a seat's view holds more than the public one (its own seat aside)."""
    return {k: v for k, v in view.items() if k != "player"} != {
        k: v for k, v in public.items() if k != "player"
    }


async def to_the_end(work: Coroutine[Any, Any, T]) -> T:
    """Return what work returns; work runs to its end even if the caller is cancelled meanwhile.

    A connection that closes while its action is being committed has its reader cancelled;
    the commit goes on in the database threads all the same, so the room must go on too
    (memory, chance, broadcast): a stored action left out of memory made every later action
    of the match fail on its ply, taken already.
    """
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        task.add_done_callback(_retrieve)
        raise


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Take a finished task's exception (nobody waits for it any more: refused, logged)."""
    if not task.cancelled() and task.exception() is not None:
        log.info("a change finished after its connection left: %r", task.exception())


def encode(message: Any) -> str:
    """Return a message as the JSON text sent on the wire (the value Starlette's send_json
    writes; :func:`meeples.server.legal.dumps`)."""
    return legal.dumps(message).decode()


class Client:
    """A connection: the seats it holds, and a bounded outbox that its own task sends.

    ``post`` never waits: the room posts under its lock and goes on. The sender task sends one
    text at a time; when the outbox is full the connection is dropped (closed with
    :data:`SLOW_READER` if the socket still takes a close) and ``gone`` is set.
    """

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]] | None = None,
        limit: int = OUTBOX,
    ) -> None:
        self.send = send
        self.close_socket = close
        self.seats: frozenset[int] = frozenset()
        self.closed_with: int | None = None
        self.gone = asyncio.Event()
        self._outbox: asyncio.Queue[str | int] = asyncio.Queue(limit)
        self._sender: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None

    def post(self, text: str) -> bool:
        """Queue a text to send; return False when the connection is gone (or now dropped)."""
        return self._enqueue(text)

    def close(self, code: int) -> None:
        """Close the connection with code once everything posted before is sent."""
        self._enqueue(code)

    def _enqueue(self, item: str | int) -> bool:
        if self.gone.is_set():
            return False
        try:
            self._outbox.put_nowait(item)
        except asyncio.QueueFull:
            self.drop(SLOW_READER)
            return False
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._send_all())
        return True

    def drop(self, code: int) -> None:
        """Give up on the connection now: nothing queued is sent; try to close it with code."""
        if self.gone.is_set():
            return
        self.closed_with = code
        self.gone.set()
        if self._sender is not None:
            self._sender.cancel()
        self._closer = asyncio.get_running_loop().create_task(self._close_quietly(code))

    def stop(self) -> None:
        """Stop sending (the socket is closed already)."""
        self.gone.set()
        if self._sender is not None:
            self._sender.cancel()

    async def finished(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Wait, at most timeout seconds, for what was posted (and a close) to go out."""
        tasks = [t for t in (self._sender, self._closer) if t is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    async def _send_all(self) -> None:
        try:
            while True:
                item = await self._outbox.get()
                if isinstance(item, int):
                    self.closed_with = item
                    await self._close_quietly(item)
                    return
                await self.send(item)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket is closed: nothing more can be delivered
            pass
        finally:
            self.gone.set()

    async def _close_quietly(self, code: int) -> None:
        if self.close_socket is None:
            return
        # A socket that is not read cannot take a close frame either: then it is let go.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.close_socket(code), CLOSE_TIMEOUT)


class Room:
    """A live match: its state, seats, connections and bots."""

    def __init__(
        self,
        stored: StoredMatch,
        store: Store,
        bot_delay: float = 0.0,
        workers: Workers | None = None,
    ) -> None:
        self.stored = stored
        self.store = store
        self.bot_delay = flow.bot_delay(bot_delay, stored.bot_speed)
        self.workers = workers if workers is not None else Workers()
        self.lock = asyncio.Lock()
        self.clients: dict[Client, None] = {}  # in joining order; leaving is O(1)
        self.state: State[Any, Any]
        self.log: list[dict[str, Any]]  # every action played, as clients receive it
        self.reveals: list[bool]  # for each action: it revealed hidden information
        self._bot_task: asyncio.Task[None] | None = None
        self._legal_cache: tuple[int, str] | None = None
        self._hints: tuple[int, dict[str, Any]] | None = None
        self._views: tuple[int, dict[int | None, dict[str, Any]]] = (-1, {})
        self._texts: tuple[tuple[Any, ...], dict[tuple[str, frozenset[int]], str]] = ((), {})
        self._holders: dict[int, int] = {}  # seat: how many connections hold it
        self._hint_lock = asyncio.Lock()
        self.clocks: dict[int, asyncio.Task[None]] = {}  # seat: its absence counted (warm seat)
        self._outcome: tuple[int, Outcome | None] = (-1, None)
        #: The quota of games of bots only this room's bots ask before each decision (the
        #: lobby's; None: no quota), and the address that created the match (None: unknown).
        self.quota: BotGames | None = None
        self.owner: str | None = None
        #: The writer's turn this room writes under, among several workers (None: alone):
        #: the one its worker took before loading it; a write of an older room of the same
        #: match is refused by it (``Store._fence``).
        self.epoch: int | None = store.fences.get(stored.id)
        if len(stored.passed) != len(stored.actions):
            stored.passed = [False] * len(stored.actions)
        if len(stored.bots) != len(stored.actions):
            stored.bots = [False] * len(stored.actions)
        self.dealer = dealer_of(stored)
        self._put_in_chance()
        self.state, self.log, self.reveals = self._replay(len(stored.actions))
        #: What every connection holds: the version, plies and undos of the last broadcast.
        self._sent = (self.version, self.plies, stored.undos)

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
        convert = getattr(self._start().game.rules, "chance_actions_v1", None)
        if convert is None or not stored.actions:
            return
        start = self._start()
        if not start.is_chance or stored.actions[0] in start.legal():
            return  # already with its chance
        actions = convert(stored.players, stored.seed if stored.position is None else None,
                          stored.options, stored.position, stored.actions)
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

    def is_held(self, seat: int) -> bool:
        """Return whether a connection holds the seat."""
        return seat in self._holders

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
        """Return the seats the tokens open.

        Raises:
            RoomError: a token opens no seat of this match.
        """
        found = set()
        for token in tokens:
            digest = hash_token(token).encode()
            index = None
            for i, seat in enumerate(self.seats):  # every seat compared, in constant time
                if seat.token_hash is not None and hmac.compare_digest(
                    seat.token_hash.encode(), digest
                ):
                    index = i
            if index is None:
                raise RoomError("bad_token", "this seat link is not valid for this game")
            found.add(index)
        return frozenset(found)

    # --- connections -------------------------------------------------------------------

    async def join(self, client: Client, tokens: list[str]) -> None:
        """Bind a connection to the seats of its tokens (none: a spectator) and send the state.

        Only the joining connection is sent anything: the others see who is online with the
        next action.

        Raises:
            RoomError: a wrong token, or the seats could not be stored; the connection is then
                not bound.
        """
        async with self.lock:
            # Under the lock: a claim cannot give the seat a new token between check and bind.
            seats = self.seats_for(tokens)
            fresh = [i for i in seats if not self.seats[i].joined]
            if fresh:
                await self._store_seats(
                    [replace(s, joined=True) if i in fresh else s for i, s in enumerate(self.seats)]
                )
            self._bind(client, seats)
            if await lifecycle.hand_back(self, seats):  # everyone reads that they are back
                self._broadcast(joining=client)
            elif not client.post(self.render(client)):
                self._unbind(client)
        self.schedule_bots()  # a game held by the quota of bots goes on once a human is back

    async def leave(self, client: Client) -> None:
        """Forget a closed connection (the others see it offline with the next action)."""
        self._unbind(client)

    def _bind(self, client: Client, seats: frozenset[int]) -> None:
        self._unbind(client)
        client.seats = seats
        self.clients[client] = None
        for seat in seats:
            self._holders[seat] = self._holders.get(seat, 0) + 1
            lifecycle.stop_clock(self, seat)

    def _unbind(self, client: Client) -> None:
        if client not in self.clients:
            return
        del self.clients[client]
        for seat in client.seats:
            left = self._holders.get(seat, 0) - 1
            if left > 0:
                self._holders[seat] = left
            else:
                self._holders.pop(seat, None)
                lifecycle.start_clock(self, seat)

    async def claim(self) -> tuple[int, str]:
        """Give the first open, unclaimed seat a fresh token and return it.

        Raises:
            RoomError: no seat is open to anyone, or the seat could not be stored (then the
                seat keeps its old token and stays open).
        """
        async with self.lock:
            for index, seat in enumerate(self.seats):
                if seat.kind == "human" and seat.open and not seat.joined:
                    token = new_token()
                    seats = list(self.seats)
                    seats[index] = replace(seat, token_hash=hash_token(token), open=False)
                    await self._store_seats(seats)
                    return index, token
        raise RoomError("no_open_seat", "no seat of this game is open any more")

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

    # --- actions -----------------------------------------------------------------------

    async def act(self, client: Client, action: str, version: int) -> None:
        """Play an action for the seat to move, if this connection holds it (to the end, even
        if the caller is cancelled meanwhile: :func:`to_the_end`).

        Raises:
            RoomError: stale version, not this connection's turn, illegal action.
        """
        await to_the_end(self._act(client, action, version))

    async def _act(self, client: Client, action: str, version: int) -> None:
        async with self.lock:
            seat = self.to_move
            if seat is None:
                raise RoomError("game_over", "the game is over")
            if seat not in client.seats:
                if not client.seats:
                    raise RoomError("spectator", "spectators cannot play")
                raise RoomError("not_your_turn", f"it is not your turn (player {seat + 1} to move)")
            lifecycle.check_act(self, seat)
            refused = tutorials.refusal(self, action) if action in self.state.legal() else None
            if refused is not None:
                raise RoomError("tutorial", render(refused), refused)
            await self._commit(seat, action, version)
        self.schedule_bots()

    def _check_version(self, version: int) -> None:
        if version != self.version:
            raise RoomError(
                "stale",
                f"the game has moved on (you saw version {version}, it is now {self.version});"
                " here is the current state",
            )

    async def _commit(self, seat: int, action: str, version: int, bot: bool = False) -> None:
        """Record an action (bot: a bot's decision for the seat), then chance's draws and the
        decisions passed after it by the settings; broadcast."""
        self._check_version(version)
        await self._record(seat, action, bot=bot)
        await self._advance()
        self._broadcast()

    async def _record(
        self, seat: int, action: str, passed: bool = False, bot: bool = False
    ) -> None:
        """Store an action and play it (no broadcast); passed: played by the server by the
        seat's anytime setting; bot: decided by a bot for the seat.

        Raises:
            RoomError: the action is illegal, the engine failed, or it could not be stored.
        """
        ply = self.plies
        try:
            after = self.state.play(action)
            entry = self._entry(self.state, after, ply, action, passed)
            reveals = self.state.reveals(action)
            after.outcome  # noqa: B018 - an engine failure here must not reach the database
        except MeeplesError as error:
            raise RoomError("illegal", str(error), error.message) from None
        except Exception:
            log.exception("match %s: the engine failed on %r", self.id, action)
            raise RoomError(
                "engine", "the server could not play this action; nothing changed"
            ) from None
        outcome = lifecycle.final_outcome(after.outcome, self.stored.players, self.stored.events)
        result = outcome.to_json() if outcome is not None else None
        # Committed before anyone hears of it: a crash after this line loses nothing.
        try:
            await self.workers.append_action(
                self.store, self.id, ply, seat, action, result, passed, bot, self.epoch
            )
        except Exception as problem:
            log.error("match %s: action %r could not be stored: %r", self.id, action, problem)
            raise RoomError(
                "storage", "the server could not save this action; nothing changed, try again"
            ) from None
        metrics.committed(self.stored.game)
        was_armed = (not passed and 0 <= seat < len(self.seats) and self.seats[seat].armed
                     and self.state.anytime_skip() is not None)
        self.state = after
        self.stored.actions.append(action)
        self.stored.passed.append(passed)
        self.stored.bots.append(bot)
        self.log.append(entry)
        self.reveals.append(reveals)
        if result is not None:
            self.stored.finished = True
            self.stored.result = result
        if was_armed:  # asked once, as the player wanted: the next one is declined again
            disarmed = [replace(s, armed=False) if i == seat else s
                        for i, s in enumerate(self.seats)]
            try:
                await self._store_seats(disarmed)
            except RoomError:  # the action stands; the seat is asked once more, no harm
                pass

    # --- turn flow ---------------------------------------------------------------------

    async def _pass_anytime(self) -> int:
        """Play, for each human seat to move in turn, the "at any time" decision its setting
        declines, each stored like any action; return how many were played."""
        count = 0
        while (count < flow.MAX_PASSES and self.outcome is None
               and (found := flow.anytime_pass(self.state, self.seats))):
            seat, action = found
            try:
                await self._record(seat, action, passed=True)
            except RoomError as error:  # the seat is asked instead
                log.error("match %s: could not pass %r: %s", self.id, action, error.message)
                break
            count += 1
        return count

    async def _deal_chance(self) -> int:
        """Record chance's outcomes while chance decides, each drawn by the match's dealer at
        its index in the record (seat CHANCE in the log and the database); return how many."""
        count = 0
        while self.state.is_chance:
            # A tutorial's lessons draw what their script says; any other match, its dealer.
            action = tutorials.scripted(self) or self.dealer.pick(
                self.state.chance_outcomes(), self.plies)
            await self._record(CHANCE, action)
            count += 1
        return count

    async def _advance(self) -> int:
        """Deal chance and pass what the settings decline, until a person or a bot decides;
        return how many actions that played."""
        count = 0
        while True:
            played = (await self._play_learners_script() + await self._deal_chance()
                      + await self._pass_anytime())
            if not played:
                return count
            count += played

    async def _play_learners_script(self) -> int:
        """Play a tutorial's scripted decisions of the learner's own seat (those the default
        settings pass, such as a token window); return how many."""
        count = 0
        while (seat := self.to_move) is not None and seat != CHANCE and (
            self.seats[seat].kind == "human" and (action := tutorials.scripted(self))
        ):
            await self._record(seat, action, passed=True)
            count += 1
        return count

    async def settle(self) -> None:
        """Deal chance and pass what the settings decline in the state as loaded (a new match,
        or a server stopped between an action and what follows it)."""
        async with self.lock:
            if await self._advance():
                self._broadcast()

    async def change_settings(
        self, client: Client, anytime: str | None, armed: bool | None = None,
        only: int | None = None,
    ) -> None:
        """Set the anytime setting (and whether the next "at any time" decision is asked) of
        every seat the connection holds, or of one of them; the decision at hand is passed at
        once when the new setting declines it (to the end: :func:`to_the_end`).

        Raises:
            RoomError: a spectator asks, a seat the connection does not hold, or the seats
                could not be stored.
        """
        await to_the_end(self._change_settings(client, anytime, armed, only))

    async def _change_settings(
        self, client: Client, anytime: str | None, armed: bool | None, only: int | None
    ) -> None:
        async with self.lock:
            if not client.seats:
                raise RoomError("spectator", "spectators have no seat to set")
            if only is not None and only not in client.seats:
                raise RoomError("not_seated", "this connection does not hold that seat")
            chosen = client.seats if only is None else frozenset({only})
            seats = [
                replace(seat, anytime=seat.anytime if anytime is None else anytime,
                        armed=seat.armed if armed is None else armed)
                if i in chosen else seat
                for i, seat in enumerate(self.seats)
            ]
            if seats != self.seats:
                await self._store_seats(seats)
            if await self._pass_anytime():
                self._broadcast()
            else:  # only the connections of these seats show the setting
                for other in list(self.clients):
                    if other.seats & client.seats and not other.post(self.render(other)):
                        self._unbind(other)
        self.schedule_bots()

    def undo_plan(self, seats: frozenset[int]) -> tuple[int, int]:
        """Return the seat whose decision an undo by these seats takes back, and from which ply.

        Raises:
            RoomError: the undo is refused, with why.
        """
        try:
            held = seats - frozenset(lifecycle.resigned(self.stored.events))
            return flow.plan_undo(
                self.log, self.reveals, held, self.outcome is not None, self.stored.bots
            )
        except flow.Refused as refused:
            raise RoomError(refused.code, refused.message) from None

    def undo_seats(self, client: Client) -> frozenset[int]:
        """Return the seats whose decisions a connection's undo may take back: all it holds,
        except at a shared screen (several human seats), where only the person shown may take
        back their own decision, never another person's."""
        if len(client.seats) > 1:
            seat = self.view_seat(client)
            return frozenset() if seat is None else frozenset({seat})
        return client.seats

    def can_undo(self, seats: frozenset[int]) -> bool:
        """Return whether a connection holding these seats may undo now."""
        try:
            self.undo_plan(seats)
        except RoomError:
            return False
        return True

    async def undo(self, client: Client, version: int | None = None) -> None:
        """Take back the last decision of a seat this connection holds, and the actions the
        server passed after it: the record is replayed without them, the database keeps them
        as undone, everyone gets the new state.

        Raises:
            RoomError: stale version, or the undo is refused (see :func:`flow.plan_undo`).
        """
        await to_the_end(self._undo(client, version))

    async def _undo(self, client: Client, version: int | None = None) -> None:
        async with self.lock:
            if version is not None:
                self._check_version(version)
            seat, ply = self.undo_plan(self.undo_seats(client))
            rebuilt = await asyncio.to_thread(self._replay, ply)
            try:
                taken = await self.workers.store(self.store.undo, self.id, ply, seat,
                                                 time.time(), self.epoch)
            except Exception as problem:
                log.error("match %s: an undo could not be stored: %r", self.id, problem)
                raise RoomError(
                    "storage", "the server could not save this; nothing changed, try again"
                ) from None
            self.stored.undone += taken
            self.stored.undos += 1
            del self.stored.actions[ply:]
            del self.stored.passed[ply:]
            del self.stored.bots[ply:]
            self.state, self.log, self.reveals = rebuilt
            await self._pass_anytime()
            self._broadcast()
        self.schedule_bots()

    async def hint(self, client: Client) -> dict[str, Any]:
        """Return the hint message for the seat to move, if this connection holds it.

        Raises:
            RoomError: not this connection's turn, no bots installed, or the server busy with
                as many hints as it works out at once.
        """
        lifecycle.check_hint(self, client)
        if self.to_move is None or self.to_move not in client.seats:
            raise RoomError("not_your_turn", "hints are for the player to move")
        if self._hint_lock.locked():
            raise RoomError("busy", "a hint is already being worked out; it comes in a moment")
        async with self._hint_lock:  # one search at a time per game, each position once
            state, version = self.state, self.version
            if self._hints is not None and self._hints[0] == version:
                return self._hints[1]
            try:
                hints = await self.workers.hint(bots.hint, state, 3, version)
            except HintsBusy:
                raise RoomError(
                    "busy", "the server is working out many hints; ask again in a moment"
                ) from None
            if hints is None:
                raise RoomError(
                    "no_hint", "hints need the bots (meeples.ai), which are not installed"
                )
            answer = {"type": "hint", "version": version, "hints": hints}
            self._hints = (version, answer)
            return answer

    def gets_legal(self, seat: int | None) -> bool:
        """Return whether a connection shown this seat gets the legal actions: the seat to move
        does (any other seat, a seat a bot plays for its player, a spectator does not)."""
        return not (
            seat is None or seat != self.to_move or seat in lifecycle.stand_ins(self.stored.events)
        )

    def legal_for(self, seat: int | None) -> list[dict[str, Any]]:
        """Return the legal actions with their parts and descriptions for a seat (see
        :meth:`gets_legal`), as the wire's legal list holds them."""
        return legal_items(self.state) if self.gets_legal(seat) else []

    def legal_text(self) -> str:
        """Return the JSON text of the legal list of the current version, made once per version
        (:func:`meeples.server.legal.legal_text`)."""
        version = self.version
        if self._legal_cache is None or self._legal_cache[0] != version:
            wanted = tutorials.expected(self)  # a tutorial's step offers only what it asks for
            text = legal.legal_text(self.state) if wanted is None else encode(
                [item for item in legal_items(self.state) if item["action"] in wanted])
            self._legal_cache = (version, text)
        return self._legal_cache[1]

    # --- messages ----------------------------------------------------------------------
    #
    # Two messages carry the state (docs/messages.md, "The live wire"): a snapshot ("state")
    # after hello, a stale action or a sync, and after an undo; an update ("update") after
    # every other change, with only what a change alters (the new log entries, the view, the
    # legal list). Both are rendered once per audience and version (see :meth:`_text`).

    def view_seat(self, client: Client) -> int | None:
        """Return whose view a connection sees: the seat to move when it holds it (hotseat)."""
        if not client.seats:
            return None
        to_move = self.state.to_move
        if to_move in client.seats:
            return to_move
        return min(client.seats)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return a seat's view of the current state (None: a spectator's), once per version."""
        if self._views[0] != self.version:
            self._views = (self.version, {})
        views = self._views[1]
        if seat not in views:
            views[seat] = self.state.view(seat)
        return views[seat]

    def players(self) -> list[dict[str, Any]]:
        """Return the public description of every seat."""
        return [
            {
                "seat": i,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "joined": s.joined or s.kind == "bot",
                "online": s.kind == "bot" or i in self._holders,
                "open": s.open and not s.joined,
            }
            for i, s in enumerate(self.seats)
        ]

    def chance(self) -> dict[str, Any]:
        """Return the public data of the match's randomness: the commitment to its secret seed
        from creation on, and the seed itself once the game is over (``meeples verify``)."""
        over = self.stored.finished or self.state.outcome is not None
        return {
            "commitment": self.dealer.commitment,
            "seed": str(self.dealer.seed) if over else None,
        }

    def private(self, seat: int | None, view: dict[str, Any]) -> bool:
        """Return whether a seat's view shows more than a spectator's (hotseat hides it)."""
        if seat is None:
            return False
        return differs(view, self.view(None))

    def summary(self) -> dict[str, Any] | None:
        """Return each player's score by source (the score sheet, with the total that wins),
        shown beside the players during play and as the summary at the end."""
        sheet = self.state.score_sheet()
        return None if sheet is None else sheet.to_json()

    def _now(self, client: Client) -> dict[str, Any]:
        """Return what both kinds of state message tell a connection of the current version
        (all but the legal actions, which :meth:`_text` adds as text)."""
        seat = self.view_seat(client)
        view = self.view(seat)
        outcome = self.outcome
        return {
            "seat": seat,
            "to_move": self.to_move,
            "view": view,
            "private": self.private(seat, view),
            "players": self.players(),
            "outcome": outcome.to_json() if outcome is not None else None,
            "summary": self.summary(),
            "prompt": self.state.prompt().to_json(),
            "round": self.state.rounds(),
            "anytime": self.state.anytime_skip(),
            "undo": self.can_undo(self.undo_seats(client)),
            "settings": {"anytime": self.seats[seat].anytime, "armed": self.seats[seat].armed}
            if seat is not None else None,
            "held": [] if seat is None else [m.to_json() for m in self.state.anytime_held(seat)],
            "chance": self.chance(),
            "tutorial": tutorials.field(self),
            **lifecycle.fields(self, client),
        }

    def message(self, client: Client) -> dict[str, Any]:
        """Return the snapshot for one connection: its view and the log; the legal actions,
        its last key, are spliced in as text (:meth:`_text`)."""
        return {
            "type": "state",
            "match": self.id,
            "version": self.version,
            "game": self.stored.game,
            "title": self.state.game.title,
            "seats": sorted(client.seats),
            **self._now(client),
            "log": self.log[-LOG_TAIL:],
        }

    def update(self, client: Client, base: int, entries: list[dict[str, Any]]) -> dict[str, Any]:
        """Return the update for one connection that holds the state of version base: the log
        entries played since and the current view; the legal actions, its last key, are
        spliced in as text (:meth:`_text`)."""
        return {
            "type": "update",
            "match": self.id,
            "version": self.version,
            "base": base,
            **self._now(client),
            "entries": entries,
        }

    def _text(self, client: Client, kind: str, make: Callable[[], dict[str, Any]]) -> str:
        """Return a message's text for a connection, encoded once per audience.

        Connections holding the same seats (every spectator alike) get the very same text until
        the version or who is joined, online or open changes. The legal list is encoded once
        per version and spliced in (it is the largest part, and the last key).
        """
        stamp = (
            self.version,
            tuple(
                (s.joined, s.open, i in self._holders, s.anytime, s.armed)
                for i, s in enumerate(self.seats)
            ),
        )
        if self._texts[0] != stamp:
            self._texts = (stamp, {})
        texts = self._texts[1]
        key = (kind, client.seats)
        text = texts.get(key)
        if text is None:
            legal = self.legal_text() if self.gets_legal(self.view_seat(client)) else "[]"
            text = texts[key] = encode(make())[:-1] + ',"legal":' + legal + "}"
        return text

    def render(self, client: Client) -> str:
        """Return the snapshot text for a connection (see :meth:`_text`)."""
        return self._text(client, "state", lambda: self.message(client))

    def render_update(
        self, client: Client, base: int, entries: list[dict[str, Any]]
    ) -> str:
        """Return the update text for a connection (see :meth:`_text`); base and entries are
        the same for every connection of one broadcast."""
        return self._text(client, f"update {base}", lambda: self.update(client, base, entries))

    async def send_state(self, client: Client) -> None:
        """Send one connection a snapshot of the current state (under the lock: between a
        commit and its broadcast the snapshot would be ahead of the update that follows)."""
        async with self.lock:
            client.post(self.render(client))

    def _broadcast(self, full: bool = False, joining: Client | None = None) -> None:
        """Post the change to every connection; forget the ones that are gone.

        Every connection holds the state of the last broadcast (or of its snapshot, taken
        under the same lock), so an update from it is enough; after an undo (the log lost
        entries) everyone gets a snapshot, and so does a connection joining (joining).

        The players first: each connection's sender runs in the order it was posted to, and a
        crowd of spectators (each send compressed for its own connection) would otherwise
        make the players wait for all of them.
        """
        base, plies, undos = self._sent
        full = full or undos != self.stored.undos or plies > self.plies
        entries = self.log[plies:]
        self._sent = (self.version, self.plies, self.stored.undos)
        clients = list(self.clients)
        for client in [c for c in clients if c.seats] + [c for c in clients if not c.seats]:
            if full or client is joining:  # a connection that is joining holds nothing yet
                text = self.render(client)
            else:
                text = self.render_update(client, base, entries)
            if not client.post(text):
                self._unbind(client)

    # --- bots --------------------------------------------------------------------------

    def bot_to_move(self) -> int | None:
        """Return the seat to move when a bot holds it."""
        seat = self.to_move
        if seat is not None and seat != CHANCE and (
            self.seats[seat].kind == "bot" or seat in lifecycle.stand_ins(self.stored.events)
        ):
            return seat
        return None

    def is_playing_bots(self) -> bool:
        """Return whether a bot is thinking or about to (its loop is running)."""
        return self._bot_task is not None and not self._bot_task.done()

    def schedule_bots(self) -> None:
        """Start the bot loop when a bot is to move and none is thinking yet."""
        if self.bot_to_move() is None:
            return
        if self._bot_task is not None and not self._bot_task.done():
            return
        self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        if await self._play_bots() and self.quota is not None:
            await self.quota.discharge(self)  # its bots stopped: it counts no more

    async def _play_bots(self) -> bool:
        """Play the bots' decisions until a human is to move or the game ends; return False
        when the game is held by the quota of games of bots only (:mod:`quota`)."""
        while (seat := self.bot_to_move()) is not None:
            if self.quota is not None and not await self.quota.admit(self):
                return False
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            version = self.version
            view = self.state.view(seat)
            legal = self.state.legal()
            level = lifecycle.stand_ins(self.stored.events).get(seat) or self.seats[seat].level
            level = level or "random"
            # From the match's secret seed (never from public data, which let a player facing
            # the bot compute its replies: issue 28); the same version and seat, the same
            # randomness, so a bot asked again after a restart answers alike.
            seed = self.dealer.secret(f"bot:{version}:{seat}")
            try:
                action = tutorials.scripted(self)  # a tutorial's lessons reply as written
                if action is None:
                    with metrics.bot_move(self.stored.game, level):
                        action = await self.workers.bot(
                            bots.choose, self.stored.game, level, view, legal, seed,
                            f"{self.id}/{seat}",
                        )
                async with self.lock:
                    if self.bot_to_move() != seat:  # its player is back, or it resigned
                        continue
                    await self._commit(seat, action, version, bot=True)
            except RoomError as error:
                log.warning("bot in %s: %s", self.id, error.message)
                if error.code != "stale":
                    return True
            except Exception:
                log.exception("bot in %s failed", self.id)
                return True
        return True

    async def stop(self) -> None:
        """Cancel a thinking bot and the absence clocks (server shutdown)."""
        lifecycle.stop_clocks(self)
        if self._bot_task is not None and not self._bot_task.done():
            self._bot_task.cancel()
            # Waited for at most CLOSE_TIMEOUT, and with asyncio.wait: awaiting the task would
            # raise its CancelledError here, and catching that would also swallow a
            # cancellation of the task stopping this room.
            await asyncio.wait({self._bot_task}, timeout=CLOSE_TIMEOUT)
