"""The match lifecycle on the server: resign, rematch, hints allowed per match, a bot keeping
an absent seat warm, abandoned matches and times in the lobby."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeples.core.game import Outcome
from meeples.server import lifecycle
from meeples.server.app import create_app
from meeples.server.store import MatchEvent, Store, database_url
from tests.server.conftest import WIN_IN_ONE, create, receive, token
from tests.server.test_anytime_setting import receive_state


def hello(ws: Any, *tokens: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "tokens": list(tokens)})
    return receive_state(ws)


def error_of(ws: Any) -> dict[str, Any]:
    """Return the next error message (skipping states)."""
    while True:
        message = receive(ws)
        if message["type"] == "error":
            return message


def three_players(client: TestClient, game: str = "rise_of_tribes") -> dict[str, Any]:
    """Three humans on a game of three or more (the first player is drawn in secret)."""
    return create(client, game=game, players=3, seats=[{"kind": "human"}] * 3)


def until(ws: Any, wanted: Any, limit: int = 400) -> dict[str, Any]:
    """Return the first state message for which wanted(state) holds."""
    for _ in range(limit):
        state = receive_state(ws)
        if wanted(state):
            return state
    raise AssertionError("the awaited state never came")


# --- resign ----------------------------------------------------------------------------------


def test_resign_with_two_players_makes_the_other_win(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(south, token(match, 0))
        hello(north, token(match, 1))
        north.send_json({"type": "resign"})
        seen = receive_state(south)
    assert seen["outcome"]["winners"] == [0] and seen["outcome"]["ranking"] == [[0], [1]]
    assert seen["outcome"]["msg"] == {"key": "core.outcome.resigned",
                                      "params": {"player": {"ref": "player", "id": 1}}}
    assert seen["to_move"] is None and seen["legal"] == []
    assert [(e["kind"], e["seat"], e["ply"]) for e in seen["events"]] == [("resign", 1, 0)]
    assert seen["events"][0]["msg"]["key"] == "core.event.resign_alone"


def test_resign_is_stored_and_shown_by_the_replay(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client)
        response = client.post(f"/api/matches/{match['id']}/resign",
                               json={"token": token(match, 0)})
        assert response.status_code == 200 and response.json()["seat"] == 0
    with TestClient(create_app(db, bot_delay=0)) as client:  # after a restart
        replay = client.get(f"/api/matches/{match['id']}/replay").json()
        listed = client.get("/api/matches").json()
    assert replay["outcome"]["winners"] == [1]
    assert [(e["kind"], e["seat"]) for e in replay["events"]] == [("resign", 0)]
    assert [item["id"] for item in listed["finished"]] == [match["id"]]


def test_resign_by_a_spectator_is_refused_with_a_message_key(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as watcher:
        hello(watcher)
        watcher.send_json({"type": "resign"})
        refusal = error_of(watcher)
    assert refusal["code"] == "not_seated" and refusal["msg"]["key"] == "core.error.not_seated"
    assert client.get(f"/api/matches/{match['id']}").json()["finished"] is False


def test_resign_with_a_wrong_token_is_refused_and_changes_nothing(client: TestClient) -> None:
    match = create(client)
    response = client.post(f"/api/matches/{match['id']}/resign", json={"token": "not-a-token"})
    assert response.status_code == 403 and response.json()["code"] == "bad_token"
    assert client.get(f"/api/matches/{match['id']}").json()["outcome"] is None


def test_resign_of_a_seat_not_held_is_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        south.send_json({"type": "resign", "seat": 1})
        assert error_of(south)["code"] == "not_seated"


def test_resign_after_the_end_is_refused(client: TestClient) -> None:
    match = create(client, position=WIN_IN_ONE)
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        state = hello(south, token(match, 0), token(match, 1))
        south.send_json({"type": "act", "action": "e4-e6", "version": state["version"]})
        assert receive_state(south)["outcome"]["winners"] == [0]
        south.send_json({"type": "resign", "seat": 1})
        refusal = error_of(south)
    assert refusal["code"] == "game_over" and refusal["msg"]["key"] == "core.game_over"


@pytest.mark.parametrize("game", ["rise_of_tribes", "meeple_war"])
def test_resign_with_three_players_lets_a_bot_play_the_seat_out(
    client: TestClient, game: str
) -> None:
    match = three_players(client, game)
    with client.websocket_connect(f"/ws/{match['id']}") as table:
        start = hello(table, *(token(match, seat) for seat in range(3)))
        out = start["to_move"]
        table.send_json({"type": "resign", "seat": out})
        # The game goes on: a bot plays the resigned seat until another player is to move.
        state = until(table, lambda s: s["to_move"] != out and s["legal"])
    assert state["outcome"] is None and state["resigned"] == [out]
    # (chance's setup draws, seat -1, come before anyone's decision)
    assert [entry["seat"] for entry in state["log"] if entry["seat"] != -1][:1] == [out]
    assert state["events"][0]["msg"] == {"key": "core.event.resign", "params": {
        "player": {"ref": "player", "id": out},
        "level": {"key": "core.level.random", "params": {}}}}


def test_resigned_player_cannot_act(db: str) -> None:
    with TestClient(create_app(db, bot_delay=30)) as client:  # the bot takes its time
        match = three_players(client)
        with client.websocket_connect(f"/ws/{match['id']}") as table:
            start = hello(table, *(token(match, seat) for seat in range(3)))
            out = start["to_move"]
            table.send_json({"type": "resign", "seat": out})
            after = receive_state(table)
            assert after["to_move"] == out and after["legal"] == []
            table.send_json({"type": "act", "action": start["legal"][0]["action"],
                             "version": after["version"]})
            refusal = error_of(table)
    assert refusal["code"] == "resigned" and refusal["msg"]["key"] == "core.error.resigned"


def test_last_player_left_wins_and_resigned_seats_rank_last_first_out_lowest(
    client: TestClient,
) -> None:
    match = three_players(client)
    with client.websocket_connect(f"/ws/{match['id']}") as table:
        hello(table, *(token(match, seat) for seat in range(3)))
        table.send_json({"type": "resign", "seat": 0})
        table.send_json({"type": "resign", "seat": 1})
        over = until(table, lambda s: s["outcome"] is not None)
    assert over["outcome"]["winners"] == [2]
    assert over["outcome"]["ranking"] == [[2], [1], [0]]
    assert over["outcome"]["msg"]["key"] == "core.outcome.last_left"
    assert over["can_resign"] is False


def test_final_outcome_moves_a_resigned_winner_below_the_others() -> None:
    engine = Outcome((0,), ((0,), (2,), (1, 3)), "most points")
    resigned = [MatchEvent("resign", 0, 5, 1.0), MatchEvent("resign", 3, 9, 2.0)]
    final = lifecycle.final_outcome(engine, 4, resigned)
    assert final is not None
    assert final.ranking == ((2,), (1,), (3,), (0,)) and final.winners == (2,)


def test_final_outcome_keeps_a_draw_a_draw() -> None:
    engine = Outcome((), ((0, 1, 2),), "draw")
    final = lifecycle.final_outcome(engine, 3, [MatchEvent("resign", 2, 5, 1.0)])
    assert final is not None and final.winners == () and final.ranking == ((0, 1), (2,))


# --- rematch ---------------------------------------------------------------------------------


def finished(client: TestClient, **body: Any) -> dict[str, Any]:
    """A two-human Sparta match ended by a resignation."""
    match = create(client, **body)
    client.post(f"/api/matches/{match['id']}/resign", json={"token": token(match, 1)})
    return match


def test_rematch_keeps_the_seats_tokens_and_options_with_a_new_seed(client: TestClient) -> None:
    match = finished(client, options={"first": 1}, seats=[
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], bot_speed="fast")
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "rematch"})
        answer = receive(ws)
        assert answer["type"] == "state"  # everyone hears of the offer...
        offered = answer["rematch"]
        answer = receive(ws)  # ...and the one who asked gets the id
    assert answer == {"type": "rematch", "id": offered["id"]} and offered["by"] == 0
    store = client.app.state.store  # type: ignore[attr-defined]
    old, new = store.load(match["id"]), store.load(answer["id"])
    assert [s.token_hash for s in new.seats] == [s.token_hash for s in old.seats]
    assert [s.name for s in new.seats] == ["Ann", "Bo"] and not any(s.joined for s in new.seats)
    assert (new.options, new.bot_speed, new.hints) == (old.options, old.bot_speed, old.hints)
    assert new.seed != old.seed and old.rematch == new.id
    with client.websocket_connect(f"/ws/{new.id}") as ws:  # the old token opens the new seat
        assert hello(ws, token(match, 1))["seats"] == [1]


def test_rematch_with_sides_swapped_gives_each_player_the_other_seat(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    match = finished(client, seats=seats)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "rematch", "swap": True})
        offered = receive(ws)["rematch"]
        answer = receive(ws)
    assert offered["swap"] is True and answer["id"] == offered["id"]
    assert offered == {"id": answer["id"], "by": 0, "swap": True}
    store = client.app.state.store  # type: ignore[attr-defined]
    new = store.load(answer["id"])
    assert [s.name for s in new.seats] == ["Bo", "Ann"]
    with client.websocket_connect(f"/ws/{new.id}") as ws:  # Ann's token now opens North
        assert hello(ws, token(match, 0))["seats"] == [1]
    events = client.get(f"/api/matches/{match['id']}").json()
    assert events["rematch"] == new.id


def test_rematch_offered_twice_is_the_same_match(client: TestClient) -> None:
    match = finished(client)
    with client.websocket_connect(f"/ws/{match['id']}") as south, \
            client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(south, token(match, 0))
        hello(north, token(match, 1))
        south.send_json({"type": "rematch"})
        seen_by_north = receive_state(north)
        north.send_json({"type": "rematch"})
        while (answer := receive(north))["type"] != "rematch":
            pass
    assert answer["id"] == seen_by_north["rematch"]["id"]
    assert client.get(f"/api/matches/{match['id']}").json()["rematch"] == answer["id"]


def test_rematch_before_the_end_is_refused(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "rematch"})
        refusal = error_of(ws)
    assert refusal["code"] == "not_over" and refusal["msg"]["key"] == "core.error.not_over"


def test_rematch_by_a_spectator_is_refused(client: TestClient) -> None:
    match = finished(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws)
        ws.send_json({"type": "rematch"})
        assert error_of(ws)["code"] == "not_seated"
    assert client.get(f"/api/matches/{match['id']}").json()["rematch"] is None


def test_rematch_keeps_the_bots_and_they_play(client: TestClient) -> None:
    match = create(client, seats=[{"kind": "bot", "level": "random"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 1))
        ws.send_json({"type": "resign"})
        until(ws, lambda s: s["outcome"] is not None)
        ws.send_json({"type": "rematch"})
        while (answer := receive(ws))["type"] != "rematch":
            pass
    with client.websocket_connect(f"/ws/{answer['id']}") as ws:
        state = until(ws, lambda s: s["log"], limit=50) if not (s := hello(
            ws, token(match, 1)))["log"] else s
    assert state["players"][0]["kind"] == "bot" and state["log"][0]["seat"] == 0


# --- hints -----------------------------------------------------------------------------------


def test_hints_are_off_by_default_between_humans(client: TestClient) -> None:
    match = create(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        assert hello(ws, token(match, 0))["hints"] is False
        ws.send_json({"type": "hint"})
        refusal = error_of(ws)
    assert refusal["code"] == "hints_off" and refusal["msg"]["key"] == "core.error.hints_off"


def test_hints_are_on_by_default_against_bots(client: TestClient) -> None:
    match = create(client, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        assert hello(ws, token(match, 0))["hints"] is True


def test_hints_can_be_switched_off_against_bots(client: TestClient) -> None:
    match = create(client, hints=False,
                   seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "hint"})
        assert error_of(ws)["code"] == "hints_off"


def test_hints_setting_is_a_strict_boolean(client: TestClient) -> None:
    response = client.post("/api/matches", json={"game": "sparta", "hints": "yes"})
    assert response.status_code == 400


# --- warm seat -------------------------------------------------------------------------------


def test_absent_seat_is_kept_warm_by_a_bot_and_handed_back(client: TestClient) -> None:
    match = create(client, warm={"after": 1, "level": "random"})
    with client.websocket_connect(f"/ws/{match['id']}") as north:
        hello(north, token(match, 1))
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            hello(south, token(match, 0))
        # South left on its own turn: after a second a bot plays for it.
        warm = until(north, lambda s: s["log"] and s["kept_warm"] == [0])
        assert warm["events"][-1]["msg"]["key"] == "core.event.warm"
        assert warm["log"][0]["seat"] == 0 and warm["to_move"] == 1
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            back = hello(south, token(match, 0))
    assert back["kept_warm"] == [] and [e["kind"] for e in back["events"]] == ["warm", "back"]
    assert back["events"][-1]["msg"]["key"] == "core.event.back"


def test_warm_settings_are_public_in_the_lobby_the_match_and_the_state(
    client: TestClient,
) -> None:
    # issue 28: the opponent could not see that an absent player's seat may be played by a bot
    match = create(client, warm={"after": 90, "level": "hard"})
    plain = create(client)
    listed = {m["id"]: m for m in client.get("/api/matches").json()["open"]}
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        state = hello(ws, token(match, 1))
    expected = {"after": 90, "level": "hard"}
    assert listed[match["id"]]["warm"] == expected and listed[plain["id"]]["warm"] is None
    assert client.get(f"/api/matches/{match['id']}").json()["warm"] == expected
    assert client.get(f"/api/matches/{plain['id']}").json()["warm"] is None
    assert state["warm"] == expected


def test_absent_seat_is_kept_warm_after_a_restart(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client, warm={"after": 1, "level": "random"})
        with client.websocket_connect(f"/ws/{match['id']}") as south:
            hello(south, token(match, 0))  # joined once, then gone
    with TestClient(create_app(db, bot_delay=0)) as client:  # nobody is connected any more
        with client.websocket_connect(f"/ws/{match['id']}") as north:
            hello(north, token(match, 1))
            warm = until(north, lambda s: s["log"])
    assert warm["kept_warm"] == [0] and warm["log"][0]["seat"] == 0


def test_seat_is_not_kept_warm_without_the_option(client: TestClient) -> None:
    match = create(client)
    room = client.app.state.lobby.rooms[match["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
    time.sleep(0.2)
    assert room.clocks == {} and room.stored.events == []


def test_a_returning_player_stops_the_clock(client: TestClient) -> None:
    match = create(client, warm={"after": 1, "level": "random"})
    room = client.app.state.lobby.rooms[match["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
    time.sleep(0.3)
    assert list(room.clocks) == [0]
    with client.websocket_connect(f"/ws/{match['id']}") as south:
        hello(south, token(match, 0))
        time.sleep(1.2)
        assert room.clocks == {} and room.stored.events == []


# --- lobby -----------------------------------------------------------------------------------


def test_idle_match_is_listed_as_abandoned(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, abandon_after=3600)) as client:
        idle, busy = create(client), create(client)
        store = client.app.state.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE matches SET created = ? WHERE id = ?",
                                 (time.time() - 7200, idle["id"]))
        listed = client.get("/api/matches").json()
    assert [item["id"] for item in listed["abandoned"]] == [idle["id"]]
    assert idle["id"] not in {item["id"] for item in listed["open"] + listed["live"]}
    assert busy["id"] in {item["id"] for item in listed["open"]}


def test_lobby_shows_when_a_match_was_created_and_last_moved(client: TestClient) -> None:
    match = create(client)
    before = client.get("/api/matches").json()["open"][0]
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        state = hello(ws, token(match, 0))
        ws.send_json({"type": "act", "action": state["legal"][0]["action"],
                      "version": state["version"]})
        receive_state(ws)
    after = client.get("/api/matches").json()["open"][0]
    assert before["moved"] is None and abs(before["created"] - time.time()) < 60
    assert after["moved"] is not None and after["moved"] >= before["created"]


def test_serve_takes_abandon_after_in_hours() -> None:
    import argparse

    from meeples.commands import serve

    parser = argparse.ArgumentParser()
    serve.register(parser.add_subparsers())
    assert parser.parse_args(["serve"]).abandon_after == 24.0
    assert parser.parse_args(["serve", "--abandon-after", "2"]).abandon_after == 2.0
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--abandon-after", "0"])


# --- store -----------------------------------------------------------------------------------


def test_events_are_stored_in_order_and_loaded_with_the_match(tmp_path: Path) -> None:
    store = Store(database_url(str(tmp_path / "events.db")))
    from meeples.server.store import Seat, StoredMatch

    store.create(StoredMatch("m", "sparta", 2, 1, {}, None, [Seat("human"), Seat("human")], 1.0))
    store.add_event("m", MatchEvent("warm", 0, 3, 10.0, "easy"))
    store.add_event("m", MatchEvent("back", 0, 3, 11.0))
    store.add_event("m", MatchEvent("resign", 1, 4, 12.0, "easy"), {"winners": [0]})
    loaded = store.load("m")
    store.close()
    assert loaded is not None
    assert [(e.kind, e.seat, e.ply, e.level) for e in loaded.events] == [
        ("warm", 0, 3, "easy"), ("back", 0, 3, None), ("resign", 1, 4, "easy")]
    assert loaded.finished and loaded.result == {"winners": [0]} and loaded.moved == 12.0


def test_rematch_is_stored_with_its_link_or_not_at_all(tmp_path: Path) -> None:
    from sqlalchemy.exc import IntegrityError

    from meeples.server.store import Seat, StoredMatch

    store = Store(database_url(str(tmp_path / "rematch.db")))
    store.create(StoredMatch("old", "sparta", 2, 1, {}, None, [Seat("human")] * 2, 1.0))
    taken = StoredMatch("old", "sparta", 2, 2, {}, None, [Seat("human")] * 2, 2.0)
    with pytest.raises(IntegrityError):  # its id is taken: nothing of it is stored
        store.create_rematch(taken, "old", MatchEvent("rematch", 0, 0, 2.0, data={"id": "old"}))
    unlinked = store.load("old")
    store.create_rematch(StoredMatch("new", "sparta", 2, 2, {}, None, [Seat("human")] * 2, 2.0),
                         "old", MatchEvent("rematch", 0, 0, 2.0, data={"id": "new"}))
    linked = store.load("old")
    store.close()
    assert unlinked is not None and unlinked.rematch is None and unlinked.events == []
    assert linked is not None and linked.rematch == "new"
    assert linked.events[0].data == {"id": "new"}


def test_old_database_gets_the_lifecycle_columns(tmp_path: Path) -> None:
    from tests.server.test_old_database import old_database

    path = tmp_path / "old.db"
    old_database(path)
    store = Store(database_url(str(path)))
    stored = store.load("old")
    store.close()
    assert stored is not None
    assert (stored.hints, stored.warm_after, stored.rematch) == (None, None, None)
    assert stored.events == []
    assert lifecycle.hints_allowed(stored)  # matches from before the setting keep their hints


def test_replay_of_a_match_shows_the_rematch_offered_after_it_was_replayed(
    client: TestClient,
) -> None:
    match = finished(client)
    before = client.get(f"/api/matches/{match['id']}/replay").json()
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        hello(ws, token(match, 0))
        ws.send_json({"type": "rematch"})
        while (answer := receive(ws))["type"] != "rematch":
            pass
    after = client.get(f"/api/matches/{match['id']}/replay").json()
    assert before["rematch"] is None and after["rematch"] == answer["id"]
    assert [e["kind"] for e in after["events"]] == ["resign", "rematch"]


# --- on PostgreSQL as on SQLite --------------------------------------------------------------


def resign_rematch_restart(db: str) -> None:
    """Resign, offer a rematch, restart: the events, the result and the link are all there."""
    with TestClient(create_app(db, bot_delay=0)) as client:
        match = create(client, hints=True, warm={"after": 60, "level": "easy"})
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            hello(ws, token(match, 0))
            ws.send_json({"type": "resign"})
            receive_state(ws)
            ws.send_json({"type": "rematch"})
            while (answer := receive(ws))["type"] != "rematch":
                pass
    with TestClient(create_app(db, bot_delay=0)) as client:
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            old = hello(ws, token(match, 0))
        with client.websocket_connect(f"/ws/{answer['id']}") as ws:
            new = hello(ws, token(match, 1))
        listed = client.get("/api/matches").json()
        store = client.app.state.store  # type: ignore[attr-defined]
        stored = store.load(answer["id"])
    assert old["outcome"]["winners"] == [1] and old["rematch"]["id"] == answer["id"]
    assert [e["kind"] for e in old["events"]] == ["resign", "rematch"]
    assert new["seats"] == [1] and new["hints"] is True
    assert (stored.warm_after, stored.warm_level) == (60, "easy")
    assert answer["id"] in {item["id"] for item in listed["open"]}
    assert match["id"] in {item["id"] for item in listed["finished"]}


def test_lifecycle_survives_a_restart(db: str) -> None:
    resign_rematch_restart(db)


def test_lifecycle_survives_a_restart_on_postgres(postgres_url: str) -> None:
    resign_rematch_restart(postgres_url)


def test_rematches_count_toward_the_creation_limit(tmp_path: Path) -> None:
    # issue 28: after POST /api/matches answered 429, resign + rematch made 30 games in 0.3 s
    app = create_app(str(tmp_path / "limit.db"), bot_delay=0, create_rate=(0.001, 3))
    answers = []
    with TestClient(app) as limited:
        match = create(limited)  # one of the three creations
        tokens, current = [token(match, 0), token(match, 1)], match["id"]
        for _ in range(30):
            with limited.websocket_connect(f"/ws/{current}") as ws:
                hello(ws, *tokens)
                ws.send_json({"type": "resign", "seat": 1})
                until(ws, lambda s: s["outcome"] is not None)
                ws.send_json({"type": "rematch"})
                answer = ws.receive_json()
                while answer["type"] in ("state", "update"):
                    answer = ws.receive_json()
            answers.append(answer.get("code", answer["type"]))
            if answer["type"] != "rematch":
                break
            current = answer["id"]
        created = limited.post("/api/matches", json={"game": "sparta"}).status_code
    assert answers == ["rematch", "rematch", "too_many"] and created == 429
