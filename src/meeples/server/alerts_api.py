"""The HTTP routes of turn alerts by e-mail (issue 25, point 3; ``docs/accounts.md``).

PUT    /api/me/alerts   {email, turn, low_time[, language]}   the account's address and choice
DELETE /api/me/alerts                                          forget the address
GET    /unsubscribe?t=TOKEN    a page asking to confirm (a link followed changes nothing: mail
                               scanners follow links)
POST   /unsubscribe?t=TOKEN    turn the account's mails off: the page's button, or a mail
                               program's one click (RFC 8058, ``List-Unsubscribe=One-Click``)

The two account routes need a session and come from this site's pages (the CSRF check of
:mod:`meeples.server.account_api`); the unsubscribe link needs no session: its token, signed by
the server (:func:`meeples.server.alerts.account_of_token`), is what it is worth.
"""

from __future__ import annotations

import html
import logging

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from meeples.core.text import LANGUAGES, msg, render
from meeples.server import alerts, guard
from meeples.server.account_api import Refused, _in_db, signed_for_change
from meeples.server.alerts import Alerts, Choice
from meeples.server.mail import BadEmail, checked_email
from meeples.server.protocol import STRICT

log = logging.getLogger("meeples.server")


def routes() -> list[Route]:
    """Return the alert routes, to add to the application's."""
    return [
        Route("/api/me/alerts", set_alerts, methods=["PUT"]),
        Route("/api/me/alerts", forget_alerts, methods=["DELETE"]),
        Route("/unsubscribe", unsubscribe_page, methods=["GET"]),
        Route("/unsubscribe", unsubscribe, methods=["POST"]),
    ]


class AlertsRequest(BaseModel):
    """An account's alert choice: where, and which mails (its language: the page's)."""

    model_config = STRICT
    email: str
    turn: bool
    low_time: bool
    language: str = "en"


def _alerts(request: Request) -> Alerts:
    found: Alerts = request.app.state.alerts
    return found


async def set_alerts(request: Request) -> Response:
    """Store the signed-in account's address and alert choice; answer it as stored."""
    try:
        account = await signed_for_change(request)
        if account is None:
            raise Refused(401, "not_signed_in", "sign in to choose your alerts")
        try:
            body = await guard.read_json(request)
            asked = AlertsRequest.model_validate(body)
        except guard.TooLarge:
            raise Refused(413, "too_large", "the request is too large") from None
        except ValidationError as problem:
            first = problem.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "body"
            raise Refused(400, "malformed", f"{where}: {first['msg']}") from None
        except ValueError:
            raise Refused(400, "malformed", "the request body is not JSON") from None
        if asked.language not in LANGUAGES:
            raise Refused(400, "malformed", f"language is one of {', '.join(LANGUAGES)}")
        try:
            email = checked_email(asked.email)
        except BadEmail as problem:
            raise Refused(400, "bad_email", str(problem)) from None
    except Refused as refused:
        return refused.response
    choice = Choice(email, asked.turn, asked.low_time, asked.language)
    await _in_db(request, alerts.set_choice, _alerts(request).engine, account.account, choice)
    return JSONResponse({"alerts": choice.to_json(), "mail": _alerts(request).sending},
                        headers={"Cache-Control": "no-store"})


async def forget_alerts(request: Request) -> Response:
    """Forget the signed-in account's address (no mail is sent to it any more)."""
    try:
        account = await signed_for_change(request)
        if account is None:
            raise Refused(401, "not_signed_in", "sign in to choose your alerts")
    except Refused as refused:
        return refused.response
    await _in_db(request, alerts.forget_choice, _alerts(request).engine, account.account)
    return JSONResponse({"alerts": None}, headers={"Cache-Control": "no-store"})


def _page(lang: str, title: str, *parts: str, status: int = 200) -> HTMLResponse:
    """Return a small page of this site (its style sheet, no script), its parts already HTML."""
    body = "\n".join(parts)
    return HTMLResponse(
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{html.escape(title)} · Meeples</title>\n'
        '<link rel="stylesheet" href="/static/style.css">\n</head>\n<body>\n'
        f'<main class="card unsubscribe">\n<h1>{html.escape(title)}</h1>\n{body}\n</main>\n'
        "</body>\n</html>\n",
        status_code=status,
        headers={"Cache-Control": "no-store"},
    )


async def _checked(request: Request) -> tuple[str, str, str] | Response:
    """Return the account, name and language of a request's unsubscribe token, or the page
    refusing it (400: forged, altered, or an account deleted since)."""
    token = request.query_params.get("t", "")
    found = alerts.account_of_token(_alerts(request).key, token)
    name = None
    choice = None
    if found is not None:
        name = await _in_db(request, alerts.name_of, _alerts(request).engine, found)
        choice = await _in_db(request, alerts.choice_of, _alerts(request).engine, found)
    lang = choice.language if choice is not None else _language(request)
    if found is None or name is None:
        log.info("a refused unsubscribe link")
        title = render(msg("alerts.unsubscribe.title"), lang)
        return _page(lang, title, f"<p>{html.escape(render(msg('alerts.unsubscribe.bad'), lang))}"
                     "</p>", status=400)
    return found, name, lang


def _language(request: Request) -> str:
    """Return the first of our languages the browser asks for, else English."""
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


async def unsubscribe_page(request: Request) -> Response:
    """Ask to confirm: a button that posts to the same link."""
    found = await _checked(request)
    if isinstance(found, Response):
        return found
    _, name, lang = found
    token = html.escape(request.query_params["t"], quote=True)
    title = render(msg("alerts.unsubscribe.title"), lang)
    return _page(
        lang, title,
        f"<p>{html.escape(render(msg('alerts.unsubscribe.ask', name=name), lang))}</p>",
        f'<form method="post" action="/unsubscribe?t={token}">'
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
        f'<button type="submit" class="primary" id="unsubscribe">'
        f"{html.escape(render(msg('alerts.unsubscribe.button'), lang))}</button></form>",
    )


async def unsubscribe(request: Request) -> Response:
    """Turn the mails of the token's account off; say so."""
    found = await _checked(request)
    if isinstance(found, Response):
        return found
    account, name, lang = found
    await _in_db(request, alerts.stop_mails, _alerts(request).engine, account)
    log.info("account %s unsubscribed from alert mails", account)
    title = render(msg("alerts.unsubscribe.title"), lang)
    done = html.escape(render(msg("alerts.unsubscribe.done", name=name), lang))
    return _page(lang, title, f'<p id="done">{done}</p>',
                 '<p><a href="/#/account">'
                 f"{html.escape(render(msg('alerts.unsubscribe.account'), lang))}</a></p>")
