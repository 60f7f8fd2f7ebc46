"""The clock arithmetic (meeples.server.clocks): Fischer increments per turn, stored deadlines."""

from __future__ import annotations

import asyncio
import threading

import pytest

from meeples.server.clocks import (
    Clocks,
    ManualTime,
    TimeControl,
    expired,
    low_at,
    new,
    remaining,
    run,
    stop,
    wire,
)

LIVE = TimeControl(600, 20)
CORRESPONDENCE = TimeControl(3 * 86400, 86400)


def test_new_clocks_give_each_human_seat_the_initial_time_and_bots_none() -> None:
    assert new(LIVE, [True, False, True]).left == (600, None, 600)


def test_a_running_clock_counts_down_from_its_start() -> None:
    clocks = run(new(LIVE, [True, True]), LIVE, 0, now=1000)
    assert remaining(clocks, 1090) == [510, 600]


def test_a_running_clock_never_shows_less_than_zero() -> None:
    clocks = run(new(LIVE, [True, True]), LIVE, 0, now=1000)
    assert remaining(clocks, 5000) == [0, 600]


def test_stop_keeps_the_time_spent() -> None:
    clocks = stop(run(new(LIVE, [True, True]), LIVE, 0, now=1000), now=1100)
    assert (clocks.left, clocks.running, clocks.deadline) == ((500, 600), None, None)


def test_the_increment_comes_when_the_next_seat_starts() -> None:
    clocks = run(new(LIVE, [True, True]), LIVE, 0, now=1000)
    clocks = run(stop(clocks, 1100), LIVE, 1, now=1100)
    assert (clocks.left, clocks.running, clocks.deadline) == ((520, 600), 1, 1700)


def test_no_increment_while_the_same_seat_goes_on_deciding() -> None:
    """A turn of several decisions (chance between them) earns one increment, not one each."""
    clocks = run(new(LIVE, [True, True]), LIVE, 0, now=1000)
    clocks = run(stop(clocks, 1010), LIVE, 0, now=1012)
    clocks = run(stop(clocks, 1020), LIVE, 0, now=1025)
    assert remaining(clocks, 1025) == [582, 600]


def test_time_between_a_stop_and_the_next_start_counts_for_no_one() -> None:
    clocks = stop(run(new(LIVE, [True, True]), LIVE, 0, now=1000), now=1030)
    clocks = run(clocks, LIVE, 1, now=1090)  # the server worked 60 s in between
    assert remaining(clocks, 1090) == [590, 600]


def test_running_the_running_seat_changes_nothing() -> None:
    clocks = run(new(LIVE, [True, True]), LIVE, 0, now=1000)
    assert run(clocks, LIVE, 0, now=1200) is clocks


def test_a_seat_with_no_clock_cannot_run() -> None:
    with pytest.raises(ValueError, match="no clock"):
        run(new(LIVE, [True, False]), LIVE, 1, now=0)


def test_expired_at_the_deadline() -> None:
    clocks = run(new(LIVE, [True, True]), LIVE, 1, now=1000)
    assert (expired(clocks, 1599.9), expired(clocks, 1600)) == (False, True)


def test_a_bot_turn_ends_when_another_seat_starts_and_its_seat_gets_the_increment() -> None:
    clocks = Clocks((0.0, 300.0), last=0, bot=0)
    clocks = run(clocks, LIVE, 1, now=50)
    assert (clocks.left, clocks.bot) == ((20.0, 300.0), None)


def test_time_runs_low_a_minute_before_the_end_in_a_live_game() -> None:
    clocks = run(new(LIVE, [True, True]), LIVE, 0, now=1000)
    assert low_at(clocks, LIVE) == 1540


def test_time_runs_low_at_a_tenth_of_a_correspondence_time_control() -> None:
    clocks = run(new(CORRESPONDENCE, [True, True]), CORRESPONDENCE, 0, now=0)
    assert low_at(clocks, CORRESPONDENCE) == 3 * 86400 - 0.3 * 86400


def test_time_runs_low_a_day_before_the_end_at_most() -> None:
    month = TimeControl(30 * 86400, 0)
    clocks = run(new(month, [True, True]), month, 0, now=0)
    assert low_at(clocks, month) == 29 * 86400


def test_a_seat_told_its_time_runs_low_is_not_told_again_this_turn() -> None:
    clocks = run(new(LIVE, [True, True]), LIVE, 0, now=1000)
    told = Clocks(clocks.left, 0, clocks.deadline, 0, None, True)
    assert low_at(run(stop(told, 1010), LIVE, 0, now=1010), LIVE) is None


def test_a_new_turn_may_be_told_again() -> None:
    told = Clocks((600.0, 600.0), 0, 1600.0, 0, None, True)
    back = run(run(told, LIVE, 1, now=1010), LIVE, 0, now=1020)
    assert low_at(back, LIVE) is not None


def test_clocks_round_trip_through_json() -> None:
    clocks = Clocks((12.5, None, 3.0), 2, 1003.0, 2, 0, True)
    assert Clocks.from_json(clocks.to_json()) == clocks


def test_stored_clocks_naming_a_seat_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError):
        Clocks.from_json({"left": [1.0, 2.0], "running": 5, "deadline": 3.0})


def test_a_time_control_round_trips_through_json() -> None:
    control = TimeControl(259200, 86400, "bot")
    assert TimeControl.from_json(control.to_json()) == control


def test_the_wire_shows_the_time_control_and_the_seconds_left() -> None:
    clocks = run(new(LIVE, [True, False]), LIVE, 0, now=1000)
    assert wire(LIVE, clocks, 1012.34) == {
        "initial": 600, "increment": 20, "timeout": "lose", "seconds": [587.7, None],
        "running": 0, "bot": None}


def test_manual_time_wakes_a_sleeper_of_another_thread_when_advanced() -> None:
    time = ManualTime(start=100)
    woke = threading.Event()

    def sleeper() -> None:
        asyncio.run(time.sleep_until(160))
        woke.set()

    thread = threading.Thread(target=sleeper)
    thread.start()
    time.advance(30)
    early = woke.wait(0.2)
    time.advance(30)
    thread.join(5)
    assert (early, woke.is_set()) == (False, True)
