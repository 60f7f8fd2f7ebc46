"""BadPosition errors are messages (``MeeplesError(Message)``): each refusal of a damaged
position has a catalogue key and parameters, worded in every language with every placeholder
filled, and keeps its English wording for the terminal."""

from __future__ import annotations

from collections import Counter

import pytest

import meeples
from meeples.core.text import LANGUAGES, PLACEHOLDER, catalogue, render
from tests.core.test_bad_input_fuzz import GAMES, position_mutants, samples


def refusals(name: str) -> list[meeples.BadPosition]:
    """Return the BadPosition errors of the damaged positions of a game's sampled states."""
    game = meeples.load(name)
    out = []
    for index, state in enumerate(samples(name)[:3]):
        for text in position_mutants(state.position(), index):
            try:
                game.parse(text)
            except meeples.BadPosition as error:
                out.append(error)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_bad_position_refusals_are_messages_worded_in_every_language(name: str) -> None:
    errors = refusals(name)
    assert len(errors) > 20
    keys = Counter(error.message.key for error in errors)
    assert "core.text" not in keys
    for error in errors:
        assert error.message.key in catalogue("en").messages
        assert str(error) == render(error.message)
        for lang in LANGUAGES:
            assert PLACEHOLDER.search(render(error.message, lang)) is None, error.message


@pytest.mark.parametrize(("name", "text", "english", "french"), [
    ("sparta", "", "a Sparta position has 6 or 7 fields separated by spaces, not 0",
     "une position de Sparta a 6 ou 7 champs séparés par des espaces, pas 0"),
    ("meeple_war", "{}", 'not a Meeple War position (no "game": "meeple_war")',
     "ce n'est pas une position de Meeple War (pas de \"game\": \"meeple_war\")"),
    # 48 fields, as docs/notation.md says (issue 28: it said 49), the 49th once someone scored
    ("rise_of_tribes", "n=2",
     "a Rise of Tribes position has 48 fields (49 once someone has scored), not 1",
     "une position de Rise of Tribes a 48 champs (49 dès que quelqu'un a marqué), pas 1"),
])
def test_bad_position_keeps_its_english_wording_and_has_a_french_one(
        name: str, text: str, english: str, french: str) -> None:
    with pytest.raises(meeples.BadPosition) as caught:
        meeples.load(name).parse(text)
    assert str(caught.value) == english
    assert render(caught.value.message, "fr") == french


def test_bad_position_names_a_side_in_the_language() -> None:
    text = "10/10/10/10/10/4H5/10/10/10/W9 S b5:S,d5:S,f5:S,h5:S,c6:N,e6:N,g6:N,i6:N 8/8 0 0"
    with pytest.raises(meeples.BadPosition) as caught:
        meeples.load("sparta").parse(text)
    assert str(caught.value).startswith("South has 1 heroes on the board")
    assert render(caught.value.message, "es").startswith("Sur tiene 1 héroes en el tablero")


def test_bad_position_names_the_player_as_people_count_them() -> None:
    """Issue 28: seat 0 is "player 1" everywhere people read it, position errors too."""
    import json

    data = json.loads(meeples.load("meeple_war").new(players=2, seed=1).position())
    data["seats"][0]["stock"] = 13  # and 2 in the Depot: 15 of the 13 a player has
    with pytest.raises(meeples.BadPosition, match="player 1 has 15 meeples, more than 13"):
        meeples.load("meeple_war").parse(json.dumps(data))
