"""Exact time (issue 37): durations held as fractions from the file to the clock and the display."""

from __future__ import annotations

from fractions import Fraction

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.core.clock import (
    Clock, TimeControl, TimeControlError, decimal_text, exact, format_duration, parse_duration, written_seconds,
)
from arbiter.core.pgnread import clock_seconds
from arbiter.files.scenario import loads
from tests.conftest import examples

#: Times as files write them: whole seconds to a week, with up to three decimals.
_MILLIS = st.integers(min_value=0, max_value=7 * 24 * 3600 * 1000).map(lambda ms: Fraction(ms, 1000))


def _clock(white: Fraction, control: str | None = "5400+30") -> Clock:
    return Clock(running=chess.WHITE, remaining={chess.WHITE: white, chess.BLACK: Fraction(600)},
                 control=TimeControl.parse(control) if control else None)


@settings(max_examples=examples(300))
@given(total=st.integers(min_value=1, max_value=3_600_000).map(lambda ms: Fraction(ms, 1000)),
       cuts=st.lists(st.integers(min_value=1, max_value=3_599_999), max_size=12),
       control=st.sampled_from(["5400+30", "60d5", "40/5400+30:1800+30", "300+2.5", "180d2.5"]),
       start=st.integers(min_value=1, max_value=5_400_000).map(lambda ms: Fraction(ms, 1000)))
def test_any_cut_of_an_interval_leaves_the_clock_where_the_whole_does(
        total: Fraction, cuts: list[int], control: str, start: Fraction) -> None:
    whole, pieces = _clock(start, control), _clock(start, control)
    fell_whole = whole.advance(total)
    instants = sorted({Fraction(c, 1000) for c in cuts if Fraction(c, 1000) < total}) + [total]
    fell_pieces = [flag for instant in instants for flag in pieces.advance(instant)]
    assert pieces.remaining == whole.remaining and pieces.spent == whole.spent
    assert fell_pieces == fell_whole  # the same flag at the same instant, whatever the cut
    pieces.switch(chess.WHITE)
    whole.switch(chess.WHITE)
    assert pieces.remaining == whole.remaining


@settings(max_examples=examples(300))
@given(left=st.integers(min_value=1, max_value=10_000_000).map(lambda ms: Fraction(ms, 1000)),
       cuts=st.lists(st.integers(min_value=1, max_value=9_999_999), max_size=8))
def test_a_flag_falls_when_the_time_reaches_exactly_zero_and_not_a_millisecond_before(
        left: Fraction, cuts: list[int]) -> None:
    instants = sorted({Fraction(c, 1000) for c in cuts if Fraction(c, 1000) < left})
    early = _clock(left)
    assert [flag for instant in [*instants, left - Fraction(1, 1000)] for flag in early.advance(instant)] == []
    assert early.remaining is not None and early.remaining[chess.WHITE] == Fraction(1, 1000)
    on_time = _clock(left)
    fell = [flag for instant in [*instants, left] for flag in on_time.advance(instant)]
    assert fell == [(chess.WHITE, left)]
    assert on_time.remaining is not None and on_time.remaining[chess.WHITE] == 0
    assert format_duration(on_time.remaining[chess.WHITE]) == "0:00:00"


@settings(max_examples=examples(300))
@given(seconds=st.integers(min_value=0, max_value=1000 * 3600), part=st.integers(min_value=0, max_value=999))
def test_the_display_shows_the_whole_second_reached_and_no_other(seconds: int, part: int) -> None:
    shown = f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"
    assert format_duration(Fraction(seconds)) == shown
    assert format_duration(Fraction(seconds) + Fraction(part, 1000)) == shown  # rounded down
    if seconds:
        assert format_duration(Fraction(seconds) - Fraction(1, 1000)) != shown


@settings(max_examples=examples(300))
@given(value=_MILLIS)
def test_a_time_written_to_a_file_reads_back_exactly(value: Fraction) -> None:
    assert parse_duration(written_seconds(value)) == value
    assert parse_duration(decimal_text(value)) == value


def test_times_are_read_as_the_decimals_written() -> None:
    assert parse_duration(20.3) == Fraction(203, 10) == parse_duration("20.3") == exact(20.3)
    assert parse_duration("1:30:08.5") == Fraction(10817, 2)
    assert parse_duration("0.0000000001") == Fraction(1, 10**10)
    assert clock_seconds("0", "00", "07.3") == Fraction(73, 10)
    assert TimeControl.parse("60+0.1").periods[0].increment == Fraction(1, 10)
    assert TimeControl.parse("60d2.5").periods[0].delay == Fraction(5, 2)
    assert written_seconds(Fraction(203, 10)) == 20.3 and written_seconds(Fraction(5)) == 5
    assert written_seconds(Fraction(1, 3)) == "0.333333"  # no decimals say it: to the microsecond
    assert decimal_text(Fraction(1, 10**10)) == "0.0000000001"


@pytest.mark.parametrize("text, words", [
    ("1." + "1" * 41, "more than 40 decimals"),
    ("9" * 5000, "over 1000 hours"),
    ("9" * 5000 + ":00", "over 1000 hours"),
    ("1:" + "9" * 5000, "under 60"),  # seconds past a colon: the first thing wrong with it
])
def test_times_beyond_what_a_clock_shows_are_errors(text: str, words: str) -> None:
    with pytest.raises(TimeControlError, match=words):
        parse_duration(text)


def test_the_issue_example_a_move_in_six_pieces_leaves_1_30_09() -> None:
    scenario = loads("""
title: six pieces
time_control: 5400+30
events:
  - {white: lift e2, at: 20}
  - {white: place e3, at: 20.3}
  - {white: lift e3, at: 20.4}
  - {white: place e4, at: 20.6}
  - {white: release, at: 20.7}
  - {white: press, at: 21}
""", "six-pieces.yaml")
    referee = scenario.new_referee()
    for index, event in enumerate(scenario.events):
        referee.apply(event, index)
    assert referee.clock.remaining == {chess.WHITE: Fraction(5409), chess.BLACK: Fraction(5400)}
    assert referee.clock.reading() == {"white": "1:30:09", "black": "1:30:00"}


def test_a_report_s_penalties_in_fractions_are_added_exactly() -> None:
    from arbiter.files.validate import validate

    scenario = loads("""
report: {event: Club, round: 1, board: 1, account: "two 12.9 penalties of tenths"}
time_control: 5400+30
start: {moves: "1. e4 e5"}
clock: {white: 5.1, black: 5400}
events:
  - {black: adjust e5, at: 5}
ruling:
  rulings:
    - {kind: time, article: '12.9', player: white, seconds: 0.2}
    - {kind: time, article: '12.9', player: white, seconds: 0.7}
  clock: {white: '0:00:01'}
""", "penalties.yaml")
    assert validate(scenario).verdict == "consistent"  # 5.1 - 5 + 0.2 + 0.7 is exactly one second


@settings(max_examples=examples(300))
@given(seconds=st.integers(min_value=0, max_value=1000 * 3600), digits=st.integers(min_value=1, max_value=30))
def test_the_page_s_float_shows_the_second_the_clock_shows(seconds: int, digits: int) -> None:
    from arbiter.core.clock import shown_float

    just_below = Fraction(seconds + 1) - Fraction(1, 10**digits)  # 59.999...9: the float nearest is 60.0
    assert format_duration(shown_float(just_below)) == format_duration(just_below)
    assert format_duration(shown_float(Fraction(seconds))) == format_duration(seconds)
