"""``arbiter watch --dgt DEVICE``: a live DGT e-board beside the arbiter (issue 33). The board's
bytes are read as they come (:mod:`arbiter.files.dgtserial`), read as acts
(:mod:`arbiter.files.dgtimport`) and played into a session, whose rulings are printed as the acts
happen; when the board goes quiet for good (the device closed, Ctrl-C) the session is saved as a
scenario file."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from arbiter.cli import render
from arbiter.cli.render import error_line
from arbiter.core.i18n import _
from arbiter.core.errors import ArbiterError
from arbiter.files.dgtscenario import scenario_text
from arbiter.session.eboard import START_COMMANDS, LiveBoard, open_board, read_arrived


class Port(Protocol):
    """What the watch needs of a serial port (pyserial's ``Serial``)."""

    def read(self, size: int = 1) -> bytes: ...

    @property
    def in_waiting(self) -> int: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


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
        port = open_board(args.dgt)
    except (serial.SerialException, OSError, ValueError) as err:
        print(error_line(f"arbiter watch: {args.dgt}: {err}"), file=sys.stderr)
        return 2
    save = Path(args.save) if args.save else Path(time.strftime("arbiter-watch-%Y%m%d-%H%M%S.yaml"))
    return watch(port, save, lambda text: print(text, flush=True), quiet_seconds=args.quiet)


def watch(port: Port, save: Path, say: Callable[[str], None], quiet_seconds: float | None = None) -> int:
    """Read ``port`` until it closes (or stays silent ``quiet_seconds``), printing the rulings;
    save the session to ``save``. The exit status as :func:`main` gives it."""
    watcher = LiveBoard(say, save.stem, lambda fields: render.ruling_fields(fields, indent=""))
    status = 0
    try:
        port.write(START_COMMANDS)
        heard = time.monotonic()
        while not watcher.reader.ended:
            try:
                data = read_arrived(port)
            except OSError:  # the device went away (a pseudo-terminal closed by its other end)
                break
            if data:
                heard = time.monotonic()
                watcher.feed(data)
            elif quiet_seconds is not None and time.monotonic() - heard > quiet_seconds:
                break
    except KeyboardInterrupt:
        say(_("stopped"))
    except ArbiterError as err:  # bytes no DGT message, a board no game, a position no game stands in
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
