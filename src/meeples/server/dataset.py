"""Human games as data: the finished matches whose players allowed it, as a Parquet dataset
(``meeples export``; issue 27, point 6).

A match is in the dataset only when it was created with ``"research": true`` (everyone who joins
it is told before joining), it is finished (not abandoned), it is not a tutorial, and its
record replays. Seats are anonymised: no name, account, address, token, match id or time finer
than the month leaves; a seat is "human" or its bot's level, and matches are numbered in the
export. Two tables, in one folder:

- ``matches.parquet``: a row per match: its number, game, players, rules version, record (the
  canonical JSON of :class:`meeples.core.record.Match`, replayable with ``meeples verify`` and
  by :mod:`meeples.env.records`), seats, outcome and each seat's final return;
- ``decisions-<game>.parquet``: a row per decision as the game's environment (``meeples.env``)
  asks it: the match, ply, step (a Meeple War head, then its place), player, whether a human
  decided it (not a bot playing the seat), the player's observation planes (flattened; their
  shape in the file's metadata), its mask as the list of legal ids, the id chosen, the action as
  text, and the player's final return (the environments' rewards);

and ``README.md``, the data card: what is in it, from what, how it was anonymised, how to read it.
"""

from __future__ import annotations

import datetime
import json
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeples.core.errors import MeeplesError
from meeples.core.record import Match
from meeples.server.lifecycle import ABANDON, RESIGN, final_outcome
from meeples.server.store import StoredMatch

#: The version of the dataset's layout (in each file's metadata and the data card).
LAYOUT = 1


@dataclass
class Export:
    """What an export wrote: matches and decisions per game, and the matches left out, by why."""

    matches: dict[str, int] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)

    def skip(self, why: str, count: int = 1) -> None:
        self.skipped[why] = self.skipped.get(why, 0) + count


def eligible(stored: StoredMatch) -> str | None:
    """Return why a stored match stays out of the dataset, or None when it goes in."""
    if not stored.research:
        return "not allowed by its players"
    if stored.tutorial is not None:
        return "a tutorial"
    if not stored.finished or stored.result is None:
        return "not finished"
    if any(event.kind == ABANDON for event in stored.events):
        return "stopped by the operator"
    return None


def record_of(stored: StoredMatch) -> Match:
    """Return the record of a finished stored match, seats left out (its seed is public once
    it is over)."""
    return Match(
        game=stored.game,
        players=stored.players,
        seed=stored.seed,
        options=stored.options if stored.position is None else None,
        position=stored.position,
        actions=tuple(stored.actions),
        resigned=tuple((e.seat, e.ply) for e in stored.events
                       if e.kind == RESIGN and e.seat is not None),
        rules_version=stored.rules_version,
    )


def check_folder(path: str) -> Path:
    """Return the folder an export writes into: a new one, or an empty one (nothing a path
    holds is ever replaced).

    Raises:
        MeeplesError: it names a file or anything else, or a folder that is not empty, or its
            parent folder is missing.
    """
    from meeples.core.files import shorten

    folder = Path(path)
    if os.path.lexists(folder):
        if not folder.is_dir():
            raise MeeplesError(f"{shorten(path)} is not a folder: the export writes a new folder")
        if any(folder.iterdir()):
            raise MeeplesError(f"{shorten(path)} is not empty: the export writes into a new or an"
                               " empty folder, never over files")
        return folder
    if not folder.parent.is_dir():
        raise MeeplesError(f"there is no folder {shorten(str(folder.parent))} to make"
                           f" {shorten(folder.name)} in")
    return folder


def export(
    found: Iterable[StoredMatch], folder: Path, relative_actions: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Export:
    """Write the dataset of the eligible matches among ``found`` into ``folder`` (checked by
    :func:`check_folder`); return what was written.

    Each file is written under a temporary name and renamed when whole.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    from meeples.env.outcome import returns_of
    from meeples.env.records import decisions
    from meeples.env.relative import make_episode

    done = Export()
    match_rows: list[dict[str, Any]] = []
    per_game: dict[str, dict[str, list[Any]]] = {}
    shapes: dict[str, list[int]] = {}
    counts: dict[str, int] = {}
    for index, stored in enumerate(found):
        if progress is not None:
            progress(index)
        why = eligible(stored)
        if why is not None:
            done.skip(why)
            continue
        record = record_of(stored)
        try:
            final = record.replay()
            outcome = final_outcome(final.outcome, stored.players, stored.events)
            episode = make_episode(stored.game, stored.players, {},
                                   relative_actions=relative_actions)
            steps = list(decisions(episode, record))
        except (MeeplesError, KeyError) as problem:
            done.skip(f"does not replay ({type(problem).__name__})")
            continue
        if outcome is None:
            done.skip("not finished")
            continue
        number = len(match_rows)
        returns = returns_of(outcome, stored.players)
        by_bot = stored.bots if len(stored.bots) == len(stored.actions) else [False] * len(
            stored.actions)
        match_rows.append({
            "match": number,
            "game": stored.game,
            "players": stored.players,
            "rules_version": stored.rules_version,
            "record": json.dumps(record.to_json(), sort_keys=True),
            "seats": [s.kind if s.kind == "human" else f"bot:{s.level or 'normal'}"
                      for s in stored.seats],
            "winners": sorted(outcome.winners),
            "ranking": [sorted(group) for group in outcome.ranking],
            "reason": outcome.reason,
            "reason_key": outcome.message.key if outcome.message is not None else None,
            "returns": returns,
            "plies": len(stored.actions),
            "month": datetime.datetime.fromtimestamp(
                stored.created, datetime.UTC).strftime("%Y-%m"),
        })
        columns = per_game.setdefault(stored.game, {name: [] for name in DECISION_COLUMNS})
        for step in steps:
            planes = step.observation
            shapes.setdefault(stored.game, list(planes.shape))
            columns["match"].append(number)
            columns["ply"].append(step.ply)
            columns["step"].append(step.step)
            columns["player"].append(step.player)
            columns["human"].append(stored.seats[step.player].kind == "human"
                                    and not by_bot[step.ply])
            columns["observation"].append(planes.reshape(-1).astype("float32"))
            columns["legal"].append(step.mask.nonzero()[0].astype("int32"))
            columns["action"].append(step.action)
            columns["text"].append(step.text)
            columns["return"].append(returns[step.player])
        counts[stored.game] = episode.count
        done.matches[stored.game] = done.matches.get(stored.game, 0) + 1
        done.decisions[stored.game] = done.decisions.get(stored.game, 0) + len(steps)
    folder.mkdir(exist_ok=True)
    meta = {"meeples.layout": str(LAYOUT), "meeples.relative_actions": str(relative_actions)}
    table = pa.Table.from_pylist(match_rows, schema=_match_schema(pa))
    _write(pa, pq, table.replace_schema_metadata(meta), folder / "matches.parquet")
    done.files.append("matches.parquet")
    for game, columns in sorted(per_game.items()):
        size = 1
        for n in shapes[game]:
            size *= n
        flat = pa.array(_concat(columns["observation"]), type=pa.float32())
        table = pa.table({
            "match": pa.array(columns["match"], pa.int32()),
            "ply": pa.array(columns["ply"], pa.int32()),
            "step": pa.array(columns["step"], pa.int8()),
            "player": pa.array(columns["player"], pa.int8()),
            "human": pa.array(columns["human"], pa.bool_()),
            "observation": pa.FixedSizeListArray.from_arrays(flat, size),
            "legal": pa.array([ids.tolist() for ids in columns["legal"]], pa.list_(pa.int32())),
            "action": pa.array(columns["action"], pa.int32()),
            "text": pa.array(columns["text"], pa.string()),
            "return": pa.array(columns["return"], pa.float32()),
        }).replace_schema_metadata({
            **meta, "meeples.game": game, "meeples.observation_shape": json.dumps(shapes[game]),
            "meeples.action_count": str(counts[game]),
        })
        name = f"decisions-{game}.parquet"
        _write(pa, pq, table, folder / name)
        done.files.append(name)
    card = data_card(done, shapes, counts, relative_actions)
    temporary = folder / ".README.md.part"
    temporary.write_text(card, encoding="utf-8")
    temporary.replace(folder / "README.md")
    done.files.append("README.md")
    return done


DECISION_COLUMNS = ("match", "ply", "step", "player", "human", "observation", "legal", "action",
                    "text", "return")


def _concat(arrays: list[Any]) -> Any:
    import numpy as np

    return np.concatenate(arrays) if arrays else np.zeros(0, dtype=np.float32)


def _match_schema(pa: Any) -> Any:
    return pa.schema([
        ("match", pa.int32()), ("game", pa.string()), ("players", pa.int8()),
        ("rules_version", pa.int32()), ("record", pa.string()), ("seats", pa.list_(pa.string())),
        ("winners", pa.list_(pa.int8())), ("ranking", pa.list_(pa.list_(pa.int8()))),
        ("reason", pa.string()), ("reason_key", pa.string()),
        ("returns", pa.list_(pa.float32())), ("plies", pa.int32()),
        ("month", pa.string()),
    ])


def _write(pa: Any, pq: Any, table: Any, path: Path) -> None:
    """Write a Parquet file whole: under a temporary name, renamed when done."""
    temporary = path.with_name(f".{path.name}.part")
    pq.write_table(table, temporary, compression="zstd")
    temporary.replace(path)


def data_card(done: Export, shapes: dict[str, list[int]], counts: dict[str, int],
              relative_actions: bool) -> str:
    """Return the data card (``README.md``) of an export."""
    from meeples.cli import version

    rows = "\n".join(
        f"| {game} | {done.matches[game]} | {done.decisions.get(game, 0)} |"
        f" {' × '.join(map(str, shapes.get(game, [])))} | {counts.get(game, '')} |"
        for game in sorted(done.matches)) or "| (none) | 0 | 0 | | |"
    skipped = "\n".join(f"- {why}: {n}" for why, n in sorted(done.skipped.items())) or "- none"
    made = datetime.datetime.fromtimestamp(time.time(), datetime.UTC).strftime("%Y-%m-%d")
    example = min(done.matches, default="<game>")  # a file this export has, if any
    ids = ("relative to the deciding player (`relative_actions=True`)" if relative_actions
           else "absolute (the environments' default)")
    return f"""# Meeples match dataset

Made on {made} by `meeples export` (Meeples {version()}, layout {LAYOUT}).

## What is in it

Finished games played on a Meeples server whose players allowed it: the game's creator chose
"share this game's record for research" and everyone who joined was shown that choice before
joining. Tutorials, abandoned games and games still going on are never in it.

| game | matches | decisions | observation shape | action ids |
|---|---|---|---|---|
{rows}

Left out of the server's database:
{skipped}

## Anonymised

No player name, account, address, seat token, match id or exact time is in the files. A seat is
`human` or the bot level that played it (`bot:normal`); matches are numbered 0, 1, 2... in this
export only; the month a game was created is the only date. A record's seed is in it: it is made
public by the server when a game ends, and it lets anyone replay the game's chance exactly.

## Files

- `matches.parquet`, a row per match: `match`, `game`, `players`, `rules_version`, `record`
  (the canonical JSON match record: `meeples verify` checks it, and
  `env.reset(options={{"record": json.loads(record), "ply": n}})` starts any Meeples environment
  at its position after `n` actions), `seats`, `winners`, `ranking` (groups of tied seats, best
  first), `reason` (in English) and `reason_key` (its message key), `returns` (each seat's
  final reward as the environments give it: 2 players +1/−1/0; 3–4 players the ranking scaled
  to [−1, 1]), `plies`, `month`.
- `decisions-<game>.parquet`, a row per decision as the game's environment asks it: `match`,
  `ply` (actions before it, chance's included), `step` (Meeple War asks a head, then its place:
  two rows of one action), `player`, `human` (false where a bot decided for the seat: a bot's
  seat, a seat kept warm, a resigned seat), `observation` (the player's observation planes,
  flattened as float32; their shape is in the file's metadata, `meeples.observation_shape`),
  `legal` (the mask, as the list of its legal ids), `action` (the id chosen, ids {ids}),
  `text` (the whole action in the canonical notation), `return` (the player's final reward).

## Reading it

```python
import json, numpy as np, pyarrow.parquet as pq
decisions = pq.read_table("decisions-{example}.parquet")
shape = json.loads(decisions.schema.metadata[b"meeples.observation_shape"])
row = decisions.slice(0, 1).to_pylist()[0]
planes = np.array(row["observation"], dtype=np.float32).reshape(shape)
mask = np.zeros(int(decisions.schema.metadata[b"meeples.action_count"]), dtype=np.int8)
mask[row["legal"]] = 1
```
"""
