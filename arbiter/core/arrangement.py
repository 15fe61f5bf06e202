"""Which legal move, if any, the pieces as they physically stand show (Article 4 at the board).

The physical table (:mod:`arbiter.table`) keeps the board as it stands, which may differ from every
legal position: these functions compare it with the position before the move and say what it
shows: the same placement, the squares changed, the legal move made (castling, en passant and
promotion included), a castling begun with the king (4.7.2), a promotion under way (4.6), a
promotion left with the pawn on the last rank (7.5.2). A concern of its own beside the legal-move
core and its history (:mod:`arbiter.core.position`, which keeps the standing board with them).
"""

from __future__ import annotations

from typing import Literal

import chess

Side = Literal["kingside", "queenside"]

_BITBOARDS = ("pawns", "knights", "bishops", "rooks", "queens", "kings")


def same_placement(a: chess.BaseBoard, b: chess.BaseBoard) -> bool:
    """Whether the same pieces stand on the same squares of both boards."""
    return (
        a.occupied_co[chess.WHITE] == b.occupied_co[chess.WHITE]
        and a.occupied_co[chess.BLACK] == b.occupied_co[chess.BLACK]
        and all(getattr(a, name) == getattr(b, name) for name in _BITBOARDS)
    )


def placement_of(board: chess.BaseBoard) -> chess.BaseBoard:
    """A copy of the pieces of ``board`` only (bitboards copied; no FEN round trip)."""
    copy = chess.BaseBoard.empty()
    for name in _BITBOARDS:
        setattr(copy, name, getattr(board, name))
    copy.occupied_co = [board.occupied_co[chess.BLACK], board.occupied_co[chess.WHITE]]
    copy.occupied = board.occupied
    copy.promoted = board.promoted
    return copy


def castling_squares(king: chess.Square, side: Side) -> tuple[chess.Square, chess.Square, chess.Square]:
    """Standard castling by the king on ``king`` towards ``side``: the king's square after it, the
    rook's square before it and after it."""
    rank = chess.square_rank(king)
    if side == "kingside":
        return chess.square(6, rank), chess.square(7, rank), chess.square(5, rank)
    return chess.square(2, rank), chess.square(0, rank), chess.square(3, rank)


def take_off(board: chess.BaseBoard, square: chess.Square, kind: chess.PieceType | None = None) -> None:
    """Take the piece on ``square`` off the board: ``board.remove_piece_at(square)`` on the
    bitboards at once (both colours' bits and the mark of a promoted piece cleared; an empty square
    left as it is). ``kind``: the kind of the piece standing there, when the caller has read it."""
    if kind is None:
        kind = board.piece_type_at(square)
        if kind is None:
            return
    bit = chess.BB_SQUARES[square]
    name = _BITBOARDS[kind - 1]
    setattr(board, name, getattr(board, name) & ~bit)
    colors = board.occupied_co
    colors[chess.WHITE] &= ~bit
    colors[chess.BLACK] &= ~bit
    board.occupied &= ~bit
    board.promoted &= ~bit


def set_down(board: chess.BaseBoard, square: chess.Square, piece: chess.Piece) -> None:
    """Set ``piece`` on the empty ``square``: ``board.set_piece_at(square, piece)`` on the
    bitboards at once (not marked as promoted; a mark the empty square carried stays, as there)."""
    bit = chess.BB_SQUARES[square]
    name = _BITBOARDS[piece.piece_type - 1]
    setattr(board, name, getattr(board, name) | bit)
    board.occupied_co[piece.color] |= bit
    board.occupied |= bit


def carry(board: chess.BaseBoard, origin: chess.Square, target: chess.Square,
          kinds: tuple[chess.PieceType | None, chess.PieceType | None] | None = None) -> None:
    """Move the piece on ``origin`` to ``target``, taking off whatever stood there: what
    ``board.set_piece_at(target, board.remove_piece_at(origin))`` does (the marks of promoted
    pieces on both squares dropped), on the bitboards at once. ``kinds``: the kinds of the pieces
    on ``origin`` and ``target`` (None: none), when the caller has read them.

    :raises ValueError: if no piece stands on ``origin``.
    """
    kind, taken = kinds or (board.piece_type_at(origin), None)
    if kind is None:
        raise ValueError(f"no piece on {chess.square_name(origin)}")
    here, there = chess.BB_SQUARES[origin], chess.BB_SQUARES[target]
    colors = board.occupied_co
    color = bool(colors[chess.WHITE] & here)
    if board.occupied & there and origin != target:
        taken = taken or board.piece_type_at(target)
        assert taken is not None, "an occupied square holds a piece"
        setattr(board, _BITBOARDS[taken - 1], getattr(board, _BITBOARDS[taken - 1]) & ~there)
    name = _BITBOARDS[kind - 1]
    setattr(board, name, getattr(board, name) & ~here | there)
    colors[color] = colors[color] & ~here | there
    colors[not color] &= ~there
    board.occupied = board.occupied & ~here | there
    board.promoted &= ~(here | there)


def changed_mask(a: chess.BaseBoard, b: chess.BaseBoard) -> chess.Bitboard:
    """The squares whose contents differ between two boards, as a bitboard."""
    mask = (a.occupied_co[chess.WHITE] ^ b.occupied_co[chess.WHITE]) | (
        a.occupied_co[chess.BLACK] ^ b.occupied_co[chess.BLACK]
    )
    for name in _BITBOARDS:
        mask |= getattr(a, name) ^ getattr(b, name)
    return mask


def move_between(board: chess.Board, standing: chess.BaseBoard,
                 mask: chess.Bitboard | None = None) -> chess.Move | None:
    """The legal move, if any, that turns the position ``board`` into the pieces ``standing``
    (``mask``: their :func:`changed_mask`, if the caller has it).

    Castling, en passant and promotion included. Only moves from a changed square to a changed
    square are tried (every move changes both), so the cost is a push or two, not one per legal move.
    """
    if mask is None:
        mask = changed_mask(board, standing)
    if not mask & board.occupied_co[board.turn]:
        return None
    for move in board.generate_legal_moves(from_mask=mask & board.occupied_co[board.turn], to_mask=mask):
        if not move.promotion and not board.is_castling(move) and not board.is_en_passant(move):
            # A plain move or capture changes exactly its two squares: its piece leaves one and
            # stands on the other (what the push below would show, without the push).
            if mask == chess.BB_SQUARES[move.from_square] | chess.BB_SQUARES[move.to_square] \
                    and standing.piece_at(move.from_square) is None \
                    and standing.piece_at(move.to_square) == board.piece_at(move.from_square):
                return move
            continue
        board.push(move)
        try:
            if same_placement(board, standing):
                return move
        finally:
            board.pop()
    return None


def castling_begun(board: chess.Board, standing: chess.BaseBoard) -> Side | None:
    """The side towards which the king stands released two squares, rook not yet moved (4.7.2).

    Returns ``kingside``/``queenside`` when the only change from ``board`` is the king of the
    side to move standing two files away on its rank, towards one of its rooks; else None.
    """
    king = board.king(board.turn)
    if king is None:
        return None
    mask = changed_mask(board, standing)
    if chess.popcount(mask) != 2 or not mask & chess.BB_SQUARES[king]:
        return None
    target = chess.msb(mask & ~chess.BB_SQUARES[king])
    if chess.square_rank(target) != chess.square_rank(king):
        return None
    step = chess.square_file(target) - chess.square_file(king)
    if abs(step) != 2 or standing.piece_at(target) != chess.Piece(chess.KING, board.turn):
        return None
    if standing.piece_at(king) is not None:
        return None
    rooks = standing.pieces_mask(chess.ROOK, board.turn) & chess.BB_RANKS[chess.square_rank(king)]
    beyond = [
        sq
        for sq in chess.scan_forward(rooks)
        if (chess.square_file(sq) - chess.square_file(king)) * step > 0
    ]
    if not beyond:
        return None
    return "kingside" if step > 0 else "queenside"


def promotion_under_way(board: chess.Board, standing: chess.BaseBoard) -> chess.Move | None:
    """A legal promotion that the pieces ``standing`` are part way through (4.6), if any.

    The changes must all lie on the pawn's square and the promotion square: the pawn lifted,
    set on the last rank, or removed; the new piece put there; a captured piece removed.
    """
    mask = changed_mask(board, standing)
    if not mask:
        return None
    pawns = board.pieces_mask(chess.PAWN, board.turn)
    for move in board.generate_legal_moves(from_mask=pawns, to_mask=chess.BB_BACKRANKS):
        span = chess.BB_SQUARES[move.from_square] | chess.BB_SQUARES[move.to_square]
        if mask & ~span:
            continue
        on_from = standing.piece_at(move.from_square)
        on_to = standing.piece_at(move.to_square)
        if on_from is not None and on_from != chess.Piece(chess.PAWN, board.turn):
            continue
        if on_to is not None and on_to.color != board.turn and on_to != board.piece_at(move.to_square):
            continue
        return move
    return None


def part_released(board: chess.Board, standing: chess.BaseBoard) -> list[chess.Move]:
    """The legal moves of which the pieces ``standing`` show a part (4.7: "as a legal move or
    part of a legal move"): a pawn of the side to move gone from its square and standing on the
    square where a legal promotion (the pawn not yet exchanged) or an en passant capture (the
    captured pawn still on the board) puts it, the only change. ``[]`` if they show none."""
    mask = changed_mask(board, standing)
    origin_bit = mask & board.pieces_mask(chess.PAWN, board.turn)
    if chess.popcount(mask) != 2 or chess.popcount(origin_bit) != 1 or standing.occupied & origin_bit:
        return []
    target = chess.lsb(mask & ~origin_bit)
    if standing.piece_at(target) != chess.Piece(chess.PAWN, board.turn):
        return []
    return [move for move in board.generate_legal_moves(from_mask=origin_bit, to_mask=chess.BB_SQUARES[target])
            if move.promotion or board.is_en_passant(move)]


def unreplaced_promotion(board: chess.Board, standing: chess.BaseBoard) -> chess.Move | None:
    """The promotion to a queen if ``standing`` is it with the pawn left on the last rank (7.5.2)."""
    pawns = standing.pieces_mask(chess.PAWN, board.turn) & chess.BB_BACKRANKS
    for square in chess.scan_forward(pawns):
        replaced = standing.copy()
        replaced.set_piece_at(square, chess.Piece(chess.QUEEN, board.turn))
        move = move_between(board, replaced)
        if move is not None and move.promotion == chess.QUEEN and move.to_square == square:
            return move
    return None
