"""The lobby over HTTP: games, creating matches, listing them, replays."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.server.conftest import LAST_MOVE, create, token


def test_games_lists_sparta_with_its_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    options = {o["name"]: o for o in games["sparta"]["options"]}
    assert options["first"]["choices"] == [0, 1]


def test_index_serves_the_client(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert '<script type="module" src="/static/app.js">' in response.text


def test_create_answers_a_token_per_human_seat_only(client: TestClient) -> None:
    match = create(client, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    assert match["seats"][0]["token"] and match["seats"][1]["token"] is None


def test_create_refuses_an_unknown_game(client: TestClient) -> None:
    response = client.post("/api/matches", json={"game": "chess"})
    assert response.status_code == 400 and "unknown game" in response.json()["message"]


def test_create_refuses_a_bad_option(client: TestClient) -> None:
    response = client.post("/api/matches", json={"game": "sparta", "options": {"first": 5}})
    assert response.status_code == 400 and "first" in response.json()["message"]


def test_create_refuses_a_wrong_seat_count(client: TestClient) -> None:
    response = client.post("/api/matches", json={"game": "sparta", "seats": [{"kind": "human"}]})
    assert response.status_code == 400


def test_create_refuses_a_malformed_body(client: TestClient) -> None:
    response = client.post("/api/matches", content=b"{nope", headers={"content-type": "x"})
    assert response.status_code == 400 and response.json()["code"] == "malformed"


def test_list_puts_unjoined_games_in_open(client: TestClient) -> None:
    match = create(client)
    listing = client.get("/api/matches").json()
    assert [m["id"] for m in listing["open"]] == [match["id"]]


def test_show_never_reveals_tokens(client: TestClient) -> None:
    match = create(client)
    text = client.get(f"/api/matches/{match['id']}").text
    assert token(match, 0) not in text and "token_hash" not in text


def test_claim_gives_an_open_seat_once(client: TestClient) -> None:
    match = create(client, seats=[{"kind": "human"}, {"kind": "human", "open": True}])
    first = client.post(f"/api/matches/{match['id']}/claim")
    second = client.post(f"/api/matches/{match['id']}/claim")
    assert (first.status_code, first.json()["seat"], second.status_code) == (200, 1, 409)


def test_replay_refused_while_the_game_goes_on(client: TestClient) -> None:
    match = create(client)
    assert client.get(f"/api/matches/{match['id']}/replay").status_code == 409


def test_replay_lists_a_view_per_step_of_a_finished_game(client: TestClient) -> None:
    match = create(client, position=LAST_MOVE)
    with client.websocket_connect(f"/ws/{match['id']}") as ws:
        ws.send_json({"type": "hello", "tokens": [token(match, 0)]})
        state = ws.receive_json()
        ws.send_json({"type": "act", "action": state["legal"][0]["action"], "version": 0})
        assert ws.receive_json()["outcome"] is not None
    replay = client.get(f"/api/matches/{match['id']}/replay").json()
    assert (len(replay["views"]), len(replay["log"])) == (2, 1)


def test_unknown_match_is_404(client: TestClient) -> None:
    assert client.get("/api/matches/nope").status_code == 404


def test_components_give_meeple_war_building_paths(client: TestClient) -> None:
    data = client.get("/api/games/meeple_war/components").json()
    assert data["buildings"]["VS"]["path"]["S"] == ["L1", "L2", "L3"]


def test_components_are_empty_for_a_game_that_needs_none(client: TestClient) -> None:
    assert client.get("/api/games/sparta/components").json() == {}
    assert client.get("/api/games/rise_of_tribes/components").json() == {}


def test_components_carry_no_words(client: TestClient) -> None:
    """Names and effects come from the catalogues, in the player's language."""
    data = client.get("/api/games/meeple_war/components").json()
    assert "name" not in data["buildings"]["VS"] and set(data) == {"buildings"}


def test_components_of_an_unknown_game_is_404(client: TestClient) -> None:
    assert client.get("/api/games/chess/components").status_code == 404


def test_client_files_are_revalidated_on_each_load(client: TestClient) -> None:
    response = client.get("/static/app.js")
    assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"
