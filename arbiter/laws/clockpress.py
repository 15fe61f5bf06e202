"""The clock press and what the arbiter makes of it (6.2).

A press completes the move made (6.2.1); a press with no legal move made, or after a move made
with two hands, is an illegal move (7.5.1 to 7.5.4), ruled on in :mod:`arbiter.laws.illegal`.
"""

from __future__ import annotations


import chess

from arbiter.core.position import is_illegal_position
from arbiter.laws import illegal, irregularities, texts
from arbiter.laws.game import Game
from arbiter.table.events import PressAct
from arbiter.table.machine import Hand
from arbiter.table.turns import Turn


def on_press(ref: Game, color: chess.Color, act: PressAct, hand: Hand) -> None:
    """``color`` presses his side of the clock (6.2.1); what it means depends on the board (6.2.2).

    A plain ``play``'s press is ruled in one go with its move (``Referee._play_and_press``): what
    changes here must change there (the property test comparing ``play`` with its steps fails).
    """
    ref.table.last_hand[color] = hand
    paused = ref.was_paused or ref.clock.paused
    ref.clock.paused = False
    if ref.clock.running != color:
        return  # the side already down: pressing it does nothing
    pending = ref.pending[color]
    if paused and (pending is None or pending.move != ref.position.last_move()):
        # The arbiter stopped the clock to intervene: pressing it starts nothing, unless the move
        # he let stand is there waiting for it (an older move never pressed for is not).
        return
    increment = ref.clock.switch(color)
    if pending is None:
        released = ref.moved_on_unclaimed(color)
        if released is not None:
            _complete_moved_on(ref, color, released, hand)
            return
        illegal.pressed_without_move(ref, color, increment)
        return
    ref.complete(color, pending.move, "6.2.1")
    ref.pending[color] = None
    irregularities.knocked_at_press(ref, color)
    if ref.table.state == "made" and ref.turn.color == color:
        ref.table.press(color, hand)
        ref.turn = Turn(not color)
    if len(pending.hands) > 1 and ref.edition.rules("two_hands_illegal"):
        # Before July 2017 a move made with two hands was a breach of 4.1 only (said at the move).
        illegal.pressed_with_two_hands(ref, color, increment)
    elif hand != pending.hand:
        ref.breach_seen(color, "6.2.3", texts.other_hand(color))


def _complete_moved_on(ref: Game, color: chess.Color, released: chess.Move, hand: Hand) -> None:
    """The press after a released piece was carried on, nobody intervening (``called``).

    The released move was made (4.7) and the press completes it: it is neither a press without
    a move (7.5.3) nor an illegal move (DECISIONS 25). Play goes on from the pieces as they stand,
    and the breach stays open to the opponent's claim, which puts the piece back where it was
    released (4.8).
    """
    ref.complete(color, released, "6.2.1")
    ref.table.let_go_at_press(color)
    if not ref.position.board.is_legal(released):
        raise AssertionError("a released move is legal in the position it was made from")
    ref.position.go_on_from_standing(not color, made=released)
    if is_illegal_position(ref.position.board):
        # No game can stand on what the pieces show (a king taken off): the arbiter must step in,
        # and does what a claim would: the piece back where it was released (4.7).
        ref.position.pop()
        ref.violation(color, "4.7", texts.moved_on(ref.position.board, color, released, ref.writes))
        if ref.breach is not None:
            ref.breach.remedied = True
        ref.released_move_stands(color, released)
        ref.pending[color] = None  # completed by this press
    ref.table.press(color, hand)
    ref.turn = Turn(not color)
