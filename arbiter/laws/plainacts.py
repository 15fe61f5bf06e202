"""The acts of a plain turn ruled in one go: the first piece lifted, and the piece it captures
taken off (issue 36).

A turn is plain when nothing but its own touches has happened in it: no breach open, no piece
knocked over or displaced, nothing held by the other player. Its touches then bind the player to
what touch-move's rules (:func:`arbiter.table.touch.obligation`) answer for them, asked directly:
a first lift of his own piece binds him to move it if it can move (4.3.1), else to nothing (4.5);
his piece in the air and the opponent's taken off bind him to capture it with that piece if it
can (4.3.3). The touch is then kept and ruled as any touch (:meth:`Game.touched_one`). Each function
returns False, having changed nothing, when its act is not of that kind, and the referee's handler
then rules as for any act; a property test compares the two ways on streams of acts
(``Game.at_once`` off: the handlers only).
"""

from __future__ import annotations

import chess

from arbiter.laws.game import Game
from arbiter.table.machine import Hand
from arbiter.table.touch import FREE, NOTHING_MOVABLE, Touch, must_capture, must_move


def _is_plain(game: Game, color: chess.Color) -> bool:
    """Whether ``color`` has the move, his turn is the one the table follows, and nothing but
    his touches happened in it (no breach, nothing knocked over or displaced)."""
    return (game.turn.color == color and game.position.turn == color and game.breach is None
            and not game.knocked and not game.displaced)


def lift(game: Game, color: chess.Color, square: chess.Square, hand: Hand) -> bool:
    """The first act of his turn: ``color`` lifts his own piece on ``square``, both hands free."""
    table, turn = game.table, game.turn
    if table.state != "idle" or turn.facts or table.held or turn.obligation is not FREE \
            or not _is_plain(game, color):
        return False
    position = game.position
    piece = position.standing.piece_at(square)
    if piece is None or piece.color != color:
        return False
    table.lift_first(color, square, hand, piece)
    game.touched_one(color, square, piece, must_move(square) if position.can_move(square) else NOTHING_MOVABLE)
    return True


def remove(game: Game, color: chess.Color, square: chess.Square, hand: Hand) -> bool:
    """``color``, his piece lifted in the air and nothing else touched, takes off the opponent's
    piece on ``square``, which that piece can capture."""
    table, turn = game.table, game.turn
    if table.state != "holding" or len(turn.facts) != 1 or len(table.held) != 1 or not _is_plain(game, color):
        return False
    (owner, _), held = next(iter(table.held.items()))
    first = turn.facts[0]
    if owner != color or held.on is not None or not isinstance(first, Touch) \
            or first.piece.color != color or first.square != held.origin:
        return False
    position = game.position
    piece = position.standing.piece_at(square)
    if piece is None or piece.color == color or not position.can_capture(square, first.square):
        return False
    table.remove(color, square, hand)
    game.touched_one(color, square, piece, must_capture(square, first.square))
    return True
