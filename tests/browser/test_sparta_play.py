"""Play Sparta in chromium by clicking, from the lobby to the end screen and the replay."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import shot

#: South to move, 196 quiet plies, pieces far apart: the game ends within a few moves.
NEAR_END = "7www/10/10/10/10/10/10/10/10/WWW7 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 196 0"
#: South conquers the last city with e4-e6 and wins.
WIN_IN_ONE = "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S 8/8 0 0"


def log_length(page: Any) -> int:
    count: int = page.locator(".log li").count()
    return count


def create_in_lobby(page: Any, server: str, position: str | None = None) -> None:
    """Create a game against a random bot through the lobby form."""
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", "sparta")
    page.select_option("select[name=seat1]", "bot:random")
    if position:
        page.click("details.position summary")
        page.fill("textarea[name=position]", position)
    page.click("#create")
    page.wait_for_selector(".sparta-board")


def click_a_move(page: Any) -> None:
    """Click the first highlighted piece, then its first highlighted target."""
    page.locator(".piece.movable").first.click()
    page.locator(".target").first.click()


def test_lobby_game_is_played_by_clicking_pieces_and_squares(page: Any, server: str) -> None:
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    shot(page, "sparta_start")
    page.click("[data-piece=c2]")
    assert page.locator(".target").count() > 0
    shot(page, "sparta_selected")
    page.click("[data-target=c4]")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")
    page.wait_for_selector("#turn.mine")
    click_a_move(page)
    page.wait_for_function("document.querySelectorAll('.log li').length >= 4")
    assert page.locator(".log li").first.inner_text().endswith("warrior c2 to c4")
    shot(page, "sparta_after_moves")


def test_game_against_a_bot_is_played_to_the_end_screen(page: Any, server: str) -> None:
    create_in_lobby(page, server, NEAR_END)
    for _ in range(20):
        page.wait_for_selector("#turn.mine, #game-over")
        if page.locator("#game-over").count():
            break
        before = log_length(page)
        click_a_move(page)
        page.wait_for_function(f"document.querySelectorAll('.log li').length > {before}")
    page.wait_for_selector("#game-over")
    shot(page, "sparta_game_over")
    assert page.locator("ol.ranking li").count() >= 1


def test_winning_move_shows_the_winner(page: Any, server: str) -> None:
    create_in_lobby(page, server, WIN_IN_ONE)
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=e4]")
    page.click("[data-target=e6]")
    page.wait_for_selector("#game-over")
    text = page.locator("#game-over").inner_text()
    assert "South (Spartans) (you)" in text and "winner" in text
    shot(page, "sparta_winner")


def test_replay_steps_through_a_finished_game(page: Any, server: str) -> None:
    create_in_lobby(page, server, WIN_IN_ONE)
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=e4]")
    page.click("[data-target=e6]")
    page.wait_for_selector("#game-over")
    page.click("#game-over a[href^='#/replay/']")
    page.wait_for_selector("#replay-step")
    page.click("#replay-start")
    assert page.locator("[data-piece=e4]").count() == 1
    page.click("#replay-next")
    assert page.locator("[data-piece=e6]").count() == 1
    assert page.inner_text("#replay-step") == "Step 1 of 1"
    assert "winner" in page.inner_text("#replay-players li.winner")
    assert page.inner_text("#replay-result") == "South holds all the cities"
    shot(page, "sparta_replay")


def test_replay_steps_with_the_arrow_keys(page: Any, server: str) -> None:
    create_in_lobby(page, server, WIN_IN_ONE)
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=e4]")
    page.click("[data-target=e6]")
    page.wait_for_selector("#game-over")
    page.click("#game-over a[href^='#/replay/']")
    page.wait_for_selector("#replay-step")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#replay-step") == "Step 0 of 1"
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#replay-step") == "Step 1 of 1"


def test_two_browsers_play_each_other(browser: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    match = httpx.post(f"{server}/api/matches", json={"game": "sparta", "seats": seats}).json()
    pages = []
    for seat in (0, 1):
        # The page's CSP forbids eval, which a string predicate of wait_for_function
        # needs once it polls; test_csp.py checks the CSP itself.
        context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        context.set_default_timeout(30000)
        page = context.new_page()
        page.goto(f"{server}/#/m/{match['id']}?t={match['seats'][seat]['token']}")
        page.wait_for_selector(".sparta-board")
        pages.append(page)
    south, north = pages
    south.wait_for_selector("#turn.mine")
    south.click("[data-piece=d2]")
    south.click("[data-target=d4]")
    north.wait_for_selector("#turn.mine")
    assert north.locator(".log li").count() == 1
    north.click("[data-piece=d9]")
    north.click("[data-target=d7]")
    south.wait_for_selector("#turn.mine")
    shot(north, "sparta_north_view")
    for page in pages:
        page.context.close()


def test_page_reconnects_by_itself(page: Any, server: str) -> None:
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    page.evaluate("window.meeplesSocket.drop()")
    page.wait_for_selector(".status[data-status=reconnecting]")
    page.wait_for_selector(".status[data-status=online]")
    click_a_move(page)
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")


def test_interface_switches_to_french_and_spanish(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    page.wait_for_selector("#create:has-text('Créer la partie')")
    shot(page, "lobby_fr")
    page.select_option("#lang", "es")
    page.wait_for_selector("#create:has-text('Crear partida')")
    page.goto(f"{server}/#/rules/sparta")
    page.wait_for_selector(".rule-text [data-rule] h3")
    assert "§4 Capturas" in page.inner_text(".rule-text")


def test_option_help_and_refusal_reasons_follow_the_chosen_language(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "fr")
    page.select_option("select[name=game]", "sparta")
    page.click(".variants summary")
    assert "seuls les guerriers" in page.locator(".option-help").first.inner_text()
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    # The client only offers legal moves: a refusal needs a hand-made message.
    page.evaluate(
        "window.meeplesSocket.send({type: 'act', action: 'pass',"
        " version: Number(document.querySelector('.match').dataset.version)})"
    )
    page.wait_for_selector("#toast.show.error")
    assert page.inner_text("#toast") == (
        "Interdit : « pass » n'est pas permis : on ne peut passer que sans aucun déplacement"
        " ni promotion possible §5"  # the rule it comes from, a link
    )


def test_hotseat_plays_both_seats_from_the_invite_card(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("select[name=game]", "sparta")
    page.select_option("select[name=seat1]", "human")
    page.click("#create")
    page.wait_for_selector(".created")
    assert page.locator(".created input.link").count() == 2
    shot(page, "lobby_invites")
    page.click(".created a.button.primary")
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=b2]")
    page.click("[data-target=b4]")
    page.wait_for_function("document.querySelectorAll('.log li').length === 1")
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=b9]")
    page.click("[data-target=b7]")
    page.wait_for_function("document.querySelectorAll('.log li').length === 2")
    assert "South (Spartans) + North (Achaeans)" in page.inner_text(".side")


def test_hint_suggests_moves_that_can_be_played(page: Any, server: str) -> None:
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    page.click("#hint")
    page.wait_for_selector("[data-hint]")
    shot(page, "sparta_hint")
    page.locator("[data-hint]").first.click()
    assert page.locator(".log li").count() == 0  # a first click only chooses the hint
    page.click("[data-play-hint]")
    page.wait_for_function("document.querySelectorAll('.log li').length >= 2")


def test_lobby_folds_the_variants_and_names_their_values(page: Any, server: str) -> None:
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", "es")
    page.select_option("select[name=game]", "rise_of_tribes")
    assert not page.locator("select[name=events]").is_visible()
    page.click(".variants summary")
    options = page.locator("select[name=events] option").all_inner_texts()
    assert options == ["los 16 eventos", "los 12 clásicos"]
    page.select_option("select[name=events]", "classic12")
    assert page.inner_text(".variants summary").endswith("•")


def test_lobby_lists_my_games_of_this_browser(page: Any, server: str) -> None:
    create_in_lobby(page, server)
    page.wait_for_selector("#turn.mine")
    match = page.evaluate("location.hash").split("/")[2]
    page.goto(f"{server}/#/")
    page.wait_for_selector(f".matches [data-match='{match}'] >> text=Resume")
