"""One writer per match among several workers: the database refuses a writer that was replaced.

Each test runs on SQLite and on PostgreSQL (``any_db``); two stores on one database stand for
two workers.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from meeples.server.store import Deposed, Seat, Store, StoredMatch, database_url
from meeples.server.tokens import hash_token


def new_match(match_id: str = "m1") -> StoredMatch:
    seats = [Seat(kind="human", token_hash=hash_token(name)) for name in "ab"]
    return StoredMatch(id=match_id, game="sparta", players=2, seed=7, options={}, position=None,
                       seats=seats, created=time.time())


@pytest.fixture
def workers(any_db: str) -> Iterator[tuple[Store, Store]]:
    first, second = Store(database_url(any_db)), Store(database_url(any_db))
    first.take_writer("m1", "first")
    first.create(new_match())
    yield first, second
    first.close()
    second.close()


def test_a_replaced_writer_cannot_append_an_action(workers: tuple[Store, Store]) -> None:
    first, second = workers
    second.take_writer("m1", "second")
    with pytest.raises(Deposed):
        first.append_action("m1", 0, 0, "b2-b4")
    stored = second.load("m1")
    assert stored is not None and stored.actions == []


def test_the_new_writer_finds_every_action_the_old_one_committed(
    workers: tuple[Store, Store],
) -> None:
    first, second = workers
    first.append_action("m1", 0, 0, "b2-b4")
    second.take_writer("m1", "second")
    second.append_action("m1", 1, 1, "b9-b7")
    stored = second.load("m1")
    assert stored is not None and stored.actions == ["b2-b4", "b9-b7"]


def test_each_takeover_gives_a_new_epoch(workers: tuple[Store, Store]) -> None:
    first, second = workers
    assert [second.take_writer("m1", "second"), first.take_writer("m1", "first")] == [2, 3]


def test_a_replaced_writer_cannot_change_the_seats(workers: tuple[Store, Store]) -> None:
    first, second = workers
    second.take_writer("m1", "second")
    with pytest.raises(Deposed):
        first.update_seats("m1", [Seat(kind="human", joined=True)] * 2)
    stored = second.load("m1")
    assert stored is not None and [s.joined for s in stored.seats] == [False, False]


def test_a_replaced_writer_cannot_undo(workers: tuple[Store, Store]) -> None:
    first, second = workers
    first.append_action("m1", 0, 0, "b2-b4")
    second.take_writer("m1", "second")
    with pytest.raises(Deposed):
        first.undo("m1", 0, 0, time.time())
    stored = second.load("m1")
    assert stored is not None and (stored.actions, stored.undone) == (["b2-b4"], 0)


def test_a_writer_that_gave_a_match_up_cannot_write_it(workers: tuple[Store, Store]) -> None:
    first, _ = workers
    first.give_up_writer("m1")
    with pytest.raises(Deposed):
        first.append_action("m1", 0, 0, "b2-b4")


def test_a_store_alone_on_its_database_writes_unfenced(any_db: str) -> None:
    store = Store(database_url(any_db))
    store.create(new_match("m2"))
    store.append_action("m2", 0, 0, "b2-b4")
    stored = store.load("m2")
    store.close()
    assert stored is not None and stored.actions == ["b2-b4"]


def test_a_write_of_an_earlier_turn_of_the_same_writer_is_refused(
    workers: tuple[Store, Store],
) -> None:
    first, _ = workers
    earlier = first.fences["m1"]
    first.give_up_writer("m1")  # let go, then taken again by the same worker: a new room
    now = first.take_writer("m1", "first")
    with pytest.raises(Deposed):  # the old room's action, on its way meanwhile
        first.append_action("m1", 0, 0, "b2-b4", epoch=earlier)
    first.append_action("m1", 0, 0, "b9-b7", epoch=now)
    stored = first.load("m1")
    assert stored is not None and stored.actions == ["b9-b7"]
