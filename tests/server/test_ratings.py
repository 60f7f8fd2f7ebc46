"""Ratings (issue 25, point 4): who may play a rated match, each account's rating updated once
at its end (OpenSkill's Plackett-Luce, checked against the library itself), and where ratings
are shown (``GET /api/me``, ``GET /api/ratings/{game}``, the players of a state message)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import func, insert, inspect, select
from starlette.testclient import TestClient

from meeples.server import admin, ratings, schema
from meeples.server.app import create_app
from meeples.server.store import MatchEvent, Seat, Store, StoredMatch, database_url
from meeples.server.tables import rating_changes
from meeples.server.tables import ratings as rating_table
from tests.server.conftest import Device, cheap_hasher, receive

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
MODEL = PlackettLuce()


def rated(device: Device, **body: Any) -> dict[str, Any]:
    """Create a rated match (two humans on Sparta unless told otherwise)."""
    body.setdefault("game", "sparta")
    body.setdefault("seats", TWO_HUMANS)
    answer = device.post("/api/matches", json={**body, "rated": True})
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    return found


def refusal(device: Device, **body: Any) -> tuple[int, str, str | None]:
    """Return the status, code and message key of a rated creation refused."""
    body.setdefault("game", "sparta")
    body.setdefault("seats", TWO_HUMANS)
    answer = device.post("/api/matches", json={**body, "rated": True})
    data = answer.json()
    return answer.status_code, data["code"], data.get("msg", {}).get("key")


def take_up(device: Device, match: dict[str, Any], seat: int) -> dict[str, Any]:
    """Open a seat with its token on a fresh connection; return the state (or the error)."""
    with device.websocket(match["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": [match["seats"][seat]["token"]]})
        return receive(ws)


def resign(device: Device, match_id: str) -> dict[str, Any]:
    """Resign the device's seat (its session's); return the state that follows."""
    with device.websocket(match_id) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        receive(ws)
        ws.send_json({"type": "resign"})
        return receive(ws)


def me(device: Device) -> dict[str, Any]:
    answer = device.get("/api/me")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def players(count: int, client: TestClient) -> list[Device]:
    out = []
    for name in ["Ana", "Bo", "Cy", "Di"][:count]:
        device = Device(client)
        device.sign_up(name)
        out.append(device)
    return out


# --- creation --------------------------------------------------------------------------------


def test_rated_creation_needs_a_session(accounts_client: TestClient) -> None:
    answer = Device(accounts_client).post(
        "/api/matches", json={"game": "sparta", "seats": TWO_HUMANS, "rated": True})
    assert (answer.status_code, answer.json()["code"]) == (401, "not_signed_in")


@pytest.mark.parametrize(("body", "key"), [
    ({"warm": {"after": 60}}, "core.rated.refused.warm"),
    ({"mine": [0, 1]}, "core.rated.refused.hotseat"),
    ({"tutorial": True, "seats": []}, "core.rated.refused.tutorial"),
    ({"position": "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S"
                  " 8/8 0 0"}, "core.rated.refused.position"),
    ({"seats": [{"kind": "bot"}, {"kind": "bot"}]}, "core.rated.refused.no_human"),
], ids=["warm", "hotseat", "tutorial", "position", "bots_only"])
def test_rated_creation_is_refused_with_a_code_and_a_message_key(
    accounts_client: TestClient, body: dict[str, Any], key: str,
) -> None:
    ana = players(1, accounts_client)[0]
    assert refusal(ana, **body) == (400, "not_rateable", key)
    assert me(ana)["matches"] == []


def test_a_human_against_a_bot_may_be_rated(accounts_client: TestClient) -> None:
    ana = players(1, accounts_client)[0]
    match = rated(ana, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    state = take_up(ana, match, 0)
    assert state["rated"]["state"] == "pending"
    assert state["players"][1]["rating"] == ratings.bot_entry("sparta", "easy")
    assert state["players"][0]["account"] == "Ana"


# --- who may take a seat -----------------------------------------------------------------


def test_a_guest_cannot_claim_an_open_seat_of_a_rated_game(accounts_client: TestClient) -> None:
    ana = players(1, accounts_client)[0]
    match = rated(ana, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    answer = Device(accounts_client).post(f"/api/matches/{match['id']}/claim")
    assert (answer.status_code, answer.json()["code"]) == (409, "account_needed")


def test_a_guest_cannot_take_up_an_unbound_seat_of_a_rated_game(
    accounts_client: TestClient,
) -> None:
    ana = players(1, accounts_client)[0]
    match = rated(ana)
    refused = take_up(Device(accounts_client), match, 1)
    assert (refused["type"], refused["code"]) == ("error", "account_needed")


def test_one_account_cannot_take_up_two_seats_of_a_rated_game(
    accounts_client: TestClient,
) -> None:
    ana = players(1, accounts_client)[0]
    match = rated(ana)
    refused = take_up(ana, match, 1)  # the invite link of the other seat, opened by Ana
    assert (refused["type"], refused["code"]) == ("error", "one_seat_each")


def test_one_account_cannot_claim_a_second_seat_of_a_rated_game(
    accounts_client: TestClient,
) -> None:
    ana = players(1, accounts_client)[0]
    match = rated(ana, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    answer = ana.post(f"/api/matches/{match['id']}/claim")
    assert (answer.status_code, answer.json()["code"]) == (409, "one_seat_each")


# --- the end -------------------------------------------------------------------------------


def two_player_game(client: TestClient) -> tuple[Device, Device, dict[str, Any]]:
    ana, bo = players(2, client)
    match = rated(ana)
    assert take_up(bo, match, 1)["seat"] == 1
    return ana, bo, match


def test_a_resignation_counts_as_a_loss(accounts_client: TestClient) -> None:
    ana, bo, match = two_player_game(accounts_client)
    state = resign(bo, match["id"])
    (won,), (lost,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert state["rated"]["state"] == "applied"
    assert me(ana)["ratings"]["sparta"]["rating"] == ratings.shown(won.mu)
    assert me(bo)["ratings"]["sparta"]["rating"] == ratings.shown(lost.mu)
    assert ratings.shown(won.mu) > 1500 > ratings.shown(lost.mu)
    assert state["players"][1]["rating"]["change"] == ratings.shown(lost.mu) - 1500


def test_a_two_player_rated_game_updates_both_ratings_as_openskill_does(
    accounts_client: TestClient, db: str,
) -> None:
    ana, bo, first = two_player_game(accounts_client)
    resign(bo, first["id"])
    second = rated(bo, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    claimed = ana.post(f"/api/matches/{second['id']}/claim")
    assert claimed.status_code == 200, claimed.text
    resign(ana, second["id"])
    (a1,), (b1,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    (b2,), (a2,) = MODEL.rate([[b1], [a1]], ranks=[1, 2])
    store = Store(database_url(db))
    try:
        held = ratings.account_ratings(store.engine, account_id(store, "Ana"))["sparta"]
    finally:
        store.close()
    assert (held["rating"], held["games"], held["provisional"]) == (
        ratings.shown(a2.mu), 2, True)
    assert me(bo)["ratings"]["sparta"]["rating"] == ratings.shown(b2.mu)


def account_id(store: Store, name: str) -> str:
    from meeples.server import accounts

    found = accounts.find(store.engine, name.casefold())
    assert found is not None
    return found.id


def test_a_three_player_rated_game_ranks_the_resigned_seats_last(
    accounts_client: TestClient,
) -> None:
    ana, bo, cy = players(3, accounts_client)
    match = rated(ana, game="rise_of_tribes", players=3, seats=[{"kind": "human"}] * 3)
    assert take_up(bo, match, 1)["seat"] == 1
    assert take_up(cy, match, 2)["seat"] == 2
    resign(ana, match["id"])
    state = resign(bo, match["id"])
    assert state["outcome"]["ranking"] == [[2], [1], [0]]
    new = [[MODEL.rating()] for _ in range(3)]
    after = MODEL.rate(new, ranks=[3, 2, 1])
    for device, seat in ((ana, 0), (bo, 1), (cy, 2)):
        assert me(device)["ratings"]["rise_of_tribes"]["rating"] == ratings.shown(
            after[seat][0].mu)


def test_a_human_beaten_by_a_bot_is_rated_against_its_fixed_rating(
    accounts_client: TestClient,
) -> None:
    ana = players(1, accounts_client)[0]
    match = rated(ana, seats=[{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    state = resign(ana, match["id"])
    bot = ratings.bot_rating("sparta", "normal")
    (lost,), _ = MODEL.rate([[MODEL.rating()], [MODEL.rating(mu=bot.mu, sigma=bot.sigma)]],
                            ranks=[2, 1])
    assert me(ana)["ratings"]["sparta"]["rating"] == ratings.shown(lost.mu)
    assert state["players"][1]["rating"] == ratings.bot_entry("sparta", "normal")


def test_a_rated_game_that_ends_with_a_seat_unbound_rates_nobody(
    accounts_client: TestClient,
) -> None:
    ana = players(1, accounts_client)[0]
    match = rated(ana, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    state = resign(ana, match["id"])
    assert state["rated"] == {"state": "void", "msg": {"key": "core.rated.void_unbound",
                                                       "params": {}}}
    assert me(ana)["ratings"] == {}
    assert accounts_client.get(f"/api/matches/{match['id']}").json()["rated"] == "void"


def test_the_rematch_of_a_rated_game_is_rated(accounts_client: TestClient) -> None:
    ana, bo, match = two_player_game(accounts_client)
    with bo.websocket(match["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        receive(ws)
        ws.send_json({"type": "resign"})
        receive(ws)
        ws.send_json({"type": "rematch"})
        while (answer := ws.receive_json())["type"] != "rematch":
            pass
    with ana.websocket(answer["id"]) as ws:
        ws.send_json({"type": "hello", "tokens": []})
        state = receive(ws)
    assert (state["seats"], state["rated"]["state"]) == ([0], "pending")


# --- exactly once ---------------------------------------------------------------------------


def finished_rated_match(store: Store, match_id: str, bound: list[str]) -> None:
    """Store a 2-player rated Sparta match whose seat 1 resigned, not rated yet (a server
    stopped between the end and its rating)."""
    seats = [Seat(kind="human", account=account) for account in bound]
    store.create(StoredMatch(id=match_id, game="sparta", players=2, seed=1, options={},
                             position=None, seats=seats, created=time.time(),
                             rating=ratings.PENDING))
    store.add_event(match_id, MatchEvent("resign", 1, 0, time.time()),
                    {"winners": [0], "ranking": [[0], [1]], "reason": "player 2 resigned"})


def two_accounts(store: Store) -> list[str]:
    from meeples.server import accounts

    return [accounts.create(store.engine, name, name.casefold(), "x").id
            for name in ("Ana", "Bo")]


def test_a_match_that_ended_before_a_restart_is_rated_once_at_the_next_starts(db: str) -> None:
    store = Store(database_url(db))
    ana, bo = two_accounts(store)
    finished_rated_match(store, "m1", [ana, bo])
    store.close()
    for _ in range(2):  # two starts: the first rates it, the second finds nothing to do
        with TestClient(create_app(db, bot_delay=0, password_hasher=cheap_hasher())):
            pass
    store = Store(database_url(db))
    try:
        held = ratings.account_ratings(store.engine, ana)["sparta"]
        assert store.load("m1").rating == ratings.APPLIED  # type: ignore[union-attr]
    finally:
        store.close()
    (won,), _ = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert (held["rating"], held["games"]) == (ratings.shown(won.mu), 1)


def test_two_workers_that_see_the_same_end_rate_it_once(any_db: str) -> None:
    url = database_url(any_db)
    first, second = Store(url), Store(url)
    try:
        ana, bo = two_accounts(first)
        finished_rated_match(first, "m1", [ana, bo])
        answers: list[str | None] = []
        workers = [threading.Thread(target=lambda s=s: answers.append(ratings.rate(s.engine,
                                                                                   "m1")))
                   for s in (first, second) for _ in range(3)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert answers == [ratings.APPLIED] * 6
        with first.engine.connect() as conn:
            changes = conn.execute(select(func.count()).select_from(rating_changes)).scalar()
        assert changes == 2  # one per account
        assert ratings.account_ratings(first.engine, ana)["sparta"]["games"] == 1
        assert ratings.account_ratings(first.engine, bo)["sparta"]["games"] == 1
    finally:
        first.close()
        second.close()


def test_two_matches_of_one_account_rated_at_once_both_count(any_db: str) -> None:
    url = database_url(any_db)
    first, second = Store(url), Store(url)
    try:
        ana, bo = two_accounts(first)
        finished_rated_match(first, "m1", [ana, bo])
        finished_rated_match(first, "m2", [ana, bo])
        workers = [threading.Thread(target=ratings.rate, args=(store.engine, match_id))
                   for store, match_id in ((first, "m1"), (second, "m2"))]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        (a1,), (b1,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
        (a2,), (b2,) = MODEL.rate([[a1], [b1]], ranks=[1, 2])  # the same either way round
        held = ratings.account_ratings(first.engine, ana)["sparta"]
        assert (held["games"], held["rating"]) == (2, ratings.shown(a2.mu))
        assert ratings.account_ratings(first.engine, bo)["sparta"]["rating"] == ratings.shown(
            b2.mu)
    finally:
        first.close()
        second.close()


def test_a_match_the_operator_stopped_rates_nobody(db: str) -> None:
    store = Store(database_url(db))
    try:
        ana, bo = two_accounts(store)
        seats = [Seat(kind="human", account=ana), Seat(kind="human", account=bo)]
        store.create(StoredMatch(id="m1", game="sparta", players=2, seed=1, options={},
                                 position=None, seats=seats, created=time.time(),
                                 rating=ratings.PENDING))
        admin.abandon(store, "m1", "test")
        assert ratings.rate(store.engine, "m1") == ratings.VOID
        assert ratings.account_ratings(store.engine, ana) == {}
    finally:
        store.close()


def test_a_match_deleted_before_its_rating_rates_nobody(db: str) -> None:
    store = Store(database_url(db))
    try:
        ana, bo = two_accounts(store)
        finished_rated_match(store, "m1", [ana, bo])
        admin.delete_match(store, "m1", "test")
        assert ratings.rate(store.engine, "m1") is None
        assert ratings.rate_pending(store.engine) == 0
        assert ratings.account_ratings(store.engine, ana) == {}
    finally:
        store.close()


def test_revision_0008_adds_the_rating_tables_and_its_downgrade_drops_them(any_db: str
                                                                           ) -> None:
    url = database_url(any_db)
    store = Store(url)
    ana, bo = two_accounts(store)
    finished_rated_match(store, "m1", [ana, bo])
    ratings.rate(store.engine, "m1")
    store.close()
    engine = schema.engine_for(url)
    try:
        assert schema.downgrade(engine, "0006") == (schema.head(), "0006")
        assert not {"ratings", "rating_changes"} & set(inspect(engine).get_table_names())
        assert schema.upgrade(engine) == ("0006", schema.head())
    finally:
        engine.dispose()
    store = Store(url)  # current again; the match kept, unrated, the ratings gone
    try:
        assert store.load("m1").rating is None  # type: ignore[union-attr]
        assert ratings.account_ratings(store.engine, ana) == {}
    finally:
        store.close()


def test_a_draw_rates_both_players_as_tied(db: str) -> None:
    store = Store(database_url(db))
    try:
        ana, bo = two_accounts(store)
        store.create(StoredMatch(id="m1", game="sparta", players=2, seed=1, options={},
                                 position=None, created=time.time(), rating=ratings.PENDING,
                                 seats=[Seat(kind="human", account=ana),
                                        Seat(kind="human", account=bo)]))
        store.append_action("m1", 0, 0, "pass", {"winners": [], "ranking": [[0, 1]],
                                                 "reason": "draw"})
        # Ana came in rated higher: a draw takes from her and gives to Bo.
        with store.engine.begin() as conn:
            conn.execute(insert(rating_table).values(account_id=ana, game="sparta", mu=30.0,
                                                     sigma=4.0, games=7, updated=0.0))
        assert ratings.rate(store.engine, "m1") == ratings.APPLIED
        (a,), (b,) = MODEL.rate([[MODEL.rating(mu=30.0, sigma=4.0)], [MODEL.rating()]],
                                ranks=[1, 1])
        assert ratings.account_ratings(store.engine, ana)["sparta"] == ratings.entry(
            "sparta", ratings.Rating(a.mu, a.sigma, 8))
        assert ratings.account_ratings(store.engine, bo)["sparta"]["rating"] == ratings.shown(b.mu)
        assert ratings.shown(a.mu) < ratings.shown(30.0) and ratings.shown(b.mu) > 1500
    finally:
        store.close()


def test_ranks_give_tied_seats_one_rank() -> None:
    assert ratings.ranks([[2], [0, 3], [1]], 4) == [2.0, 3.0, 1.0, 2.0]


# --- where ratings are shown -------------------------------------------------------------


def test_the_leaderboard_lists_names_and_ratings_best_first_with_the_bot_levels(
    accounts_client: TestClient,
) -> None:
    _, bo, match = two_player_game(accounts_client)
    resign(bo, match["id"])
    board = accounts_client.get("/api/ratings/sparta").json()
    assert [(p["rank"], p["name"]) for p in board["players"]] == [(1, "Ana"), (2, "Bo")]
    assert set(board["players"][0]) == {"rank", "name", "rating", "games", "provisional",
                                        "about"}
    assert board["total"] == 2 and board["title"] == "Sparta"
    assert [b["level"] for b in board["bots"]][-1] == "random"  # the weakest, last
    page = accounts_client.get("/api/ratings/sparta?offset=1&limit=1").json()
    assert [(p["rank"], p["name"]) for p in page["players"]] == [(2, "Bo")]


def test_me_lists_the_accounts_rating_in_each_game_it_played_rated(
    accounts_client: TestClient,
) -> None:
    ana, bo, match = two_player_game(accounts_client)
    assert me(ana)["ratings"] == {}
    resign(bo, match["id"])
    (won,), _ = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    mine = me(ana)
    assert mine["ratings"] == {"sparta": {
        "rating": ratings.shown(won.mu), "games": 1, "provisional": True,
        "about": ratings.nearest_level("sparta", won.mu)}}
    assert [(m["id"], m["rated"], m["result"]) for m in mine["matches"]] == [
        (match["id"], "applied", "won")]


def test_the_leaderboard_refuses_an_unknown_game_and_a_bad_page(
    accounts_client: TestClient,
) -> None:
    assert accounts_client.get("/api/ratings/chess").status_code == 404
    assert accounts_client.get("/api/ratings/sparta?limit=-1").json()["code"] == "malformed"
    assert accounts_client.get("/api/ratings/sparta?limit=1000").status_code == 400


def test_the_lobby_shows_the_ratings_beside_the_names(accounts_client: TestClient) -> None:
    _, _, match = two_player_game(accounts_client)
    listed = accounts_client.get("/api/matches").json()
    item = next(m for group in listed.values() for m in group if m["id"] == match["id"])
    assert item["rated"] == "pending"
    assert [(p["account"], p["rating"]["rating"]) for p in item["players"]] == [
        ("Ana", 1500), ("Bo", 1500)]


def test_a_deleted_accounts_ratings_go_with_it(accounts_client: TestClient) -> None:
    _, bo, match = two_player_game(accounts_client)
    resign(bo, match["id"])
    answer = bo.delete("/api/me", json={"password": "correct horse"})
    assert answer.status_code == 200, answer.text
    board = accounts_client.get("/api/ratings/sparta").json()
    assert [p["name"] for p in board["players"]] == ["Ana"]
