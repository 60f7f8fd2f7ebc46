"""Actions of several matches committed together (one transaction, one sync of the disk), each
acknowledged only once stored, and a row refused alone when it fails."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from meeples.server.store import Deposed, Seat, Store, StoredMatch, database_url
from meeples.server.workers import Workers


def new_match(match_id: str) -> StoredMatch:
    return StoredMatch(id=match_id, game="sparta", players=2, seed=7, options={}, position=None,
                       seats=[Seat(kind="human"), Seat(kind="human")], created=time.time())


def fresh_store(tmp_path: Path, matches: int) -> Store:
    store = Store(database_url(str(tmp_path / "batches.db")))
    for i in range(matches):
        store.create(new_match(f"m{i}"))
    return store


def test_sqlite_file_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    store = fresh_store(tmp_path, 0)
    with store.engine.connect() as conn:
        modes = (conn.execute(text("PRAGMA journal_mode")).scalar(),
                 conn.execute(text("PRAGMA synchronous")).scalar())
    store.close()
    assert modes == ("wal", 2)  # 2: FULL, an acknowledged action survives a power loss


def test_append_actions_stores_rows_of_several_matches(tmp_path: Path) -> None:
    store = fresh_store(tmp_path, 3)
    answers = store.append_actions([
        ("m0", 0, 0, "b2-b4", None, False),
        ("m1", 0, 0, "c2-c4", None, False),
        ("m2", 0, 0, "d2-d4", {"winner": 0}, True),
    ])
    loaded = [store.load(f"m{i}") for i in range(3)]
    store.close()
    assert answers == [None, None, None]
    assert [(m.actions, m.passed, m.finished) for m in loaded if m is not None] == [
        (["b2-b4"], [False], False), (["c2-c4"], [False], False), (["d2-d4"], [True], True)]


def test_a_row_that_fails_is_refused_alone_and_the_others_are_stored(tmp_path: Path) -> None:
    store = fresh_store(tmp_path, 3)
    store.append_action("m1", 0, 0, "b2-b4")
    store.fences["m2"] = -1  # another worker took m2 over
    answers = store.append_actions([
        ("m0", 0, 0, "b2-b4", None, False),
        ("m1", 0, 0, "c2-c4", None, False),  # ply 0 of m1 is stored already
        ("m2", 0, 0, "d2-d4", None, False),
    ])
    loaded = [store.load(f"m{i}") for i in range(3)]
    store.close()
    assert answers[0] is None and answers[1] is not None and isinstance(answers[2], Deposed)
    assert [m.actions for m in loaded if m is not None] == [["b2-b4"], ["b2-b4"], []]


def test_actions_waiting_together_are_committed_in_one_batch(tmp_path: Path) -> None:
    store = fresh_store(tmp_path, 6)
    batches: list[int] = []
    append_actions = store.append_actions

    def counted(rows: list[Any]) -> list[Exception | None]:
        batches.append(len(rows))
        return append_actions(rows)

    store.append_actions = counted  # type: ignore[method-assign]

    async def scenario() -> None:
        workers = Workers()
        await asyncio.gather(*[
            workers.append_action(store, f"m{i}", 0, 0, "b2-b4") for i in range(6)
        ])

    asyncio.run(scenario())
    stored = [store.load(f"m{i}") for i in range(6)]
    store.close()
    assert sum(batches) == 6 and len(batches) < 6  # the first alone, the others together
    assert all(m is not None and m.actions == ["b2-b4"] for m in stored)


def test_a_refused_row_fails_only_its_own_caller(tmp_path: Path) -> None:
    store = fresh_store(tmp_path, 4)
    store.fences["m2"] = -1

    async def scenario() -> list[Any]:
        workers = Workers()
        return await asyncio.gather(
            *[workers.append_action(store, f"m{i}", 0, 0, "b2-b4") for i in range(4)],
            return_exceptions=True,
        )

    answers = asyncio.run(scenario())
    stored = [store.load(f"m{i}") for i in range(4)]
    store.close()
    assert [type(a).__name__ for a in answers] == ["NoneType", "NoneType", "Deposed", "NoneType"]
    assert [m.actions for m in stored if m is not None] == [["b2-b4"], ["b2-b4"], [], ["b2-b4"]]


def test_a_failed_batch_fails_every_caller_of_it(tmp_path: Path) -> None:
    store = fresh_store(tmp_path, 3)

    def broken(rows: list[Any]) -> list[Exception | None]:
        raise OSError("disk full")

    store.append_actions = broken  # type: ignore[method-assign]

    async def scenario() -> list[Any]:
        workers = Workers()
        return await asyncio.gather(
            *[workers.append_action(store, f"m{i}", 0, 0, "b2-b4") for i in range(3)],
            return_exceptions=True,
        )

    answers = asyncio.run(scenario())
    store.close()
    assert [type(a) for a in answers] == [OSError] * 3


@pytest.mark.parametrize("waiting", [1, 5])
def test_each_caller_returns_only_once_its_action_is_stored(tmp_path: Path, waiting: int) -> None:
    store = fresh_store(tmp_path, waiting)
    seen: list[bool] = []

    async def append_and_look(workers: Workers, match_id: str) -> None:
        await workers.append_action(store, match_id, 0, 0, "b2-b4")
        loaded = store.load(match_id)
        seen.append(loaded is not None and loaded.actions == ["b2-b4"])

    async def scenario() -> None:
        workers = Workers()
        await asyncio.gather(*[append_and_look(workers, f"m{i}") for i in range(waiting)])

    asyncio.run(scenario())
    store.close()
    assert seen == [True] * waiting


def test_an_action_whose_connection_leaves_mid_commit_still_reaches_the_room(
    tmp_path: Path,
) -> None:
    """The reader of a connection that closes is cancelled; the commit it started goes on in
    the database threads, so the room follows it (before: memory one ply behind the database,
    and every later action of the match refused with "storage", its ply taken)."""
    from meeples.server.connection import Client
    from meeples.server.lobby import Lobby
    from meeples.server.protocol import CreateRequest

    async def ignore(text: str) -> None:
        return None

    async def scenario() -> tuple[int, int, int]:
        store = Store(database_url(str(tmp_path / "leaving.db")))
        room, tokens = await Lobby(store).create(CreateRequest(game="sparta"))
        players = [Client(send=ignore) for _ in tokens]
        for player, seat_token in zip(players, tokens, strict=True):
            await room.join(player, [seat_token] if seat_token else [])
        commit = store.append_actions

        def slow(rows: list[Any]) -> list[Exception | None]:
            time.sleep(0.2)
            return commit(rows)

        store.append_actions = slow  # type: ignore[method-assign]
        acting = asyncio.ensure_future(
            room.act(players[0], room.state.legal()[0], room.version))
        await asyncio.sleep(0.05)
        acting.cancel()  # the connection left while its action was being stored
        with pytest.raises(asyncio.CancelledError):
            await acting
        await asyncio.sleep(0.4)
        store.append_actions = commit  # type: ignore[method-assign]
        await room.act(players[1], room.state.legal()[0], room.version)
        loaded = store.load(room.id)
        store.close()
        assert loaded is not None
        return room.plies, len(loaded.actions), room.version

    assert asyncio.run(scenario()) == (2, 2, 2)
