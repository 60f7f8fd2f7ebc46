"""Table chat (issue 25, point 5; docs/chat.md): who reads and writes, the limits, text kept
verbatim and never interpreted, mutes, reports, an operator's hide and chat ban, and history
after a restart."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient

from meeples.cli import main
from meeples.server import chat, chat_store
from meeples.server.app import create_app
from meeples.server.store import Store, database_url
from meeples.server.tables import chat_messages, chat_mutes, chat_reports, matches
from tests.server.conftest import WIN_IN_ONE, Device, cheap_hasher, create, receive, token

VISITOR = ("203.0.113.9", 50000)
INJECTION = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"'


def hello(ws: Any, *tokens: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Say hello; return the snapshot and its chat."""
    ws.send_json({"type": "hello", "tokens": list(tokens)})
    state = receive(ws)
    assert state["type"] == "state", state
    return state, state["chat"]


def say(ws: Any, text: str) -> dict[str, Any]:
    """Write in the chat; return the next message this connection gets."""
    ws.send_json({"type": "chat", "text": text})
    answer: dict[str, Any] = ws.receive_json()
    return answer


def stored_messages(db: str) -> int:
    store = Store(database_url(db))
    try:
        with store.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(chat_messages)).scalar_one())
    finally:
        store.close()


def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the server did not act on the log in time"
        time.sleep(0.1)


def test_a_player_message_reaches_every_player_with_seat_and_number(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(south, token(match, 0))
        _, log = hello(north, token(match, 1))
        assert (log["mode"], log["read"], log["write"], log["messages"]) == (
            "players", True, True, [])
        sent = say(south, "  good luck!  ")
        assert {k: sent[k] for k in ("type", "seq", "seat", "name", "text")} == {
            "type": "chat", "seq": 1, "seat": 0, "name": None, "text": "good luck!"}
        assert north.receive_json() == sent


def test_chat_default_players_only_spectators_read_nothing(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as watcher:
        hello(south, token(match, 0))
        say(south, "hello")
        _, log = hello(watcher)
        assert (log["read"], log["write"], log["messages"]) == (False, False, [])
        say(south, "second")
        watcher.send_json({"type": "ping"})
        assert watcher.receive_json() == {"type": "pong"}  # no chat came before it


def test_chat_table_mode_spectators_read_but_cannot_write(client: TestClient, db: str) -> None:
    match = create(client, chat="table")
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as watcher:
        hello(south, token(match, 0))
        say(south, "hello all")
        _, log = hello(watcher)
        assert (log["read"], log["write"]) == (True, False)
        assert [m["text"] for m in log["messages"]] == ["hello all"]
        refused = say(watcher, "me too")
        assert (refused["type"], refused["code"]) == ("error", "chat_spectator")
        assert refused["msg"]["key"] == "core.error.chat_spectator"
    assert stored_messages(db) == 1


def test_chat_off_refuses_every_message(client: TestClient, db: str) -> None:
    match = create(client, chat="off")
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        _, log = hello(south, token(match, 0))
        assert (log["mode"], log["read"], log["write"]) == ("off", False, False)
        assert say(south, "anyone?")["code"] == "chat_off"
    assert stored_messages(db) == 0


def test_match_description_says_who_reads_the_chat(client: TestClient) -> None:
    for mode in ("players", "table", "off"):
        match = create(client, chat=mode)
        assert client.get(f"/api/matches/{match['id']}").json()["chat"] == mode


def test_chat_mode_must_be_one_of_the_three(client: TestClient) -> None:
    answer = client.post("/api/matches", json={"game": "sparta", "chat": "everyone"})
    assert answer.status_code == 400 and answer.json()["code"] == "malformed"


def test_tutorial_has_no_chat(client: TestClient) -> None:
    match = create(client, tutorial=True, seats=[])
    seat = next(s for s in match["seats"] if s["token"])
    with client.websocket_connect(f"/ws/{match['id']}") as learner:
        _, log = hello(learner, seat["token"])
        assert log["mode"] == "off"


@pytest.mark.parametrize(("text", "code"), [
    ("   ", "chat_empty"),
    ("x" * (chat.CHAT_MAX + 1), "chat_long"),
    ("line one\nline two", "chat_control"),
    ("bell\x07", "chat_control"),
    ("abc\u202edcba", "chat_control"),
])
def test_chat_text_limits_refuse_and_store_nothing(
    client: TestClient, db: str, text: str, code: str
) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        refused = say(south, text)
        assert (refused["type"], refused["code"]) == ("error", code)
        assert refused["msg"]["key"] == f"core.error.{code}"
    assert stored_messages(db) == 0


def test_chat_longest_message_is_taken(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        assert say(south, "é" * chat.CHAT_MAX)["type"] == "chat"


def test_chat_rate_limit_per_seat(client: TestClient, db: str) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(south, token(match, 0))
        hello(north, token(match, 1))
        answers = [say(south, f"message {n}")["type"] for n in range(int(chat.BURST) + 1)]
        assert answers == ["chat"] * int(chat.BURST) + ["error"]
        for _ in range(int(chat.BURST)):
            assert north.receive_json()["type"] == "chat"
        # The other seat has its own allowance.
        assert say(north, "my turn to talk")["type"] == "chat"
    assert stored_messages(db) == chat.BURST + 1


def test_chat_injection_is_stored_and_sent_verbatim(client: TestClient, db: str) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        assert say(south, INJECTION)["text"] == INJECTION
    store = Store(database_url(db))
    try:
        with store.engine.connect() as conn:
            assert conn.execute(select(chat_messages.c.text)).scalar_one() == INJECTION
    finally:
        store.close()


def test_chat_history_comes_back_after_a_restart(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as first:
        match = create(first)
        with first.websocket_connect(f"/ws/{match['id']}") as south:
            hello(south, token(match, 0))
            say(south, "see you tomorrow")
    with TestClient(create_app(db, bot_delay=0)) as second, \
            second.websocket_connect(f"/ws/{match['id']}") as north:
        _, log = hello(north, token(match, 1))
        assert [(m["seq"], m["seat"], m["text"]) for m in log["messages"]] == [
            (1, 0, "see you tomorrow")]


def test_chat_history_is_the_newest_messages(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr(chat_store, "HISTORY", 3)
    monkeypatch.setattr(chat, "BURST", 10.0)
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        for n in range(5):
            say(south, f"m{n}")
    with client.websocket_connect(f"/ws/{match['id']}") as north:
        _, log = hello(north, token(match, 1))
        assert [m["text"] for m in log["messages"]] == ["m2", "m3", "m4"]


def test_chat_message_carries_the_account_name(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, password_hasher=cheap_hasher())) as client:
        ana = Device(client)
        ana.sign_up("Ana")
        match = ana.post("/api/matches", json={
            "game": "sparta", "seats": [{"kind": "human"}, {"kind": "human", "name": "Bob"}]
        }).json()
        with ana.websocket(match["id"]) as mine, \
                client.websocket_connect(f"/ws/{match['id']}") as bob:
            hello(mine)
            hello(bob, token(match, 1))
            assert say(mine, "hi")["name"] == "Ana"
            bob.receive_json()
            assert say(bob, "hello")["name"] == "Bob"  # no account: the seat's name


def test_chat_mute_stops_a_seat_for_me_and_holds_on_reconnect(client: TestClient) -> None:
    match = create(client, players=3, seats=[{"kind": "human"}] * 3, game="meeple_war")
    with client.websocket_connect(f"/ws/{match['id']}") as one, \
            client.websocket_connect(f"/ws/{match['id']}") as two, \
            client.websocket_connect(f"/ws/{match['id']}") as three:
        hello(one, token(match, 0))
        hello(two, token(match, 1))
        hello(three, token(match, 2))
        one.send_json({"type": "chat_mute", "seat": 1})
        log = receive(one)["chat"]
        assert log["muted"] == [1]
        say(two, "you cannot hear me")
        three.receive_json()  # the third seat still does
        say(three, "but me you can")
        assert one.receive_json()["text"] == "but me you can"
    with client.websocket_connect(f"/ws/{match['id']}") as one:
        _, log = hello(one, token(match, 0))
        assert log["muted"] == [1]
        assert [m["text"] for m in log["messages"]] == ["but me you can"]
        one.send_json({"type": "chat_mute", "seat": 1, "muted": False})
        log = receive(one)["chat"]
        assert log["muted"] == []
        assert [m["text"] for m in log["messages"]] == ["you cannot hear me", "but me you can"]


def test_chat_mute_of_own_or_unknown_seat_is_refused(client: TestClient, db: str) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        for seat in (0, 5):
            south.send_json({"type": "chat_mute", "seat": seat})
            assert south.receive_json()["code"] == "chat_seat"
    store = Store(database_url(db))
    try:
        with store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(chat_mutes)).scalar_one() == 0
    finally:
        store.close()


def test_chat_before_hello_is_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        assert say(south, "hi")["code"] == "hello_first"


def test_chat_report_is_stored_and_listed_for_the_operator(
    client: TestClient, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(south, token(match, 0))
        hello(north, token(match, 1))
        say(south, "rude words")
        north.receive_json()
        north.send_json({"type": "chat_report", "seq": 1})
        assert north.receive_json() == {"type": "chat_reported", "seq": 1}
        north.send_json({"type": "chat_report", "seq": 9})
        assert north.receive_json()["code"] == "chat_unknown"
    assert main(["admin", "chat-reports", "--db", db]) == 0
    out = capsys.readouterr().out
    assert match["id"] in out and '"rude words"' in out and "reported by seat 2" in out
    store = Store(database_url(db))
    try:
        with store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(chat_reports)).scalar_one() == 1
    finally:
        store.close()


def test_operator_hide_takes_a_message_away_from_everyone(
    client: TestClient, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(south, token(match, 0))
        hello(north, token(match, 1))
        say(south, "to be hidden")
        north.receive_json()
        say(south, "fine")
        north.receive_json()
        assert main(["admin", "chat-hide", match["id"], "1", "--db", db]) == 0
        assert north.receive_json() == {"type": "chat_hidden", "seq": 1}  # within a poll
    with client.websocket_connect(f"/ws/{match['id']}") as north:
        _, log = hello(north, token(match, 1))
        assert [m["text"] for m in log["messages"]] == ["fine"]
    assert main(["admin", "chat-hide", match["id"], "7", "--db", db]) != 0
    assert "no chat message 7" in capsys.readouterr().err
    with TestClient(create_app(db, bot_delay=0)) as restarted, \
            restarted.websocket_connect(f"/ws/{match['id']}") as south:
        _, log = hello(south, token(match, 0))
        assert [m["text"] for m in log["messages"]] == ["fine"]  # hidden for good


def test_chat_ban_of_an_address_stops_its_messages_not_its_play(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with TestClient(create_app(db, bot_delay=0), client=VISITOR) as client:
        match = create(client)
        assert main(["admin", "chat-ban", "--address", "203.0.113.0/24", "--db", db]) == 0
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            state, _ = hello(south, token(match, 0))
            refused = say(south, "hello")
            assert (refused["code"], refused["msg"]["key"]) == ("chat_banned",
                                                                "core.error.chat_banned")
            south.send_json({"type": "act", "action": state["legal"][0]["action"],
                             "version": state["version"]})
            assert receive(south)["version"] == state["version"] + 1
            assert main(["admin", "chat-unban", "--address", "203.0.113.0/24", "--db", db]) == 0
            assert say(south, "hello again")["type"] == "chat"
    assert stored_messages(db) == 1


def test_chat_ban_of_an_account_by_name(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    with TestClient(create_app(db, bot_delay=0, password_hasher=cheap_hasher())) as client:
        ana = Device(client)
        ana.sign_up("Ana")
        match = ana.post("/api/matches", json={"game": "sparta"}).json()
        assert main(["admin", "chat-ban", "--account", "ana", "--reason", "spam",
                     "--db", db]) == 0
        assert main(["admin", "chat-bans", "--db", db]) == 0
        assert "Ana" in capsys.readouterr().out
        with ana.websocket(match["id"]) as mine, \
                client.websocket_connect(f"/ws/{match['id']}") as guest:
            hello(mine)
            hello(guest, token(match, 1))
            assert say(mine, "buy now")["code"] == "chat_banned"
            assert say(guest, "a guest still talks")["type"] == "chat"
    assert main(["admin", "chat-ban", "--account", "nobody", "--db", db]) != 0
    assert "no account named" in capsys.readouterr().err


def test_deleting_a_match_deletes_its_chat(client: TestClient, db: str) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        say(south, "gone soon")
    assert main(["admin", "delete", match["id"], "--db", db]) == 0
    assert stored_messages(db) == 0


def test_chat_setting_is_kept_by_the_rematch(client: TestClient, db: str) -> None:
    match = create(client, chat="table", position=WIN_IN_ONE)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        state, _ = hello(south, token(match, 0))
        south.send_json({"type": "act", "action": "e4-e6", "version": state["version"]})
        assert receive(south)["outcome"] is not None
        south.send_json({"type": "rematch"})
        while (answer := south.receive_json())["type"] != "rematch":
            pass
    store = Store(database_url(db))
    try:
        with store.engine.connect() as conn:
            mode = conn.execute(select(matches.c.chat).where(
                matches.c.id == answer["id"])).scalar_one()
    finally:
        store.close()
    assert mode == "table"


def test_chat_message_the_database_refuses_is_not_sent(
    client: TestClient, db: str, monkeypatch: Any
) -> None:
    def refuse(*args: Any) -> Any:
        raise OSError("disk full")

    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(south, token(match, 0))
        hello(north, token(match, 1))
        monkeypatch.setattr(chat_store, "write", refuse)
        assert say(south, "lost?")["code"] == "storage"
        monkeypatch.undo()
        assert say(south, "kept")["seq"] == 1
        assert north.receive_json()["text"] == "kept"  # the refused one never came
    assert stored_messages(db) == 1


def test_revision_0009_adds_the_chat_and_its_downgrade_drops_it(any_db: str) -> None:
    from sqlalchemy import create_engine, inspect

    from meeples.server import schema

    url = database_url(any_db)
    Store(url).close()
    chat_tables = {"chat_messages", "chat_mutes", "chat_reports", "chat_bans"}

    def shape() -> tuple[set[str], bool]:
        engine = create_engine(url)
        try:
            found = inspect(engine)
            columns = {c["name"] for c in found.get_columns("matches")}
            return chat_tables & set(found.get_table_names()), "chat" in columns
        finally:
            engine.dispose()

    assert shape() == (chat_tables, True)
    engine = schema.engine_for(url)
    try:
        assert schema.downgrade(engine, "0006") == (schema.head(), "0006")
        assert shape() == (set(), False)
        assert schema.upgrade(engine) == ("0006", schema.head())
    finally:
        engine.dispose()
    assert shape() == (chat_tables, True)
