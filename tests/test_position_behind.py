"""python-chess's board given the core's moves only when it is read (issue 36): a :class:`Position`
whose moves are made on the compiled core and on a board without history (``Position.now``)
answers at every step as python-chess's board pushed move by move: the FEN, the SAN, the key the
repetitions are counted by, the move stack once read, the moves taken back, the copies."""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.core.legalcore import is_compiled_available
from arbiter.core.position import Position, position_key
from arbiter.files.scenario import loads, run
from tests.conftest import examples

#: Positions with the hard cases at hand: en passant that uncovers a check, a pinned en-passant
#: pawn, castling through or out of check and with a rook to be taken, promotions with capture
#: and under, a bare ending.
STARTS = [
    chess.STARTING_FEN,
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",  # bxc6 e.p. would uncover the rook's check
    "4k3/8/8/8/1pP5/8/8/3QK3 b - c3 0 1",  # the en-passant pawn is pinned
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",  # castling through an attacked square
    "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",  # out of check
    "1r2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",  # promotions, with capture and under
    "8/8/4k3/8/8/4K3/4N3/8 w - - 0 1",
]

OPERATIONS = st.lists(st.sampled_from(["push", "push", "push", "push", "ask", "read", "pop", "copy", "null"]),
                      min_size=1, max_size=120)


def _check(position: Position, reference: chess.Board, keys: list[object]) -> None:
    assert position.fen() == reference.fen()
    assert position.now.fen() == reference.fen()
    assert position.turn == reference.turn
    assert position.repetitions() == keys.count(keys[-1])
    assert position.is_standing_as_position() is True


def _play(start: str, seed: int, operations: list[str]) -> int:
    """The operations on a Position and on python-chess's board side by side; how many moves
    the Position made without python-chess's push (the case under test)."""
    rng = random.Random(seed)
    position, reference = Position(chess.Board(start)), chess.Board(start)
    keys: list[object] = [position_key(reference)]
    behind = 0
    for operation in operations:
        moves = list(reference.legal_moves)
        if operation == "push" and moves:
            move = rng.choice(moves)
            if rng.random() < 0.5:
                position.has_legal_move()  # the core made, as the referee's end-of-move test makes it
            san = reference.san(move)
            reference.push(move)
            assert position.push(move, legal=rng.random() < 0.5) == san
            behind = max(behind, len(position._behind))
            keys.append(position_key(reference))
            position.restore_standing()
        elif operation == "ask":
            assert position.has_legal_move() == bool(moves)
            if moves:
                move = rng.choice(moves)
                assert position.can_move(move.from_square) is True
        elif operation == "read":
            assert position.board.move_stack == reference.move_stack
            assert position.board.fen() == reference.fen()
            assert position.last_move() == (reference.peek() if reference.move_stack else None)
        elif operation == "pop" and reference.move_stack and position.last_move() is not None:
            assert position.pop() == reference.pop()
            keys.pop()
            position.restore_standing()
        elif operation == "copy":
            twin = position.copy()
            # the copy is not changed by what the game goes on to do: a move on the core, then one
            # taken back (the original is dropped after, with a move the copy never made)
            position.has_legal_move()
            if moves:
                position.push(rng.choice(moves), legal=True)
                position.restore_standing()
                position.has_legal_move()
                replies = list(position.board.legal_moves)
                if replies:
                    position.push(rng.choice(replies))
                    position.pop()
            assert twin.fen() == twin.now.fen() == reference.fen() and twin.board.move_stack == reference.move_stack
            assert twin.standing.board_fen() == reference.board_fen()
            position = twin
        elif operation == "null" and not reference.is_check():
            reference.push(chess.Move.null())
            position.push_null()
            keys.append(position_key(reference))
        _check(position, reference, keys)
    assert position.board.move_stack == reference.move_stack
    assert list(position.moves()) == reference.move_stack
    return behind


@settings(max_examples=examples(60), deadline=None)
@given(start=st.sampled_from(STARTS), seed=st.integers(0, 2**32 - 1), operations=OPERATIONS)
def test_a_position_behind_answers_as_python_chess(start: str, seed: int, operations: list[str]) -> None:
    _play(start, seed, operations)


def test_the_moves_are_made_without_python_chess_s_push() -> None:
    """The case under test happens: with the compiled core, moves are made behind python-chess's
    board (else every test above would pass on python-chess alone)."""
    behind = max(_play(chess.STARTING_FEN, seed, ["push", "push", "ask", "push", "push", "push"] * 10)
                 for seed in range(5))
    assert behind >= 3 if is_compiled_available() else behind == 0


@pytest.mark.parametrize("start", STARTS)
def test_every_start_played_long(start: str) -> None:
    for seed in range(20):
        _play(start, seed, ["push", "ask"] * 60 + ["read", "pop", "pop", "push", "copy", "push"])


def test_now_is_one_board_changed_in_place() -> None:
    """A board read from ``Position.now`` before a move made or taken back holds the position after
    it, as python-chess's own board does: a caller that read it earlier never reads a stale one."""
    position = Position()
    now = position.now
    for uci in ("e2e4", "e7e5", "g1f3", "b8c6"):
        position.has_legal_move()
        position.push(chess.Move.from_uci(uci))
        assert position.now is now and now.fen() == position.board.fen()
    position.pop()
    assert position.now is now and now.fen() == position.board.fen()
    position.restore_standing()
    position.standing.remove_piece_at(chess.F3)
    position.go_on_from_standing(chess.WHITE)  # the game goes on from the pieces as they stand
    assert position.now.board_fen() == position.standing.board_fen() == position.board.board_fen()
    if is_compiled_available():  # python-chess's board alone is a new board then, as it always was
        assert position.now is now


def test_a_copy_goes_its_own_way_after_a_break() -> None:
    """A copy of a game whose history holds a break (the game went on from the pieces as they
    stood) keeps its own board when either takes the break back."""
    position = Position()
    position.standing.set_piece_at(chess.E4, position.standing.remove_piece_at(chess.E2))
    position.go_on_from_standing(chess.BLACK)
    twin = position.copy()
    position.pop()
    position.has_legal_move()
    position.push(chess.Move.from_uci("e2e4"))
    assert position.board.move_stack  # python-chess's board given the move
    assert twin.pop() is None and twin.fen() == twin.board.fen() == chess.STARTING_FEN


def test_a_castling_that_mates_is_ruled_as_it_was_played() -> None:
    """``play O-O`` giving mate: made at once, found to end the game, taken back and made again
    by its steps, from the position before it (a board read before the move was stale there)."""
    scenario = loads("""
title: castling mates
source: Laws 5.1.1
start: {fen: "4rkr1/p3p1p1/8/8/2B5/8/8/4K2R b K - 0 1"}
events:
  - black: play a6
  - white: play O-O
expect: {result: 1-0, reason: checkmate}
""")
    outcome = run(scenario)
    assert outcome.status == "passed", (outcome.failures, outcome.error)


def test_is_legal_asks_python_chess_in_chess960() -> None:
    """The compiled core reads Chess960's castling rights as standard chess's: it called e1c1
    legal here, python-chess does not (found by a review of the plain-move lane)."""
    board = chess.Board("r1b2b1q/pp2pkr1/n1np2p1/5p2/5PB1/N5Pp/PNPPP1RP/R3KQB1 w Q - 0 16", chess960=True)
    position = Position(board)
    assert position.is_legal(chess.Move.from_uci("e1c1")) is board.is_legal(chess.Move.from_uci("e1c1")) is False
