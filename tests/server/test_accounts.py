"""Player accounts over HTTP (issue 25, point 1): create, sign in, sign out, /api/me, delete.

What an attacker tries is in test_account_security.py; seats bound to accounts in
test_account_seats.py.
"""

from __future__ import annotations

from starlette.testclient import TestClient

from meeples.server import sessions
from tests.server.conftest import Device


def test_creating_an_account_answers_201_and_an_httponly_lax_session_cookie(
    accounts_client: TestClient,
) -> None:
    ana = Device(accounts_client)
    answer = ana.sign_up("Ana")
    assert answer.json() == {"name": "Ana"}
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{sessions.COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain http: a Secure cookie would never come back
    assert ana.get("/api/me").json()["name"] == "Ana"


def test_names_are_unique_once_casefolded(accounts_client: TestClient) -> None:
    Device(accounts_client).sign_up("Ana")
    answer = Device(accounts_client).post(
        "/api/accounts", json={"name": "ANA", "password": "another one"})
    assert (answer.status_code, answer.json()["code"]) == (409, "name_taken")
    assert "set-cookie" not in answer.headers


def test_a_password_has_at_least_8_characters(accounts_client: TestClient) -> None:
    answer = Device(accounts_client).post(
        "/api/accounts", json={"name": "Ana", "password": "1234567"})
    assert (answer.status_code, answer.json()["code"]) == (400, "weak_password")
    assert Device(accounts_client).post(
        "/api/accounts", json={"name": "Ana", "password": "12345678"}).status_code == 201


def test_a_name_is_2_to_24_letters_digits_or_marks(accounts_client: TestClient) -> None:
    for bad in ["A", "x" * 25, "a b", "<script>", "", 12]:
        answer = Device(accounts_client).post(
            "/api/accounts", json={"name": bad, "password": "long enough"})
        assert (answer.status_code, answer.json()["code"]) == (400, "bad_name"), bad
    assert Device(accounts_client).post(
        "/api/accounts", json={"name": "Zoé_2.0-b", "password": "long enough"}
    ).status_code == 201


def test_a_request_that_is_not_name_and_password_is_malformed(
    accounts_client: TestClient,
) -> None:
    device = Device(accounts_client)
    for body in [{"name": "Ana"}, {"name": "Ana", "password": "long enough", "admin": True},
                 ["Ana", "long enough"]]:
        answer = device.post("/api/accounts", json=body)
        assert (answer.status_code, answer.json()["code"]) == (400, "malformed"), body
    answer = device.post("/api/session", content=b"{not json")
    assert (answer.status_code, answer.json()["code"]) == (400, "malformed")


def test_signing_in_with_the_right_password_opens_a_session(accounts_client: TestClient
                                                            ) -> None:
    Device(accounts_client).sign_up("Ana", "open sesame")
    laptop = Device(accounts_client)
    answer = laptop.post("/api/session", json={"name": "ana", "password": "open sesame"})
    assert (answer.status_code, answer.json()) == (200, {"name": "Ana"})
    assert laptop.get("/api/me").json()["name"] == "Ana"


def test_a_wrong_password_or_an_unknown_name_is_401_and_says_which_of_neither(
    accounts_client: TestClient,
) -> None:
    Device(accounts_client).sign_up("Ana", "open sesame")
    wrong = Device(accounts_client).post(
        "/api/session", json={"name": "Ana", "password": "open sesame!"})
    unknown = Device(accounts_client).post(
        "/api/session", json={"name": "Bea", "password": "open sesame"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {
        "type": "error", "code": "bad_password", "message": "wrong name or password"}
    assert "set-cookie" not in wrong.headers


def test_me_without_a_session_is_401(accounts_client: TestClient) -> None:
    answer = Device(accounts_client).get("/api/me")
    assert (answer.status_code, answer.json()["code"]) == (401, "not_signed_in")
    forged = Device(accounts_client)
    forged.session = "not-a-session"
    assert forged.get("/api/me").status_code == 401


def test_me_tells_the_name_matches_and_ratings(accounts_client: TestClient) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana")
    me = ana.get("/api/me")
    assert me.headers["cache-control"] == "no-store"
    body = me.json()
    assert (body["name"], body["matches"], body["ratings"]) == ("Ana", [], {})
    assert isinstance(body["created"], float)


def test_signing_out_ends_this_session_only(accounts_client: TestClient) -> None:
    phone = Device(accounts_client)
    phone.sign_up("Ana", "open sesame")
    laptop = Device(accounts_client)
    laptop.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    kept = phone.session
    answer = phone.delete("/api/session")
    assert (answer.status_code, answer.json()) == (200, {"ended": 1})
    assert phone.session is None  # the cookie is cleared
    phone.session = kept  # and the session is over on the server too
    assert phone.get("/api/me").status_code == 401
    assert laptop.get("/api/me").status_code == 200


def test_signing_out_everywhere_ends_every_session_of_the_account(
    accounts_client: TestClient,
) -> None:
    phone = Device(accounts_client)
    phone.sign_up("Ana", "open sesame")
    laptop = Device(accounts_client)
    laptop.post("/api/session", json={"name": "Ana", "password": "open sesame"})
    other = Device(accounts_client)
    other.sign_up("Bea")
    answer = phone.delete("/api/session?everywhere=true")
    assert (answer.status_code, answer.json()) == (200, {"ended": 2})
    assert laptop.get("/api/me").status_code == 401
    assert other.get("/api/me").status_code == 200
    assert Device(accounts_client).delete("/api/session?everywhere=true").status_code == 401


def test_deleting_ones_account_needs_the_password_and_frees_the_name(
    accounts_client: TestClient,
) -> None:
    ana = Device(accounts_client)
    ana.sign_up("Ana", "open sesame")
    wrong = ana.delete("/api/me", json={"password": "not it at all"})
    assert (wrong.status_code, wrong.json()["code"]) == (401, "bad_password")
    answer = ana.delete("/api/me", json={"password": "open sesame"})
    assert (answer.status_code, answer.json()) == (200, {"deleted": "Ana", "unbound": 0})
    assert ana.session is None
    again = Device(accounts_client)
    assert again.post("/api/session", json={"name": "Ana", "password": "open sesame"}
                      ).status_code == 401
    again.sign_up("Ana", "a new password")  # the name is free again


def test_deleting_without_a_session_is_401(accounts_client: TestClient) -> None:
    answer = Device(accounts_client).delete("/api/me", json={"password": "open sesame"})
    assert (answer.status_code, answer.json()["code"]) == (401, "not_signed_in")


def test_get_session_says_who_is_signed_in_without_a_401(accounts_client: TestClient) -> None:
    guest = Device(accounts_client)
    assert (guest.get("/api/session").status_code, guest.get("/api/session").json()) == (
        200, {"name": None})
    guest.sign_up("Ana")
    assert guest.get("/api/session").json() == {"name": "Ana"}
