"""The session: one game played event by event, its undo, restart, loading and saving.

About 480 lines, on purpose: :class:`Session` is one object whose events played, events queued
(with the notation each is written in), referee and views change together at every step, undo,
back and load; its reading of a trainee's line and of a queued move into the session's notation
reads that same state. Split, each part would reach into the others' fields."""

from __future__ import annotations

from fractions import Fraction

import dataclasses
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import chess
import yaml

from arbiter.core.clock import ZERO, TimeControlError, decimal_text, parse_duration, seconds_text, written_seconds
from arbiter.core.errors import (
    AmbiguousNotationError, ArbiterError, InternalError, InvalidEventError, ScenarioError, event_label, shown,
)
from arbiter.core.notation import language, read_move, readings_of, told_name, write_san
from arbiter.core.yamlsource import Located
from arbiter.files.rewrite import replaced, write_whole
from arbiter.files.scenario import Scenario, load, loads
from arbiter.laws.referee import Referee
from arbiter.laws.texts import event_words
from arbiter.session.typed import event_in_file_words
from arbiter.session.view import RulingView, Step, View, ruling_view, view_of
from arbiter.table.events import VERBS, ClaimAct, Event, PlayAct, WriteAct, parse_action
from arbiter.core.i18n import _, ngettext
from arbiter.table.machine import Hand

#: What the file a session writes says it comes from.
SAVED_BY = "arbiter teach"


#: How a line may name the player: in full or by the initial, with or without a colon.
_PLAYERS = ("white", "w", "black", "b")


@dataclass(frozen=True)
class Saved:
    """A session written to a file."""

    path: Path
    #: How many events the file now holds.
    events: int
    #: Written over the file the session was loaded from: how many events it held before
    #: (None: a new scenario was written).
    replaced: int | None = None
    #: The file's keys kept as they were written.
    kept: tuple[str, ...] = ()
    #: The language the file's moves are now written in, when the save changed it.
    notation: str | None = None
    #: The blocks kept that were written for the old events: ``expect``, ``ruling``, ``quiz``.
    stale: tuple[str, ...] = ()


class Session:
    """One game at the board, from a scenario's start and settings, event by event.

    Invalid input raises the project's errors (:mod:`arbiter.core.errors`) and leaves the game
    as it was.
    """

    def __init__(self, scenario: Scenario, source: Path | None = None) -> None:
        """A session at ``scenario``'s start with its settings (its events are not played:
        :meth:`load` queues a file's events); ``source``: the file it came from, if any."""
        self._scenario = scenario
        self._source = source
        self._events: list[Event] = []
        self._queue: list[Event] = []
        #: The notation each queued event's move is written in (a file's may not be the session's).
        self._queue_notations: list[str] = []
        self._referee = scenario.new_referee()
        # The referee's rulings as views and the events as text, built once each for the views.
        self._ruled: list[RulingView] = []
        #: The last time a live board's clock ran to with no act (:meth:`time_passes`).
        self._passed: Fraction | None = None
        self._described: list[str] = []
        #: The events played in the words of the language in force (retold with the rulings).
        self._said: list[str] = []
        self._view: View | None = None

    @classmethod
    def from_file(cls, path: str | Path, notation: str | None = None, laws: str | None = None) -> Session:
        """A session at the start of the scenario file ``path``, with its settings; moves are
        read and written in ``notation`` (default: the file's own); ruled by the edition ``laws``
        of the Laws (default: the file's).

        :raises ScenarioError: if the file is not a valid scenario.
        """
        scenario = load(path, notation, laws)
        scenario.events = []
        return cls.from_scenario(scenario, source=Path(path), notation=notation)  # typed as he reads

    @classmethod
    def from_scenario(cls, scenario: Scenario, source: Path | None = None, notation: str | None = None) -> Session:
        """A session at ``scenario``'s start with its settings and its events queued, to play one
        by one (:meth:`play_next`) and take back one by one (:meth:`back`), as a seminar steps
        through a case; ``source``: the file it came from, if any. ``notation``: the one the
        trainee reads and types moves in, if not the scenario's; the queued events stay as the
        file writes them, each move written in ``notation`` when it is played."""
        written_in = scenario.settings.notation
        if notation is not None and notation != written_in:
            scenario.settings = dataclasses.replace(scenario.settings, notation=notation, output_notation=notation)
        session = cls(scenario, source)
        session._queue = list(scenario.events)
        session._queue_notations = [written_in] * len(session._queue)
        return session

    @classmethod
    def from_position(cls, fen: str | None = None, moves: str | None = None, time_control: str | None = None,
                      ruleset: str | None = None, arbiter: str | None = None,
                      notation: str | None = None, laws: str | None = None) -> Session:
        """A session from a position (``fen``, then ``moves`` played, SAN or UCI) and settings,
        each as a scenario file writes it (FORMAT §1); by default the initial position, no clock.

        :raises ScenarioError: if an option is not valid, named by the option (``fen: bad FEN ...``),
            not by a line of the scenario text the options are written into.
        """
        doc: dict[str, Any] = {"title": "arbiter teach"}
        if moves and notation:
            moves = _typed_start_moves(fen, moves, notation)
        if fen or moves:
            doc["start"] = {k: v for k, v in (("fen", fen), ("moves", moves)) if v}
        for key, value in (("time_control", time_control), ("ruleset", ruleset), ("arbiter", arbiter),
                           ("notation", notation), ("laws", laws)):
            if value:
                doc[key] = value
        text = yaml.safe_dump(doc)
        try:
            return cls(loads(text, "<options>"))
        except InternalError:
            raise
        except ScenarioError as err:
            option = _option_at(text, err.line)
            raise ScenarioError(option, None, err.message.removeprefix(f"{option}: ")) from None

    # -- what is played ---------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        """The scenario whose start and settings the game follows."""
        return self._scenario

    @property
    def source(self) -> Path | None:
        """The file the session was loaded from, if any."""
        return self._source

    @property
    def events(self) -> tuple[Event, ...]:
        """The events played, in order."""
        return tuple(self._events)

    @property
    def queued(self) -> tuple[Event, ...]:
        """The events of the file loaded still to play (:meth:`play_next`)."""
        return tuple(self._queue)

    @property
    def referee(self) -> Referee:
        """The referee of the game as it stands: to read; what is done to it bypasses the session."""
        return self._referee

    def parse(self, text: str) -> Event:
        """An event line: ``white: touch g1``, ``w touch g1``, ``touch g1``, ``e4`` (= ``play e4``),
        with ``at=`` and ``hand=``; moves in the session's notation.

        Without a player named, the event is by the player having the move, but ``press`` is by
        the player whose clock is running: once the piece is released the move passes to the
        opponent, while the press that completes the move is still the mover's (6.2.1).

        An event may be typed as the screen shows it in the language in force (``белите: играят e4``,
        :func:`~arbiter.session.typed.event_in_file_words`).

        :raises InvalidEventError: if it is not an event.
        """
        text = event_in_file_words(text, self._scenario.settings.notation)
        head, colon, rest = text.partition(":")
        # "b: claim flag", "White: e4", "white:touch g1"; but "b:c5" is the b-pawn's capture (":" for "x")
        name = head.strip().lower()
        if colon and (name in ("white", "black") or name in ("w", "b") and rest[:1].isspace()):
            text = f"{name} {rest}"
        words = text.split()
        options = {w.split("=", 1)[0]: w.split("=", 1)[1] for w in words if "=" in w}
        words = [w for w in words if "=" not in w]
        actor: chess.Color | None = None
        if words and words[0].lower() in _PLAYERS:
            actor = chess.WHITE if words[0].lower() in ("white", "w") else chess.BLACK
            words = words[1:]
        elif words and len(words[0]) > 1 and words[0].endswith(":"):  # "foo: play e4" is no verb "foo:"
            raise InvalidEventError(_("no player {name}: an event is by white or black ({white}: or w, {black}: "
                                      "or b), or, none named, by the player having the move").format(
                name=shown(words[0][:-1]), white=_("white"), black=_("black")))
        if not words:
            raise InvalidEventError(_("nothing to do"))
        if actor is None:
            actor = self._referee.clock.running if words[0] == "press" else self._referee.position.turn
        if words[0] not in VERBS and len(words) == 1:
            words = ["play", words[0]]
        if words[0] in ("play", "write") and len(words) == 2 or words[0] == "claim" and len(words) == 3:
            words[-1] = self._in_own_notation(words[-1])
        action_text = " ".join(words)
        hand: Hand | None = None
        if "hand" in options:
            if options["hand"] not in ("left", "right"):
                raise InvalidEventError(_("hand is left or right, not {hand}").format(hand=repr(options["hand"])))
            hand = "left" if options["hand"] == "left" else "right"
        at = None
        if "at" in options:
            try:
                at = parse_duration(options["at"])
            except TimeControlError as err:
                raise InvalidEventError(str(err)) from None
            self._check_time(at)
        return Event(actor, parse_action(action_text), action_text, at, hand)

    def _check_time(self, at: Fraction | None) -> None:
        """:raises InvalidEventError: if an event at ``at`` would come before one played (a
        scenario's times never go back: FORMAT §2)."""
        if at is None:
            return
        last = max((e.at for e in self._events if e.at is not None), default=ZERO)
        if at < last:
            raise InvalidEventError(_("time goes backwards ({at}s after {last}s)").format(at=seconds_text(at),
                                                                                         last=seconds_text(last)))

    def _in_own_notation(self, text: str) -> str:
        """A move as the trainee wrote it, read in the session's notation, in the other script of
        the same language, in English and as UCI (issue 31): written back in the session's
        notation where another reading found it, as it is where none did (the referee then says
        why). A text two readings take for different moves is refused, naming both.

        :raises AmbiguousNotationError: for a text that names different moves in two notations.
        """
        board = self._referee.position.now
        own = self._scenario.settings.notation
        found: dict[chess.Move, list[str]] = {}
        for code in readings_of(own):
            try:
                move = read_move(board, text, code)
            except AmbiguousNotationError:
                raise
            except ArbiterError:
                continue
            found.setdefault(move, []).append(code)
        if len(found) > 1:
            raise AmbiguousNotationError(_reads_two_ways(board, text, found), list(found))
        if not found or own in next(iter(found.values())):
            return text
        return _written(board, next(iter(found)), own)

    def apply(self, event: str | Event) -> Step:
        """Play one event (a line :meth:`parse` reads, or an event): the rulings it gave and
        the view after it.

        :raises ArbiterError: if the line is not an event or the event cannot physically happen
            (:class:`InvalidEventError` and its kinds); the game is left as it was.
        :raises InternalError: if the arbiter itself fails on it (a bug of ours, said with the
            event); the game is left as it was.
        """
        if isinstance(event, str):
            event = self.parse(event)
        index, first = len(self._events), len(self._referee.rulings)
        try:
            self._referee.apply(event, index)
        except ArbiterError:
            self._replay(self._events)  # what the event did before it failed is undone
            raise
        except Exception as err:  # noqa: BLE001 - a bug of ours: said, and the game goes on from before it
            self._replay(self._events)
            internal = _("internal error, please report it: {error}").format(error=repr(err))
            message = f"{event_label(index, event.describe())}: {internal}"
            raise InternalError(self._scenario.path, None, message) from err
        self._events.append(event)
        self._view = None
        view = self.view()
        return Step(event=event.describe(), rulings=view.rulings[first:], view=view)

    def time_passes(self, at: Fraction) -> list[RulingView]:
        """Time runs to ``at`` with no act (a live board's clock): the rulings it led to (a flag
        the watching arbiter calls), as views. It is no event: replaying the events does not
        repeat it, the next act's time does."""
        given = self._referee.time_passes(at)
        self._passed = at  # replayed after the events (a retelling, a rebuild): the flag stays called
        if not given:
            return []
        self._view = None
        return self.view().rulings[-len(given):]

    def play_next(self) -> Step:
        """Play the next event of the file loaded (it leaves the queue even if the referee refuses
        it; one whose time comes before an event played stays queued).

        :raises InvalidEventError: if no event is queued; as :meth:`apply` otherwise.
        """
        if not self._queue:
            raise InvalidEventError(_("no event of a loaded file is left to play"))
        self._check_time(self._queue[0].at)  # an event typed in between at a later time: it stays queued
        event, written_in = self._queue.pop(0), self._queue_notations.pop(0)
        return self.apply(self._in_session_notation(event, written_in))

    def _in_session_notation(self, event: Event, written_in: str) -> Event:
        """``event`` with its move (``play``, ``write``, ``claim ... MOVE``), written in the
        notation ``written_in``, written in the session's, read where the referee reads it; as it
        is if the notations are the same.

        :raises ArbiterError: if the move is none the pieces could make, read as the file writes it.
        """
        own = self._scenario.settings.notation
        action = event.action
        text = action.move if isinstance(action, (PlayAct, WriteAct, ClaimAct)) else None
        if own == written_in or not text:
            return event
        board = self._referee.board_read_for(event.actor)
        written = _written(board, read_move(board, text, written_in), own)  # refused as the file's notation refuses it
        words = event.text.split()
        action_text = " ".join([*words[:-1], written])
        return Event(event.actor, parse_action(action_text), action_text, event.at, event.hand, event.note,
                     event.line)

    def undo(self) -> View:
        """One event back.

        :raises InvalidEventError: if no event has been played.
        """
        if not self._events:
            raise InvalidEventError(_("nothing to undo"))
        self._replay(self._events[:-1])
        return self.view()

    def back(self) -> View:
        """One event back, the event put back at the head of the queue: :meth:`play_next` plays
        it again (a seminar stepping backwards and forwards through a case).

        :raises InvalidEventError: if no event has been played.
        """
        if not self._events:
            raise InvalidEventError(_("nothing to take back"))
        last = self._events[-1]
        self._replay(self._events[:-1])
        self._queue.insert(0, last)
        self._queue_notations.insert(0, self._scenario.settings.notation)  # as it was played
        return self.view()

    def restart(self) -> View:
        """Back to the start, no event played (the events queued stay queued)."""
        self._replay([])
        return self.view()

    def load(self, path: str | Path) -> View:
        """Start again from the scenario file ``path``, with its settings and notation; its
        events are queued, to play one by one (:meth:`play_next`).

        :raises ScenarioError: if the file is not a valid scenario (the session is unchanged).
        """
        scenario = load(path)
        self._scenario, self._source = scenario, Path(path)
        self._replay([])
        self._queue = list(scenario.events)
        self._queue_notations = [scenario.settings.notation] * len(self._queue)
        return self.view()

    def _replay(self, events: Sequence[Event]) -> None:
        """The game again from the start, through ``events`` (each played once before)."""
        self._referee = self._scenario.new_referee()
        self._events, self._ruled, self._described, self._said, self._view = [], [], [], [], None
        for event in events:
            self._referee.apply(event, len(self._events))
            self._events.append(event)
        if self._passed is not None:
            self._referee.time_passes(self._passed)

    def retell(self) -> View:
        """The game played again from the start through the same events, so that its rulings'
        texts (and the articles under them) are told in the language in force now."""
        self._replay(list(self._events))
        return self.view()

    # -- what the board shows ----------------------------------------------------------------------

    def view(self) -> View:
        """What the board shows now."""
        if self._view is None:
            laws = self._referee.settings.laws
            self._ruled += [ruling_view(r, laws) for r in self._referee.rulings[len(self._ruled):]]
            self._described += [e.describe() for e in self._events[len(self._described):]]
            settings = self._referee.settings
            notation = settings.output_notation or settings.notation
            self._said += [event_words(e, notation) for e in self._events[len(self._said):]]
            # a queued move is as its file writes it: translated from English, else shown as written
            queued = [event_words(e, notation if written == "en" else None)
                      for e, written in zip(self._queue, self._queue_notations, strict=True)]
            self._view = view_of(self._referee, self._ruled, self._described, len(self._queue),
                                 [*self._said, *queued])
        return self._view

    # -- files ---------------------------------------------------------------------------------------

    def to_scenario(self) -> str:
        """The game as a new scenario file (YAML): its start, settings and events, and an
        ``expect`` block of what the Laws ruled, so that ``arbiter run`` passes it."""
        count = len(self._events)
        title = ngettext("Saved from {program} ({count} event)", "Saved from {program} ({count} events)", count)
        doc: dict[str, Any] = {"title": title.format(program=SAVED_BY, count=count), "source": SAVED_BY}
        spec = self._scenario.spec
        for key in ("ruleset", "supervision", "arbiter", "time_control"):
            value = getattr(spec, key)
            if value is not None:
                doc[key] = value
        own = self._own_settings()
        if "laws" in own:  # the edition ruled by (a report's date is not kept)
            doc["laws"] = own["laws"]
        for key, default in (("orientation", "right"), ("colours", "right")):
            if getattr(spec, key) != default:
                doc[key] = getattr(spec, key)
        if spec.regulations is not None:
            doc["regulations"] = spec.regulations.model_dump(mode="json", exclude_unset=True)
        if "notation" in own:
            doc["notation"] = own["notation"]
        board = self._scenario.start.board
        set_up = spec.start.set_up if spec.start is not None else None
        # a wrong set-up (7.2) as written; the moves before the start, which repetitions (9.2) count
        start: dict[str, str] = {"set_up": set_up} if set_up is not None else {
            "fen": board.root().fen() if board.move_stack else self._scenario.start.fen()}
        if board.move_stack:
            start["moves"] = " ".join(move.uci() for move in board.move_stack)
        doc["start"] = start
        if self._scenario.start_clock is not None:
            doc["clock"] = {chess.COLOR_NAMES[c]: written_seconds(v) for c, v in self._scenario.start_clock.items()}
        doc["events"] = [_event_dict(e) for e in self._events]
        ref = self._referee
        doc["expect"] = {
            "rulings": [{k: v for k, v in r.as_dict().items() if k != "text"} for r in ref.rulings],
            "fen": ref.position.fen(),
            "board": ref.position.standing.board_fen(),
            "to_move": chess.COLOR_NAMES[ref.position.turn],
            "result": ref.result,
        }
        return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)

    def report_fields(self) -> dict[str, Any]:
        """The game as the fields of the page's report desk ("From the board as played"): the
        settings an incident report keeps (``time_control``, ``arbiter``, ``laws``, ``notation``:
        None where the game has none of its own), its start (``start_kind``: ``none``, ``fen`` or
        ``pgn``, and ``start``: a FEN, or a PGN text of the moves played before the events) and
        its events as lines the desk reads, times and hands included (``white: play Кf3 at=2
        hand=right``), their moves in the session's notation, which ``notation`` names."""
        spec, own = self._scenario.spec, self._own_settings()
        board = self._scenario.start.board
        root = board.root()
        if board.move_stack:
            moves = root.variation_san(board.move_stack)
            tags = "" if root.fen() == chess.STARTING_FEN else f'[SetUp "1"]\n[FEN "{root.fen()}"]\n\n'
            start_kind, start = "pgn", tags + moves
        elif board.fen() != chess.STARTING_FEN:
            start_kind, start = "fen", board.fen()
        else:
            start_kind, start = "none", ""
        lines = []
        for event in self._events:
            line = event.describe()
            if event.at is not None:
                line += f" at={decimal_text(event.at)}"
            if event.hand is not None:
                line += f" hand={event.hand}"
            lines.append(line)
        return {"time_control": spec.time_control, "arbiter": spec.arbiter, "laws": own.get("laws"),
                "notation": own.get("notation"), "start_kind": start_kind, "start": start, "events": lines}

    def _own_settings(self) -> dict[str, str]:
        """The edition of the Laws and the notation the game has of its own, which a saved file
        (:meth:`to_scenario`) and a report (:meth:`report_fields`) keep; left out where they are the
        defaults."""
        settings, own = self._scenario.settings, {}
        if self._scenario.laws_from != "default":
            own["laws"] = settings.laws
        if settings.notation != "en":
            own["notation"] = settings.notation
        return own

    def is_source(self, path: Path) -> bool:
        """Whether ``path`` is the file the session was loaded from."""
        if self._source is None:
            return False
        try:
            return os.path.samefile(path, self._source)
        except OSError:
            return path.resolve() == self._source.resolve()

    def source_events(self) -> int | None:
        """How many events the file the session was loaded from holds now, if it can be read."""
        try:
            data = yaml.safe_load(self._source.read_text(encoding="utf-8")) if self._source else None
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return None
        events = data.get("events") if isinstance(data, dict) else None
        return len(events) if isinstance(events, list) else None

    def save(self, path: Path, over_source: bool = False) -> Saved:
        """Write the game to ``path``, whole or not at all: a new scenario (:meth:`to_scenario`),
        or, ``over_source``, the file the session was loaded from with only its ``events`` (and
        its ``notation``, if the session reads another) replaced: its title, source, settings,
        start, expect, quiz, report and ruling stay as written, comments and layout included.

        :raises ScenarioError: over the source, if it can no longer be read as a scenario or
            would no longer be one; the message says so, naming ``path``.
        :raises OSError: if the file cannot be written.
        """
        if not over_source:
            write_whole(path, self.to_scenario())
            return Saved(path, len(self._events))
        try:
            original = path.read_text(encoding="utf-8")
            loads(original, str(path), base=path.parent)  # the scenario reader bounds the work on hostile YAML
            data = yaml.safe_load(original)
        except (OSError, UnicodeDecodeError) as err:
            raise ScenarioError(str(path), None, _("cannot read {path} again to keep what it holds: {error}").format(
                path=path, error=err)) from None
        except ScenarioError as err:
            raise ScenarioError(str(path), None, _("{path} no longer reads as a scenario ({error}); save the session "
                                                   "under another name").format(path=path, error=err.message)) from None
        if not isinstance(data, dict):
            raise ScenarioError(str(path), None, _("{path} is no longer a scenario (a mapping of keys)").format(
                path=path))
        changes: dict[str, Any] = {"events": [_event_dict(e) for e in self._events]}
        notation = self._scenario.settings.notation
        if language(data.get("notation")).code != notation:  # read as the file spells it: sr is sr-Latn
            changes["notation"] = notation
        text = replaced(original, data, changes)
        try:
            loads(text, str(path), base=path.parent)
        except ScenarioError as err:
            invalid = _("{path} would no longer be a valid scenario: {error} (save the session under another "
                        "name)").format(path=path, error=err.message)
            raise ScenarioError(str(path), None, invalid) from None
        write_whole(path, text)
        old = data.get("events")
        return Saved(path, len(self._events), replaced=len(old) if isinstance(old, list) else 0,
                     kept=tuple(key for key in data if key not in changes),
                     notation=notation if "notation" in changes else None,
                     stale=tuple(key for key in ("expect", "ruling", "quiz") if key in data))


def _event_dict(event: Event) -> dict[str, Any]:
    """An event as a scenario file lists it."""
    data: dict[str, Any] = {chess.COLOR_NAMES[event.actor]: event.text}
    if event.at is not None:
        data["at"] = written_seconds(event.at)
    if event.hand is not None:
        data["hand"] = event.hand
    return data


def _written(board: chess.Board, move: chess.Move, notation: str) -> str:
    """``move`` as a session writes it in ``notation``: SAN if it is legal on ``board``, else UCI
    (an illegal move has no SAN)."""
    return write_san(board, move, notation) if board.is_legal(move) else move.uci()


#: Each option of :meth:`Session.from_position` (``--time-control`` for ``time_control`` on the command
#: line), and where it stands in the scenario text it is written into.
OPTIONS = {"fen": ("start", "fen"), "moves": ("start", "moves"), "time_control": ("time_control",),
                "ruleset": ("ruleset",), "arbiter": ("arbiter",), "notation": ("notation",), "laws": ("laws",)}


def _option_at(text: str, line: int | None) -> str:
    """The option written on ``line`` of ``text`` (the options as a scenario), or the options as a whole."""
    doc = Located(text)
    for option, path in OPTIONS.items():
        if path[0] in doc.data and (len(path) == 1 or path[1] in doc.data[path[0]]) and doc.line(path) == line:
            return option
    return _("the options")


def _typed_start_moves(fen: str | None, moves: str, notation: str) -> str:
    """The moves a trainee typed for the start (``--moves``), read as his typed moves are (issue
    31: the session's notation, its other script, English, UCI) and given back as UCI, so that a
    score pasted in English starts a Bulgarian session. From a move read in no way on, as typed
    (the start's reader then says why of it); all as typed where the FEN is not one.

    :raises ScenarioError: for a move two readings take for different moves, naming both.
    """
    from arbiter.core.notation import legal_move
    from arbiter.files.start import split_moves

    try:
        board = chess.Board(fen) if fen else chess.Board()
    except ValueError:
        return moves
    played: list[str] = []
    texts = split_moves(moves)
    for number, text in enumerate(texts):
        found: dict[chess.Move, list[str]] = {}
        for code in readings_of(language(notation).code):
            try:
                found.setdefault(legal_move(board, text, code), []).append(code)
            except ArbiterError:
                continue
        if not found:  # the start's reader says why, of this move, numbered as typed
            return " ".join(played + texts[number:])
        if len(found) > 1:
            raise ScenarioError("moves", None, _reads_two_ways(board, text, found))
        move = next(iter(found))
        played.append(move.uci())
        board.push(move)
    return " ".join(played)


def _reads_two_ways(board: chess.Board, text: str, found: dict[chess.Move, list[str]]) -> str:
    """The error of a move ``text`` that the notations ``found`` read as different moves: each
    reading named, in its notation (SAN where the move is legal, else UCI), and the UCI to write."""
    readings = [_("{move} in {notation} notation").format(
        move=write_san(board, move, codes[0]) if board.is_legal(move) else move.uci(),
        notation=told_name(codes[0])) for move, codes in found.items()]
    return _("{move} reads two ways: {readings}; write it as UCI ({uci})").format(
        move=repr(text), readings=_(" or ").join(readings), uci=" / ".join(move.uci() for move in found))
