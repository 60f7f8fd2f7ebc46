"""Table chat among several workers (issue 25, points 5 and 6): players connected to different
workers talk through the worker holding the match, a spectator relayed by the other worker
reads a table chat, and a worker taking a match over serves its history.

Two app instances on one PostgreSQL database and one Redis server are two workers (as in
test_cluster_accounts.py); without Debian's ``postgresql`` or ``redis-server`` these tests are
skipped, saying which is missing.
"""

from __future__ import annotations

from starlette.testclient import TestClient

from meeples.server.app import create_app
from tests.server.conftest import create, token
from tests.server.test_chat import hello, say
from tests.server.test_cluster_accounts import redis_fresh, two_workers

__all__ = ["redis_fresh"]


def test_chat_between_players_on_two_workers(postgres_url: str, redis_fresh: str) -> None:
    for on_a, on_b in two_workers(postgres_url, redis_fresh):
        match = create(on_a, chat="table")  # held by a, its creator's worker
        with on_a.websocket_connect(f"/ws/{match['id']}") as south, \
                on_b.websocket_connect(f"/ws/{match['id']}") as north, \
                on_b.websocket_connect(f"/ws/{match['id']}") as watcher:
            hello(south, token(match, 0))
            hello(north, token(match, 1))  # relayed by b to a
            hello(watcher)
            sent = say(north, "<b>from b</b>")
            assert (sent["seat"], sent["text"]) == (1, "<b>from b</b>")
            assert south.receive_json() == sent
            assert watcher.receive_json() == sent
            assert say(watcher, "a spectator")["code"] == "chat_spectator"
            answer = say(south, "from a")
            assert north.receive_json() == answer


def test_chat_history_survives_the_holder_going_away(postgres_url: str, redis_fresh: str
                                                     ) -> None:
    options = {"bot_processes": 0}
    a = create_app(postgres_url, redis_url=redis_fresh, **options)
    b = create_app(postgres_url, redis_url=redis_fresh, **options)
    with TestClient(b) as on_b:
        with TestClient(a) as on_a:
            match = create(on_a)
            with on_a.websocket_connect(f"/ws/{match['id']}") as south:
                hello(south, token(match, 0))
                say(south, "written at a")
        # a stopped (its leases given back): b takes the match over and reads its chat.
        with on_b.websocket_connect(f"/ws/{match['id']}") as north:
            _, log = hello(north, token(match, 1))
            assert [m["text"] for m in log["messages"]] == ["written at a"]


def test_a_message_hidden_by_the_operator_leaves_the_pages_of_both_workers(
    postgres_url: str, redis_fresh: str
) -> None:
    from meeples.cli import main

    for on_a, on_b in two_workers(postgres_url, redis_fresh):
        match = create(on_a)
        with on_a.websocket_connect(f"/ws/{match['id']}") as south, \
                on_b.websocket_connect(f"/ws/{match['id']}") as north:
            hello(south, token(match, 0))
            hello(north, token(match, 1))
            say(south, "to be hidden")
            north.receive_json()
            assert main(["admin", "chat-hide", match["id"], "1", "--db", postgres_url]) == 0
            assert north.receive_json() == {"type": "chat_hidden", "seq": 1}
            assert south.receive_json() == {"type": "chat_hidden", "seq": 1}
