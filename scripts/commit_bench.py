"""Measure what storing an action costs the server: CPU and wall time per row, by batch size.

    .venv/bin/python scripts/commit_bench.py              # the store as the server opens it
    .venv/bin/python scripts/commit_bench.py --journal    # SQLite's default rollback journal

A Store on a fresh SQLite file and 8 matches; ``Store.append_actions`` commits batches of 1, 2,
4 and 8 rows (one row per match, as the server batches the actions of different matches waiting
at the same time). ``--journal`` puts the file back in SQLite's default journal mode (the
server's before WAL) to compare. CPU time of the process (the disk syncs' system time
included), which a busy machine changes far less than wall time. Figures:
docs/reliability.md.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from sqlalchemy import event, text

from meeples.server import store as store_module
from meeples.server.store import Seat, Store, StoredMatch, database_url

MATCHES = 8


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=400, help="rows per batch size (400)")
    parser.add_argument("--journal", action="store_true", help="rollback journal, not WAL")
    args = parser.parse_args()
    store = Store(database_url(str(Path(tempfile.mkdtemp()) / "commits.db")))
    if args.journal:  # new connections no longer switch to WAL; the file goes back
        event.remove(store.engine, "connect", store_module._write_ahead)
        store.engine.dispose()
        with store.engine.connect() as conn:
            conn.execute(text("PRAGMA journal_mode=DELETE"))
    with store.engine.connect() as conn:
        mode = conn.execute(text("PRAGMA journal_mode")).scalar()
    for i in range(MATCHES):
        store.create(StoredMatch(id=f"m{i}", game="sparta", players=2, seed=1, options={},
                                 position=None, seats=[Seat("human"), Seat("human")],
                                 created=time.time()))
    ply = 0
    print(f"journal mode {mode}")
    for size in (1, 2, 4, 8):
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(args.rows // size):
            rows = [(f"m{i}", ply, 0, "b2-b4", None, False) for i in range(size)]
            answers = store.append_actions(rows)
            assert answers == [None] * size
            ply += 1
        rows_done = args.rows // size * size
        print(f"batches of {size}: {(time.process_time() - cpu) / rows_done * 1e3:.3f} ms CPU "
              f"a row, {(time.perf_counter() - wall) / rows_done * 1e3:.2f} ms wall a row")
    store.close()


if __name__ == "__main__":
    main()
