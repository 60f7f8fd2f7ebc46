"""Defences: hidden setups stay secret, tokens are secrets, hostile messages change nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import meeples
from meeples.core.chance import commitment
from meeples.server import guard
from meeples.server.app import create_app
from meeples.server.store import Store, database_url
from meeples.server.tokens import new_token
from tests import hidden_cards
from tests.server.conftest import WIN_IN_ONE, create, token

#: Games with a hidden part in their state (the optional hook: none of ours today, so the toy
#: game of tests/hidden_cards.py, registered for this module's tests), and games with chance
#: nodes: the seed of both is the server's secret until the end.
OUR_GAMES = tuple(meeples.game_names())
HIDDEN_GAMES = (*(g for g in OUR_GAMES if guard.hides(meeples.load(g))), hidden_cards.NAME)
CHANCE_GAMES = tuple(g for g in OUR_GAMES if guard.has_chance(meeples.load(g)))
SECRET_SEED_GAMES = tuple(dict.fromkeys((*HIDDEN_GAMES, *CHANCE_GAMES)))


@pytest.fixture(autouse=True)
def toy_hidden_game() -> Iterator[None]:
    with hidden_cards.registered():
        yield


def hello(ws: Any, *tokens: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "tokens": list(tokens)})
    message: dict[str, Any] = ws.receive_json()
    return message


def two_humans(client: TestClient, game: str) -> dict[str, Any]:
    return create(client, game=game, players=2, seats=[{"kind": "human"}, {"kind": "human"}])


def stored(db: str, match_id: str) -> Any:
    store = Store(database_url(db))
    try:
        return store.load(match_id)
    finally:
        store.close()


def closed_with(ws: Any) -> int | None:
    try:
        while True:
            ws.receive_json()
    except WebSocketDisconnect as disconnect:
        return int(disconnect.code)


# --- hidden information -----------------------------------------------------------------------


@pytest.mark.parametrize("game", SECRET_SEED_GAMES)
def test_hidden_game_sends_each_seat_exactly_its_view(
    client: TestClient, db: str, game: str
) -> None:
    match = two_humans(client, game)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        message = hello(ws, token(match, 1))
    record = stored(db, match["id"])
    state = meeples.load(game).new(players=2, seed=record.seed, **record.options)
    assert message["view"] == json.loads(json.dumps(state.view(1)))


@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_hidden_game_messages_never_carry_the_seed_or_position(
    client: TestClient, db: str, game: str
) -> None:
    match = two_humans(client, game)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        seen = (
            json.dumps(hello(ws, token(match, 0)))
            + client.get(f"/api/matches/{match['id']}").text
            + client.get("/api/matches").text
            + client.get(f"/api/games/{game}/components").text
        )
    record = stored(db, match["id"])
    position = meeples.load(game).new(players=2, seed=record.seed, **record.options).position()
    assert position not in seen and f'"seed": {record.seed}' not in seen.replace('":', '": ')


@pytest.mark.parametrize("game", SECRET_SEED_GAMES)
def test_hidden_game_replay_refused_while_live(client: TestClient, game: str) -> None:
    match = two_humans(client, game)
    assert client.get(f"/api/matches/{match['id']}/replay").status_code == 409


@pytest.mark.parametrize("game", SECRET_SEED_GAMES)
def test_hidden_game_chosen_seed_refused(client: TestClient, game: str) -> None:
    body = {"game": game, "players": 2, "seed": 7}
    response = client.post("/api/matches", json=body)
    assert (response.status_code, response.json()["code"]) == (400, "bad_request")


@pytest.mark.parametrize("game", OUR_GAMES)
def test_a_client_chosen_seed_is_refused_for_every_game(client: TestClient, game: str) -> None:
    # issue 28: Sparta took a chosen seed, and its bots' randomness followed from it
    response = client.post("/api/matches", json={"game": game, "seed": 7})
    answer = response.json()
    assert (response.status_code, answer["code"]) == (400, "bad_request")
    assert answer["msg"]["key"] == "core.error.seed_chosen"
    assert client.get("/api/matches").json()["open"] == []


def test_a_chosen_seed_is_refused_beside_a_start_position(client: TestClient) -> None:
    from tests.server.conftest import WIN_IN_ONE

    response = client.post("/api/matches", json={"game": "sparta", "seed": 7,
                                                 "position": WIN_IN_ONE})
    assert response.json()["msg"]["key"] == "core.error.seed_chosen"


def test_bots_randomness_follows_from_the_matchs_secret_seed(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 28: it was hash((seed, version, seat)), computable by whoever chose the seed
    from meeples.core.chance import Dealer
    from meeples.server import bots

    seeds: list[int] = []
    choose = bots.choose

    def spy(*args: Any) -> str:
        seeds.append(args[4])
        return choose(*args)

    monkeypatch.setattr(bots, "choose", spy)
    with TestClient(create_app(db, bot_delay=0, bot_processes=0)) as client:
        match = create(client, seats=[{"kind": "bot", "level": "random"}, {"kind": "human"}])
        deadline = time.monotonic() + 20
        while client.get(f"/api/matches/{match['id']}").json()["version"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
    secret = stored(db, match["id"]).seed
    assert seeds[0] == Dealer(secret).secret("bot:0:0") and str(secret) not in json.dumps(match)


@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_hidden_game_from_position_is_dealt_again(client: TestClient, db: str, game: str) -> None:
    written = meeples.load(game).new(players=2, seed=11)
    match = create(client, game=game, seats=[{"kind": "human"}] * 2, position=written.position())
    dealt = meeples.load(game).parse(stored(db, match["id"]).position)
    # the public part (a spectator's view) kept, the hidden part dealt again in secret
    assert dealt.position() != written.position() and dealt.view(None) == written.view(None)


def test_perfect_information_game_from_position_is_kept(client: TestClient, db: str) -> None:
    from tests.server.conftest import WIN_IN_ONE

    match = create(client, position=WIN_IN_ONE)
    assert stored(db, match["id"]).position == WIN_IN_ONE


def test_chance_game_from_position_is_kept_and_its_chance_is_the_servers() -> None:
    # issue 13: nothing in a Meeple War position is secret: kept as written (the client's
    # position has no order to deal again), and chance after it comes from the server's seed
    from meeples.server.store import StoredMatch
    from meeples.server.table import dealer_of

    written = meeples.load("meeple_war").new(players=2, seed=11)
    assert guard.deal_again(written) == written.position()
    stored_match = StoredMatch("x", "meeple_war", 2, None, None, written.position(), [], 0.0)
    assert dealer_of(stored_match).seed != dealer_of(stored_match).seed  # fresh secret seeds


def test_chance_game_messages_carry_the_commitment_and_never_the_live_seed(
    client: TestClient, db: str
) -> None:
    match = two_humans(client, "meeple_war")
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        message = hello(ws, token(match, 0))
        seen = json.dumps(message) + client.get(f"/api/matches/{match['id']}").text
    seed = stored(db, match["id"]).seed
    assert message["chance"] == {"commitment": commitment(seed), "seed": None}
    assert match["chance"]["commitment"] == commitment(seed)
    assert str(seed) not in seen and seed >= 2**64  # a fresh dealer's 256-bit seed


def test_no_game_keeps_a_hidden_part_in_its_state() -> None:
    # Meeple War's and Rise of Tribes' chance is explicit (issue 13)
    hidden = {name: guard.hides(meeples.load(name)) for name in OUR_GAMES}
    assert hidden == {"sparta": False, "meeple_war": False, "rise_of_tribes": False}


# --- tokens -------------------------------------------------------------------------------------


def test_tokens_are_long_random_secrets() -> None:
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50 and min(len(t) for t in tokens) >= 43


def test_token_of_one_seat_does_not_open_another(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(north, token(match, 1))
        north.send_json({"type": "act", "action": "b2-b4", "version": 0})
        assert north.receive_json()["code"] == "not_your_turn"


def test_token_prefix_is_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        assert hello(ws, token(match, 0)[:-1])["code"] == "bad_token"


# --- hostile messages ---------------------------------------------------------------------------


def test_oversized_message_is_refused_and_closed(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * guard.MAX_MESSAGE}))
        assert ws.receive_json()["code"] == "too_large"
        assert closed_with(ws) == 1009


def test_deeply_nested_message_is_malformed(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_text("[" * 2000 + "]" * 2000)
        assert ws.receive_json()["code"] == "malformed"


def test_binary_message_is_malformed(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json()["code"] == "malformed"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "action": "b2-b4", "version": "zero"},
        {"type": "act", "action": ["b2-b4"], "version": 0},
        {"type": "act", "action": "b2-b4", "version": -1},
        {"type": "act", "action": "b2-b4", "version": 0, "seat": 1},
        {"type": "hello", "tokens": "abc"},
        {"type": "rematch", "seed": 7},
        {"type": "undo", "version": 0, "bot": False},
        {"type": "shout"},
        [1, 2, 3],
    ],
)
def test_mistyped_message_is_malformed_and_changes_nothing(
    client: TestClient, message: Any
) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json(message)
        assert ws.receive_json()["code"] == "malformed"
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 0


def test_message_flood_closes_the_connection(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        for _ in range(int(guard.MESSAGE_BURST) * 3):
            ws.send_json({"type": "ping"})
        codes = []
        try:
            while True:
                codes.append(ws.receive_json().get("code"))
        except WebSocketDisconnect as disconnect:
            assert "flood" in codes and disconnect.code == 1008


def test_bucket_refuses_beyond_its_burst_and_refills() -> None:
    now = [0.0]
    bucket = guard.Bucket(rate=1.0, burst=3.0, clock=lambda: now[0])
    taken = [bucket.take() for _ in range(4)]
    now[0] = 1.0
    assert taken == [True, True, True, False] and bucket.take()


def test_oversized_create_body_is_refused(client: TestClient) -> None:
    body = {"game": "sparta", "position": "x" * (guard.MAX_BODY + 10)}
    response = client.post("/api/matches", content=json.dumps(body))
    assert (response.status_code, response.json()["code"]) == (413, "too_large")


def test_huge_seed_is_malformed(client: TestClient) -> None:
    response = client.post("/api/matches", json={"game": "sparta", "seed": 2**70})
    assert (response.status_code, response.json()["code"]) == (400, "malformed")


def test_creation_flood_is_refused(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "flood.db"), bot_delay=0, create_rate=(0.001, 3))
    with TestClient(app) as flooded:
        codes = [
            flooded.post("/api/matches", json={"game": "sparta"}).status_code for _ in range(4)
        ]
    assert codes == [201, 201, 201, 429]


#: Bad HTTP requests, each answered with its status and error code and changing nothing: the
#: request's headers (name: value), the method, the path and the JSON body.
BIG = "x" * 100_000
BAD_REQUESTS = {
    "chosen seed": ({}, "POST", "/api/matches", {"game": "sparta", "seed": 7}, 400,
                    "bad_request"),
    "chosen seed of a chance game": ({}, "POST", "/api/matches",
                                     {"game": "meeple_war", "seed": 0}, 400, "bad_request"),
    "seed beside a position": ({}, "POST", "/api/matches",
                               {"game": "sparta", "seed": 1, "position": WIN_IN_ONE}, 400,
                               "bad_request"),
    "warm seat after 0 s": ({}, "POST", "/api/matches",
                            {"game": "sparta", "warm": {"after": 0}}, 400, "malformed"),
    "warm seat of no level": ({}, "POST", "/api/matches",
                              {"game": "sparta", "warm": {"level": "godlike"}}, 400, "malformed"),
    "100 kB header line": ({"x-big": BIG}, "GET", "/api/games", None, 431, "too_large"),
    "100 kB header creating": ({"x-big": BIG}, "POST", "/api/matches", {"game": "sparta"}, 431,
                               "too_large"),
    "many headers": ({f"x-h{i}": "y" * 100 for i in range(200)}, "GET", "/api/matches", None,
                     431, "too_large"),
    "20 kB query": ({}, "GET", f"/api/matches?{BIG[:20_000]}", None, 431, "too_large"),
}


@pytest.mark.parametrize("name", list(BAD_REQUESTS))
def test_bad_request_is_refused_and_changes_nothing(client: TestClient, name: str) -> None:
    headers, method, path, body, status, code = BAD_REQUESTS[name]
    answer = client.request(method, path, headers=headers, json=body)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert client.get("/api/matches").json()["open"] == []


UPGRADE = (b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")


def first_line(port: int, head: bytes) -> tuple[bytes, int]:
    """Send a request's head in pieces until the server answers or closes; return the first
    line of its answer (b"" when none) and how many bytes were sent."""
    import socket

    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            for start in range(0, len(head), 65536):
                sock.sendall(head[start:start + 65536])
                sent += len(head[start:start + 65536])
        except OSError:  # closed by the server while we were still sending: read its answer
            pass
        received = b""
        try:
            while chunk := sock.recv(65536):  # until the server closes the connection
                received += chunk
        except OSError:
            pass
    return received.split(b"\r\n", 1)[0], sent


@pytest.mark.parametrize(("target", "extra", "lines"), [
    ("/api/games", b"", [100_000]),
    ("/ws/nope", UPGRADE, [100_000]),
    ("/ws/nope", UPGRADE, [9_000]),  # over the WebSocket parser's 8 kB line: it hung for ever
    ("/ws/nope", UPGRADE, [4_000] * 5),
    ("/api/games", b"", [100_000] * 100),  # 10 MB: refused before it is all sent
])
def test_oversized_headers_get_431_and_the_connection_closes(
    db: str, target: str, extra: bytes, lines: list[int]
) -> None:
    # issue 28: a 100 kB header line was answered 200 (meeples serve's uvicorn options here)
    from meeples.server.heads import MAX_HEAD, uvicorn_options
    from tests.server.conftest import LiveServer

    head = b"GET " + target.encode() + b" HTTP/1.1\r\nHost: x\r\n" + extra + b"".join(
        b"X-Big-%d: " % i + b"x" * size + b"\r\n" for i, size in enumerate(lines)) + b"\r\n"
    with LiveServer(create_app(db, bot_delay=0), **uvicorn_options()) as server:
        line, sent = first_line(server.port, head)
        small, _ = first_line(server.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Small: "
                              + b"y" * (MAX_HEAD - 200) + b"\r\nConnection: close\r\n\r\n")
    assert line == b"HTTP/1.1 431 Request Header Fields Too Large"
    assert small == b"HTTP/1.1 200 OK"
    assert sent < len(head) or len(head) < 1_000_000


def test_hint_refused_to_a_waiting_seat(client: TestClient) -> None:
    match = create(client, hints=True)
    with client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(north, token(match, 1))
        north.send_json({"type": "hint"})
        assert north.receive_json()["code"] == "not_your_turn"


# --- hotseat privacy --------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["sparta", *CHANCE_GAMES])
def test_views_without_secrets_of_their_own_are_not_private(client: TestClient, game: str) -> None:
    match = two_humans(client, game)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        assert hello(ws, token(match, 0), token(match, 1))["private"] is False


def test_a_seat_with_a_secret_of_its_own_gets_only_its_own(client: TestClient, db: str) -> None:
    # the toy game: each seat holds a card nobody else sees, the stock's order nobody does
    match = two_humans(client, hidden_cards.NAME)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        message = hello(ws, token(match, 1))
    hands = hidden_cards.GAME.new(players=2, seed=stored(db, match["id"]).seed).inner.hands
    assert message["private"] is True
    assert message["view"]["card"] == hands[1]  # its own card, and no other one:
    assert set(message["view"]) == {"player", "players", "turn", "stock", "to_move", "card"}


def test_a_view_with_more_than_the_public_one_is_private() -> None:
    from meeples.server.audience import differs

    public = {"player": None, "board": "x"}
    assert differs({"player": 0, "board": "x", "hand": [3]}, public) and not differs(
        {"player": 0, "board": "x"}, public
    )


# --- positions the engine trips on --------------------------------------------------------------


def broken_legal(state: Any) -> Any:
    raise KeyError("an engine bug")


def test_position_the_engine_trips_on_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.server.conftest import WIN_IN_ONE

    monkeypatch.setattr(meeples.load("sparta").rules, "legal_actions", broken_legal)
    response = client.post("/api/matches", json={"game": "sparta", "position": WIN_IN_ONE})
    assert (response.status_code, response.json()["code"]) == (400, "bad_request")


def test_engine_failure_on_an_action_changes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        monkeypatch.setattr(meeples.load("sparta").rules, "apply", broken_legal)
        ws.send_json({"type": "act", "action": "b2-b4", "version": 0})
        assert ws.receive_json()["code"] in ("engine", "illegal")
    monkeypatch.undo()
    assert client.get(f"/api/matches/{match['id']}").json()["version"] == 0


def test_a_match_that_cannot_load_does_not_stop_the_server(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(db, bot_delay=0)) as first:
        match = create(first)
    monkeypatch.setattr(meeples.load("sparta").rules, "parse_state", broken_legal)
    monkeypatch.setattr(meeples.load("sparta").rules, "initial_state", broken_legal)
    with TestClient(create_app(db, bot_delay=0)) as second:
        answer = second.get(f"/api/matches/{match['id']}")
        assert (answer.status_code, second.get("/api/games").status_code) == (500, 200)
        assert "cannot be loaded" in answer.json()["message"]


def test_pages_may_run_only_the_clients_own_scripts_and_not_be_framed(client: TestClient) -> None:
    headers = client.get("/").headers
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_connections_beyond_the_limit_of_an_address_are_refused(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "sockets.db"), bot_delay=0, sockets_per_address=2)
    with TestClient(app) as limited:
        match = create(limited)
        with limited.websocket_connect(f"/ws/{match['id']}") as first:
            with limited.websocket_connect(f"/ws/{match['id']}") as second:
                with limited.websocket_connect(f"/ws/{match['id']}") as third:
                    assert third.receive_json()["code"] == "too_many"
                    assert closed_with(third) == 1013
                hello(second)
            hello(first)
        with limited.websocket_connect(f"/ws/{match['id']}") as again:
            assert hello(again)["type"] == "state"


@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_hidden_game_seeds_are_too_many_to_search(client: TestClient, db: str, game: str) -> None:
    seeds = [stored(db, two_humans(client, game)["id"]).seed for _ in range(4)]
    assert max(seeds) >= 2**32 and len(set(seeds)) == 4


def test_hidden_information_is_what_a_game_declares_not_what_its_views_suggest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sparta = meeples.load("sparta")
    monkeypatch.setattr(sparta.rules, "initial_state", broken_legal)  # nothing to compare
    assert not guard.hides(sparta) and guard.hides(hidden_cards.GAME)
