"""A DGT recording's reading written as a scenario file (issue 33): ``arbiter import dgt`` and the
session ``arbiter watch`` saves. The readings it rests on are its comments (docs/eboards.md)."""

from __future__ import annotations

import json
import textwrap

import chess

from arbiter.core.clock import format_duration
from arbiter.core.i18n import _
from arbiter.files.dgtimport import Reading


def time_control_of(reading: Reading) -> str | None:
    """The time control the clock shows: each side's first reading and the increment (a clock
    showing 3:02 at the start of a 3+2 game has added the first increment: 180+2)."""
    if reading.start_clock is None:
        return None
    base = reading.start_clock[chess.WHITE]
    if reading.increment and (base - reading.increment) % 60 == 0:
        base -= reading.increment
    return f"{base}+{reading.increment}" if reading.increment else str(base)


def scenario_text(reading: Reading, name: str) -> str:
    """The scenario file of a reading: a title naming the recording, its start, the clock, the
    acts as events; the readings it rests on as comments (docs/eboards.md)."""
    name = _one_line(name)  # a title is one line (FORMAT), and so is a comment
    title = _("A DGT e-board recording: {name}").format(name=name)
    source = _("the recording {name}, read as acts (Laws 4, 6.2.1, 6.8)").format(name=name)
    imported = _("Imported by {command} from {name} ({doc} says how a board's square changes and clock messages "
                 "are read as acts).").format(command="`arbiter import dgt`", name=name, doc="docs/eboards.md")
    lines = [*(f"# {line}" for line in textwrap.wrap(imported, width=90, break_long_words=False,
                                                      break_on_hyphens=False)),
             *(f"# {_one_line(note)}" for note in reading.notes),
             f"title: {_quoted(title)}", f"source: {_quoted(source)}"]
    if reading.board.board_fen() != chess.STARTING_BOARD_FEN or reading.board.turn != chess.WHITE:
        lines.append(f"start: {{fen: {_quoted(reading.board.fen())}}}")
    control = time_control_of(reading)
    if control is not None and reading.start_clock is not None:
        clock = reading.start_clock
        lines += [f"time_control: {_quoted(control)}",
                  f"clock: {{white: {_quoted(format_duration(clock[chess.WHITE]))}, "
                  f"black: {_quoted(format_duration(clock[chess.BLACK]))}}}"]
    lines.append("events:" if reading.acts else "events: []")
    lines += [f"  - {act.line()}" for act in reading.acts]
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar (JSON's string is one): a line break in a file's
    name or a note is kept as ``\\n``, not read as a new line."""
    return json.dumps(text, ensure_ascii=False)


def _one_line(text: str) -> str:
    """``text`` for a comment line: its line breaks as spaces (a break would end the comment)."""
    return " ".join(text.splitlines())
