"""The sentences of the rulings, for people. Nothing may depend on their wording."""

from __future__ import annotations

import chess

from arbiter.core.clock import format_duration
from arbiter.core.notation import Language, write_san
from arbiter.table.touch import Obligation

_PIECE_NAMES = {
    chess.KING: "king", chess.QUEEN: "queen", chess.ROOK: "rook",
    chess.BISHOP: "bishop", chess.KNIGHT: "knight", chess.PAWN: "pawn",
}


def player(color: chess.Color) -> str:
    return "White" if color == chess.WHITE else "Black"


def piece_on(board: chess.BaseBoard, square: chess.Square) -> str:
    """``the knight on g1``."""
    piece_type = board.piece_type_at(square)
    name = _PIECE_NAMES[piece_type] if piece_type else "piece"
    return f"the {name} on {chess.square_name(square)}"


def obligation(board: chess.Board, color: chess.Color, ob: Obligation, lang: Language | None = None) -> str:
    who = player(color)
    if ob.must == "move" and ob.article == "9.5.3" and ob.square is not None:
        return (f"{who}'s draw claim was incorrect and the written move is illegal: "
                f"another move of {piece_on(board, ob.square)} must be made.")
    if ob.must == "move" and ob.square is not None:
        text = f"{who} touched {piece_on(board, ob.square)} and must move it"
        if ob.barred_side:
            text += f", without castling {ob.barred_side}"
        return text + "."
    if ob.must == "capture" and ob.square is not None:
        with_ = f" with {piece_on(board, ob.with_)}" if ob.with_ is not None else ""
        return f"{who} touched {piece_on(board, ob.square)} and must capture it{with_}."
    if ob.must == "castle":
        return f"{who} must castle {ob.side}."
    if ob.must == "king":
        return f"Castling that way is not legal: {who} must make another legal king move."
    if ob.must == "promote" and ob.piece is not None and ob.square is not None:
        return (f"The {_PIECE_NAMES[ob.piece]} has touched {chess.square_name(ob.square)}: "
                f"{who} must promote to it.")
    if ob.must == "play" and ob.move is not None and ob.article == "9.5.3":
        written = write_san(board, ob.move, lang)
        return f"{who}'s draw claim was incorrect: the move written for it, {written}, must be played."
    if ob.must == "play" and ob.move is not None:
        return f"{who} released a piece as a legal move: {ob.move.uci()} stands and may not be changed."
    if ob.article == "4.5":
        return f"None of the pieces {who} touched can be moved or captured: any legal move may be made."
    return f"{who} may make any legal move."


def breach(board: chess.Board, color: chess.Color, ob: Obligation, move: chess.Move,
           lang: Language | None = None) -> str:
    return (f"{player(color)} played {write_san(board, move, lang)}, which touch-move does not allow. "
            f"{obligation(board, color, ob, lang)}")


def moved_on(board: chess.Board, color: chess.Color, released: chess.Move, lang: Language | None = None) -> str:
    return (f"{player(color)} released the piece as the legal move {write_san(board, released, lang)} and then "
            "moved it on; "
            "the move stands as released.")


def made(color: chess.Color, san: str) -> str:
    return f"{player(color)} made the move {san}."


def completed(color: chess.Color, article: str) -> str:
    how = {
        "6.2.1": "by pressing the clock",
        "6.2.1.1": "because it ended the game",
        "6.2.1.2": "because the next move was made",
    }.get(article, "")
    return f"{player(color)}'s move is completed {how}.".replace("  ", " ")


def two_hands(color: chess.Color) -> str:
    return f"{player(color)} used two hands for one move."


def two_hands_pressed(color: chess.Color) -> str:
    return (f"{player(color)} made a move with two hands and pressed the clock: "
            "penalised as an illegal move; the move stands.")


def other_hand(color: chess.Color) -> str:
    return f"{player(color)} pressed the clock with the other hand than the one that moved."


def displaced(color: chess.Color) -> str:
    return (f"{player(color)} moved pieces without having the move; "
            "they are put back where they stood.")


def adjusted_out_of_turn(color: chess.Color) -> str:
    return f"{player(color)} adjusted pieces without having the move."


def illegal(color: chess.Color, article: str) -> str:
    return {
        "7.5.1": f"{player(color)} completed an illegal move; the position before it is reinstated.",
        "7.5.2": f"{player(color)} left a pawn on the last rank and pressed the clock.",
        "7.5.3": f"{player(color)} pressed the clock without making a move; the turn goes back.",
    }[article]


def illegal_undone(color: chess.Color) -> str:
    return (f"{player(color)} completed a later illegal move as well; the reinstated position undoes it, "
            "and it counts as a completed illegal move.")


def increment_back(color: chess.Color, seconds: float) -> str:
    return f"The increment of {seconds:g} seconds that the illegal press gave {player(color)} is taken back."


def penalty_time(color: chess.Color, seconds: float) -> str:
    return f"{player(color)} is given {seconds:g} seconds more."


def no_illegal_move(color: chess.Color) -> str:
    return f"{player(color)}'s claim is rejected: the opponent has no completed illegal move to correct."


def illegal_move_stands(color: chess.Color) -> str:
    return (f"{player(color)} has made his own move since the illegal move: it can no longer be corrected "
            "and stands.")


def replaced(move: chess.Move) -> str:
    return f"The pawn on {chess.square_name(move.to_square)} is replaced by a queen; the move stands."


def reinstated(board: chess.Board) -> str:
    return f"The position is set back; {player(board.turn)} to move."


def result(result: str, reason: str, why: str = "") -> str:
    text = f"The game is over: {result} ({reason.replace('-', ' ')})."
    return f"{text} {why[0].upper()}{why[1:]}." if why else text


def flag_not_fallen(color: chess.Color) -> str:
    return f"{player(color)}'s claim is rejected: the opponent's flag has not fallen."


def flag_fell_at(color: chess.Color, instant: float) -> str:
    whole = int(instant)
    return f"{player(color)}'s flag fell at {whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def claim_not_on_move(color: chess.Color) -> str:
    return f"{player(color)} may claim a draw only when having the move, before making it."


def claim_after_touch(color: chess.Color) -> str:
    return f"{player(color)} touched a piece on this move and lost the right to claim a draw on it."


def draw_claim_correct(color: chess.Color, kind: str) -> str:
    what = ("the same position appears for the third time" if kind == "threefold"
            else "fifty moves each have passed without a pawn move or a capture")
    return f"{player(color)}'s claim is correct: {what}."


def draw_claim_incorrect(color: chess.Color, kind: str) -> str:
    what = ("the position does not appear for the third time" if kind == "threefold"
            else "there have not been fifty moves each without a pawn move or a capture")
    return f"{player(color)}'s claim is incorrect: {what}; the game goes on."


def claim_upheld(color: chess.Color) -> str:
    return f"{player(color)}'s claim is upheld."


def claim_rejected(color: chess.Color) -> str:
    return f"{player(color)}'s claim is rejected: there is no breach to claim."


def claim_forfeited(color: chess.Color) -> str:
    return f"{player(color)} touched a piece after the breach and lost the right to claim it."


def late(color: chess.Color, instant: float) -> str:
    return f"{player(color)} was not at the board at the default time ({format_duration(instant)}) and loses"


def both_late(instant: float) -> str:
    return f"neither player was at the board at the default time ({format_duration(instant)}): both lose"


def knocked_not_set_right(color: chess.Color) -> str:
    return f"{player(color)} pressed the clock without setting right the pieces he knocked over."


def set_right_by_arbiter() -> str:
    return "The arbiter has the pieces knocked over set right; the position is as it was."


def pause_without_reason(color: chess.Color) -> str:
    return f"{player(color)} paused the clock with no valid reason to call the arbiter (a 12.9 matter)."


def device(color: chess.Color) -> str:
    return f"{player(color)} evidently had an electronic device on him in the venue"


def device_warning(color: chess.Color) -> str:
    return f"{player(color)} evidently had an electronic device on him; the regulations set a warning."


def time_taken(color: chess.Color, seconds: float) -> str:
    return f"{player(color)} loses {seconds:g} seconds."


def too_late_for_set_up(color: chess.Color, what: str) -> str:
    return (f"{player(color)}'s claim about the {what} comes too late: each player has made ten moves "
            "(A.5.1).")


def set_up_right(color: chess.Color) -> str:
    return f"{player(color)}'s claim is rejected: the pieces were set up right."


def cancelled_set_up() -> str:
    return "The initial position was set up wrongly: the game is cancelled and a new game is played."


def orientation_right(color: chess.Color) -> str:
    return f"{player(color)}'s claim is rejected: the board is placed right (a light square in each right-hand corner)."


def transferred() -> str:
    return "The position is transferred to a correctly placed board; the game goes on."


def colours_right(color: chess.Color) -> str:
    return f"{player(color)}'s claim is rejected: the players have the right colours."


def colours_game_goes_on(color: chess.Color) -> str:
    return (f"{player(color)}'s claim is correct, but each player has made ten moves or more: the game "
            "goes on with the colours as they are.")


def cancelled_colours() -> str:
    return "The game began with the colours reversed: it is stopped and a new game is played with the right colours."


def illegal_position_found(color: chess.Color) -> str:
    return (f"{player(color)}'s illegal move left a position no game can stand in; the arbiter finds it "
            "now and corrects it.")


def illegal_position_stays() -> str:
    return "an illegal position is still on the board after the next move was completed (A.5.4)"


def illegal_position_waits(color: chess.Color) -> str:
    return (f"{player(color)}'s illegal move stands and leaves a position no game can stand in; the arbiter "
            "waits until the next move is completed (A.5.4).")
