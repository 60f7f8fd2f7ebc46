"""What an attacker tries against accounts (issue 25, point 6): session fixation, cross-site
requests, timing, guessing passwords, a token and a session for one seat, another account's
data, a deleted account's seats, and the cookie's flags behind https."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import create_engine, select
from starlette.testclient import TestClient

from meeples.server import sessions
from meeples.server.app import create_app
from meeples.server.store import database_url
from meeples.server.tables import accounts as accounts_table
from meeples.server.tables import sessions as sessions_table
from tests.server.conftest import Device, LiveServer, cheap_hasher, receive

EVIL = "https://evil.example"
TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def new_match(device: Device, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "sparta")
    body.setdefault("seats", TWO_HUMANS)
    answer = device.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def hello(device: Device, match_id: str, tokens: list[str] | None = None,
          origin: str | None = None) -> dict[str, Any]:
    with device.websocket(match_id, origin) as ws:
        ws.send_json({"type": "hello", "tokens": tokens or []})
        state = receive(ws)
    return state


# --- session fixation -----------------------------------------------------------------------


def test_signing_in_makes_a_new_session_id_whatever_cookie_came_with_it(
    accounts_client: TestClient,
) -> None:
    mallory = Device(accounts_client)
    mallory.sign_up("Mallory")
    planted = mallory.session  # Mallory's own valid session, planted in Ana's browser
    Device(accounts_client).sign_up("Ana", "open sesame")
    victim = Device(accounts_client)
    victim.session = planted
    answer = victim.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    assert answer.status_code == 200
    assert victim.session is not None and victim.session != planted
    mallory_again = Device(accounts_client)
    mallory_again.session = planted  # the planted id opens nothing now, Ana's account least
    assert mallory_again.get("/api/me").status_code == 401
    assert victim.get("/api/me").json()["name"] == "Ana"


def test_an_unknown_session_id_in_the_cookie_is_never_adopted(accounts_client: TestClient
                                                              ) -> None:
    Device(accounts_client).sign_up("Ana", "open sesame")
    victim = Device(accounts_client)
    victim.session = "chosen-by-the-attacker"
    victim.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    assert victim.session != "chosen-by-the-attacker"
    attacker = Device(accounts_client)
    attacker.session = "chosen-by-the-attacker"
    assert attacker.get("/api/me").status_code == 401


def test_the_database_keeps_only_hashes_of_passwords_and_session_ids(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, password_hasher=cheap_hasher())) as client:
        ana = Device(client)
        ana.sign_up("Ana", "open sesame")
        session = ana.session
    engine = create_engine(database_url(db))
    with engine.connect() as conn:
        stored = conn.execute(select(accounts_table.c.password_hash)).scalar_one()
        ids = list(conn.execute(select(sessions_table.c.id_hash)).scalars())
    engine.dispose()
    assert stored.startswith("$argon2id$") and "open sesame" not in stored
    assert session is not None and ids == [sessions.hash_session(session)]


# --- cross-site requests --------------------------------------------------------------------


def test_a_signed_in_change_from_another_site_is_refused(accounts_client: TestClient) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana", "open sesame")
    open_match = new_match(ana, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    for method, path, body in [
        ("POST", "/api/matches", {"game": "sparta"}),
        ("POST", f"/api/matches/{open_match['id']}/claim", None),
        ("DELETE", "/api/session", None),
        ("DELETE", "/api/session?everywhere=true", None),
        ("DELETE", "/api/me", {"password": "open sesame"}),
    ]:
        for headers in [{"origin": EVIL}, {"origin": "null"}, {"origin": "http://testserver.evil"},
                        {"origin": "", "sec-fetch-site": "cross-site"}]:
            answer = ana.request(method, path, json=body, headers=headers)
            assert (answer.status_code, answer.json()["code"]) == (403, "csrf"), (path, headers)
    assert ana.get("/api/me").json()["name"] == "Ana"  # nothing happened
    assert ana.get("/api/me").json()["matches"][0]["id"] == open_match["id"]
    assert refusals(accounts_client, "cross_site") >= 20  # counted in the metrics


def test_a_change_without_origin_passes_only_when_the_browser_says_same_origin(
    accounts_client: TestClient,
) -> None:
    ana = Device(accounts_client, origin=None)
    refused = ana.post("/api/accounts", json={"name": "Ana", "password": "open sesame"})
    assert (refused.status_code, ana.session) == (403, None)
    answer = ana.post("/api/accounts", json={"name": "Ana", "password": "open sesame"},
                      headers={"sec-fetch-site": "same-origin"})
    assert answer.status_code == 201 and ana.session is not None
    assert ana.post("/api/matches", json={"game": "sparta"}).status_code == 403
    answer = ana.post("/api/matches", json={"game": "sparta"},
                      headers={"sec-fetch-site": "same-origin"})
    assert answer.status_code == 201


def test_signing_in_and_creating_an_account_from_another_site_are_refused(
    accounts_client: TestClient,
) -> None:
    Device(accounts_client).sign_up("Mallory", "mallory's password")
    victim = Device(accounts_client, origin=EVIL)  # login CSRF: into the attacker's account
    answer = victim.post("/api/session", json={"name": "Mallory",
                                               "password": "mallory's password"})
    assert (answer.status_code, answer.json()["code"], victim.session) == (403, "csrf", None)
    answer = victim.post("/api/accounts", json={"name": "Other", "password": "long enough"})
    assert (answer.status_code, answer.json()["code"]) == (403, "csrf")


def test_a_guest_without_a_cookie_still_creates_from_anywhere(accounts_client: TestClient
                                                              ) -> None:
    program = Device(accounts_client, origin=None)
    assert program.post("/api/matches", json={"game": "sparta"}).status_code == 201
    page = Device(accounts_client, origin=EVIL)
    assert page.post("/api/matches", json={"game": "sparta"}).status_code == 201


def test_a_socket_opened_by_another_sites_page_gets_no_seat_of_the_session(
    accounts_client: TestClient,
) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    match = new_match(ana)
    assert hello(ana, match["id"], origin=EVIL)["seat"] is None
    assert hello(ana, match["id"], origin="null")["seat"] is None
    assert hello(ana, match["id"])["seat"] == 0


# --- timing and guessing --------------------------------------------------------------------


class CountingHasher(PasswordHasher):
    """A cheap hasher that counts its verifications."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.verified: list[str] = []

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:  # noqa: A002
        self.verified.append(str(hash))
        return super().verify(hash, password)


def test_an_unknown_name_is_verified_against_a_dummy_hash_like_a_wrong_password(
    db: str,
) -> None:
    hasher = CountingHasher()
    with TestClient(create_app(db, bot_delay=0, password_hasher=hasher)) as client:
        Device(client).sign_up("Ana", "open sesame")
        for name, password in [("Ana", "wrong password"), ("Nobody", "wrong password"),
                               ("x", "a name that cannot exist"), ("Ana", "open sesame"),
                               ("Ana", 12345678)]:
            hasher.verified.clear()
            Device(client).post("/api/session", json={"name": name, "password": password})
            assert len(hasher.verified) == 1, name
            assert hasher.verified[0].startswith("$argon2id$v=19$m=8,t=1,p=1$")


def test_an_unknown_name_takes_as_long_as_a_wrong_password(db: str) -> None:
    """Timed with a hasher slow enough (~20 ms) to stand above the request's own cost."""
    hasher = PasswordHasher(time_cost=2, memory_cost=8192, parallelism=1)
    with TestClient(create_app(db, bot_delay=0, password_hasher=hasher,
                               sign_in_rate=(100.0, 100.0), name_sign_in_rate=(100.0, 100.0))
                    ) as client:
        Device(client).sign_up("Ana", "open sesame")

        def timed(name: str) -> float:
            started = time.perf_counter()
            answer = Device(client).post("/api/session", json={"name": name,
                                                               "password": "wrong password"})
            assert answer.status_code == 401
            return time.perf_counter() - started

        timed("Nobody")  # the dummy hash is made at the first use: not timed
        pairs = [(timed("Ana"), timed("Nobody")) for _ in range(11)]  # interleaved: the
        wrong = statistics.median(w for w, _ in pairs)  # machine's load hits both alike
        unknown = statistics.median(u for _, u in pairs)
    assert unknown > 0.5 * wrong and wrong > 0.5 * unknown, (unknown, wrong)


def refusals(client: TestClient, limit: str) -> float:
    """Return the server's count of refusals by a limit (GET /metrics)."""
    from prometheus_client.parser import text_string_to_metric_families

    for family in text_string_to_metric_families(client.get("/metrics").text):
        for sample in family.samples:
            if sample.name == "meeples_refused_total" and sample.labels == {"limit": limit}:
                return float(sample.value)
    return 0.0


def test_sign_ins_are_limited_per_name_whatever_the_password(db: str) -> None:
    app = create_app(db, bot_delay=0, password_hasher=cheap_hasher(),
                     sign_in_rate=(100.0, 100.0), name_sign_in_rate=(0.001, 3))
    with TestClient(app) as client:
        Device(client).sign_up("Ana", "open sesame")
        Device(client).sign_up("Bea", "open sesame")
        before = refusals(client, "sign_ins")
        codes = [Device(client).post("/api/session", json={"name": "ana", "password": "guess"}
                                     ).status_code for _ in range(3)]
        right = Device(client).post("/api/session", json={"name": "ANA",
                                                          "password": "open sesame"})
        other = Device(client).post("/api/session", json={"name": "Bea",
                                                          "password": "open sesame"})
        assert refusals(client, "sign_ins") - before == 1  # counted in the metrics
    assert codes == [401, 401, 401]
    assert (right.status_code, right.json()["code"]) == (429, "too_many")
    assert other.status_code == 200


def test_sign_ins_and_account_creations_are_limited_per_address(db: str) -> None:
    app = create_app(db, bot_delay=0, password_hasher=cheap_hasher(),
                     sign_in_rate=(0.001, 4), name_sign_in_rate=(100.0, 100.0))
    with TestClient(app) as client:
        Device(client).sign_up("Ana", "open sesame")
        codes = [Device(client).post("/api/session", json={"name": f"user{i}",
                                                           "password": "guess me"}).status_code
                 for i in range(4)]
        created = Device(client).post("/api/accounts", json={"name": "Bea",
                                                             "password": "open sesame"})
    assert codes == [401, 401, 401, 429]
    assert created.status_code == 429


# --- a token and a session for one seat; another account's data ------------------------------


def test_a_token_and_a_session_for_the_same_seat_hold_it_once(accounts_client: TestClient
                                                               ) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    match = new_match(ana)
    tokens = [match["seats"][0]["token"]]
    with ana.websocket(match["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": tokens})
        state = receive(ws)
        assert (state["seat"], state["seats"]) == (0, [0])


def test_another_accounts_token_opens_the_seat_but_never_binds_it(accounts_client: TestClient
                                                                  ) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    match = new_match(ana)
    bea = Device(accounts_client)
    bea.sign_up("Bea")
    assert hello(bea, match["id"], [match["seats"][0]["token"]])["seats"] == [0]
    assert bea.get("/api/me").json()["matches"] == []
    assert hello(bea, match["id"])["seat"] is None  # her session alone opens nothing
    assert hello(ana, match["id"])["seats"] == [0]  # it stays Ana's


def test_an_account_reads_its_own_me_only(accounts_client: TestClient) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    match = new_match(ana)
    bea = Device(accounts_client)
    bea.sign_up("Bea")
    for path in ["/api/me", "/api/me?name=Ana", f"/api/me?account={match['id']}"]:
        body = bea.get(path).json()
        assert (body["name"], body["matches"]) == ("Bea", []), path
    assert bea.get("/api/me/Ana").status_code == 404
    assert bea.get("/api/me", headers={"cookie": "meeples_session=x; a=b"}).status_code == 401


# --- a deleted account's seats --------------------------------------------------------------


def test_a_deleted_accounts_seats_open_with_their_tokens_only(accounts_client: TestClient
                                                              ) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana", "open sesame")
    laptop = Device(accounts_client)
    laptop.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    match = new_match(ana)
    assert hello(laptop, match["id"])["seats"] == [0]
    answer = ana.delete("/api/me", json={"password": "open sesame"})
    assert answer.json() == {"deleted": "Ana", "unbound": 1}
    assert laptop.get("/api/me").status_code == 401  # every session ended
    assert hello(laptop, match["id"])["seat"] is None
    impostor = Device(accounts_client)
    impostor.sign_up("Ana", "open sesame")  # the same name and password: another account
    assert impostor.get("/api/me").json()["matches"] == []
    assert hello(impostor, match["id"])["seat"] is None
    guest = Device(accounts_client)  # the token still opens the seat
    assert hello(guest, match["id"], [match["seats"][0]["token"]])["seats"] == [0]


# --- the cookie behind https ----------------------------------------------------------------


def test_the_cookie_is_secure_over_https(db: str) -> None:
    app = create_app(db, bot_delay=0, password_hasher=cheap_hasher())
    with TestClient(app, base_url="https://testserver") as client:
        answer = client.post("/api/accounts", json={"name": "Ana", "password": "open sesame"},
                             headers={"origin": "https://testserver"})
    assert answer.status_code == 201
    assert "Secure" in answer.headers["set-cookie"]


@pytest.mark.parametrize(("trusted", "secure"), [("127.0.0.1", True), ("192.0.2.1", False)])
def test_the_cookie_is_secure_behind_a_trusted_https_proxy_only(
    tmp_path: Path, trusted: str, secure: bool
) -> None:
    app = create_app(str(tmp_path / "proxy.db"), bot_delay=0, password_hasher=cheap_hasher())
    with LiveServer(app, proxy_headers=True, forwarded_allow_ips=trusted) as server:
        answer = httpx.post(f"{server.url}/api/accounts",
                            json={"name": "Ana", "password": "open sesame"},
                            headers={"x-forwarded-proto": "https",
                                     "origin": f"http://127.0.0.1:{server.port}"})
    assert answer.status_code == 201, answer.text
    assert ("Secure" in answer.headers["set-cookie"]) is secure


def closed_with(ws: Any) -> int:
    """Read a connection until it closes; return its close code."""
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            ws.receive_json()
    return closed.value.code


def test_signing_out_everywhere_closes_the_accounts_open_connections(
    accounts_client: TestClient,
) -> None:
    """A lost phone's open game is cut at once, not at its next reconnection."""
    phone = Device(accounts_client)
    phone.sign_up("Ana", "open sesame")
    match = new_match(phone)
    laptop = Device(accounts_client)
    laptop.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    guest = Device(accounts_client)
    with phone.websocket(match["id"]) as ws, guest.websocket(match["id"]) as watching:
        ws.send_json({"type": "hello", "tokens": []})
        assert receive(ws)["seats"] == [0]
        watching.send_json({"type": "hello", "tokens": []})
        receive(watching)
        laptop.delete("/api/session?everywhere=true")
        assert closed_with(ws) == sessions.SIGNED_OUT
        watching.send_json({"type": "ping"})  # a guest's connection stays
        assert watching.receive_json() == {"type": "pong"}
    assert hello(phone, match["id"])["seat"] is None  # back as a guest


def test_deleting_the_account_closes_its_open_connections(accounts_client: TestClient) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana", "open sesame")
    match = new_match(ana)
    with ana.websocket(match["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        receive(ws)
        ana.delete("/api/me", json={"password": "open sesame"})
        assert closed_with(ws) == sessions.SIGNED_OUT


def test_a_hash_made_with_older_parameters_is_made_again_at_sign_in(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, password_hasher=cheap_hasher())) as client:
        Device(client).sign_up("Ana", "open sesame")
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    with TestClient(create_app(db, bot_delay=0, password_hasher=stronger)) as client:
        answer = Device(client).post("/api/session", json={"name": "Ana",
                                                           "password": "open sesame"})
    assert answer.status_code == 200
    engine = create_engine(database_url(db))
    with engine.connect() as conn:
        stored = conn.execute(select(accounts_table.c.password_hash)).scalar_one()
    engine.dispose()
    assert stored.startswith("$argon2id$v=19$m=16,t=2,p=1$")
