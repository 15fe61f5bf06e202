"""A DGT recording read as acts at the board (issue 33): what each square change and each turn of
the clock's lever was in the event language of ``docs/format.md`` §2, with the time of each, ready
to be written as a scenario (``arbiter import dgt``) or played into a session (``arbiter watch``).

The board sees pieces leave and reach squares, and the clock its times and its lever; it sees no
touch, no release and no hand (``docs/eboards.md``). The readings, each a rule of
:class:`ActReader`:

- a square emptied of the mover's piece while his hand is free: ``lift``; of the opponent's piece:
  ``remove`` (a capture); of the piece his hand set down there: the same piece taken on (a slide
  over the squares between, or a piece set down and carried on: see ``moved_on_after``);
- a square filled with the piece in the hand: ``place`` (held: the board cannot see the release);
  filled with a new piece while a pawn is in the hand: the pawn set on it and taken off, the new
  piece put (``remove``, ``put``: 4.6); with a piece the mover took off this turn: the captured
  piece carried away over the board, no act; a square changing from one piece to another in one
  scan: the first taken off, the second set down;
- the hand is read as letting go (``release``) when it is next seen doing something else: another
  piece lifted, the clock pressed, the turn over;
- the lever turning: ``press`` by the player whose side stops (the lever's bit, not the clock's
  "to move" bits, which real boards report reversed);
- each act's time (``at``) is the time both clocks have run since the clock started, read from the
  clock messages (a second's resolution), the increment given at each press counted out;
- both kings put on the four centre squares after the game (DGT's way of saying a result), and
  anything after the clock shows a fallen flag and stops, end the acts read.

Every player's act is read as his right hand: the board cannot see two hands (4.1) or the hand
that pressed (6.2.3), and the arbiter never rules on them from a board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import chess

from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import _
from arbiter.files.dgtserial import BoardDump, ClockReading, FieldUpdate, Message, messages, square_of

#: Seconds the mover's clock may run between setting a piece down and taking it on again, for a
#: slide: more, and the piece was released and moved on (4.7). The clock reads whole seconds.
MOVED_ON_AFTER = 2
CENTRE = frozenset({chess.D4, chess.E4, chess.D5, chess.E5})


class DgtImportError(ArbiterError):
    """A recording that cannot be read as a game: no board dump before the first square change,
    or a change of a square the board said nothing about."""


@dataclass(frozen=True)
class Act:
    """One act at the board: the player, the event's words (``lift e2``), its time, and where in
    the recording it was read."""

    color: chess.Color
    words: str
    at: int
    offset: int

    def line(self) -> str:
        """The event as a scenario writes it: ``{white: lift e2, at: 12}``."""
        return f"{{{chess.COLOR_NAMES[self.color]}: {self.words}, at: {self.at}}}"


@dataclass
class Reading:
    """What a recording shows: the start, who plays on which side, the acts, and why it ended."""

    board: chess.Board
    turned: bool
    white_side: str | None = None  # "left" or "right"
    start_clock: dict[chess.Color, int] | None = None
    increment: int = 0
    acts: list[Act] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: The clock's last reading: each side's time (the tests compare the referee's clock with it)
    #: and which flags show (a fallen flag ends the recording with a claim: ``ActReader.finish``).
    final_clock: dict[chess.Color, int] | None = None
    flags: frozenset[chess.Color] = frozenset()


@dataclass
class _Hand:
    piece: str
    origin: chess.Square | None
    on: chess.Square | None = None  # where it was set down (still held)
    at: int = 0  # when


class ActReader:
    """Reads messages one by one (a recording, or a live board) into acts."""

    def __init__(self, increment: int = 0) -> None:
        #: The seconds the clock adds at each press (:func:`increment_of` reads them from a recording).
        self.increment = increment
        self.reading: Reading | None = None
        self.standing: dict[chess.Square, str] = {}
        self.hand: dict[chess.Color, _Hand | None] = {chess.WHITE: None, chess.BLACK: None}
        self.taken: dict[chess.Color, list[str]] = {chess.WHITE: [], chess.BLACK: []}
        self.carried: dict[chess.Square, str] = {}
        #: A piece of the mover's seen on a square before the board saw it leave its own: the
        #: board scans its squares in turn, and a quick move can show the arrival first.
        self.arrived: tuple[chess.Square, str, Message] | None = None
        self.to_move: chess.Color = chess.WHITE
        self.running: str | None = None  # the side whose clock runs
        self.times: dict[str, int] | None = None
        self.elapsed = 0
        self.ended = False
        #: The clock started on pieces set after the first dump: the acts read before are dropped.
        self.restarted = False

    # -- reading -----------------------------------------------------------------------------------------

    def feed(self, message: Message) -> list[Act]:
        """The acts ``message`` shows (none for most clock messages)."""
        if self.ended:
            return []
        if isinstance(message, BoardDump):
            return self._dump(message)
        if self.reading is None:
            if isinstance(message, FieldUpdate):
                raise DgtImportError(_("{where}: a square changed before the board was read whole (a board dump "
                                       "comes first)").format(where=message.where))
            return []
        if isinstance(message, FieldUpdate):
            return self._field(message)
        if isinstance(message, ClockReading) and not message.is_acknowledgement and not message.no_clock:
            return self._clock(message)
        return []

    def _dump(self, message: BoardDump) -> list[Act]:
        if self.reading is not None:
            return []  # a later dump (asked for by a program) changes nothing on the board
        white_top = sum(1 for n, p in enumerate(message.pieces) if p and p.isupper() and n < 32)
        white_bottom = sum(1 for n, p in enumerate(message.pieces) if p and p.isupper() and n >= 32)
        turned = white_top > white_bottom
        board = chess.Board(None)
        for number, piece in enumerate(message.pieces):
            if piece is not None and len(piece) == 1:
                board.set_piece_at(square_of(number, turned), chess.Piece.from_symbol(piece))
        if board.board_fen() == chess.STARTING_BOARD_FEN:
            board = chess.Board()
        self.reading = Reading(board, turned, increment=self.increment)
        self.standing = {s: p.symbol() for s, p in board.piece_map().items()}
        if turned:
            self.reading.notes.append(_("the board stands turned round: White's pieces on the side of its "
                                        "connector's far end (each square read turned)"))
        return []

    def _square(self, message: FieldUpdate) -> chess.Square:
        assert self.reading is not None
        return square_of(message.field_number, self.reading.turned)

    def _act(self, color: chess.Color, words: str, message: Message) -> Act:
        return Act(color, words, self.elapsed, message.offset)

    def _field(self, message: FieldUpdate) -> list[Act]:
        square = self._square(message)
        was = self.standing.get(square)
        acts: list[Act] = []
        if was is not None and was != message.piece:
            acts += self._emptied(square, was, message)
        if message.piece is not None and message.piece != was:
            acts += self._filled(square, message.piece, message)
        return acts

    def _mover(self) -> chess.Color:
        return self.to_move

    def _emptied(self, square: chess.Square, piece: str, message: FieldUpdate) -> list[Act]:
        del self.standing[square]
        if square in self.carried:  # a captured piece carried over the board, taken on
            del self.carried[square]
            return []
        mover = self._mover()
        hand = self.hand[mover]
        own = piece.isupper() == (mover == chess.WHITE)
        if self.arrived is not None and own and self.arrived[1] == piece and hand is None:
            target, _piece, seen = self.arrived  # the square it left, seen after the one it reached
            self.arrived = None
            self.hand[mover] = _Hand(piece, square, target, self.elapsed)
            return [self._act(mover, f"lift {chess.square_name(square)}", seen),
                    self._act(mover, f"place {chess.square_name(target)}", seen)]
        if hand is not None and hand.on == square:  # the piece set down there, taken on
            hand.on = None
            if self.elapsed - hand.at >= MOVED_ON_AFTER:  # it was let go of, then moved on (4.7)
                self.hand[mover] = _Hand(piece, square)
                return [self._act(mover, "release", message), self._act(mover, f"lift {chess.square_name(square)}",
                                                                        message)]
            return []
        if not own:  # the opponent's piece taken off: a capture
            self.taken[mover].append(piece)
            return [self._act(mover, f"remove {chess.square_name(square)}", message)]
        acts = []
        if hand is not None:  # another piece of his own: the one in his hand was let go of
            if hand.on is None:
                # two pieces in the air (the board scanned the second lift before the first set
                # down): read the first as set down where the board shows it next
                self.hand[mover] = None
                self.reading_note(_("{where}: a second piece lifted with one in the air: read as the first "
                                    "let go of").format(where=message.where))
            acts.append(self._act(mover, "release", message))
        self.hand[mover] = _Hand(piece, square)
        acts.append(self._act(mover, f"lift {chess.square_name(square)}", message))
        return acts

    def _filled(self, square: chess.Square, piece: str, message: FieldUpdate) -> list[Act]:
        self.standing[square] = piece
        mover = self._mover()
        hand = self.hand[mover]
        name = chess.square_name(square)
        if hand is not None and hand.piece == piece:
            hand.on, hand.at = square, self.elapsed
            return [self._act(mover, f"place {name}", message)]
        if hand is not None and hand.piece.upper() == "P" and piece.upper() in "QRBN" and \
                chess.square_rank(square) in (0, 7):
            # the pawn set on the promotion square and exchanged there (4.6)
            self.hand[mover] = None
            return [self._act(mover, f"place {name}", message), self._act(mover, f"remove {name}", message),
                    self._act(mover, f"put {piece.upper()} {name}", message)]
        if piece in self.taken[mover]:  # a captured piece carried away over the board
            self.carried[square] = piece
            return []
        if hand is None and piece.isupper() == (mover == chess.WHITE) and self.arrived is None and any(
                p == piece for s, p in self.standing.items() if s != square):
            self.arrived = (square, piece, message)  # its origin shows next
            return []
        if hand is None and piece.isupper() == (mover == chess.WHITE) and piece.upper() in "QRBN":
            self.hand[mover] = _Hand(piece, None, square, self.elapsed)
            return [self._act(mover, f"put {piece.upper()} {name}", message)]
        self.reading_note(_("{where}: {piece} appeared on {square}, which no act of the player having the move "
                            "explains: read as put there").format(where=message.where, piece=piece, square=name))
        actor = chess.WHITE if piece.isupper() else chess.BLACK
        return [self._act(actor, f"put {piece.upper()} {name}", message), self._act(actor, "release", message)]

    def reading_note(self, text: str) -> None:
        """Keep a note of how the recording was read where it could be read more than one way."""
        assert self.reading is not None
        self.reading.notes.append(text)

    def _start_from_standing(self) -> None:
        assert self.reading is not None
        board = self.reading.board
        if {s: p.symbol() for s, p in board.piece_map().items()} == self.standing:
            return
        placed = chess.Board(None)
        for square, symbol in self.standing.items():
            placed.set_piece_at(square, chess.Piece.from_symbol(symbol))
        placed.turn = self.to_move
        if placed.board_fen() == chess.STARTING_BOARD_FEN and placed.turn == chess.WHITE:
            placed = chess.Board()
        self.reading.board = placed
        self.restarted = True
        self.forget_turn()
        self.reading_note(_("the pieces were set after the board was first read: the game starts from them as "
                            "they stood when the clock started"))

    def _clock(self, message: ClockReading) -> list[Act]:
        assert self.reading is not None and message.left is not None and message.right is not None
        now = {"left": message.left.seconds, "right": message.right.seconds}
        running = ("right" if message.lever_right else "left") if message.running else None
        acts: list[Act] = []
        if self.times is None:
            self.times = now
        if running is not None and self.reading.white_side is None:
            # The clock starts: the game starts from the pieces as they stand now (a piece set
            # after the board was first read counts; the acts before the start are no game's).
            self._start_from_standing()
            # the first side to run is the side of the player to move
            mover_side = running
            self.reading.white_side = mover_side if self.to_move == chess.WHITE else _other(mover_side)
            self.reading.start_clock = {chess.WHITE: now[self.reading.white_side],
                                        chess.BLACK: now[_other(self.reading.white_side)]}
        before = self.times
        if self.running is not None and running is not None and running != self.running:
            presser = self.running
            self.elapsed += max(0, before[presser] - now[presser] + self.increment)
            acts += self._press(message)
            self.elapsed += max(0, before[running] - now[running])
        elif self.running is not None:
            self.elapsed += max(0, before[self.running] - now[self.running])
        if running is not None or self.running is None:
            self.running = running
        self.times = now
        side = self.reading.white_side
        if side is not None:
            self.reading.final_clock = {chess.WHITE: now[side], chess.BLACK: now[_other(side)]}
            fallen = {chess.WHITE: message.left if side == "left" else message.right,
                      chess.BLACK: message.right if side == "left" else message.left}
            self.reading.flags = frozenset(c for c, s in fallen.items() if s.flag or s.final_flag)
        return acts

    def _press(self, message: ClockReading) -> list[Act]:
        mover = self.to_move
        acts = []
        if self.arrived is not None:  # it never left another square: a piece put on the board
            square, piece, seen = self.arrived
            self.arrived = None
            self.reading_note(_("{where}: {piece} appeared on {square}, which no act of the player having the move "
                                "explains: read as put there").format(where=seen.where, piece=piece,
                                                                      square=chess.square_name(square)))
            acts += [self._act(mover, f"put {piece.upper()} {chess.square_name(square)}", seen),
                     self._act(mover, "release", seen)]
        if self.hand[mover] is not None:
            acts.append(self._act(mover, "release", message))
            self.hand[mover] = None
        acts.append(self._act(mover, "press", message))
        self.taken[mover] = []
        self.carried.clear()
        self.to_move = not mover
        return acts

    def forget_turn(self) -> None:
        """Forget what the hands hold and what this turn took or showed early: the board is being
        set as the arbiter ruled, not played on (``arbiter watch``)."""
        self.hand = {chess.WHITE: None, chess.BLACK: None}
        self.taken = {chess.WHITE: [], chess.BLACK: []}
        self.carried.clear()
        self.arrived = None

    def finish(self) -> list[Act]:
        """The acts the end of the recording shows: a piece set down and left there was let go
        of; a flag the clock shows fallen, with no act after it, is the opponent's claim of it at
        that time (6.8: the board cannot hear a claim, but a flag shown is what one points to)."""
        if self.ended or self.reading is None:
            return []
        acts = []
        mover = self.to_move
        hand = self.hand[mover]
        if hand is not None and hand.on is not None:
            self.hand[mover] = None
            acts.append(Act(mover, "release", self.elapsed, -1))
        if len(self.reading.flags) == 1:
            (fallen,) = self.reading.flags
            acts.append(Act(not fallen, "claim flag", self.elapsed, -1))
        return acts

    def is_result_signal(self) -> bool:
        """Whether both kings stand on the centre squares (DGT's way of showing a result)."""
        kings = [s for s, p in self.standing.items() if p in ("K", "k")]
        return len(kings) == 2 and all(s in CENTRE for s in kings)


def _other(side: str) -> str:
    return "right" if side == "left" else "left"


def read_recording(data: bytes) -> Reading:
    """The acts a whole recording shows (raw DGT bytes or base64 lines).

    :raises DgtProtocolError: on bytes that are no DGT message.
    :raises DgtImportError: on a recording that cannot be read as a game.
    """
    found = list(messages(data))
    return read_messages(found, increment_of(found))


def increment_of(found: Iterable[Message]) -> int:
    """The seconds the clock adds at each press: the most a pressing side's time ever rose from
    its reading before the press to the one after (a press between two readings takes up to a
    second of the presser's time, so a single press may show one less)."""
    presses = Presses()
    for message in found:
        presses.see(message)
    return presses.increment


class Presses:
    """The presses a clock's readings show, one reading at a time, and what each press added to
    the presser's time; a recording's (:func:`increment_of`) and a live board's."""

    def __init__(self) -> None:
        self.gains: list[int] = []
        self._last: tuple[str, dict[str, int]] | None = None

    def see(self, message: Message) -> bool:
        """Take in one message; whether it showed a press (the lever turned since the last reading)."""
        if not isinstance(message, ClockReading) or message.is_acknowledgement or not message.running:
            return False
        assert message.left is not None and message.right is not None
        side = "right" if message.lever_right else "left"
        times = {"left": message.left.seconds, "right": message.right.seconds}
        last, self._last = self._last, (side, times)
        if last is None or last[0] == side:
            return False
        presser = last[0]
        self.gains.append(times[presser] - last[1][presser])
        return True

    @property
    def increment(self) -> int:
        """The increment the presses so far show (:func:`increment_from`)."""
        return increment_from(self.gains)


def increment_from(gains: list[int]) -> int:
    """The increment the presses' gains show: each gain is the increment, or one second less (the
    press came between two readings); a gain seen only once or twice is time added once (a new
    period's), not the increment. The largest gain most presses share (0: none)."""
    if not gains:
        return 0
    counts = Counter(gains)
    common = [gain for gain, count in counts.items() if count >= max(2, len(gains) // 10)]
    best = max(common) if common else max(gains)
    return max(0, best)


def read_messages(found: Iterable[Message], increment: int = 0) -> Reading:
    """:func:`read_recording` of messages already read, the clock adding ``increment`` at each press."""
    reader = ActReader(increment)
    acts: list[Act] = []
    for message in found:
        new = reader.feed(message)
        if reader.restarted:  # the game starts where the clock started: the setting up is no act
            reader.restarted = False
            acts = []
        acts += new
        if reader.reading is not None and reader.is_result_signal():
            reader.reading.notes.append(_("{where}: both kings stand on the centre squares, DGT's sign of a "
                                          "result: the acts after the game end there").format(where=message.where))
            if not reader.reading.flags:
                # no flag fell: the kings carried to the centre are the signal, not acts of the game
                last_press = max((i for i, a in enumerate(acts) if a.words == "press"), default=-1)
                acts = acts[: last_press + 1]
            # after a fallen flag they are kept: acts after the end change nothing, and the first of
            # them is where the arbiter sees the flag (6.8)
            reader.ended = True
            break
    if reader.reading is None:
        raise DgtImportError(_("the recording holds no board dump: the position cannot be read"))
    acts += reader.finish()
    reader.reading.acts = acts
    return reader.reading
