"""The event language of FORMAT §2: parse ``VERB ARGS...`` into typed actions."""

from __future__ import annotations

from fractions import Fraction

from collections.abc import Callable
from typing import Literal, get_args

import chess

from arbiter.core.arrangement import Side, castling_squares
from arbiter.core.errors import InvalidEventError, shown
from arbiter.core.position import PIECE_LETTERS, captured_square
from arbiter.core.records import Record
from arbiter.core.i18n import _, ngettext
from arbiter.table.machine import Hand

PIECE_TYPES = {letter: chess.PIECE_SYMBOLS.index(letter.lower()) for letter in PIECE_LETTERS}


class TouchAct(Record):
    """``touch``: the pieces on ``squares`` touched, not lifted; ``accidental``: clearly not deliberate (4.2.2)."""

    __slots__ = ("squares", "accidental")
    squares: tuple[chess.Square, ...]
    accidental: bool

    def __init__(self, squares: tuple[chess.Square, ...], accidental: bool = False) -> None:
        object.__setattr__(self, "squares", squares)
        object.__setattr__(self, "accidental", accidental)


class AdjustAct(Record):
    """``adjust``: "j'adoube" said first, then the pieces on ``squares`` straightened (4.2.1)."""

    __slots__ = ("squares",)
    squares: tuple[chess.Square, ...]

    def __init__(self, squares: tuple[chess.Square, ...]) -> None:
        object.__setattr__(self, "squares", squares)


class LiftAct(Record):
    """``lift``: the piece on ``square`` picked up (a touch of it) and held in the air."""

    __slots__ = ("square",)
    square: chess.Square

    def __init__(self, square: chess.Square) -> None:
        object.__setattr__(self, "square", square)


class PlaceAct(Record):
    """``place``: the held piece set down on the empty ``square``, still held."""

    __slots__ = ("square",)
    square: chess.Square

    def __init__(self, square: chess.Square) -> None:
        object.__setattr__(self, "square", square)


class ReleaseAct(Record):
    """``release``: the piece held let go of."""

    __slots__ = ()


class DropAct(Record):
    """``drop``: ``place`` on ``square`` then ``release``, in one event."""

    __slots__ = ("square",)
    square: chess.Square

    def __init__(self, square: chess.Square) -> None:
        object.__setattr__(self, "square", square)


class RemoveAct(Record):
    """``remove``: the piece on ``square`` taken off the board (a touch of it)."""

    __slots__ = ("square",)
    square: chess.Square

    def __init__(self, square: chess.Square) -> None:
        object.__setattr__(self, "square", square)


class PutAct(Record):
    """``put``: a new piece from beside the board set on ``square``, still held (the promotion)."""

    __slots__ = ("piece", "square", "color")
    piece: chess.PieceType
    square: chess.Square
    #: The colour of the new piece, when named (``put black N c6``); else the actor's.
    color: chess.Color | None

    def __init__(self, piece: chess.PieceType, square: chess.Square, color: chess.Color | None = None) -> None:
        object.__setattr__(self, "piece", piece)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "color", color)


class MoveAct(Record):
    """``move``: the piece on ``origin`` lifted, whatever stands on ``target`` removed, the piece dropped there."""

    __slots__ = ("origin", "target")
    origin: chess.Square
    target: chess.Square

    def __init__(self, origin: chess.Square, target: chess.Square) -> None:
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "target", target)


class PlayAct(Record):
    """``play``: the whole move done correctly with one hand, then the clock pressed with that hand."""

    __slots__ = ("move",)
    move: str

    def __init__(self, move: str) -> None:
        object.__setattr__(self, "move", move)


class PressAct(Record):
    """``press``: the clock pressed."""

    __slots__ = ()


class WriteAct(Record):
    """``write``: ``move`` written on the scoresheet (the move a draw claim is about)."""

    __slots__ = ("move",)
    move: str

    def __init__(self, move: str) -> None:
        object.__setattr__(self, "move", move)


ClaimKind = Literal["touch-move", "illegal-move", "flag", "threefold", "fifty", "set-up", "orientation", "colours"]
#: The claims that take no move (the draw claims may name one).
_PLAIN_CLAIMS = ("touch-move", "illegal-move", "flag", "set-up", "orientation", "colours")
#: Every claim ``claim`` takes (:data:`ClaimKind`).
CLAIM_KINDS: tuple[ClaimKind, ...] = get_args(ClaimKind)


class ClaimAct(Record):
    """``claim``: the claim named, with the move a draw claim may name."""

    __slots__ = ("claim", "move")
    claim: ClaimKind
    move: str | None

    def __init__(self, claim: ClaimKind, move: str | None = None) -> None:
        object.__setattr__(self, "claim", claim)
        object.__setattr__(self, "move", move)


class OfferAct(Record):
    """``offer draw``: a draw offered (9.1.2)."""

    __slots__ = ()


class AcceptAct(Record):
    """``accept draw``: the draw offered, or the draw claim, accepted."""

    __slots__ = ()


class DeclineAct(Record):
    """``decline draw``: the draw offered declined aloud."""

    __slots__ = ()


class ResignAct(Record):
    """``resign``: the player resigns (5.1.2)."""

    __slots__ = ()


class ArriveAct(Record):
    """The player arrives at the board (6.7)."""

    __slots__ = ()


class KnockAct(Record):
    """The player displaces (knocks over) the pieces on ``squares`` (7.4.1)."""

    __slots__ = ("squares",)
    squares: tuple[chess.Square, ...]

    def __init__(self, squares: tuple[chess.Square, ...]) -> None:
        object.__setattr__(self, "squares", squares)


#: The reasons a player may give for pausing the clock to call the arbiter (6.11.2): a claim to
#: make (4.8, 7.5, 9.5.1, A.5.3), a promotion piece not at hand, assistance the arbiter must give,
#: illness or another emergency.
PAUSE_REASONS = ("claim", "promotion", "assistance", "illness", "emergency")


class PauseAct(Record):
    """The player pauses the clock to ask for the arbiter's help (6.11.2, 7.4.2), for ``reason``
    (one of :data:`PAUSE_REASONS`) or saying none."""

    __slots__ = ("reason",)
    reason: str | None

    def __init__(self, reason: str | None = None) -> None:
        object.__setattr__(self, "reason", reason)


class CarryAct(Record):
    """The player is seen evidently carrying an electronic device in the venue (11.3.2)."""

    __slots__ = ()


Action = (
    TouchAct | AdjustAct | LiftAct | PlaceAct | ReleaseAct | DropAct | RemoveAct | PutAct | MoveAct
    | PlayAct | PressAct | WriteAct | ClaimAct | OfferAct | AcceptAct | DeclineAct | ResignAct
    | ArriveAct | KnockAct | PauseAct | CarryAct
)

VERBS = (
    "touch", "adjust", "lift", "place", "release", "drop", "remove", "put", "move", "play",
    "press", "write", "claim", "offer", "accept", "decline", "resign",
    "arrive", "knock", "pause", "carry",
)


class Event(Record):
    """One event at the board: who, what, when, with which hand."""

    __slots__ = ("actor", "action", "text", "at", "hand", "note", "line")
    actor: chess.Color
    action: Action
    text: str
    at: Fraction | None
    hand: Hand | None
    note: str | None
    line: int | None

    def __init__(
        self,
        actor: chess.Color,
        action: Action,
        text: str,
        at: Fraction | None = None,
        hand: Hand | None = None,
        note: str | None = None,
        line: int | None = None,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "note", note)
        object.__setattr__(self, "line", line)

    def describe(self) -> str:
        """``white: move e2 e4`` as the user wrote it."""
        return f"{chess.COLOR_NAMES[self.actor]}: {self.text}"


def parse_square(text: str) -> chess.Square:
    """``e4`` → the square.

    :raises InvalidEventError: if it is not ``a1``..``h8``.
    """
    if text not in chess.SQUARE_NAMES:
        raise InvalidEventError(_("bad square {square} (squares are a1..h8)").format(square=shown(text)))
    return chess.SQUARE_NAMES.index(text)


def _squares(verb: str, args: list[str], at_least: int = 1) -> tuple[chess.Square, ...]:
    if len(args) < at_least:
        raise InvalidEventError(_("{verb} needs a square").format(verb=verb))
    squares = tuple(parse_square(arg) for arg in args)
    if len(set(squares)) != len(squares):
        raise InvalidEventError(_("{verb} names a square twice").format(verb=verb))
    return squares


def _one_square(verb: str, args: list[str]) -> chess.Square:
    if len(args) != 1:
        raise InvalidEventError(ngettext("{verb} takes one square, got {count} argument",
                                         "{verb} takes one square, got {count} arguments", len(args)).format(
            verb=verb, count=len(args)))
    return parse_square(args[0])


def _no_args(verb: str, args: list[str]) -> None:
    if args:
        raise InvalidEventError(_("{verb} takes no arguments, got {given}").format(verb=verb,
                                                                                   given=shown(" ".join(args))))


def _object(verb: str, args: list[str], word: str) -> None:
    if args != [word]:
        raise InvalidEventError(_("{verb} takes one argument, {word}; got {given}").format(
            verb=verb, word=repr(word), given=shown(" ".join(args))))


_ONE_SQUARE: dict[str, Callable[[chess.Square], Action]] = {
    "lift": LiftAct, "place": PlaceAct, "drop": DropAct, "remove": RemoveAct,
}
_NO_ARGS: dict[str, Callable[[], Action]] = {
    "release": ReleaseAct, "press": PressAct, "resign": ResignAct, "arrive": ArriveAct,
}
_DRAW: dict[str, Callable[[], Action]] = {"offer": OfferAct, "accept": AcceptAct, "decline": DeclineAct}


def parse_action(text: str) -> Action:
    """Parse the action part of an event (``move e2 e4``).

    :raises InvalidEventError: on an unknown verb or bad arguments.
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidEventError(_("empty action"))
    verb, *args = text.split()
    if verb in ("play", "write"):  # first: the one verb of a whole game's events
        if len(args) != 1:
            raise InvalidEventError(_("{verb} takes one move in SAN or UCI").format(verb=verb))
        return PlayAct(args[0]) if verb == "play" else WriteAct(args[0])
    if verb == "touch":
        accidental = bool(args) and args[-1] == "accidentally"
        return TouchAct(_squares(verb, args[:-1] if accidental else args), accidental)
    if verb == "adjust":
        return AdjustAct(_squares(verb, args))
    if verb == "knock":
        return KnockAct(_squares(verb, args))
    if verb == "carry":
        _object(verb, args, "device")
        return CarryAct()
    if verb == "pause":
        reasons = [word for word in args if word != "for"]
        if len(reasons) > 1 or (reasons and reasons[0] not in PAUSE_REASONS):
            raise InvalidEventError(_("pause takes a reason or none: {reasons}").format(
                reasons=", ".join(PAUSE_REASONS)))
        return PauseAct(reasons[0] if reasons else None)
    if verb in _ONE_SQUARE:
        return _ONE_SQUARE[verb](_one_square(verb, args))
    if verb in _NO_ARGS:
        _no_args(verb, args)
        return _NO_ARGS[verb]()
    if verb == "put":
        color = None
        if len(args) == 3 and args[0] in ("white", "black"):
            color = chess.WHITE if args[0] == "white" else chess.BLACK
            args = args[1:]
        if len(args) != 2:
            raise InvalidEventError(_("put takes a piece letter and a square (put Q e8), or a colour first "
                                      "(put black N c6)"))
        if args[0] not in PIECE_TYPES:
            raise InvalidEventError(_("bad piece letter {letter} (pieces are K Q R B N P)").format(
                letter=shown(args[0])))
        return PutAct(PIECE_TYPES[args[0]], parse_square(args[1]), color)
    if verb == "move":
        if len(args) != 2:
            raise InvalidEventError(_("move takes two squares (move e2 e4)"))
        origin, target = _squares(verb, args, 2)
        return MoveAct(origin, target)
    if verb == "claim":
        if not args or args[0] not in CLAIM_KINDS:
            raise InvalidEventError(_(
                "claim takes touch-move, illegal-move, flag, threefold [MOVE], fifty [MOVE], set-up, "
                "orientation or colours"
            ))
        kind = args[0]
        if kind in ("threefold", "fifty") and len(args) <= 2:
            return ClaimAct(kind, args[1] if len(args) == 2 else None)
        if len(args) != 1:
            raise InvalidEventError(_("claim {kind} takes no move").format(kind=kind))
        return ClaimAct(kind)
    if verb in _DRAW:
        _object(verb, args, "draw")
        return _DRAW[verb]()
    raise InvalidEventError(_("unknown verb {verb}").format(verb=shown(verb)))


def steps_of(board: chess.Board, move: chess.Move) -> list[Action]:
    """The physical steps of ``move`` done correctly with one hand (4.1, 4.6, 4.7)."""
    origin, target = move.from_square, move.to_square
    if board.is_castling(move):
        side: Side = "kingside" if chess.square_file(target) > chess.square_file(origin) else "queenside"
        king_to, rook_from, rook_to = castling_squares(origin, side)
        return [LiftAct(origin), DropAct(king_to), LiftAct(rook_from), DropAct(rook_to)]
    steps: list[Action] = []
    if move.promotion:
        steps.append(RemoveAct(origin))
        if board.piece_at(target) is not None:
            steps.append(RemoveAct(target))
        steps += [PutAct(move.promotion, target), ReleaseAct()]
        return steps
    steps.append(LiftAct(origin))
    taken = captured_square(board, move) if board.is_legal(move) else (
        target if board.piece_at(target) is not None else None)
    if taken == target:
        steps.append(RemoveAct(target))
    steps.append(DropAct(target))
    if taken is not None and taken != target:
        steps.append(RemoveAct(taken))
    return steps
