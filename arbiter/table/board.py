"""The physical board: the pieces as they stand, the players' hands, and where a turn stands.

:class:`Table` is the model the turn's machine (:mod:`arbiter.table.machine`) moves: each verb
method here first checks that the act can physically happen, then changes the pieces, then fires
the machine's trigger, whose conditions read the new arrangement to decide where the turn stands.

This layer knows legal chess (through :mod:`arbiter.core.position`) but nothing of touch-move,
rulings or files: it says *what is on the board and in the hands*, never what the Laws make of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess
from transitions import MachineError

from arbiter.core.arrangement import (carry, castling_begun, castling_squares, promotion_under_way, same_placement,
                                      set_down, take_off)
from arbiter.core.errors import InvalidEventError
from arbiter.core.i18n import _
from arbiter.core.position import Position
from arbiter.table.machine import ACCEPTS, MACHINE, Hand


_EVENTS = MACHINE.events


@dataclass
class Held:
    """A piece in a player's hand: where it came from, and the square it is set on, if any."""

    piece: chess.Piece
    origin: chess.Square | None
    on: chess.Square | None = None


class Table:
    """The board at the table: pieces, hands, and the state of the turn under way.

    The verb methods raise :class:`InvalidEventError` for what cannot physically happen and
    leave everything unchanged when they do.
    """

    def __init__(self, position: Position) -> None:
        self.position = position
        self.state: str = "idle"
        #: The player whose turn the state follows; only his hands count for it.
        self.owner: chess.Color = position.turn
        #: What each player's hands hold.
        self.held: dict[tuple[chess.Color, Hand], Held] = {}
        #: The hands that performed a step of the move under way (the hands of its player).
        self.hands_used: set[Hand] = set()
        #: The hand each player used last (the default for the next act).
        self.last_hand: dict[chess.Color, Hand] = {chess.WHITE: "right", chess.BLACK: "right"}
        #: Whether the player whose turn it is has had contact with a piece this turn.
        self.touched = False
        #: Set by the arbiter when a made move stands after it set the pieces right.
        self.move_pending = False
        #: The legal move the pieces now show, found when the state became ``made``, and the
        #: version of the position it was found legal in.
        self.made_move: chess.Move | None = None
        self.made_version = -1
        #: A move the player is known to be making (``play``): tried first, before a search.
        self.expected: chess.Move | None = None

    # -- conditions (read after the pieces changed) -------------------------------------------

    def is_piece_placed(self) -> bool:
        """Whether the player whose turn it is holds a piece set down on a square."""
        owner = self.owner
        for key, held in self.held.items():  # a loop, not any(): asked at most acts (issue 36)
            if key[0] == owner and held.on is not None:
                return True
        return False

    def is_piece_in_air(self) -> bool:
        """Whether the player whose turn it is holds a piece."""
        return self.is_holding(self.owner)

    def is_move_made(self) -> bool:
        """Whether the pieces, with no piece in hand, show a legal move from the position."""
        board, expected = self.position.now, self.expected
        if expected is not None and board.is_legal(expected):
            board.push(expected)
            shown = same_placement(board, self.position.standing)
            board.pop()
            if shown:
                self._made(expected)
                return True
        self._made(self.position.move_shown())
        return self.made_move is not None

    def _made(self, move: chess.Move | None) -> None:
        """The pieces show ``move`` (None: no legal move), a legal move of the position as it is now."""
        self.made_move, self.made_version = move, self.position.version

    def is_made_move_legal(self) -> bool:
        """Whether :attr:`made_move` is a legal move of the position as it is now: found legal
        in it, and the position has not changed since."""
        return self.made_move is not None and self.made_version == self.position.version

    def is_castling_begun(self) -> bool:
        """Whether the king stands released two squares towards a rook (4.7.2)."""
        return castling_begun(self.position.now, self.position.standing) is not None

    def is_promotion_under_way(self) -> bool:
        """Whether the pieces show a promotion part way done (4.6)."""
        return promotion_under_way(self.position.now, self.position.standing) is not None

    def is_undisturbed(self) -> bool:
        """Whether the pieces stand as in the position."""
        return self.position.is_standing_as_position()

    def is_move_pending(self) -> bool:
        """Whether a move the arbiter let stand waits for the clock."""
        return self.move_pending

    def has_touched(self) -> bool:
        """Whether a piece was touched this turn."""
        return self.touched

    # -- helpers --------------------------------------------------------------------------------

    def hand_of(self, color: chess.Color, hand: Hand | None) -> Hand:
        """The hand an act uses: the one named, else the one the player used last."""
        return hand if hand is not None else self.last_hand[color]

    def is_holding(self, color: chess.Color) -> bool:
        """Whether ``color`` holds a piece in either hand."""
        for key in self.held:
            if key[0] == color:
                return True
        return False

    def _fire(self, trigger: str) -> None:
        try:
            _EVENTS[trigger].trigger(self)
        except MachineError:
            raise InvalidEventError(_("cannot {action} now (the turn is {state})").format(
                action=trigger.replace("_", " "), state=repr(self.state))) from None

    def _check(self, trigger: str) -> None:
        if trigger not in ACCEPTS[self.state]:
            if self.state == "ended":
                raise InvalidEventError(_("the game is over"))
            raise InvalidEventError(_("cannot {action} now (the turn is {state})").format(
                action=trigger, state=repr(self.state)))

    def _piece_on(self, square: chess.Square) -> chess.Piece:
        piece = self.position.standing.piece_at(square)
        if piece is None:
            raise InvalidEventError(_("no piece stands on {square}").format(square=chess.square_name(square)))
        return piece

    def _step(self, color: chess.Color, hand: Hand, trigger: str, fire: bool) -> None:
        self.last_hand[color] = hand
        if color == self.owner:  # the move under way is his: the opponent's hands are not its (4.1)
            self.hands_used.add(hand)
        if fire:
            self._fire(trigger)

    # -- the verbs -----------------------------------------------------------------------------

    def touch(self, color: chess.Color, squares: list[chess.Square], fire: bool = True) -> list[chess.Piece]:
        """Touch the pieces on ``squares`` without lifting them; the pieces touched."""
        pieces = [self._piece_on(square) for square in squares]
        if fire:
            self._check("touch")
            self.touched = True
            self._fire("touch")
        return pieces

    def adjust(self, color: chess.Color, squares: list[chess.Square], fire: bool = True) -> list[chess.Piece]:
        """Say "j'adoube" and adjust the pieces on ``squares`` where they stand."""
        pieces = [self._piece_on(square) for square in squares]
        if fire:
            self._fire("adjust")
        return pieces

    def holder(self, square: chess.Square) -> tuple[chess.Color, Hand] | None:
        """The player and hand holding the piece set on ``square``, if a hand still holds it."""
        if not self.held:  # most acts: no hand holds anything
            return None
        return next((key for key, held in self.held.items() if held.on == square), None)

    def check_lift(self, color: chess.Color, square: chess.Square, hand: Hand) -> chess.Piece:
        """:raises InvalidEventError: if the hand cannot pick up the piece on ``square``."""
        return self._liftable(color, square, hand)[0]

    def _liftable(self, color: chess.Color, square: chess.Square,
                  hand: Hand) -> tuple[chess.Piece, tuple[chess.Color, Hand] | None]:
        """:meth:`check_lift`, and the hand that holds the piece set on ``square`` (None: none)."""
        piece = self._piece_on(square)
        holder = self.holder(square)
        if holder is not None:
            if holder[0] != color:
                raise InvalidEventError(_("the piece on {square} is in the other player's hand").format(
                    square=chess.square_name(square)))
            return piece, holder  # raised off the square again, still in the hand that holds it
        if (color, hand) in self.held:
            raise InvalidEventError(_("the left hand already holds a piece") if hand == "left"
                                    else _("the right hand already holds a piece"))
        return piece, None

    def check_remove(self, color: chess.Color, square: chess.Square) -> chess.Piece:
        """:raises InvalidEventError: if the piece on ``square`` cannot be taken off."""
        piece = self._piece_on(square)
        holder = self.holder(square)
        if holder is not None and holder[0] != color:
            raise InvalidEventError(_("the piece on {square} is in the other player's hand").format(
                    square=chess.square_name(square)))
        return piece

    def check_put(self, color: chess.Color, square: chess.Square, hand: Hand) -> None:
        """:raises InvalidEventError: if the hand cannot set a new piece on ``square``."""
        if (color, hand) in self.held:
            raise InvalidEventError(_("the left hand already holds a piece") if hand == "left"
                                    else _("the right hand already holds a piece"))
        if self.position.standing.piece_at(square) is not None:
            raise InvalidEventError(_("{square} is occupied: remove the piece first").format(
                square=chess.square_name(square)))

    def lift(self, color: chess.Color, square: chess.Square, hand: Hand, fire: bool = True) -> chess.Piece:
        """Pick up the piece on ``square`` and hold it."""
        piece, holder = self._liftable(color, square, hand)
        if fire:
            self._check("lift")
            self.touched = True
        self.position.standing.remove_piece_at(square)
        if holder is not None:  # a piece still held, raised off the square it was set on
            hand = holder[1]
            self.held[holder].on = None
        else:
            self.held[(color, hand)] = Held(piece, square)
        self._step(color, hand, "lift", fire)
        return piece

    def lift_first(self, color: chess.Color, square: chess.Square, hand: Hand, piece: chess.Piece) -> None:
        """:meth:`lift` of ``piece``, standing on ``square``, by the player whose turn the state
        follows, when no hand holds anything (the caller knows both)."""
        take_off(self.position.standing, square, piece.piece_type)
        self.held[(color, hand)] = Held(piece, square)
        self.touched = True
        self._step(color, hand, "lift", True)

    def place(self, color: chess.Color, square: chess.Square, hand: Hand, fire: bool = True) -> chess.Piece:
        """Set the held piece down on the empty ``square``, keeping hold of it."""
        return self._set_down(color, square, hand, "place", fire).piece

    def drop(self, color: chess.Color, square: chess.Square, hand: Hand, fire: bool = True) -> Held:
        """Set the held piece down on the empty ``square`` and let go of it, in one act."""
        return self._set_down(color, square, hand, "drop", fire)

    def _set_down(self, color: chess.Color, square: chess.Square, hand: Hand, trigger: str, fire: bool) -> Held:
        held = self.held.get((color, hand))
        if held is None:
            raise InvalidEventError(_("nothing is in the left hand to place") if hand == "left"
                                    else _("nothing is in the right hand to place"))
        if self.position.standing.piece_at(square) is not None:
            raise InvalidEventError(_("{square} is occupied: remove the piece first, or use move").format(
                square=chess.square_name(square)))
        if fire:
            self._check(trigger)
        standing = self.position.standing
        if held.on is not None:
            take_off(standing, held.on)  # whatever stands there now (pieces put back may have come)
        set_down(standing, square, held.piece)
        held.on = square
        if trigger == "drop":
            del self.held[(color, hand)]
        self._step(color, hand, trigger, fire)
        return held

    def release(self, color: chess.Color, hand: Hand, fire: bool = True) -> Held:
        """Let go of the piece the hand holds on a square."""
        held = self.held.get((color, hand))
        if held is None:
            raise InvalidEventError(_("nothing is in the left hand to release") if hand == "left"
                                    else _("nothing is in the right hand to release"))
        if held.on is None:
            raise InvalidEventError(_("the piece in hand is not set on a square (use drop SQ)"))
        if fire:
            self._check("release")
        del self.held[(color, hand)]
        self._step(color, hand, "release", fire)
        return held

    def remove(self, color: chess.Color, square: chess.Square, hand: Hand, fire: bool = True) -> chess.Piece:
        """Take the piece on ``square`` off the board (a touch of it); a piece the player still
        holds there leaves his hand with it (4.4.4, 4.6: a new piece or the pawn exchanged)."""
        piece = self.check_remove(color, square)
        if fire:
            self._check("remove")
            self.touched = True
        self.position.standing.remove_piece_at(square)
        holder = self.holder(square)
        if holder is not None:
            hand = holder[1]
            del self.held[holder]
        self._step(color, hand, "remove", fire)
        return piece

    def put(self, color: chess.Color, piece_type: chess.PieceType, square: chess.Square, hand: Hand,
            fire: bool = True, piece_color: chess.Color | None = None) -> chess.Piece:
        """Set a piece from beside the board on the empty ``square``, keeping hold of it: a new
        piece of the player's colour, or of ``piece_color`` (a captured piece put back)."""
        self.check_put(color, square, hand)
        if fire:
            self._check("put")
        piece = chess.Piece(piece_type, color if piece_color is None else piece_color)
        self.position.standing.set_piece_at(square, piece)
        self.held[(color, hand)] = Held(piece, None, square)
        self._step(color, hand, "put", fire)
        return piece

    def play(self, color: chess.Color, move: chess.Move, hand: Hand,
             kinds: tuple[chess.PieceType | None, chess.PieceType | None] | None = None) -> None:
        """Make the legal ``move`` in one go with one hand, before anything else this turn: the
        piece lifted, the captured piece taken off, the piece set down and released; castling,
        the king then the rook.

        Only a simple move, a capture or standard castling (not en passant or promotion, whose
        steps the verbs above follow one by one, nor Chess960's castling, the king onto its rook),
        from ``idle``: the pieces then show the move, so the state is ``made`` without reading the
        board again. ``kinds``: the kinds of the piece moved and of the one taken (None: none), when
        the caller has read them.
        """
        self._check("play")
        origin, target = move.from_square, move.to_square
        standing = self.position.standing
        if standing.kings & chess.BB_SQUARES[origin] and abs(target - origin) == 2:  # standard castling (e1g1)
            if self.position.now.chess960:
                raise ValueError("Table.play makes standard castling only")
            _, rook_from, rook_to = castling_squares(origin, "kingside" if target > origin else "queenside")
            carry(standing, rook_from, rook_to)
        carry(standing, origin, target, kinds)  # the caller checked the move is legal
        self.touched = True
        self._made(move)
        self._step(color, hand, "play", fire=True)

    def press(self, color: chess.Color, hand: Hand) -> None:
        """The player whose turn is under way presses the clock; the next turn begins."""
        self.last_hand[color] = hand
        self._fire("press")
        self._new_turn()

    def let_go_at_press(self, color: chess.Color) -> None:
        """``color`` presses the clock with pieces still in hand: one set on a square stays there, one
        in the air goes back where it was lifted from (a new piece, back beside the board)."""
        for key in [key for key in self.held if key[0] == color]:
            held = self.held.pop(key)
            if held.on is None and held.origin is not None and self.position.standing.piece_at(held.origin) is None:
                self.position.standing.set_piece_at(held.origin, held.piece)

    # -- the arbiter's acts ---------------------------------------------------------------------

    def restore(self, move_stands: bool = False) -> None:
        """The arbiter sets the pieces back to the position; pieces in hand go back too."""
        self.held.clear()
        self.position.restore_standing()
        self.move_pending = move_stands
        self.hands_used.clear()
        self._fire("restore")
        self.move_pending = False

    def settle(self) -> None:
        """The arbiter has set displaced pieces right: the turn's state is read again."""
        self._fire("settle")

    def take_turn(self) -> None:
        """The opponent takes up the turn after the move was made."""
        self._fire("take_turn")
        self._new_turn()

    def reopen(self) -> None:
        """The player who made the move takes a piece up again (the move is no longer shown)."""
        self.made_move = None

    def end(self) -> None:
        """The game is over: nothing on the board matters any more."""
        self._fire("end")

    def _new_turn(self) -> None:
        self.touched = False
        self.hands_used.clear()
        self.made_move = None
