"""The HTTP route of the leaderboards (issue 25, point 4; ``docs/accounts.md``).

GET /api/ratings/{game}[?offset=0&limit=50]   a game's leaderboard: names and ratings only

Public: it shows what the tables of rated games show anyway (account names and ratings), and
nothing else of an account. The ratings themselves: :mod:`meeples.server.ratings`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import meeples
from meeples.server import metrics, ratings
from meeples.server.protocol import error

#: Rows of a page when the request does not say.
PAGE = 50


def routes() -> list[Route]:
    """Return the leaderboard route, to add to the application's."""
    return [Route("/api/ratings/{game}", leaderboard, methods=["GET"])]


def _fail(status: int, code: str, message: str) -> JSONResponse:
    metrics.error(code)
    return JSONResponse(error(code, message), status_code=status)


def _number(request: Request, name: str, default: int, most: int) -> int:
    """Return a whole-number query parameter between 0 and most.

    Raises:
        ValueError: not a whole number in range.
    """
    text = request.query_params.get(name)
    if text is None:
        return default
    if not text.isdigit() or len(text) > 9 or int(text) > most:
        raise ValueError(f"{name} is a whole number from 0 to {most}")
    return int(text)


async def leaderboard(request: Request) -> Response:
    """Answer a page of a game's leaderboard, best first, with the bot levels beside."""
    game = request.path_params["game"]
    if game not in meeples.game_names():
        return _fail(404, "unknown_game", "there is no such game")
    try:
        offset = _number(request, "offset", 0, 10**9)
        limit = _number(request, "limit", PAGE, ratings.PAGE_MAX)
    except ValueError as problem:
        return _fail(400, "malformed", str(problem))
    answer = await request.app.state.lobby.workers.store(
        ratings.leaderboard, request.app.state.store.engine, game, offset, max(limit, 1))
    answer["title"] = meeples.load(game).title
    return JSONResponse(answer, headers={"Cache-Control": "no-cache"})
