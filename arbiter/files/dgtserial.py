"""The DGT e-board serial protocol (issue 33): the messages a DGT board and its clock send, read
from their bytes, each with its byte offset.

Written from the protocol's public description (DGT's ``dgtbrd.h``, "e-Board protocol
description P1.0"). A message is an id byte with its high bit set, two length bytes (seven bits
each, the length counting the three header bytes), then its data:

- ``0x86`` board dump: 64 piece codes, a8 first, row by row, as the board is scanned from its
  upper left corner (connector on the left);
- ``0x8e`` field update: a field (0-63, a8 first) and the piece now on it (0: emptied);
- ``0x8d`` clock (DGT XL and DGT 3000 through the board): each side's hours and flags, minutes and
  seconds in BCD (right side first), then the status: running, the lever high on the right,
  battery low, "left/right to move" (unreliable on real boards: the lever says who pressed), no
  clock; a message whose first or fourth data byte has 0x0a in its low nibble is the clock's
  acknowledgement of a command, not a time;
- ``0x8f`` the on-board memory (EE moves): one-byte tags (power up, end, start position, ...),
  two-byte field records (``0x40 | piece``, field) and three-byte clock records
  (``0x60 | hours`` right, ``0x70 | hours`` left, then minutes and seconds in BCD);
- ``0x91`` serial number, ``0x92`` trademark, ``0x93`` version, ``0x90`` bus address: kept as bytes.

A recording is either the raw bytes or, as ``arnsholt/dgtdriver`` keeps them, one message a line
in base64. Bad or truncated bytes are an error naming the byte offset (and the line); nothing is
guessed.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator
from dataclasses import dataclass, field

import chess

from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import _

BOARD_DUMP, CLOCK, FIELD_UPDATE, EE_MOVES = 0x86, 0x8D, 0x8E, 0x8F
BUS_ADDRESS, SERIAL_NUMBER, TRADEMARK, VERSION = 0x90, 0x91, 0x92, 0x93
#: The messages of a fixed length: their whole length, the header included.
FIXED_LENGTHS = {BOARD_DUMP: 67, CLOCK: 10, FIELD_UPDATE: 5, BUS_ADDRESS: 5, SERIAL_NUMBER: 8, VERSION: 5}
KNOWN = frozenset({BOARD_DUMP, CLOCK, FIELD_UPDATE, EE_MOVES, BUS_ADDRESS, SERIAL_NUMBER, TRADEMARK, VERSION})

#: The piece codes 1 to 12 (0: empty; 13, 14, 15: the special pieces for a draw, a white win, a black win).
PIECES = {1: "P", 2: "R", 3: "N", 4: "B", 5: "K", 6: "Q", 7: "p", 8: "r", 9: "n", 10: "b", 11: "k", 12: "q"}
SPECIAL_PIECES = {13: "draw", 14: "white wins", 15: "black wins"}

#: The one-byte records of the on-board memory.
EE_TAGS = {0x6A: "power-up", 0x6B: "end", 0x6C: "four-rows", 0x6D: "empty-board", 0x6E: "downloaded",
           0x6F: "start-position", 0x7A: "start-position-turned", 0x7B: "start-tag", 0x7C: "watchdog",
           0x7D: "future-1", 0x7E: "future-2", 0x7F: "nop", 0x00: "nop"}


class DgtProtocolError(ArbiterError):
    """Bytes that are no DGT message (an unknown id, a wrong length, a truncated message, a bad
    piece code or BCD digit); the message names the byte offset."""


@dataclass(frozen=True)
class Side:
    """One side of the clock as a clock message shows it."""

    seconds: int
    #: The flag shown (the time ran out; the clock may still run).
    flag: bool
    #: The flag fallen and the clock blocked at zero.
    final_flag: bool
    #: An increment or delay is set (Fischer or Bronstein).
    time_per_move: bool


@dataclass(frozen=True)
class Message:
    """One message: its id, where it began in the recording, and its data."""

    kind: int
    offset: int
    data: bytes
    #: The line of the recording it came from (base64 recordings), else None.
    line: int | None = None

    @property
    def where(self) -> str:
        """``byte 1234`` or ``line 56 (byte 1234)``, for errors."""
        return _where(self.offset, self.line)


@dataclass(frozen=True)
class BoardDump(Message):
    """The whole board: the piece on each square as python-chess names it (None: empty), by the
    board's own field numbers (0 = the square in its upper left corner)."""

    pieces: tuple[str | None, ...] = ()


@dataclass(frozen=True)
class FieldUpdate(Message):
    """A square (the board's field number, 0-63) emptied (``piece`` None) or filled."""

    field_number: int = 0
    piece: str | None = None


@dataclass(frozen=True)
class ClockReading(Message):
    """Both sides of the clock, the running state and the lever (``None`` fields: an
    acknowledgement of a command, no time in it)."""

    right: Side | None = None
    left: Side | None = None
    running: bool = False
    #: The lever is high on the right-hand side (the right player's clock stopped, the left running).
    lever_right: bool = False
    battery_low: bool = False
    no_clock: bool = False

    @property
    def is_acknowledgement(self) -> bool:
        """Whether this is the clock's answer to a command, not a reading."""
        return self.right is None


@dataclass(frozen=True)
class EeRecord:
    """One record of the on-board memory: a tag, a field change, or one side's clock time."""

    kind: str  # a tag of EE_TAGS, "field" or "clock"
    field_number: int | None = None
    piece: str | None = None
    left: bool | None = None
    seconds: int | None = None


@dataclass(frozen=True)
class EeMoves(Message):
    """The on-board memory's records, in order."""

    records: tuple[EeRecord, ...] = field(default_factory=tuple)


def square_of(field_number: int, turned: bool = False) -> chess.Square:
    """The square of a board field: field 0 is a8 on a board with White at the bottom (its
    connector on the left); on a board turned round (White at the top) field 0 is h1."""
    square = chess.square(field_number % 8, 7 - field_number // 8)
    return 63 - square if turned else square


def messages(data: bytes) -> Iterator[Message]:
    """The messages of a recording (raw bytes, or base64 lines); each with its offset.

    :raises DgtProtocolError: on bytes that are no DGT message, naming the offset.
    """
    lines = _base64_lines(data)
    if lines is None:
        yield from _read(data, 0, None)
        return
    offset = 0
    for number, chunk in lines:
        found = list(_read(chunk, offset, number))
        offset += len(chunk)
        yield from found


class StreamReader:
    """The messages of a live board's bytes, as they come in any pieces: a message cut between
    two reads waits for its end; a byte that begins no message is an error naming its offset."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._offset = 0  # of the buffer's first byte in the stream
        #: The messages the last :meth:`feed` read (also when it raised: those before the bad byte).
        self.found: list[Message] = []

    def feed(self, data: bytes) -> list[Message]:
        """The messages ``data`` completes.

        :raises DgtProtocolError: on bytes that are no DGT message.
        """
        self._buffer += data
        self.found = []
        while len(self._buffer) >= 3 or (self._buffer and self._buffer[0] not in KNOWN):
            length = ((self._buffer[1] & 0x7F) << 7) | (self._buffer[2] & 0x7F) if len(self._buffer) >= 3 else 3
            plausible = length >= 3 and FIXED_LENGTHS.get(self._buffer[0], length) == length
            if self._buffer[0] in KNOWN and plausible and len(self._buffer) < length:
                break  # the rest of the message is still to come
            try:
                message = next(_read(bytes(self._buffer[:max(length, 3)]), self._offset, None))
            except DgtProtocolError:
                # the bad byte is dropped (the next read starts after it); the messages read
                # before it are in ``found`` for the caller to keep
                del self._buffer[:1]
                self._offset += 1
                raise
            self.found.append(message)
            del self._buffer[:length]
            self._offset += length
        return self.found


def _base64_lines(data: bytes) -> list[tuple[int, bytes]] | None:
    """The messages of a base64 recording, one a line, with their line numbers; None if the
    data is not one (raw bytes: the first byte has its high bit set)."""
    if not data or data[0] & 0x80:
        return None
    found = []
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            found.append((number, base64.b64decode(line.strip(), validate=True)))
        except (binascii.Error, ValueError):
            raise DgtProtocolError(_("line {line}: not base64 (a recording is raw DGT bytes or one message a "
                                     "line in base64)").format(line=number)) from None
    return found


def _read(data: bytes, base: int, line: int | None) -> Iterator[Message]:
    at = 0
    while at < len(data):
        where = _where(base + at, line)
        kind = data[at]
        if kind not in KNOWN:
            raise DgtProtocolError(_("{where}: {byte} is no DGT message id").format(where=where, byte=f"0x{kind:02x}"))
        if at + 3 > len(data):
            raise DgtProtocolError(_("{where}: the message is cut short: its length is missing").format(where=where))
        if data[at + 1] & 0x80 or data[at + 2] & 0x80:
            raise DgtProtocolError(_("{where}: a length byte has its high bit set").format(where=where))
        length = ((data[at + 1] & 0x7F) << 7) | (data[at + 2] & 0x7F)
        expected = FIXED_LENGTHS.get(kind)
        if length < 3 or (expected is not None and length != expected):
            raise DgtProtocolError(
                _("{where}: message {kind} says its length is {length}, not {expected}").format(
                    where=where, kind=f"0x{kind:02x}", length=length, expected=expected or _("3 or more")))
        if at + length > len(data):
            raise DgtProtocolError(_("{where}: message {kind} is cut short: {length} bytes announced, {left} "
                                     "there").format(where=where, kind=f"0x{kind:02x}", length=length,
                                                     left=len(data) - at))
        yield _message(kind, base + at, data[at + 3: at + length], line)
        at += length


def _where(offset: int, line: int | None) -> str:
    """Where in a recording: ``byte 1234``, or ``line 56 (byte 1234)`` for a base64 one."""
    if line is not None:
        return _("line {line} (byte {offset})").format(line=line, offset=offset)
    return _("byte {offset}").format(offset=offset)


def _message(kind: int, offset: int, data: bytes, line: int | None) -> Message:
    where = _where(offset, line)
    if kind == BOARD_DUMP:
        return BoardDump(kind, offset, data, line, tuple(_piece(code, where) for code in data))
    if kind == FIELD_UPDATE:
        if data[0] > 63:
            raise DgtProtocolError(_("{where}: field {field} is not on the board (0 to 63)").format(
                where=where, field=data[0]))
        return FieldUpdate(kind, offset, data, line, data[0], _piece(data[1], where))
    if kind == CLOCK:
        return _clock(offset, data, line, where)
    if kind == EE_MOVES:
        return EeMoves(kind, offset, data, line, tuple(_ee_records(data, offset + 3, where)))
    return Message(kind, offset, data, line)


def _piece(code: int, where: str) -> str | None:
    if code == 0:
        return None
    if code in PIECES:
        return PIECES[code]
    if code in SPECIAL_PIECES:
        return SPECIAL_PIECES[code]
    raise DgtProtocolError(_("{where}: {code} is no piece code").format(where=where, code=f"0x{code:02x}"))


def _bcd(byte: int, where: str) -> int:
    high, low = byte >> 4, byte & 0x0F
    if high > 9 or low > 9:
        raise DgtProtocolError(_("{where}: {byte} is no two-digit BCD number").format(
            where=where, byte=f"0x{byte:02x}"))
    return high * 10 + low


def _clock(offset: int, data: bytes, line: int | None, where: str) -> ClockReading:
    status = data[6]
    acknowledgement = (data[0] & 0x0F) == 0x0A or (data[3] & 0x0F) == 0x0A
    right = None if acknowledgement else _side(data[0:3], where)
    left = None if acknowledgement else _side(data[3:6], where)
    return ClockReading(CLOCK, offset, data, line, right, left, running=bool(status & 0x01),
                        lever_right=bool(status & 0x02), battery_low=bool(status & 0x04),
                        no_clock=bool(status & 0x20))


def _side(data: bytes, where: str) -> Side:
    flags = data[0]
    hours = flags & 0x0F
    if hours > 9:
        raise DgtProtocolError(_("{where}: {hours} is no hour of a clock").format(where=where, hours=hours))
    seconds = _seconds(hours, data[1], data[2], where)
    return Side(seconds, flag=bool(flags & 0x40), final_flag=bool(flags & 0x10), time_per_move=bool(flags & 0x20))


def _seconds(hours: int, minutes: int, seconds: int, where: str) -> int:
    """A clock's time in seconds: its hours as a number, its minutes and seconds in BCD."""
    return hours * 3600 + _bcd(minutes, where) * 60 + _bcd(seconds, where)


def _ee_records(data: bytes, base: int, where: str) -> Iterator[EeRecord]:
    at = 0
    while at < len(data):
        byte = data[at]
        here = _("{where}, memory byte {offset}").format(where=where, offset=base + at)
        if byte in EE_TAGS:
            yield EeRecord(EE_TAGS[byte])
            at += 1
        elif 0x40 <= byte <= 0x5F:
            if at + 1 >= len(data):
                raise DgtProtocolError(_("{where}: a field record is cut short").format(where=here))
            number = data[at + 1]
            if number > 63:
                raise DgtProtocolError(_("{where}: field {field} is not on the board (0 to 63)").format(
                    where=here, field=number))
            yield EeRecord("field", field_number=number, piece=_piece(byte & 0x0F, here))
            at += 2
        elif 0x60 <= byte <= 0x69 or 0x70 <= byte <= 0x79:
            if at + 2 >= len(data):
                raise DgtProtocolError(_("{where}: a clock record is cut short").format(where=here))
            seconds = _seconds(byte & 0x0F, data[at + 1], data[at + 2], here)
            yield EeRecord("clock", left=bool(byte & 0x10), seconds=seconds)
            at += 3
        else:
            raise DgtProtocolError(_("{where}: {byte} is no record of the board's memory").format(
                where=here, byte=f"0x{byte:02x}"))


# -- writing messages (a board's test double, recordings made for the tests) ---------------------------

_CODES = {symbol: code for code, symbol in PIECES.items()}


def field_number(square: chess.Square, turned: bool = False) -> int:
    """The board's field of ``square`` (:func:`square_of` the other way)."""
    square = 63 - square if turned else square
    return (7 - chess.square_rank(square)) * 8 + chess.square_file(square)


def _framed(kind: int, data: bytes) -> bytes:
    length = len(data) + 3
    return bytes([kind, (length >> 7) & 0x7F, length & 0x7F]) + data


def board_dump_bytes(board: chess.BaseBoard, turned: bool = False) -> bytes:
    """The board dump message of ``board``."""
    codes = bytearray(64)
    for square, piece in board.piece_map().items():
        codes[field_number(square, turned)] = _CODES[piece.symbol()]
    return _framed(BOARD_DUMP, bytes(codes))


def field_update_bytes(square: chess.Square, piece: str | None, turned: bool = False) -> bytes:
    """The field update message of ``square`` now holding ``piece`` (None: emptied)."""
    return _framed(FIELD_UPDATE, bytes([field_number(square, turned), _CODES[piece] if piece else 0]))


def clock_bytes(left: int, right: int, running: bool, lever_right: bool, left_flag: bool = False,
                right_flag: bool = False) -> bytes:
    """A clock message: each side's seconds, the running state, the lever, the flags."""
    def side(seconds: int, flag: bool) -> bytes:
        hours, rest = divmod(seconds, 3600)
        minutes, secs = divmod(rest, 60)
        return bytes([hours | (0x50 if flag else 0), (minutes // 10) << 4 | minutes % 10,
                      (secs // 10) << 4 | secs % 10])

    status = (0x01 if running else 0) | (0x02 if lever_right else 0)
    return _framed(CLOCK, side(right, right_flag) + side(left, left_flag) + bytes([status]))
