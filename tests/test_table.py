"""The physical table: what can happen, and where the turn stands after it."""

from __future__ import annotations

import chess
import pytest

from arbiter.core.errors import InvalidEventError
from arbiter.core.position import Position
from arbiter.table.board import Table
from arbiter.table.machine import MACHINE
from tests.conftest import bitboards

W = chess.WHITE


def table(fen: str | None = None) -> Table:
    return Table(Position.from_start(fen, []))


def test_states_follow_a_simple_move() -> None:
    t = table()
    assert t.state == "idle"
    t.touch(W, [chess.G1])
    assert t.state == "touching"
    t.lift(W, chess.G1, "right")
    assert t.state == "holding"
    t.place(W, chess.F3, "right")
    assert t.state == "placed"
    t.release(W, "right")
    assert t.state == "made" and t.made_move == chess.Move.from_uci("g1f3")


def test_made_move_is_legal_only_in_the_position_it_was_found_in() -> None:
    t = table()
    t.lift(W, chess.G1, "right")
    t.place(W, chess.F3, "right")
    t.release(W, "right")
    assert t.made_move == chess.Move.from_uci("g1f3") and t.is_made_move_legal()
    t.position.push(chess.Move.from_uci("e2e4"))  # the position changed since: not asked of it
    assert not t.is_made_move_legal()
    t.position.pop()
    assert not t.is_made_move_legal()  # back to the same position, yet a change: asked again
    t.reopen()
    assert t.made_move is None and not t.is_made_move_legal()


def test_position_version_changes_with_every_change_of_the_position() -> None:
    position = Position()
    versions = [position.version]
    position.push(chess.Move.from_uci("e2e4"))
    versions.append(position.version)
    position.push_null()
    versions.append(position.version)
    position.pop()
    versions.append(position.version)
    position.standing.remove_piece_at(chess.E4)
    position.go_on_from_standing(chess.BLACK)
    versions.append(position.version)
    assert len(set(versions)) == len(versions)
    assert position.copy().version == position.version


def test_capture_half_done_is_disturbed_then_made() -> None:
    t = table("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    t.remove(W, chess.D5, "right")
    assert t.state == "disturbed"
    t.lift(W, chess.E4, "right")
    t.place(W, chess.D5, "right")
    t.release(W, "right")
    assert t.state == "made"


def test_castling_and_promotion_states() -> None:
    t = table("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    t.lift(W, chess.E1, "right")
    t.place(W, chess.G1, "right")
    t.release(W, "right")
    assert t.state == "castling"
    p = table("7k/4P3/8/8/8/8/8/K7 w - - 0 1")
    p.remove(W, chess.E7, "right")
    assert p.state == "promoting"
    p.put(W, chess.QUEEN, chess.E8, "right")
    assert p.state == "placed"
    p.release(W, "right")
    assert p.state == "made"


def test_piece_put_back_is_touching() -> None:
    t = table()
    t.lift(W, chess.G1, "right")
    t.place(W, chess.G1, "right")
    t.release(W, "right")
    assert t.state == "touching"


@pytest.mark.parametrize(("act", "message"), [
    (lambda t: t.lift(W, chess.E4, "right"), "no piece stands on e4"),
    (lambda t: t.place(W, chess.E4, "right"), "nothing is in the right hand"),
    (lambda t: t.release(W, "left"), "nothing is in the left hand"),
    (lambda t: t.put(W, chess.QUEEN, chess.E2, "right"), "e2 is occupied"),
    (lambda t: t.touch(W, [chess.E4]), "no piece stands on e4"),
])
def test_impossible_acts_raise_and_change_nothing(act, message: str) -> None:  # type: ignore[no-untyped-def]
    t = table()
    with pytest.raises(InvalidEventError, match=message):
        act(t)
    assert t.state == "idle" and t.position.is_standing_as_position() and not t.held


def test_second_lift_with_the_same_hand_is_impossible() -> None:
    t = table()
    t.lift(W, chess.G1, "right")
    with pytest.raises(InvalidEventError, match="already holds"):
        t.lift(W, chess.B1, "right")
    t.lift(W, chess.B1, "left")
    assert t.hands_used == {"right", "left"}


def test_release_in_the_air_is_impossible() -> None:
    t = table()
    t.lift(W, chess.G1, "right")
    with pytest.raises(InvalidEventError, match="not set on a square"):
        t.release(W, "right")


def test_machine_is_flat_shared_and_has_no_auto_transitions() -> None:
    assert "to_idle" not in MACHINE.events
    assert set(MACHINE.events) == {"touch", "adjust", "lift", "place", "drop", "release", "remove", "put", "play",
                                   "press", "restore", "settle", "take_turn", "end"}
    assert MACHINE.models == []  # tables are driven through the shared machine, not bound to it


def test_play_carries_the_king_and_the_rook_of_standard_castling_only() -> None:
    table = Table(Position(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")))
    table.play(chess.WHITE, chess.Move.from_uci("e1g1"), "right")
    assert table.position.standing.board_fen() == "r3k2r/8/8/8/8/8/8/R4RK1" and table.state == "made"
    chess960 = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
    with pytest.raises(ValueError):
        Table(Position(chess960)).play(chess.WHITE, chess.Move.from_uci("e1g1"), "right")


@pytest.mark.parametrize("seed", range(40))
def test_take_off_and_set_down_leave_the_bitboards_as_python_chess_does(seed: int) -> None:
    """arrangement's take_off and set_down against python-chess's remove_piece_at and set_piece_at,
    raw bitboards and marks of promoted pieces compared: any square, its piece named or read (a
    piece of another kind may stand where a held piece was set: pieces put back, 7.4.1), empty
    squares with or without a stale mark."""
    import random

    from arbiter.core.arrangement import set_down, take_off

    rng = random.Random(seed)
    board = chess.BaseBoard.empty()
    for square in rng.sample(chess.SQUARES, rng.randint(2, 30)):
        board.set_piece_at(square, chess.Piece(rng.randint(1, 6), rng.random() < 0.5), promoted=rng.random() < 0.3)
    board.promoted |= rng.getrandbits(64) & ~board.occupied & rng.getrandbits(64)  # stale marks on empty squares
    for square in chess.SQUARES:
        ours, theirs = board.copy(), board.copy()
        kind = board.piece_type_at(square)
        take_off(ours, square, kind if rng.random() < 0.5 else None)
        theirs.remove_piece_at(square)
        assert bitboards(ours) == bitboards(theirs), chess.square_name(square)
        piece = chess.Piece(rng.randint(1, 6), rng.random() < 0.5)
        set_down(ours, square, piece)
        theirs.set_piece_at(square, piece)
        assert bitboards(ours) == bitboards(theirs), chess.square_name(square)


@pytest.mark.parametrize(("fen", "standing", "shown"), [
    ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "Pr2k3/8/8/8/8/8/8/4K3", ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]),
    ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1P2k3/8/8/8/8/8/8/4K3", ["a7b8q", "a7b8r", "a7b8b", "a7b8n"]),
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/3P4/3p4/8/8/8/4K3", ["e5d6"]),
    # not a part: the move made whole, a pawn that does not promote, the rook still on b8, nothing moved
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/3P4/8/8/8/8/4K3", []),
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/4P3/3p4/8/8/8/4K3", []),
    ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1r2k3/P7/8/8/8/8/8/4K3", []),
    ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "Qr2k3/8/8/8/8/8/8/4K3", []),
])
def test_the_parts_of_a_legal_move_the_pieces_show(fen: str, standing: str, shown: list[str]) -> None:
    from arbiter.core.arrangement import part_released

    assert [move.uci() for move in part_released(chess.Board(fen), chess.BaseBoard(standing))] == shown
