"""Touch-move: what the touches of a turn bind the player to (Articles 4.3 to 4.7).

Pure functions of the legal position and the turn's facts, in the order they happened. The
facts are the deliberate touches (:class:`Touch`), the king released two squares
(:class:`KingReleased`, 4.7.2), a new piece set on the promotion square (:class:`PiecePut`,
4.4.4), a piece released as a legal move then taken up again (:class:`Released`, 4.7) and a pawn
released as part of a promotion or an en passant capture (:class:`PartReleased`, 4.7).
"""

from __future__ import annotations

from typing import Literal

import chess

from arbiter.core.arrangement import Side
from arbiter.core.position import (
    Position,
    can_be_captured,
    can_move,
    captured_square,
    castling_move,
    castling_side,
)
from arbiter.core.records import Record

Must = Literal["move", "capture", "castle", "king", "promote", "play", "any"]


class Touch(Record):
    """A deliberate touch of the piece on ``square``; touches sharing ``instant`` were simultaneous."""

    __slots__ = ("square", "piece", "instant")
    square: chess.Square
    piece: chess.Piece
    instant: int

    def __init__(self, square: chess.Square, piece: chess.Piece, instant: int) -> None:
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "piece", piece)
        object.__setattr__(self, "instant", instant)


class KingReleased(Record):
    """The king was released two squares towards the rook on ``side`` (4.7.2)."""

    __slots__ = ("side",)
    side: Side

    def __init__(self, side: Side) -> None:
        object.__setattr__(self, "side", side)


class PiecePut(Record):
    """A new ``piece`` was set on the promotion ``square`` (4.4.4)."""

    __slots__ = ("piece", "square")
    piece: chess.PieceType
    square: chess.Square

    def __init__(self, piece: chess.PieceType, square: chess.Square) -> None:
        object.__setattr__(self, "piece", piece)
        object.__setattr__(self, "square", square)


class Released(Record):
    """``move`` was made (a piece released as a legal move) and then taken up again (4.7)."""

    __slots__ = ("move",)
    move: chess.Move

    def __init__(self, move: chess.Move) -> None:
        object.__setattr__(self, "move", move)


class PartReleased(Record):
    """The pawn from ``origin`` was released on ``target`` as part of a legal move not yet made: a
    promotion before the pawn is exchanged, an en passant capture before the captured pawn is off
    (4.7: "as a legal move or part of a legal move"); it may not go to another square this move."""

    __slots__ = ("origin", "target")
    origin: chess.Square
    target: chess.Square

    def __init__(self, origin: chess.Square, target: chess.Square) -> None:
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "target", target)


class Declared(Record):
    """``move`` was written and declared for a draw claim found incorrect: it must be played;
    if it is illegal, another move of the same piece (9.5.3, Manual)."""

    __slots__ = ("move", "legal")
    move: chess.Move
    legal: bool

    def __init__(self, move: chess.Move, legal: bool) -> None:
        object.__setattr__(self, "move", move)
        object.__setattr__(self, "legal", legal)


Fact = Touch | KingReleased | PiecePut | Released | PartReleased | Declared


class Obligation(Record):
    """What touch-move binds the player to; ``must == "any"`` when nothing binds (4.5)."""

    __slots__ = ("must", "article", "square", "with_", "side", "piece", "move", "barred_side", "from_square")
    # from_square only narrows which pawn keeps the obligation: it has never been part of what
    # makes two obligations the same.
    _not_compared = ("from_square",)
    must: Must
    article: str | None
    square: chess.Square | None
    with_: chess.Square | None
    side: Side | None
    piece: chess.PieceType | None
    move: chess.Move | None
    #: 4.4.2: castling on this side is barred for this move.
    barred_side: Side | None
    #: 4.4.4 with the pawn touched: the promotion must be made by this pawn (not compared).
    from_square: chess.Square | None

    def __init__(
        self,
        must: Must,
        article: str | None = None,
        square: chess.Square | None = None,
        with_: chess.Square | None = None,
        side: Side | None = None,
        piece: chess.PieceType | None = None,
        move: chess.Move | None = None,
        barred_side: Side | None = None,
        from_square: chess.Square | None = None,
    ) -> None:
        object.__setattr__(self, "must", must)
        object.__setattr__(self, "article", article)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "with_", with_)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "piece", piece)
        object.__setattr__(self, "move", move)
        object.__setattr__(self, "barred_side", barred_side)
        object.__setattr__(self, "from_square", from_square)

    def fields(self) -> dict[str, str]:
        """The obligation's fields as an ``obligation`` ruling writes them (FORMAT §3)."""
        fields: dict[str, str] = {"must": self.must}
        if self.square is not None and self.must != "king":
            fields["square"] = chess.square_name(self.square)
        if self.with_ is not None:
            fields["with"] = chess.square_name(self.with_)
        if self.side is not None:
            fields["side"] = self.side
        if self.piece is not None:
            fields["piece"] = chess.piece_symbol(self.piece).upper()
        if self.move is not None:
            fields["move"] = self.move.uci()
        return fields

    def allows(self, board: chess.Board, move: chess.Move) -> bool:
        """Whether the legal ``move`` in ``board`` keeps this obligation."""
        side = castling_side(board, move)
        if side is not None and side == self.barred_side:
            return False
        if self.must == "any":
            return True
        if self.must == "move":
            return move.from_square == self.square and not (
                side is not None and board.piece_type_at(self.square) == chess.ROOK
            )
        if self.must == "capture":
            return captured_square(board, move) == self.square and (
                self.with_ is None or move.from_square == self.with_
            )
        if self.must == "castle":
            return side == self.side
        if self.must == "king":
            return move.from_square == board.king(board.turn)
        if self.must == "promote":  # without a piece: any promotion there (4.7, the pawn released on the square)
            return (
                move.to_square == self.square
                and (move.promotion == self.piece if self.piece is not None else move.promotion is not None)
                and (self.from_square is None or move.from_square == self.from_square)
            )
        return move == self.move  # "play"


FREE = Obligation("any")
#: None of the pieces touched can be moved or captured (4.5).
NOTHING_MOVABLE = Obligation("any", "4.5")
#: "Touched and must move it" (4.3.1), one per square: made once, not at every touch.
_MUST_MOVE = tuple(Obligation("move", "4.3.1", square=square) for square in chess.SQUARES)


def must_move(square: chess.Square) -> Obligation:
    """The obligation of 4.3.1: the player touched his piece on ``square``, which can move."""
    return _MUST_MOVE[square]


_MUST_CAPTURE: dict[tuple[chess.Square, chess.Square], Obligation] = {}


def must_capture(square: chess.Square, with_: chess.Square) -> Obligation:
    """The obligation of 4.3.3: the player touched his piece on ``with_`` and then the opponent's
    on ``square``, which it can capture (each made once, as :func:`must_move`'s)."""
    ob = _MUST_CAPTURE.get((square, with_))
    if ob is None:
        ob = _MUST_CAPTURE[(square, with_)] = Obligation("capture", "4.3.3", square=square, with_=with_)
    return ob


def first_released(facts: list[Fact]) -> chess.Move | None:
    """The move made this turn, if one was: the first piece released as a legal move (4.7).

    Only the first counts: a move the pieces show after it was carried on is a breach, not a
    move made, so a second release cannot bind the player to it.
    """
    for fact in facts:  # a loop, not next() over a generator: asked at every move made (issue 36)
        if isinstance(fact, Released):
            return fact.move
    return None


def obligation(board: chess.Board, facts: list[Fact], legal: chess.Move | None = None,
               position: Position | None = None) -> Obligation:
    """What the facts of this turn bind the player to move in ``board`` (side to move).

    Later facts of a stronger kind override the touches: a move released then taken up again
    (4.7), a new piece on the promotion square (4.4.4), the king released two squares (4.7.2).
    ``legal``, if given, is a legal move of ``board`` known to be under way: its piece can move
    and its capture can be made, which spares a search of the legal moves for those two questions.
    ``position``, if given, is the game whose position ``board`` is: whether a touched piece of
    his can move is then asked of its compiled core (:meth:`Position.can_move`), the same answer
    (for another board, a copy, python-chess is asked).
    """
    if position is not None and not position.holds(board):
        position = None
    if len(facts) == 1:
        only = facts[0]
        if isinstance(only, Touch) and only.piece.color == board.turn:
            # The first touch of a turn, of his own piece (a lift): what _from_touches answers for
            # it, without sorting and sifting the touches.
            return must_move(only.square) if _own_can_move(board, only.square, legal, position) \
                else NOTHING_MOVABLE
    touches = [fact for fact in facts if isinstance(fact, Touch)]
    released = first_released(facts)
    if released is not None:
        return Obligation("play", "4.7", move=released)
    for fact in reversed(facts):
        if isinstance(fact, Declared):
            if fact.legal:
                return Obligation("play", "9.5.3", move=fact.move)
            if _can_move(board, fact.move.from_square, position):
                return Obligation("move", "9.5.3", square=fact.move.from_square)
    by_touch = _from_touches(board, touches, legal, position)
    for index, fact in enumerate(facts):
        if isinstance(fact, PartReleased):  # only the first part released counts, as a move released
            before = [earlier for earlier in facts[:index] if isinstance(earlier, Touch)]
            by_touch = _part_of_move(board, fact, _from_touches(board, before, legal, position), by_touch)
            break
    for fact in facts:
        if isinstance(fact, PiecePut) and _may_promote(board, by_touch, fact):
            # The first new piece to touch the promotion square is final (4.4.4).
            binding = _promotion(board, fact, touches)
            if binding is not None:
                return binding
    for fact in facts:
        if isinstance(fact, KingReleased):
            if by_touch.barred_side == fact.side or (by_touch.must == "castle" and by_touch.side == fact.side):
                break  # 4.4.2 already bars this castling, or 4.4.1 already demands it
            if by_touch.must in ("king", "any") or by_touch.square == board.king(board.turn):
                return _castle_or_king(board, fact.side, "4.7.2", position)
            break
    return by_touch


def _part_of_move(board: chess.Board, part: PartReleased, before: Obligation, by_touch: Obligation) -> Obligation:
    """The pawn released as part of a legal move is fixed on that square (4.7): the promotion
    must be made there, or the en passant capture completed; unless what the touches before it
    (``before``) bound the player to is another move: then the touches govern (``by_touch``, all
    of them), and the move made breaches them. A touch after the release binds him to nothing
    more: the pawn may go nowhere else."""
    moves = [move for move in board.generate_legal_moves(chess.BB_SQUARES[part.origin], chess.BB_SQUARES[part.target])
             if move.promotion or board.is_en_passant(move)]
    if not any(before.allows(board, move) for move in moves):
        return by_touch
    if moves[0].promotion:
        return Obligation("promote", "4.7", square=part.target, from_square=part.origin)
    return Obligation("capture", "4.7", square=captured_square(board, moves[0]), with_=part.origin)


def _may_promote(board: chess.Board, by_touch: Obligation, put: PiecePut) -> bool:
    """Whether the touches leave room for a promotion on the square the new piece was put on."""
    if by_touch.must == "any":
        return True
    if by_touch.must == "promote":  # the pawn released there (4.7)
        return by_touch.square == put.square
    if by_touch.must == "move" and by_touch.square is not None:
        return board.piece_type_at(by_touch.square) == chess.PAWN
    return by_touch.must == "capture" and by_touch.square == put.square


def _promotion(board: chess.Board, put: PiecePut, touches: list[Touch]) -> Obligation | None:
    pawns = [t.square for t in touches if t.piece == chess.Piece(chess.PAWN, board.turn)]
    candidates = [
        move
        for move in board.generate_legal_moves(to_mask=chess.BB_SQUARES[put.square])
        if move.promotion == put.piece
    ]
    for pawn in pawns:
        if any(move.from_square == pawn for move in candidates):
            return Obligation("promote", "4.4.4", square=put.square, piece=put.piece, from_square=pawn)
    if candidates:
        return Obligation("promote", "4.4.4", square=put.square, piece=put.piece)
    return None


def _castle_or_king(board: chess.Board, side: Side, article: str, position: Position | None = None) -> Obligation:
    """Castle on ``side`` if legal; else another legal king move; else free (4.4.1, 4.4.3, 4.7.2)."""
    if castling_move(board, side) is not None:
        return Obligation("castle", article, side=side)
    king = board.king(board.turn)
    fallback = "4.4.3" if article == "4.4.1" else article
    if king is not None and _can_move(board, king, position):
        return Obligation("king", fallback, square=king)
    return Obligation("any", fallback)


def _ordered(touches: list[Touch], color: chess.Color) -> list[Touch]:
    """Touches in order; at one instant the player's own pieces count first (4.3.3)."""
    seen: set[chess.Square] = set()
    ordered = []
    for touch in sorted(touches, key=lambda t: (t.instant, t.piece.color != color)):
        if touch.square not in seen:
            seen.add(touch.square)
            ordered.append(touch)
    return ordered


def _rook_side(board: chess.Board, rook: chess.Square) -> Side | None:
    """The castling side a rook on ``rook`` belongs to, if it stands on the king's rank."""
    king = board.king(board.turn)
    if king is None or chess.square_rank(rook) != chess.square_rank(king):
        return None
    return "kingside" if chess.square_file(rook) > chess.square_file(king) else "queenside"


def _from_touches(board: chess.Board, touches: list[Touch], legal: chess.Move | None = None,
                  position: Position | None = None) -> Obligation:
    color = board.turn
    if not touches:
        return FREE
    ordered = _ordered(touches, color)
    own = [t for t in ordered if t.piece.color == color]
    theirs = [t for t in ordered if t.piece.color != color]

    special = _king_and_rook(board, ordered, position)
    if special is not None:
        return special

    if own and not theirs:
        for touch in own:
            if _own_can_move(board, touch.square, legal, position):
                return must_move(touch.square)
        return NOTHING_MOVABLE
    if theirs and not own:
        for touch in theirs:
            if _can_capture(board, touch.square, None, position):
                return Obligation("capture", "4.3.2", square=touch.square)
        return Obligation("any", "4.5")
    first_own, first_theirs = own[0], theirs[0]
    if (legal is not None and legal.from_square == first_own.square
            and captured_square(board, legal) == first_theirs.square) or \
            _can_capture(board, first_theirs.square, first_own.square, position):
        return must_capture(first_theirs.square, first_own.square)
    for touch in ordered:
        if touch.piece.color == color and _own_can_move(board, touch.square, position=position):
            return Obligation("move", "4.3.3", square=touch.square)
        if touch.piece.color != color and _can_capture(board, touch.square, None, position):
            return Obligation("capture", "4.3.3", square=touch.square)
    return Obligation("any", "4.5")


def _own_can_move(board: chess.Board, square: chess.Square, legal: chess.Move | None = None,
                  position: Position | None = None) -> bool:
    """Whether the own piece on ``square`` can move, ``legal`` (a legal move under way) sparing the
    question for its piece. A rook's castling does not count (4.4.2), and never does here: castling
    is the king's move, from the king's square (python-chess's, Chess960's too)."""
    if legal is not None and legal.from_square == square and not board.is_castling(legal):
        return True
    return _can_move(board, square, position)


def _can_move(board: chess.Board, square: chess.Square, position: Position | None) -> bool:
    """Whether the piece on ``square`` has a legal move: asked of ``position`` (the game whose
    board ``board`` is, and its compiled core) when given, else of python-chess."""
    return position.can_move(square) if position is not None else can_move(board, square)


def _can_capture(board: chess.Board, square: chess.Square, by: chess.Square | None, position: Position | None) -> bool:
    """Whether the piece on ``square`` can be captured now (by the piece on ``by`` if given): asked
    of ``position`` (the game whose board ``board`` is, and its compiled core) when given, else of
    python-chess."""
    return position.can_capture(square, by) if position is not None else can_be_captured(board, square, by)


def _king_and_rook(board: chess.Board, ordered: list[Touch], position: Position | None = None) -> Obligation | None:
    """4.4.1 to 4.4.3: the first two pieces touched are the king and a rook of the same side."""
    if len(ordered) < 2:
        return None
    first, second = ordered[0], ordered[1]
    color = board.turn
    kinds = {first.piece, second.piece}
    if kinds != {chess.Piece(chess.KING, color), chess.Piece(chess.ROOK, color)}:
        return None
    rook = first if first.piece.piece_type == chess.ROOK else second
    side = _rook_side(board, rook.square)
    if side is None:
        return None
    king_first = first.piece.piece_type == chess.KING or first.instant == second.instant
    if king_first:
        return _castle_or_king(board, side, "4.4.1", position)
    # 4.4.2: rook, then king: no castling on that side; move the rook, else the king.
    if _own_can_move(board, rook.square, position=position):
        return Obligation("move", "4.4.2", square=rook.square, barred_side=side)
    king = board.king(color)
    if king is not None and any(
        castling_side(board, move) != side
        for move in board.generate_legal_moves(from_mask=chess.BB_SQUARES[king])
    ):
        return Obligation("move", "4.4.2", square=king, barred_side=side)
    return Obligation("any", "4.5", barred_side=side)
