"""Health for load balancers and orchestrators: ``GET /healthz`` and ``GET /readyz``.

``/healthz`` says the process answers (its event loop turns): 200 ``{"status": "ok"}``, never
anything else; a balancer that gets no answer restarts or skips the process.

``/readyz`` says whether this process can serve games now: the database answers within
:data:`TIMEOUT` seconds and is at the schema revision this Meeples needs (an operator may have
restored an older backup under it), and, among several workers, Redis answers too. 200 with
``{"status": "ready", ...}``, else 503 with ``{"status": "unready", ...}`` and each check's
finding, so a balancer sends players elsewhere until it is back.

Meanwhile any request that needs the part that is away (the database restarting, Redis among
workers) is answered 503 ``storage`` with ``Retry-After``, and logged in one line
(:func:`away`): the part's failure is no failure of the server's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from sqlalchemy import exc, text
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from meeples.server import schema

#: Seconds each check may take before it counts as failed.
TIMEOUT = 2.0
#: Seconds a client is asked to wait before it tries again while a part is away.
RETRY_AFTER = 2
#: What the database's driver raises when it cannot be reached (a lost or refused connection,
#: a pool waiting past its timeout), as opposed to a query refused for its own sake.
DATABASE_AWAY: tuple[type[Exception], ...] = (
    exc.OperationalError, exc.InterfaceError, exc.TimeoutError,
)

log = logging.getLogger("meeples.server")


def away_kinds() -> dict[type[Exception], str]:
    """Return the failures of a part the server relies on being away, with the part's name:
    the database, and Redis among workers (when its client is installed)."""
    kinds: dict[type[Exception], str] = dict.fromkeys(DATABASE_AWAY, "the database")
    with contextlib.suppress(ImportError):
        from redis.exceptions import RedisError

        kinds[RedisError] = "Redis"
    return kinds


async def away(connection: Request | WebSocket, problem: Exception) -> Response | None:
    """Answer a request that needs a part that is away: 503 ``storage`` with ``Retry-After``
    (a WebSocket is closed with 1011, its client reconnects); one line in the log, no
    traceback."""
    part = next((name for kind, name in away_kinds().items() if isinstance(problem, kind)),
                "a part")
    log.error("%s %s: %s is away: %s", getattr(connection, "method", "WS"),
              connection.url.path, part, _first_line(problem))
    if isinstance(connection, WebSocket):
        with contextlib.suppress(Exception):
            await connection.close(code=1011)
        return None
    body = {"type": "error", "code": "storage",
            "message": "the server cannot reach its storage now; nothing changed, try again"}
    from meeples.server import metrics

    metrics.error("storage")
    return Response(json.dumps(body), status_code=503, media_type="application/json",
                    headers={"Retry-After": str(RETRY_AFTER)})


async def healthz(request: Request) -> Response:
    """Answer that the process is alive."""
    return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})


async def readyz(request: Request) -> Response:
    """Answer whether the database (and Redis, among workers) can serve games now."""
    state = request.app.state
    checks: dict[str, str] = {}
    ready = True
    store = getattr(state, "store", None)
    lobby = getattr(state, "lobby", None)
    if store is None or lobby is None:
        checks["database"] = "not open yet"
        ready = False
    else:
        try:
            revision = await asyncio.wait_for(lobby.workers.store(_revision, store), TIMEOUT)
        except TimeoutError:
            checks["database"] = f"no answer within {TIMEOUT:g} s"
            ready = False
        except Exception as problem:
            checks["database"] = _first_line(problem)
            ready = False
        else:
            checks["database"] = "ok"
            checks["schema"] = revision or "none"
            if revision != schema.head():
                checks["database"] = f"schema at {revision or 'no revision'}, not {schema.head()}"
                ready = False
    cluster = getattr(state, "cluster", None)
    if cluster is not None:
        try:
            await asyncio.wait_for(cluster.redis.ping(), TIMEOUT)
            checks["redis"] = "ok"
        except TimeoutError:
            checks["redis"] = f"no answer within {TIMEOUT:g} s"
            ready = False
        except Exception as problem:
            checks["redis"] = _first_line(problem)
            ready = False
    body: dict[str, Any] = {"status": "ready" if ready else "unready", **checks}
    return JSONResponse(body, status_code=200 if ready else 503,
                        headers={"Cache-Control": "no-store"})


def _revision(store: Any) -> str | None:
    """Return the database's schema revision (one query: the process checked the rest at
    start)."""
    with store.engine.connect() as conn:
        found = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return None if found is None else str(found)


def _first_line(problem: BaseException) -> str:
    text_ = str(getattr(problem, "orig", None) or problem).strip()
    return text_.splitlines()[0][:200] if text_ else type(problem).__name__
