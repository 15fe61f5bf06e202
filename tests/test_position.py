"""The legal-move core."""

from __future__ import annotations

import random
from collections.abc import Callable

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.core.errors import InvalidEventError, InvalidPositionError
from arbiter.core.moveread import parse_move
from tests.conftest import examples, randomly_played
from arbiter.core.arrangement import (
    carry,
    castling_begun, move_between, promotion_under_way, same_placement, unreplaced_promotion,
)
from arbiter.core.legalcore import fast_board, fast_push, is_compiled_available
from arbiter.core.position import (Position, _attackers_of_kind, can_be_captured, can_move, legal_moves_of,
                                   san_and_push, san_of)


def after(board: chess.Board, *uci: str) -> chess.BaseBoard:
    copy = board.copy()
    for move in uci:
        copy.push_uci(move)
    return chess.BaseBoard(copy.board_fen())


@pytest.mark.parametrize(("fen", "uci"), [
    (chess.STARTING_FEN, "g1f3"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
    ("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n"),
    ("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"),
    ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
])
def test_move_between_finds_the_legal_move(fen: str, uci: str) -> None:
    board = chess.Board(fen)
    assert move_between(board, after(board, uci)) == chess.Move.from_uci(uci)
    assert board.fen() == fen  # the board is left as it was


def test_move_between_none_for_no_change_or_no_legal_move() -> None:
    board = chess.Board()
    assert move_between(board, chess.BaseBoard(board.board_fen())) is None
    standing = chess.BaseBoard(board.board_fen())
    standing.set_piece_at(chess.E5, standing.remove_piece_at(chess.E2))  # e2-e5: not a legal move
    assert move_between(board, standing) is None
    standing = chess.BaseBoard(board.board_fen())
    standing.remove_piece_at(chess.G1)  # a piece in the hand
    assert move_between(board, standing) is None


def _pushed_and_compared(board: chess.Board, standing: chess.BaseBoard) -> chess.Move | None:
    """move_between as it was: every legal move pushed and the placement compared."""
    for move in board.generate_legal_moves():
        board.push(move)
        shown = same_placement(board, standing)
        board.pop()
        if shown:
            return move
    return None


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_move_between_answers_as_pushing_every_legal_move(data: st.DataObject) -> None:
    """A plain move or capture is recognised without a push: the same answer, for the pieces
    after every legal move and after a piece taken off or set down besides."""
    board = randomly_played(chess.STARTING_FEN, data.draw(st.integers(0, 2**32)), data.draw(st.integers(0, 120)))
    for move in list(board.generate_legal_moves()):
        standing = after(board, move.uci())
        assert move_between(board, standing) == _pushed_and_compared(board, standing) == move
        square = data.draw(st.sampled_from(chess.SQUARES))
        if data.draw(st.booleans()):
            standing.remove_piece_at(square)
        else:
            standing.set_piece_at(square, chess.Piece(data.draw(st.integers(1, 6)), data.draw(st.booleans())))
        assert move_between(board, standing) == _pushed_and_compared(board, standing)


def _both_ways(board: chess.Board, move: chess.Move) -> tuple[str, str]:
    """The SAN python-chess writes and the one :func:`san_and_push` writes, each pushing on a
    copy; the two boards must end alike."""
    theirs, ours = board.copy(), board.copy()
    written = theirs.san_and_push(move), san_and_push(ours, move)
    assert ours == theirs and ours.move_stack == theirs.move_stack
    fast = fast_board(board) if move and not board.chess960 and is_compiled_available() else None
    if fast is not None:  # the compiled core's board after the move says check and mate alike
        with_core = board.copy()
        assert san_and_push(with_core, move, fast_push(fast, move)) == written[0]
        assert with_core == theirs
        # not made, the other pieces of the kind that may go there asked of the core's board
        assert san_of(board, move, fast_push(fast, move), None, fast) == written[0]
    return written


@pytest.mark.parametrize(("fen", "uci", "san"), [
    (chess.STARTING_FEN, "g1f3", "Nf3"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1f1", "Rf1"),
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"),
    ("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N"),
    ("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"),
    ("4k3/8/8/N7/8/8/8/N3K2N w - - 0 1", "a1b3", "N1b3"),
    ("N3k3/8/8/8/8/8/8/N3K2N w - - 0 1", "h1g3", "Ng3"),
    ("Q6Q/8/8/8/8/8/8/Q3K2k w - - 0 1", "h8e5", "Qhe5+"),
    ("1Q5Q/8/8/8/8/k7/7Q/4K3 w - - 0 1", "h8e5", "Qh8e5"),
    ("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"),
    ("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "e1e2", "Kxe2"),
    # Pinned: the knight on c3 cannot go to d5, so the other one is not disambiguated.
    ("4k3/4r3/8/8/8/2N5/4N3/4K3 w - - 0 1", "e2d4", "Nd4"),
])
def test_san_and_push_writes_what_python_chess_writes(fen: str, uci: str, san: str) -> None:
    assert _both_ways(chess.Board(fen), chess.Move.from_uci(uci)) == (san, san)


def test_san_and_push_of_a_null_move_is_python_chess_s() -> None:
    assert _both_ways(chess.Board(), chess.Move.null()) == ("--", "--")


@pytest.mark.parametrize("fen", [
    "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1",
])
def test_san_and_push_on_a_chess960_board(fen: str) -> None:
    board = chess.Board(fen, chess960=True)
    written = [_both_ways(board, move) for move in list(board.generate_legal_moves())]
    assert all(theirs == ours for theirs, ours in written)


def test_san_and_push_leaves_chess960_castling_to_python_chess() -> None:
    board = chess.Board("r3k2r/8/8/8/8/8/8/1R2K1R1 w GBkq - 0 1", chess960=True)
    written = [_both_ways(board, move) for move in list(board.generate_legal_moves())]
    assert all(theirs == ours for theirs, ours in written)
    assert {("O-O", "O-O"), ("O-O-O", "O-O-O")} <= set(written)


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 160))
def test_san_and_push_writes_every_legal_move_as_python_chess(seed: int, plies: int) -> None:
    """The SAN of every legal move, without python-chess's look for another piece of the kind
    where none attacks the square: the same text and the same board after it."""
    board = randomly_played(chess.STARTING_FEN, seed, plies)
    for move in list(board.generate_legal_moves()):
        theirs, ours = _both_ways(board, move)
        assert ours == theirs


@settings(max_examples=examples(40), deadline=None)
@given(start=st.sampled_from([
    "N3k2N/8/8/8/8/8/8/N3K2N w - - 0 1",
    "Q6Q/8/8/3k4/8/8/1K6/Q6Q w - - 0 1",
    "4k3/8/2N1N3/1N3N2/3r4/1N3N2/2N1N3/4K3 w - - 0 1",
    "1k6/8/8/3b4/8/1N3N2/8/K2R3R w - - 0 1",
    "r3k2r/1q4q1/8/8/8/8/1Q4Q1/R3K2R w KQkq - 0 1",
]), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 40))
def test_disambiguation_asked_of_the_core_is_python_chess_s(start: str, seed: int, plies: int) -> None:
    """Where pieces of one kind crowd the board (knights on every side of a square, queens and
    rooks doubled, pins and checks on the way), every legal move's SAN with the other pieces of the
    kind asked of the compiled core: python-chess's text."""
    if not is_compiled_available():
        pytest.skip("no compiled core on this platform")  # the fallback has python-chess write it
    board = randomly_played(start, seed, plies)
    fast = fast_board(board)
    for move in list(board.generate_legal_moves()):
        assert san_of(board, move, fast_push(fast, move), None, fast) == board.san(move)


class _SilentCore:
    """A compiled board that cannot answer (a move's legality raises, as a Rust panic does)."""

    def is_legal_move(self, move: object) -> bool:
        raise RuntimeError("no answer")


def test_disambiguation_the_core_cannot_give_is_python_chess_s() -> None:
    """The core failing to say which other knight may go to b3: python-chess writes the move."""
    board = chess.Board("4k3/8/8/N7/8/8/8/N3K2N w - - 0 1")
    move = chess.Move.from_uci("a1b3")
    after = fast_push(fast_board(board), move) if is_compiled_available() else None
    assert san_of(board, move, after, None, _SilentCore()) == "N1b3"


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 160))
def test_attackers_of_a_kind_are_python_chess_s(seed: int, plies: int) -> None:
    """The pieces of one kind attacking a square, asked of that kind's lines only: python-chess's
    ``attackers_mask`` of every kind, kept to that kind, on every square, for both colours."""
    board = randomly_played(chess.STARTING_FEN, seed, plies)
    for square in chess.SQUARES:
        for color in chess.COLORS:
            for piece in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING):
                assert _attackers_of_kind(board, piece, color, square) == \
                    board.pieces_mask(piece, color) & board.attackers_mask(color, square)


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 160), marks=st.integers(0, 2**64 - 1))
def test_carry_moves_a_piece_as_python_chess_s_remove_and_set(seed: int, plies: int, marks: int) -> None:
    """Every piece to squares empty, held by either side, marked promoted or not: the same board
    as python-chess's ``remove_piece_at`` then ``set_piece_at``."""
    board = randomly_played(chess.STARTING_FEN, seed, plies)
    board.promoted = marks & board.occupied & ~board.kings & ~board.pawns
    targets = random.Random(seed).sample(chess.SQUARES, 12)
    for origin in chess.scan_forward(board.occupied):
        for target in [*targets, origin]:
            ours, theirs = board.copy(), board.copy()
            carry(ours, origin, target)
            removed = theirs.remove_piece_at(origin)
            assert removed is not None
            theirs.set_piece_at(target, removed)
            assert ours.board_fen(promoted=True) == theirs.board_fen(promoted=True)
            assert (ours.occupied, ours.occupied_co, ours.promoted) == (theirs.occupied, theirs.occupied_co,
                                                                        theirs.promoted)
    with pytest.raises(ValueError):
        carry(chess.BaseBoard.empty(), chess.E2, chess.E4)


def test_same_placement() -> None:
    assert same_placement(chess.Board(), chess.BaseBoard())
    assert not same_placement(chess.Board(), after(chess.Board(), "e2e4"))


def test_legal_moves_of_a_piece_and_can_move() -> None:
    board = chess.Board()
    assert {m.uci() for m in legal_moves_of(board, chess.G1)} == {"g1f3", "g1h3"}
    assert not can_move(board, chess.A1)
    pinned = chess.Board("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
    assert not can_move(pinned, chess.E2)


def test_can_be_captured_includes_en_passant_and_the_capturer() -> None:
    board = chess.Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    assert can_be_captured(board, chess.D5)
    assert can_be_captured(board, chess.D5, by=chess.E5)
    assert not can_be_captured(board, chess.D5, by=chess.E1)
    assert not can_be_captured(chess.Board(), chess.E7)


def test_castling_begun_only_towards_a_rook() -> None:
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    standing = chess.BaseBoard(board.board_fen())
    standing.set_piece_at(chess.G1, standing.remove_piece_at(chess.E1))
    assert castling_begun(board, standing) == "kingside"
    no_rook = chess.Board("r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1")
    standing = chess.BaseBoard(no_rook.board_fen())
    standing.set_piece_at(chess.G1, standing.remove_piece_at(chess.E1))
    assert castling_begun(no_rook, standing) is None


def test_promotion_under_way_and_unreplaced_pawn() -> None:
    board = chess.Board("7k/4P3/8/8/8/8/8/K7 w - - 0 1")
    pawn_on_e8 = after(board, "e7e8q")
    pawn_on_e8.set_piece_at(chess.E8, chess.Piece(chess.PAWN, chess.WHITE))
    assert promotion_under_way(board, pawn_on_e8) is not None
    assert unreplaced_promotion(board, pawn_on_e8) == chess.Move.from_uci("e7e8q")
    queen_beside_pawn = chess.BaseBoard(board.board_fen())
    queen_beside_pawn.set_piece_at(chess.E8, chess.Piece(chess.QUEEN, chess.WHITE))
    assert promotion_under_way(board, queen_beside_pawn) is not None
    assert unreplaced_promotion(board, queen_beside_pawn) is None
    assert promotion_under_way(chess.Board(), after(chess.Board(), "e2e4")) is None


def test_parse_move_reads_san_uci_and_illegal_moves() -> None:
    board = chess.Board()
    assert parse_move(board, "Nf3") == chess.Move.from_uci("g1f3")
    assert parse_move(board, "g1f3") == chess.Move.from_uci("g1f3")
    assert parse_move(board, "e2e5") == chess.Move.from_uci("e2e5")  # illegal, but playable
    pinned = chess.Board("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
    assert parse_move(pinned, "Nc3") == chess.Move.from_uci("e2c3")  # illegal: the knight is pinned
    with pytest.raises(InvalidEventError, match="no piece can play"):
        parse_move(board, "Qh5")
    with pytest.raises(InvalidEventError, match="not a move"):
        parse_move(board, "hello")
    with pytest.raises(InvalidEventError, match="no piece stands on e4"):
        parse_move(board, "e4e5")


def test_history_counts_positions_and_pops() -> None:
    position = Position()
    for uci in ("g1f3", "g8f6", "f3g1", "f6g8"):
        position.push(chess.Move.from_uci(uci))
    assert position.repetitions() == 2
    position.pop()
    assert position.repetitions() == 1
    with pytest.raises(ValueError):
        position.push(chess.Move.from_uci("e2e5"))


def test_go_on_from_standing_and_back() -> None:
    position = Position()
    position.standing.set_piece_at(chess.E5, position.standing.remove_piece_at(chess.E2))
    position.go_on_from_standing(chess.BLACK)
    assert position.board.board_fen() == position.standing.board_fen()
    assert position.turn == chess.BLACK
    position.board.push_san("e6")  # play goes on
    position.board.pop()
    assert position.pop() is None
    assert position.fen() == chess.STARTING_FEN


@pytest.mark.parametrize(("fen", "moves", "message"), [
    ("not a fen", [], "bad FEN"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", [], "illegal start position"),
    (None, ["e4", "e4"], "start move 2"),
])
def test_from_start_rejects_illegal_starts(fen: str | None, moves: list[str], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.from_start(fen, moves)


def test_parse_move_pawn_to_last_rank_without_piece_and_castling_out_of_rules() -> None:
    assert parse_move(chess.Board("7k/4P3/8/8/8/8/8/K7 w - - 0 1"), "e8") == chess.Move.from_uci("e7e8")
    in_check = chess.Board("4k3/4r3/8/8/8/8/8/4K2R w K - 0 1")
    assert parse_move(in_check, "O-O") == chess.Move.from_uci("e1g1")  # castling out of check: illegal
    with pytest.raises(InvalidEventError, match="no piece can play"):
        parse_move(chess.Board(), "Nd4")


def test_a_pawn_named_without_its_file_moves_along_it_even_when_illegal_moves_are_read() -> None:
    board = chess.Board("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    with pytest.raises(InvalidEventError, match="no piece can play 'd5'"):
        parse_move(board, "d5")  # exd5 is the capture; d5 names no pawn of the d-file
    in_check = chess.Board("4k3/8/8/3p4/4P3/8/8/4K2r w - - 0 1")
    assert parse_move(in_check, "e5") == chess.Move.from_uci("e4e5")  # illegal, but the pawn can make it


def _parse_move_uci_first(board: chess.Board, text: str) -> chess.Move:
    """parse_move as it was: the UCI reader tried first on every text (a null move refused)."""
    move = _uci_first(board, text)
    if not move:
        raise InvalidEventError(f"{text!r} is a null move: it moves no piece at the board")
    return move


def _uci_first(board: chess.Board, text: str) -> chess.Move:
    from arbiter.core import moveread

    try:
        return board.parse_uci(text)
    except chess.IllegalMoveError:
        move = chess.Move.from_uci(text)
        if board.piece_at(move.from_square) is None:
            raise InvalidEventError(f"no piece stands on {chess.square_name(move.from_square)} for {text!r}") from None
        return move
    except chess.InvalidMoveError:
        pass
    return moveread._parse_san(board, text)[0]


def _outcome(read: Callable[[chess.Board, str], chess.Move], board: chess.Board, text: str) -> object:
    try:
        return read(board, text)
    except InvalidEventError as err:
        return type(err), str(err).split(" for ")[0]


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60),
       noise=st.text(alphabet="abcdefgh12345678xqrbnkQRBNK@=+#O-0 ", min_size=1, max_size=6))
def test_san_is_read_without_trying_uci_first_with_the_same_outcome(seed: int, plies: int, noise: str) -> None:
    board = randomly_played(chess.STARTING_FEN, seed, plies)
    texts = [noise, "0000", "N@e4", "e2e2", "E2E4", "e2e4", "e7e8q", "O-O", "O-O-O", "a8=Q"]
    texts += [board.san(move) for move in board.legal_moves] + [move.uci() for move in board.legal_moves]
    texts += [move.uci() for move in board.pseudo_legal_moves]
    for text in texts:
        assert _outcome(parse_move, board, text) == _outcome(_parse_move_uci_first, board, text), text


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 120))
def test_carry_told_the_kinds_moves_as_carry_reading_them(seed: int, plies: int) -> None:
    """A piece carried with the kinds on both squares told (the referee read them already) leaves
    the board as a carry that reads them: every legal move's two squares, capture or not."""
    board = randomly_played(chess.STARTING_FEN, seed, plies)
    for move in list(board.generate_legal_moves()):
        told, read = chess.BaseBoard(board.board_fen()), chess.BaseBoard(board.board_fen())
        kinds = board.piece_type_at(move.from_square), board.piece_type_at(move.to_square)
        carry(told, move.from_square, move.to_square, kinds)
        carry(read, move.from_square, move.to_square)
        assert told == read and told.occupied == read.occupied and told.occupied_co == read.occupied_co
