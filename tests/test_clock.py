"""Time controls and the clock as a device."""

from __future__ import annotations

from fractions import Fraction

import chess
import pytest

from arbiter.core.clock import Clock, TimeControl, TimeControlError, format_duration, parse_duration


def test_time_control_periods() -> None:
    tc = TimeControl.parse("40/5400+30:1800+30")
    assert [(p.moves, p.seconds, p.increment) for p in tc.periods] == [(40, 5400, 30), (None, 1800, 30)]
    assert TimeControl.parse(300).periods[0].increment == 0
    for bad in ("", "5400+", "40/:1800", "1800:40/5400"):
        with pytest.raises(TimeControlError):
            TimeControl.parse(bad)


@pytest.mark.parametrize(("text", "seconds"), [("12", 12), ("1:05", 65), ("1:00:01", 3601), (7.5, 7.5), ("90:00", 5400),
                                               ("0:59.9", Fraction(599, 10)), ("99", 99)])
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


def test_bad_durations() -> None:
    for bad in ("x", "1:2:3:4", -1, True, "1:99", "1:60", "1:60:00", "0:00:60.5"):
        with pytest.raises(TimeControlError):
            parse_duration(bad)  # type: ignore[arg-type]
    assert format_duration(5399.9) == "1:29:59"


def test_clock_runs_one_side_and_adds_increment() -> None:
    clock = Clock(chess.WHITE, {chess.WHITE: 60.0, chess.BLACK: 60.0}, TimeControl.parse("60+5"))
    clock.advance(10)
    clock.switch(chess.WHITE)
    clock.advance(15)
    assert clock.remaining == {chess.WHITE: 55.0, chess.BLACK: 55.0}
    assert clock.running == chess.BLACK
    clock.paused = True
    clock.advance(100)
    assert clock.remaining[chess.BLACK] == 55.0


def test_periods_add_time_after_the_move_count() -> None:
    clock = Clock(chess.WHITE, {chess.WHITE: 100.0, chess.BLACK: 100.0}, TimeControl.parse("2/100+10:50+5"))
    assert clock.switch(chess.WHITE) == 10  # move 1 of period 1
    clock.switch(chess.BLACK)
    assert clock.switch(chess.WHITE) == 10  # move 2 completes period 1: +50 for the next one
    assert clock.remaining[chess.WHITE] == 100 + 10 + 10 + 50  # type: ignore[index]
    clock.switch(chess.BLACK)
    assert clock.switch(chess.WHITE) == 5  # move 3 is in period 2


def test_flag_falls_at_the_exact_instant_between_events() -> None:
    clock = Clock(chess.WHITE, {chess.WHITE: 30.0, chess.BLACK: 60.0}, TimeControl.parse("60"))
    assert clock.advance(20) == []
    assert clock.advance(45) == [(chess.WHITE, 30.0)]
    assert clock.fallen == {chess.WHITE: 30.0}
    assert clock.advance(50) == []  # a flag falls once
    assert clock.reading() == {"white": "0:00:00", "black": "0:01:00"}


def test_delay_mode_runs_the_main_time_only_after_the_delay() -> None:
    control = TimeControl.parse("40/5400d30:1800d30")
    assert [(p.seconds, p.increment, p.delay, p.moves) for p in control.periods] == [
        (5400, 0, 30, 40), (1800, 0, 30, None)]
    clock = Clock(chess.WHITE, {chess.WHITE: 20.0, chess.BLACK: 20.0}, TimeControl.parse("20d5"))
    assert clock.advance(3) == []  # within the delay, split over two readings
    assert clock.advance(5) == [] and clock.remaining[chess.WHITE] == 20.0  # type: ignore[index]
    assert clock.advance(8) == [] and clock.remaining[chess.WHITE] == 17.0  # type: ignore[index]
    clock.switch(chess.WHITE)  # Black's move: a new delay
    clock.paused = True
    clock.advance(100)  # paused: neither the delay nor the main time runs
    clock.paused = False
    assert clock.advance(130) == [(chess.BLACK, 125.0)]  # 5 s of delay from 100, then 20 s of main time
    assert clock.remaining[chess.WHITE] == 17.0  # type: ignore[index]


@pytest.mark.parametrize(("control", "minutes"), [
    ("40/3000:1800", 80.0),  # both periods begin within 60 moves: standard (the first alone, 50, was rapid)
    ("3000", 50.0), ("180+2", 5.0), ("15/600:300", 15.0), ("40/5400+30:1800+30", 150.0),
    ("20/600+10:1200+5", (600 + 20 * 10 + 1200 + 40 * 5) / 60), ("5400d30", 90.0),
])
def test_the_ruleset_is_decided_by_the_time_for_60_moves(control: str, minutes: float) -> None:
    """Issue 32: A.1 and B.1 speak of all the moves of the game."""
    assert TimeControl.parse(control).rapid_blitz_minutes() == pytest.approx(minutes)
