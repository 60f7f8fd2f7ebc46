"""Accounts in the database (issue 25): the tables of revision 0006, seats bound to accounts,
and what deleting an account leaves. On SQLite and on PostgreSQL."""

from __future__ import annotations

import time
from dataclasses import replace

from sqlalchemy import create_engine, inspect, select

from meeples.server import accounts, admin, schema, sessions
from meeples.server.store import Seat, Store, StoredMatch, database_url
from meeples.server.tables import seat_accounts

NEW_TABLES = {"accounts", "sessions", "seat_accounts"}


def new_match(match_id: str, seats: list[Seat]) -> StoredMatch:
    return StoredMatch(id=match_id, game="sparta", players=len(seats), seed=1, options={},
                       position=None, seats=seats, created=time.time())


def tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_revision_0006_adds_the_account_tables_and_its_downgrade_drops_them(any_db: str
                                                                             ) -> None:
    url = database_url(any_db)
    store = Store(url)
    accounts.create(store.engine, "Ana", "ana", "hash")
    store.create(new_match("m1", [Seat("human", token_hash="t")]))
    store.close()
    assert NEW_TABLES <= tables(url)
    engine = schema.engine_for(url)
    try:
        assert schema.downgrade(engine, "0005") == (schema.head(), "0005")
        assert not NEW_TABLES & tables(url)
        assert schema.upgrade(engine) == ("0005", schema.head())
    finally:
        engine.dispose()
    store = Store(url)  # current again; the match kept, the accounts gone
    try:
        assert store.load("m1") is not None
        assert accounts.find(store.engine, "ana") is None
    finally:
        store.close()


def test_a_bound_seat_is_stored_and_loaded_with_its_account(any_db: str) -> None:
    store = Store(database_url(any_db))
    try:
        ana = accounts.create(store.engine, "Ana", "ana", "hash")
        store.create(new_match("m1", [Seat("human", account=ana.id), Seat("human")]))
        loaded = store.load("m1")
        assert loaded is not None
        assert [s.account for s in loaded.seats] == [ana.id, None]
        # A seat bound later (claimed while signed in) is kept too; the first stays.
        bea = accounts.create(store.engine, "Bea", "bea", "hash")
        store.update_seats("m1", [loaded.seats[0], replace(loaded.seats[1], account=bea.id)])
        again = store.load("m1")
        assert again is not None and [s.account for s in again.seats] == [ana.id, bea.id]
        listed = accounts.matches_of(store.engine, ana.id)
        assert [(row.id, seats) for row, seats in listed] == [("m1", [0])]
    finally:
        store.close()


def test_a_deleted_accounts_seats_are_unbound_and_never_bound_again_by_a_room(any_db: str
                                                                              ) -> None:
    store = Store(database_url(any_db))
    try:
        ana = accounts.create(store.engine, "Ana", "ana", "hash")
        session = sessions.open_session(store.engine, ana.id)
        store.create(new_match("m1", [Seat("human", account=ana.id), Seat("human")]))
        held = store.load("m1")  # a room holds the seats in memory meanwhile
        assert held is not None
        assert accounts.delete_account(store.engine, ana.id) == [("m1", 0)]
        assert sessions.look_up(store.engine, session) is None
        assert accounts.matches_of(store.engine, ana.id) == []
        store.update_seats("m1", [replace(held.seats[0], joined=True), held.seats[1]])
        loaded = store.load("m1")
        assert loaded is not None and [s.account for s in loaded.seats] == [None, None]
        assert loaded.seats[0].joined and loaded.seats[0].token_hash == held.seats[0].token_hash
    finally:
        store.close()


def test_deleting_a_match_deletes_its_seats_bindings(any_db: str) -> None:
    store = Store(database_url(any_db))
    try:
        ana = accounts.create(store.engine, "Ana", "ana", "hash")
        store.create(new_match("m1", [Seat("human", account=ana.id)]))
        admin.delete_match(store, "m1", "operator")
        with store.engine.connect() as conn:
            assert conn.execute(select(seat_accounts)).all() == []
    finally:
        store.close()


def test_a_session_older_than_its_lifetime_opens_nothing_and_is_swept(any_db: str) -> None:
    from sqlalchemy import update

    from meeples.server.tables import sessions as sessions_table

    store = Store(database_url(any_db))
    try:
        ana = accounts.create(store.engine, "Ana", "ana", "hash")
        old = sessions.open_session(store.engine, ana.id)
        with store.engine.begin() as conn:
            conn.execute(update(sessions_table).values(
                created=time.time() - sessions.LIFETIME - 1))
        assert sessions.look_up(store.engine, old) is None
        fresh = sessions.open_session(store.engine, ana.id)  # a sign-in sweeps the old rows
        with store.engine.connect() as conn:
            assert list(conn.execute(select(sessions_table.c.id_hash)).scalars()) == [
                sessions.hash_session(fresh)]
    finally:
        store.close()
