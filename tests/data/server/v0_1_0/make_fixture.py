"""Make the 0.1.0 database fixture: run with the 0.1.0 release's code (commit 4ba4cd6) first.

    mkdir /tmp/meeples-010 && git archive 4ba4cd6 src | tar -x -C /tmp/meeples-010
    PYTHONPATH=/tmp/meeples-010/src python tests/data/server/v0_1_0/make_fixture.py

The 0.1.0 server plays matches of each game (live and finished, resigned, with an undo, a
bot's replies, a rematch offered), then this writes, beside this file, what the tests of the
migrations (``tests/server/test_migrations.py``) build an old database from:

- ``schema.sqlite.sql``: the tables as the 0.1.0 store made them in SQLite (``sqlite_master``);
- ``schema.postgresql.sql``: the same tables as the 0.1.0 store's ``create_all`` makes them in
  PostgreSQL (its metadata compiled for that dialect);
- ``rows.json``: every row the 0.1.0 server stored, by table (JSON types: true/false, numbers);
- ``expected.json``: each match as the 0.1.0 server had it: version, plies, position, result,
  and the tokens of its human seats (test secrets: they let the tests play on).
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy.dialects import postgresql
from sqlalchemy.schema import CreateTable
from starlette.testclient import TestClient

import meeples.server.store as store_module
from meeples.server.app import create_app
from meeples.server.protocol import apply_update
from meeples.server.room import Room
from meeples.server.store import Store, database_url

HERE = Path(__file__).resolve().parent
#: The tokens of each match's human seats, as the creation answered them.
TOKENS: dict[str, list[str]] = {}
WIN_IN_ONE = "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S 8/8 0 0"


class Player:
    """One connection holding the given seats' tokens, following states and updates."""

    def __init__(self, ws: Any, tokens: list[str]) -> None:
        self.ws = ws
        ws.send_json({"type": "hello", "tokens": tokens})
        self.state = self.next_state()

    def next_state(self) -> dict[str, Any]:
        while True:
            message = self.ws.receive_json()
            if message["type"] == "state":
                self.state = message
                return message
            if message["type"] == "update":
                self.state = apply_update(self.state, message)
                return self.state

    def play(self, rng: random.Random, count: int, seats: set[int] | None = None) -> None:
        """Play count random legal actions for the seats held (stopping at a bot's turn)."""
        for _ in range(count):
            state = self.state
            if not state["legal"] or (seats is not None and state["to_move"] not in seats):
                return
            action = rng.choice(state["legal"])["action"]
            self.ws.send_json({"type": "act", "action": action, "version": state["version"]})
            self.next_state()


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    TOKENS[data["id"]] = tokens(data)
    return data


def tokens(match: dict[str, Any]) -> list[str]:
    return [seat["token"] for seat in match["seats"] if seat["token"]]


def wait_finished(client: TestClient, match_id: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not client.get(f"/api/matches/{match_id}").json()["finished"]:
        assert time.monotonic() < deadline, f"{match_id} did not finish"
        time.sleep(0.2)


def play(client: TestClient) -> None:
    rng = random.Random(2026_11_24)
    humans2 = [{"kind": "human"}, {"kind": "human"}]
    # Sparta, live: moves, an undo (rows in "undone"), moves again.
    match = create(client, game="sparta", seats=humans2)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        player = Player(ws, tokens(match))
        player.play(rng, 7)
        ws.send_json({"type": "undo", "version": player.state["version"]})
        player.next_state()
        player.play(rng, 3)
    # Sparta, won in one move, then a rematch offered (an event, a new live match).
    match = create(client, game="sparta", seats=humans2, position=WIN_IN_ONE)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        player = Player(ws, tokens(match))
        ws.send_json({"type": "act", "action": "e4-e6", "version": player.state["version"]})
        player.next_state()
        assert player.state["outcome"] is not None
        ws.send_json({"type": "rematch"})
        while (answer := ws.receive_json())["type"] != "rematch":
            pass
        TOKENS[answer["id"]] = tokens(match)  # a rematch keeps each seat's token
    # Sparta against a bot: its replies are the bot's.
    match = create(client, game="sparta", seats=[{"kind": "human"},
                                                 {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        player = Player(ws, tokens(match))
        for _ in range(4):
            player.play(rng, 1, {0})
            while player.state["to_move"] != 0:
                player.next_state()
    # Meeple War, live: chance's draws among the actions.
    match = create(client, game="meeple_war", players=2, seats=humans2)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        Player(ws, tokens(match)).play(rng, 40)
    # Meeple War, resigned (two players: the other wins).
    match = create(client, game="meeple_war", players=2, seats=humans2)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        Player(ws, tokens(match)).play(rng, 12)
    answer = client.post(f"/api/matches/{match['id']}/resign", json={"token": tokens(match)[1]})
    assert answer.status_code == 200, answer.text
    # Rise of Tribes, three players, one resigned (a bot plays the seat on), live.
    match = create(client, game="rise_of_tribes", players=3, seats=[{"kind": "human"}] * 3)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        player = Player(ws, tokens(match))
        player.play(rng, 25)
        ws.send_json({"type": "resign", "seat": 2})
        player.next_state()
        player.play(rng, 6, {0, 1})
    # Rise of Tribes and Meeple War played to their end by bots.
    for game in ("rise_of_tribes", "meeple_war"):
        match = create(client, game=game, players=2,
                       seats=[{"kind": "bot", "level": "random"}] * 2)
        wait_finished(client, match["id"])


def dump(path: Path) -> None:
    url = database_url(str(path))
    store = Store(url)
    with sqlite3.connect(path) as conn:
        ddl = [row[0] for row in conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    (HERE / "schema.sqlite.sql").write_text(";\n\n".join(ddl) + ";\n", encoding="utf-8")
    tables = sorted(store_module.metadata.tables.values(), key=lambda t: t.name)
    pg = [str(CreateTable(t).compile(dialect=postgresql.dialect())).strip() for t in tables]
    (HERE / "schema.postgresql.sql").write_text(";\n\n".join(pg) + ";\n", encoding="utf-8")
    rows: dict[str, list[dict[str, Any]]] = {}
    with store.engine.connect() as conn:
        for table in tables:
            keys = [c.name for c in table.primary_key.columns]
            found = conn.execute(table.select().order_by(*[table.c[k] for k in keys])).all()
            rows[table.name] = [dict(r._mapping) for r in found]
    (HERE / "rows.json").write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    expected = {}
    for match_id in store.list_ids():
        stored = store.load(match_id)
        assert stored is not None
        room = Room(stored, store)
        expected[match_id] = {
            "game": stored.game, "version": room.version, "plies": room.plies,
            "position": room.state.position(), "finished": stored.finished,
            "result": stored.result, "undone": stored.undone,
            "events": [e.kind for e in stored.events],
            "tokens": TOKENS.get(match_id, []),
        }
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n",
                                        encoding="utf-8")
    store.close()


def main() -> None:
    if "rules_version" in store_module.matches.c:
        sys.exit("run this with the 0.1.0 code on the PYTHONPATH (see its docstring)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "meeples.db"
        with TestClient(create_app(str(path), bot_delay=0, bot_processes=0)) as client:
            play(client)
        dump(path)


if __name__ == "__main__":
    main()
