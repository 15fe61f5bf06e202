"""The arbiter: events at the board in, rulings out, as the Laws and DECISIONS.md say.

:class:`Referee` is the :class:`~arbiter.laws.game.Game` record that reads the physical acts: it
follows the hands through each step of a move (touch, lift, place, release, remove, put), says
what the touches bind the player to, sees a move made, a piece carried on after its release or
pieces moved out of turn, and sends the press, the claims and offers and the irregularities to
their judges (:mod:`~arbiter.laws.clockpress`, :mod:`~arbiter.laws.claims`,
:mod:`~arbiter.laws.illegal`, :mod:`~arbiter.laws.irregularities`).

About 530 lines, on purpose: the handlers of the acts, the plain `play` made and pressed in one
go beside the steps it stands for (a property test compares the two), and the reading of a move
by whoever plays it share the referee's state of the turn; apart, each would reach into it.
"""

from __future__ import annotations

from fractions import Fraction

from collections.abc import Callable, Sequence
from typing import Any, Literal

import chess

from arbiter.core.arrangement import Side
from arbiter.core.errors import InvalidEventError
from arbiter.core.notation import DEFAULT, read_move, read_move_checked, translate
from arbiter.laws import claims, clockpress, illegal, irregularities, plainacts, steps, texts
from arbiter.laws.game import Game, IllegalMove
from arbiter.laws.rulings import MustCapture, MustMove, Ruling
from arbiter.table.events import (
    AcceptAct,
    AdjustAct,
    ArriveAct,
    CarryAct,
    ClaimAct,
    DeclineAct,
    DropAct,
    Event,
    KnockAct,
    LiftAct,
    MoveAct,
    OfferAct,
    PauseAct,
    PlaceAct,
    PlayAct,
    PressAct,
    PutAct,
    ReleaseAct,
    RemoveAct,
    ResignAct,
    TouchAct,
    WriteAct,
    steps_of,
)
from arbiter.table.machine import Hand
from arbiter.table.touch import FREE, Obligation, PiecePut, Released, first_released, must_capture, must_move
from arbiter.core.i18n import _
from arbiter.table.turns import Settings, Turn

__all__ = ["Referee", "Settings"]


class Referee(Game):
    """Rules on the events of one game, one event at a time.

    :meth:`apply` takes an :class:`Event` and returns the rulings it led to; every ruling
    given so far is in :attr:`rulings`. Events that cannot physically happen raise
    :class:`InvalidEventError` and change nothing that matters for the rulings.
    """

    def apply(self, event: Event, index: int) -> Sequence[Ruling]:
        """Rule on one event; the rulings it led to (made when read, as :attr:`rulings`).

        :raises InvalidEventError: if the event cannot physically happen.
        """
        self._index = index
        rulings = self.rulings
        first = len(rulings)
        if not self.start_judged:
            self.judge_start()
        clock = self.clock
        if event.at is not None and not self.is_over:  # the clocks stop when the game ends
            if self.absent and event.at > self.settings.default_time:
                # Time runs up to the default time, when a player still away loses (6.7.1).
                self._advance(max(clock.now, self.settings.default_time))
                if not self.is_over:
                    irregularities.default_time_passed(self)
            if not self.is_over:
                self._advance(event.at)
        elif clock.remaining is not None and not self.is_over:  # no clock's time: no flag to fall
            self._count_flags_at_zero()  # no time passes: only a clock set to zero before the events
        if self.is_over:
            return rulings[first:]
        # The irregularities' judges are asked only where they may have something to judge: an
        # absent player, a pause given no reason (this runs once per event, issue 36).
        if self.absent and not isinstance(event.action, ArriveAct):
            irregularities.must_be_present(self, event.actor)
        if self.unexplained_pause is not None:
            irregularities.judge_pause(self, event)
        self.was_paused, clock.paused = clock.paused, False
        _HANDLERS[type(event.action)](self, event.actor, event.action, self.table.hand_of(event.actor, event.hand))
        if clock.remaining is not None and not self.is_over:
            # A clock the event's ruling took to zero (an illegal press's increment taken back,
            # 7.5.5) shows a fallen flag at that instant, not at the next event.
            self._count_flags_at_zero()
        return rulings[first:]

    def apply_from(self, events: Sequence[Event], index: int) -> int:
        """Rule on ``events[index]``, or in one go on a plain move's acts that begin there
        (:meth:`apply_plain_move`): how many events were ruled (their rulings are in
        :attr:`rulings`, each on its own event).

        :raises InvalidEventError: as :meth:`apply`, for ``events[index]``.
        """
        taken = self.apply_plain_move(events, index)
        if taken:
            return taken
        self.apply(events[index], index)
        return 1

    def apply_plain_move(self, events: Sequence[Event], index: int) -> int:
        """Rule in one go on a plain move's acts, if the events from ``index`` on begin with them:
        how many events were ruled; 0 if they do not, with nothing changed but the start judged
        as :meth:`apply` judges it first (:meth:`apply` then rules on each). A file's events are
        all known before they are ruled (``arbiter run``, issue 36); a live session's are not.

        The acts are the long form of a simple move or capture of the player who has the move, in
        a plain turn (nothing touched, held, knocked over or displaced, no breach open, his clock
        running): lift the piece, take off the piece it captures, place it on the move's square,
        release it, press the clock; the same hand, no time given, the move ending nothing. Each
        ruling is the one :meth:`apply` gives, on the act it gives it on: the lift binds him to
        move the piece (4.3.1), the removal to capture with it (4.3.3), the release makes the
        move (4.7), the press completes it (6.2.1); a property test compares the two ways.
        """
        first = events[index]
        lift = first.action
        if type(lift) is not LiftAct:  # asked first: a file of `play` events passes here (issue 36)
            return 0
        end = index + 4
        if end > len(events) or first.at is not None or not self.at_once or self.is_over:
            return 0
        color, hand = first.actor, first.hand
        removal = events[index + 1].action
        taking: chess.Square | None = None
        if type(removal) is RemoveAct:
            taking, end = removal.square, end + 1
            if end > len(events):
                return 0
        acts = events[index:end]
        for event in acts:
            if event.actor != color or event.at is not None or event.hand != hand:
                return 0
        place = acts[-3].action
        if type(place) is not PlaceAct or type(acts[-2].action) is not ReleaseAct \
                or type(acts[-1].action) is not PressAct:
            return 0
        origin, target = lift.square, place.square
        if not self.start_judged:  # as apply() judges it first, on the first event
            self._index = index
            self.judge_start()
            if self.is_over:
                return 0
        position = self.position
        if (taking is not None and taking != target) or position.turn != color or self.absent \
                or self.unexplained_pause is not None or self.clock.paused \
                or self.clock.has_uncounted_flag_at_zero():
            return 0
        board = position.now
        taken = board.piece_at(target)
        if (taken is None) != (taking is None):
            return 0
        move = chess.Move(origin, target)
        if not position.is_legal(move) or not self._can_play_at_once(color, move, True) \
                or not self._is_plain_turn(color) or board.is_castling(move):
            return 0
        before, self._index = self._index, index
        if not self._play_and_press(color, move, self.table.hand_of(color, hand), False,
                                    (index, index + 1, end - 2, end - 1)):
            self._index = before
            return 0
        return end - index

    def time_passes(self, now: Fraction) -> list[Ruling]:
        """Time runs to ``now`` with no act (a live clock seen running, ``arbiter watch``): a flag
        that falls on the way is called if the arbiter watches (6.8). The rulings it led to."""
        first = len(self.rulings)
        if not self.start_judged:
            self.judge_start()
        if not self.is_over and now > self.clock.now:
            self._advance(now)
        return list(self.rulings[first:])

    def unplayable_found(self, record: IllegalMove) -> None:
        """The board after the reply to ``record`` cannot be played on: corrected (7.5.1, issue 38)."""
        illegal.unplayable_found(self, record)

    def end_of_events(self) -> list[Ruling]:
        """The events are over (a scenario's, a report's): what waited for a later act is judged
        now, on the last event: a pause the player gave no reason for and made no claim after
        (6.11.4). A live session never calls it: its next act may still come."""
        first = len(self.rulings)
        if not self.start_judged:
            self.judge_start()
        if not self.is_over:
            irregularities.judge_pause(self, None)
        return list(self.rulings[first:])

    def _count_flags_at_zero(self) -> None:
        """A clock at zero has a fallen flag, however it got there."""
        for color, instant in self.clock.flags_at_zero():
            self._flag_fell(color, instant)

    def _advance(self, now: Fraction) -> None:
        """Let the clock run to ``now``; a flag that falls on the way is called if watched."""
        for color, instant in self.clock.advance(now):
            self._flag_fell(color, instant)

    def _flag_fell(self, color: chess.Color, instant: Fraction) -> None:
        """A flag fell (between two events, at ``instant``): the watching arbiter calls it at
        once (6.8, A.5.5); otherwise it counts only when the opponent claims it."""
        if self.result != "*" or not self.watching:
            return
        if self.supervision["flag_called_by_arbiter"]:
            self.lose(color, "timeout", "6.9", texts.flag_fell_at(color, instant))

    def _has_move(self, color: chess.Color) -> bool:
        return self.position.turn == color

    def _begin(self, color: chess.Color) -> Literal["mover", "reopen", "out-of-turn"]:
        """Before a hand act: start the actor's turn, reopen his move made (4.7), or neither."""
        if self._has_move(color):
            if self.table.state == "made" and self.turn.color != color:  # the opponent's move made
                self.table.take_turn()
                self.turn = Turn(color)
            return "mover"
        if self.turn.color == color and self.table.state == "made":
            return "reopen"
        return "out-of-turn"

    def _on_turn(self, color: chess.Color) -> bool:
        """Whether ``color``'s hands are the ones the turn's state follows."""
        return self.turn.color == color

    def _displace(self, color: chess.Color, square: chess.Square) -> None:
        """A piece moved by a player who has not the move: put back when his hands are free (7.4.1)."""
        self.displaced.setdefault(color, set()).add(square)

    def _reopen(self, color: chess.Color) -> None:
        """The player takes up the piece he released as a legal move: that move must stand (4.7)."""
        move = self.position.pop()
        assert move is not None
        self.pending[color] = None
        if self.breach is not None and self.breach.player == color and not self.breach.remedied:
            self.breach = None  # the breaching move is being taken up again: it is judged anew
        self.table.reopen()
        if first_released(self.turn.facts) is None:
            self.turn.facts.append(Released(move))
        self.update_obligation()

    def _on_touch(self, color: chess.Color, act: TouchAct, hand: Hand) -> None:
        squares = list(act.squares)
        deliberate = not act.accidental and self._has_move(color)
        if deliberate and self.table.state == "made" and self.turn.color != color:
            self.table.take_turn()
            self.turn = Turn(color)
        pieces = self.table.touch(color, squares, fire=deliberate)
        if deliberate:
            self.touched(color, squares, pieces)

    def _on_adjust(self, color: chess.Color, act: AdjustAct, hand: Hand) -> None:
        self.table.adjust(color, list(act.squares), fire=False)  # every square holds a piece
        # Setting right what he knocked over is his duty (7.4.1), not an adjustment (4.2.1).
        squares = irregularities.set_right(self, color, list(act.squares))
        if not squares:
            return
        if self._has_move(color):
            self.table.adjust(color, squares, fire=self.table.state != "made")
            return
        self.breach_seen(color, "4.2.1", texts.adjusted_out_of_turn(color))

    def _on_lift(self, color: chess.Color, act: LiftAct, hand: Hand) -> None:
        if self.at_once and plainacts.lift(self, color, act.square, hand):
            return
        role = self._begin(color)
        if role == "reopen":
            self.table.check_lift(color, act.square, hand)
            self._reopen(color)
        in_hand = self.table.holder(act.square) is not None  # already touched: raised, not touched again
        piece = self.table.lift(color, act.square, hand, fire=role != "out-of-turn")
        irregularities.picked_up(self, act.square)
        if role == "mover" and not in_hand:
            self.touched_one(color, act.square, piece)
        elif role == "out-of-turn":
            self._displace(color, act.square)
        steps.after_step(self, color)

    def _on_place(self, color: chess.Color, act: PlaceAct, hand: Hand) -> None:
        self._holding_hand(color, hand)
        on_turn = self._on_turn(color)
        self.table.place(color, act.square, hand, fire=on_turn)
        if not on_turn:
            self._displace(color, act.square)
        # No after_step: a piece set down stays in the hand, which judges nothing (the state is
        # `placed` on his turn; out of turn, his hand is not free to have pieces put back).

    def _on_release(self, color: chess.Color, act: ReleaseAct, hand: Hand) -> None:
        self._holding_hand(color, hand)
        self.table.release(color, hand, fire=self._on_turn(color))
        steps.after_step(self, color)

    def _on_drop(self, color: chess.Color, act: DropAct, hand: Hand) -> None:
        self._holding_hand(color, hand)
        self.table.drop(color, act.square, hand, fire=self._on_turn(color))
        if not self._on_turn(color):
            self._displace(color, act.square)
        steps.after_step(self, color)

    def _on_remove(self, color: chess.Color, act: RemoveAct, hand: Hand) -> None:
        if self.at_once and plainacts.remove(self, color, act.square, hand):
            return
        role = self._begin(color)
        if role == "reopen":
            self.table.check_remove(color, act.square)
            self._reopen(color)
        in_hand = self.table.holder(act.square) is not None  # already touched: taken off, not touched again
        piece = self.table.remove(color, act.square, hand, fire=role != "out-of-turn")
        irregularities.picked_up(self, act.square)
        if role == "mover" and not in_hand:
            self.touched_one(color, act.square, piece)
        elif role == "out-of-turn":
            self._displace(color, act.square)
        steps.after_step(self, color)

    def _on_put(self, color: chess.Color, act: PutAct, hand: Hand) -> None:
        role = self._begin(color)
        if role == "reopen":
            self.table.check_put(color, act.square, hand)
            self._reopen(color)
        self.table.put(color, act.piece, act.square, hand, fire=role != "out-of-turn", piece_color=act.color)
        if role == "mover" and act.color in (None, color):  # only his own new piece can be his choice (4.4.4)
            self.turn.facts.append(PiecePut(act.piece, act.square))
            self.update_obligation()
        elif role == "out-of-turn":
            self._displace(color, act.square)
        steps.after_step(self, color)

    def _on_move(self, color: chess.Color, act: MoveAct, hand: Hand) -> None:
        self._on_lift(color, LiftAct(act.origin), hand)
        if self.position.standing.piece_at(act.target) is not None:
            self._on_remove(color, RemoveAct(act.target), hand)
        self._on_drop(color, DropAct(act.target), hand)

    def _on_play(self, color: chess.Color, act: PlayAct, hand: Hand) -> None:
        if self._has_move(color):
            board = self.position.now
            # English SAN and UCI are read by the compiled core (issue 36); anything else, and what it cannot
            # read, by python-chess's readers, which also say why a text names no legal move
            fast = self.position.legal_move_named(act.move) if self.reads.code == DEFAULT else None
            move, legal = (fast, True) if fast is not None else read_move_checked(board, act.move, self.reads)
            if self.at_once and self._can_play_at_once(color, move, legal):
                castling = board.is_castling(move)
                # Castling in one go is standard chess's (the king two squares over, the rook beside it).
                if (self._is_plain_turn(color) and not (castling and board.chess960)
                        and self._play_and_press(color, move, hand, castling)):
                    return
                if not castling:
                    self._play_at_once(color, move, hand)
                    return
        else:
            board = self.board_read_for(color)
            move = read_move(board, act.move, self.reads)
        self.table.expected = move
        try:
            for step in steps_of(board, move):
                if self.result != "*":
                    return
                _HANDLERS[type(step)](self, color, step, hand)
        finally:
            self.table.expected = None
        self._press_after_play(color, hand)

    def board_read_for(self, color: chess.Color) -> chess.Board:
        """Where a move ``color`` plays is read: the game's position if he has the move, else a copy
        before his move made (taken up again, 4.7) or with him to move (out of turn)."""
        if self._has_move(color):
            return self.position.board
        board = self.position.board.copy()
        if self.table.state == "made" and self.turn.color == color:
            board.pop()
        else:
            board.turn = color
        return board

    def _can_play_at_once(self, color: chess.Color, move: chess.Move, legal: bool) -> bool:
        """Whether ``play`` can skip the steps one by one: the same rulings come of it.

        So it is for a legal simple move or capture, or standard castling (:meth:`_play_and_press` only),
        by the player having the move, first thing in his turn, with no piece in anyone's hand,
        no breach open and nothing to put back. ``legal``: the move was read among the legal moves
        (python-chess is not asked again).
        """
        board = self.position.now
        return (
            self.table.state == "idle"
            and self.turn.color == color
            and not self.turn.facts
            and not self.table.held
            and not self.displaced
            and self.breach is None
            and self.pending[color] is None
            and not move.promotion
            and (legal or board.is_legal(move))
            and not board.is_en_passant(move)
        )

    def _play_at_once(self, color: chess.Color, move: chess.Move, hand: Hand) -> None:
        """The steps of :func:`steps_of` for a simple move or capture, ruled as they would be:
        the piece lifted (a touch), the captured piece taken off (a touch), the move made.

        What those touches bind the player to is known without asking touch-move: the first
        touch of the turn is of his own piece, which can move (the legal move moves it): 4.3.1;
        the second, of the opponent's piece it captures: 4.3.3 (:func:`~arbiter.table.touch.obligation`
        answers the same, the property tests compare the two ways)."""
        board = self.position.now
        origin, target = move.from_square, move.to_square
        piece = board.piece_at(origin)
        assert piece is not None, "a legal move starts from a piece"
        self.touched_one(color, origin, piece, must_move(origin))
        taken = board.piece_at(target)
        if taken is not None:
            self.touched_one(color, target, taken, must_capture(target, origin))
        self.table.play(color, move, hand, (piece.piece_type, taken.piece_type if taken is not None else None))
        if self.knocked:
            irregularities.picked_up(self, origin)
            irregularities.picked_up(self, target)
        steps.move_made(self, color, move, legal=True)
        self._press_after_play(color, hand)

    def _is_plain_turn(self, color: chess.Color) -> bool:
        """Whether nothing but the move and its press can come of a ``play`` this turn, besides
        what :meth:`_can_play_at_once` asks: nothing binds the player yet, no hand was used, no
        piece lies knocked over, no illegal position or king left in check waits, and the press
        will switch the clock (his side runs)."""
        return (self.turn.obligation is FREE
                and not self.table.hands_used
                and not self.knocked
                and self.illegal_position is None
                and self.king_left_in_check is None
                and self.clock.running == color)

    def _play_and_press(self, color: chess.Color, move: chess.Move, hand: Hand, castling: bool,
                        steps: tuple[int, int, int, int] | None = None) -> bool:
        """:meth:`_play_at_once` and the press after it, for a move that does not end the game, in
        one go: the rulings, pieces, clock and state they leave, without the turn's touches, the
        move pending and its completion made and dropped on the way (the player's turn is over at
        the press: 6.2.1). False, with nothing changed, for a move that ends the game (5.1.1,
        5.2, 9.6): the steps then rule on it. The property tests compare the ways.

        Castling (``castling``) is ruled as its steps rule it: the king lifted binds the player to
        move it (4.3.1), the king set down two squares over to castle (4.7.2), the rook then
        touched as well (4.4.1); the texts of the last two name no piece of the board.

        ``steps``: the events the long form's acts were, (lift, remove, release, press), each
        ruling given on its act's (:meth:`apply_plain_move`); None: all on the ``play`` event."""
        position = self.position
        board = position.now
        origin, target = move.from_square, move.to_square
        piece, taken = board.piece_type_at(origin), board.piece_type_at(target)
        san = translate(position.push(move, legal=True, kinds=(piece, taken)), self.writes)
        if self.ending(color) is not None:
            position.pop()
            return False
        played = position.last_move()  # the copy the history keeps
        assert played is not None, "a move was just made"
        index, add = self._index, self.rulings.add
        lifted, removed, released, pressed = steps if steps is not None else (index, index, index, index)
        self.reject_offer(color)
        # The touches' rulings name the pieces as they stood before the move (rule_obligation would
        # read the board after it): 4.3.1, his piece touched, which can move; 4.3.3, the opponent's.
        add(lifted, MustMove(color, "4.3.1", origin, piece))
        if castling:
            side: Side = "kingside" if target > origin else "queenside"
            self.rule_obligation(color, Obligation("castle", "4.7.2", side=side))
            self.rule_obligation(color, Obligation("castle", "4.4.1", side=side))
        elif taken is not None:
            add(removed, MustCapture(color, "4.3.3", target, taken, origin, piece))
        self.table.play(color, move, hand, (piece, taken))
        self._index = released
        self.made(color, played, san)
        self._index = pressed
        self.was_paused = self.clock.paused = False
        self.clock.switch(color)
        self.complete(color, played, "6.2.1")
        self.table.press(color, hand)
        self.turn = Turn(not color)
        return True

    def _press_after_play(self, color: chess.Color, hand: Hand) -> None:
        if self.result == "*":
            self.was_paused = False
            clockpress.on_press(self, color, PressAct(), hand)

    def _holding_hand(self, color: chess.Color, hand: Hand) -> None:
        if (color, hand) not in self.table.held:
            raise InvalidEventError({
                (chess.WHITE, "left"): _("nothing is in white's left hand"),
                (chess.WHITE, "right"): _("nothing is in white's right hand"),
                (chess.BLACK, "left"): _("nothing is in black's left hand"),
                (chess.BLACK, "right"): _("nothing is in black's right hand")}[(color, hand)])


_HANDLERS: dict[type, Callable[[Referee, chess.Color, Any, Hand], None]] = {
    TouchAct: Referee._on_touch,
    AdjustAct: Referee._on_adjust,
    LiftAct: Referee._on_lift,
    PlaceAct: Referee._on_place,
    ReleaseAct: Referee._on_release,
    DropAct: Referee._on_drop,
    RemoveAct: Referee._on_remove,
    PutAct: Referee._on_put,
    MoveAct: Referee._on_move,
    PlayAct: Referee._on_play,
    PressAct: clockpress.on_press,
    ClaimAct: claims.on_claim,
    WriteAct: claims.on_write,
    OfferAct: claims.on_offer,
    AcceptAct: claims.on_accept,
    DeclineAct: claims.on_decline,
    ResignAct: claims.on_resign,
    ArriveAct: irregularities.on_arrive,
    KnockAct: irregularities.on_knock,
    PauseAct: irregularities.on_pause,
    CarryAct: irregularities.on_carry,
}
