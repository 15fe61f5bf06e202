"""A live e-board beside the arbiter (issue 33): the board's bytes read as they come
(:mod:`arbiter.files.dgtserial`), read as acts (:mod:`arbiter.files.dgtimport`) and played into a
session as they happen; what the arbiter has to say is handed to ``say``. Used by
``arbiter watch`` (printed) and ``arbiter serve --dgt`` (shown on the page)."""

from __future__ import annotations

from fractions import Fraction

import dataclasses
import threading
from collections.abc import Callable, Mapping
from typing import Any

from arbiter.core.errors import ArbiterError
from arbiter.core.errorline import error_line
from arbiter.core.i18n import _
from arbiter.files.dgtimport import Act, ActReader, Presses, Reading
from arbiter.files.dgtscenario import scenario_text
from arbiter.files.dgtserial import ClockReading, DgtProtocolError, Message, StreamReader
from arbiter.files.scenario import loads
from arbiter.session.game import Session
from arbiter.session.view import View

#: What a live board is asked for when the watch begins: the whole board (0x42), then every change
#: of a square and of the clock as it happens (0x4b, "update nice").
START_COMMANDS = bytes([0x42, 0x4B])


def open_board(device: str) -> Any:
    """The serial port of the DGT board at ``device`` (a path or a pyserial URL), at the board's
    9600 baud, a read waiting at most 0.2 s; ``arbiter watch`` and ``arbiter serve --dgt`` read it.

    :raises ImportError: if pyserial is not installed.
    :raises OSError: if the device cannot be opened (pyserial's ``SerialException`` is one).
    :raises ValueError: if the device's name or URL is not one pyserial can open.
    """
    import serial

    return serial.serial_for_url(device, baudrate=9600, timeout=0.2)


def read_arrived(port: Any) -> bytes:
    """The board's bytes that have arrived: those waiting, else the next within the read wait.

    Never more at once: pyserial's ``read(n)`` gathers until ``n`` bytes or its wait, and what it
    gathered is lost when the device goes away meanwhile (a pseudo-terminal whose other end closed
    dropped the last clock readings, and with them the flag, about once in 25 runs of a loaded
    machine). Asked so, each byte that arrived is handed on before a disconnection is seen.

    :raises OSError: the device went away (pyserial's ``SerialException`` is one).
    """
    data: bytes = port.read(port.in_waiting or 1)
    return data


class LiveBoard:
    """The board's bytes in, the arbiter's rulings out (``say``), the session kept; ``lock``
    serialises what is done to the session (a reader thread feeds it, a page reads its view)."""

    def __init__(self, say: Callable[[str], None], name: str = "dgt",
                 ruling_line: Callable[[Mapping[str, Any]], str] | None = None) -> None:
        self.say = say
        self.name = name
        #: How a ruling is said (the terminal's ruling line; by default its sentence and article).
        self.ruling_line = ruling_line or _plain_ruling
        self.stream = StreamReader()
        self.reader = ActReader()
        self.acts: list[Act] = []
        self.session: Session | None = None
        self._presses = Presses()
        self.lock = threading.Lock()
        #: Everything said so far, in order (the page shows it).
        self.said: list[str] = []
        #: The arbiter set the position back (or put a piece where it was released): until the
        #: players have set the board so, its square changes are theirs doing it, no acts of the game.
        self.setting_right = False

    def feed(self, data: bytes) -> None:
        """Read ``data``, the board's next bytes.

        :raises DgtProtocolError: on bytes that are no DGT message.
        :raises DgtImportError: on a board that cannot be read as a game.
        """
        with self.lock:
            try:
                messages = self.stream.feed(data)
            except DgtProtocolError:
                for message in self.stream.found:  # what came before the bad byte still counts
                    self._message(message)
                raise
            for message in messages:
                self._message(message)

    def _say(self, text: str) -> None:
        self.said.append(text)
        self.say(text)

    def view(self) -> View | None:
        """What the board shows now, as the arbiter has it (None before the board is read)."""
        with self.lock:
            return self.session.view() if self.session is not None else None

    def _message(self, message: Message) -> None:
        if self.reader.ended:
            return
        self._learn_increment(message)
        acts = self.reader.feed(message)
        if self.reader.restarted:  # the clock started on pieces set after the first dump: no acts before
            self.reader.restarted = False
            self.acts = []
        if not acts and self.session is not None and isinstance(message, ClockReading):
            for ruling in self.session.time_passes(Fraction(self.reader.elapsed)):  # a flag falls while nobody acts
                self._say(f"[{self.reader.elapsed}s] " + self.ruling_line(ruling.ruling))
        if self.setting_right:
            self.reader.forget_turn()
            if self._board_as_ruled():
                self.setting_right = False
                self.reader.to_move = self.session.referee.turn.color if self.session else self.reader.to_move
                self._say(_("the board is set as the arbiter ruled; the watch goes on"))
            return
        if self.session is None and self.reader.reading is not None and self.reader.reading.start_clock is not None:
            self.session = self._new_session()
            self._say(_("watching: the board read, the clock started; the rulings follow as the acts happen"))
        for act in acts:
            self._play(act)
        if self.reader.reading is not None and self.reader.is_result_signal():
            self.reader.ended = True
            self._say(_("both kings stand on the centre squares: DGT's sign of a result; the watch ends"))

    def _learn_increment(self, message: Message) -> None:
        """The increment, learnt as presses show it (the session is set up again if it grows)."""
        if not self._presses.see(message):
            return
        increment = self._presses.increment
        if increment != self.reader.increment:
            self.reader.increment = increment
            if self.reader.reading is not None:
                self.reader.reading.increment = increment
            if self.session is not None:  # the clock of the acts so far, with the increment known now
                self.session = self._new_session()
                for act in self.acts:
                    try:
                        self.session.apply(_line(act))
                    except ArbiterError:
                        continue  # refused when first played, and said then

    def _new_session(self) -> Session:
        reading = self.reader.reading
        assert reading is not None
        empty = dataclasses.replace(reading, acts=[], notes=[])
        return Session.from_scenario(loads(scenario_text(empty, self.name), self.name))

    def _play(self, act: Act) -> None:
        self.acts.append(act)
        if self.session is None:
            return
        try:
            step = self.session.apply(_line(act))
        except ArbiterError as err:
            self._say(error_line(_("{act}: not played: {error}").format(act=act.line(), error=err)))
            return
        # whose acts the board shows next is the arbiter's to say: a press without a move leaves
        # the turn with its player (7.5.3), a corrected move gives it back
        self.reader.to_move = self.session.referee.turn.color
        for ruling in step.rulings:
            fields = ruling.ruling
            if fields.get("kind") in ("made", "completed", "obligation"):
                continue
            self._say(f"[{act.at}s] " + self.ruling_line(fields))
        over = self.session.referee.result != "*" or self.session.referee.cancelled
        if not over and not self.setting_right and not self._board_as_ruled() and self.reader.hand[act.color] is None:
            self.setting_right = True
            self._say(f"[{act.at}s] " + _("the board differs from the position the arbiter ruled: the square "
                                         "changes that follow are the players setting it so"))
        if act.words == "press" and self.session.referee.result == "*":
            position = self.session.referee.position
            if position.repetitions() == 3:
                self._say(f"[{act.at}s] " + _("the position has appeared three times: the player having the move "
                                             "may claim a draw (9.2)"))

    def _board_as_ruled(self) -> bool:
        """Whether the pieces on the board are those the arbiter's position has standing."""
        if self.session is None:
            return True
        standing = self.session.referee.position.standing
        return {s: p.symbol() for s, p in standing.piece_map().items()} == self.reader.standing

    def finish(self) -> Reading | None:
        """The board went quiet for good: the last acts, and the reading to save (None: the board
        was never read)."""
        with self.lock:
            for act in self.reader.finish():
                self._play(act)
        if self.reader.reading is None:
            return None
        self.reader.reading.acts = list(self.acts)
        return self.reader.reading




def _plain_ruling(fields: Mapping[str, Any]) -> str:
    return f"{fields.get('kind')} ({fields.get('article')}): {fields.get('text')}"


def _line(act: Act) -> str:
    return f"{'white' if act.color else 'black'}: {act.words} at={act.at}"
