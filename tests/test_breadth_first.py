"""The last phase of the analysis: every reachable position, breadth first
(``arbiter.core.helpmate.breadth_first_helpmate``), and its set-up of a position from its key."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.core.helpmate import _key, _set_up, breadth_first_helpmate
from arbiter.core.unwinnable import can_checkmate

#: One of CHA's community puzzles the searches leave undecided within their bound and the last phase
#: proves: Black cannot mate (the white king is shut in by its own pawns, the pawns lock, and
#: Black's king has nothing to take); about 30,000 positions.
LOCKED_TEMPO = "4k3/5p1p/8/1p6/1P6/KP6/PP3P1P/8 w - - 0 1"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=60), st.sampled_from([
    chess.STARTING_FEN, "r3k2r/pppq1ppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1", "8/8/8/3k4/8/2n5/4B3/4K3 w - - 0 1"]))
def test_a_position_set_up_from_its_key_is_the_position(choices: list[int], fen: str) -> None:
    board = chess.Board(fen)
    scratch = chess.Board()
    for choice in choices:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[choice % len(moves)])
        _set_up(scratch, _key(board))
        assert _key(scratch) == _key(board) and scratch._transposition_key() == board._transposition_key()
        assert scratch.board_fen() == board.board_fen() and scratch.turn == board.turn
        assert set(scratch.legal_moves) == set(board.legal_moves)
        assert scratch.is_check() == board.is_check()


def test_a_shortest_helpmate_is_found() -> None:
    board = chess.Board("k7/8/1K6/8/8/8/8/7R b - - 0 1")  # 1...Kb8 2.Rh8#, the only way
    mates, line = breadth_first_helpmate(board)
    assert mates is True and [move.uci() for move in line] == ["a8b8", "h1h8"]
    for move in line:
        board.push(move)
    assert board.is_checkmate() and board.turn == chess.BLACK


def test_every_reachable_position_seen_proves_that_white_cannot_mate() -> None:
    board = chess.Board(LOCKED_TEMPO).mirror()  # the question about Black, asked for White
    assert breadth_first_helpmate(board) == (False, [])


def test_past_its_bound_of_positions_it_says_nothing() -> None:
    assert breadth_first_helpmate(chess.Board(), bound=1_000) == (None, [])


def test_each_move_tried_is_counted() -> None:
    ticks: list[None] = []
    breadth_first_helpmate(chess.Board("k7/8/1K6/8/8/8/8/7R b - - 0 1"), tick=lambda: ticks.append(None))
    assert 2 <= len(ticks) < 200


@pytest.mark.slow
def test_the_analysis_proves_by_it_what_its_searches_leave_undecided() -> None:
    board = chess.Board(LOCKED_TEMPO)
    searches_only = can_checkmate(board, chess.BLACK, reach_bound=0)
    assert searches_only.answer == "undetermined"
    verdict = can_checkmate(board, chess.BLACK)
    assert verdict.answer == "cannot" and "every reachable position" in verdict.reason
