"""The life of a match around its rules: resigning, rematches, hints allowed or not, a bot
keeping an absent player's seat warm, and when a match counts as abandoned.

None of this is a rule of a game, so the engines know nothing of it: each event is stored in
the ``events`` table beside the actions (:class:`~meeples.server.store.MatchEvent`), its
``ply`` saying how many actions came before it, and the room reads its effects from there:

- **Resign** (a seat held by the connection): with two players the other wins at once; with
  more, the seat is out and ranked last (the first to resign lowest), and since no engine can
  take a seat out of its turn order, a bot plays it out (the level of the match's warm-seat bot,
  else of its bots when they agree, else ``random``); the game ends at once when one player is
  left. :func:`final_outcome` applies the resignations to what the rules say.
- **Warm seat** (an option at creation): a joined human seat with no connection for
  ``warm_after`` seconds is played by a bot of ``warm_level`` until a connection holding it is
  back; both moments are events ("warm", "back") shown in the log.
- **Rematch**: once the match is over, a seated player offers a rematch: a new match with the
  same seats (each human seat keeps its token, so the same people hold it), the same bots and
  options, a new seed; the old match links to it. The rematch of a rated match is rated.
- **Hints**: allowed or not per match; by default off when two or more humans play
  (:func:`default_hints`).
- **Timeout** (a timed match, :mod:`meeples.server.timing`): a seat whose time ran out with
  the timeout "lose" is out as if it had resigned (the same ranking, the same bot playing it
  out; with two players the other wins, the end's message saying why); with "bot", a bot plays
  that turn for it (the event says so; its clock goes on).
- **Abandoned**: an unfinished match idle (no action or event) longer than the server's
  ``--abandon-after`` (:data:`ABANDON_AFTER`) is listed apart in the lobby. An operator may
  end one (``meeples admin abandon``, :mod:`meeples.server.admin`): an "abandon" event, after
  which the match is over with no winner, every player tied.

The room (:mod:`meeples.server.room`) calls in here at a few points; the version of a match
counts its events, so an action sent before one of them is stale.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import meeples
from meeples.core.game import Outcome
from meeples.core.resign import outcome_after_resignations
from meeples.core.text import Message, msg, player
from meeples.server import guard, ratings
from meeples.server.clocks import Clocks
from meeples.server.clocks import new as clocks_new
from meeples.server.errors import RoomError
from meeples.server.store import MatchEvent, Seat, StoredMatch

if TYPE_CHECKING:
    from meeples.server.connection import Client
    from meeples.server.room import Room
    from meeples.server.table import Table

log = logging.getLogger("meeples.server")

RESIGN, WARM, BACK, REMATCH, ABANDON = "resign", "warm", "back", "rematch", "abandon"
#: A seat's time ran out (:mod:`meeples.server.timing`): its ``data["then"]`` says what
#: followed, "lose" (the seat is out, as by resigning) or "bot" (a bot played that turn).
TIMEOUT = "timeout"
#: Seconds without an action or an event after which an unfinished match counts as abandoned.
ABANDON_AFTER = 24 * 3600.0


# --- pure decisions --------------------------------------------------------------------------


def default_hints(seats: Sequence[Seat]) -> bool:
    """Return whether hints are allowed by default: only when at most one human plays (hints
    between people would let one of them play with a bot's help)."""
    return sum(1 for seat in seats if seat.kind == "human") < 2


def hints_allowed(stored: StoredMatch) -> bool:
    """Return whether the players of a match may ask for hints (older matches: yes)."""
    return stored.hints is not False


def is_out(event: MatchEvent) -> bool:
    """Return whether an event takes its seat out of the game: a resignation, or a timeout
    that loses."""
    return event.seat is not None and (
        event.kind == RESIGN or (event.kind == TIMEOUT and event.data.get("then") == "lose"))


def resigned(events: Sequence[MatchEvent]) -> list[int]:
    """Return the seats that are out of the game (resigned, or lost on time), in order."""
    return [e.seat for e in events if is_out(e) and e.seat is not None]


def forfeits(events: Sequence[MatchEvent]) -> tuple[tuple[int, int], ...]:
    """Return the seats out of the game with the number of actions played then, in order: a
    record's resignations (``Match.resigned``; a timeout that loses is one, for
    ``meeples verify``)."""
    return tuple((e.seat, e.ply) for e in events if is_out(e) and e.seat is not None)


def stand_ins(events: Sequence[MatchEvent]) -> dict[int, str]:
    """Return the seats a bot plays for their player, with its level: resigned seats for good,
    and seats kept warm until their player is back."""
    playing: dict[int, str] = {}
    for event in events:
        if event.seat is None:
            continue
        if event.kind == WARM or is_out(event):
            playing[event.seat] = event.level or "random"
        elif event.kind == BACK and event.seat in playing:
            del playing[event.seat]
    for seat in resigned(events):  # a resigned seat is never handed back
        playing.setdefault(seat, "random")
    return playing


def warm_settings(stored: StoredMatch) -> dict[str, Any] | None:
    """Return a match's warm-seat settings as its public data shows them: after how many
    seconds of absence a bot of which level plays a seat (None: no bot keeps seats warm).

    Public, for everyone at the table: a player facing an absent opponent's seat must be able
    to know that a bot may be playing it, and how strong.
    """
    if stored.warm_after is None:
        return None
    return {"after": round(stored.warm_after), "level": stored.warm_level or "random"}


def bot_plays(stored: StoredMatch, seat: int) -> bool:
    """Return whether a bot decides for a seat now: a bot's seat, one played for its player
    (kept warm, resigned, out on time), or one whose time ran out with the timeout "bot"."""
    return (stored.seats[seat].kind == "bot" or seat in stand_ins(stored.events)
            or (stored.clocks is not None and stored.clocks.bot == seat))


def bots_only(stored: StoredMatch) -> bool:
    """Return whether no human moves in a match any more: every seat is a bot's, or played by
    one for its player (kept warm, or resigned). Such a match counts toward the quota of games
    of bots only (:mod:`meeples.server.quota`)."""
    playing = stand_ins(stored.events)
    return all(seat.kind == "bot" or i in playing for i, seat in enumerate(stored.seats))


def playout_level(stored: StoredMatch) -> str:
    """Return the level of the bot that plays out a resigned seat: the match's warm-seat level,
    else its bots' level when they all have the same, else ``random``."""
    if stored.warm_level:
        return stored.warm_level
    levels = {seat.level for seat in stored.seats if seat.kind == "bot"}
    if len(levels) == 1:
        return levels.pop() or "random"
    return "random"


def final_outcome(
    outcome: Outcome | None, players: int, events: Sequence[MatchEvent]
) -> Outcome | None:
    """Return how the match ended once resignations are counted (None: it goes on): see
    :func:`meeples.core.resign.outcome_after_resignations`; stopped by an operator, nobody
    wins."""
    if any(event.kind == ABANDON for event in events):
        return abandoned(players)
    out = [e for e in events if is_out(e)]
    end = outcome_after_resignations(outcome, players, [e.seat for e in out if e.seat is not None])
    if end is not None and players == 2 and out and out[-1].kind == TIMEOUT:
        seat = out[-1].seat or 0  # the match ended on time: the end says so
        return Outcome(end.winners, end.ranking, f"player {seat + 1} ran out of time",
                       msg("core.outcome.timeout", player=player(seat)))
    return end


def abandoned(players: int) -> Outcome:
    """Return the outcome of a match an operator stopped: no winner, every player tied."""
    return Outcome((), (tuple(range(players)),), "stopped by the site's operator",
                   msg("core.outcome.abandoned"))


def event_message(event: MatchEvent) -> Message:
    """Return what the log says of an event."""
    who = player(event.seat) if event.seat is not None else ""
    level = msg(f"core.level.{event.level or 'random'}")
    if event.kind == RESIGN:
        return msg("core.event.resign", player=who, level=level)
    if event.kind == WARM:
        return msg("core.event.warm", player=who, level=level)
    if event.kind == BACK:
        return msg("core.event.back", player=who)
    if event.kind == ABANDON:
        return msg("core.event.abandon")
    if event.kind == TIMEOUT:
        then = "timeout_bot" if event.data.get("then") == "bot" else "timeout"
        return msg(f"core.event.{then}", player=who, level=level)
    if event.data.get("swap"):
        return msg("core.event.rematch_swap", player=who)
    return msg("core.event.rematch", player=who)


def event_entries(events: Sequence[MatchEvent], players: int) -> list[dict[str, Any]]:
    """Return the events as clients show them in the log, after the action ``ply`` - 1.

    A resignation in a two-player match needs no bot: its entry says only who resigned.
    """
    entries = []
    for event in events:
        message = event_message(event)
        if event.kind == RESIGN and players == 2:
            message = msg("core.event.resign_alone", player=player(event.seat or 0))
        elif is_out(event) and players == 2:
            message = msg("core.event.timeout_alone", player=player(event.seat or 0))
        entries.append({"ply": event.ply, "seat": event.seat, "kind": event.kind,
                        "msg": message.to_json(), **({"id": event.data["id"]}
                                                     if event.kind == REMATCH else {})})
    return entries


def is_idle(stored: StoredMatch, now: float, after: float) -> bool:
    """Return whether a match has had no action nor event (nor, if none, its creation) for
    longer than after seconds: unfinished, it is abandoned."""
    last = stored.moved if stored.moved is not None else stored.created
    return now - last > after


def state_of(stored: StoredMatch, now: float, after: float,
             seats: Sequence[Seat] | None = None, finished: bool | None = None) -> str:
    """Return how the lobby lists a match: "finished", "abandoned" (idle for longer than after
    seconds; never a timed match whose clocks run, which they end), "open" (a human seat nobody
    joined yet) or "live"; seats and finished: the room's, when it is loaded (newer than the
    database's)."""
    seats = stored.seats if seats is None else seats
    if stored.finished if finished is None else finished:
        return "finished"
    everyone = all(s.kind != "human" or s.joined for s in seats)
    if (stored.clock is None or not everyone) and is_idle(stored, now, after):
        return "abandoned"
    if any(s.kind == "human" and not s.joined for s in seats):
        return "open"
    return "live"


# --- what a connection is told ---------------------------------------------------------------


def fields(room: Table, client: Client) -> dict[str, Any]:
    """Return the lifecycle fields of a connection's state message."""
    stored = room.stored
    out = resigned(stored.events)
    playing = stand_ins(stored.events)
    mine = [seat for seat in client.seats if seat not in out and stored.seats[seat].kind == "human"]
    offer = next((e for e in reversed(stored.events) if e.kind == REMATCH), None)
    return {
        "events": event_entries(stored.events, stored.players),
        "resigned": out,  # out of the game: resigned, or lost on time (then also in timed_out)
        "timed_out": [e.seat for e in stored.events if e.kind == TIMEOUT and is_out(e)],
        "kept_warm": sorted(seat for seat in playing if seat not in out),
        "warm": warm_settings(stored),
        "hints": hints_allowed(stored),
        "research": stored.research,
        "can_resign": bool(mine) and room.outcome is None,
        "rematch": {"id": stored.rematch, "by": offer.seat if offer else None,
                    "swap": bool(offer and offer.data.get("swap"))}
        if stored.rematch else None,
        "rated": ratings.status(stored.rating, any(e.kind == ABANDON for e in stored.events)),
    }


# --- the room's checks -----------------------------------------------------------------------


def check_act(room: Room, seat: int) -> None:
    """Refuse an action for a seat a bot plays (its player resigned).

    Raises:
        RoomError: the seat resigned or is kept warm by a bot.
    """
    if seat in resigned(room.stored.events):
        if any(e.kind == TIMEOUT and e.seat == seat for e in room.stored.events):
            raise RoomError("timed_out", "your time ran out in this game",
                            msg("core.error.timed_out"))
        raise RoomError("resigned", "you resigned from this game",
                        msg("core.error.resigned"))
    clocks = room.stored.clocks
    if clocks is not None and clocks.bot == seat:
        raise RoomError("bot_turn", "your time ran out: a bot plays this turn for you",
                        msg("core.error.bot_turn"))


def check_hint(room: Room, client: Client) -> None:
    """Refuse a hint in a match without hints, or for a seat a bot plays.

    Raises:
        RoomError: hints are off in this match, or the seat resigned.
    """
    if not hints_allowed(room.stored):
        raise RoomError("hints_off", "hints are switched off in this game",
                        msg("core.error.hints_off"))
    to_move = room.to_move
    if to_move is not None and 0 <= to_move and bot_plays(room.stored, to_move):
        raise RoomError("not_your_turn", "hints are for the player to move")


# --- resign ----------------------------------------------------------------------------------


async def resign(
    room: Room, held: frozenset[int], seat: int | None = None, token: str | None = None
) -> int:
    """Resign a seat, store it, tell everyone; return the seat.

    held: the seats of the connection asking; token: instead, a seat's token (HTTP); seat:
    which of them (None: the one to move if held, else the first).

    Raises:
        RoomError: a wrong token, a spectator or a seat not held, the game is over, the seat
            resigned already, or the database refused it (then nothing changed).
    """
    async with room.lock:
        if token is not None:
            held = room.seats_for([token])  # under the lock: a claim cannot swap it meanwhile
        if seat is None and held:
            seat = room.to_move if room.to_move in held else min(held)
        if seat is None or seat not in held or room.seats[seat].kind != "human":
            raise RoomError("not_seated", "only a player of this game can resign",
                                  msg("core.error.not_seated"))
        if room.outcome is not None:
            raise RoomError("game_over", "the game is over", msg("core.game_over"))
        if seat in resigned(room.stored.events):
            raise RoomError("resigned", "you resigned from this game",
                                  msg("core.error.resigned"))
        event = MatchEvent(RESIGN, seat, room.plies, time.time(), playout_level(room.stored))
        events = [*room.stored.events, event]
        outcome = final_outcome(room.state.outcome, room.stored.players, events)
        result = outcome.to_json() if outcome is not None else None
        await _store_event(room, event, result)
        stop_clock(room, seat)
        log.info("match %s: seat %d resigned", room.id, seat)
        await room.sync_clocks()  # a resigned seat's clock stops
        room._broadcast()
    room.schedule_bots()
    return seat


async def _store_event(room: Room, event: MatchEvent, result: dict[str, Any] | None = None,
                       clocks: Clocks | None = None) -> None:
    """Store an event (with the clocks it changes, if any), then take it into the room (no
    broadcast).

    Raises:
        RoomError: the database refused it; nothing changed.
    """
    try:
        await room.workers.store(room.store.add_event, room.id, event, result, room.epoch,
                                 clocks)
    except Exception as problem:
        log.error("match %s: a %s could not be stored: %r", room.id, event.kind, problem)
        raise RoomError(
            "storage", "the server could not save this; nothing changed, try again"
        ) from None
    room.stored.events.append(event)
    if clocks is not None:
        room.stored.clocks = clocks
    if result is not None:
        room.stored.finished = True
        room.stored.result = result
        await room.rate_end()


# --- warm seats ------------------------------------------------------------------------------


def start_clock(room: Room, seat: int) -> None:
    """Start counting a seat's absence when the match keeps absent seats warm."""
    stored = room.stored
    if (stored.warm_after is None or stored.finished or seat in room.clocks
            or stored.seats[seat].kind != "human" or not stored.seats[seat].joined
            or seat in stand_ins(stored.events)):
        return
    room.clocks[seat] = asyncio.get_running_loop().create_task(
        _keep_warm(room, seat, stored.warm_after)
    )


def stop_clock(room: Room, seat: int) -> None:
    """Stop counting a seat's absence (someone holding it is back)."""
    task = room.clocks.pop(seat, None)
    if task is not None and task is not asyncio.current_task():
        task.cancel()


def start_clocks(room: Room) -> None:
    """Count the absence of every joined human seat nobody holds (a room loaded at start)."""
    for seat in range(len(room.seats)):
        if not room.is_held(seat):
            start_clock(room, seat)


def stop_clocks(room: Room) -> None:
    """Stop every absence clock of a room (server shutdown)."""
    for seat in list(room.clocks):
        stop_clock(room, seat)


async def _keep_warm(room: Room, seat: int, after: float) -> None:
    """After the seat was absent for after seconds, let a bot play it."""
    try:
        await asyncio.sleep(after)
        async with room.lock:
            if room.clocks.get(seat) is not asyncio.current_task():
                return
            room.clocks.pop(seat, None)
            if (room.is_held(seat) or room.outcome is not None
                    or seat in stand_ins(room.stored.events)):
                return
            level = room.stored.warm_level or "random"
            await _store_event(room, MatchEvent(WARM, seat, room.plies, time.time(), level))
            log.info("match %s: a %s bot keeps seat %d warm", room.id, level, seat)
            room._broadcast()
        room.schedule_bots()
    except RoomError:
        pass  # the database refused: the seat simply waits for its player
    except asyncio.CancelledError:
        raise


async def hand_back(room: Room, seats: frozenset[int]) -> bool:
    """Give the seats a bot keeps warm back to their player (a connection holding them joined,
    under the room's lock); return whether any was.

    Raises:
        RoomError: the database refused it; nothing changed.
    """
    for seat in seats:
        stop_clock(room, seat)
    warm = stand_ins(room.stored.events)
    out = resigned(room.stored.events)
    back = sorted(seat for seat in seats if seat in warm and seat not in out)
    for seat in back:
        await _store_event(room, MatchEvent(BACK, seat, room.plies, time.time()))
        log.info("match %s: seat %d is back from its bot", room.id, seat)
    return bool(back)


# --- rematch ---------------------------------------------------------------------------------


def rematch_of(stored: StoredMatch, match_id: str, seed: int, swap: bool = False
                ) -> StoredMatch:
    """Return the new match a rematch of stored starts: the same seats (each human seat keeps
    its token and its account), bots, options and settings, a new id and seed
    (``Lobby.new_match``: a fresh secret one, of 256 bits like any match's; a start position
    dealt again). With ``swap`` each seat's player, token, account and all, takes the next
    seat: two players swap sides."""
    game = meeples.load(stored.game)
    position = None
    if stored.position is not None:
        position = guard.deal_again(game.parse(stored.position))
    seats = [
        Seat(kind=s.kind, level=s.level, name=s.name, token_hash=s.token_hash,
             open=s.open and not s.joined, anytime=s.anytime, account=s.account)
        for s in stored.seats
    ]
    if swap:
        seats = seats[-1:] + seats[:-1]
    return replace(
        StoredMatch(
            id=match_id, game=stored.game, players=stored.players, seed=seed,
            options=stored.options, position=position, seats=seats, created=time.time(),
        ),
        bot_speed=stored.bot_speed, hints=stored.hints, warm_after=stored.warm_after,
        warm_level=stored.warm_level, rules_version=game.rules_version,
        clock=stored.clock,  # the same time control, fresh clocks
        clocks=None if stored.clock is None else clocks_new(
            stored.clock, [s.kind == "human" for s in seats]),
        address=stored.address,  # the same people: ``meeples admin list --address`` finds it
        research=stored.research,  # the same people, who allowed it
        rating=ratings.PENDING if stored.rating is not None else None,  # rated again
        chat=stored.chat,
    )
