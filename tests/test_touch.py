"""What touches bind the player to (Articles 4.3 to 4.7)."""

from __future__ import annotations

import chess
import pytest

from arbiter.table.touch import FREE, KingReleased, Obligation, PiecePut, Released, Touch, obligation

W = chess.WHITE


def touches(board: chess.Board, *groups: str) -> list[Touch]:
    """``"g1"``, ``"e2 d7"`` (same instant) → touches in order."""
    facts = []
    for instant, group in enumerate(groups, start=1):
        for name in group.split():
            square = chess.parse_square(name)
            piece = board.piece_at(square)
            assert piece is not None
            facts.append(Touch(square, piece, instant))
    return facts


def ob(fen: str, *groups: str) -> Obligation:
    board = chess.Board(fen)
    return obligation(board, touches(board, *groups))  # type: ignore[arg-type]


START = chess.STARTING_FEN
OPEN = "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"


def test_nothing_touched_is_free() -> None:
    assert obligation(chess.Board(), []) == FREE


def test_4_3_1_first_own_piece_that_can_move() -> None:
    assert ob(START, "g1", "e2").fields() == {"must": "move", "square": "g1"}
    assert ob(START, "a1", "e2").fields() == {"must": "move", "square": "e2"}  # the rook cannot move
    assert ob(START, "a1").article == "4.5"


def test_4_3_2_first_opponent_piece_that_can_be_captured() -> None:
    result = ob(OPEN, "e4", "d4")  # Black touches e4 (cannot be taken), then d4
    assert (result.must, chess.square_name(result.square), result.article) == ("capture", "d4", "4.3.2")  # type: ignore[arg-type]


def test_4_3_3_capture_with_first_own_or_first_movable() -> None:
    both = ob(OPEN, "e5", "d4")
    assert both.fields() == {"must": "capture", "square": "d4", "with": "e5"}
    # The first own piece cannot take the first opponent's piece: first touched that can move.
    fallback = ob(OPEN, "g8", "d4")
    assert fallback.fields() == {"must": "move", "square": "g8"} and fallback.article == "4.3.3"
    # Same instant: the own piece counts as touched first.
    tie = ob(OPEN, "d4 e5")
    assert tie.fields() == {"must": "capture", "square": "d4", "with": "e5"}


CASTLE = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


def test_4_4_1_king_then_rook_castles() -> None:
    assert ob(CASTLE, "e1", "h1").fields() == {"must": "castle", "side": "kingside"}
    assert ob(CASTLE, "e1 a1").fields() == {"must": "castle", "side": "queenside"}


def test_4_4_3_castling_illegal_gives_another_king_move() -> None:
    no_rights = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Qkq - 0 1"
    result = ob(no_rights, "e1", "h1")
    assert (result.must, result.article) == ("king", "4.4.3")
    stuck = ob(START, "e1", "h1")  # castling blocked and the king has no move at all
    assert (stuck.must, stuck.article) == ("any", "4.4.3")


def test_4_4_2_rook_then_king_bars_castling() -> None:
    result = ob(CASTLE, "h1", "e1")
    assert result.fields() == {"must": "move", "square": "h1"} and result.barred_side == "kingside"
    board = chess.Board(CASTLE)
    assert not result.allows(board, chess.Move.from_uci("e1g1"))
    assert result.allows(board, chess.Move.from_uci("h1f1"))


def test_4_4_4_first_piece_put_is_final() -> None:
    board = chess.Board("7k/4P3/8/8/8/8/8/K7 w - - 0 1")
    facts = [*touches(board, "e7"), PiecePut(chess.KNIGHT, chess.E8), PiecePut(chess.QUEEN, chess.E8)]
    result = obligation(board, facts)  # type: ignore[arg-type]
    assert result.fields() == {"must": "promote", "square": "e8", "piece": "N"}
    assert not result.allows(board, chess.Move.from_uci("e7e8q"))


def test_4_7_2_king_released_two_squares() -> None:
    board = chess.Board(CASTLE)
    assert obligation(board, [*touches(board, "e1"), KingReleased("kingside")]).must == "castle"


def test_4_7_released_move_must_stand() -> None:
    board = chess.Board()
    move = chess.Move.from_uci("g1f3")
    result = obligation(board, [*touches(board, "g1"), Released(move)])
    assert result.fields() == {"must": "play", "move": "g1f3"} and result.article == "4.7"


@pytest.mark.parametrize(("uci", "allowed"), [("g1f3", True), ("g1h3", True), ("e2e4", False)])
def test_allows_follows_the_obligation(uci: str, allowed: bool) -> None:
    assert ob(START, "g1").allows(chess.Board(), chess.Move.from_uci(uci)) is allowed


def test_obligation_asks_the_core_of_the_game_whose_board_it_is() -> None:
    from arbiter.core.position import Position
    position = Position()
    facts = touches(position.board, "g1")
    assert obligation(position.board, facts, position=position) == obligation(position.board, facts)
    copy = position.board.copy()  # another board: python-chess answers for it
    assert obligation(copy, facts, position=position) == obligation(copy, facts)
