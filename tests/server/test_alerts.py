"""Turn alerts by e-mail (issue 25, point 3), against a real SMTP server on loopback (aiosmtpd):
a turn mail goes once per turn, not to a player who is watching, never twice (not after a
restart either), stops after one click on its unsubscribe link, refuses addresses that would
inject headers, and an SMTP server that is down stops no game."""

from __future__ import annotations

import email
import email.policy
import socket
import threading
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from starlette.testclient import TestClient

from meeples.server import alerts
from meeples.server.app import create_app
from meeples.server.mail import MailSettings
from tests.server.conftest import Device, cheap_hasher, receive

SITE = "http://meeples.test"


class Inbox:
    """What the SMTP server received: each message, parsed, and its envelope's recipients."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], EmailMessage]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append((list(envelope.rcpt_tos), message))  # type: ignore[arg-type]
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    """A real SMTP server on loopback and what it receives."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield inbox, controller.port
    finally:
        controller.stop()


def settings(port: int, **changes: Any) -> MailSettings:
    options: dict[str, Any] = {"host": "127.0.0.1", "port": port, "security": "none",
                               "sender": "meeples@example.org", "site": SITE,
                               "timeout": 5.0, "retry_after": 0.05, **changes}
    return MailSettings(**options)


def mail_app(db: str, port: int, **changes: Any) -> TestClient:
    return TestClient(create_app(db, bot_delay=0, password_hasher=cheap_hasher(),
                                 mail=settings(port, **changes)))


@pytest.fixture
def mailing(db: str, smtp: tuple[Inbox, int]) -> Iterator[TestClient]:
    with mail_app(db, smtp[1]) as client:
        yield client


def settle(client: TestClient) -> None:
    """Wait until every mail decided was sent or given up."""
    client.portal.call(client.app.state.alerts.idle)  # type: ignore[union-attr,attr-defined]


def want_mails(device: Device, address: str = "bea@example.org", **choice: Any) -> None:
    body = {"email": address, "turn": True, "low_time": True, **choice}
    answer = device.request("PUT", "/api/me/alerts", json=body)
    assert answer.status_code == 200, answer.text


def two_players(client: TestClient) -> tuple[Device, Device, dict[str, Any]]:
    """Ana (seat 0) and Bea (seat 1, claimed while signed in, and who wants mails)."""
    ana, bea = Device(client), Device(client)
    ana.sign_up("Ana")
    bea.sign_up("Bea")
    answer = ana.post("/api/matches", json={
        "game": "sparta", "seats": [{"kind": "human", "name": "Ana"},
                                    {"kind": "human", "open": True}]})
    assert answer.status_code == 201, answer.text
    match: dict[str, Any] = answer.json()
    assert bea.post(f"/api/matches/{match['id']}/claim").status_code == 200
    want_mails(bea)
    return ana, bea, match


def play_one(device: Device, match_id: str) -> dict[str, Any]:
    """Take up the device's seat with its session, play its first legal action; return the
    state after it."""
    with device.websocket(match_id) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        state = receive(ws)
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        after = receive(ws)
    assert after["version"] == state["version"] + 1, after
    return after


def test_a_turn_mail_is_sent_when_the_turn_passes_to_an_absent_account(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, _, match = two_players(mailing)
    play_one(ana, match["id"])
    settle(mailing)
    inbox = smtp[0]
    assert len(inbox.messages) == 1
    to, message = inbox.messages[0]
    assert to == ["bea@example.org"] and message["To"] == "bea@example.org"
    assert message["Subject"] == "Your turn in Sparta"
    assert message["Message-ID"].endswith("@meeples.test>")
    assert message.get_content_type() == "text/plain"
    body = message.get_content()
    assert f"{SITE}/#/m/{match['id']}" in body and "against Ana" in body
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["List-Unsubscribe"] == f"<{SITE}/unsubscribe?t=" + body.split(
        "/unsubscribe?t=")[1].split()[0] + ">"
    from sqlalchemy import select

    from meeples.server.tables import alerts_sent

    with mailing.app.state.store.engine.connect() as conn:  # type: ignore[attr-defined]
        rows = conn.execute(select(alerts_sent)).all()
    assert [(r.match_id, r.ply, r.kind, r.sent is not None) for r in rows] == [
        (match["id"], 1, "turn", True)]


def test_no_turn_mail_while_the_account_watches_the_match(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, bea, match = two_players(mailing)
    with bea.websocket(match["id"]) as watching:
        watching.send_json({"type": "hello", "tokens": []})
        assert receive(watching)["seats"] == [1]
        play_one(ana, match["id"])
        settle(mailing)
    assert smtp[0].messages == []


def test_no_second_mail_for_the_same_turn_even_after_a_restart(
    db: str, smtp: tuple[Inbox, int],
) -> None:
    with mail_app(db, smtp[1]) as client:
        ana, _, match = two_players(client)
        play_one(ana, match["id"])
        settle(client)
    assert len(smtp[0].messages) == 1
    with mail_app(db, smtp[1]) as again:  # a restart (or another worker) decides it again
        room = again.portal.call(again.app.state.lobby.get, match["id"])  # type: ignore[union-attr,attr-defined]
        assert room.to_move == 1 and not room.is_held(1)
        told = again.app.state.alerts  # type: ignore[attr-defined]

        async def decide() -> None:
            told.turn_moved(room)

        again.portal.call(decide)  # type: ignore[union-attr]
        assert again.portal.call(again.app.state.alerts.time_low, room, 1, 600.0) is True  # type: ignore[union-attr,attr-defined]
        settle(again)
    kinds = [message["Subject"] for _, message in smtp[0].messages]
    assert kinds == ["Your turn in Sparta", "Your time runs low in Sparta"]


def test_the_low_time_mail_goes_once_per_turn_and_says_the_time_left(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, _, match = two_players(mailing)
    play_one(ana, match["id"])
    room = mailing.portal.call(mailing.app.state.lobby.get, match["id"])  # type: ignore[union-attr,attr-defined]
    time_low = mailing.app.state.alerts.time_low  # type: ignore[attr-defined]
    assert mailing.portal.call(time_low, room, 1, 599.0) is True  # type: ignore[union-attr]
    assert mailing.portal.call(time_low, room, 1, 300.0) is False  # type: ignore[union-attr]
    assert mailing.portal.call(time_low, room, 0, 300.0) is False  # type: ignore[union-attr]
    settle(mailing)
    low = [m for _, m in smtp[0].messages if m["Subject"].startswith("Your time")]
    assert len(low) == 1 and "You have 10 minutes left" in low[0].get_content()


def test_the_mail_is_written_in_the_language_the_account_chose(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, bea, match = two_players(mailing)
    want_mails(bea, language="fr")
    play_one(ana, match["id"])
    settle(mailing)
    message = smtp[0].messages[0][1]
    assert message["Subject"] == "À vous de jouer à Sparta"
    assert message["Content-Language"] == "fr" and "contre Ana" in message.get_content()


def unsubscribe_link(message: EmailMessage) -> str:
    url = str(message["List-Unsubscribe"]).strip("<>")
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}" == SITE
    return f"{parts.path}?{parts.query}"


def test_one_click_on_the_unsubscribe_link_stops_the_mails(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, bea, match = two_players(mailing)
    play_one(ana, match["id"])
    settle(mailing)
    link = unsubscribe_link(smtp[0].messages[0][1])
    # A mail program's one click (RFC 8058): another site, no session, a form body.
    answer = Device(mailing, origin="https://mail.example.net").post(
        link, content=b"List-Unsubscribe=One-Click",
        headers={"content-type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 200 and "Bea" in answer.text
    assert bea.get("/api/me").json()["alerts"] == {
        "email": "bea@example.org", "turn": False, "low_time": False, "language": "en"}
    play_one(bea, match["id"])
    play_one(ana, match["id"])
    settle(mailing)
    assert len(smtp[0].messages) == 1


def test_following_the_unsubscribe_link_only_asks_to_confirm(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, bea, match = two_players(mailing)
    play_one(ana, match["id"])
    settle(mailing)
    link = unsubscribe_link(smtp[0].messages[0][1])
    page = Device(mailing, origin=None).get(link)
    assert page.status_code == 200 and '<form method="post"' in page.text
    assert bea.get("/api/me").json()["alerts"]["turn"] is True


def test_a_forged_or_altered_unsubscribe_token_is_refused(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, bea, match = two_players(mailing)
    play_one(ana, match["id"])
    settle(mailing)
    link = unsubscribe_link(smtp[0].messages[0][1])
    account = link.split("t=")[1].split(".")[0]
    altered = link[:-1] + ("A" if link[-1] != "A" else "B")
    other = "f" * 32 if account != "f" * 32 else "e" * 32
    for bad in [altered, link.replace(account, other), "/unsubscribe?t=" + account,
                "/unsubscribe"]:
        answer = Device(mailing, origin=None).post(bad)
        assert answer.status_code == 400, bad
    assert bea.get("/api/me").json()["alerts"]["turn"] is True


def test_an_address_that_would_inject_a_header_is_refused(mailing: TestClient) -> None:
    bea = Device(mailing)
    bea.sign_up("Bea")
    for bad in ["bea@example.org\r\nBcc: eve@example.org", "bea@example.org\nBcc: eve@x.org",
                "bea@example.org, eve@example.org", "Bea <bea@example.org>",
                "bea @example.org", "bea", "bea@@example.org", "a@b@example.org",
                "bea@example.org\x00", "bé@example.org", "", "x" * 250 + "@example.org"]:
        answer = bea.request("PUT", "/api/me/alerts",
                             json={"email": bad, "turn": True, "low_time": False})
        assert (answer.status_code, answer.json()["code"]) == (400, "bad_email"), bad
    assert bea.get("/api/me").json()["alerts"] is None


def test_alert_choices_are_an_accounts_own_and_come_from_its_site(mailing: TestClient) -> None:
    guest = Device(mailing)
    body = {"email": "bea@example.org", "turn": True, "low_time": False}
    assert guest.request("PUT", "/api/me/alerts", json=body).status_code == 401
    bea = Device(mailing)
    bea.sign_up("Bea")
    forged = bea.request("PUT", "/api/me/alerts", json=body,
                         headers={"origin": "https://evil.example"})
    assert (forged.status_code, forged.json()["code"]) == (403, "csrf")
    assert bea.request("PUT", "/api/me/alerts", json={**body, "turn": "yes"}).status_code == 400
    assert bea.request("PUT", "/api/me/alerts", json={**body, "bcc": "x"}).status_code == 400
    want_mails(bea, turn=True, low_time=False)
    me = bea.get("/api/me").json()
    assert me["alerts"] == {**body, "language": "en"} and me["mail"] is True
    assert bea.delete("/api/me/alerts").status_code == 200
    assert bea.get("/api/me").json()["alerts"] is None


def test_a_deleted_account_loses_its_address(mailing: TestClient) -> None:
    bea = Device(mailing)
    bea.sign_up("Bea", "correct horse")
    want_mails(bea)
    assert bea.delete("/api/me", json={"password": "correct horse"}).status_code == 200
    from sqlalchemy import func, select

    from meeples.server.tables import account_alerts

    with mailing.app.state.store.engine.connect() as conn:  # type: ignore[attr-defined]
        assert conn.execute(select(func.count()).select_from(account_alerts)).scalar() == 0


def test_an_smtp_server_that_is_down_stops_no_game(db: str, caplog: Any) -> None:
    with mail_app(db, free_port(), attempts=2, retry_after=0.01) as client:
        ana, bea, match = two_players(client)
        play_one(ana, match["id"])
        settle(client)
        mailer = client.app.state.alerts.mailer  # type: ignore[attr-defined]
        assert (mailer.sent, mailer.failed) == (0, 1)
        play_one(bea, match["id"])  # the game goes on
    tries = [r for r in caplog.records if getattr(r, "mail_to", None) == "bea@example.org"]
    assert [r.attempt for r in tries] == [1, 2]  # type: ignore[attr-defined]


def test_without_an_smtp_server_nothing_is_sent_and_choices_are_kept(
    accounts_client: TestClient,
) -> None:
    ana, _, match = two_players(accounts_client)
    play_one(ana, match["id"])
    settle(accounts_client)
    me = Device(accounts_client)
    me.sign_up("Cy")
    want_mails(me, "cy@example.org")
    assert me.get("/api/me").json()["mail"] is False


def test_only_matches_with_long_turns_or_none_are_played_by_correspondence() -> None:
    assert alerts.is_correspondence(None)
    assert alerts.is_correspondence(3 * 86400)
    assert not alerts.is_correspondence(10 * 60)


def test_a_turn_begins_after_another_seats_decision_not_after_chance_or_a_pass() -> None:
    entries = [{"ply": 0, "seat": 0}, {"ply": 1, "seat": 1}, {"ply": 2, "seat": -1},
               {"ply": 3, "seat": 0, "passed": True}, {"ply": 4, "seat": 1}]
    assert alerts.turn_began(entries, 1) == 1
    assert alerts.turn_began(entries, 0) == 5
    assert alerts.turn_began([], 0) == 0


def test_an_unsubscribe_token_holds_only_for_its_account_and_key() -> None:
    key, other_key = b"k" * 32, b"j" * 32
    account = "a" * 32
    token = alerts.unsubscribe_token(key, account)
    assert alerts.account_of_token(key, token) == account
    assert alerts.account_of_token(other_key, token) is None
    assert alerts.account_of_token(key, token.replace("a" * 32, "b" * 32)) is None


def test_every_worker_on_a_database_gets_the_same_unsubscribe_key(tmp_path: Path) -> None:
    from meeples.server.store import Store, database_url

    store = Store(database_url(str(tmp_path / "m.db")))
    try:
        first = alerts.server_secret(store.engine, alerts.UNSUBSCRIBE_KEY)
        assert len(first) == 32
        assert alerts.server_secret(store.engine, alerts.UNSUBSCRIBE_KEY) == first
    finally:
        store.close()


def test_two_workers_claiming_one_mail_get_it_once(tmp_path: Path) -> None:
    from meeples.server.store import Store, database_url

    url = database_url(str(tmp_path / "m.db"))
    first, second = Store(url), Store(url)
    try:
        assert alerts.claim(first.engine, "m1", 4, "a" * 32, alerts.TURN) is True
        assert alerts.claim(second.engine, "m1", 4, "a" * 32, alerts.TURN) is False
        assert alerts.claim(second.engine, "m1", 4, "a" * 32, alerts.LOW_TIME) is True
        assert alerts.claim(second.engine, "m1", 7, "a" * 32, alerts.TURN) is True
    finally:
        first.close()
        second.close()


def test_deleting_a_match_deletes_the_mails_decided_for_it(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    from sqlalchemy import func, select

    from meeples.server.admin import delete_match
    from meeples.server.tables import alerts_sent

    ana, _, match = two_players(mailing)
    play_one(ana, match["id"])
    settle(mailing)
    store = mailing.app.state.store  # type: ignore[attr-defined]
    count = select(func.count()).select_from(alerts_sent)
    with store.engine.connect() as conn:
        assert conn.execute(count).scalar() == 1
    delete_match(store, match["id"], "test")
    with store.engine.connect() as conn:
        assert conn.execute(count).scalar() == 0


def test_revision_0010_adds_the_alert_tables_and_its_downgrade_drops_them(any_db: str) -> None:
    from sqlalchemy import create_engine, inspect

    from meeples.server import schema
    from meeples.server.store import Store, database_url

    def tables() -> set[str]:
        engine = create_engine(url)
        try:
            return set(inspect(engine).get_table_names())
        finally:
            engine.dispose()

    url = database_url(any_db)
    Store(url).close()
    added = {"account_alerts", "alerts_sent", "server_secrets"}
    assert added <= tables()
    engine = schema.engine_for(url)
    try:
        assert schema.downgrade(engine, "0006") == (schema.head(), "0006")
        assert not added & tables() and "accounts" in tables()
        assert schema.upgrade(engine) == ("0006", schema.head())
    finally:
        engine.dispose()
    assert added <= tables()


def test_a_turn_taken_back_and_played_again_sends_no_second_mail(
    mailing: TestClient, smtp: tuple[Inbox, int],
) -> None:
    ana, _, match = two_players(mailing)
    with ana.websocket(match["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        state = receive(ws)
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        moved = receive(ws)
        assert moved["to_move"] == 1
        settle(mailing)
        ws.send_json({"type": "undo", "version": moved["version"]})
        back = receive(ws)
        assert back["to_move"] == 0 and back["version"] > moved["version"]
        ws.send_json({"type": "act", "action": back["legal"][-1]["action"],
                      "version": back["version"]})
        assert receive(ws)["to_move"] == 1
    settle(mailing)
    assert len(smtp[0].messages) == 1  # the same turn of Bea's, begun at the same ply


def test_across_two_workers_a_watcher_gets_no_mail_and_an_absent_player_one(
    postgres_url: str, redis_url: str, smtp: tuple[Inbox, int],
) -> None:
    import redis

    from tests.server.test_cluster_accounts import at, two_workers

    flushed = redis.Redis.from_url(redis_url)
    flushed.flushdb()
    flushed.close()
    for on_a, on_b in two_workers(postgres_url, redis_url, mail=settings(smtp[1])):
        ana, bea, match = two_players(on_a)  # the match is held by worker a
        with at(on_b, bea).websocket(match["id"]) as watching:  # relayed by b to a
            watching.send_json({"type": "hello", "tokens": []})
            assert receive(watching)["seats"] == [1]
            play_one(ana, match["id"])
            settle(on_a)
            settle(on_b)
            assert smtp[0].messages == []
        play_one(at(on_b, bea), match["id"])
        play_one(at(on_b, ana), match["id"])  # Bea's turn again, Bea away
        settle(on_a)
        settle(on_b)
    assert [to for to, _ in smtp[0].messages] == [["bea@example.org"]]
