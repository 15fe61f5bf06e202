"""What the pieces show after each step of a move, judged: a legal move made (4.7), the breach
of an obligation (4.3, 4.4.2, 4.7: the watching arbiter remedies it at once, else it waits for a
claim), a piece released as a move and then carried on (4.7), pieces moved by the player who has
not the move, put back when his hands are free (7.4.1)."""

from __future__ import annotations

import chess

from arbiter.core.arrangement import castling_begun, part_released
from arbiter.core.position import castling_side
from arbiter.laws import texts
from arbiter.laws.game import Game
from arbiter.table.touch import KingReleased, Obligation, PartReleased, Released, first_released
from arbiter.table.turns import Breach


def after_step(game: Game, color: chess.Color) -> None:
    if not game.turn.color == color:
        if not game.table.is_holding(color) and game.displaced.get(color):
            put_back(game, color)
        return
    state = game.table.state
    if state != "made" and not game.table.is_holding(color):
        # Hands free and the pieces no longer show the move released earlier this turn: the
        # piece was carried on, to any square, its own starting square included (4.7).
        released = released_this_turn(game)
        if released is not None and game.turn.color == color and game.position.turn == color:
            moved_on(game, color, released)
            return
    if state == "made":
        move = game.table.made_move
        if move is not None and game.position.turn == color:
            move_made(game, color, move, legal=game.table.is_made_move_legal())
    elif state == "castling":
        side = castling_begun(game.position.now, game.position.standing)
        if side is not None and KingReleased(side) not in game.turn.facts:
            game.turn.facts.append(KingReleased(side))
            game.update_obligation()
    elif state in ("promoting", "disturbed") and game.position.turn == color and not game.table.is_holding(color):
        part_released_seen(game)


def part_released_seen(game: Game) -> None:
    """The pawn let go where a legal promotion or en passant capture puts it, before that move is
    made, is fixed there (4.7: "or part of a legal move"); only the first such release counts."""
    facts = game.turn.facts
    if any(isinstance(fact, (PartReleased, Released)) for fact in facts):
        return
    moves = part_released(game.position.now, game.position.standing)
    if moves:
        facts.append(PartReleased(moves[0].from_square, moves[0].to_square))
        game.update_obligation()

def put_back(game: Game, color: chess.Color) -> None:
    """Pieces moved out of turn go back where they stood (7.4.1); the watching arbiter says so."""
    squares = game.displaced.pop(color)
    in_hand = {held.origin for (c, _), held in game.table.held.items() if c != color}
    for square in squares - in_hand:
        piece = game.position.now.piece_at(square)
        if piece is None:
            game.position.standing.remove_piece_at(square)
        else:
            game.position.standing.set_piece_at(square, piece)
    game.breach_seen(color, "7.4.1", texts.displaced(color))
    owner = game.turn.color
    if game.table.state != "made" and not game.table.is_holding(owner):
        game.table.settle()
        after_step(game, owner)

def released_this_turn(game: Game) -> chess.Move | None:
    """The move made this turn and taken up again (4.7), if any."""
    return first_released(game.turn.facts)

def moved_on(game: Game, color: chess.Color, released: chess.Move) -> None:
    """A piece released as a legal move was carried on and the pieces show no legal move (4.7):
    back on its starting square, on a square no legal move reaches, a capture taken back."""
    article, text = released_changed(game, color, released)
    if game.watching:
        game.violation(color, article, text)
        remedy_breach(game, color, game.turn.obligation)
        return
    game.breach = Breach(color, article, list(game.turn.facts), text, game.position.depth, released=released)


def released_changed(game: Game, color: chess.Color, released: chess.Move) -> tuple[str, str]:
    """The article and sentence of a breach after the move ``released`` was made (its piece let go
    as a legal move), the pieces now showing something else: the king moved after a castling
    begun with the rook (4.4.2, DECISIONS 5 and 20, castling legal or not), else 4.7 (the piece
    moved on, or another piece moved)."""
    board, standing = game.position.now, game.position.standing
    if _is_king_moved_after_castling_rook(board, standing, released):
        return "4.4.2", texts.king_after_rook(board, color, released, game.writes)
    piece = board.piece_at(released.from_square)
    shown = chess.Piece(released.promotion, color) if released.promotion else piece
    another = standing.piece_at(released.to_square) == shown
    return "4.7", texts.moved_on(board, color, released, game.writes, another=another)


def _is_king_moved_after_castling_rook(board: chess.Board, standing: chess.BaseBoard, released: chess.Move) -> bool:
    """Whether ``released`` is a castling rook's move onto the square beside its king, and the
    king has since left its square (castling begun with the rook, the king moved after it)."""
    king = board.king(board.turn)
    rook = released.from_square
    if king is None or board.chess960 or board.piece_type_at(rook) != chess.ROOK \
            or not board.castling_rights & chess.BB_SQUARES[rook] or chess.square_rank(rook) != chess.square_rank(king):
        return False
    beside = king + (1 if rook > king else -1)
    return released.to_square == beside and standing.piece_at(king) != chess.Piece(chess.KING, board.turn)

def move_made(game: Game, color: chess.Color, move: chess.Move, legal: bool = False) -> None:
    """The pieces show the legal ``move``: made, or a breach of touch-move (4.3 to 4.7).
    ``legal``: python-chess read it among the position's legal moves (not asked again)."""
    board = game.position.now
    ob = game.turn.obligation
    released = released_this_turn(game)
    if released is not None and move == released:
        game.stand(color, move, announce=False)
        return
    if released is not None:
        # A move was made at the first release (4.7) and cannot be changed: what the pieces show
        # now is a breach, not a second move made.
        if castling_side(board, move) is not None:  # castling begun with the rook (4.4.2, DECISIONS 5)
            article, text = "4.4.2", texts.breach(board, color, ob, move, game.writes)
        else:
            article, text = released_changed(game, color, released)
        if game.watching:
            game.violation(color, article, text)
            remedy_breach(game, color, ob)
            return
        game.breach = Breach(color, article, list(game.turn.facts), text, game.position.depth, released=released)
        return
    if not ob.allows(board, move):
        article = ob.article or "4.3"
        text = texts.breach(board, color, ob, move, game.writes)
        if game.watching:
            game.violation(color, article, text)
            remedy_breach(game, color, ob)
            return
        game.breach = Breach(color, article, list(game.turn.facts), text, game.position.depth)
    game.stand(color, move, announce=True, legal=legal)

def remedy_breach(game: Game, color: chess.Color, ob: Obligation) -> None:
    """The breaching move is taken back; for a released piece, its move stands (DECISIONS 4)."""
    game.breach = Breach(color, ob.article or "4.3", list(game.turn.facts), remedied=True)
    game.clock.paused = True
    if ob.must == "play" and ob.article == "4.7" and ob.move is not None:
        game.released_move_stands(color, ob.move)
        return
    game.table.restore()
    game.reinstated(ob.article or "4.3")
    game.rule_obligation(color, ob)
