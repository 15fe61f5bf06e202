"""Scenario files (FORMAT §1): load and validate, build the game, run the events.

Raw YAML becomes a :class:`ScenarioFile` (pydantic, ``extra="forbid"``), then a
:class:`Scenario` with parsed events, a starting position and the game's settings. Every
problem is a :class:`ScenarioError` naming the file and the line.
"""

from __future__ import annotations

import io
import math
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Literal

import chess
import datetime as dt

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from arbiter.core.clock import MAX_DURATION, Clock, TimeControl, TimeControlError, parse_duration
from arbiter.core.errors import (
    ArbiterError, InternalError, InvalidEventError, InvalidPositionError, ScenarioError, clipped, event_label, shown,
)
from arbiter.table.events import ArriveAct, Event, parse_action
from arbiter.laws.articles import ruleset_for
from arbiter.core.notation import DEFAULT as ENGLISH
from arbiter.core.notation import Language, language, legal_move, translate
from arbiter.core.pgnread import RESULTS, clock_seconds, read_score
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.laws.rulings import Ruling, RulingFields
from arbiter.core.yamlsource import Located, YamlSourceError, dotted, scalar_at

Duration = str | int | float


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartModel(_Strict):
    fen: str | None = None
    moves: str | list[str] | None = None
    pgn: str | None = None
    #: The pieces as they were set up when the game began (a FEN placement), White to move:
    #: the game's initial position, right or wrong (7.2.1).
    set_up: str | None = None

    @model_validator(mode="after")
    def _pgn_alone(self) -> StartModel:
        if self.pgn is not None and (self.fen is not None or self.moves is not None or self.set_up is not None):
            raise ValueError("start takes either pgn, or fen and moves, or set_up and moves")
        if self.set_up is not None and self.fen is not None:
            raise ValueError("start takes either fen or set_up, not both")
        return self


class DeviceModel(_Strict):
    """The penalty for an electronic device (11.3.2): the Laws' loss or the regulations' lesser one."""

    penalty: Literal["loss", "warning", "time-to-opponent", "time-from-offender"] = "loss"
    seconds: int | float | None = None

    @model_validator(mode="after")
    def _seconds_for_time(self) -> DeviceModel:
        if self.penalty.startswith("time") and (self.seconds is None or self.seconds <= 0):
            raise ValueError(f"penalty {self.penalty} needs seconds, a positive number")
        return self


class RegulationsModel(_Strict):
    """What the event regulations set where the Laws leave it to them."""

    #: 6.7.1: how late a player may arrive at the board (default zero).
    default_time: Duration = 0
    device: DeviceModel = DeviceModel()


class ClockModel(_Strict):
    white: Duration | None = None
    black: Duration | None = None


class EventModel(_Strict):
    white: str | None = None
    black: str | None = None
    at: Duration | None = None
    hand: Literal["left", "right"] | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _one_actor(self) -> EventModel:
        if (self.white is None) == (self.black is None):
            raise ValueError("an event has exactly one actor key, white or black")
        return self


class ExpectModel(_Strict):
    rulings: list[RulingFields] = []
    absent: list[RulingFields] = []
    fen: str | None = None
    board: str | None = None
    to_move: Literal["white", "black"] | None = None
    must: RulingFields | None = None
    result: Literal["1-0", "0-1", "1/2-1/2", "0-0", "*"] | None = None
    reason: str | None = None
    clock: ClockModel | None = None


class ReportModel(_Strict):
    """Who, where, when (FORMAT §5)."""

    event: str | None = None
    round: str | int | float | None = None
    board: str | int | None = None
    date: dt.date | str | None = None
    white: str | None = None
    black: str | None = None
    arbiter: str | None = None
    account: str | None = None


class ArbiterRulingModel(_Strict):
    """What the tournament arbiter decided (FORMAT §5)."""

    rulings: list[RulingFields] = []
    result: Literal["1-0", "0-1", "1/2-1/2", "0-0", "*"] | None = None
    reason: str | None = None
    fen: str | None = None
    clock: ClockModel | None = None


class QuizModel(_Strict):
    """A quiz question on the scenario (docs/quiz.md)."""

    after: int
    question: str
    choices: list[str]
    answer: int
    explain: str

    @model_validator(mode="after")
    def _answer_is_a_choice(self) -> QuizModel:
        if len(self.choices) < 2:
            raise ValueError("a quiz question needs at least two choices")
        if not 1 <= self.answer <= len(self.choices):
            raise ValueError(f"answer is the number of a choice, 1 to {len(self.choices)}")
        if self.after < 0:
            raise ValueError("after is an event count, 0 or more")
        return self


class ScenarioFile(_Strict):
    """A scenario file (FORMAT §1) or an incident report (FORMAT §5) as written."""

    title: str | None = None
    report: ReportModel | None = None
    ruling: ArbiterRulingModel | None = None
    #: For the project's own example reports: the verdict the report should get.
    expect_verdict: Literal["consistent", "inconsistent", "invalid"] | None = None
    source: str | None = None
    #: The language of the file's moves (docs/notation.md); English by default.
    notation: str | None = None
    ruleset: Literal["standard", "rapid", "blitz"] | None = None
    supervision: Literal["full", "partial"] = "partial"
    arbiter: Literal["watching", "called"] = "watching"
    #: 7.2.2: the board as placed: ``wrong`` when the corner square on each player's right is dark.
    orientation: Literal["right", "wrong"] = "right"
    #: 7.3: ``reversed`` when each player has the other's colour.
    colours: Literal["right", "reversed"] = "right"
    regulations: RegulationsModel | None = None
    start: StartModel | None = None
    time_control: str | int | None = None
    clock: ClockModel | None = None
    events: list[EventModel] = []
    expect: ExpectModel | None = None
    quiz: QuizModel | None = None

    @field_validator("notation")
    @classmethod
    def _known_notation(cls, value: str | None) -> str | None:
        return language(value).code if value is not None else None

    @field_validator("title")
    @classmethod
    def _one_line(cls, value: str | None) -> str | None:
        if value is not None and (not value.strip() or "\n" in value.strip()):
            raise ValueError("the title is one non-empty line")
        return value

    @property
    def name(self) -> str:
        """The title, or for a report without one, its event and account."""
        if self.title:
            return self.title
        report = self.report or ReportModel()
        return " - ".join(str(part) for part in (report.event, report.account) if part) or "incident report"


@dataclass
class Scenario:
    """A loaded, valid scenario, ready to run as many times as needed."""

    path: str
    spec: ScenarioFile
    events: list[Event]
    start: Position
    settings: Settings
    control: TimeControl | None
    start_clock: dict[chess.Color, float] | None

    def new_referee(self) -> Referee:
        """A fresh game at the scenario's start."""
        position = self.start.copy()
        board = position.board
        done = board.fullmove_number - 1
        clock = Clock(
            running=position.turn,
            remaining=dict(self.start_clock) if self.start_clock is not None else None,
            control=self.control,
            presses={chess.WHITE: done + (board.turn == chess.BLACK), chess.BLACK: done},
        )
        return Referee(position, self.settings, clock)


def load(path: str | Path, output_notation: str | None = None) -> Scenario:
    """Read and validate a scenario file; its rulings write moves in ``output_notation`` (by
    default the file's own notation).

    :raises ScenarioError: naming the file and line of the first problem.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ScenarioError(name, None, f"cannot read the file: {err}") from None
    return loads(text, name, base=Path(path).parent, output_notation=output_notation)


def loads(text: str, name: str = "<scenario>", base: Path | None = None,
          output_notation: str | None = None) -> Scenario:
    """Read and validate scenario text; ``name`` is used in errors, ``base`` for PGN paths,
    ``output_notation`` as for :func:`load`."""
    try:
        doc = Located(text)
    except YamlSourceError as err:
        raise ScenarioError(name, err.line, _in_event(text, err.path) + err.message) from None
    if not isinstance(doc.data, dict):
        raise ScenarioError(name, 1, "a scenario is a mapping of keys (title, start, events, expect, ...)")
    try:
        spec = ScenarioFile.model_validate(doc.data)
    except ValidationError as err:
        raise _located(name, doc, err) from None
    if spec.title is None and spec.report is None:
        raise ScenarioError(name, 1, "missing required key 'title'")
    if spec.quiz is not None and spec.quiz.after > len(spec.events):
        past = f"quiz.after is past the last event ({len(spec.events)})"
        raise ScenarioError(name, doc.line(("quiz", "after")), past)
    events = [_event(name, doc, index, raw) for index, raw in enumerate(spec.events)]
    _check_numbers(name, doc, spec)
    _check_times(name, doc, events)
    written = {"time_control": spec.time_control, "clock": spec.clock}
    start = _start(name, doc, spec, base or Path("."))
    control = None
    if spec.time_control is not None:
        try:
            control = TimeControl.parse(spec.time_control)
        except TimeControlError as err:
            if written["time_control"] is None:
                tag = f"start.pgn: the TimeControl tag: {err}"
                raise ScenarioError(name, doc.line(("start", "pgn")), tag) from None
            raise ScenarioError(name, doc.line(("time_control",)), str(err)) from None
    reads = language(spec.notation)
    writes = language(output_notation or spec.notation)
    regulations = spec.regulations or RegulationsModel()
    default_time = _duration(name, doc, ("regulations", "default_time"), regulations.default_time)
    settings = Settings(
        arbiter=spec.arbiter,
        ruleset=spec.ruleset or ruleset_for(control),
        supervision=spec.supervision,
        notation=reads.code,
        output_notation=writes.code,
        default_time=default_time,
        absent=frozenset(event.actor for event in events if isinstance(event.action, ArriveAct)),
        device_penalty=regulations.device.penalty,
        device_seconds=float(regulations.device.seconds or 0),
        set_up_wrong=spec.start is not None and spec.start.set_up is not None
        and spec.start.set_up.split()[0] != chess.STARTING_BOARD_FEN,
        orientation_wrong=spec.orientation == "wrong",
        colours_reversed=spec.colours == "reversed",
    )
    _translate_listed(spec, reads, writes)
    start_clock = _start_clock(name, doc, spec, control, from_pgn=written["clock"] is None)
    return Scenario(name, spec, events, start, settings, control, start_clock)


def _in_event(text: str, path: tuple[Any, ...]) -> str:
    """``event 0 (white: play e4): `` for an error inside an event, else nothing."""
    if len(path) < 2 or path[0] != "events" or not isinstance(path[1], int):
        return ""
    for actor in ("white", "black"):
        action = scalar_at(text, ("events", path[1], actor))
        if action is not None:
            return f"event {path[1]} ({actor}: {clipped(action)}): "
    return f"event {path[1]}: "


def _told(err: Exception) -> str:
    """The message of an error raised elsewhere, cut: it may quote a huge value whole."""
    return clipped(str(err), 200)


def _duration(name: str, doc: Located, path: tuple[str, ...], value: Duration) -> float:
    """``value`` read by :func:`parse_duration`; an error names the key and its line."""
    try:
        return parse_duration(value)
    except TimeControlError as err:
        raise ScenarioError(name, doc.line(path), f"{dotted(path)}: {err}") from None


def _check_numbers(name: str, doc: Located, spec: ScenarioFile) -> None:
    """The times and seconds checked before they are used: each a finite number within bounds."""
    for block, clock in (("expect", spec.expect.clock if spec.expect else None),
                         ("ruling", spec.ruling.clock if spec.ruling else None)):
        for color in ("white", "black"):
            value = getattr(clock, color) if clock is not None else None
            if value is not None:
                _duration(name, doc, (block, "clock", color), value)
    regulations = spec.regulations or RegulationsModel()
    if regulations.device.seconds is not None:
        _duration(name, doc, ("regulations", "device", "seconds"), regulations.device.seconds)
    listed = [(("expect", "rulings"), spec.expect.rulings if spec.expect else []),
              (("expect", "absent"), spec.expect.absent if spec.expect else []),
              (("ruling", "rulings"), spec.ruling.rulings if spec.ruling else [])]
    for where, items in listed:
        for index, item in enumerate(items):
            seconds = item.seconds
            if seconds is None:
                continue
            if (isinstance(seconds, float) and not math.isfinite(seconds)) or abs(seconds) > MAX_DURATION:
                path = (*where, index, "seconds")
                raise ScenarioError(name, doc.line(path), f"{dotted(path)}: {shown(seconds)} is not a number of "
                                    "seconds from -1000 hours to 1000 hours")


def _translate_listed(spec: ScenarioFile, reads: Language, writes: Language) -> None:
    """The SAN of the rulings the file lists, rewritten in the language the rulings are given in."""
    if reads is writes:
        return

    def rewritten(listed: list[RulingFields]) -> list[RulingFields]:
        return [item if item.san is None else item.model_copy(update={"san": translate(item.san, writes, reads)})
                for item in listed]

    if spec.expect is not None:
        spec.expect.rulings = rewritten(spec.expect.rulings)
        spec.expect.absent = rewritten(spec.expect.absent)
    if spec.ruling is not None:
        spec.ruling.rulings = rewritten(spec.ruling.rulings)


def _located(name: str, doc: Located, err: ValidationError) -> ScenarioError:
    first = err.errors()[0]
    loc = tuple(part for part in first["loc"] if not (isinstance(part, str) and part.startswith("function-")))
    key = ".".join(str(p) for p in loc) or "the file"
    if first["type"] == "extra_forbidden":
        where = f" in {'.'.join(str(p) for p in loc[:-1])}" if len(loc) > 1 else ""
        message = f"unknown key {str(loc[-1])!r}{where}"
    elif first["type"] == "missing":
        message = f"missing required key {key!r}"
    else:
        message = f"{key}: {first['msg']}"
        if "input" in first and not isinstance(first["input"], (dict, list)):
            message += f" (got {shown(first['input'])})"
    if len(loc) >= 2 and loc[0] == "events" and isinstance(loc[1], int):
        raw = doc.data["events"][loc[1]]
        message = f"event {loc[1]} ({_event_text(raw)}): {message}"
    return ScenarioError(name, doc.line(loc), message)


def _event_text(raw: Any) -> str:
    if isinstance(raw, dict):
        for actor in ("white", "black"):
            if actor in raw:
                return f"{actor}: {clipped(str(raw[actor]))}"
    return shown(raw)


def _event(name: str, doc: Located, index: int, raw: EventModel) -> Event:
    line = doc.line(("events", index))
    actor_name = "white" if raw.white is not None else "black"
    text = raw.white if raw.white is not None else raw.black
    assert text is not None
    try:
        action = parse_action(text)
        at = parse_duration(raw.at) if raw.at is not None else None
    except InvalidEventError as err:
        raise ScenarioError(name, line, f"event {index} ({actor_name}: {clipped(text)}): {_told(err)}") from None
    except TimeControlError as err:
        raise ScenarioError(name, line, f"event {index} ({actor_name}: {clipped(text)}): {err}") from None
    actor = chess.WHITE if actor_name == "white" else chess.BLACK
    return Event(actor, action, text.strip(), at, raw.hand, raw.note, line)


def _check_times(name: str, doc: Located, events: list[Event]) -> None:
    last = 0.0
    for index, event in enumerate(events):
        if event.at is None:
            continue
        if event.at < last:
            backwards = f"time goes backwards ({event.at:g}s after {last:g}s)"
            raise ScenarioError(name, event.line, f"event {index} ({event.describe()}): {backwards}")
        last = event.at


_MOVE_NUMBER = re.compile(r"^\d+\.+$|^\d+\.+(?=\S)")


def split_moves(moves: str | list[str] | None) -> list[str]:
    """``"1. e4 e5 2. Nf3"`` or a list → ``["e4", "e5", "Nf3"]``."""
    if moves is None:
        return []
    tokens = moves.split() if isinstance(moves, str) else [str(m) for m in moves]
    cleaned = [_MOVE_NUMBER.sub("", token) for token in tokens]
    return [token for token in cleaned if token and token not in RESULTS]


def _start(name: str, doc: Located, spec: ScenarioFile, base: Path) -> Position:
    start = spec.start or StartModel()
    lang = language(spec.notation)
    if start.pgn is not None:
        position, headers, clocks = _start_from_pgn(name, doc.line(("start", "pgn")), start.pgn, base, lang)
        _fill_from_tags(spec, headers)
        if clocks and spec.clock is None:  # the last [%clk] of each side gives the clocks at the incident
            spec.clock = ClockModel(white=clocks.get(chess.WHITE), black=clocks.get(chess.BLACK))
        return position
    fen = start.fen
    if start.set_up is not None:
        fen = _set_up_fen(name, doc.line(("start", "set_up")), start.set_up)
    try:
        return start_position(fen, split_moves(start.moves), lang)
    except InvalidPositionError as err:
        key = "moves" if start.moves is not None and "move" in str(err) else ("set_up" if start.set_up else "fen")
        raise ScenarioError(name, doc.line(("start", key)), _told(err)) from None


def _set_up_fen(name: str, line: int, set_up: str) -> str:
    """The FEN of a game's initial set-up: the placement given, White to move, castling with each
    king and rook that stand on their own squares."""
    placement = set_up.split()[0] if set_up.split() else ""
    try:
        board = chess.Board(None)
        board.set_board_fen(placement)
    except ValueError as err:
        raise ScenarioError(name, line, f"bad set_up placement {shown(set_up)}: {_told(err)}") from None
    board.castling_rights = chess.BB_CORNERS
    board.castling_rights = board.clean_castling_rights()
    return board.fen()


def start_position(fen: str | None, moves: list[str], lang: Language) -> Position:
    """The position after ``moves`` written in ``lang`` (SAN or UCI) from ``fen``.

    :raises InvalidPositionError: if the FEN is not a legal position or a move is not legal.
    """
    if lang.code == ENGLISH:
        return Position.from_start(fen, moves)
    position = Position.from_start(fen, [])
    for number, text in enumerate(moves, start=1):
        try:
            position.push(legal_move(position.board, text, lang))
        except InvalidEventError as err:
            raise InvalidPositionError(f"start move {number} {shown(text)}: {_told(err)}") from None
    position.restore_standing()
    return position


_TAGS = {"Event": "event", "Round": "round", "White": "white", "Black": "black", "Date": "date"}


def _fill_from_tags(spec: ScenarioFile, headers: Mapping[str, str]) -> None:
    """PGN tags fill the report's missing fields and the time control (FORMAT §5)."""
    if spec.report is not None:
        for tag, field_name in _TAGS.items():
            value = headers.get(tag)
            if value and "?" not in value and getattr(spec.report, field_name) is None:
                setattr(spec.report, field_name, value)
    control = headers.get("TimeControl")
    if spec.time_control is None and control and control not in ("?", "-"):
        spec.time_control = control


_PgnStart = tuple[Position, Mapping[str, str], dict[chess.Color, float]]

#: The largest PGN file ``start.pgn`` reads: one game's score is a few kilobytes.
MAX_PGN_BYTES = 4 * 1024 * 1024
_TAG_LINE = re.compile(r'^\s*\[\s*[A-Za-z0-9]\w*\s+"')


def _start_from_pgn(name: str, line: int, pgn: str, base: Path, lang: Language) -> _PgnStart:
    """The position after the PGN's main line, its tags, and each side's last ``[%clk]``.

    ``pgn`` is a file when it is one line that names an existing file (relative to the scenario,
    whatever the case of its suffix), else PGN text; either way its content must be PGN."""
    written = pgn.strip()
    text, what = pgn, f"start.pgn: the PGN text {shown(written)}"
    if "\n" not in written and written:
        path = base / written
        if _exists(path):
            text, what = _read_pgn_file(name, line, path, written), f"start.pgn: the file {shown(written)}"
        elif written.lower().endswith(".pgn"):
            raise ScenarioError(name, line, f"cannot read the PGN file {shown(written)}: no such file")
        else:
            what = f"start.pgn: {shown(written)}, no file next to the scenario, read as PGN text,"
    has_tags = any(_TAG_LINE.match(row) for row in text.splitlines())
    if lang.code != ENGLISH:
        return _start_from_score(name, line, text, lang, what, has_tags)
    import chess.pgn  # only for files that start from PGN: it costs the cold start 50 ms

    game = chess.pgn.read_game(io.StringIO(text))
    if game is None or not has_tags and game.next() is None:
        raise ScenarioError(name, line, f"{what} holds no PGN game: no tag pair such as [Event \"...\"] and no "
                            "move such as 1. e4")
    if game.errors:
        raise ScenarioError(name, line, f"bad PGN: {_told(game.errors[0])}")
    try:
        position = Position.from_start(game.board().fen(), [m.uci() for m in game.mainline_moves()])
    except InvalidPositionError as err:
        raise ScenarioError(name, line, _told(err)) from None
    clocks: dict[chess.Color, float] = {}
    for ply, node in enumerate(game.mainline(), start=1):
        found = chess.pgn.CLOCK_REGEX.search(node.comment)
        if found is not None:
            try:
                seconds = clock_seconds(found.group("hours"), found.group("minutes"), found.group("seconds"))
            except TimeControlError as err:
                raise ScenarioError(name, line, f"{what}: ply {ply}: bad [%clk] comment: {err}") from None
            clocks[not node.turn()] = seconds  # the side that made the move
    return position, game.headers, clocks


def _exists(path: Path) -> bool:
    """Whether anything stands at ``path`` (a text of PGN is no file name: too long, or a NUL)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def _read_pgn_file(name: str, line: int, path: Path, written: str) -> str:
    """The text of the PGN file ``path``: a regular file of at most :data:`MAX_PGN_BYTES`, in
    UTF-8. A folder, a device or a pipe is refused before a byte is read."""
    where = f"start.pgn: {shown(written)}"
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise ScenarioError(name, line, f"{where} is a folder, not a PGN file")
        if not stat.S_ISREG(info.st_mode):
            raise ScenarioError(name, line, f"{where} is not a regular file (a device or a pipe?), not a PGN file")
        if info.st_size > MAX_PGN_BYTES:
            raise ScenarioError(name, line, f"{where} is too big for a PGN file ({info.st_size:,} bytes; at most "
                                f"{MAX_PGN_BYTES:,})")
        # Non-blocking: if a pipe took the file's place since the check, opening it must not wait.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ScenarioError(name, line, f"{where} is not a regular file, not a PGN file")
            data = handle.read(MAX_PGN_BYTES + 1)
    except OSError as err:
        raise ScenarioError(name, line, f"cannot read the PGN file {shown(written)}: {err.strerror or err}") from None
    if len(data) > MAX_PGN_BYTES:
        raise ScenarioError(name, line, f"{where} is too big for a PGN file (at most {MAX_PGN_BYTES:,} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ScenarioError(name, line, f"{where} is not a text file in UTF-8, not a PGN file") from None


def _start_from_score(name: str, line: int, text: str, lang: Language, what: str, has_tags: bool) -> _PgnStart:
    """:func:`_start_from_pgn` for a score in another language than English."""
    score = read_score(text)
    if not score.moves and not has_tags:
        raise ScenarioError(name, line, f"{what} holds no PGN game: no tag pair such as [Event \"...\"] and no "
                            "move such as 1. e4")
    if score.errors:
        raise ScenarioError(name, line, f"{what}: {score.errors[0]}")
    try:
        position = start_position(score.headers.get("FEN"), score.moves, lang)
    except InvalidPositionError as err:
        raise ScenarioError(name, line, _told(err)) from None
    first = chess.Board(score.headers["FEN"]).turn if "FEN" in score.headers else chess.WHITE
    clocks: dict[chess.Color, float] = {}
    for index, seconds in enumerate(score.clocks):
        if seconds is not None:
            clocks[first if index % 2 == 0 else not first] = seconds
    return position, score.headers, clocks


def _start_clock(name: str, doc: Located, spec: ScenarioFile, control: TimeControl | None,
                 from_pgn: bool = False) -> dict[chess.Color, float] | None:
    """Each side's time when the events begin: as ``clock:`` gives it (or the PGN's last
    ``[%clk]`` comments, ``from_pgn``), else the first period's base time.

    :raises ScenarioError: for a time that cannot be read, or a side left out without a time
        control (it would start at zero, with its flag already fallen).
    """
    base = control.periods[0].seconds if control is not None else None
    given = spec.clock or ClockModel()
    times: dict[chess.Color, float | None] = {chess.WHITE: base, chess.BLACK: base}
    for color, value in ((chess.WHITE, given.white), (chess.BLACK, given.black)):
        if value is not None:
            times[color] = _duration(name, doc, ("clock", chess.COLOR_NAMES[color]), value)
    if times[chess.WHITE] is None and times[chess.BLACK] is None:
        return None
    missing = [color for color, value in times.items() if value is None]
    if missing:
        has, lacks = chess.COLOR_NAMES[not missing[0]], chess.COLOR_NAMES[missing[0]]
        if from_pgn:
            raise ScenarioError(name, doc.line(("start", "pgn")),
                                f"start.pgn: the [%clk] comments give only {has}'s time; without a time_control "
                                f"(or a TimeControl tag) give clock: with {lacks}'s time too")
        raise ScenarioError(name, doc.line(("clock",)),
                            f"clock gives only {has}'s time; without a time_control give both")
    return {color: value for color, value in times.items() if value is not None}


@dataclass
class Outcome:
    """What running a scenario gave: the referee at the end, or the error that stopped it."""

    scenario: Scenario
    referee: Referee
    error: ScenarioError | None = None
    failures: list[str] = field(default_factory=list)

    @property
    def status(self) -> Literal["passed", "failed", "invalid"]:
        if self.error is not None:
            return "invalid"
        return "failed" if self.failures else "passed"


def replay_event(path: str, referee: Referee, index: int, event: Event) -> list[Ruling]:
    """The rulings on event ``index`` of the file ``path``. An event that cannot be ruled on is a
    :class:`ScenarioError`, a failure of the arbiter itself an :class:`InternalError`; either names
    the file, the event's line, its number and its text (cut when long): ``file:line: event N (...): ...``.
    """
    try:
        return referee.apply(event, index)
    except ArbiterError as err:
        raise ScenarioError(path, event.line, f"{event_label(index, event.describe())}: {_told(err)}") from None
    except Exception as err:  # noqa: BLE001 - a bug of ours: reported at its event, the other files still run
        message = f"{event_label(index, event.describe())}: internal error, please report it: {err!r}"
        raise InternalError(path, event.line, message) from err


def run(scenario: Scenario, check: bool = True) -> Outcome:
    """Play the scenario's events and check its ``expect`` block.

    :raises InternalError: if the arbiter itself fails on an event, naming it.
    """
    referee = scenario.new_referee()
    outcome = Outcome(scenario, referee)
    for index, event in enumerate(scenario.events):
        try:
            replay_event(scenario.path, referee, index, event)
        except InternalError:
            raise
        except ScenarioError as err:
            outcome.error = err
            return outcome
    if check and scenario.spec.expect is not None:
        from arbiter.files.expect import failures

        outcome.failures = failures(scenario.spec.expect, referee)
    return outcome


def final_state(referee: Referee) -> dict[str, Any]:
    """The state at the end, as ``final`` in the JSON output."""
    return {
        "fen": referee.position.fen(),
        "board": referee.position.standing.board_fen(),
        "to_move": chess.COLOR_NAMES[referee.position.turn],
        "result": referee.result,
        "reason": referee.reason,
        "clock": referee.clock.reading(),
        "must": _must(referee),
    }


def _must(referee: Referee) -> dict[str, Any]:
    ob = referee.obligation
    article = {"article": ob.article} if ob.article else {}
    return {**article, "player": chess.COLOR_NAMES[referee.position.turn], **ob.fields()}


def must_ruling(referee: Referee) -> Ruling:
    """The obligation binding the player on move now, as a ruling object (for ``expect.must``)."""
    ob = referee.obligation
    fields = {"player": chess.COLOR_NAMES[referee.position.turn], **ob.fields()}
    return Ruling.model_validate({"kind": "obligation", "article": ob.article or "4.5", "text": "", **fields})
