"""The match lifecycle in the browser, in French: resign (confirmed in a dialog) and a rematch
offered by one player and joined with one click by the other; the lobby's hints and warm-seat
settings and its times."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import shot
from tests.browser.test_four_players import KEY, english_fragments

SEATS = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"}]


def open_seat(browser: Any, url: str) -> Any:
    """Open a page in its own browser context, the interface in French."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.set_default_timeout(30000)
    context.add_init_script("localStorage.setItem('meeples.lang', 'fr')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    return page


def seat_url(server: str, match: dict[str, Any], seat: int) -> str:
    return f"{server}/#/m/{match['id']}?t={match['seats'][seat]['token']}"


def assert_french(page: Any) -> None:
    """Assert the page shows no message key and no English template text."""
    text = page.locator("body").inner_text()
    titles = " ".join(page.eval_on_selector_all("[title]", "els => els.map((e) => e.title)"))
    assert KEY.findall(text + " " + titles) == []
    assert [piece for piece in english_fragments("sparta", "fr") if piece in text] == []
    assert page.errors == []


def two_players(browser: Any, server: str) -> tuple[dict[str, Any], Any, Any]:
    match = httpx.post(f"{server}/api/matches", json={"game": "sparta", "seats": SEATS}).json()
    south = open_seat(browser, seat_url(server, match, 0))
    north = open_seat(browser, seat_url(server, match, 1))
    for page in (south, north):
        page.wait_for_selector(".sparta-board")
    return match, south, north


def test_resign_is_confirmed_then_the_other_player_wins(browser: Any, server: str) -> None:
    match, south, north = two_players(browser, server)
    assert north.locator("#hint").count() == 0  # hints are off between two people
    south.click("#resign")
    south.wait_for_selector("#resign-dialog")
    assert "L'autre joueur gagne" in south.inner_text("#resign-dialog")
    shot(south, "resign_dialog_fr")
    south.click("#resign-no")  # changing one's mind sends nothing
    assert south.locator("#resign-dialog").count() == 0 and south.locator("#game-over").count() == 0
    south.click("#resign")
    south.click("#resign-yes")
    for page in (south, north):
        page.wait_for_selector("#game-over")
    assert "Alice a abandonné" in north.inner_text("#game-over")
    assert "Vous avez gagné" in north.inner_text("#game-over")
    shot(north, "resign_end_screen_fr")
    north.click("#see-board")  # see the board: the log tells it too
    north.wait_for_selector(".log li[data-event=resign]")
    assert "Alice abandonne" in north.inner_text(".log li[data-event=resign]")
    shot(north, "resign_log_fr")
    for page in (south, north):
        assert_french(page)
    replay = open_seat(browser, f"{server}/#/replay/{match['id']}")
    replay.wait_for_selector(".replay-log li[data-event=resign]")
    assert_french(replay)
    for page in (south, north, replay):
        page.context.close()


def test_rematch_offered_by_one_is_joined_with_one_click_by_the_other(
    browser: Any, server: str
) -> None:
    match, south, north = two_players(browser, server)
    south.click("#resign")
    south.click("#resign-yes")
    north.wait_for_selector("#rematch-offer")
    north.click("#rematch-offer")
    # The one who offered goes to the new match at once; the other sees the offer.
    north.wait_for_function(f"!location.hash.includes('{match['id']}')")
    south.wait_for_selector("#rematch-join")
    assert "Bruno propose une revanche" in south.inner_text("#rematch")
    shot(south, "rematch_offer_fr")
    assert_french(south)
    south.click("#rematch-join")
    south.wait_for_function(f"!location.hash.includes('{match['id']}')")
    assert south.evaluate("location.hash") == north.evaluate("location.hash")
    for page, seat in ((south, "Alice"), (north, "Bruno")):
        page.wait_for_selector(".sparta-board")
        # the side column is drawn with the players a moment after the board
        page.wait_for_function(
            f"document.querySelector('.side')?.innerText.includes('{seat}') ?? false")
        assert seat in page.inner_text(".side")
        assert "Vous regardez" not in page.inner_text(".side")  # seated, not watching
    south.wait_for_selector("#turn.mine")
    shot(south, "rematch_started_fr")
    for page in (south, north):
        assert_french(page)
        page.context.close()
    listed = httpx.get(f"{server}/api/matches").json()
    old = next(item for item in listed["finished"] if item["id"] == match["id"])
    assert old["rematch"] is not None


def test_lobby_sets_hints_and_the_warm_seat_and_shows_times_in_french(
    browser: Any, server: str
) -> None:
    page = open_seat(browser, f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", "sparta")
    page.select_option("select[name=seat1]", "human")
    assert not page.is_checked("input[name=hints]")  # two people: off unless ticked
    page.select_option("select[name=warm]", "2")
    page.select_option("select[name=warm_level]", "easy")
    shot(page, "lobby_lifecycle_settings_fr", full_page=True)
    with page.expect_response(lambda r: r.url.endswith("/api/matches")
                              and r.request.method == "POST") as created:
        page.click("#create")
    body = created.value.request.post_data_json
    assert body["hints"] is False and body["warm"] == {"after": 120, "level": "easy"}
    page.wait_for_selector("[data-list=open] .when")
    assert "créée" in page.inner_text("[data-list=open] .when")
    assert_french(page)
    page.context.close()


def test_warm_settings_are_shown_in_the_lobby_and_on_the_board_in_french(
    browser: Any, server: str
) -> None:
    # issue 28: a player could not see that the match lets a bot play an absent seat
    match = httpx.post(f"{server}/api/matches", json={
        "game": "sparta", "seats": SEATS, "warm": {"after": 90, "level": "hard"}}).json()
    lobby = open_seat(browser, f"{server}/#/")
    lobby.wait_for_selector(f"[data-list=open] [data-match='{match['id']}'] .warm-rule")
    listed = lobby.inner_text(f"[data-list=open] [data-match='{match['id']}'] .warm-rule")
    assert "robot (difficile)" in listed and "90 s" in listed
    page = open_seat(browser, seat_url(server, match, 1))
    page.wait_for_selector("#warm-rule")
    board = page.inner_text("#warm-rule")
    assert "90 s" in board and "robot (difficile)" in board
    shot(page, "warm_rule_on_the_board_fr")
    for one in (lobby, page):
        assert_french(one)
        one.context.close()


def test_resign_with_four_players_leaves_the_seat_to_a_bot(browser: Any, server: str) -> None:
    bot = {"kind": "bot", "level": "random"}
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"}, bot, bot]
    match = httpx.post(f"{server}/api/matches",
                       json={"game": "rise_of_tribes", "players": 4, "seats": seats}).json()
    alice = open_seat(browser, seat_url(server, match, 0))
    alice.wait_for_selector("#resign")
    alice.click("#resign")
    assert "classé dernier" in alice.inner_text("#resign-dialog")
    alice.click("#resign-yes")
    alice.wait_for_selector(".log li[data-event=resign]")
    assert "un robot (hasard) joue sa place" in alice.inner_text(".log li[data-event=resign]")
    assert alice.locator("#resign").count() == 0 and alice.locator("#game-over").count() == 0
    assert "a abandonné" in alice.inner_text("ul.players")
    shot(alice, "resign_four_players_fr", full_page=True)
    text = alice.locator("body").inner_text()
    assert KEY.findall(text) == []
    assert alice.errors == []
    alice.context.close()


def test_the_research_choice_is_made_in_the_lobby_and_shown_to_joiners_in_french(
    browser: Any, server: str
) -> None:
    # issue 27, point 6: only games whose players allowed it go into `meeples export`
    page = open_seat(browser, f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", "sparta")
    page.select_option("select[name=seat1]", "human")
    assert not page.is_checked("input[name=research]")  # never shared unless ticked
    assert "sans aucun nom" in page.inner_text("#research-help")
    page.check("input[name=research]")
    with page.expect_response(lambda r: r.url.endswith("/api/matches")
                              and r.request.method == "POST") as created:
        page.click("#create")
    assert created.value.request.post_data_json["research"] is True
    made = created.value.json()
    page.wait_for_selector(f"[data-list=open] [data-match='{made['id']}'] .research")
    assert "recherche" in page.inner_text(f"[data-match='{made['id']}'] .research")
    joiner = open_seat(browser, seat_url(server, made, 1))
    joiner.wait_for_selector("#research-rule")
    assert "recherche" in joiner.inner_text("#research-rule")
    shot(joiner, "research_rule_on_the_board_fr")
    for one in (page, joiner):
        assert_french(one)
        one.context.close()
