"""Measure what a live Sparta move costs the server, without sockets: CPU time and sizes.

    .venv/bin/python scripts/room_bench.py                  # 400 moves, two players
    .venv/bin/python scripts/room_bench.py --spectators 1000
    .venv/bin/python scripts/room_bench.py --deflate        # message sizes, deflated, and the
                                                            # CPU to compress each kind

A Room on a fresh SQLite file, two players (and spectators) whose sends only count, random
legal moves through ``Room.act``: the CPU time of the process per move (the SQLite commits in
their thread included), which a busy machine changes far less than wall time. ``--deflate``
compresses each kind of message as uvicorn does (permessage-deflate, 12-bit window, memLevel 5,
one context per connection kept across messages). Figures: docs/reliability.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
import zlib
from pathlib import Path

from meeples.server.connection import Client
from meeples.server.lobby import Lobby
from meeples.server.protocol import CreateRequest
from meeples.server.room import Room
from meeples.server.store import Store, database_url


class Sink:
    """Every text sent to one kind of connection."""

    def __init__(self, keep: bool) -> None:
        self.keep = keep
        self.count = 0
        self.size = 0
        self.texts: list[str] = []

    async def send(self, text: str) -> None:
        self.count += 1
        self.size += len(text)
        if self.keep:
            self.texts.append(text)


async def run(moves: int, spectators: int, keep: bool) -> dict[str, Sink]:
    store = Store(database_url(str(Path(tempfile.mkdtemp()) / "bench.db")))
    lobby = Lobby(store)
    sinks = {"players": Sink(keep), "spectators": Sink(keep)}
    rng = random.Random(1)

    async def new_game() -> tuple[Room, list[Client]]:
        # The server draws each game's seed in secret (a chosen one is refused, issue 28); the
        # moves are the bench's own random choices (seeded above).
        room, tokens = await lobby.create(CreateRequest(game="sparta"))
        players = [Client(send=sinks["players"].send) for _ in tokens]
        for player, token in zip(players, tokens, strict=True):
            await room.join(player, [token] if token else [])
        for _ in range(spectators):
            await room.join(Client(send=sinks["spectators"].send), [])
        return room, players

    room, players = await new_game()
    started = time.process_time()
    for _ in range(moves):
        if room.state.outcome is not None:
            room, players = await new_game()
        mover = players[room.state.to_move]
        await room.act(mover, rng.choice(room.state.legal()), room.version)
        await asyncio.sleep(0)  # the senders' turn
    cpu = time.process_time() - started
    store.close()
    sent = sum(s.count for s in sinks.values())
    size = sum(s.size for s in sinks.values())
    print(f"{moves} moves, {spectators} spectators: {cpu / moves * 1e3:.2f} ms CPU a move, "
          f"{sent / moves:.1f} messages a move, {size / max(sent, 1) / 1e3:.1f} kB each")
    return sinks


def deflate(sinks: dict[str, Sink]) -> None:
    kinds: dict[str, list[str]] = {
        "update, seat to move": [],
        "update, other seat": [],
        "update, spectator": [],
    }
    for name, sink in sinks.items():
        for text in sink.texts:
            message = json.loads(text)
            if message["type"] != "update":
                continue
            kind = "spectator" if name == "spectators" else (
                "seat to move" if message["legal"] else "other seat")
            kinds[f"update, {kind}"].append(text)
    for kind, texts in kinds.items():
        if not texts:
            continue
        raw = [t.encode() for t in texts]
        started = time.process_time()
        out = 0
        compressor = zlib.compressobj(wbits=-12, memLevel=5)
        for data in raw:
            out += len(compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH))
        cpu = (time.process_time() - started) / len(raw)
        print(f"{kind}: {len(raw)} messages, {sum(map(len, raw)) / len(raw) / 1e3:.1f} kB, "
              f"deflated {out / len(raw) / 1e3:.2f} kB, {cpu * 1e6:.0f} µs to compress")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--deflate", action="store_true")
    args = parser.parse_args()
    spectators = max(args.spectators, 1) if args.deflate else args.spectators
    sinks = asyncio.run(run(args.moves, spectators, args.deflate))
    if args.deflate:
        deflate(sinks)


if __name__ == "__main__":
    main()
