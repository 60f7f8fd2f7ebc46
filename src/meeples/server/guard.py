"""The server's defences: message and body size limits, flood limits, and secrecy of hidden setups.

Everything a client sends is untrusted. The limits here are generous for a person clicking and
small for a program trying to exhaust the server:

- a WebSocket message is at most :data:`MAX_MESSAGE` characters, an HTTP body at most
  :data:`MAX_BODY` bytes (uvicorn is also told to refuse bigger WebSocket frames), a request's
  line and headers at most :data:`meeples.server.heads.MAX_HEAD` bytes (431, and the
  connection closes);
- each address may hold :data:`SOCKETS_PER_ADDRESS` live connections at once;
- each connection may send :data:`MESSAGE_RATE` messages a second (bursts of
  :data:`MESSAGE_BURST`); the moves of each address are paced to :data:`MOVE_RATE` a second
  (bursts of :data:`MOVE_BURST`): a faster move waits its turn (:class:`Pacer`), so one address
  playing as fast as it can takes a bounded share of the server, not the event loop; each
  address may create or claim :data:`CREATE_BURST` games in a row,
  then one every :data:`CREATE_EVERY` seconds, and ask for :data:`REPLAY_BURST` replays in a
  row, then one every :data:`REPLAY_EVERY` seconds;
- sign-ins (and account creations: each costs an argon2 hash) are limited per address, to
  :data:`SIGN_IN_BURST` in a row, then one every :data:`SIGN_IN_EVERY` seconds, and sign-ins
  per account name, to :data:`NAME_SIGN_IN_BURST` in a row, then one every
  :data:`NAME_SIGN_IN_EVERY` seconds, whatever the address: guessing a password online costs
  an attacker a minute a guess, from any number of addresses (the price: an attacker can keep
  one name from signing in for as long as they keep trying; the name's seats still open with
  their tokens).

Secrecy: in a game with chance nodes (Meeple War), nothing in a state is secret: the position
text is public, and every outcome is drawn by the match's dealer from a secret seed whose
commitment is published (``meeples.core.chance``). Whoever chose the seed would know the draws,
and the bots' randomness follows from the same secret (``Dealer.secret``), so whoever chose it
could compute a bot's replies even in a game without chance (Sparta): the server never lets a
player choose the seed of any game (:func:`check_seed`). A start position is kept as written,
chance after it coming from the secret seed.

The optional hook for a game with hidden information inside its state (the order of a shuffled
deck, a generator state, a player's own cards): whoever knows the seed or the position text knows
the future. So the server never lets a player choose the seed of such a game, and a game started
from a position text is dealt again: the public part of the position is kept, the hidden part is
shuffled by the server with a secret seed (the game's own ``sample_state``). Both are declared
in the game's capabilities (``hidden_information``, ``sample_state``). No game of ours uses the
hook today; tests/hidden_cards.py is a toy game that does, registered in the tests. A game that
declares nothing hidden may start from any position.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from meeples.core.errors import BadOptions
from meeples.core.game import Game, State
from meeples.core.text import msg

MAX_MESSAGE = 4096
MAX_BODY = 16384
MAX_FRAME = 65536
MESSAGE_RATE = 20.0
MESSAGE_BURST = 60.0
CREATE_EVERY = 2.0
CREATE_BURST = 20.0
SOCKETS_PER_ADDRESS = 64
REPLAY_EVERY = 1.0
REPLAY_BURST = 20.0
#: Moves (and undos) a second each address may play, sustained and in a burst. Far above what
#: people play (the load suite's 20 games of one address play 20 a second); at ~2 ms a move,
#: 40 a second is 8% of a core. Measured: see docs/reliability.md, move-flood.
MOVE_RATE = 40.0
MOVE_BURST = 40.0
SIGN_IN_EVERY = 6.0
SIGN_IN_BURST = 10.0
NAME_SIGN_IN_EVERY = 60.0
NAME_SIGN_IN_BURST = 10.0


class Bucket:
    """A token bucket: ``take()`` is true while the caller stays within its rate."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.level = burst
        self.last = clock()

    def take(self) -> bool:
        """Spend one token; return False (and spend nothing) when none is left."""
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class Buckets:
    """One bucket per key (a client address), forgetting the oldest beyond ``size`` keys."""

    def __init__(self, rate: float, burst: float, size: int = 4096) -> None:
        self.rate = rate
        self.burst = burst
        self.size = size
        self.buckets: dict[str, Bucket] = {}

    def take(self, key: str) -> bool:
        """Spend one token of key's bucket."""
        bucket = self.buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self.buckets[key] = bucket  # most recent last
        while len(self.buckets) > self.size:
            del self.buckets[next(iter(self.buckets))]
        return bucket.take()


class Pacer:
    """Paces what each key (a client address) asks: up to ``burst`` at once, then ``rate`` a
    second; a request beyond is not refused but waits until its turn.

    A token bucket that may go into debt: each request takes a token and sleeps for what it
    owes, so the requests of one key start at most ``rate`` a second, in their order, while
    other keys never wait for them. ``waited`` counts the requests that had to wait.
    """

    def __init__(
        self,
        rate: float,
        burst: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        size: int = 4096,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.sleep = sleep
        self.size = size
        self.levels: dict[str, tuple[float, float]] = {}  # key: (tokens, when counted)
        self.waited = 0

    def owed(self, key: str) -> float:
        """Take one token of key's bucket; return the seconds to wait before going on."""
        now = self.clock()
        level, last = self.levels.pop(key, (self.burst, now))
        level = min(self.burst, level + (now - last) * self.rate) - 1.0
        self.levels[key] = (level, now)  # most recent last
        while len(self.levels) > self.size:
            del self.levels[next(iter(self.levels))]
        return -level / self.rate if level < 0 else 0.0

    async def wait(self, key: str) -> None:
        """Return when key's next request may go on."""
        delay = self.owed(key)
        if delay > 0:
            self.waited += 1
            await self.sleep(delay)


#: Headers on every HTTP answer: the client's own scripts only (a name typed by another player
#: can never run as code), no framing (no clickjacking of a game), no referrer, no sniffing.
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        b"form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in SECURITY_HEADERS}
                headers = [h for h in message.get("headers", []) if h[0].lower() not in names]
                message = {**message, "headers": headers + SECURITY_HEADERS}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Counter:
    """Live connections per key (a client address), each key up to ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        """Count one more connection of key; False (nothing counted) when at the limit."""
        if self.open.get(key, 0) >= self.limit:
            return False
        self.open[key] = self.open.get(key, 0) + 1
        return True

    def leave(self, key: str) -> None:
        """Count one connection of key fewer."""
        left = self.open.get(key, 0) - 1
        if left > 0:
            self.open[key] = left
        else:
            self.open.pop(key, None)


def hides(game: Game[Any, Any]) -> bool:
    """Return whether a game has hidden information (declared: ``Capabilities``)."""
    return game.capabilities.hidden_information


def has_chance(game: Game[Any, Any]) -> bool:
    """Return whether a game has chance nodes (declared: ``Capabilities.chance``)."""
    return game.capabilities.chance


def check_seed(game: Game[Any, Any], seed: int | None) -> None:
    """Refuse a seed chosen by the client, for every game: the match's seed is the server's
    secret, from which its chance, its hidden parts and its bots' randomness follow (issue 28:
    Sparta took one, and its bots' moves followed from it and public data).

    Raises:
        BadOptions: a seed was given.
    """
    if seed is not None:
        raise BadOptions(msg("core.error.seed_chosen"))


def deal_again(start: State[Any, Any]) -> str:
    """Return the position text to start from: the hidden part shuffled again in secret.

    Raises:
        BadOptions: the game hides information and cannot deal its hidden part again.
    """
    if not hides(start.game):
        return start.position()
    sampler = start.game.capabilities.sample_state
    if sampler is None:
        raise BadOptions(
            f"{start.game.title} has hidden information and cannot start from a position"
        )
    sampled = sampler(start.view(None), secrets.randbits(62))
    inner = getattr(sampled, "inner", sampled)
    return start.game.wrap(inner).position()


__all__ = [
    "MAX_BODY",
    "MAX_MESSAGE",
    "Bucket",
    "Buckets",
    "Pacer",
    "check_seed",
    "deal_again",
    "has_chance",
    "hides",
]


class TooLarge(Exception):
    """A request body beyond :data:`MAX_BODY`."""


async def read_json(request: Any) -> Any:
    """Return the decoded JSON body of a request, read no further than :data:`MAX_BODY` bytes.

    Raises:
        TooLarge: the body is too big.
        ValueError: the body is not JSON (or nested absurdly deep).
    """
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks))
    except (ValueError, RecursionError) as problem:
        raise ValueError("the request body is not JSON") from problem


#: Sign-ins each address may try, and each account name may be tried with, per second and in a
#: burst (see the module).
SIGN_IN_RATE = (1 / SIGN_IN_EVERY, SIGN_IN_BURST)
NAME_SIGN_IN_RATE = (1 / NAME_SIGN_IN_EVERY, NAME_SIGN_IN_BURST)


class LocalLimits:
    """The per-address limits of one process, counted in its memory."""

    def __init__(
        self, sockets_per_address: int, create_rate: tuple[float, float],
        sign_in_rate: tuple[float, float] = SIGN_IN_RATE,
        name_sign_in_rate: tuple[float, float] = NAME_SIGN_IN_RATE,
    ) -> None:
        self.sockets = Counter(sockets_per_address)
        self.creations = Buckets(*create_rate)
        self.sign_in_rate = sign_in_rate
        self.name_sign_in_rate = name_sign_in_rate
        self.sign_ins = Buckets(*sign_in_rate)
        self.name_sign_ins = Buckets(*name_sign_in_rate)

    async def enter(self, address: str) -> bool:
        """Count one more connection of address; False (nothing counted) at the limit."""
        return self.sockets.enter(address)

    async def leave(self, address: str) -> None:
        """Count one connection of address fewer."""
        self.sockets.leave(address)

    async def create(self, address: str) -> bool:
        """Spend one of address's creations (or claims); False when it has none left."""
        return self.creations.take(address)

    async def sign_in(self, address: str, name_key: str | None) -> bool:
        """Spend one of address's sign-in attempts (an account creation counts as one) and,
        with a name, one of the name's; False when either has none left."""
        if not self.sign_ins.take(address):
            return False
        return name_key is None or self.name_sign_ins.take(name_key)
