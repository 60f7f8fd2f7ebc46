"""``meeples export``: finished matches whose players allowed it, as a Parquet dataset (issue 27,
point 6), and the environments starting from a record's position."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from starlette.testclient import TestClient

import meeples
from meeples.cli import main
from meeples.core.chance import CHANCE
from meeples.core.record import Match
from meeples.server.app import create_app
from meeples.server.lifecycle import ABANDON, RESIGN
from meeples.server.store import MatchEvent, Seat, StoredMatch, database_url
from meeples.server.store import Store as _Store
from tests.server.conftest import create

pq = pytest.importorskip("pyarrow.parquet")


def Store(path: str) -> _Store:  # noqa: N802 (the store of a file name)
    return _Store(database_url(path))


def played(game: str, players: int, seed: int, most: int = 3000) -> Any:
    """Return the final facade state of a seeded random game (chance dealt by its seed)."""
    rng = random.Random(seed)
    state = meeples.load(game).new(players=players, seed=seed)
    for _ in range(most):
        state = state.settle()
        if state.outcome is not None:
            return state
        state = state.play(rng.choice(state.legal()))
    raise AssertionError(f"{game} did not end in {most} actions")


def store_match(store: Store, match_id: str, state: Any, research: bool = True,
                seats: list[Seat] | None = None, events: list[MatchEvent] = (),  # type: ignore[assignment]
                finish: bool = True, **fields: Any) -> None:
    """Store a match as the server does: its row, its actions, its end."""
    start = state.start
    players = start.players
    stored = StoredMatch(
        id=match_id, game=state.game.name, players=players, seed=start.seed,
        options=dict(start.options or {}), position=None,
        seats=seats or [Seat(kind="human", name=f"Secret{n}", token_hash=f"hash{n}",
                             joined=True) for n in range(players)],
        created=time.time(), rules_version=state.game.rules_version, research=research,
        address="198.51.100.7", **fields,
    )
    store.create(stored)
    for ply, action in enumerate(state.history):
        last = finish and ply == len(state.history) - 1 and not events
        result = state.outcome.to_json() if last else None
        store.append_action(match_id, ply, None, action, result)
    for n, event in enumerate(events):
        store.add_event(match_id, event, {"winners": [], "ranking": [], "reason": "x"}
                        if finish and n == len(events) - 1 else None)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "site.db")


def export(database: str, out: Path, *extra: str) -> int:
    return main(["export", "--db", database, "--out", str(out), *extra])


def test_export_holds_only_finished_matches_their_players_allowed(
        database: str, tmp_path: Path) -> None:
    store = Store(database)
    store_match(store, "a" * 12, played("sparta", 2, 1))
    store_match(store, "b" * 12, played("sparta", 2, 2), research=False)
    unfinished = played("sparta", 2, 3)
    store_match(store, "c" * 12, unfinished, finish=False)
    stopped = played("sparta", 2, 4)
    store_match(store, "d" * 12, stopped, events=[MatchEvent(ABANDON, None, 3, time.time())])
    store.close()
    assert export(database, tmp_path / "out") == 0
    matches = pq.read_table(tmp_path / "out" / "matches.parquet").to_pylist()
    assert len(matches) == 1
    assert Match.from_json(json.loads(matches[0]["record"])).actions == played(
        "sparta", 2, 1).history


def test_export_anonymises_seats_ids_addresses_and_times(database: str, tmp_path: Path) -> None:
    store = Store(database)
    seats = [Seat(kind="human", name="Ana Secret", token_hash="t0", joined=True,
                  account="acct-42"), Seat(kind="bot", level="easy", name="Bot")]
    store_match(store, "matchsecret1", played("sparta", 2, 5), seats=seats)
    store.close()
    export(database, tmp_path / "out")
    data = b"".join(path.read_bytes() for path in (tmp_path / "out").iterdir())
    for secret in (b"Ana Secret", b"acct-42", b"matchsecret1", b"198.51.100.7", b"t0\""):
        assert secret not in data
    row = pq.read_table(tmp_path / "out" / "matches.parquet").to_pylist()[0]
    assert row["seats"] == ["human", "bot:easy"]
    assert row["match"] == 0 and len(row["month"]) == 7


@pytest.mark.parametrize(("game", "players"), [
    ("sparta", 2), ("rise_of_tribes", 3), ("meeple_war", 2), ("meeple_war", 4)])
def test_each_decision_holds_the_players_observation_mask_action_and_return(
        database: str, tmp_path: Path, game: str, players: int) -> None:
    from meeples.env.records import start
    from meeples.env.relative import make_episode

    state = played(game, players, 11)
    store = Store(database)
    store_match(store, "e" * 12, state)
    store.close()
    export(database, tmp_path / "out")
    table = pq.read_table(tmp_path / "out" / f"decisions-{game}.parquet")
    meta = table.schema.metadata
    shape = json.loads(meta[b"meeples.observation_shape"])
    count = int(meta[b"meeples.action_count"])
    rows = table.to_pylist()
    returns = pq.read_table(tmp_path / "out" / "matches.parquet").to_pylist()[0]["returns"]
    record = Match.of(state)
    episode = make_episode(game, players, {})
    for row in rows:
        if row["step"] == 0:  # the episode at the decision, by the record
            start(episode, record, row["ply"])
        assert episode.to_move == row["player"]
        planes = np.array(row["observation"], dtype=np.float32).reshape(shape)
        assert np.array_equal(planes, episode.observe(row["player"]).astype(np.float32))
        mask = np.zeros(count, dtype=np.int8)
        mask[row["legal"]] = 1
        assert np.array_equal(mask, episode.mask())
        assert row["return"] == returns[row["player"]]
        assert episode.step(row["action"])
        if episode.pending is None:
            assert episode.last == row["text"]
    decided = [s for s in record.states()[:-1] if s.to_move != CHANCE]
    assert sum(1 for row in rows if row["step"] == 0) == len(decided)


def test_relative_actions_are_the_relative_environments_ids(
        database: str, tmp_path: Path) -> None:
    from meeples.env.relative import make_episode

    state = played("sparta", 2, 6)
    store = Store(database)
    store_match(store, "f" * 12, state)
    store.close()
    export(database, tmp_path / "out", "--relative-actions")
    rows = pq.read_table(tmp_path / "out" / "decisions-sparta.parquet").to_pylist()
    episode = make_episode("sparta", 2, {}, relative_actions=True)
    episode.reset(0)
    north = [row for row in rows if row["player"] == 1]
    assert north
    for row in rows:
        assert row["legal"] == np.flatnonzero(episode.mask()).tolist()
        assert episode.step(row["action"])
        assert episode.last == row["text"]


def test_a_bot_playing_a_resigned_seat_is_not_a_human_decision(
        database: str, tmp_path: Path) -> None:
    state = played("rise_of_tribes", 3, 12)
    store = Store(database)
    store_match(store, "g" * 12, state, events=[MatchEvent(RESIGN, 1, 0, time.time())])
    with store.engine.begin() as conn:
        from sqlalchemy import update

        from meeples.server.tables import actions
        conn.execute(update(actions).where(actions.c.match_id == "g" * 12).values(bot=True))
    store.close()
    export(database, tmp_path / "out")
    rows = pq.read_table(tmp_path / "out" / "decisions-rise_of_tribes.parquet").to_pylist()
    assert rows and not any(row["human"] for row in rows)
    match = pq.read_table(tmp_path / "out" / "matches.parquet").to_pylist()[0]
    assert match["ranking"][-1] == [1]  # the resignation ranks it last


def test_the_data_card_says_what_is_in_it(database: str, tmp_path: Path) -> None:
    store = Store(database)
    store_match(store, "h" * 12, played("sparta", 2, 7))
    store_match(store, "i" * 12, played("sparta", 2, 8), research=False)
    store.close()
    export(database, tmp_path / "out")
    card = (tmp_path / "out" / "README.md").read_text()
    assert "| sparta | 1 |" in card
    assert "not allowed by its players: 1" in card


@pytest.mark.parametrize("kind", ["file", "full folder"])
def test_export_never_writes_over_anything(database: str, tmp_path: Path, kind: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    Store(database).close()
    target = tmp_path / "taken"
    if kind == "file":
        target.write_text("keep me")
    else:
        target.mkdir()
        (target / "mine.txt").write_text("keep me")
    assert export(database, target) == 2
    assert "never over files" in capsys.readouterr().err or kind == "file"
    kept = target if kind == "file" else target / "mine.txt"
    assert kept.read_text() == "keep me"


def test_the_research_choice_is_made_at_creation_and_shown_to_joiners(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0)) as client:
        allowed = create(client, research=True)
        plain = create(client)
        assert client.get(f"/api/matches/{allowed['id']}").json()["research"] is True
        assert client.get(f"/api/matches/{plain['id']}").json()["research"] is False
        listed = {m["id"]: m for m in client.get("/api/matches").json()["open"]}
        assert listed[allowed["id"]]["research"] is True
        refused = client.post("/api/matches", json={"game": "sparta", "research": "yes"})
        assert refused.status_code == 400


def test_an_environment_starts_at_a_records_position(tmp_path: Path) -> None:
    from meeples.env import gym

    state = played("rise_of_tribes", 2, 9)
    record = Match.of(state)
    env = gym("rise_of_tribes", opponents="random")
    halfway = len(record.actions) // 2
    env.reset(seed=1, options={"record": record.to_json(), "ply": halfway})
    assert env.unwrapped.episode.plies >= halfway
    with pytest.raises(meeples.CorruptRecord):
        env.reset(options={"record": record.to_json(), "ply": len(record.actions) + 1})
