"""The HTTP routes of player accounts (issue 25, point 1; ``docs/accounts.md``).

POST   /api/accounts   {name, password}   create an account, signed in at once: 201 and a cookie
GET    /api/session                       who is signed in: {"name": ...} or {"name": null}
POST   /api/session    {name, password}   sign in: a new session (and cookie); 401 if wrong
DELETE /api/session    [?everywhere=true] sign out (this session, or every one of the account)
GET    /api/me                            name, matches, ratings, alerts; 401 without a session
DELETE /api/me         {password}         delete the account (its sessions end, seats unbound)

Names and passwords: :mod:`meeples.server.accounts`; the cookie, its lifetime and the checks
against other sites: :mod:`meeples.server.sessions`. Sign-ins and account creations are counted
per address and per name (:mod:`meeples.server.guard`, in Redis among several workers).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import meeples
from meeples.server import accounts, alerts, guard, lifecycle, metrics, ratings, sessions
from meeples.server.accounts import AccountError
from meeples.server.guard import LocalLimits, TooLarge
from meeples.server.protocol import error
from meeples.server.sessions import Signed
from meeples.server.store import DECODING_ERRORS, from_row

log = logging.getLogger("meeples.server")


def routes() -> list[Route]:
    """Return the account routes, to add to the application's."""
    return [
        Route("/api/accounts", create_account, methods=["POST"]),
        Route("/api/session", session_info, methods=["GET"]),
        Route("/api/session", sign_in, methods=["POST"]),
        Route("/api/session", sign_out, methods=["DELETE"]),
        Route("/api/me", me, methods=["GET"]),
        Route("/api/me", delete_account, methods=["DELETE"]),
    ]


class Refused(Exception):
    """A request to answer with an error instead."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.response = _fail(status, code, message)


def _fail(status: int, code: str, message: str) -> JSONResponse:
    metrics.error(code)
    return JSONResponse(error(code, message), status_code=status,
                        headers={"Cache-Control": "no-store"})


def _address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client is not None else "?"


def _engine(connection: HTTPConnection) -> Any:
    return connection.app.state.store.engine


async def _in_db(connection: HTTPConnection, function: Any, *args: Any) -> Any:
    """Run a database function in the server's database threads."""
    return await connection.app.state.lobby.workers.store(function, *args)


async def signed(connection: HTTPConnection) -> Signed | None:
    """Return the account of the session a request or handshake carries, or None (no cookie,
    or a session that ended)."""
    session_id = sessions.cookie_of(connection)
    if session_id is None:
        return None
    found: Signed | None = await _in_db(connection, sessions.look_up, _engine(connection),
                                        session_id)
    return found


async def signed_for_change(request: Request) -> Signed | None:
    """Return the account of a request that changes something (None: a guest's request).

    Raises:
        Refused: the request carries a live session but comes from another site (CSRF).
    """
    account = await signed(request)
    if account is not None and not sessions.same_site(request):
        metrics.refused("cross_site")
        raise Refused(403, "csrf", "a signed-in change must come from this site's own pages")
    return account


async def _credentials(request: Request) -> tuple[Any, Any]:
    """Return the name and password of a request's body (``{"name", "password"}``).

    Raises:
        Refused: another site's page sent it, or the body is no such object.
    """
    if not sessions.same_site(request):
        metrics.refused("cross_site")
        raise Refused(403, "csrf", "sign in and create accounts from this site's own pages")
    try:
        body = await guard.read_json(request)
    except TooLarge:
        raise Refused(413, "too_large", f"the request is over {guard.MAX_BODY} bytes") from None
    except ValueError:
        raise Refused(400, "malformed", "the request body is not JSON") from None
    if not isinstance(body, dict) or set(body) != {"name", "password"}:
        raise Refused(400, "malformed", 'send {"name": "...", "password": "..."}')
    return body["name"], body["password"]


async def _attempt(request: Request, name_key: str | None) -> None:
    """Spend a sign-in attempt of the request's address (and of the name).

    Raises:
        Refused: too many attempts (429).
    """
    limits: LocalLimits = request.app.state.limits
    if not await limits.sign_in(_address(request), name_key):
        metrics.refused("sign_ins")
        raise Refused(429, "too_many", "too many sign-in attempts; wait a minute")


def _signed_in(request: Request, account: accounts.Account, session_id: str,
               status: int = 200) -> Response:
    response = JSONResponse({"name": account.name}, status_code=status,
                            headers={"Cache-Control": "no-store"})
    sessions.set_cookie(response, request, session_id)
    return response


async def create_account(request: Request) -> Response:
    """Create an account and sign it in (201 and the session cookie)."""
    try:
        name, password = await _credentials(request)
        await _attempt(request, None)
        kept, key = accounts.checked_name(name)
        accounts.checked_password(password)
        passwords: accounts.Passwords = request.app.state.passwords
        digest = await passwords.hash(password)
        account = await _in_db(request, accounts.create, _engine(request), kept, key, digest)
        session_id = await _in_db(request, sessions.open_session, _engine(request), account.id,
                                  sessions.cookie_of(request))
    except Refused as refused:
        return refused.response
    except accounts.NameTaken as taken:
        return _fail(409, taken.code, taken.message)
    except AccountError as problem:
        return _fail(400, problem.code, problem.message)
    log.info("account %s created", account.id)
    return _signed_in(request, account, session_id, 201)


async def sign_in(request: Request) -> Response:
    """Sign in: a new session for the account (any session the browser came with ends)."""
    try:
        name, password = await _credentials(request)
        try:
            _, key = accounts.checked_name(name)
        except AccountError:
            key = None
        await _attempt(request, key)
        account = (await _in_db(request, accounts.find, _engine(request), key)
                   if key is not None else None)
        passwords: accounts.Passwords = request.app.state.passwords
        stored = account.password_hash if account is not None else None
        if not isinstance(password, str) or len(password) > accounts.PASSWORD_MAX:
            password = ""  # verified all the same: the answer takes as long as any other
        if not await passwords.verify(stored, password) or account is None:
            raise Refused(401, "bad_password", "wrong name or password")
        if passwords.needs_rehash(account.password_hash or ""):
            await _in_db(request, accounts.set_hash, _engine(request), account.id,
                         await passwords.hash(password))
        session_id = await _in_db(request, sessions.open_session, _engine(request), account.id,
                                  sessions.cookie_of(request))
    except Refused as refused:
        return refused.response
    return _signed_in(request, account, session_id)


async def session_info(request: Request) -> Response:
    """Say who is signed in, 200 either way (a page asks before it asks ``/api/me``, whose 401
    a browser would log as an error at every look of a guest)."""
    account = await signed(request)
    return JSONResponse({"name": account.name if account is not None else None},
                        headers={"Cache-Control": "no-store"})


async def sign_out(request: Request) -> Response:
    """End this session, or with ``?everywhere=true`` every session of the account."""
    everywhere = request.query_params.get("everywhere", "false")
    if everywhere not in ("true", "false"):
        return _fail(400, "malformed", "everywhere is true or false")
    try:
        account = await signed_for_change(request)
    except Refused as refused:
        return refused.response
    ended = 0
    if account is not None:
        if everywhere == "true":
            ended = await _in_db(request, sessions.close_all, _engine(request), account.account)
            await close_connections(request, account.account)
        else:
            await _in_db(request, sessions.close_session, _engine(request), account.session_hash)
            ended = 1
    elif everywhere == "true":
        return _fail(401, "not_signed_in", "sign in first")
    response = JSONResponse({"ended": ended}, headers={"Cache-Control": "no-store"})
    sessions.clear_cookie(response, request)
    return response


async def me(request: Request) -> Response:
    """Describe the signed-in account: its name, its matches, its rating in each game."""
    account = await signed(request)
    if account is None:
        return _fail(401, "not_signed_in", "sign in to see your account")
    found = await _in_db(request, accounts.matches_of, _engine(request), account.account)
    created = await _in_db(request, accounts.get, _engine(request), account.account)
    mails = await _in_db(request, alerts.choice_of, _engine(request), account.account)
    rooms = request.app.state.lobby.rooms
    abandon_after = request.app.state.lobby.abandon_after
    now = time.time()
    listed = []
    for row, seats in found:
        try:
            stored = from_row(row)
        except DECODING_ERRORS:
            continue  # a damaged record: left out, as the lobby leaves it out
        room = rooms.get(stored.id)
        held = room.stored if room is not None else stored
        listed.append({
            "id": stored.id,
            "game": stored.game,
            "title": _title(stored.game),
            "seat": seats[0],
            "seats": seats,
            "players": [
                {"seat": i, "kind": s.kind, "level": s.level, "name": s.name,
                 "joined": s.joined or s.kind == "bot"}
                for i, s in enumerate(held.seats)
            ],
            "state": lifecycle.state_of(stored, now, abandon_after, held.seats, held.finished),
            "result": accounts.seat_result(held.result, seats),
            "outcome": held.result,
            "plies": room.plies if room is not None else None,
            "created": stored.created,
            "moved": max((t for t in (stored.moved, row.last_action) if t is not None),
                         default=None),
            "rematch": held.rematch,
            "rated": held.rating,
        })
    return JSONResponse(
        {
            "name": account.name,
            "created": created.created if created is not None else None,
            "matches": listed,
            "ratings": await _in_db(request, ratings.account_ratings, _engine(request),
                                    account.account),
            # Its e-mail address and alert choice (meeples.server.alerts), and whether this
            # server sends mail at all.
            "alerts": mails.to_json() if mails is not None else None,
            "mail": request.app.state.alerts.sending,
        },
        headers={"Cache-Control": "no-store"},
    )


async def delete_account(request: Request) -> Response:
    """Delete the signed-in account, its password given again (``{"password": ...}``)."""
    try:
        account = await signed_for_change(request)
        if account is None:
            raise Refused(401, "not_signed_in", "sign in to delete your account")
        try:
            body = await guard.read_json(request)
        except TooLarge:
            raise Refused(413, "too_large", "the request is too large") from None
        except ValueError:
            raise Refused(400, "malformed", "the request body is not JSON") from None
        if not isinstance(body, dict) or set(body) != {"password"}:
            raise Refused(400, "malformed", 'send {"password": "..."}')
        await _attempt(request, None)
        stored = await _in_db(request, accounts.get, _engine(request), account.account)
        password = body["password"]
        if not isinstance(password, str) or len(password) > accounts.PASSWORD_MAX:
            password = ""
        passwords: accounts.Passwords = request.app.state.passwords
        if stored is None or not await passwords.verify(stored.password_hash, password):
            raise Refused(401, "bad_password", "wrong password")
    except Refused as refused:
        return refused.response
    unbound = await _in_db(request, accounts.delete_account, _engine(request), account.account)
    forget_account(request.app.state.lobby.rooms, account.account)
    await close_connections(request, account.account)
    log.info("account %s deleted; %d seats unbound", account.account, len(unbound))
    response = JSONResponse({"deleted": account.name, "unbound": len(unbound)},
                            headers={"Cache-Control": "no-store"})
    sessions.clear_cookie(response, request)
    return response


async def close_connections(request: Request, account_id: str) -> None:
    """Close the live connections of an account, here and at every other worker."""
    request.app.state.signed.close(account_id)
    cluster = request.app.state.cluster
    if cluster is not None:
        await cluster.signed_out(account_id)


def forget_account(rooms: dict[str, Any], account_id: str) -> None:
    """Unbind a deleted account's seats in the rooms this worker holds in memory (the others
    hold an id that no session can ever present again)."""
    for room in rooms.values():
        for seat in room.seats:
            if seat.account == account_id:
                seat.account = None


def _title(name: str) -> str:
    try:
        return meeples.load(name).title
    except Exception:  # a game this server no longer has: its name
        return name
