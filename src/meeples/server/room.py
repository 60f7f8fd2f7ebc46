"""One Room per match: the single writer of its state, the hub of its connections.

Every change goes through :meth:`Room._commit` under the room's lock: check the version, the
seat and the action, commit the action to the database, then broadcast. The client sees an
action accepted only once it is stored, so a restarted server resumes each game exactly.

A room is three layers, each along one concern: :class:`~meeples.server.table.Table` (the
match in memory, rebuilt from its record, and what is stored),
:class:`~meeples.server.audience.Audience` (the connections and what each is told) and
:class:`Room` (the game's flow, here).

Turn flow (:mod:`meeples.server.flow`): after every commit, the "at any time" decisions that a
human seat's anytime setting declines are played for it through the same commit, so nobody ever
sees them pending; an undo takes back a seat's last decision by replaying the record without it
(the database keeps what was taken back); bots wait their match's delay before each decision.

The match lifecycle (:mod:`meeples.server.lifecycle`: resignations, seats a bot keeps warm, the
rematch) is read from the match's stored events; each event counts in the version.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from meeples.core.chance import CHANCE
from meeples.core.errors import MeeplesError
from meeples.core.text import render
from meeples.server import accounts, bots, flow, lifecycle, metrics, tutorials
from meeples.server.audience import Audience
from meeples.server.connection import CLOSE_TIMEOUT, Client, to_the_end
from meeples.server.errors import RoomError
from meeples.server.store import Store, StoredMatch
from meeples.server.tokens import hash_token, new_token
from meeples.server.workers import HintsBusy, Workers

if TYPE_CHECKING:
    from meeples.server.quota import BotGames

log = logging.getLogger("meeples.server")


class Room(Audience):
    """A live match: its state, seats, connections and bots."""

    def __init__(
        self,
        stored: StoredMatch,
        store: Store,
        bot_delay: float = 0.0,
        workers: Workers | None = None,
    ) -> None:
        super().__init__(stored, store, workers)
        self.bot_delay = flow.bot_delay(bot_delay, stored.bot_speed)
        self._bot_task: asyncio.Task[None] | None = None
        self._hints: tuple[int, dict[str, Any]] | None = None
        self._hint_lock = asyncio.Lock()
        self.clocks: dict[int, asyncio.Task[None]] = {}  # seat: its absence counted (warm seat)
        #: The quota of games of bots only this room's bots ask before each decision (the
        #: lobby's; None: no quota), and the address that created the match (None: unknown).
        self.quota: BotGames | None = None
        self.owner: str | None = None

    # --- connections -------------------------------------------------------------------

    async def join(self, client: Client, tokens: list[str], account: str | None = None) -> None:
        """Bind a connection to the seats of its tokens and of its account (none: a spectator)
        and send the state.

        account: the one the connection's session opens (:mod:`meeples.server.accounts`): its
        seats are taken up without a token, and an unbound human seat a token opens is bound
        to it.

        Only the joining connection is sent anything: the others see who is online with the
        next action.

        Raises:
            RoomError: a wrong token, or the seats could not be stored; the connection is then
                not bound.
        """
        async with self.lock:
            # Under the lock: a claim cannot give the seat a new token between check and bind.
            seats = self.seats_for(tokens)
            seats, changed = accounts.take_up(self.seats, seats, account)
            fresh = [i for i in seats if not changed[i].joined]
            if fresh or changed != self.seats:
                await self._store_seats(
                    [replace(s, joined=True) if i in fresh else s for i, s in enumerate(changed)]
                )
            self._bind(client, seats)
            if await lifecycle.hand_back(self, seats):  # everyone reads that they are back
                self._broadcast(joining=client)
            elif not client.post(self.render(client)):
                self._unbind(client)
        self.schedule_bots()  # a game held by the quota of bots goes on once a human is back

    def _held(self, seat: int) -> None:
        lifecycle.stop_clock(self, seat)

    def _let_go(self, seat: int) -> None:
        lifecycle.start_clock(self, seat)

    async def claim(self, account: str | None = None) -> tuple[int, str]:
        """Give the first open, unclaimed seat a fresh token (and the account, if any) and
        return it.

        Raises:
            RoomError: no seat is open to anyone, or the seat could not be stored (then the
                seat keeps its old token and stays open).
        """
        async with self.lock:
            for index, seat in enumerate(self.seats):
                if seat.kind == "human" and seat.open and not seat.joined:
                    token = new_token()
                    seats = list(self.seats)
                    seats[index] = replace(seat, token_hash=hash_token(token), open=False,
                                           account=account)
                    await self._store_seats(seats)
                    return index, token
        raise RoomError("no_open_seat", "no seat of this game is open any more")
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
