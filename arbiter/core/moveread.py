"""A move's text read on a board: UCI or SAN as python-chess reads them, and, where the move is
not legal, the moves the pieces could make that the text names (a pinned piece moved, a king
walking into check, castling out of check, a pawn set on the last rank): what a player may play
and the arbiter rules on."""

from __future__ import annotations

import chess

from arbiter.core.i18n import _
from arbiter.core.errors import InvalidEventError, shown


def parse_move(board: chess.Board, text: str) -> chess.Move:
    """Read SAN or UCI in ``board``; an illegal move is returned if its squares are clear.

    A legal move in SAN or UCI is returned as python-chess reads it. A UCI move that is not
    legal is returned as written (the player may well play it: that is for the arbiter). A SAN
    move that is not legal is matched against the pseudo-legal moves (a pinned piece, a king
    walking into check); if none or several match, it cannot be played and is an error.

    :raises InvalidEventError: if the text names no move that the pieces could make.
    """
    return parse_move_checked(board, text)[0]


def parse_move_checked(board: chess.Board, text: str) -> tuple[chess.Move, bool]:
    """:func:`parse_move`, and whether python-chess read the move as legal (then it is: its
    readers return legal moves only), so that nobody asks python-chess again.

    :raises InvalidEventError: as :func:`parse_move`, and for a null move (``--``, ``0000``, ``Z0``,
        ``@@@@``: python-chess reads them as one, but no piece is moved at a board).
    """
    move, legal = _parse_move_checked(board, text)
    if not move:
        raise InvalidEventError(_("{move} is a null move: it moves no piece at the board").format(move=shown(text)))
    return move, legal


def _parse_move_checked(board: chess.Board, text: str) -> tuple[chess.Move, bool]:
    if not _may_be_uci(text):  # SAN: no exception from the UCI reader on every move
        return _parse_san(board, text)
    try:
        return board.parse_uci(text), True
    except chess.IllegalMoveError:
        move = chess.Move.from_uci(text)
        if board.piece_at(move.from_square) is None:
            square = chess.square_name(move.from_square)
            raise InvalidEventError(_("no piece stands on {square} for {move}").format(
                square=square, move=shown(text))) from None
        return move, False
    except chess.InvalidMoveError:
        pass
    return _parse_san(board, text)


_FILES, _RANKS = frozenset("abcdefgh"), frozenset("12345678")


def _may_be_uci(text: str) -> bool:
    """Whether python-chess's ``Move.from_uci`` could read ``text`` (anything else it refuses)."""
    if text == "0000":
        return True
    if len(text) == 4 and text[1] == "@":
        return True
    return (4 <= len(text) <= 5 and text[0] in _FILES and text[1] in _RANKS and text[2] in _FILES
            and text[3] in _RANKS)


def _parse_san(board: chess.Board, text: str) -> tuple[chess.Move, bool]:
    try:
        return board.parse_san(text), True
    except chess.AmbiguousMoveError:
        raise InvalidEventError(_("ambiguous move {move} in {fen}").format(move=shown(text), fen=board.fen())) from None
    except chess.InvalidMoveError:
        raise InvalidEventError(_("not a move in SAN or UCI: {move}").format(move=shown(text))) from None
    except chess.IllegalMoveError:
        pass
    candidates = pseudo_legal_san(board, text.rstrip("+#!?"))
    if len(candidates) == 1:
        return candidates[0], False
    if candidates:
        raise InvalidEventError(_("ambiguous move {move} in {fen}").format(move=shown(text), fen=board.fen()))
    raise InvalidEventError(_("no piece can play {move} in {fen}").format(move=shown(text), fen=board.fen()))


def pseudo_legal_san(board: chess.Board, san: str) -> list[chess.Move]:
    """The moves SAN names when the rules of check are set aside (a pinned piece, a king walking
    into check, castling out of check), and a pawn moved to the last rank with no piece named."""
    king = board.king(board.turn)
    if san in ("O-O", "0-0", "O-O-O", "0-0-0"):
        if king is None:
            return []
        step = 2 if len(san) == 3 else -2
        target = king + step
        on_the_rank = 0 <= target < 64 and chess.square_rank(target) == chess.square_rank(king)
        return [chess.Move(king, target)] if on_the_rank else []
    match = chess.SAN_REGEX.match(san)
    if match is None:
        return []
    return matching_moves(
        board,
        chess.PIECE_SYMBOLS.index(match.group(1).lower()) if match.group(1) else chess.PAWN,
        chess.parse_square(match.group(4)),
        chess.FILE_NAMES.index(match.group(2)) if match.group(2) else None,
        int(match.group(3)) - 1 if match.group(3) else None,
        chess.PIECE_SYMBOLS.index(match.group(5)[-1].lower()) if match.group(5) else None,
        legal=False,
    )


def matching_moves(board: chess.Board, piece: chess.PieceType, to: chess.Square, from_file: int | None = None,
                   from_rank: int | None = None, promotion: chess.PieceType | None = None,
                   legal: bool = True) -> list[chess.Move]:
    """The moves (not castling) of a ``piece`` of the side to move to ``to``, from the file and
    rank given if any, promoting to ``promotion``: what a SAN names, in any language.

    A pawn named without its file moves along its file, as in SAN. With ``legal=False`` the rules
    of check are set aside (the moves the pieces could make) and a pawn moved to the last rank with
    no piece named is the pawn set there as it is (7.5.2).
    """
    from_mask = board.pieces_mask(piece, board.turn)
    if from_file is not None:
        from_mask &= chess.BB_FILES[from_file]
    elif piece == chess.PAWN:
        from_mask &= chess.BB_FILES[chess.square_file(to)]
    if from_rank is not None:
        from_mask &= chess.BB_RANKS[from_rank]
    generate = board.generate_legal_moves if legal else board.generate_pseudo_legal_moves
    found: list[chess.Move] = []
    for move in generate(from_mask, chess.BB_SQUARES[to]):
        if board.is_castling(move):
            continue
        if move.promotion != promotion:
            if legal or promotion is not None:
                continue
            move = chess.Move(move.from_square, move.to_square)  # the pawn set on the last rank as it is
        if move not in found:
            found.append(move)
    return found
