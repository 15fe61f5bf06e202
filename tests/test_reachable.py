"""Every reachable position, each once (``arbiter.core.reachable``): breadth first
(``breadth_first_helpmate``, the small exhaustive search of the analysis) and the cheapest first by
the guided search's costs (``cheapest_first_helpmate``, the analysis's last phase); the key of a
position, the set-up of a position from its key, and the key after a move worked out on the key."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import examples

from arbiter.core.helpmate import OutOfTime, Search
from arbiter.core.reachable import _After, _key, _set_up, breadth_first_helpmate, cheapest_first_helpmate
from arbiter.core.unwinnable import _guide, can_checkmate

#: One of CHA's community puzzles the searches leave undecided within their bound and the last phase
#: proves: Black cannot mate (the white king is shut in by its own pawns, the pawns lock, and
#: Black's king has nothing to take); about 30,000 positions.
LOCKED_TEMPO = "4k3/5p1p/8/1p6/1P6/KP6/PP3P1P/8 w - - 0 1"
#: One of CHA's community puzzles (its question about Black, asked for White on the mirrored board)
#: whose helpmate of 116 plies the searches miss within their 150,000 moves (it is on the work list
#: of the issue's day), and the cheapest-first phase finds within 15,000.
DEEP_HELPMATE = "5brk/4p1p1/3pP1P1/1B1P2p1/3p2p1/3P4/4K1P1/8 w - - 0 1"


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=60), st.sampled_from([
    chess.STARTING_FEN, "r3k2r/pppq1ppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1", "8/8/8/3k4/8/2n5/4B3/4K3 w - - 0 1"]))
def test_a_position_set_up_from_its_key_is_the_position(choices: list[int], fen: str) -> None:
    board = chess.Board(fen)
    scratch = chess.Board()
    for choice in [None, *choices]:
        if choice is not None:
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(moves[choice % len(moves)])
        _set_up(scratch, _key(board))
        assert _key(scratch) == _key(board) and scratch._transposition_key() == board._transposition_key()
        assert scratch.board_fen() == board.board_fen() and scratch.turn == board.turn
        assert set(scratch.legal_moves) == set(board.legal_moves)
        assert scratch.is_check() == board.is_check()
        assert all(scratch.has_insufficient_material(color) == board.has_insufficient_material(color)
                   for color in chess.COLORS)


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
    assert verdict.answer == "cannot" and "every reachable position" in verdict.reason and verdict.last_phase


@pytest.mark.slow
def test_the_analysis_finds_by_it_a_helpmate_its_searches_miss() -> None:
    board = chess.Board(DEEP_HELPMATE)
    searches_only = can_checkmate(board, chess.BLACK, reach_bound=0)
    assert searches_only.answer == "undetermined" and not searches_only.last_phase  # no last phase asked
    verdict = can_checkmate(board, chess.BLACK)
    assert verdict.answer == "can" and verdict.last_phase
    played = board.copy(stack=False)
    for move in verdict.line:
        assert played.is_legal(move)
        played.push(move)
    assert played.is_checkmate() and played.turn == chess.WHITE
    assert verdict.line_san.startswith("1") and verdict.reason == f"a line of {verdict.line_moves} moves exists"
    # The last phase answers the same after searches cut short: its bound is its own.
    cut = can_checkmate(board, chess.BLACK, node_bound=5_000)
    assert cut.answer == "can" and cut.line == verdict.line


def _guided(board: chess.Board) -> Search:
    search = Search(deadline=float("inf"))
    _guide(search, board)
    return search


def _mates(board: chess.Board, line: list[chess.Move]) -> bool:
    played = board.copy(stack=False)
    for move in line:
        if not played.is_legal(move):
            return False
        played.push(move)
    return played.is_checkmate() and played.turn == chess.BLACK


def test_the_cheapest_first_finds_a_deep_helpmate_with_few_moves() -> None:
    board = chess.Board(DEEP_HELPMATE).mirror()
    search = _guided(board)
    search.work_bound = 20_000
    mates, line = cheapest_first_helpmate(board, search)
    assert mates is True and len(line) > 60 and _mates(board, line)  # past 20,000 moves: OutOfTime


def test_the_cheapest_first_sees_every_reachable_position_once_as_breadth_first_does() -> None:
    board = chess.Board(LOCKED_TEMPO).mirror()
    ticks: list[None] = []
    assert breadth_first_helpmate(board, tick=lambda: ticks.append(None)) == (False, [])
    search = _guided(board)
    before = search.nodes
    assert cheapest_first_helpmate(board, search) == (False, [])
    assert search.nodes - before == len(ticks)  # the same moves: each position expanded once


def test_the_cheapest_first_says_nothing_past_its_bound() -> None:
    board = chess.Board()
    assert cheapest_first_helpmate(board, _guided(board), bound=1_000) == (None, [])


def test_the_cheapest_first_stops_at_the_search_s_bound_of_work() -> None:
    board = chess.Board()
    search = _guided(board)
    search.work_bound = search.nodes + 500
    with pytest.raises(OutOfTime):
        cheapest_first_helpmate(board, search)


def test_both_orders_agree_on_a_mate_and_on_none() -> None:
    for fen, mates in (("k7/8/1K6/8/8/8/8/7R b - - 0 1", True), (LOCKED_TEMPO, False)):
        board = chess.Board(fen).mirror() if fen == LOCKED_TEMPO else chess.Board(fen)
        first, _ = breadth_first_helpmate(board)
        cheapest, line = cheapest_first_helpmate(board, _guided(board))
        assert first is cheapest is mates
        assert not mates or _mates(board, line)


def test_the_cheapest_first_decides_where_breadth_first_runs_out_of_positions() -> None:
    board = chess.Board("8/8/3k4/1p1p1p2/1P1P1P2/3K4/8/2B5 w - - 0 1")  # the bishop mates in a corner
    assert breadth_first_helpmate(board, bound=20_000) == (None, [])
    mates, line = cheapest_first_helpmate(board, _guided(board), bound=20_000)
    assert mates is True and _mates(board, line)


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=80), st.sampled_from([
    "8/8/8/3k4/8/2n5/4B3/4K3 w - - 0 1", "r3k2r/pppq1ppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1",
    "4k3/1P4p1/8/3pP3/8/8/6P1/4K3 w - d6 0 1", "k7/8/8/8/8/8/1p5p/4K1NR b - - 0 1"]))
def test_the_key_after_a_move_is_the_key_of_the_position_it_leads_to(choices: list[int], fen: str) -> None:
    board = chess.Board(fen)
    for choice in choices:
        moves = list(board.legal_moves)
        if not moves:
            break
        scratch = chess.Board()
        key = _key(board)
        _set_up(scratch, key)
        if board.clean_castling_rights():  # the phase plays these with python-chess
            board.push(moves[choice % len(moves)])
            continue
        after = _After(scratch, key)
        for move in moves:
            child = after.key(move)
            if child is not None:
                board.push(move)
                assert child == _key(board), move
                board.pop()
        board.push(moves[choice % len(moves)])
