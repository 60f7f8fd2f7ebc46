"""Token windows decline themselves: the Tree and upgrade tokens may be placed "at any time"
(B5, A18), so a client may answer "done" for a player by their setting; nothing else in a turn
is such a decision (issue: anytime_skip)."""

from __future__ import annotations

import meeples
from meeples.games.meeple_war import GAME, RULES
from tests.games.meeple_war.playouts import CONFIGS, playout
from tests.games.meeple_war.scenario import position


def test_anytime_skip_is_done_in_every_token_window_and_nowhere_else() -> None:
    windows = others = 0
    for players, quickstart in CONFIGS:
        for state, _ in playout(players, quickstart, 0):
            skip = RULES.anytime_skip(state)
            if state.step == "window" and not state.effects and not state.result:
                assert skip == "done" and "done" in RULES.legal_actions(state)
                windows += 1
            else:
                assert skip is None
                others += 1
    assert windows > 10 and others > 1000


def test_anytime_skip_in_a_window_on_another_players_turn() -> None:
    # Player 1 holds an upgrade token at the start of player 0's phase 1: only the token asks.
    state = position(step="window", window=[1], seats={1: {"tokens": ["wpn"], "tree": False}})
    assert state.to_move == 1
    assert state.anytime_skip() == "done"
    after = state.play(state.anytime_skip() or "")
    # The next phase opens another window for the same holder: why a client answers for them.
    assert (after.inner.phase, after.to_move, after.anytime_skip()) == (2, 1, "done")
    after = after.play("done")
    assert after.to_move == 0 and after.anytime_skip() is None


def test_anytime_skip_not_for_bonuses_nor_moves() -> None:
    bonus = position(step="bonus", bonuses=[["1,-1", "asm"]], troops=(("1,-1", 0, 2),))
    assert "done" in bonus.legal() and bonus.anytime_skip() is None
    assert position(troops=(("0,0", 0, 1),)).anytime_skip() is None


def test_anytime_skip_none_once_the_game_is_over() -> None:
    final, _ = playout(2, False, 0)[-1]
    assert final.result and RULES.anytime_skip(final) is None
    assert GAME.wrap(final).anytime_skip() is None


def test_anytime_skip_is_a_legal_recorded_action() -> None:
    for state, _ in playout(3, True, 0):
        if RULES.anytime_skip(state) is not None:
            wrapped: meeples.State = GAME.wrap(state)  # type: ignore[type-arg]
            skip = wrapped.anytime_skip()
            assert skip == "done"
            assert wrapped.play(skip).history == ("done",)
            return
    raise AssertionError("no token window in the playout")
