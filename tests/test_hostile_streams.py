"""Issue 12: event streams fuzzing found that crashed the arbiter or let a game go on wrongly,
each as the minimal scenario that showed it."""

from __future__ import annotations

import re

import chess
import pytest

from arbiter.files.scenario import Outcome, loads, run
from tests.conftest import SteppingClock


def outcome(text: str) -> Outcome:
    result = run(loads(text, "fuzz.yaml"))
    assert result.error is None, result.error
    return result


def test_a_press_without_a_move_while_the_opponents_move_waits_binds_nothing_of_his() -> None:
    # Black's knight released on g8 is carried on (4.7, remedied); White then presses without a move:
    # White's 7.5.3 must not carry Black's 4.7 obligation into White's turn.
    done = outcome("""
title: fuzz 1
start: {fen: "rnbqkbnr/pp3ppp/2p1p3/3p4/2B5/4PP2/PPPP2PP/RNBQK1NR w KQkq - 0 4"}
events:
  - white: move g1 h3
  - black: play Nh6
  - white: play c4d5
  - black: press
  - black: move h6 g8
  - black: play b5
  - white: press
  - white: play h1g1
""")
    ref = done.referee
    assert ref.position.board.piece_at(chess.G1) == chess.Piece(chess.ROOK, chess.WHITE)
    assert [r.article for r in ref.rulings if r.kind == "violation"] == ["4.7", "7.5.3"]


def test_after_an_intervention_a_press_does_not_complete_an_older_move_never_pressed_for() -> None:
    done = outcome("""
title: fuzz 2
start: {fen: "6k1/8/8/2K5/8/7p/7P/8 w - - 0 1"}
events:
  - white: move c5 b4
  - black: play Kg7
  - white: play Ka3
  - black: claim fifty g7f8
  - black: play Kh6
  - black: move g7 f8
  - white: press
""")
    ref = done.referee
    kh6 = [r for r in ref.rulings if r.event == 4]
    assert [r.kind for r in kh6] == ["violation", "reinstated", "obligation"]  # no completed g8g7
    assert ref.clock.running == chess.BLACK
    assert ref.position.board.king(chess.BLACK) == chess.F8


def test_a_clock_at_zero_has_a_fallen_flag() -> None:
    done = outcome("""
title: zero
time_control: "300"
clock: {white: "0:00:00"}
events:
  - white: play e4
""")
    assert (done.referee.result, done.referee.reason) == ("0-1", "timeout")
    assert done.referee.clock.fallen == {chess.WHITE: 0.0}


def test_time_taken_to_zero_makes_the_flag_fall() -> None:
    done = outcome("""
title: device penalty to zero
time_control: "300"
regulations: {device: {penalty: time-from-offender, seconds: 400}}
events:
  - black: carry device
  - white: play e4
""")
    assert (done.referee.result, done.referee.reason) == ("1-0", "timeout")


def test_a_king_taken_is_never_played_on_in_standard_even_under_called() -> None:
    done = outcome("""
title: king taken
arbiter: called
start: {fen: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"}
events:
  - white: move d1 e8
  - white: press
""")
    ref = done.referee
    assert ref.position.board.king(chess.BLACK) == chess.E8
    assert any(r.kind == "reinstated" and r.article == "7.5.1" for r in ref.rulings)


def test_a_resignation_whose_helpmate_search_is_long_is_ruled_undecided_within_its_time_bound(
        monkeypatch: pytest.MonkeyPatch, stepping_clock: SteppingClock) -> None:
    # CHA: White can mate here, but only after a long search; with a twentieth of a second the
    # analysis must stop, say so, and let the material rule decide. The clock moves on 10 ms at
    # each reading: the deadline passes at the fifth, on any machine.
    import arbiter.core.unwinnable

    monkeypatch.setattr(arbiter.core.unwinnable, "TIME_BOUND", 0.05)
    done = outcome("""
title: long search
start: {fen: "2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - - 0 1"}
events:
  - black: resign
""")
    assert stepping_clock.readings <= 2 * 6  # one analysis for each side, each stopped at its deadline
    result = done.referee.rulings[-1]
    assert (result.kind, result.result, result.reason) == ("result", "1-0", "resignation")
    assert "undecided" in result.text and "the material rule decides" in result.text


def test_a_resignation_with_a_long_helpmate_gives_its_length_and_the_line_apart() -> None:
    done = outcome("""
title: a long helpmate
start: {fen: "2b5/1k1p4/8/8/1brK4/5P2/2PB1P2/8 w - - 0 1"}
events:
  - black: resign
""")
    result = done.referee.rulings[-1]
    assert (result.kind, result.result, result.reason) == ("result", "1-0", "resignation")
    assert result.line is not None and result.line.startswith("1. ") and result.line.endswith("#")
    moves = len(re.findall(r"\d+\.", result.line))  # the sentence gives its length; the line is a field
    assert result.text.endswith(f"White can mate: a line of {moves} moves exists.") and "#" not in result.text
