"""Fuzzed messages: random, mutated and hostile WebSocket frames and HTTP requests, seeded.

None of them may change a game: each is checked before it is sent, and one that could be a
legal move by the seat to move (a valid ``act`` naming a legal action at the current version)
is drawn again. Every kind is what a broken or hostile client could send: bytes, text that is
not JSON or not UTF-8, valid messages with characters changed, fields of the wrong type,
unknown fields, illegal or stale moves, deep nesting, lone surrogates, oversized messages.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from meeples.core.registry import game_names
from meeples.loadtest.players import GAME


@dataclass(frozen=True)
class Frame:
    """One fuzzed WebSocket frame: text (str), bytes sent as a text frame that is not UTF-8
    (``bad-utf8``), or a binary frame."""

    kind: str  # "text", "bad-utf8" or "binary"
    data: str | bytes
    fault: str  # which generator made it


@dataclass
class Game:
    """What the fuzzer knows of the game it attacks: the version and the legal actions."""

    version: int
    legal: list[str]
    token: str
    other_token: str


WEIRD: list[Any] = [
    None, True, False, 0, -1, 1, 2**31, 2**63, -(2**63), 1e308, -0.0, 0.5, "", " ", "0", "1",
    "null", "true", [], {}, [0], {"a": 1}, "\u0000", "\ud800", "\U0001f600" * 3, "x" * 200,
]


def _valid(rng: random.Random, game: Game) -> dict[str, Any]:
    """Return a valid message to start a mutation from."""
    choice = rng.randrange(5)
    if choice == 0:
        return {"type": "hello", "tokens": [game.token]}
    if choice == 1:
        return {"type": "ping"}
    action = rng.choice(game.legal) if game.legal else "b2-b4"
    return {"type": "act", "action": action, "version": game.version}


def random_bytes(rng: random.Random, game: Game) -> Frame:
    """A binary frame of random bytes."""
    return Frame("binary", rng.randbytes(rng.randint(0, 300)), "random_bytes")


def random_text(rng: random.Random, game: Game) -> Frame:
    """Printable or unusual characters, rarely JSON."""
    alphabet = string.printable + "{}[]\":,\u00e9\u4e2d\u0000\u200b\U0001f600"
    return Frame("text", "".join(rng.choices(alphabet, k=rng.randint(0, 200))), "random_text")


def bad_utf8(rng: random.Random, game: Game) -> Frame:
    """A text frame whose bytes are not UTF-8 (the server closes the connection: 1007)."""
    body = json.dumps(_valid(rng, game)).encode()
    cut = rng.randrange(len(body) + 1)
    return Frame("bad-utf8", body[:cut] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"]) +
                 body[cut:], "bad_utf8")


def mutated(rng: random.Random, game: Game) -> Frame:
    """A valid message with a few characters changed, removed, repeated or added."""
    text = list(json.dumps(_valid(rng, game), separators=(",", rng.choice([":", ": "]))))
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(text)) if text else 0
        how = rng.randrange(5)
        if how == 0 and text:
            text[where] = rng.choice(string.printable)
        elif how == 1 and text:
            del text[where]
        elif how == 2:
            text.insert(where, rng.choice('{}[]":,0123456789-eE.tfn\\ '))
        elif how == 3 and text:
            end = min(len(text), where + rng.randint(1, 12))
            text[where:where] = text[where:end]
        else:
            text = text[: rng.randint(0, len(text))]
    return Frame("text", "".join(text), "mutated")


def mistyped(rng: random.Random, game: Game) -> Frame:
    """A valid message with a field given another type, removed, or an unknown field added."""
    message = _valid(rng, game)
    how = rng.randrange(4)
    keys = list(message)
    if how == 0:
        message[rng.choice(keys)] = rng.choice(WEIRD)
    elif how == 1 and len(keys) > 1:
        del message[rng.choice(keys[1:])]
    elif how == 2:
        message["".join(rng.choices(string.ascii_letters, k=rng.randint(1, 9)))] = rng.choice(
            WEIRD
        )
    else:
        message["type"] = rng.choice(["HELLO", "act ", "Act", "state", "error", "pong", "", "acts"])
    return Frame("text", json.dumps(message), "mistyped")


def coerced_version(rng: random.Random, game: Game) -> Frame:
    """A legal action with its version as a string, a float, a boolean, a list."""
    v = game.version
    version = rng.choice([str(v), float(v), v == 0, [v], {"v": v}, f"{v}.0", f" {v}", None])
    action = rng.choice(game.legal) if game.legal else "b2-b4"
    return Frame("text", json.dumps({"type": "act", "action": action, "version": version}),
                 "coerced_version")


def illegal_action(rng: random.Random, game: Game) -> Frame:
    """An action at the current version that is not legal: random, near-legal or absurd."""
    base = rng.choice(game.legal) if game.legal else "b2-b4"
    candidates = [
        "".join(rng.choices(string.ascii_letters + string.digits + "-=x ", k=rng.randint(1, 12))),
        base.upper(), " " + base, base + " ", base.replace("-", "--"), base[::-1],
        "pass", "a1-a1", "k11-k12", "z9=H", "a0-a1", "\u0000", "\ud800", base + "\ud800",
        "b2-b4;DROP TABLE actions", "%s%s%n", "../" * 20, "x" * 200,
    ]
    action = rng.choice(candidates)
    return Frame("text", json.dumps({"type": "act", "action": action, "version": game.version}),
                 "illegal_action")


def stale_version(rng: random.Random, game: Game) -> Frame:
    """A legal action at a version that is not the current one."""
    version = rng.choice([game.version + 1, game.version + rng.randint(2, 999), 2**31 - 1])
    if game.version > 0 and rng.random() < 0.5:
        version = rng.randrange(game.version)
    action = rng.choice(game.legal) if game.legal else "b2-b4"
    return Frame("text", json.dumps({"type": "act", "action": action, "version": version}),
                 "stale_version")


def wrong_tokens(rng: random.Random, game: Game) -> Frame:
    """A hello with tokens changed, repeated, too many or too long."""
    token = game.token
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    tokens = rng.choice([
        [flipped], [token, flipped], [token] * 9, ["x" * 129], [token.upper()], [""],
        [token + " "], [game.other_token, flipped],
    ])
    return Frame("text", json.dumps({"type": "hello", "tokens": tokens}), "wrong_tokens")


def nested(rng: random.Random, game: Game) -> Frame:
    """Deeply nested arrays or objects (within the size limit)."""
    depth = rng.choice([50, 500, 1900])
    if rng.random() < 0.5:
        text = "[" * depth + "]" * depth
    else:
        text = '{"a":' * depth + "1" + "}" * depth
    return Frame("text", text[:4000], "nested")


def oversized(rng: random.Random, game: Game) -> Frame:
    """A message over the 4096-character limit (closed: 1009) or a frame over 64 KiB."""
    size = rng.choice([4097, 5000, 70000])
    return Frame("text", json.dumps({"type": "ping", "pad": "x" * size}), "oversized")


def surrogate(rng: random.Random, game: Game) -> Frame:
    """A message whose strings hold lone surrogates (valid JSON escapes, not valid text)."""
    action = rng.choice(["\\ud800", "b2-b4\\udfff", "\\udc00\\ud800"])
    text = '{"type":"act","action":"' + action + '","version":' + str(game.version) + "}"
    if rng.random() < 0.3:
        text = '{"type":"hello","tokens":["' + action + '"]}'
    return Frame("text", text, "surrogate")


FAULTS: dict[str, tuple[float, Callable[[random.Random, Game], Frame]]] = {
    "random_bytes": (4, random_bytes),
    "random_text": (8, random_text),
    "bad_utf8": (1, bad_utf8),
    "mutated": (20, mutated),
    "mistyped": (16, mistyped),
    "coerced_version": (8, coerced_version),
    "illegal_action": (14, illegal_action),
    "stale_version": (10, stale_version),
    "wrong_tokens": (4, wrong_tokens),
    "nested": (4, nested),
    "oversized": (1, oversized),
    "surrogate": (4, surrogate),
}


def could_move(frame: Frame, game: Game) -> bool:
    """Return whether a frame is a legal move (then it is not sent: it is no fault).

    A legal move is an ``act`` whose version is the current one as a JSON integer and whose
    action is legal (any case, spaces around: in case a game reads it so). A version given as
    a string, a float or a boolean is a fault: the server must refuse it.
    """
    if frame.kind != "text":
        return False
    try:
        message = json.loads(frame.data)
    except (ValueError, RecursionError):
        return False
    if not isinstance(message, dict) or message.get("type") != "act":
        return False
    action, version = message.get("action"), message.get("version")
    legal = {a.lower() for a in game.legal}
    return (
        isinstance(action, str)
        and action.strip().lower() in legal
        and isinstance(version, int)
        and not isinstance(version, bool)
        and version == game.version
    )


def message(rng: random.Random, game: Game) -> Frame:
    """Return a fuzzed frame that cannot be a legal move."""
    names = list(FAULTS)
    weights = [FAULTS[name][0] for name in names]
    while True:
        frame = FAULTS[rng.choices(names, weights)[0]][1](rng, game)
        if not could_move(frame, game):
            return frame


@dataclass(frozen=True)
class Request:
    """One fuzzed HTTP request."""

    method: str
    path: str
    body: bytes | None
    headers: dict[str, str]


def http_request(rng: random.Random, match_ids: list[str]) -> Request:
    """Return a random request to the API: odd paths, methods, bodies and headers."""
    match_id = rng.choice([*match_ids, "x", "", "../../etc/passwd", "%00", "a" * 300, "\u00e9"])
    path = rng.choice([
        "/api/matches", f"/api/matches/{match_id}", f"/api/matches/{match_id}/claim",
        f"/api/matches/{match_id}/replay", "/api/games", f"/api/games/{match_id}/components",
        f"/api/games/{GAME}/components", f"/api/text/{match_id}", "/api/text/en", "/",
        "/static/../../pyproject.toml", "/static/%2e%2e/%2e%2e/etc/passwd", "/api", "/ws/x",
    ])
    method = rng.choice(["GET", "GET", "POST", "POST", "PUT", "DELETE", "HEAD", "OPTIONS"])
    body: bytes | None = None
    headers = {}
    if method in ("POST", "PUT"):
        create: dict[str, Any] = {
            "game": rng.choice([*game_names(), "chess", "", 1]),
            "seats": [{"kind": "human"}, {"kind": rng.choice(["human", "bot", "god", 1])}],
        }
        if rng.random() < 0.5:
            create[rng.choice(["players", "seed", "options", "position", "extra"])] = rng.choice(
                WEIRD
            )
        text = json.dumps(create)
        if rng.random() < 0.15:
            text = str(mutated(rng, Game(0, [], "t", "u")).data)
        elif rng.random() < 0.3:
            text = text[: rng.randint(0, len(text))]
        body = text.encode(errors="surrogatepass")
        if rng.random() < 0.1:
            body = b"{" * 20000
        headers["content-type"] = rng.choice(["application/json", "text/plain", "x/y"])
    return Request(method, path, body, headers)
