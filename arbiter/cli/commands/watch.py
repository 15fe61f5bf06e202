"""``arbiter watch --dgt DEVICE``: a live DGT e-board beside the arbiter (issue 33). The board's
bytes are read as they come (:mod:`arbiter.files.dgtserial`), read as acts
(:mod:`arbiter.files.dgtimport`) and played into a session, whose rulings are printed as the acts
happen; when the board goes quiet for good (the device closed, Ctrl-C) the session is saved as a
scenario file."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from arbiter.cli import render
from arbiter.cli.render import error_line
from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import _
from arbiter.files.dgtimport import Act, ActReader, DgtImportError, Reading, scenario_text
from arbiter.files.dgtserial import ClockReading, DgtProtocolError, Message, StreamReader
from arbiter.files.scenario import loads
from arbiter.session import Session

#: What a live board is asked for when the watch begins: the whole board (0x42), then every change
#: of a square and of the clock as it happens (0x4b, "update nice").
START_COMMANDS = bytes([0x42, 0x4B])


class Port(Protocol):
    """What the watch needs of a serial port (pyserial's ``Serial``)."""

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


class Watcher:
    """The board's bytes in, the arbiter's rulings out (``say``), the session kept."""

    def __init__(self, say: Callable[[str], None], name: str = "dgt") -> None:
        self.say = say
        self.name = name
        self.stream = StreamReader()
        self.reader = ActReader()
        self.acts: list[Act] = []
        self.session: Session | None = None
        self._last_clock: tuple[str, dict[str, int]] | None = None
        #: The arbiter set the position back (or put a piece where it was released): until the
        #: players have set the board so, its square changes are theirs doing it, no acts of the game.
        self.setting_right = False

    def feed(self, data: bytes) -> None:
        """Read ``data``, the board's next bytes.

        :raises DgtProtocolError: on bytes that are no DGT message.
        :raises DgtImportError: on a board that cannot be read as a game.
        """
        for message in self.stream.feed(data):
            self._message(message)

    def _message(self, message: Message) -> None:
        if self.reader.ended:
            return
        self._learn_increment(message)
        acts = self.reader.feed(message)
        if self.setting_right:
            self.reader.hand = {True: None, False: None}
            if self._board_as_ruled():
                self.setting_right = False
                self.reader.to_move = self.session.referee.turn.color if self.session else self.reader.to_move
                self.say(_("the board is set as the arbiter ruled; the watch goes on"))
            return
        if self.session is None and self.reader.reading is not None and self.reader.reading.start_clock is not None:
            self.session = self._new_session()
            self.say(_("watching: the board read, the clock started; the rulings follow as the acts happen"))
        for act in acts:
            self._play(act)
        if self.reader.reading is not None and self.reader.is_result_signal():
            self.reader.ended = True
            self.say(_("both kings stand on the centre squares: DGT's sign of a result; the watch ends"))

    def _learn_increment(self, message: Message) -> None:
        """The increment, learnt as presses show it (the session is set up again if it grows)."""
        if not isinstance(message, ClockReading) or message.is_acknowledgement or not message.running:
            return
        assert message.left is not None and message.right is not None
        side = "right" if message.lever_right else "left"
        times = {"left": message.left.seconds, "right": message.right.seconds}
        last = self._last_clock
        self._last_clock = (side, times)
        if last is None or last[0] == side:
            return
        gained = times[last[0]] - last[1][last[0]]
        if gained > self.reader.increment:
            self.reader.increment = gained
            if self.reader.reading is not None:
                self.reader.reading.increment = gained
            if self.session is not None:  # the clock of the acts so far, with the increment known now
                self.session = self._new_session()
                for act in self.acts:
                    self.session.apply(_line(act))

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
            self.say(error_line(_("{act}: not played: {error}").format(act=act.line(), error=err)))
            return
        # whose acts the board shows next is the arbiter's to say: a press without a move leaves
        # the turn with its player (7.5.3), a corrected move gives it back
        self.reader.to_move = self.session.referee.turn.color
        for ruling in step.rulings:
            fields = ruling.ruling
            if fields.get("kind") in ("made", "completed", "obligation"):
                continue
            self.say(f"[{act.at}s] " + render.ruling_fields(fields, indent=""))
        if not self.setting_right and not self._board_as_ruled() and self.reader.hand[act.color] is None:
            self.setting_right = True
            self.say(f"[{act.at}s] " + _("the board differs from the position the arbiter ruled: the square "
                                         "changes that follow are the players setting it so"))
        if act.words == "press" and self.session.referee.result == "*":
            position = self.session.referee.position
            if position.repetitions() == 3:
                self.say(f"[{act.at}s] " + _("the position has appeared three times: the player having the move "
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
        for act in self.reader.finish():
            self._play(act)
        if self.reader.reading is None:
            return None
        self.reader.reading.acts = list(self.acts)
        return self.reader.reading


def _line(act: Act) -> str:
    return f"{'white' if act.color else 'black'}: {act.words} at={act.at}"


def main(args: argparse.Namespace) -> int:
    """Watch the board on ``args.dgt`` until it closes or Ctrl-C; save the session; the exit
    status: 0 the watch ended and the session was saved, 2 the device or its bytes unreadable."""
    try:
        import serial
    except ImportError:
        print(error_line(_("arbiter watch: the serial library is not installed ({command})").format(
            command="pip install pyserial")), file=sys.stderr)
        return 2
    try:
        port = serial.serial_for_url(args.dgt, baudrate=9600, timeout=0.2)
    except (serial.SerialException, OSError, ValueError) as err:
        print(error_line(f"arbiter watch: {args.dgt}: {err}"), file=sys.stderr)
        return 2
    save = Path(args.save) if args.save else Path(time.strftime("arbiter-watch-%Y%m%d-%H%M%S.yaml"))
    return watch(port, save, lambda text: print(text, flush=True), quiet_seconds=args.quiet)


def watch(port: Port, save: Path, say: Callable[[str], None], quiet_seconds: float | None = None) -> int:
    """Read ``port`` until it closes (or stays silent ``quiet_seconds``), printing the rulings;
    save the session to ``save``. The exit status as :func:`main` gives it."""
    watcher = Watcher(say, save.stem)
    status = 0
    try:
        port.write(START_COMMANDS)
        heard = time.monotonic()
        while not watcher.reader.ended:
            try:
                data = port.read(256)
            except OSError:  # the device went away (a pseudo-terminal closed by its other end)
                break
            if data:
                heard = time.monotonic()
                watcher.feed(data)
            elif quiet_seconds is not None and time.monotonic() - heard > quiet_seconds:
                break
    except KeyboardInterrupt:
        say(_("stopped"))
    except (DgtProtocolError, DgtImportError) as err:
        say(error_line(f"arbiter watch: {err}"))
        status = 2
    finally:
        port.close()
    reading = watcher.finish()
    if reading is None:
        say(_("the board sent no board dump: nothing to save"))
        return 2
    try:
        save.write_text(scenario_text(reading, save.stem), encoding="utf-8")
    except OSError as err:
        say(error_line(f"arbiter watch: {save}: {err.strerror or err}"))
        return 2
    say(_("saved {file}: {count} acts").format(file=save, count=len(reading.acts)))
    return status
