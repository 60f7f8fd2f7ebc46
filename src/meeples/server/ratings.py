"""Ratings (issue 25, point 4): rated matches, each account's rating per game, the leaderboard.

- **The model**: OpenSkill's Plackett-Luce (:data:`MODEL`, its defaults: mu 25, sigma 25/3,
  beta 25/6), a multiplayer model: each finished rated match updates the rating of every
  account at its table once, over the match's final ranking (ties as ties; a resigned seat,
  or one that ran out of time, ranks last, as the outcome ranks it).
- **What people read** (:func:`shown`): mu scaled, ``1500 + 30 × (mu − 25)``, rounded: a new
  player reads 1500, and 400 points apart read about as Elo's do (ten to one at two players
  once both ratings have settled). With it: the number of rated games, "provisional" while
  fewer than :data:`PROVISIONAL_GAMES`, and the nearest bot level ("about normal").
- **Bots** carry fixed ratings per game and level, fitted from arena games between the levels
  (``scripts/bot_ratings.py``, ``meeples/ai/data/ratings.json``): a human against bots is
  rated against the bot's rating, which never changes.
- **Who may play a rated match** (:func:`check_create`, :func:`check_take_up`): every human
  seat bound to its own account (one account, one seat), no bot keeping an absent seat warm,
  no tutorial, no chosen start position. A guest cannot claim or take up an unbound seat of a
  rated match.
- **Exactly once** (:func:`rate`): in one transaction, the match's ``rating`` goes from
  "pending" to "applied" (a conditional update: whoever comes second changes nothing), each
  account's rating is updated and its change stored with the key (match, account). Two
  workers, or a restart between the end and its rating (:func:`rate_pending` at start), rate
  a match once. A match that ends with a human seat unbound, or that the operator stopped,
  is "void": nothing is rated.

Everything touching the database here is synchronous; the server calls it in its database
threads (``Workers.store``).
"""

from __future__ import annotations

import functools
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from meeples.core.errors import MeeplesError
from meeples.core.text import Message, msg
from meeples.server.errors import RoomError
from meeples.server.store import Seat
from meeples.server.tables import (
    accounts,
    events,
    matches,
    rating_changes,
    ratings,
    seat_accounts,
)

log = logging.getLogger("meeples.server")

MODEL = PlackettLuce()
#: What a new player reads, and the points per unit of mu.
BASE, SCALE = 1500, 30
#: Rated games below which a rating is shown as provisional.
PROVISIONAL_GAMES = 5
#: The states of a rated match (``matches.rating``).
PENDING, APPLIED, VOID = "pending", "applied", "void"
#: Rows of the leaderboard per page, at most.
PAGE_MAX = 100
#: The bots' fixed ratings, made by ``scripts/bot_ratings.py``.
BOT_RATINGS = Path(__file__).resolve().parent.parent / "ai" / "data" / "ratings.json"


class NotRateable(MeeplesError):
    """A match that cannot be rated as asked (its message says why)."""

    code = "not_rateable"


@dataclass(frozen=True)
class Rating:
    """An account's (or a bot level's) rating in one game."""

    mu: float
    sigma: float
    games: int = 0


NEW = Rating(MODEL.mu, MODEL.sigma)


def shown(mu: float) -> int:
    """Return the rating people read for a mu (see the module)."""
    return round(BASE + SCALE * (mu - MODEL.mu))


@functools.cache
def bot_ratings() -> dict[str, dict[str, Rating]]:
    """Return the bots' fixed ratings, per game and level (none: the data file is missing)."""
    try:
        data = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        log.warning("no bot ratings in %s: bots are rated as new players", BOT_RATINGS)
        return {}
    return {
        game: {level: Rating(float(r["mu"]), float(r["sigma"]), int(r.get("games", 0)))
               for level, r in levels.items()}
        for game, levels in data["games"].items()
    }


def bot_rating(game: str, level: str | None) -> Rating:
    """Return a bot level's fixed rating in a game (a level not fitted: a new player's)."""
    return bot_ratings().get(game, {}).get(level or "random", NEW)


def nearest_level(game: str, mu: float) -> str | None:
    """Return the bot level whose rating is nearest to mu (None: no bot is rated)."""
    levels = bot_ratings().get(game, {})
    if not levels:
        return None
    return min(levels, key=lambda level: abs(levels[level].mu - mu))


def entry(game: str, rating: Rating) -> dict[str, Any]:
    """Return a rating as clients show it: the number, rated games, provisional, about."""
    return {
        "rating": shown(rating.mu),
        "games": rating.games,
        "provisional": rating.games < PROVISIONAL_GAMES,
        "about": nearest_level(game, rating.mu),
    }


def bot_entry(game: str, level: str | None) -> dict[str, Any]:
    """Return a bot level's fixed rating as clients show it."""
    rating = bot_rating(game, level)
    return {"rating": shown(rating.mu), "games": rating.games, "provisional": False,
            "about": level or "random", "bot": True}


# --- who may play a rated match --------------------------------------------------------------


def check_create(rated: bool, *, account: str | None, warm: bool, tutorial: bool,
                 position: bool, seats: Sequence[Seat], mine: Sequence[int]) -> None:
    """Check a rated match's creation.

    Raises:
        NotRateable: warm seats, a tutorial, a chosen position, no human seat, or one account
            holding several seats.
    """
    if not rated:
        return
    if account is None:
        raise NotRateable(msg("core.rated.refused.account"))
    if warm:
        raise NotRateable(msg("core.rated.refused.warm"))
    if tutorial:
        raise NotRateable(msg("core.rated.refused.tutorial"))
    if position:
        raise NotRateable(msg("core.rated.refused.position"))
    if not any(seat.kind == "human" for seat in seats):
        raise NotRateable(msg("core.rated.refused.no_human"))
    if len(mine) > 1:
        raise NotRateable(msg("core.rated.refused.hotseat"))


def check_take_up(seats: Sequence[Seat], opened: frozenset[int], account: str | None) -> None:
    """Check that a connection may take up the seats its tokens open in a rated match: an
    unbound human seat needs an account, and one that holds no other seat of the match.

    Raises:
        RoomError: a guest, or an account seated already.
    """
    unbound = [i for i in opened if seats[i].kind == "human" and seats[i].account is None]
    if not unbound:
        return
    if account is None:
        raise RoomError("account_needed", "sign in to play a rated game",
                        msg("core.rated.account_needed"))
    held = sum(1 for seat in seats if seat.account == account)
    if held + len(unbound) > 1:
        raise RoomError("one_seat_each", "an account plays one seat of a rated game",
                        msg("core.rated.one_seat_each"))


def check_claim(seats: Sequence[Seat], account: str | None) -> None:
    """Check that a connection may claim an open seat of a rated match.

    Raises:
        RoomError: a guest, or an account seated already.
    """
    if account is None:
        raise RoomError("account_needed", "sign in to play a rated game",
                        msg("core.rated.account_needed"))
    if any(seat.account == account for seat in seats):
        raise RoomError("one_seat_each", "an account plays one seat of a rated game",
                        msg("core.rated.one_seat_each"))


# --- the end: rating a match, once ------------------------------------------------------------


def ranks(ranking: Sequence[Sequence[int]], players: int) -> list[float]:
    """Return each seat's rank (1 best; tied seats share one; a seat ranked nowhere, last)."""
    found = {seat: place for place, group in enumerate(ranking, 1) for seat in group}
    return [float(found.get(seat, len(ranking) + 1)) for seat in range(players)]


def rate(engine: Engine, match_id: str) -> str | None:
    """Rate a finished rated match, once; return its rating state after (None: not rated).

    Safe to call any number of times, from any worker: only the call that moves the match
    from "pending" changes anything, and it changes everything in one transaction.
    """
    for attempt in range(3):
        try:
            with engine.begin() as conn:
                return _rate(conn, match_id)
        except IntegrityError:  # a first rating of an account inserted meanwhile: again
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _rate(conn: Connection, match_id: str) -> str | None:
    row = conn.execute(
        select(matches.c.game, matches.c.players, matches.c.seats, matches.c.finished,
               matches.c.result, matches.c.rating).where(matches.c.id == match_id)
    ).first()
    if row is None or row.rating != PENDING or not row.finished or not row.result:
        return None if row is None else row.rating
    seats = [Seat.from_json(s) for s in json.loads(row.seats)]
    bound = dict(conn.execute(
        select(seat_accounts.c.seat, seat_accounts.c.account_id)
        .select_from(seat_accounts.join(accounts, accounts.c.id == seat_accounts.c.account_id))
        .where(seat_accounts.c.match_id == match_id)
    ).all())
    humans = [i for i, seat in enumerate(seats) if seat.kind == "human"]
    stopped = conn.execute(
        select(func.count()).where(events.c.match_id == match_id, events.c.kind == "abandon")
    ).scalar()
    complete = all(i in bound for i in humans) and len({bound[i] for i in humans}) == len(humans)
    state = APPLIED if complete and not stopped else VOID
    claimed = conn.execute(
        update(matches).where(matches.c.id == match_id, matches.c.rating == PENDING)
        .values(rating=state)
    ).rowcount
    if claimed != 1:  # another worker rated it meanwhile
        found: str | None = conn.execute(
            select(matches.c.rating).where(matches.c.id == match_id)).scalar()
        return found
    if state == VOID:
        return state
    game = str(row.game)
    accounts_at = {bound[i]: i for i in humans}
    held = {
        r.account_id: Rating(float(r.mu), float(r.sigma), int(r.games))
        for r in conn.execute(
            select(ratings).where(ratings.c.game == game,
                                  ratings.c.account_id.in_(list(accounts_at)))
            .with_for_update()
        )
    }
    before = [held.get(bound[i], NEW) if seat.kind == "human" else bot_rating(game, seat.level)
              for i, seat in enumerate(seats)]
    result = json.loads(row.result)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=ranks(result["ranking"], len(seats)))
    now = time.time()
    for account, seat in accounts_at.items():
        old, new = before[seat], after[seat][0]
        values = {"mu": new.mu, "sigma": new.sigma, "games": old.games + 1, "updated": now}
        if account in held:
            conn.execute(update(ratings).where(ratings.c.account_id == account,
                                               ratings.c.game == game).values(**values))
        else:
            conn.execute(insert(ratings).values(account_id=account, game=game, **values))
        conn.execute(insert(rating_changes).values(
            match_id=match_id, account_id=account, game=game, seat=seat, mu_before=old.mu,
            sigma_before=old.sigma, mu_after=new.mu, sigma_after=new.sigma, at=now,
        ))
    log.info("match %s rated: %d accounts", match_id, len(accounts_at))
    return APPLIED


def rate_pending(engine: Engine) -> int:
    """Rate every finished match whose rating is still pending (a server stopped between a
    match's end and its rating); return how many were rated."""
    with engine.connect() as conn:
        waiting = list(conn.execute(
            select(matches.c.id).where(matches.c.rating == PENDING, matches.c.finished)
        ).scalars())
    return sum(1 for match_id in waiting if rate(engine, match_id) is not None)


# --- what is shown ----------------------------------------------------------------------------


def table_ratings(engine: Engine, match_id: str, game: str, seats: Sequence[Seat]
                  ) -> dict[int, dict[str, Any]]:
    """Return what a rated match's players list shows of each seat: a bound seat, its
    account's name and rating (and, once rated, the change); a bot, its level's rating."""
    return tables_ratings(engine, {match_id: (game, seats)})[match_id]


def tables_ratings(engine: Engine, tables: dict[str, tuple[str, Sequence[Seat]]]
                   ) -> dict[str, dict[int, dict[str, Any]]]:
    """Return :func:`table_ratings` for several rated matches (match id: its game and seats)
    at once, in one query (the lobby lists many)."""
    found: dict[str, dict[int, dict[str, Any]]] = {
        match_id: {i: {"rating": bot_entry(game, seat.level)}
                   for i, seat in enumerate(seats) if seat.kind == "bot"}
        for match_id, (game, seats) in tables.items()
    }
    if not tables:
        return found
    with engine.connect() as conn:
        rows = conn.execute(
            select(seat_accounts.c.match_id, seat_accounts.c.seat, accounts.c.name,
                   matches.c.game, ratings.c.mu, ratings.c.sigma, ratings.c.games,
                   rating_changes.c.mu_before, rating_changes.c.mu_after)
            .select_from(
                seat_accounts.join(matches, matches.c.id == seat_accounts.c.match_id)
                .join(accounts, accounts.c.id == seat_accounts.c.account_id)
                .outerjoin(ratings, and_(ratings.c.account_id == accounts.c.id,
                                         ratings.c.game == matches.c.game))
                .outerjoin(rating_changes, and_(
                    rating_changes.c.account_id == accounts.c.id,
                    rating_changes.c.match_id == seat_accounts.c.match_id))
            )
            .where(seat_accounts.c.match_id.in_(list(tables)))
        ).all()
    for row in rows:
        rating = NEW if row.mu is None else Rating(row.mu, row.sigma, row.games)
        item: dict[str, Any] = {"account": row.name, "rating": entry(str(row.game), rating)}
        if row.mu_before is not None:
            item["rating"]["change"] = shown(row.mu_after) - shown(row.mu_before)
        found[str(row.match_id)][int(row.seat)] = item
    return found


def status(state: str | None, stopped: bool) -> dict[str, Any] | None:
    """Return a match's ``rated`` field: its rating state and what to say of it (None: an
    unrated match)."""
    if state is None:
        return None
    message: Message = msg(f"core.rated.{state}")
    if state == VOID:
        message = msg("core.rated.void_stopped" if stopped else "core.rated.void_unbound")
    return {"state": state, "msg": message.to_json()}


def account_ratings(engine: Engine, account_id: str) -> dict[str, dict[str, Any]]:
    """Return an account's rating in each game it played rated (``GET /api/me``)."""
    with engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.account_id == account_id)).all()
    return {str(r.game): entry(str(r.game), Rating(r.mu, r.sigma, r.games)) for r in rows}


def leaderboard(engine: Engine, game: str, offset: int, limit: int) -> dict[str, Any]:
    """Return a page of a game's leaderboard (names and ratings only), best first, with the
    bot levels as reference rows."""
    with engine.connect() as conn:
        total = int(conn.execute(
            select(func.count()).select_from(ratings).where(ratings.c.game == game)
        ).scalar() or 0)
        rows = conn.execute(
            select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .select_from(ratings.join(accounts, accounts.c.id == ratings.c.account_id))
            .where(ratings.c.game == game)
            .order_by(ratings.c.mu.desc(), ratings.c.games.desc(), accounts.c.name_key)
            .offset(offset).limit(limit)
        ).all()
    return {
        "game": game,
        "total": total,
        "offset": offset,
        "limit": limit,
        "players": [
            {"rank": offset + n, "name": r.name, **entry(game, Rating(r.mu, r.sigma, r.games))}
            for n, r in enumerate(rows, 1)
        ],
        "bots": sorted(
            ({"level": level, **bot_entry(game, level)} for level in bot_ratings().get(game, {})),
            key=lambda bot: -int(bot["rating"]),
        ),
    }
