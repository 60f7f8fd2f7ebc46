"""The holder of a game publishes a text once for all the connections of one origin worker."""

from __future__ import annotations

import asyncio
from typing import Any

from meeples.server.relays import Outlet


class Recorder:
    """Stands for the cluster: records what would be published."""

    def __init__(self, listening: bool = True) -> None:
        self.published: list[tuple[str, str, str, str]] = []
        self.listening = listening

    async def publish(self, worker: str, kind: str, conn: str, body: str = "") -> bool:
        self.published.append((worker, kind, conn, body))
        return self.listening


def test_one_text_sent_to_several_connections_at_once_is_published_once() -> None:
    recorder = Recorder()

    async def broadcast() -> list[bool]:
        outlet = Outlet(recorder, "b")  # type: ignore[arg-type]
        text = '{"type":"state","version":1}'
        return await asyncio.gather(*(outlet.send(conn, text) for conn in ("c1", "c2", "c3")))

    assert asyncio.run(broadcast()) == [True, True, True]
    assert recorder.published == [("b", "m", "c1,c2,c3", '{"type":"state","version":1}')]


def test_the_texts_of_one_connection_are_published_in_order() -> None:
    recorder = Recorder()

    async def send_two() -> None:
        outlet = Outlet(recorder, "b")  # type: ignore[arg-type]
        await outlet.send("c1", "first")
        await outlet.send("c1", "second")

    asyncio.run(send_two())
    assert [body for *_, body in recorder.published] == ["first", "second"]


def test_different_texts_at_once_are_published_each_to_its_connections() -> None:
    recorder = Recorder()

    async def broadcast() -> None:
        outlet = Outlet(recorder, "b")  # type: ignore[arg-type]
        sends: list[Any] = [outlet.send("p0", "seat 0"), outlet.send("s1", "spectators"),
                            outlet.send("s2", "spectators")]
        await asyncio.gather(*sends)

    asyncio.run(broadcast())
    assert sorted((conn, body) for _, _, conn, body in recorder.published) == [
        ("p0", "seat 0"), ("s1,s2", "spectators"),
    ]


def test_a_send_to_an_origin_that_is_gone_says_so() -> None:
    recorder = Recorder(listening=False)

    async def send() -> bool:
        return await Outlet(recorder, "b").send("c1", "text")  # type: ignore[arg-type]

    assert asyncio.run(send()) is False
