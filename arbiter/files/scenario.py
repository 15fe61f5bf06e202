"""Scenario files (FORMAT §1): load and validate, build the game, run the events.

Raw YAML becomes a :class:`~arbiter.files.models.ScenarioFile` (pydantic, ``extra="forbid"``),
then a :class:`Scenario` with parsed events, a starting position (:mod:`arbiter.files.start`)
and the game's settings. Every problem is a :class:`ScenarioError` naming the file and the line.
"""

from __future__ import annotations

from fractions import Fraction

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import chess

from pydantic import ValidationError

from arbiter.core.clock import (
    MAX_DURATION, ZERO, Clock, TimeControl, TimeControlError, exact, parse_duration, seconds_text,
)
from arbiter.core.errors import (
    ArbiterError, InternalError, InvalidEventError, ScenarioError, clipped, event_label, os_error_words, shown, told,
)
from arbiter.table.events import ArriveAct, Event, PlayAct, parse_action
from arbiter.laws.editions import CURRENT, edition, edition_on, ruleset_for, written_day
from arbiter.core.notation import DEFAULT, Language, language, read_move, told_name, translate
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.laws.rulings import Ruling, RulingFields
from arbiter.core.yamlsource import Located, YamlSourceError, dotted, scalar_at
from arbiter.files.expect import failures, must_fields
from arbiter.files.models import EventModel, RegulationsModel, ScenarioFile
from arbiter.core.i18n import NOTATION_OF, _, current_language
from arbiter.core.modelerrors import first_problem
from arbiter.files.start import duration_at, read_start, start_clock


LawsFrom = Literal["command", "file", "date", "default"]


@dataclass
class Scenario:
    """A loaded, valid scenario, ready to run as many times as needed."""

    path: str
    spec: ScenarioFile
    events: list[Event]
    start: Position
    settings: Settings
    control: TimeControl | None
    start_clock: dict[chess.Color, Fraction] | None
    #: Where the edition of the Laws came from: ``command`` (``--laws``), ``file`` (``laws:``),
    #: ``date`` (the report's date), or ``default`` (none of them: the current edition).
    laws_from: LawsFrom = "default"

    def laws_fields(self) -> dict[str, str]:
        """The edition of the Laws the file is ruled by, for the JSON documents: its name, the
        day it came into force, and where the choice came from (``command``, ``file``, ``date``,
        ``default``)."""
        laws = edition(self.settings.laws)
        return {"edition": laws.name, "in_force": laws.in_force.isoformat(), "from": self.laws_from}

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


def load(path: str | Path, output_notation: str | None = None, laws: str | None = None) -> Scenario:
    """Read and validate a scenario file; its rulings write moves in ``output_notation`` (by
    default the file's own notation); ``laws``: the edition of the Laws it is ruled by, whatever
    the file says (by default the file's ``laws:``, else the report's date, else 2023).

    :raises ScenarioError: naming the file and line of the first problem.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        error = os_error_words(err, str(err)) if isinstance(err, OSError) else err
        raise ScenarioError(name, None, _("cannot read the file: {error}").format(error=error)) from None
    return loads(text, name, base=Path(path).parent, output_notation=output_notation, laws=laws)


def loads(text: str, name: str = "<scenario>", base: Path | None = None,
          output_notation: str | None = None, read_files: bool = True, laws: str | None = None) -> Scenario:
    """Read and validate scenario text; ``name`` is used in errors, ``base`` for PGN paths,
    ``output_notation`` and ``laws`` as for :func:`load`. Without ``read_files`` (text from a stranger, as
    the web receives it) no file is read: a ``start.pgn`` naming a ``.pgn`` file is refused, any
    other is read as PGN text."""
    try:
        doc = Located(text)
    except YamlSourceError as err:
        raise ScenarioError(name, err.line, _in_event(text, err.path) + err.message) from None
    if not isinstance(doc.data, dict):
        raise ScenarioError(name, 1, _("a scenario is a mapping of keys (title, start, events, expect, ...)"))
    try:
        spec = ScenarioFile.model_validate(doc.data)
    except ValidationError as err:
        raise _located(name, doc, err) from None
    if spec.title is None and spec.report is None:
        raise ScenarioError(name, 1, _("missing required key {key}").format(key=repr("title")))
    if spec.quiz is not None and spec.quiz.after > len(spec.events):
        past = _("quiz.after is past the last event ({count})").format(count=len(spec.events))
        raise ScenarioError(name, doc.line(("quiz", "after")), past)
    lines = doc.item_lines(("events",)) if spec.events else []
    events = [_event(name, line, index, raw)
              for index, (raw, line) in enumerate(zip(spec.events, lines, strict=True))]
    _check_numbers(name, doc, spec)
    _check_times(name, doc, events)
    written = {"time_control": spec.time_control, "clock": spec.clock}
    start = read_start(name, doc, spec, (base or Path(".")) if read_files else None)
    control = None
    if spec.time_control is not None:
        try:
            control = TimeControl.parse(spec.time_control)
        except TimeControlError as err:
            if written["time_control"] is None:
                tag = _("start.pgn: the TimeControl tag: {error}").format(error=err)
                raise ScenarioError(name, doc.line(("start", "pgn")), tag) from None
            raise ScenarioError(name, doc.line(("time_control",)), str(err)) from None
    reads = language(spec.notation)
    writes = language(output_notation or spec.notation)
    regulations = spec.regulations or RegulationsModel()
    default_time = duration_at(name, doc, ("regulations", "default_time"), regulations.default_time)
    laws, laws_from = _edition_of(spec, laws)
    settings = Settings(
        arbiter=spec.arbiter,
        ruleset=spec.ruleset or ruleset_for(control, laws),
        supervision=spec.supervision,
        notation=reads.code,
        output_notation=writes.code,
        default_time=default_time,
        absent=frozenset(event.actor for event in events if isinstance(event.action, ArriveAct)),
        device_penalty=regulations.device.penalty,
        device_seconds=exact(regulations.device.seconds or 0),
        set_up_wrong=spec.start is not None and spec.start.set_up is not None
        and spec.start.set_up.split()[0] != chess.STARTING_BOARD_FEN,
        orientation_wrong=spec.orientation == "wrong",
        colours_reversed=spec.colours == "reversed",
        laws=laws,
    )
    _translate_listed(spec, reads, writes)
    clocks = start_clock(name, doc, spec, control, from_pgn=written["clock"] is None)
    return Scenario(name, spec, events, start, settings, control, clocks, laws_from)


def _edition_of(spec: ScenarioFile, command: str | None) -> tuple[str, LawsFrom]:
    """The edition a file is ruled by, and where that came from: the command's ``--laws``, the
    file's ``laws:``, the edition in force on the report's date, or the current one."""
    if command is not None:
        return edition(command).name, "command"
    if spec.laws is not None:
        return str(spec.laws), "file"
    day = written_day(spec.report.date) if spec.report is not None else None
    if day is not None:
        return edition_on(day).name, "date"
    return CURRENT, "default"



def _in_event(text: str, path: tuple[Any, ...]) -> str:
    """``event 0 (white: play e4): `` for an error inside an event, else nothing."""
    if len(path) < 2 or path[0] != "events" or not isinstance(path[1], int):
        return ""
    for actor in ("white", "black"):
        action = scalar_at(text, ("events", path[1], actor))
        if action is not None:
            return _("event {index} ({event})").format(index=path[1], event=f"{actor}: {clipped(action)}") + ": "
    return _("event {index}").format(index=path[1]) + ": "


def _check_numbers(name: str, doc: Located, spec: ScenarioFile) -> None:
    """The times and seconds checked before they are used: each a finite number within bounds."""
    for block, clock in (("expect", spec.expect.clock if spec.expect else None),
                         ("ruling", spec.ruling.clock if spec.ruling else None)):
        for color in ("white", "black"):
            value = getattr(clock, color) if clock is not None else None
            if value is not None:
                duration_at(name, doc, (block, "clock", color), value)
    regulations = spec.regulations or RegulationsModel()
    if regulations.device.seconds is not None:
        duration_at(name, doc, ("regulations", "device", "seconds"), regulations.device.seconds)
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
                wrong = _("{key}: {value} is not a number of seconds from -1000 hours to 1000 hours").format(
                    key=dotted(path), value=shown(seconds))
                raise ScenarioError(name, doc.line(path), wrong)


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
    loc, said, first = first_problem(ScenarioFile, err.errors())
    key = ".".join(str(p) for p in loc) or _("the file")
    if first["type"] == "extra_forbidden":
        if len(loc) > 1:
            message = _("unknown key {key} in {block}").format(key=repr(str(loc[-1])),
                                                               block=".".join(str(p) for p in loc[:-1]))
        else:
            message = _("unknown key {key}").format(key=repr(str(loc[-1])))
    elif first["type"] == "missing":
        message = _("missing required key {key}").format(key=repr(key))
    else:
        in_event = len(loc) >= 2 and loc[0] == "events" and isinstance(loc[1], int)
        where = ".".join(str(p) for p in loc[2:]) if in_event else key
        message = f"{where}: {said}" if where else said
        if "input" in first and not isinstance(first["input"], (dict, list)):
            message += " " + _("(got {value})").format(value=shown(first["input"]))
    if len(loc) >= 2 and loc[0] == "events" and isinstance(loc[1], int):
        raw = doc.data["events"][loc[1]]
        message = _("event {index} ({event})").format(index=loc[1], event=_event_text(raw)) + f": {message}"
    return ScenarioError(name, doc.line(loc), message)


def _event_text(raw: Any) -> str:
    if isinstance(raw, dict):
        for actor in ("white", "black"):
            if actor in raw:
                value = raw[actor]
                return f"{actor}: {clipped(value) if isinstance(value, str) else shown(value)}"
    return shown(raw)


def _event(name: str, line: int, index: int, raw: EventModel) -> Event:
    actor_name = "white" if raw.white is not None else "black"
    text = raw.white if raw.white is not None else raw.black
    assert text is not None
    try:
        action = parse_action(text)
        at = parse_duration(raw.at) if raw.at is not None else None
    except InvalidEventError as err:
        raise ScenarioError(name, line, _("event {index} ({event})").format(
            index=index, event=f"{actor_name}: {clipped(text)}") + f": {told(err)}") from None
    except TimeControlError as err:
        raise ScenarioError(name, line, _("event {index} ({event})").format(
            index=index, event=f"{actor_name}: {clipped(text)}") + f": {err}") from None
    actor = chess.WHITE if actor_name == "white" else chess.BLACK
    return Event(actor, action, text.strip(), at, raw.hand, raw.note, line)


def _check_times(name: str, doc: Located, events: list[Event]) -> None:
    last = ZERO
    for index, event in enumerate(events):
        if event.at is None:
            continue
        if event.at < last:
            backwards = _("time goes backwards ({at}s after {last}s)").format(at=seconds_text(event.at),
                                                                             last=seconds_text(last))
            raise ScenarioError(name, event.line, _("event {index} ({event})").format(
                index=index, event=event.describe()) + f": {backwards}")
        last = event.at


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
    return list(apply_event(path, referee, index, event))


def apply_event(path: str, referee: Referee, index: int, event: Event) -> Sequence[Ruling]:
    """:func:`replay_event` with the rulings left as the log keeps them: made into
    :class:`Ruling` objects (their sentences told) only if read (issue 36)."""
    try:
        return referee.apply(event, index)
    except Exception as err:  # noqa: BLE001 - a bug of ours too: reported at its event, the other files still run
        raise _failed_at(path, index, event, err, referee) from (None if isinstance(err, ArbiterError) else err)


def _failed_at(path: str, index: int, event: Event, err: Exception, referee: Referee) -> ScenarioError | InternalError:
    """The error of a file's event the referee could not rule on: the event's own fault
    (:class:`ArbiterError`) or a failure of the arbiter itself (any other)."""
    if isinstance(err, ArbiterError):
        said = f"{event_label(index, event.describe())}: {told(err)}{_notation_hint(referee, event)}"
        return ScenarioError(path, event.line, said)
    message = f"{event_label(index, event.describe())}: " + _("internal error, please report it: {error}").format(
        error=repr(err))
    return InternalError(path, event.line, message)


def apply_events_from(path: str, referee: Referee, events: Sequence[Event], index: int) -> int:
    """Rule on event ``index`` of the file ``path``, or on the plain move's acts that begin there
    in one go (:meth:`Referee.apply_from`, issue 36): how many events were ruled. Errors as
    :func:`replay_event`'s, at event ``index``."""
    try:
        return referee.apply_from(events, index)
    except Exception as err:  # noqa: BLE001 - as apply_event
        raise _failed_at(path, index, events[index], err, referee) from (None if isinstance(err, ArbiterError) else err)


#: The notations a move a file cannot read is tried in for the hint, after the one of the language in force.
_HINTED = ("sr-Cyrl", "sr-Latn", "bg")


def _notation_hint(referee: Referee, event: Event) -> str:
    """For a ``play`` the file's English notation cannot read (``play Кf3``), the notation of the
    program's languages it reads in, with the key to add (as the audit says ``--notation``)."""
    action = event.action
    if not isinstance(action, PlayAct) or referee.reads.code != DEFAULT:
        return ""
    board = referee.board_read_for(event.actor)
    for code in dict.fromkeys((NOTATION_OF[current_language()], *_HINTED)):
        if code == DEFAULT:
            continue
        try:
            read_move(board, action.move, code)
        except Exception:  # noqa: BLE001 - a hint in an error's path: never an error of its own
            continue
        return "; " + _("it reads as a move in {notation} notation: add {key} to the file").format(
            notation=told_name(code), key=f"notation: {code}")
    return ""


def run(scenario: Scenario, check: bool = True) -> Outcome:
    """Play the scenario's events and check its ``expect`` block.

    :raises InternalError: if the arbiter itself fails on an event, naming it.
    """
    referee = scenario.new_referee()
    outcome = Outcome(scenario, referee)
    events, index = scenario.events, 0
    while index < len(events):
        try:
            index += apply_events_from(scenario.path, referee, events, index)  # the rulings are read once, by the check
        except InternalError:
            raise
        except ScenarioError as err:
            outcome.error = err
            return outcome
    referee.end_of_events()
    if check and scenario.spec.expect is not None:
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
        "must": must_fields(referee),
    }
