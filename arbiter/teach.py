"""``arbiter teach``: a trainee plays both players' hands and the arbiter explains every step.

:class:`Session` holds the game and turns one line of input into the text to show; it knows
nothing of the terminal. :func:`run` wraps it in a prompt_toolkit prompt (line editing, history,
completion of verbs, commands and the squares that hold pieces).
"""

from __future__ import annotations

import dataclasses
import shlex
import sys
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

from arbiter import laws, render
from arbiter.clock import TimeControlError, parse_duration
from arbiter.errors import ArbiterError, ScenarioError, UnknownArticleError
from arbiter.events import VERBS, Event, parse_action
from arbiter.rulings import Ruling
from arbiter.scenario import Scenario, load, loads
from arbiter.table import MACHINE
from arbiter.touch import Touch

COMMANDS = (":undo", ":restart", ":save", ":load", ":laws", ":why", ":state", ":help", ":quit")

HELP = """\
Events, as in scenario files:  white: touch g1   black: move e7 e5   white: press
Short forms:  w touch g1 / b lift e7   touch g1 (the player having the move)   e4 (= play e4)
              press (the player whose clock is running)
Options after the event:  at=0:01:05  hand=left
Commands:
  :undo          one event back        :restart      from the start again
  :save FILE     write a scenario      :load FILE    replay a scenario, Enter for each event
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

    def __post_init__(self) -> None:
        self.referee = self.scenario.new_referee()

    # -- what the trainee types ---------------------------------------------------------------

    def handle(self, line: str) -> str:
        """The text to show for one line of input. Bad input gives a one-line explanation."""
        text = line.strip()
        if not text:
            return self._next_queued()
        if text.startswith(":"):
            return self._command(text)
        try:
            event = self.parse(text)
        except ArbiterError as err:
            return f"not understood: {err}"
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
            return f"not possible: {err}"
        self.events.append(event)
        return self.screen(given)

    def prompt(self) -> str:
        """Who has the move and whose clock runs: ``black to move, white's clock> ``."""
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
            return f"not understood: {err}"
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
                return str(err)
            return "\n".join(render.article_text(a.number) for a in found)
        if name == ":why":
            return self._why()
        if name == ":state":
            state = self.referee.table.state
            triggers = ", ".join(MACHINE.get_triggers(state))
            return f"the turn is {state!r}; it accepts: {triggers}"
        return f"unknown command {name!r} (try :help)"

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
        try:
            path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
        except OSError as err:
            return f"cannot write {path}: {err}"
        return f"saved {len(self.events)} events to {path}"

    def _load(self, path: Path) -> str:
        try:
            scenario = load(path)
        except ScenarioError as err:
            return str(err)
        self.scenario = scenario
        self._replay([])
        self.queue = list(scenario.events)
        return f"loaded {path}: {len(self.queue)} events; Enter plays the next one\n" + self.screen()

    def _next_queued(self) -> str:
        if not self.queue:
            return ""
        event = self.queue.pop(0)
        return f"> {event.describe()}\n" + self.apply(event)


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
    return Session(scenario, orientation)


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
