"""The legal-move core: a thin layer over :class:`chess.Board`, with nothing of hands in it.

It answers what the Laws of Article 3 decide (which moves are legal, which piece can be
captured) and keeps the game's history of positions for the repetition rules. It also holds the
board as it physically stands (:attr:`Position.standing`), which may differ from every legal
position: a piece in the air, a capture half done, an illegal move completed and not corrected.
Which legal move a given arrangement of pieces shows is :mod:`arbiter.core.arrangement`.

About 460 lines, on purpose: :class:`Position` keeps the compiled core's board up with its own
(issue 36), and every question it answers on the core (a move read, pushed and written, whether a
piece can move, which move the pieces show, mate and stalemate) sits beside the python-chess
answer it must equal; split, each half would reach into the other's board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

import chess

from arbiter.core.arrangement import Side, changed_mask, move_between, placement_of, same_placement
from arbiter.core.errors import InvalidPositionError, shown
from arbiter.core.fenfaults import fen_fault
from arbiter.core.i18n import N_, _
from arbiter.core.legalcore import (fast_board, fast_can_capture, fast_can_move, fast_check, fast_is_legal,
                                    fast_is_stuck, fast_move, fast_push, is_compiled_available, mirror_push)
from arbiter.core.records import Record

#: What is wrong with a position, in python-chess's words (``chess.Status``, lower case), marked
#: for the catalogue.
_STATUS_WORDS = (
    N_("no white king"),
    N_("no black king"),
    N_("too many kings"),
    N_("too many white pawns"),
    N_("too many black pawns"),
    N_("pawns on backrank"),
    N_("too many white pieces"),
    N_("too many black pieces"),
    N_("bad castling rights"),
    N_("invalid ep square"),
    N_("opposite check"),
    N_("empty"),
    N_("race check"),
    N_("race over"),
    N_("race material"),
    N_("too many checkers"),
    N_("impossible check"),
)

PIECE_LETTERS = "KQRBNP"

#: SAN's piece letters by piece type, from python-chess's symbols (none for a pawn).
_SAN_LETTERS = tuple("" if symbol in (None, "p") else symbol.upper() for symbol in chess.PIECE_SYMBOLS)


def _plain_san(board: chess.Board, move: chess.Move, piece: chess.PieceType | None = None,
               before: Any = None) -> str | None:
    """The SAN of the legal ``move`` of ``board`` without its check sign, as python-chess writes it,
    where no legal-move generation is needed: None for a move another piece of the kind might make
    too (python-chess then disambiguates) unless ``before``, the compiled core's board of
    ``board``'s position, says which of them may, a drop, a null move or a variant's board
    (Chess960's castling among them). ``piece``: the kind of the piece moved, when the caller
    knows it."""
    from_square, to_square = move.from_square, move.to_square
    if piece is None:
        piece = board.piece_type_at(from_square)
    if type(board) is not chess.Board or piece is None or move.drop or from_square == to_square:  # a null move too
        return None
    if piece == chess.PAWN:
        if (from_square ^ to_square) & 7:  # a legal pawn move changes its file only by capturing (en passant too)
            san = chess.FILE_NAMES[from_square & 7] + "x" + chess.SQUARE_NAMES[to_square]
        else:
            san = chess.SQUARE_NAMES[to_square]
        return san + "=" + _SAN_LETTERS[move.promotion] if move.promotion else san
    turn = board.turn
    if piece == chess.KING and board.is_castling(move):  # python-chess's words, by the files
        return None if board.chess960 else "O-O-O" if to_square & 7 < from_square & 7 else "O-O"
    letter = _SAN_LETTERS[piece]
    others = _attackers_of_kind(board, piece, turn, to_square) & ~chess.BB_SQUARES[from_square]
    if others:  # another piece of the kind may go there: disambiguated
        if before is None or piece == chess.KING:
            return None
        legal = _legal_origins(before, others, to_square)
        if legal is None:
            return None
        letter += _disambiguation(from_square, legal)
    if board.occupied_co[not turn] & chess.BB_SQUARES[to_square]:
        return letter + "x" + chess.SQUARE_NAMES[to_square]
    return letter + chess.SQUARE_NAMES[to_square]


def _legal_origins(before: Any, origins: int, target: chess.Square) -> int | None:
    """Which of the squares ``origins`` (pieces of the side to move, no pawns nor king) hold a
    piece whose move to ``target`` is legal on the compiled board ``before``: the core asked as
    python-chess's ``generate_legal_moves(from_mask, to_mask)`` would answer; None if it cannot say."""
    legal = 0
    for origin in chess.scan_forward(origins):
        answer = fast_is_legal(before, chess.Move(origin, target))
        if answer is None:
            return None
        if answer:
            legal |= chess.BB_SQUARES[origin]
    return legal


def _disambiguation(origin: chess.Square, others: int) -> str:
    """What SAN writes after the piece's letter to tell its move from the legal moves of the pieces
    ``others`` of the kind to the same square, by python-chess's rule: the file where it tells
    them apart, else the rank, else both (nothing where no other may go there)."""
    if not others:
        return ""
    column = bool(others & chess.BB_RANKS[origin >> 3])
    row = bool(others & chess.BB_FILES[origin & 7])
    return (chess.FILE_NAMES[origin & 7] if column or not row else "") + (chess.RANK_NAMES[origin >> 3] if row else "")


def san_of(board: chess.Board, move: chess.Move, after: Any, piece: chess.PieceType | None = None,
           before: Any = None) -> str:
    """The SAN of the legal ``move`` of ``board``, not made: :func:`san_and_push`'s text.
    ``after``: the compiled core's board after the move, which says whether it checks or mates;
    ``before``: the core's board of ``board``'s position, which says which other pieces of the
    kind may go to the same square; ``piece``: the kind of the piece moved, when the caller knows it."""
    san = _plain_san(board, move, piece, before)
    check = fast_check(after) if san is not None else None
    return san + check if san is not None and check is not None else board.san(move)


def san_and_push(board: chess.Board, move: chess.Move, after: Any = None) -> str:
    """Push the legal ``move`` and return its SAN: python-chess's ``Board.san_and_push``, the same
    text, without the legal-move generation it runs for every piece move to look for another
    piece of the kind going to the same square. Where another such piece attacks that square, or
    the move castles, python-chess writes it. ``after``: the compiled core's board after the move
    (:mod:`arbiter.core.legalcore`), which then says whether it checks or mates."""
    san = _plain_san(board, move)
    if san is None:
        return board.san_and_push(move)
    board.push(move)
    if after is not None:
        check = fast_check(after)
        if check is not None:
            return san + check
    if board.is_check():
        return san + ("#" if board.is_checkmate() else "+")
    return san


def _attackers_of_kind(board: chess.Board, piece: chess.PieceType, color: chess.Color, square: chess.Square) -> int:
    """``board.pieces_mask(piece, color) & board.attackers_mask(color, square)`` for a piece that is
    no pawn, asking only that kind's lines (python-chess's ``attackers_mask`` asks every kind's)."""
    ours = board.occupied_co[color]
    if piece == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square] & board.knights & ours
    if piece == chess.KING:
        return chess.BB_KING_ATTACKS[square] & board.kings & ours
    occupied = board.occupied
    attackers = 0
    if piece == chess.BISHOP or piece == chess.QUEEN:
        attackers = chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
    if piece == chess.ROOK or piece == chess.QUEEN:
        attackers |= (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
                      | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied])
    return attackers & board.pieces_mask(piece, color)


def position_key(board: chess.Board, is_clean: bool = False) -> Hashable:
    """The key under which 9.2.3 counts a position as the same.

    Same side to move, same pieces on the same squares, same castling rights, and an en
    passant square only when an en passant capture is legal (DECISIONS 13). ``is_clean``: the
    board's castling rights are known to be python-chess's clean ones, and are taken as they are:
    so after python-chess's ``push`` (which cleans them before it moves) and after
    :func:`~arbiter.core.legalcore.mirror_push` of a legal move from a valid position.
    """
    ep = board.ep_square if board.ep_square is not None and board.has_legal_en_passant() else None
    return (
        board.occupied_co[chess.WHITE],
        board.occupied_co[chess.BLACK],
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.turn,
        board.castling_rights if is_clean else board.clean_castling_rights(),
        ep,
    )


def _set_position(mirror: chess.Board, board: chess.Board) -> None:
    """Make ``mirror`` (a board without history) hold ``board``'s position in place, as python-chess's
    push and pop change a board: its pieces, side to move, castling rights (cleaned, as python-chess's
    push leaves them), en passant square and counters. Of python-chess's marks of promoted pieces
    only a king's is kept, the one mark python-chess answers by (such a king is no king to it; a
    FEN alone marks one, and the core then holds no board, so no move is mirrored); the others
    :func:`~arbiter.core.legalcore.mirror_push` keeps none of."""
    mirror.pawns, mirror.knights, mirror.bishops = board.pawns, board.knights, board.bishops
    mirror.rooks, mirror.queens, mirror.kings = board.rooks, board.queens, board.kings
    mirror.occupied_co[chess.WHITE] = board.occupied_co[chess.WHITE]
    mirror.occupied_co[chess.BLACK] = board.occupied_co[chess.BLACK]
    mirror.occupied, mirror.promoted = board.occupied, board.promoted & board.kings
    mirror.turn, mirror.castling_rights = board.turn, board.clean_castling_rights()
    mirror.ep_square, mirror.halfmove_clock, mirror.fullmove_number = (board.ep_square, board.halfmove_clock,
                                                                      board.fullmove_number)


#: What makes a position one the game cannot be played on: a king missing or one too many, the
#: side not to move in check (its king could be taken).
_UNPLAYABLE = (chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING | chess.STATUS_TOO_MANY_KINGS
               | chess.STATUS_OPPOSITE_CHECK)


def is_king_left_in_check(board: chess.Board) -> bool:
    """Whether the board's only fault is that the side not to move is in check (a king left in
    check by the move just made): the player having the move can still claim, or reply."""
    return board.status() & (_UNPLAYABLE | chess.STATUS_PAWNS_ON_BACKRANK) == chess.STATUS_OPPOSITE_CHECK


def is_illegal_position(board: chess.Board, pawn_on_last_rank: bool = False) -> bool:
    """Whether ``board`` cannot be played on (a king missing or one too many, the side not to move
    in check); with ``pawn_on_last_rank``, also a pawn standing on its last rank (A.5.4's cases)."""
    flags = _UNPLAYABLE | (chess.STATUS_PAWNS_ON_BACKRANK if pawn_on_last_rank else chess.STATUS_VALID)
    return bool(board.status() & flags)


def legal_moves_of(board: chess.Board, square: chess.Square) -> list[chess.Move]:
    """The legal moves of the piece on ``square`` (castling counts as a king move)."""
    return list(board.generate_legal_moves(from_mask=chess.BB_SQUARES[square]))


def can_move(board: chess.Board, square: chess.Square) -> bool:
    """Whether the piece on ``square`` has a legal move."""
    return any(board.generate_legal_moves(from_mask=chess.BB_SQUARES[square]))


def captured_square(board: chess.Board, move: chess.Move) -> chess.Square | None:
    """The square of the piece ``move`` captures (the passed pawn's square for en passant)."""
    if board.is_en_passant(move):
        return move.to_square + (-8 if board.turn == chess.WHITE else 8)
    if board.piece_at(move.to_square) is not None and not board.is_castling(move):
        return move.to_square
    return None


def captures_of(
    board: chess.Board, square: chess.Square, by: chess.Square | None = None
) -> list[chess.Move]:
    """The legal moves that capture the piece on ``square`` (by the piece on ``by`` if given)."""
    from_mask = chess.BB_ALL if by is None else chess.BB_SQUARES[by]
    moves = list(board.generate_legal_captures(from_mask=from_mask))
    return [move for move in moves if captured_square(board, move) == square]


def can_be_captured(board: chess.Board, square: chess.Square, by: chess.Square | None = None) -> bool:
    """Whether the piece on ``square`` can be captured now (by the piece on ``by`` if given)."""
    return bool(captures_of(board, square, by))


def castling_move(board: chess.Board, side: Side) -> chess.Move | None:
    """The legal castling move on ``side`` (``kingside``/``queenside``), if castling is legal."""
    for move in board.generate_castling_moves():
        if castling_side(board, move) == side:
            return move
    return None


def castling_side(board: chess.Board, move: chess.Move) -> Side | None:
    """``kingside`` or ``queenside`` if ``move`` is castling, else None."""
    if not board.is_castling(move):
        return None
    return "kingside" if board.is_kingside_castling(move) else "queenside"


class _Break(Record):
    """A point where the game went on from the board as it stood, not from a legal move."""

    __slots__ = ("before",)
    before: chess.Board

    def __init__(self, before: chess.Board) -> None:
        object.__setattr__(self, "before", before)


def _fast_is_legal(core: Any, board: chess.Board, move: chess.Move) -> bool | None:
    """:func:`~arbiter.core.legalcore.fast_is_legal` in the shape :meth:`Position._asked` calls."""
    return fast_is_legal(core, move)


class Position:
    """The game: the legal position, its history, and the pieces as they physically stand.

    :attr:`board` is the position the game goes on from. Moves are pushed only through
    :meth:`push`, which checks their legality. :attr:`standing` is the physical board; the
    layers above move pieces on it and compare it with :attr:`board`.
    """

    def __init__(self, board: chess.Board | None = None) -> None:
        self._board: chess.Board = board.copy() if board is not None else chess.Board()
        #: The moves made on the compiled core that python-chess's board has not been given yet
        #: (:attr:`board` gives them when it is read).
        self._behind: list[chess.Move] = []
        self._compiled = is_compiled_available()
        #: The present position without its moves (no move stack): :attr:`now`, one board for the
        #: game's life, changed in place by every move made or taken back (the core's moves by
        #: :func:`~arbiter.core.legalcore.mirror_push`); None where python-chess's board is :attr:`now`
        #: (no compiled core, Chess960, a variant's board).
        self._mirror: chess.Board | None = None
        if self._compiled and type(self._board) is chess.Board and not self._board.chess960:
            self._mirror = chess.Board(None)
            _set_position(self._mirror, self._board)
        #: The pieces standing on the board now (no turn, no rights: placement only).
        self.standing: chess.BaseBoard = placement_of(self._board)
        self._history: list[chess.Move | _Break] = []
        self._keys: list[Hashable] = [position_key(self._board)]
        #: How many times each position (by :func:`position_key`) has occurred.
        self.occurrences: dict[Hashable, int] = {self._keys[0]: 1}
        #: One more at every change of :attr:`board` (a move, a break, a move taken back): a move
        #: found legal at one version is legal while the version stays.
        self.version = 0
        #: The compiled core's board of the present position (issue 36), kept up with each move;
        #: None where it is made when first asked (at the start, after a break or a move taken back).
        self._fast: Any = None
        #: The last move the core read (:meth:`legal_move_named`): the version, python-chess's move, the core's.
        self._named: tuple[int, chess.Move | None, Any] = (-1, None, None)

    def copy(self) -> Position:
        """An independent copy: the position, its history and its counts, the pieces standing."""
        twin = Position.__new__(Position)
        twin._board = self._board.copy()
        twin._behind = list(self._behind)
        twin._mirror = self._mirror.copy(stack=False) if self._mirror is not None else None
        twin.standing = self.standing.copy()
        twin._history = list(self._history)
        twin._keys = list(self._keys)
        twin.occurrences = dict(self.occurrences)
        twin.version = self.version
        twin._fast, twin._compiled = self._fast, self._compiled  # the core's board is never changed in place
        twin._named = self._named
        return twin

    @classmethod
    def from_start(cls, fen: str | None, moves: list[str]) -> Position:
        """The position after ``moves`` (SAN or UCI) from ``fen`` (default: the initial position).

        :raises InvalidPositionError: if the FEN is not a legal position or a move is illegal.
        """
        try:
            board = chess.Board(fen) if fen else chess.Board()
        except ValueError as err:
            raise InvalidPositionError(_("bad FEN {fen}: {error}").format(
                fen=shown(fen), error=fen_fault(err))) from None
        status = board.status()
        if status != chess.STATUS_VALID:
            reasons = [str(flag.name).lower().replace("_", " ") for flag in chess.Status if flag and flag in status]
            raise InvalidPositionError(_("illegal start position {fen}: {reasons}").format(
                fen=shown(fen), reasons=", ".join(_(reason) for reason in reasons)))
        position = cls(board)
        for number, text in enumerate(moves, start=1):
            try:
                move = position.board.parse_san(text)
            except (chess.InvalidMoveError, chess.IllegalMoveError, chess.AmbiguousMoveError):
                try:
                    move = position.board.parse_uci(text)
                except (chess.InvalidMoveError, chess.IllegalMoveError):
                    raise InvalidPositionError(_("start move {number} {move} is not legal in {fen}").format(
                        number=number, move=shown(text), fen=position.board.fen()), number) from None
            position.push(move)
        position.restore_standing()
        return position

    @property
    def board(self) -> chess.Board:
        """The position the game goes on from, with the moves that led to it (python-chess's board
        and its move stack): the moves the compiled core made since it was last read are given to
        it now. A question on the present position alone asks :attr:`now`, which costs nothing."""
        if self._behind:
            self._catch_up()
        return self._board

    @board.setter
    def board(self, board: chess.Board) -> None:
        self._board, self._behind = board, []
        if self._mirror is not None:
            _set_position(self._mirror, board)

    @property
    def now(self) -> chess.Board:
        """The present position (the pieces, the side to move, the rights, the counters), for
        questions on it alone: with the compiled core, a board without the game's moves (no move
        stack to read, nothing to take back of the game's), the same board for the game's life,
        changed in place as python-chess's own is by each move made or taken back; else
        python-chess's board itself. Not to be changed, but by a move made and taken back at once."""
        mirror = self._mirror
        return mirror if mirror is not None else self._board

    def holds(self, board: chess.Board) -> bool:
        """Whether ``board`` is this game's present position (:attr:`now` or :attr:`board`), not a copy."""
        return board is self._mirror or (board is self._board and not self._behind)

    def _catch_up(self) -> None:
        """Give python-chess's board the moves the core made (python-chess's push, each legal), and
        let the history keep python-chess's copy of each (one Move a ply, not two)."""
        board, behind, history = self._board, self._behind, self._history
        start = len(history) - len(behind)
        for offset, move in enumerate(behind):
            board.push(move)
            history[start + offset] = board.move_stack[-1]
        self._behind = []

    @property
    def turn(self) -> chess.Color:
        """The side to move in the legal position."""
        return self.now.turn

    def fen(self) -> str:
        """The position's FEN, the en passant square written only if the capture is legal."""
        return self.now.fen()

    def is_standing_as_position(self) -> bool:
        """Whether the pieces on the board stand exactly as in the position."""
        return same_placement(self.now, self.standing)

    def restore_standing(self) -> None:
        """Set the pieces on the board back to the position."""
        self.standing = placement_of(self.now)

    def push(self, move: chess.Move, legal: bool = False,
             kinds: tuple[chess.PieceType | None, chess.PieceType | None] | None = None) -> str:
        """Play a legal move in the position (the pieces standing are not touched); its SAN.
        ``legal``: the caller has the move from python-chess's legal moves of this position (its
        readers or generators), so it is not checked again. ``kinds``: the kinds of the piece
        moved and of the one on the target square (None: none), when the caller has read them.

        :raises ValueError: if the move is not legal; no unchecked move reaches the board.
        """
        if not legal and not self.now.is_legal(move):
            raise ValueError(f"illegal move {move.uci()!r} in {self.now.fen()}")
        before = self._fast
        if before is not None:
            named = self._named  # the core's own move, when it read this one (not made from UCI again)
            self._fast = fast_push(before, named[2] if named[0] == self.version and named[1] is move else move)
        after, mirror = self._fast, self._mirror
        if after is not None and mirror is not None:
            # python-chess's board is given the move when it is read (issue 36): its push, with the
            # state it keeps to take the move back, cost more than the rest of the move's work.
            piece, taken = kinds or (mirror.piece_type_at(move.from_square), mirror.piece_type_at(move.to_square))
            san = san_of(mirror, move, after, piece, before)
            mirror_push(mirror, after, move, piece, taken)
            self._behind.append(move)
            self._history.append(move)
            self.version += 1
            self._count(position_key(mirror, is_clean=True))
            return san
        board = self.board
        san = san_and_push(board, move, after)
        if mirror is not None:
            _set_position(mirror, board)
        self.version += 1
        self._history.append(board.move_stack[-1])  # the board's copy: one Move kept per ply, not two
        self._count(position_key(board, is_clean=True))
        return san

    def push_null(self) -> None:
        """Pass the move to the other side without a move (a clock pressed with no move)."""
        self.board.push(chess.Move.null())
        if self._mirror is not None:
            _set_position(self._mirror, self._board)
        self.version += 1
        self._fast = None
        self._history.append(chess.Move.null())
        self._count(position_key(self.board, is_clean=True))

    def go_on_from_standing(self, turn: chess.Color, made: chess.Move | None = None) -> None:
        """Continue the game from the pieces as they stand, ``turn`` to move.

        Used when an illegal move stands (no one corrected it), or a move ``made`` whose piece was
        then carried on (4.7): the result may be a position python-chess calls invalid, and it
        must still be playable. With ``made`` (a legal move of the position), the castling rights
        and the fifty-move count are those that move leaves: it is the move the game counts.
        """
        before = self.board
        board = chess.Board(None)
        board.set_board_fen(self.standing.board_fen())
        board.turn = turn
        board.fullmove_number = before.fullmove_number + (1 if turn == chess.WHITE else 0)
        if made is not None:
            counted = before.copy(stack=False)
            counted.push(made)
            board.castling_rights = counted.castling_rights
            board.halfmove_clock = counted.halfmove_clock
        else:
            board.castling_rights = before.castling_rights
            # The move counts for the fifty-move rule (9.3) like any other: reset by a capture or a
            # pawn's move, else one more.
            mover = not turn
            captured = chess.popcount(board.occupied) < chess.popcount(before.occupied)
            pawn_moved = board.pieces_mask(chess.PAWN, mover) != before.pieces_mask(chess.PAWN, mover)
            board.halfmove_clock = 0 if captured or pawn_moved else before.halfmove_clock + 1
        board.castling_rights = board.clean_castling_rights()
        self.board = board
        self.version += 1
        self._fast = None
        self._history.append(_Break(before))
        self._count(position_key(self.board, is_clean=True))

    def pop(self) -> chess.Move | None:
        """Take back the last move (or return to before the last break); the move, or None."""
        board = self.board  # python-chess's, given the core's moves: it takes the move back
        entry = self._history.pop()
        key = self._keys.pop()
        self.version += 1
        self._fast = None
        self.occurrences[key] -= 1
        if isinstance(entry, _Break):
            self.board = entry.before.copy()  # a copy of the game (copy()) shares the history's entries
            return None
        board.pop()
        if self._mirror is not None:
            _set_position(self._mirror, board)
        return entry

    @property
    def depth(self) -> int:
        """How many moves (and breaks) the history holds since the start."""
        return len(self._history)

    def pop_to(self, depth: int) -> None:
        """Take back everything after the first ``depth`` entries of the history."""
        while len(self._history) > depth:
            self.pop()

    def last_move(self) -> chess.Move | None:
        """The last move pushed, or None (at the start, or after a break)."""
        if not self._history or isinstance(self._history[-1], _Break):
            return None
        return self._history[-1]

    def _core(self) -> Any:
        """The compiled core's board of the present position, or None (no compiled core, or a
        position it cannot hold: python-chess answers then)."""
        if not self._compiled:
            return None
        if self._fast is None:  # python-chess's board is never behind then (its marks of promoted kings kept)
            self._fast = fast_board(self._board)
        return self._fast

    def has_legal_move(self) -> bool:
        """Whether the side to move has a legal move (none: mate or stalemate)."""
        core = self._core()
        stuck = fast_is_stuck(core) if core is not None else None
        if stuck is None:
            return any(self.board.generate_legal_moves())
        return not stuck

    def can_move(self, square: chess.Square) -> bool:
        """Whether the piece on ``square`` has a legal move (:func:`can_move`), asked of the
        compiled core where there is one (:func:`~arbiter.core.legalcore.fast_can_move`)."""
        return self._asked(fast_can_move, can_move, square)

    def can_capture(self, square: chess.Square, by: chess.Square | None = None) -> bool:
        """Whether the piece on ``square`` can be captured now, by the piece on ``by`` if given
        (:func:`can_be_captured`), asked of the compiled core where there is one
        (:func:`~arbiter.core.legalcore.fast_can_capture`)."""
        return self._asked(fast_can_capture, can_be_captured, square, by)

    def _asked(self, fast: Callable[..., bool | None], slow: Callable[..., bool], *args: Any) -> bool:
        """``fast(core, board, *args)``'s answer where the compiled core gives one (not Chess960),
        else python-chess's ``slow(board, *args)``."""
        board = self.now
        core = self._core() if not board.chess960 else None
        answer = fast(core, board, *args) if core is not None else None
        return slow(board, *args) if answer is None else answer

    def move_shown(self) -> chess.Move | None:
        """The legal move, if any, that the pieces standing show (:func:`move_between`): a piece of
        the side to move gone from one square and standing on another (moved, capturing,
        promoted), the only change, asked of the compiled core; any other change of python-chess
        (castling, en passant, a king two squares over, several pieces moved)."""
        board, standing = self.now, self.standing
        mask = changed_mask(board, standing)
        origin_bit = mask & board.occupied_co[board.turn]
        one_piece = chess.popcount(mask) == 2 and chess.popcount(origin_bit) == 1 and not board.chess960
        core = self._core() if one_piece else None
        if core is None:
            return move_between(board, standing, mask)
        target_bit = mask & ~origin_bit
        if standing.occupied & origin_bit or not standing.occupied_co[board.turn] & target_bit:
            return None  # no legal move leaves its square empty and puts no piece of its side on the other
        origin, target = chess.lsb(origin_bit), chess.lsb(target_bit)
        moved, shown = board.piece_type_at(origin), standing.piece_type_at(target)
        castling = moved == chess.KING and abs((origin & 7) - (target & 7)) == 2
        en_passant = moved == chess.PAWN and (origin ^ target) & 7 and not board.occupied & target_bit
        if castling or en_passant:
            return move_between(board, standing, mask)  # castling or en passant half made: python-chess's to say
        promotion = shown if shown != moved else None
        if promotion is not None and (moved != chess.PAWN or promotion in (chess.PAWN, chess.KING)):
            return None
        move = chess.Move(origin, target, promotion)
        legal = fast_is_legal(core, move)
        if legal is None:
            return move_between(board, standing, mask)
        return move if legal else None

    def is_legal(self, move: chess.Move) -> bool:
        """Whether ``move`` is legal in the present position, asked of the compiled core where
        there is one (:meth:`_asked`: not Chess960, whose castling rights the core reads as
        standard chess's)."""
        return self._asked(_fast_is_legal, chess.Board.is_legal, move)

    def legal_move_named(self, text: str) -> chess.Move | None:
        """The legal move the SAN or UCI text names, read by the compiled core (None: it reads
        none, or there is no compiled core; python-chess's readers then say why)."""
        core = self._core()
        found = fast_move(core, text) if core is not None else None
        if found is None:
            return None
        self._named = (self.version, found[1], found[0])
        return found[1]

    def repetitions(self) -> int:
        """How many times the present position has occurred."""
        return self.occurrences[self._keys[-1]]

    def occurrence_plies(self) -> list[int]:
        """Where in the history the present position occurred: the entries' indices, in order
        (0: the start; a move or a break is one entry)."""
        key = self._keys[-1]
        return [index for index, seen in enumerate(self._keys) if seen == key]

    def moves(self) -> Iterator[chess.Move]:
        """The moves played since the start, in order (breaks left out)."""
        return (entry for entry in self._history if isinstance(entry, chess.Move))

    def _count(self, key: Hashable) -> None:
        self._keys.append(key)
        self.occurrences[key] = self.occurrences.get(key, 0) + 1
