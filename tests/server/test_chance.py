"""Chance on the server (issue 13): a fresh dealer per match draws every chance outcome, which
is recorded with seat CHANCE in the database and the log; the commitment to its seed is public
from creation, the seed once the game ends, and the replay carries the verdict of verify."""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import select
from starlette.testclient import TestClient

from meeples.core.chance import CHANCE, commitment
from meeples.server.store import Store, actions, database_url
from tests.games.meeple_war.scenario import position
from tests.server.conftest import create, receive, token


def hello(ws: Any, *tokens: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "tokens": list(tokens)})
    message = receive(ws)
    return message


def stored_seats(db: str, match_id: str) -> list[tuple[int | None, str]]:
    store = Store(database_url(db))
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(select(actions.c.seat, actions.c.action)
                                .where(actions.c.match_id == match_id)
                                .order_by(actions.c.ply)).all()
        return [(row[0], row[1]) for row in rows]
    finally:
        store.close()


def exploring_match(client: TestClient, pile: tuple[str, ...] = ("T19", "T14")
                    ) -> dict[str, Any]:
    start = position(step="explore", explore=[["1,0", ["0,0"]]], troops=(("1,0", 0, 2),),
                     pile=list(pile))
    return create(client, game="meeple_war", position=start.position())


def test_server_deals_the_first_player_as_chance_with_seat_chance(client: TestClient,
                                                                  db: str) -> None:
    match = create(client, game="meeple_war")
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        message = hello(ws, token(match, 0))
    first = message["log"][0]
    assert first["seat"] == CHANCE and first["action"].startswith("first:")
    assert first["msg"]["key"] == "mw.first"
    assert message["to_move"] in (0, 1)
    assert stored_seats(db, match["id"]) == [(CHANCE, first["action"])]


def test_server_draws_the_explored_tile_after_the_players_choice(client: TestClient,
                                                                 db: str) -> None:
    match = exploring_match(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        message = hello(ws, token(match, 0), token(match, 1))
        ws.send_json({"type": "act", "action": "explore@1,0", "version": message["version"]})
        after = receive(ws)
    seats = stored_seats(db, match["id"])
    assert seats[0] == (0, "explore@1,0")
    assert seats[1][0] == CHANCE and seats[1][1] in ("draw:T14", "draw:T19")
    assert after["log"][-1]["seat"] == CHANCE and after["log"][-1]["msg"]["key"] == "mw.draw"
    assert after["to_move"] != CHANCE


def test_undo_never_takes_back_a_chance_draw(client: TestClient) -> None:
    match = exploring_match(client, ("T14", "T15"))  # a blank tile for sure, laid at once
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        message = hello(ws, token(match, 0), token(match, 1))
        ws.send_json({"type": "act", "action": "explore@1,0", "version": message["version"]})
        after = receive(ws)
        assert after["log"][-1]["action"] == "draw:T14"
        ws.send_json({"type": "undo", "version": after["version"]})
        refused = receive(ws)
    assert refused["code"] == "undo_chance"


def test_commitment_is_public_from_creation_and_the_seed_once_over(client: TestClient,
                                                                   db: str) -> None:
    match = create(client, game="meeple_war",
                   seats=[{"kind": "bot", "level": "random"}] * 2, bot_speed="fast")
    deadline = time.monotonic() + 120
    while True:
        shown = client.get(f"/api/matches/{match['id']}").json()
        if shown["finished"] or time.monotonic() > deadline:
            break
        assert shown["chance"]["seed"] is None
        time.sleep(0.2)
    assert shown["finished"]
    seed = int(shown["chance"]["seed"])
    assert commitment(seed) == shown["chance"]["commitment"] == match["chance"]["commitment"]
    replay = client.get(f"/api/matches/{match['id']}/replay").json()
    assert replay["verified"]["ok"] and replay["verified"]["draws"] > 5
    assert replay["record"]["seed"] == str(seed)
    assert json.dumps(replay["record"])


def test_a_match_started_from_a_position_is_verified_on_its_replay(client: TestClient) -> None:
    # issue 28: its record had seed null and verify refused position records, so the replay
    # page always said "not verified"
    match = exploring_match(client)
    assert match["chance"]["commitment"] is not None
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        message = hello(ws, token(match, 0), token(match, 1))
        ws.send_json({"type": "act", "action": "explore@1,0", "version": message["version"]})
        drawn = receive(ws)
        ws.send_json({"type": "resign", "seat": 1})
        receive(ws)
    replay = client.get(f"/api/matches/{match['id']}/replay").json()
    record = replay["record"]
    assert drawn["log"][-1]["seat"] == CHANCE
    assert record["position"] is not None and record["seed"] is not None
    assert commitment(int(record["seed"])) == record["commitment"] == match["chance"]["commitment"]
    assert record["resigned"] == [{"seat": 1, "ply": len(record["actions"])}]
    assert replay["verified"]["ok"], replay["verified"]
    assert replay["verified"]["draws"] == 1 and replay["verified"]["msg"]["key"] == "core.verify.ok"
