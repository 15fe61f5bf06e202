"""The clock press and what the arbiter makes of it (6.2, 7.5.1 to 7.5.4).

A press completes the move made (6.2.1); a press with no legal move made is an illegal move
(7.5.1), a pawn left on the last rank (7.5.2) or a press without a move (7.5.3); a move made with
two hands and pressed is penalised as an illegal move (7.5.4). The watching arbiter rules at
once; otherwise play goes on from the board as it stands until someone claims.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import chess

from arbiter import texts
from arbiter.events import PressAct
from arbiter.position import unreplaced_promotion
from arbiter.table import Hand
from arbiter.turns import Turn

if TYPE_CHECKING:
    from arbiter.referee import Referee


def on_press(ref: Referee, color: chess.Color, act: PressAct, hand: Hand) -> None:
    """``color`` presses his side of the clock (6.2.1); what it means depends on the board."""
    ref.table.last_hand[color] = hand
    paused = ref.was_paused or ref.clock.paused
    ref.clock.paused = False
    if ref.clock.running != color:
        return  # the side already down: pressing it does nothing
    pending = ref.pending[color]
    if pending is None and paused:
        return  # the arbiter stopped the clock to intervene: pressing it starts nothing
    if pending is not None:
        ref.complete(color, pending, "6.2.1")
        ref.pending[color] = None
        if len(pending.hands) > 1:
            illegal(ref, color, "7.5.4", texts.two_hands_pressed(color))
        elif hand != pending.hand:
            ref.breach_seen(color, "6.2.3", texts.other_hand(color))
        ref.clock.switch(color)
        if ref.table.state == "made" and ref.turn.color == color:
            ref.table.press(color, hand)
            ref.turn = Turn(not color)
        return
    press_without_move(ref, color, hand)


def press_without_move(ref: Referee, color: chess.Color, hand: Hand) -> None:
    """The clock pressed with no legal move made: 7.5.1, 7.5.2 or 7.5.3."""
    standing = ref.position.standing
    if ref.position.is_standing_as_position() and not ref.table.holding(color):
        article = "7.5.3"
    elif unreplaced_promotion(ref.position.board, standing) is not None:
        article = "7.5.2"
    else:
        article = "7.5.1"
    if not ref.watching:
        illegal(ref, color, article, texts.illegal(color, article))
        illegal_stands(ref, color, article)
        return
    illegal(ref, color, article, texts.illegal(color, article))
    if article == "7.5.2":
        move = unreplaced_promotion(ref.position.board, standing)
        assert move is not None
        ref.rule("replaced", "7.5.2", texts.replaced(move), square=chess.square_name(move.to_square),
                   piece="Q")
        ref.table.restore()
        ref.position.standing.set_piece_at(move.to_square, chess.Piece(chess.QUEEN, color))
        ref.stand(color, move, announce=False)
        ref.complete(color, ref.pending[color], "6.2.1")  # type: ignore[arg-type]
        ref.pending[color] = None
        if ref.result == "*":
            ref.clock.switch(color)
            ref.table.press(color, hand)
            ref.turn = Turn(not color)
        return
    ref.clock.paused = True
    if article == "7.5.1":
        ref.table.restore()
        ref.reinstated("7.5.1")
    ref.update_obligation(always=article == "7.5.1")


def illegal(ref: Referee, color: chess.Color, article: str, text: str) -> None:
    """A completed illegal move (or an act penalised as one, 7.5.2-7.5.4).

    The watching arbiter rules at once; otherwise it waits for a claim.
    """
    if ref.watching:
        ref.violation(color, article, text)
    else:
        ref.unclaimed_illegal = (color, article, text)


def illegal_stands(ref: Referee, color: chess.Color, article: str) -> None:
    """Nobody acts on the illegal press: play goes on from the board as it stands."""
    for hand, _ in ref.table.holding(color):
        del ref.table.held[(color, hand)]
    if article == "7.5.3":
        ref.position.push_null()
    else:
        ref.position.go_on_from_standing(not color)
    ref.clock.switch(color)
    ref.table.press(color, ref.table.last_hand[color])
    ref.turn = Turn(not color)
