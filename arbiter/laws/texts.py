"""The sentences of the rulings, for people. Nothing may depend on their wording.

Every sentence goes through the catalogues (:mod:`arbiter.core.i18n`). Where a sentence names a
player, the catalogue holds it twice, for White and for Black, so that a language whose words
change with the player (Serbian and Bulgarian do) can write each whole; a piece is named in the
grammatical role the sentence gives it (``pgettext`` context ``object``, ``with``, ``of``).

Long on purpose: one concern, every sentence a ruling says, in one file a translator reads in
the order of the Laws; each function is a sentence and nothing else.
"""

from __future__ import annotations

from fractions import Fraction

import chess

from arbiter.core.clock import format_duration, format_instant, seconds_text
from arbiter.core.i18n import N_, _, code_words, ngettext, pgettext
from arbiter.core.notation import Language, language, translate, write_san
from arbiter.core.i18n import current_language
from arbiter.table.events import Event
from arbiter.table.touch import Obligation

_PIECE_NAMES = {
    chess.KING: "king", chess.QUEEN: "queen", chess.ROOK: "rook",
    chess.BISHOP: "bishop", chess.KNIGHT: "knight", chess.PAWN: "pawn",
}

#: "the knight on g1", by the role the piece has in the sentence, for the catalogues.
_PIECE_ON = {
    role: {
        chess.KING: "the king on {square}", chess.QUEEN: "the queen on {square}",
        chess.ROOK: "the rook on {square}", chess.BISHOP: "the bishop on {square}",
        chess.KNIGHT: "the knight on {square}", chess.PAWN: "the pawn on {square}", None: "the piece on {square}",
    }
    for role in ("object", "with", "of")
}
#: The new piece a promotion must be (the obligation's sentence), for the catalogues.
_PROMOTED = {chess.QUEEN: N_("The queen"), chess.ROOK: N_("The rook"), chess.BISHOP: N_("The bishop"),
             chess.KNIGHT: N_("The knight"), chess.KING: N_("The king"), chess.PAWN: N_("The pawn")}
def by_colour(color: chess.Color, white: str, black: str) -> str:
    """The sentence for ``color``, from the catalogue (formatted by the caller)."""
    return _(white) if color == chess.WHITE else _(black)


_by = by_colour


def player(color: chess.Color) -> str:
    return _("White") if color == chess.WHITE else _("Black")


def piece_on(board: chess.BaseBoard, square: chess.Square, role: str = "object") -> str:
    """``the knight on g1``, in the role ``object`` (touched, captured), ``with`` (captured with)
    or ``of`` (another move of)."""
    return piece_named(board.piece_type_at(square), square, role)


def piece_named(piece_type: chess.PieceType | None, square: chess.Square, role: str = "object") -> str:
    """:func:`piece_on` for the piece of type ``piece_type`` (None: no piece) on ``square``."""
    return pgettext(role, _PIECE_ON[role][piece_type]).format(square=chess.square_name(square))


def touched_must_move(color: chess.Color, piece_type: chess.PieceType | None, square: chess.Square) -> str:
    """The obligation to move the piece touched (4.3.1, 4.3.3), of type ``piece_type`` on ``square``."""
    return _by(color, N_("White touched {piece} and must move it."),
               N_("Black touched {piece} and must move it.")).format(piece=piece_named(piece_type, square))


def touched_must_capture(color: chess.Color, piece_type: chess.PieceType | None, square: chess.Square,
                         capturer_type: chess.PieceType | None, capturer: chess.Square) -> str:
    """The obligation to capture the piece touched on ``square`` with the one on ``capturer`` (4.3.3)."""
    return _by(color, N_("White touched {piece} and must capture it with {capturer}."),
               N_("Black touched {piece} and must capture it with {capturer}.")).format(
        piece=piece_named(piece_type, square), capturer=piece_named(capturer_type, capturer, "with"))


def obligation(board: chess.Board, color: chess.Color, ob: Obligation, lang: Language | None = None) -> str:
    if ob.must == "move" and ob.article == "9.5.3" and ob.square is not None:
        return _by(color, N_("White's draw claim was incorrect and the written move is illegal: "
                          "another move of {piece} must be made."),
                   N_("Black's draw claim was incorrect and the written move is illegal: "
                   "another move of {piece} must be made.")).format(piece=piece_on(board, ob.square, "of"))
    if ob.must == "move" and ob.square is not None:
        piece = piece_on(board, ob.square)
        if ob.barred_side:
            return _by(color, N_("White touched {piece} and must move it, without castling {side}."),
                       N_("Black touched {piece} and must move it, without castling {side}.")).format(
                piece=piece, side=_side(ob.barred_side))
        return touched_must_move(color, board.piece_type_at(ob.square), ob.square)
    if ob.must == "capture" and ob.article == "4.7" and ob.square is not None:
        # the pawn taking en passant released on its new square, the pawn it takes still on the board
        target = chess.square(chess.square_file(ob.square), chess.square_rank(ob.square) + (1 if color else -1))
        return _by(color, N_("White released the pawn on {square} as part of the en passant capture of the pawn on "
                             "{captured}: the capture must be completed."),
                   N_("Black released the pawn on {square} as part of the en passant capture of the pawn on "
                      "{captured}: the capture must be completed.")).format(
            square=chess.square_name(target), captured=chess.square_name(ob.square))
    if ob.must == "capture" and ob.square is not None:
        if ob.with_ is not None:
            return touched_must_capture(color, board.piece_type_at(ob.square), ob.square,
                                        board.piece_type_at(ob.with_), ob.with_)
        piece = piece_on(board, ob.square)
        return _by(color, N_("White touched {piece} and must capture it."),
                   N_("Black touched {piece} and must capture it.")).format(piece=piece)
    if ob.must == "castle":
        return _by(color, N_("White must castle {side}."), N_("Black must castle {side}.")).format(side=_side(ob.side))
    if ob.must == "king":
        return _by(color, N_("Castling that way is not legal: White must make another legal king move."),
                   N_("Castling that way is not legal: Black must make another legal king move."))
    if ob.must == "promote" and ob.piece is None and ob.square is not None:
        return _by(color, N_("White released the pawn on {square} as part of a promotion: the promotion must be made "
                             "there."),
                   N_("Black released the pawn on {square} as part of a promotion: the promotion must be made "
                      "there.")).format(square=chess.square_name(ob.square))
    if ob.must == "promote" and ob.piece is not None and ob.square is not None:
        return _by(color, N_("{piece} has touched {square}: White must promote to it."),
                   N_("{piece} has touched {square}: Black must promote to it.")).format(
            piece=_(_PROMOTED[ob.piece]), square=chess.square_name(ob.square))
    if ob.must == "play" and ob.move is not None and ob.article == "9.5.3":
        return _by(color, N_("White's draw claim was incorrect: the move written for it, {move}, must be played."),
                   N_("Black's draw claim was incorrect: the move written for it, {move}, must be played.")).format(
            move=write_san(board, ob.move, lang))
    if ob.must == "play" and ob.move is not None:
        return _by(color, N_("White released a piece as a legal move: {move} stands and may not be changed."),
                   N_("Black released a piece as a legal move: {move} stands and may not be changed.")).format(
            move=write_san(board, ob.move, lang))
    if ob.article == "4.5":
        return _by(color, N_("None of the pieces White touched can be moved or captured: any legal move may be made."),
                   N_("None of the pieces Black touched can be moved or captured: any legal move may be made."))
    return _by(color, N_("White may make any legal move."), N_("Black may make any legal move."))


def _side(side: str | None) -> str:
    """``kingside`` or ``queenside``, in the language in force."""
    names = {"kingside": N_("kingside"), "queenside": N_("queenside")}
    return _(names[side]) if side in names else str(side)


def breach(board: chess.Board, color: chess.Color, ob: Obligation, move: chess.Move,
           lang: Language | None = None) -> str:
    if ob.article == "9.5.3":  # the written move of an incorrect claim binds, not a touch
        played = _by(color, N_("White played {move}, which the incorrect draw claim does not allow."),
                     N_("Black played {move}, which the incorrect draw claim does not allow.")).format(
            move=write_san(board, move, lang))
    else:
        played = _by(color, N_("White played {move}, which touch-move does not allow."),
                     N_("Black played {move}, which touch-move does not allow.")).format(
            move=write_san(board, move, lang))
    return f"{played} {obligation(board, color, ob, lang)}"


def moved_on(board: chess.Board, color: chess.Color, released: chess.Move, lang: Language | None = None,
             another: bool = False) -> str:
    """The move released and then changed (4.7): its piece moved on, or (``another``) another
    piece moved after it."""
    if another:
        return _by(color, N_("White released the piece as the legal move {move} and then moved another piece; "
                             "the move stands as released."),
                   N_("Black released the piece as the legal move {move} and then moved another piece; "
                      "the move stands as released.")).format(move=write_san(board, released, lang))
    return _by(color, N_("White released the piece as the legal move {move} and then moved it on; "
                      "the move stands as released."),
               N_("Black released the piece as the legal move {move} and then moved it on; "
               "the move stands as released.")).format(move=write_san(board, released, lang))


def king_after_rook(board: chess.Board, color: chess.Color, released: chess.Move, lang: Language | None = None) -> str:
    """Castling begun with the rook (its move released) and the king moved after it (4.4.2)."""
    return _by(color, N_("White released the rook as the legal move {move} and then moved the king: castling begun "
                         "with the rook is a rook move; the move stands as released."),
               N_("Black released the rook as the legal move {move} and then moved the king: castling begun "
                  "with the rook is a rook move; the move stands as released.")).format(
        move=write_san(board, released, lang))


def made(color: chess.Color, san: str) -> str:
    return _by(color, N_("White made the move {move}."), N_("Black made the move {move}.")).format(move=san)


def completed(color: chess.Color, article: str) -> str:
    if article == "6.2.1":
        return _by(color, N_("White's move is completed by pressing the clock."),
                   N_("Black's move is completed by pressing the clock."))
    if article == "6.2.1.1":
        return _by(color, N_("White's move is completed because it ended the game."),
                   N_("Black's move is completed because it ended the game."))
    if article == "6.2.1.2":
        return _by(color, N_("White's move is completed because the next move was made."),
                   N_("Black's move is completed because the next move was made."))
    return _by(color, N_("White's move is completed."), N_("Black's move is completed."))


def pressed_without_move_not_illegal(color: chess.Color) -> str:
    return _by(color, N_("White pressed the clock without making a move: improper handling of the clock, not an "
                         "illegal move under these Laws; the arbiter sets the clocks back and White still has "
                         "the move."),
               N_("Black pressed the clock without making a move: improper handling of the clock, not an "
                  "illegal move under these Laws; the arbiter sets the clocks back and Black still has "
                  "the move."))


def two_hands(color: chess.Color) -> str:
    return _by(color, N_("White used two hands for one move."), N_("Black used two hands for one move."))


def two_hands_pressed(color: chess.Color) -> str:
    return _by(color, N_("White made a move with two hands and pressed the clock: "
                      "penalised as an illegal move; the move stands."),
               N_("Black made a move with two hands and pressed the clock: "
               "penalised as an illegal move; the move stands."))


def other_hand(color: chess.Color) -> str:
    return _by(color, N_("White pressed the clock with the other hand than the one that moved."),
               N_("Black pressed the clock with the other hand than the one that moved."))


def displaced(color: chess.Color) -> str:
    return _by(color, N_("White moved pieces without having the move; they are put back where they stood."),
               N_("Black moved pieces without having the move; they are put back where they stood."))


def adjusted_out_of_turn(color: chess.Color) -> str:
    return _by(color, N_("White adjusted pieces without having the move."),
               N_("Black adjusted pieces without having the move."))


def illegal(color: chess.Color, article: str) -> str:
    if article == "7.5.1":
        return _by(color, N_("White completed an illegal move; the position before it is reinstated."),
                   N_("Black completed an illegal move; the position before it is reinstated."))
    if article == "7.5.2":
        return _by(color, N_("White left a pawn on the last rank and pressed the clock."),
                   N_("Black left a pawn on the last rank and pressed the clock."))
    if article == "7.5.3":
        return _by(color, N_("White pressed the clock without making a move; the turn goes back."),
                   N_("Black pressed the clock without making a move; the turn goes back."))
    raise KeyError(article)


def illegal_undone(color: chess.Color) -> str:
    return _by(color, N_("White completed a later illegal move as well; the reinstated position undoes it, "
                      "and it counts as a completed illegal move."),
               N_("Black completed a later illegal move as well; the reinstated position undoes it, "
               "and it counts as a completed illegal move."))


def increment_back(color: chess.Color, seconds: Fraction | int) -> str:
    count = _count(seconds)
    if color == chess.WHITE:
        text = ngettext("The increment of {seconds} second that the illegal press gave White is taken back.",
                        "The increment of {seconds} seconds that the illegal press gave White is taken back.", count)
    else:
        text = ngettext("The increment of {seconds} second that the illegal press gave Black is taken back.",
                        "The increment of {seconds} seconds that the illegal press gave Black is taken back.", count)
    return text.format(seconds=seconds_text(seconds))


def _count(seconds: Fraction | int) -> int:
    """The number that chooses the plural form of ``seconds`` (a fraction takes the form of 2)."""
    return abs(int(seconds)) if seconds == int(seconds) else 2


def penalty_time(color: chess.Color, seconds: Fraction | int) -> str:
    if color == chess.WHITE:
        text = ngettext("White is given {seconds} second more.", "White is given {seconds} seconds more.",
                        _count(seconds))
    else:
        text = ngettext("Black is given {seconds} second more.", "Black is given {seconds} seconds more.",
                        _count(seconds))
    return text.format(seconds=seconds_text(seconds))


def no_illegal_move(color: chess.Color) -> str:
    return _by(color, N_("White's claim is rejected: the opponent has no completed illegal move to correct."),
               N_("Black's claim is rejected: the opponent has no completed illegal move to correct."))


def illegal_move_stands(color: chess.Color) -> str:
    return _by(color, N_("White has made his own move since the illegal move: it can no longer be corrected "
                      "and stands."),
               N_("Black has made his own move since the illegal move: it can no longer be corrected "
               "and stands."))


def replaced(move: chess.Move) -> str:
    return _("The pawn on {square} is replaced by a queen; the move stands.").format(
        square=chess.square_name(move.to_square))


def reinstated(board: chess.Board) -> str:
    return _by(board.turn, N_("The position is set back; White to move."),
               N_("The position is set back; Black to move."))


def result(result: str, reason: str, why: str = "") -> str:
    text = _("The game is over: {result} ({reason}).").format(result=result, reason=code_words("reason", reason))
    return f"{text} {why[0].upper()}{why[1:]}." if why else text


def flag_not_fallen(color: chess.Color) -> str:
    return _by(color, N_("White's claim is rejected: the opponent's flag has not fallen."),
               N_("Black's claim is rejected: the opponent's flag has not fallen."))


def flag_fell_at(color: chess.Color, instant: Fraction) -> str:
    # with the part of a second it fell in: a flag at 0:00:05.3 fell after one at 0:00:05
    return _by(color, N_("White's flag fell at {time}"), N_("Black's flag fell at {time}")).format(
        time=format_instant(instant))


def claim_not_on_move(color: chess.Color) -> str:
    return _by(color, N_("White may claim a draw only when having the move, before making it."),
               N_("Black may claim a draw only when having the move, before making it."))


def claim_after_touch(color: chess.Color) -> str:
    return _by(color, N_("White touched a piece on this move and lost the right to claim a draw on it."),
               N_("Black touched a piece on this move and lost the right to claim a draw on it."))


def draw_claim_correct(color: chess.Color, kind: str) -> str:
    if kind == "threefold":
        return _by(color, N_("White's claim is correct: the same position appears for the third time."),
                   N_("Black's claim is correct: the same position appears for the third time."))
    return _by(color, N_("White's claim is correct: fifty moves each have passed without a pawn move or a capture."),
               N_("Black's claim is correct: fifty moves each have passed without a pawn move or a capture."))


def draw_claim_incorrect(color: chess.Color, kind: str) -> str:
    if kind == "threefold":
        return _by(color, N_("White's claim is incorrect: the position does not appear for the third time; "
                          "the game goes on."),
                   N_("Black's claim is incorrect: the position does not appear for the third time; "
                   "the game goes on."))
    return _by(color, N_("White's claim is incorrect: there have not been fifty moves each without a pawn move "
                      "or a capture; the game goes on."),
               N_("Black's claim is incorrect: there have not been fifty moves each without a pawn move "
               "or a capture; the game goes on."))


def claim_upheld(color: chess.Color) -> str:
    return _by(color, N_("White's claim is upheld."), N_("Black's claim is upheld."))


def claim_rejected(color: chess.Color) -> str:
    return _by(color, N_("White's claim is rejected: there is no breach to claim."),
               N_("Black's claim is rejected: there is no breach to claim."))


def claim_forfeited(color: chess.Color) -> str:
    return _by(color, N_("White touched a piece after the breach and lost the right to claim it."),
               N_("Black touched a piece after the breach and lost the right to claim it."))


def late(color: chess.Color, instant: Fraction) -> str:
    return _by(color, N_("White was not at the board at the default time ({time}) and loses"),
               N_("Black was not at the board at the default time ({time}) and loses")).format(
        time=format_duration(instant))


def both_late(instant: Fraction) -> str:
    return _("neither player was at the board at the default time ({time}): both lose").format(
        time=format_duration(instant))


def knocked_not_set_right(color: chess.Color) -> str:
    return _by(color, N_("White pressed the clock without setting right the pieces he knocked over."),
               N_("Black pressed the clock without setting right the pieces he knocked over."))


def set_right_by_arbiter() -> str:
    return _("The arbiter has the pieces knocked over set right; the position is as it was.")


def pause_without_reason(color: chess.Color, penalties: str = "12.9") -> str:
    return _by(color, N_("White paused the clock with no valid reason to call the arbiter (a {article} matter)."),
               N_("Black paused the clock with no valid reason to call the arbiter (a {article} matter).")).format(
        article=penalties)


def device(color: chess.Color) -> str:
    return _by(color, N_("White evidently had an electronic device on him in the venue"),
               N_("Black evidently had an electronic device on him in the venue"))


def device_warning(color: chess.Color) -> str:
    return _by(color, N_("White evidently had an electronic device on him; the regulations set a warning."),
               N_("Black evidently had an electronic device on him; the regulations set a warning."))


def time_taken(color: chess.Color, seconds: Fraction | int) -> str:
    if color == chess.WHITE:
        text = ngettext("White loses {seconds} second.", "White loses {seconds} seconds.", _count(seconds))
    else:
        text = ngettext("Black loses {seconds} second.", "Black loses {seconds} seconds.", _count(seconds))
    return text.format(seconds=seconds_text(seconds))


def too_late_for_set_up(color: chess.Color, what: str, article: str = "A.5.1", moves: int = 10) -> str:
    return _by(color, N_("White's claim about the {what} comes too late: each player has made {moves} moves or more "
                         "({article})."),
               N_("Black's claim about the {what} comes too late: each player has made {moves} moves or more "
                  "({article}).")).format(what=_(_SET_UP_WHAT[what]) if what in _SET_UP_WHAT else what,
                                          moves=moves, article=article)


_SET_UP_WHAT = {"set-up": N_("set-up"), "orientation": N_("orientation"), "colours": N_("colours")}


def set_up_right(color: chess.Color) -> str:
    return _by(color, N_("White's claim is rejected: the pieces were set up right."),
               N_("Black's claim is rejected: the pieces were set up right."))


def cancelled_set_up() -> str:
    return _("The initial position was set up wrongly: the game is cancelled and a new game is played.")


def orientation_right(color: chess.Color) -> str:
    return _by(color, N_("White's claim is rejected: the board is placed right (a light square in each right-hand "
                      "corner)."),
               N_("Black's claim is rejected: the board is placed right (a light square in each right-hand "
               "corner)."))


def transferred() -> str:
    return _("The position is transferred to a correctly placed board; the game goes on.")


def colours_right(color: chess.Color) -> str:
    return _by(color, N_("White's claim is rejected: the players have the right colours."),
               N_("Black's claim is rejected: the players have the right colours."))


def colours_game_goes_on_always(color: chess.Color) -> str:
    return _by(color, N_("White's claim is correct, but under these Laws a game begun with the colours reversed "
                         "goes on with the colours as they are, whatever the number of moves."),
               N_("Black's claim is correct, but under these Laws a game begun with the colours reversed "
                  "goes on with the colours as they are, whatever the number of moves."))


def colours_game_goes_on(color: chess.Color) -> str:
    return _by(color, N_("White's claim is correct, but each player has made ten moves or more: the game "
                      "goes on with the colours as they are."),
               N_("Black's claim is correct, but each player has made ten moves or more: the game "
               "goes on with the colours as they are."))


def cancelled_colours() -> str:
    return _("The game began with the colours reversed: it is stopped and a new game is played with the right "
             "colours.")


def illegal_position_found(color: chess.Color) -> str:
    return _by(color, N_("White's illegal move left a position no game can stand in; the arbiter finds it "
                      "now and corrects it."),
               N_("Black's illegal move left a position no game can stand in; the arbiter finds it "
               "now and corrects it."))


def illegal_position_stays(article: str = "A.5.4") -> str:
    return _("an illegal position is still on the board after the next move was completed ({article})").format(
        article=article)


def illegal_position_waits(color: chess.Color, article: str = "A.5.4") -> str:
    return _by(color, N_("White's illegal move stands and leaves a position no game can stand in; the arbiter "
                         "waits until the next move is completed ({article})."),
               N_("Black's illegal move stands and leaves a position no game can stand in; the arbiter "
                  "waits until the next move is completed ({article}).")).format(article=article)


#: The words of an event's arguments that are words (``touch e2 accidentally``, ``carry device``,
#: ``put black N c6``), translated in context ``word``.
EVENT_WORDS = frozenset({"accidentally", "device", "white", "black", "claim", "promotion", "assistance",
                          "illness", "emergency"})


def event_words(event: Event, notation: str | None = None) -> str:
    """``white: move e2 e4`` as the user wrote it; in another language than English its words
    translated (the player, the verb, the claim or offer) and a move written in ``notation``."""
    if current_language() == "en":
        return event.describe()
    verb, _space, rest = event.text.partition(" ")
    words = rest.split()
    if verb in ("claim", "offer", "accept", "decline") and words:
        words[0] = pgettext("claim", words[0])
    if verb in ("play", "write", "claim") and notation is not None:
        words = [translate(word, notation) for word in words]
    if verb == "put" and notation is not None and len(words) >= 2 and words[-2] in "KQRBNP":
        words[-2] = language(notation).letters[chess.Piece.from_symbol(words[-2]).piece_type][0]
    if verb == "pause":  # "pause for illness": the reason's words say "for" in each language
        words = [word for word in words if word != "for"]
    words = [pgettext("word", word) if word in EVENT_WORDS else word for word in words]
    actor = _("white") if event.actor == chess.WHITE else _("black")
    return " ".join([f"{actor}:", pgettext("verb", verb), *words])
