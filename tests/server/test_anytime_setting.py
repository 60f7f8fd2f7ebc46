"""The anytime setting on the server: a human seat's "at any time" decisions are played for it
by its setting (ask / own turn only / never; default never), as ordinary recorded actions right
after the commit that led to them, and the setting is stored with the seat. A player who wants
to use what they hold arms it: the next such decision is asked, once."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from meeples.server.app import create_app
from meeples.server.store import Store, database_url
from tests.games.meeple_war.scenario import position
from tests.server.conftest import create, receive, token

#: Player 0's phase 1 starts: player 0 (active) then player 1 may place an upgrade token.
WINDOWS = position(
    step="window", window=[0, 1],
    seats={0: {"tokens": ["wpn"], "tree": False}, 1: {"tokens": ["shd"], "tree": False}},
).position()


def meeple_war(client: TestClient, anytime: tuple[str, str] | None = ("own", "own")
               ) -> dict[str, Any]:
    """Create a 2-human Meeple War game at WINDOWS whose seats have these anytime settings
    (None: the defaults), as the answer of POST /api/matches; the seats' tokens are "a" and "b"
    when the settings are given."""
    if anytime is None:
        return create(client, game="meeple_war", position=WINDOWS)
    import time

    from meeples.server.store import Seat, StoredMatch
    from meeples.server.tokens import hash_token

    store: Store = client.app.state.store  # type: ignore[attr-defined]
    seats = [Seat(kind="human", token_hash=hash_token(name), anytime=setting)
             for name, setting in zip("ab", anytime, strict=True)]
    name = f"w{time.monotonic_ns()}"
    store.create(StoredMatch(id=name, game="meeple_war", players=2, seed=None, options=None,
                             position=WINDOWS, seats=seats, created=time.time()))
    return {"id": name, "seats": [{"seat": i, "token": t} for i, t in enumerate("ab")]}


def test_window_is_never_asked_by_default(client: TestClient) -> None:
    match = meeple_war(client, None)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive_state(ws)
    assert state["settings"] == {"anytime": "never", "armed": False}
    assert state["anytime"] is None and state["log"]
    assert all(entry["passed"] for entry in state["log"])


def receive_state(ws: Any) -> dict[str, Any]:
    """Return the next state message (skipping anything else)."""
    while True:
        message = receive(ws)
        if message["type"] == "state":
            return message


def test_window_on_another_players_turn_is_passed_with_own(client: TestClient) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as first, \
            client.websocket_connect(f"/ws/{match['id']}") as second:
        first.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive_state(first)
        second.send_json({"type": "hello", "tokens": [token(match, 1)]})
        watching = receive_state(second)
        assert watching["settings"] == {"anytime": "own", "armed": False}
        # Player 0's own window is asked, on their own turn.
        assert (state["to_move"], state["anytime"]) == (0, "done") and state["legal"]
        first.send_json({"type": "act", "action": "done", "version": state["version"]})
        state = receive_state(first)
    passed = state["log"][1]
    assert (passed["seat"], passed["action"], passed["passed"]) == (1, "done", True)
    assert state["log"][0]["passed"] is False
    # Passed in the same commit: nobody saw player 1's window; player 0 decides again (phase 2).
    assert state["version"] == 2 and state["to_move"] == 0


def test_window_on_another_players_turn_is_asked_with_ask(client: TestClient) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as first, \
            client.websocket_connect(f"/ws/{match['id']}") as second:
        first.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive_state(first)
        second.send_json({"type": "hello", "tokens": [token(match, 1)]})
        receive_state(second)
        second.send_json({"type": "settings", "anytime": "ask"})
        assert receive_state(second)["settings"] == {"anytime": "ask", "armed": False}
        first.send_json({"type": "act", "action": "done", "version": state["version"]})
        receive_state(first)
        asked = receive_state(second)
    assert (asked["to_move"], asked["anytime"], asked["version"]) == (1, "done", 1)
    assert "done" in [item["action"] for item in asked["legal"]]


def test_never_passes_the_window_on_ones_own_turn_at_once(client: TestClient) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        state = receive_state(ws)
        assert state["to_move"] == 0 and state["anytime"] == "done"
        ws.send_json({"type": "settings", "anytime": "never"})
        state = receive_state(ws)
    assert state["settings"] == {"anytime": "never", "armed": False}
    assert [e["passed"] for e in state["log"]] == [True] * len(state["log"])
    assert len(state["log"]) >= 2 and state["anytime"] is None


def test_passed_actions_are_stored_in_the_record_like_others(any_db: str) -> None:
    with TestClient(create_app(any_db, bot_delay=0)) as client:
        match = meeple_war(client)
        with client.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
            state = receive_state(ws)
            ws.send_json({"type": "act", "action": "done", "version": state["version"]})
            state = receive_state(ws)
    store = Store(database_url(any_db))
    stored = store.load(match["id"])
    store.close()
    assert stored is not None
    assert (stored.actions, stored.passed) == (["done", "done"], [False, True])
    assert [e["action"] for e in state["log"]] == stored.actions


def test_setting_persists_across_a_restart(any_db: str) -> None:
    with TestClient(create_app(any_db, bot_delay=0)) as first:
        match = meeple_war(first)
        with first.websocket_connect(f"/ws/{match['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
            receive_state(ws)
            ws.send_json({"type": "settings", "anytime": "ask"})
            receive_state(ws)
    with TestClient(create_app(any_db, bot_delay=0)) as second:
        with second.websocket_connect(f"/ws/{match['id']}") as ws, \
                second.websocket_connect(f"/ws/{match['id']}") as other:
            ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
            assert receive_state(ws)["settings"] == {"anytime": "ask", "armed": False}
            other.send_json({"type": "hello", "tokens": [token(match, 0)]})
            other.send_json({"type": "act", "action": "done", "version": receive_state(other)[
                "version"]})
            asked = receive_state(ws)
    assert (asked["to_move"], asked["anytime"]) == (1, "done")


def test_settings_are_for_seats_not_spectators(client: TestClient) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "settings", "anytime": "ask"})
        assert receive(ws)["code"] == "hello_first"
        ws.send_json({"type": "hello", "tokens": []})
        spectator = receive_state(ws)
        assert spectator["settings"] is None and spectator["undo"] is False
        ws.send_json({"type": "settings", "anytime": "ask"})
        assert receive(ws)["code"] == "spectator"


def test_settings_message_is_strict(client: TestClient) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
        receive_state(ws)
        for wrong in ({"type": "settings", "anytime": "sometimes"},
                      {"type": "settings", "anytime": None},
                      {"type": "settings"},
                      {"type": "settings", "armed": "yes"},
                      {"type": "settings", "armed": 1},
                      {"type": "settings", "anytime": "ask", "seat": 9},
                      {"type": "settings", "anytime": "ask", "color": "red"}):
            ws.send_json(wrong)
            answer = receive(ws)
            assert answer["code"] == "malformed", wrong


def test_bots_decide_their_windows_themselves(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    match = create(client, game="meeple_war", position=WINDOWS, seats=seats)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive_state(ws)
        ws.send_json({"type": "act", "action": "done", "version": state["version"]})
        state = receive_state(ws)
        while state["to_move"] != 0:
            state = receive_state(ws)
    assert state["log"][1]["seat"] == 1 and state["log"][1]["passed"] is False


def test_a_resumed_game_passes_what_was_left_pending(any_db: str) -> None:
    # As if the server stopped between an action and the passes after it: player 1's window on
    # player 0's turn is stored pending, and passed when the game is loaded again.
    import time

    from meeples.server.store import Seat, StoredMatch
    from meeples.server.tokens import hash_token

    pending = position(step="window", window=[1], seats={1: {"tokens": ["shd"], "tree": False}})
    assert pending.to_move == 1 and pending.anytime_pass("own") == "done"
    store = Store(database_url(any_db))
    seats = [Seat(kind="human", token_hash=hash_token(name), joined=True) for name in "ab"]
    store.create(StoredMatch(id="pending", game="meeple_war", players=2, seed=None, options=None,
                             position=pending.position(), seats=seats, created=time.time()))
    store.close()
    with TestClient(create_app(any_db, bot_delay=0)) as client:
        shown = client.get("/api/matches/pending").json()
    assert shown["version"] >= 1 and shown["to_move"] == 0


def test_armed_seat_is_asked_at_its_next_window_once(client: TestClient) -> None:
    match = meeple_war(client, ("own", "never"))
    with client.websocket_connect(f"/ws/{match['id']}") as first, \
            client.websocket_connect(f"/ws/{match['id']}") as second:
        first.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive_state(first)
        second.send_json({"type": "hello", "tokens": [token(match, 1)]})
        receive_state(second)
        second.send_json({"type": "settings", "armed": True})
        assert receive_state(second)["settings"] == {"anytime": "never", "armed": True}
        first.send_json({"type": "act", "action": "done", "version": state["version"]})
        receive_state(first)
        asked = receive_state(second)
        # Player 1's window on player 0's turn is put to them, although their setting is never.
        assert (asked["to_move"], asked["anytime"]) == (1, "done")
        second.send_json({"type": "act", "action": "done", "version": asked["version"]})
        after = receive_state(second)
    assert after["settings"] == {"anytime": "never", "armed": False}


def test_arming_one_seat_of_a_hotseat_leaves_the_other(client: TestClient) -> None:
    match = meeple_war(client, ("never", "never"))
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0), token(match, 1)]})
        receive_state(ws)
        ws.send_json({"type": "settings", "armed": True, "seat": 1})
        receive_state(ws)
    stored = client.app.state.store.load(match["id"])  # type: ignore[attr-defined]
    assert [seat.armed for seat in stored.seats] == [False, True]


def test_arming_a_seat_not_held_is_refused(client: TestClient) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        receive_state(ws)
        ws.send_json({"type": "settings", "armed": True, "seat": 1})
        assert receive(ws)["code"] == "not_seated"


def test_held_tokens_reach_their_seat(client: TestClient) -> None:
    match = meeple_war(client)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 1)]})
        state = receive_state(ws)
        assert [m["params"]["name"] for m in state["held"]] == [{"ref": "mw.token", "id": "shd"}]
    with client.websocket_connect(f"/ws/{match['id']}") as spectator:
        spectator.send_json({"type": "hello", "tokens": []})
        assert receive_state(spectator)["held"] == []


def test_no_anytime_question_in_eight_turns_of_a_tree_holder_by_default(
    client: TestClient,
) -> None:
    """The nagging the issue counted (165 questions in 33 turns): with the default settings a
    person holding the Tree is asked nothing "at any time" in 8 of their turns against a bot.

    Counted in turns with a decision, not rounds: a turn with nothing to decide plays itself,
    and in 8 rounds a random game can leave the person only 7 decisions."""
    import random

    bot = {"kind": "bot", "level": "random"}
    match = create(client, game="meeple_war", players=2, seats=[{"kind": "human"}, bot])
    rng, questions, decided = random.Random(5), 0, set()
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive_state(ws)
        assert any(m["params"]["name"]["id"] == "tree" for m in state["held"])
        while state["outcome"] is None and len(decided) < 8 and (state["round"] or 0) <= 40:
            if state["to_move"] == 0 and state["legal"]:
                decided.add(state["round"])
                questions += state["anytime"] is not None
                choices = [i["action"] for i in state["legal"]
                           if i["parts"]["verb"] not in ("tree", "upgrade")]
                ws.send_json({"type": "act", "action": rng.choice(choices or [
                    i["action"] for i in state["legal"]]), "version": state["version"]})
            state = receive_state(ws)
    assert len(decided) >= 8 and questions == 0


def test_a_seat_may_be_created_with_its_setting(client: TestClient) -> None:
    match = create(client, game="meeple_war", position=WINDOWS,
                   seats=[{"kind": "human", "anytime": "own"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = receive_state(ws)
    assert state["settings"]["anytime"] == "own" and state["anytime"] == "done"
