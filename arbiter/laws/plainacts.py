"""The acts of a plain turn ruled in one go: the piece lifted, the piece it captures taken off,
the piece set down and released as a legal move (issue 36).

A turn is plain when nothing but its own touches has happened in it: no breach open, no piece
knocked over or displaced, nothing held by the other player. Its acts then come to what
:mod:`arbiter.laws.referee`'s handlers would rule, asked more directly: a first lift of his own
piece binds him to move it if it can move (4.3.1), else to nothing (4.5); his piece in the air
and the opponent's taken off bind him to capture it with that piece if it can (4.3.3); the one
piece held, released where a plain legal move puts it with no other piece changed, shows that
move (4.7), found without searching the board. Each function returns False, having changed
nothing, when its act is not of that kind, and the handlers then rule as for any act; a property
test compares the two ways on streams of acts (``Game.at_once`` off: the handlers only).
"""

from __future__ import annotations

import chess

from arbiter.laws import steps
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
    turn.instant += 1
    turn.facts.append(Touch(square, piece, turn.instant))
    if game.draw_offer is not None:
        game.reject_offer(color)
    # Either differs from FREE: ruled, as update_obligation rules what changed.
    turn.obligation = ob = must_move(square) if position.can_move(square) else NOTHING_MOVABLE
    game.rule_obligation(color, ob)
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
    turn.instant += 1
    turn.facts.append(Touch(square, piece, turn.instant))
    if game.draw_offer is not None:
        game.reject_offer(color)
    ob = must_capture(square, first.square)
    if ob != turn.obligation:
        turn.obligation = ob
        game.rule_obligation(color, ob)
    return True


def release(game: Game, color: chess.Color, hand: Hand) -> bool:
    """``color``, having the move, lets go of the one piece held, which he lifted and set down
    where a plain legal move or capture of it puts it, no other piece changed: the pieces show
    that move, and it is made, or breaches what his touches bind him to (:func:`steps.move_made`)."""
    table = game.table
    if table.state != "placed" or len(table.held) != 1 or game.turn.color != color or game.position.turn != color:
        return False
    held = table.held.get((color, hand))
    if held is None or held.on is None or held.origin is None:
        return False
    move = game.position.plain_move_shown(held.origin, held.on)
    if move is None:
        return False
    table.release(color, hand, shown=move)
    steps.move_made(game, color, move, legal=True)
    return True
