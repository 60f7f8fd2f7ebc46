"""The lobby: create matches, find them, and keep one Room per match in memory."""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import meeples
from meeples.core.chance import Dealer, SeedSource
from meeples.core.errors import MeeplesError
from meeples.core.game import DEFAULT_ANYTIME
from meeples.core.text import lobby_keys, msg
from meeples.core.tutorial import tutorial
from meeples.server import bots, guard, lifecycle, ratings, timing
from meeples.server import clocks as clockwork
from meeples.server.clocks import SYSTEM, TimeControl, TimeSource
from meeples.server.connection import Client
from meeples.server.errors import RoomError
from meeples.server.protocol import CreateRequest
from meeples.server.quota import BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL, BotGames, TooMany
from meeples.server.room import Room
from meeples.server.store import DamagedMatch, MatchEvent, Seat, Store, StoredMatch
from meeples.server.tokens import hash_token, new_token
from meeples.server.workers import Workers

if TYPE_CHECKING:
    from meeples.server.alerts import Alerts

log = logging.getLogger("meeples.server")
#: The close code of a connection whose match is reloaded from the database (it reconnects by
#: itself, as to a restarted server).
RESTART = 1012


def bot_levels(name: str) -> list[dict[str, str]]:
    """Return the bot levels of a game, weakest first, each with its bot spec (for tooltips)."""
    out = [{"name": "random", "spec": "random"}]
    try:
        from meeples.ai import levels
    except ImportError:
        return out + [{"name": level, "spec": "random"} for level in bots.LEVELS[1:]]
    for level, spec in levels(name).items():
        if level in bots.LEVELS:
            out.append({"name": level, "spec": spec.spec()})
    return out


def describe_games() -> list[dict[str, Any]]:
    """Return every registered game with its player counts, rule options and bot levels, and the
    catalogue keys of its words in the lobby (:func:`meeples.core.text.lobby_keys`)."""
    out = []
    for name in meeples.game_names():
        game = meeples.load(name)
        words = lobby_keys(name)
        out.append(
            {
                "name": name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "hidden": guard.hides(game),
                "levels": bot_levels(name),
                "tutorial": tutorial(name) is not None,
                "board": game.capabilities.board,
                "blurb": words["blurb"],
                "options": [
                    {
                        "name": option,
                        "default": spec.default,
                        "help": spec.help,
                        "choices": list(spec.choices) if spec.choices is not None else None,
                        **words["options"][option],
                    }
                    for option, spec in game.options.items()
                ],
            }
        )
    return out


def _checked(game: Any, position: str) -> Any:
    """Return the state of a position text that the server can play from.

    A text can parse yet describe a state the engine trips on; such a game would fail on every
    load (and at every restart), so it is refused at once.

    Raises:
        MeeplesError: not a playable position of this game.
    """
    try:
        state = game.parse(position)
        state.legal()
        for seat in [None, *range(state.players)]:
            state.view(seat)
        state.outcome  # noqa: B018 - computed for the check
        return state
    except MeeplesError:
        raise
    except Exception as problem:
        log.warning("refused a %s position: %r", game.name, problem)
        raise meeples.BadPosition(msg("core.bad.unplayable", game=game.title)) from None


class Lobby:
    """All matches: the store, and the rooms loaded from it."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        workers: Workers | None = None,
        bot_games: tuple[int, int] = (BOT_GAMES_PER_ADDRESS, BOT_GAMES_TOTAL),
        abandon_after: float = lifecycle.ABANDON_AFTER,
    ) -> None:
        self.store = store
        self.abandon_after = abandon_after
        self.bot_delay = bot_delay
        self.workers = workers if workers is not None else Workers()
        self.rooms: dict[str, Room] = {}
        #: Games in which no human moves, counted against a quota (:mod:`quota`).
        self.bot_games = BotGames(self.rooms, *bot_games)
        self.damaged: set[str] = set()
        self._loading = asyncio.Lock()
        #: A fixed source of match ids and seeds (``meeples serve --chance-seed``, tests): None,
        #: each match a random id and a fresh secret seed.
        self.seeds: SeedSource | None = None
        self._created = 0
        #: The turn alerts by e-mail its rooms tell after each commit (None: none).
        self.alerts: Alerts | None = None
        #: Where the clocks take the time from, and the hook called when a seat's time runs
        #: low (:mod:`meeples.server.timing`; the turn alerts set it).
        self.time: TimeSource = SYSTEM
        self.on_time_low: timing.TimeLow = timing.no_alert

    async def new_match(self) -> tuple[str, int]:
        """Return the id and the seed of a new match: a random id and a fresh dealer's secret
        seed, or with a fixed seed source (:attr:`seeds`) the next id of its sequence that no
        match has yet, and the seed that follows from it."""
        if self.seeds is None:
            # Never starting with "-": a command line would read the id as an option
            # (``meeples admin delete -kJw9Qoj`` failed; one id in 64 did).
            while (match_id := secrets.token_urlsafe(6)).startswith("-"):
                pass
            return match_id, Dealer.fresh().seed
        while True:
            match_id = self.seeds.match_id(self._created)
            self._created += 1
            if match_id in self.rooms:
                continue
            try:
                taken = await self.workers.store(self.store.load, match_id) is not None
            except DamagedMatch:
                taken = True
            if not taken:
                return match_id, self.seeds.seed(match_id)

    async def _create_tutorial(
        self, game: meeples.Game[Any, Any], request: CreateRequest, address: str,
        account: str | None = None,
    ) -> tuple[Room, list[str | None]]:
        """Create a game's tutorial: its start position, the learner's seat (a token) and bots
        in the others, which the script plays until the lessons are over.

        Raises:
            MeeplesError: the game has no tutorial, or the request sets what a tutorial sets.
        """
        lessons = tutorial(game.name)
        if lessons is None:
            raise meeples.BadOptions(f"{game.title} has no tutorial yet")
        if request.position is not None or request.options or request.seats or request.players:
            raise meeples.BadOptions("a tutorial sets its own position, players and seats")
        if request.clock is not None:
            raise meeples.BadOptions("a tutorial has no clocks")
        start = lessons.start(game)
        match_id, seed = await self.new_match()
        token = new_token()
        seats = [
            Seat(kind="human", token_hash=hash_token(token), account=account)
            if seat == lessons.seat else Seat(kind="bot", level=lessons.then)
            for seat in range(start.players)
        ]
        stored = StoredMatch(
            id=match_id, game=game.name, players=start.players, seed=seed, options=None,
            position=start.position(), seats=seats, created=time.time(),
            bot_speed=request.bot_speed, hints=True, rules_version=game.rules_version,
            tutorial=game.name, address=known_address(address), chat="off",  # nobody to talk to
        )
        room = Room(stored, self.store, self.bot_delay, self.workers)
        room.owner = address
        await self.open(room, functools.partial(self.store.create, stored))
        await room.settle()
        room.schedule_bots()
        return room, [token if seat == lessons.seat else None for seat in range(start.players)]

    async def create(
        self, request: CreateRequest, address: str = "?", account: str | None = None
    ) -> tuple[Room, list[str | None]]:
        """Create and store a match; return its room and the token of each human seat.

        address: the creator's, for the quota of games of bots only. account: the creator's,
        when signed in: the seats of ``request.mine`` are bound to it, by default the first
        human seat not left open to anyone.

        Raises:
            MeeplesError: unknown game, bad options, bad position or seats; a rated match that
                cannot be rated (:class:`~meeples.server.ratings.NotRateable`).
            TooMany: a game of bots only beyond the quota of the address or of the server.
        """
        game = meeples.load(request.game)
        guard.check_seed(game, request.seed)
        if request.tutorial:
            ratings.check_create(request.rated, account=account, warm=False, tutorial=True,
                                 position=False, seats=[], mine=[])
            if request.mine is not None:
                raise meeples.BadOptions("a tutorial sets its own seats")
            return await self._create_tutorial(game, request, address, account)
        if request.position is not None:
            if request.options:
                raise meeples.BadOptions("a game started from a position takes its options from it")
            start = _checked(game, request.position)
            players = start.players
            options = None
            match_id, seed = await self.new_match()  # chance after the position: from it
            # A hidden part the creator wrote (a pile order) is dealt again in secret.
            position = _checked(game, guard.deal_again(start)).position()
        else:
            position = None
            players = request.players if request.players is not None else game.min_players
            options = game.check_options(players, request.options)
            # A fresh dealer's secret 256-bit seed: chance is drawn from it, its commitment is
            # published at once and the seed when the game ends (meeples verify).
            match_id, seed = await self.new_match()
            game.new(players=players, seed=seed, **options)
        requested = request.seats or []
        if requested and len(requested) != players:
            raise meeples.BadOptions(
                f"{players} players need {players} seats, not {len(requested)}"
            )
        seats: list[Seat] = []
        tokens: list[str | None] = []
        for index in range(players):
            wanted = requested[index] if requested else None
            kind = wanted.kind if wanted else "human"
            if kind == "bot":
                level = (wanted.level if wanted else None) or "normal"
                seats.append(Seat(kind="bot", level=level, name=wanted.name if wanted else ""))
                tokens.append(None)
            else:
                token = new_token()
                seats.append(
                    Seat(
                        kind="human",
                        name=wanted.name if wanted else "",
                        token_hash=hash_token(token),
                        open=bool(wanted and wanted.open),
                        anytime=(wanted.anytime if wanted and wanted.anytime else DEFAULT_ANYTIME),
                    )
                )
                tokens.append(token)
        mine = _mine(seats, request.mine) if account is not None else []
        for index in mine:
            seats[index].account = account
        ratings.check_create(request.rated, account=account, warm=request.warm is not None,
                             tutorial=False, position=request.position is not None,
                             seats=seats, mine=mine)
        control = _time_control(request, seats)
        stored = StoredMatch(
            id=match_id,
            game=game.name,
            players=players,
            seed=seed,
            options=options,
            position=position,
            seats=seats,
            created=time.time(),
            bot_speed=request.bot_speed,
            hints=request.hints if request.hints is not None else lifecycle.default_hints(seats),
            warm_after=request.warm.after if request.warm is not None else None,
            warm_level=request.warm.level if request.warm is not None else None,
            rules_version=game.rules_version,
            address=known_address(address),
            research=request.research,
            clock=control,
            clocks=None if control is None else clockwork.new(
                control, [s.kind == "human" for s in seats]),
            rating=ratings.PENDING if request.rated else None,
            chat=request.chat,
        )
        room = Room(stored, self.store, self.bot_delay, self.workers)
        room.owner = address
        if lifecycle.bots_only(stored):
            await self.bot_games.reserve(stored.id, address)
        try:
            await self.open(room, functools.partial(self.store.create, stored))
        except BaseException:
            await self.bot_games.release(stored.id)
            raise
        await room.settle()  # a start position may begin with a decision a setting declines
        room.schedule_bots()
        return room, tokens

    async def open(self, room: Room, write: Callable[[], None]) -> None:
        """Store a new match and serve it here, the one way every new match (a creation, a
        rematch) takes: held first (:meth:`reserve`), then written by ``write`` in the
        database threads, then added to the rooms. On failure nothing stays held.
        """
        await self.reserve(room.id)
        room.epoch = self.store.fences.get(room.id)  # the turn reserve took (none: alone)
        try:
            await self.workers.store(write)
        except BaseException:
            await self.unreserve(room.id)
            raise
        self.serve(room)

    def serve(self, room: Room) -> None:
        """Serve a room from here: its bots ask this lobby's quota of games of bots only, its
        clocks take this lobby's time."""
        room.quota = self.bot_games
        room.alerts = self.alerts
        room.time = self.time
        room.on_time_low = self.on_time_low
        self.rooms[room.id] = room

    async def unreserve(self, match_id: str) -> None:
        """Let go of a new match that could not be stored (see :meth:`reserve`)."""

    async def reserve(self, match_id: str) -> None:
        """Prepare to write a new match before it is stored (alone on the database: nothing
        to do; among several workers, :class:`meeples.server.takeover.ClusterLobby` holds it)."""

    async def get(self, match_id: str) -> Room | None:
        """Return the room of a match, loading it from the database when needed.

        Raises:
            DamagedMatch: its record cannot be read back or replayed (reported once; the
                match is not tried again until the server restarts).
        """
        room = self.rooms.get(match_id)
        if room is not None:
            return room
        if match_id in self.damaged:
            raise DamagedMatch(match_id)
        async with self._loading:
            room = self.rooms.get(match_id)
            if room is not None:
                return room
            try:
                stored = await self.workers.store(self.store.load, match_id)
            except DamagedMatch:
                self.damaged.add(match_id)
                raise
            if stored is None:
                return None
            try:
                # Replaying the record is work for a thread, but not for the database's threads.
                room = await asyncio.to_thread(
                    Room, stored, self.store, self.bot_delay, self.workers
                )
            except Exception as problem:  # a record the engine cannot replay
                self.store.report_damaged(match_id, problem)
                self.damaged.add(match_id)
                raise DamagedMatch(match_id) from None
            self.serve(room)
        await room.settle()
        return room

    async def resume(self) -> int:
        """Load every unfinished match and restart its bots; return how many were resumed."""
        ids = await self.workers.store(self.store.list_ids, False)
        count = 0
        for match_id in ids:
            try:
                room = await self.get(match_id)
            except DamagedMatch:  # one broken match must not stop the server (reported once)
                continue
            except Exception as error:
                log.error("match %s cannot be resumed: %r", match_id, error)
                continue
            if room is not None:
                lifecycle.start_clocks(room)  # nobody is connected yet
                room.schedule_bots()  # a game of bots only asks the quota (its creator unknown)
                count += 1
        return count

    async def summaries(self) -> dict[str, list[dict[str, Any]]]:
        """Return the open, live, abandoned and finished matches, newest first (each with when
        it was created and last moved, in seconds since the epoch: clients correct their clock
        by the answer's Date header)."""
        now = time.time()
        out: dict[str, list[dict[str, Any]]] = {
            "open": [], "live": [], "abandoned": [], "finished": []
        }
        listed = await self.workers.store(self.store.summaries, 60)
        # The ratings beside the names of rated matches: the rooms' own, the others' at once.
        rated_tables = await self.workers.store(ratings.tables_ratings, self.store.engine, {
            stored.id: (stored.game, stored.seats) for stored in listed
            if stored.rating is not None and stored.id not in self.rooms
        })
        for stored in listed:
            room = self.rooms.get(stored.id)
            seats = room.seats if room is not None else stored.seats
            finished = room.stored.finished if room is not None else stored.finished
            rated = room.rated_seats if room is not None else rated_tables.get(stored.id, {})
            item = {
                "id": stored.id,
                "game": stored.game,
                "title": _title(stored.game),
                "players": [
                    {
                        "seat": i,
                        "kind": s.kind,
                        "level": s.level,
                        "name": s.name,
                        "joined": s.joined or s.kind == "bot",
                        "open": s.open and not s.joined,
                        **rated.get(i, {}),
                    }
                    for i, s in enumerate(seats)
                ],
                "rated": room.stored.rating if room is not None else stored.rating,
                "plies": room.plies if room is not None else None,
                "created": stored.created,
                "moved": stored.moved,  # the database's: the room's copy does not follow it
                "result": room.stored.result if room is not None else stored.result,
                "rematch": room.stored.rematch if room is not None else stored.rematch,
                "warm": lifecycle.warm_settings(stored),
                "research": stored.research,
                "clock": stored.clock.to_json() if stored.clock is not None else None,
            }
            out[lifecycle.state_of(stored, now, self.abandon_after, seats, finished)].append(item)
        return out

    async def drop(self, match_id: str) -> bool:
        """Stop serving a match from memory (an operator changed or deleted it in the
        database): its bots stop, its connections are closed with 1012 ("service restart") and
        reconnect to find it as stored; return whether it was loaded here."""
        room = self.rooms.pop(match_id, None)
        if room is None:
            return False
        await room.stop()  # first: its bots could count it again meanwhile
        await self.bot_games.forget(match_id)
        for client in list(room.clients):
            client.close(RESTART)
        return True

    async def rematch(self, room: Room, client: Client, swap: bool = False) -> str:
        """Offer a rematch of a finished match (or return the one offered already): its id;
        ``swap``: the players take the next seats (two players swap sides).

        Raises:
            RoomError: a spectator asks, the match is not over, or the database refused it.
        """
        if not client.seats:
            raise RoomError("not_seated", "only a player of this game can offer a rematch",
                            msg("core.error.not_seated"))
        async with room.lock:
            if room.outcome is None:
                raise RoomError("not_over", "a rematch can be offered once the game is over",
                                msg("core.error.not_over"))
            if room.stored.rematch is not None:
                return room.stored.rematch
            new = lifecycle.rematch_of(room.stored, *await self.new_match(), swap=swap)
            event = MatchEvent(lifecycle.REMATCH, room.view_seat(client), room.plies, time.time(),
                               data={"id": new.id, "swap": swap})
            fresh = Room(new, self.store, self.bot_delay, self.workers)
            fresh.owner = room.owner  # its games of bots only count for the same address
            try:
                # The way of every new match: held by this worker before it is stored, so that no
                # other worker loads it on its way (and its writes are fenced from the start).
                await self.open(
                    fresh, functools.partial(room.store.create_rematch, new, room.id, event,
                                             room.epoch)
                )
            except Exception as problem:
                log.error("match %s: a rematch could not be stored: %r", room.id, problem)
                raise RoomError(
                    "storage", "the server could not save this; nothing changed, try again"
                ) from None
            room.stored.rematch = new.id
            room.stored.events.append(event)
            room._broadcast()
        await fresh.settle()
        fresh.schedule_bots()
        return new.id

    async def stop(self) -> None:
        """Stop every bot (server shutdown)."""
        for room in list(self.rooms.values()):
            await room.stop()


def _mine(seats: list[Seat], wanted: list[int] | None) -> list[int]:
    """Return the seats to bind to the creator's account: those wanted, else the first human
    seat not left open to anyone (none when every human seat is open).

    Raises:
        MeeplesError: a wanted seat is no human seat of the match.
    """
    if wanted is None:
        return next(([i] for i, s in enumerate(seats) if s.kind == "human" and not s.open), [])
    for index in wanted:
        if index >= len(seats) or seats[index].kind != "human":
            raise meeples.BadOptions(f"seat {index} is no human seat of this game")
    return sorted(set(wanted))


def _time_control(request: CreateRequest, seats: list[Seat]) -> TimeControl | None:
    """Return the time control a request asks for (None: none).

    Raises:
        MeeplesError: a clock for a match with no human seat.
    """
    if request.clock is None:
        return None
    if not any(seat.kind == "human" for seat in seats):
        raise meeples.BadOptions("clocks are for human seats: this game has none")
    return TimeControl(float(request.clock.initial), float(request.clock.increment),
                       request.timeout or "lose")


def known_address(address: str) -> str | None:
    """Return a creator's address as stored (None when unknown: "?", or no client at all)."""
    return None if address in ("?", "") else address[:64]


def _title(name: str) -> str:
    try:
        return meeples.load(name).title
    except MeeplesError:
        return name


__all__ = ["BOT_GAMES_PER_ADDRESS", "BOT_GAMES_TOTAL", "Lobby", "RoomError", "TooMany",
           "describe_games"]
