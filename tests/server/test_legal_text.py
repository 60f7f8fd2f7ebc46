"""The legal list's wire text, made from kept per-action prefixes (``server/legal.py``), and the
messages encoded by orjson: the same JSON as the slow way, and made again after every change."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import meeples
from meeples.core.record import Match
from meeples.server.connection import Client
from meeples.server.legal import encode, legal_items, legal_text
from meeples.server.lobby import Lobby
from meeples.server.protocol import CreateRequest
from meeples.server.room import Room
from meeples.server.store import Store, database_url


def slow_text(state: meeples.State[Any, Any]) -> str:
    """The legal list as the standard library encodes the items, one action at a time."""
    return json.dumps(legal_items(state), separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("game", ["sparta", "meeple_war", "rise_of_tribes"])
def test_legal_text_is_the_encoded_legal_list_in_every_position(game: str) -> None:
    rng = random.Random(game)
    worded: dict[str, set[str]] = {}  # each action: the descriptions it was given
    for seed in range(3):
        state = Match(game=game, players=2, seed=seed, options=None, position=None).start()
        for _ in range(60):
            if state.outcome is not None:
                break
            text = legal_text(state)
            assert text == slow_text(state)
            for item in json.loads(text):
                worded.setdefault(item["action"], set()).add(json.dumps(item["msg"]))
            state = state.play(rng.choice(state.legal()))
    if game == "sparta":  # the kept part is the action's; its words followed each position
        assert any(len(words) > 1 for words in worded.values())


def test_encode_keeps_the_value_of_what_orjson_refuses() -> None:
    message = {"big": 2**70, "name": "x\ud800y", "seat": {1: "one"}, "é": "ü"}
    text = encode(message)
    assert json.loads(text) == {"big": 2**70, "name": "x\ud800y", "seat": {"1": "one"}, "é": "ü"}
    assert text.isascii()  # the lone surrogate cannot go as UTF-8: escaped, like every other


def test_encode_writes_non_ascii_as_it_is() -> None:
    assert encode({"name": "Zoé", "n": 1.5, "ok": True}) == '{"name":"Zoé","n":1.5,"ok":true}'


def test_room_legal_text_is_made_again_after_a_move_and_after_an_undo(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(database_url(str(tmp_path / "legal.db")))
        room, tokens = await Lobby(store).create(CreateRequest(game="sparta"))
        players = [Client(send=_ignore) for _ in tokens]
        for player, seat_token in zip(players, tokens, strict=True):
            await room.join(player, [seat_token] if seat_token else [])
        before = room.legal_text()
        assert before == slow_text(room.state)
        first = room.state.legal()[0]
        await room.act(players[0], first, room.version)
        after_move = room.legal_text()
        assert after_move == slow_text(room.state) and after_move != before
        await room.undo(players[0])
        assert room.state.legal()[0] == first
        assert room.legal_text() == slow_text(room.state) == before
        store.close()

    asyncio.run(scenario())


def test_room_legal_text_is_made_once_per_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = meeples.load("sparta").rules
    generate = rules.legal_actions
    calls: list[int] = []

    def counted(state: Any) -> Any:
        calls.append(1)
        return generate(state)

    async def scenario() -> Room:
        store = Store(database_url(str(tmp_path / "once.db")))
        room, _ = await Lobby(store).create(CreateRequest(game="sparta"))
        store.close()
        return room

    room = asyncio.run(scenario())
    monkeypatch.setattr(rules, "legal_actions", counted)
    texts = {room.legal_text() for _ in range(3)}
    room.state = room.state.play(room.state.legal()[0])
    room.stored.actions.append("")  # a new version: the text is made again
    calls.clear()
    texts |= {room.legal_text() for _ in range(3)}
    assert (len(texts), len(calls)) == (2, 1)


async def _ignore(text: str) -> None:
    return None
