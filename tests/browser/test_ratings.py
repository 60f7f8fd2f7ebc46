"""Ratings in the browser (issue 25, point 4): a signed-in player makes a rated game against a bot
from the lobby, sees the ratings beside the names, resigns, and finds the rating changed on the
game's leaderboard, beside the bots' fixed ratings; the page passes axe and the phone's 40 px
rule."""

from __future__ import annotations

from typing import Any

from tests.browser.axe import violations
from tests.browser.conftest import shot
from tests.browser.test_accounts import SIZES, sign
from tests.browser.test_phone import CONTROLS, SELECTORS


def test_a_rated_game_changes_the_rating_shown_on_the_leaderboard(page: Any, server: str
                                                                  ) -> None:
    sign(page, server, "Rhea", "rhea's password", "#sign-up")
    page.select_option("select[name=game]", "sparta")
    page.check("input[name=rated]")
    assert page.locator("select[name=warm]").count() == 0  # no warm seats in a rated game
    page.click("#create")  # seat 1 is a bot: straight to the match
    page.wait_for_selector("#turn.mine")
    assert "Rhea 1500?" in page.inner_text("[data-rating='0']")
    assert page.get_attribute("#rated-state", "data-rated") == "pending"
    shot(page, "ratings_match")
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#rated-end")
    shot(page, "ratings_game_over")
    changed = page.inner_text("#game-over [data-rating='0']")
    assert "Rhea" in changed and "(−" in changed  # a loss: the rating went down
    page.goto(f"{server}/#/")
    page.click("#leaderboards-link")
    page.click(".game-tabs a[href='#/ratings/sparta']")
    page.wait_for_selector("#leaderboard [data-player='Rhea']")
    row = page.inner_text("#leaderboard [data-player='Rhea']")
    rating = int(row.split()[2].rstrip("?"))
    assert rating < 1500
    assert page.locator("#bot-ratings [data-level]").count() == 4
    assert "Your rating" in page.inner_text("#my-rating")
    shot(page, "ratings_leaderboard")
    assert violations(page) == []
    page.set_viewport_size(SIZES["phone"])
    shot(page, "ratings_leaderboard_phone", full_page=True)
    assert page.evaluate(CONTROLS, SELECTORS) == []
    assert violations(page) == []
