"""Following a game: the round and the person to move in the turn line, each player's score
against the total that wins with the score sheet a tap away, and the result that stays on the
page once the end dialog is closed (issue 23, points 4, 6, 7 and 8)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import shot

#: South conquers the last city with e4-e6 and wins.
WIN_IN_ONE = "7www/10/10/10/10/10/4W5/10/10/WW8 S b5:S,d5:S,f5:S,h5:S,c6:S,e6:N,g6:S,i6:S 8/8 0 0"


def open_match(page: Any, server: str, body: dict[str, Any], seats: list[int],
               lang: str = "en") -> None:
    answer = httpx.post(f"{server}/api/matches", json=body).json()
    tokens = ",".join(answer["seats"][seat]["token"] for seat in seats)
    page.goto(f"{server}/#/")
    page.wait_for_selector("#create")
    page.select_option("#lang", lang)
    page.goto(f"{server}/#/m/{answer['id']}?t={tokens}")


def test_meeple_war_turn_line_counts_rounds_and_scores_show_the_target(
    page: Any, server: str
) -> None:
    bot = {"kind": "bot", "level": "random"}
    open_match(page, server, {"game": "meeple_war", "seats": [{"kind": "human"}, bot]}, [0], "fr")
    page.wait_for_selector("#turn.mine")
    assert page.inner_text("#turn").startswith("Manche 1 · ")
    chips = page.locator(".players .score-chip")
    assert chips.count() == 2 and chips.first.inner_text() == "0 / 6 PV"
    assert page.locator(".players-card .summary-table").count() == 0
    chips.first.click()
    page.wait_for_selector(".players-card .summary-table")
    assert chips.first.get_attribute("aria-expanded") == "true"
    shot(page, "turn_story_mw_score_sheet_fr")


def test_rise_of_tribes_scores_show_the_target(page: Any, server: str) -> None:
    bot = {"kind": "bot", "level": "random"}
    open_match(page, server, {"game": "rise_of_tribes", "seats": [{"kind": "human"}, bot]}, [0],
               "es")
    page.wait_for_selector("#turn.mine")
    assert page.locator(".players .score-chip").first.inner_text() == "0 / 15 PV"
    assert page.inner_text("#turn").startswith("Ronda ")


def test_hotseat_turn_line_names_the_person_to_move(page: Any, server: str) -> None:
    open_match(page, server, {"game": "sparta"}, [0, 1])
    page.wait_for_selector("#turn.mine")
    assert page.inner_text("#turn") == "Your turn, South (Spartans)"
    page.locator(".piece.movable").first.click()
    page.locator(".target").first.click()
    page.wait_for_function("document.querySelector('#turn').textContent.includes('North')")
    assert page.inner_text("#turn") == "Your turn, North (Achaeans)"


def test_result_stays_after_the_end_dialog_is_closed(page: Any, server: str) -> None:
    open_match(page, server, {"game": "sparta", "position": WIN_IN_ONE}, [0, 1])
    page.wait_for_selector("#turn.mine")
    page.click("[data-piece=e4]")
    page.click("[data-target=e6]")
    page.wait_for_selector("#game-over")
    page.click("#game-over button:has-text('See the board')")
    page.wait_for_selector("#result")
    assert page.locator("#game-over").count() == 0
    assert page.inner_text("#result h2") == "South (Spartans) won"
    assert page.locator("#result a[href$='/replay/" + page.get_attribute(".match", "data-match")
                        + "']").count() == 1
    assert page.locator("#result #rematch-offer").count() == 1
    shot(page, "turn_story_result_stays")
    page.click("#show-summary")
    page.wait_for_selector("#game-over")


def test_my_games_show_a_finished_game_with_its_result_and_replay(page: Any, server: str) -> None:
    open_match(page, server, {"game": "sparta", "position": WIN_IN_ONE}, [0, 1], "fr")
    page.wait_for_selector("#turn.mine")
    match = page.get_attribute(".match", "data-match")
    page.click("[data-piece=e4]")
    page.click("[data-target=e6]")
    page.wait_for_selector("#game-over")
    page.goto(f"{server}/#/")
    mine = page.locator(f"[data-list=mine] [data-match='{match}']")
    mine.wait_for()
    assert "Sud (Spartiates) a gagné" in mine.locator(".result").inner_text()
    assert mine.locator(f"a[href='#/replay/{match}']").count() == 1
    assert mine.locator("text=Reprendre").count() == 0


def test_players_are_marked_by_shape_or_letter_beside_their_names(page: Any, server: str) -> None:
    """Colour never alone: each player's mark in the lists is the board's shape or letter, so
    the two marks still differ once their colours are taken away."""
    import re

    for game in ("sparta", "meeple_war", "rise_of_tribes"):
        bot = {"kind": "bot", "level": "random"}
        open_match(page, server, {"game": game, "seats": [{"kind": "human"}, bot]}, [0])
        page.wait_for_selector("#turn.mine")
        icons = page.locator(".players li .swatch-icon > *")
        assert icons.count() == 2, game
        marks = icons.evaluate_all(
            "(marks) => marks.map((m) => m.innerHTML + (m.dataset.letter || ''))")
        colourless = [re.sub(r'(fill|class|style)="[^"]*"', "", mark) for mark in marks]
        assert colourless[0] != colourless[1], game
    shot(page, "turn_story_players_marked")
