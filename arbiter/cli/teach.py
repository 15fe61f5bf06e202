"""``arbiter teach``: a trainee plays both players' hands and the arbiter explains every step.

:class:`Session` holds the game and turns one line of input into the text to show; it knows
nothing of the terminal. :func:`run` wraps it in a prompt_toolkit prompt (line editing, history,
completion of verbs, commands and the squares that hold pieces).
"""

from __future__ import annotations

import dataclasses
import os
import shlex
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import chess
import yaml
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from arbiter.cli import render
from arbiter.cli.render import error_line
from arbiter.core.clock import TimeControlError, parse_duration
from arbiter.core.errors import ArbiterError, ScenarioError, UnknownArticleError, event_label
from arbiter.core.notation import language
from arbiter.files.scenario import Scenario, load, loads
from arbiter.laws import articles as laws
from arbiter.laws.rulings import Ruling
from arbiter.table.events import VERBS, Event, parse_action
from arbiter.table.machine import MACHINE
from arbiter.table.touch import Touch

COMMANDS = (":undo", ":restart", ":save", ":load", ":laws", ":why", ":state", ":help", ":quit")

HELP = """\
Events, as in scenario files:  white: touch g1   black: move e7 e5   white: press
Short forms:  w touch g1 / b lift e7   touch g1 (the player having the move)   e4 (= play e4)
              press (the player whose clock is running)
Options after the event:  at=0:01:05  hand=left
Commands:
  :undo          one event back        :restart      from the start again
  :save FILE     write a scenario (asks before replacing a file; over the file loaded, only its
                 events are replaced)
  :load FILE     replay a scenario, Enter for each event
  :laws [ART]    the articles          :why          why the obligation binds
  :state         the machine's state   :help  :quit"""

_UNICODE = {
    "K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘", "P": "♙",
    "k": "♚", "q": "♛", "r": "♜", "b": "♝", "n": "♞", "p": "♟",
}


class Quit(Exception):
    """The trainee ends the session."""


@dataclass
class Session:
    """A teaching session over one starting position and its settings."""

    scenario: Scenario
    orientation: str | None = None
    #: Mark squares in colour (a terminal that shows it) rather than with ``*`` and ``+`` only.
    colour: bool = False
    events: list[Event] = field(default_factory=list)
    queue: list[Event] = field(default_factory=list)
    #: The file the session was loaded from (``arbiter teach FILE``, ``:load FILE``), if any.
    source: Path | None = None
    #: A ``:save`` waiting for the trainee's yes or no: the file it would replace.
    pending: Path | None = None

    def __post_init__(self) -> None:
        self.referee = self.scenario.new_referee()

    # -- what the trainee types ---------------------------------------------------------------

    def handle(self, line: str) -> str:
        """The text to show for one line of input. Bad input gives a one-line explanation."""
        text = line.strip()
        if self.pending is not None:
            return self._answer(text)
        if not text:
            return self._next_queued()
        if text.startswith(":"):
            return self._command(text)
        try:
            event = self.parse(text)
        except ArbiterError as err:
            return error_line(f"not understood: {err}")
        return self.apply(event)

    def parse(self, text: str) -> Event:
        """``white: touch g1``, ``w touch g1``, ``touch g1``, ``e4``, with ``at=`` and ``hand=``.

        Without a player named, the event is by the player having the move, but ``press`` is by
        the player whose clock is running: once the piece is released the move passes to the
        opponent, while the press that completes the move is still the mover's (6.2.1).
        """
        words = text.replace(":", " ", 1).split() if text.split()[0].rstrip(":") in ("white", "black") \
            else text.split()
        options = {w.split("=", 1)[0]: w.split("=", 1)[1] for w in words if "=" in w}
        words = [w for w in words if "=" not in w]
        actor: chess.Color | None = None
        if words and words[0] in ("white", "w", "black", "b"):
            actor = chess.WHITE if words[0] in ("white", "w") else chess.BLACK
            words = words[1:]
        if not words:
            raise ArbiterError("nothing to do")
        if actor is None:
            actor = self.referee.clock.running if words[0] == "press" else self.referee.position.turn
        if words[0] not in VERBS and len(words) == 1:
            words = ["play", words[0]]
        action_text = " ".join(words)
        hand = options.get("hand")
        if hand not in (None, "left", "right"):
            raise ArbiterError(f"hand is left or right, not {hand!r}")
        at = None
        if "at" in options:
            try:
                at = parse_duration(options["at"])
            except TimeControlError as err:
                raise ArbiterError(str(err)) from None
            last = max((e.at for e in self.events if e.at is not None), default=0.0)
            if at < last:
                raise ArbiterError(f"time goes backwards ({at:g}s after {last:g}s)")
        return Event(actor, parse_action(action_text), action_text, at, hand, None, None)  # type: ignore[arg-type]

    def apply(self, event: Event) -> str:
        """Rule on one event: the board, the status line and each new ruling with its article."""
        try:
            given = self.referee.apply(event, len(self.events))
        except ArbiterError as err:
            self._replay(self.events)  # an impossible event leaves the game as it was
            return error_line(f"not possible: {err}")
        except Exception as err:  # noqa: BLE001 - a bug of ours: said, and the session goes on from before it
            self._replay(self.events)
            label = event_label(len(self.events), event.describe())
            return error_line(f"{label}: internal error, please report it: {err!r}")
        self.events.append(event)
        return self.screen(given)

    def prompt(self) -> str:
        """Who has the move and whose clock runs: ``black to move, white's clock> ``; while a
        ``:save`` waits for a yes or no, the question."""
        if self.pending is not None:
            if self._is_source(self.pending):
                old = self._source_events()
                had = f"{old} events" if old is not None else "its events"
                return (f"{self.pending} is the file this session was loaded from: replace its {had} with the "
                        f"session's {len(self.events)}, keeping the rest? [y/N] ")
            return f"{self.pending} exists: overwrite it? [y/N] "
        turn = chess.COLOR_NAMES[self.referee.position.turn]
        return f"{turn} to move, {chess.COLOR_NAMES[self.referee.clock.running]}'s clock> "

    def screen(self, given: Iterable[Ruling] = ()) -> str:
        """The board, the status line, and the rulings given with their articles' text."""
        lines = [self.board(), render.status(self.referee)]
        cited: set[str] = set()
        for ruling in given:
            lines.append(render.ruling(ruling, indent="  "))
            if ruling.article not in cited:  # each article's text once per screen
                cited.add(ruling.article)
                lines.append(render.article_text(ruling.article, indent="      "))
        return "\n".join(lines)

    def board(self) -> str:
        """Unicode pieces, coordinates; touched squares marked ``*``, the last move ``+``."""
        ref = self.referee
        white_below = (self.orientation or chess.COLOR_NAMES[ref.position.turn]) == "white"
        touched = {getattr(fact, "square", None) for fact in ref.turn.facts}
        last = ref.position.last_move()
        marked = {last.from_square, last.to_square} if last is not None else set()
        ranks = range(7, -1, -1) if white_below else range(8)
        files = list(range(8)) if white_below else list(range(7, -1, -1))
        rows = []
        for rank in ranks:
            cells = []
            for file in files:
                square = chess.square(file, rank)
                piece = ref.position.standing.piece_at(square)
                mark = "*" if square in touched else "+" if square in marked else " "
                cell = _UNICODE[piece.symbol()] if piece else "·"
                if self.colour and mark != " ":
                    cell = f"\033[{'33' if mark == '*' else '36'}m{cell}\033[0m"
                cells.append(cell + mark)
            rows.append(f"{rank + 1} {''.join(cells)}")
        rows.append("  " + "".join(f"{chess.FILE_NAMES[f]} " for f in files))
        return "\n".join(rows)

    # -- commands ------------------------------------------------------------------------------

    def _command(self, text: str) -> str:
        try:
            name, *args = shlex.split(text)
        except ValueError as err:
            return error_line(f"not understood: {err}")
        if name == ":quit":
            raise Quit
        if name == ":help":
            return HELP
        if name == ":undo":
            if not self.events:
                return "nothing to undo"
            self._replay(self.events[:-1])
            return "one event back\n" + self.screen()
        if name == ":restart":
            self._replay([])
            return "from the start\n" + self.screen()
        if name == ":save" and len(args) == 1:
            return self._save(Path(args[0]))
        if name == ":load" and len(args) == 1:
            return self._load(Path(args[0]))
        if name == ":laws":
            try:
                found = laws.with_subarticles(args[0].upper()) if args else list(laws.articles().values())
            except UnknownArticleError as err:
                return error_line(str(err))
            return "\n".join(render.article_text(a.number) for a in found)
        if name == ":why":
            return self._why()
        if name == ":state":
            state = self.referee.table.state
            triggers = ", ".join(MACHINE.get_triggers(state))
            return f"the turn is {state!r}; it accepts: {triggers}"
        return error_line(f"unknown command {name!r} (try :help)")

    def _replay(self, events: list[Event]) -> None:
        self.referee = self.scenario.new_referee()
        self.events = []
        for event in events:
            self.referee.apply(event, len(self.events))
            self.events.append(event)

    def _why(self) -> str:
        ob = self.referee.obligation
        if ob.must == "any" and not ob.article:
            return "nothing binds the player having the move: nothing has been touched this turn"
        touches = [f"{chess.square_name(f.square)} ({f.piece.symbol()})" for f in self.referee.turn.facts
                   if isinstance(f, Touch)]
        reason = f"touched, in order: {', '.join(touches)}" if touches else "no touch"
        return f"{render.obligation(self.referee)}: {reason}\n{render.article_text(ob.article or '4.5')}"

    def _save(self, path: Path) -> str:
        """Write the session, or first ask (through the prompt) before replacing a file."""
        if path.is_dir():
            return f"cannot write {path}: it is a folder"
        if path.exists() or path.is_symlink():
            self.pending = path
            return ""
        return self._write(path, self._session_text())

    def _answer(self, text: str) -> str:
        """The trainee's yes or no to replacing the file a ``:save`` names."""
        path, answer = self.pending, text.lower()
        assert path is not None
        if answer in ("y", "yes"):
            self.pending = None
            if self._is_source(path):
                return self._save_over_source(path)
            return self._write(path, self._session_text())
        if answer in ("", "n", "no"):
            self.pending = None
            return f"not saved: {path} is left as it was"
        return "answer y (replace the file) or n (leave it as it is)"

    def _is_source(self, path: Path) -> bool:
        if self.source is None:
            return False
        try:
            return os.path.samefile(path, self.source)
        except OSError:
            return path.resolve() == self.source.resolve()

    def _source_events(self) -> int | None:
        """How many events the file the session was loaded from holds now, if it can be read."""
        try:
            data = yaml.safe_load(self.source.read_text(encoding="utf-8")) if self.source else None
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return None
        events = data.get("events") if isinstance(data, dict) else None
        return len(events) if isinstance(events, list) else None

    def _save_over_source(self, path: Path) -> str:
        """Replace only the ``events`` of the file the session was loaded from (and its
        ``notation``, if the session reads another): its title, source, settings, start, expect,
        quiz, report and ruling stay as written, comments and layout included."""
        try:
            original = path.read_text(encoding="utf-8")
            loads(original, str(path), base=path.parent)  # the scenario reader bounds the work on hostile YAML
            data = yaml.safe_load(original)
        except (OSError, UnicodeDecodeError) as err:
            return error_line(f"not saved: cannot read {path} again to keep what it holds: {err}")
        except ScenarioError as err:
            return error_line(f"not saved: {path} no longer reads as a scenario ({err.message}); "
                              "save the session under another name")
        if not isinstance(data, dict):
            return f"not saved: {path} is no longer a scenario (a mapping of keys)"
        changes: dict[str, Any] = {"events": [_event_dict(e) for e in self.events]}
        notation = self.scenario.settings.notation
        if language(data.get("notation")).code != notation:  # read as the file spells it: sr is sr-Latn
            changes["notation"] = notation
        text = _replaced(original, data, changes)
        try:
            loads(text, str(path), base=path.parent)
        except ScenarioError as err:
            return error_line(f"not saved: {path} would no longer be a valid scenario: {err.message} "
                              "(save the session under another name)")
        said = self._write(path, text)
        if not said.startswith("saved"):
            return said
        kept = [key for key in data if key not in changes]
        old = data.get("events")
        lines = [f"saved {len(self.events)} events to {path}, in place of its "
                 f"{len(old) if isinstance(old, list) else 0}" + (f"; kept: {', '.join(kept)}" if kept else "")]
        if "notation" in changes:
            lines.append(f"its notation is now {notation}, the language the session's moves are written in")
        for key, check in (("expect", f"`arbiter run {path}` may now fail it"),
                           ("ruling", f"`arbiter validate {path}` may now find it inconsistent"),
                           ("quiz", "its question may no longer fit them")):
            if key in data:
                lines.append(f"the {key} block is kept; it was written for the old events ({check})")
        return "\n".join(lines)

    def _write(self, path: Path, text: str) -> str:
        """Write ``text`` to ``path`` whole or not at all (a failure leaves the file as it was); a
        symbolic link is written through, as an editor would, not replaced by a file."""
        real = Path(os.path.realpath(path))
        try:
            handle, temporary = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.", suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(text)
                os.chmod(temporary, real.stat().st_mode & 0o7777 if real.exists() else 0o666 & ~_umask())
                os.replace(temporary, real)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError as err:
            return error_line(f"cannot write {path}: {err.strerror or err}")
        return f"saved {len(self.events)} events to {path}"

    def _session_text(self) -> str:
        """The session as a new scenario file: its start, settings, events, and an expect block of
        what the Laws ruled, so that ``arbiter run`` passes it."""
        doc: dict[str, Any] = {"title": f"Saved from arbiter teach ({len(self.events)} events)",
                               "source": "arbiter teach"}
        spec = self.scenario.spec
        for key in ("ruleset", "supervision", "arbiter", "time_control"):
            value = getattr(spec, key)
            if value is not None:
                doc[key] = value
        if self.scenario.settings.notation != "en":
            doc["notation"] = self.scenario.settings.notation
        doc["start"] = {"fen": self.scenario.start.fen()}
        if self.scenario.start_clock is not None:
            doc["clock"] = {chess.COLOR_NAMES[c]: v for c, v in self.scenario.start_clock.items()}
        doc["events"] = [_event_dict(e) for e in self.events]
        ref = self.referee
        doc["expect"] = {
            "rulings": [{k: v for k, v in r.as_dict().items() if k != "text"} for r in ref.rulings],
            "fen": ref.position.fen(),
            "board": ref.position.standing.board_fen(),
            "to_move": chess.COLOR_NAMES[ref.position.turn],
            "result": ref.result,
        }
        return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)

    def _load(self, path: Path) -> str:
        try:
            scenario = load(path)
        except ScenarioError as err:
            return error_line(str(err))
        self.scenario = scenario
        self.source = path
        self._replay([])
        self.queue = list(scenario.events)
        return f"loaded {path}: {len(self.queue)} events; Enter plays the next one\n" + self.screen()

    def _next_queued(self) -> str:
        if not self.queue:
            return ""
        event = self.queue.pop(0)
        return f"> {event.describe()}\n" + self.apply(event)


def _umask() -> int:
    """The process's file mode creation mask (a new file gets the mode ``open`` would give it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _replaced(text: str, data: dict[str, Any], changes: dict[str, Any]) -> str:
    """The YAML ``text`` (whose data is ``data``) with the top-level keys of ``changes`` given
    their new values, everything else as written, comments included; a key it lacks is added at
    the end. Where the text cannot be edited in place (an alias, a flow mapping), the whole data
    is written again with the changes, without its comments."""
    try:
        edited = text
        for key, value in changes.items():
            edited = _with_key(edited, key, value)
        if yaml.safe_load(edited) == {**data, **changes}:
            return edited
    except yaml.YAMLError:  # an anchor the old value held, used elsewhere
        pass
    return yaml.safe_dump({**data, **changes}, sort_keys=False, allow_unicode=True)


def _with_key(text: str, key: str, value: Any) -> str:
    """``text`` with the value of its top-level ``key`` replaced in place, or the key added."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    found = None
    if isinstance(root, yaml.MappingNode):
        found = next((v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
    if found is None:
        block = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, default_flow_style=False)
        return text + ("\n" if text and not text.endswith("\n") else "") + block
    start, end = found.start_mark.index, found.end_mark.index
    lines = text[start:end].splitlines(keepends=True)
    last = max((i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")), default=0)
    content, tail = "".join(lines[:last + 1]), "".join(lines[last + 1:])  # comments after it stay
    if isinstance(found, yaml.CollectionNode) and not found.flow_style and value:
        dumped = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False)
        new = ("\n" + " " * found.start_mark.column).join(dumped.splitlines())
    else:
        new = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True, width=2**31).strip()
        new = new.removesuffix("\n...").strip()
    return text[:start] + new + ("\n" if content.endswith("\n") else "") + tail + text[end:]


def _event_dict(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {chess.COLOR_NAMES[event.actor]: event.text}
    if event.at is not None:
        data["at"] = event.at
    if event.hand is not None:
        data["hand"] = event.hand
    return data


def new_session(path: str | None, fen: str | None, moves: str | None, time_control: str | None,
                ruleset: str | None, arbiter: str | None, orientation: str | None,
                notation: str | None = None) -> Session:
    """A session from a scenario file, or from the options (a position and settings); moves are
    typed and shown in ``notation`` (default: the file's own, else English).

    :raises ScenarioError: if the file or the options are not valid.
    """
    if path is not None:
        scenario = load(path, notation)
        scenario.events = []
        if notation is not None:  # the trainee types in the language he reads
            scenario.settings = dataclasses.replace(scenario.settings, notation=notation, output_notation=notation)
    else:
        doc: dict[str, Any] = {"title": "arbiter teach"}
        if fen or moves:
            doc["start"] = {k: v for k, v in (("fen", fen), ("moves", moves)) if v}
        for key, value in (("time_control", time_control), ("ruleset", ruleset), ("arbiter", arbiter),
                           ("notation", notation)):
            if value:
                doc[key] = value
        scenario = loads(yaml.safe_dump(doc), "<options>")
    return Session(scenario, orientation, source=Path(path) if path is not None else None)


class _Completer(Completer):
    """Completes verbs, commands and the squares that hold pieces."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        word = document.get_word_before_cursor(WORD=True)
        squares = [chess.square_name(s) for s in self.session.referee.position.standing.piece_map()]
        for candidate in (*VERBS, *COMMANDS, "white:", "black:", *sorted(squares)):
            if candidate.startswith(word):
                yield Completion(candidate, start_position=-len(word))


def run(session: Session, prompt_input: Input | None = None, prompt_output: Output | None = None) -> int:
    """The interactive loop; ``prompt_input``/``prompt_output`` let tests drive it through a pipe."""
    ask: Callable[[str], str]
    if prompt_input is None and render.reads_piped_input():
        ask = render.read_line  # piped input: no line editor, which would only print its warnings
    else:
        ask = PromptSession(history=InMemoryHistory(), completer=_Completer(session),
                            input=prompt_input, output=prompt_output).prompt
    session.colour = render.colour(sys.stdout)
    print(session.screen())
    print("type :help for help")
    while True:
        try:
            line = ask(session.prompt())
        except (EOFError, KeyboardInterrupt):
            return 0
        try:
            shown = session.handle(line)
        except Quit:
            return 0
        if shown:
            print(shown)
