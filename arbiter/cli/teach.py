"""``arbiter teach``: a trainee plays both players' hands and the arbiter explains every step.

The game is a :class:`arbiter.session.Session`; what is here is the terminal around it.
:class:`Terminal` turns one line of input into the text to show (the session's view drawn as
text, and the commands of the terminal: ``:save`` asking before it replaces a file, ``:laws``,
``:help``, ...). :func:`run` wraps it in a prompt_toolkit prompt (line editing, history,
completion of verbs, commands and the squares that hold pieces).
"""

from __future__ import annotations

import shlex
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import chess
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from arbiter.cli import render
from arbiter.cli.render import error_line
from arbiter.core.errors import ArbiterError, InternalError, ScenarioError, UnknownArticleError
from arbiter.core.i18n import N_, _, current_language, ngettext, pgettext
from arbiter.laws.articles import article_number
from arbiter.laws.editions import CURRENT, edition, edition_articles, edition_subarticles
from arbiter.session import LawView, RulingView, Session, Step, View
from arbiter.session.typed import spoken_examples
from arbiter.table.events import VERBS, Event

COMMANDS = (":undo", ":restart", ":save", ":load", ":laws", ":why", ":state", ":help", ":quit")

#: The help, its input syntax (English everywhere: the words of the file format) put in as
#: :data:`HELP_SYNTAX` says.
HELP = N_("""\
Events, as in scenario files:  {events}
Short forms:  {short}   {touch} (the player having the move)   {pawn} (= {play})
              {press} (the player whose clock is running)
Options after the event:  {options}
Commands:
  {undo}          one event back        {restart}      from the start again
  {save}     write a scenario (asks before replacing a file; over the file loaded, only its
                 events are replaced)
  {load}     replay a scenario, Enter for each event
  {laws}    the articles          {why}          why the obligation binds
  {state}         the machine's state   {help}  {quit}""")
HELP_SYNTAX = {
    "events": "white: touch g1   black: move e7 e5   white: press", "short": "w touch g1 / b lift e7",
    "touch": "touch g1", "pawn": "e4", "play": "play e4", "press": "press", "options": "at=0:01:05  hand=left",
    "undo": ":undo", "restart": ":restart", "save": ":save FILE", "load": ":load FILE", "laws": ":laws [ART]",
    "why": ":why", "state": ":state", "help": ":help", "quit": ":quit",
}

_UNICODE = {
    "K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘", "P": "♙",
    "k": "♚", "q": "♛", "r": "♜", "b": "♝", "n": "♞", "p": "♟",
}


class Quit(Exception):
    """The trainee ends the session."""


class Terminal:
    """A session at the terminal: the text to show for each line the trainee types."""

    def __init__(self, session: Session, orientation: str | None = None) -> None:
        self.session = session
        #: ``white`` or ``black`` at the bottom; None: the player having the move.
        self.orientation = orientation
        #: Mark squares in colour (a terminal that shows it) rather than with ``*`` and ``+`` only.
        self.colour = False
        #: A ``:save`` waiting for the trainee's yes or no: the file it would replace.
        self.pending: Path | None = None
        #: The events as last saved or loaded (none at the start): what Ctrl-C would not lose.
        self._kept: tuple[Event, ...] = session.events

    @property
    def has_unsaved_events(self) -> bool:
        """Whether events were played (or undone) since the session was started, saved or loaded."""
        return self.session.events != self._kept

    @property
    def events(self) -> tuple[Event, ...]:
        """The events played, in order."""
        return self.session.events

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
            event = self.session.parse(text)
        except ArbiterError as err:
            return error_line(_("not understood: {error}").format(error=err))
        return self.play(event)

    def play(self, event: Event) -> str:
        """Rule on one event: the board, the status line and each new ruling with its article."""
        return self._shown(lambda: self.session.apply(event))

    def _shown(self, step: Callable[[], Step]) -> str:
        try:
            done = step()
        except InternalError as err:
            return error_line(err.message)
        except ArbiterError as err:
            return error_line(_("not possible: {error}").format(error=err))
        return self.screen(done.view, done.rulings)

    def prompt(self) -> str:
        """Who has the move and whose clock runs: ``black to move, white's clock> ``; while a
        ``:save`` waits for a yes or no, the question."""
        if self.pending is not None:
            if self.session.is_source(self.pending):
                old, new = self.session.source_events(), len(self.session.events)
                if old is None:
                    return _("{path} is the file this session was loaded from: replace its events with the "
                             "session's {new}, keeping the rest? {choice} ").format(
                                 path=self.pending, new=new, choice="[y/N]")
                return ngettext("{path} is the file this session was loaded from: replace its {old} events with "
                                "the session's {new}, keeping the rest? {choice} ",
                                "{path} is the file this session was loaded from: replace its {old} events with "
                                "the session's {new}, keeping the rest? {choice} ",
                                old).format(path=self.pending, old=old, new=new, choice="[y/N]")
            return _("{path} exists: overwrite it? {choice} ").format(path=self.pending, choice="[y/N]")
        view = self.session.view()
        mover = _("white to move") if view.to_move == "white" else _("black to move")
        clock = _("white's clock") if view.clock_running == "white" else _("black's clock")
        return _("{mover}, {clock}> ").format(mover=mover, clock=clock)

    def screen(self, view: View | None = None, given: Iterable[RulingView] = ()) -> str:
        """The board, the status line, and the rulings given with their articles' text."""
        view = view if view is not None else self.session.view()
        lines = [self.board(view), render.status_line(view)]
        cited: set[str] = set()
        for item in given:
            lines.append(ruling_line(item, indent="  "))
            if item.law.number not in cited:  # each article's text once per screen
                cited.add(item.law.number)
                lines.append(law_text(item.law, indent="      "))
        return "\n".join(lines)

    def board(self, view: View | None = None) -> str:
        """Unicode pieces, coordinates; touched squares marked ``*``, the last move ``+``."""
        view = view if view is not None else self.session.view()
        white_below = (self.orientation or view.to_move) == "white"
        touched = {t.square for t in view.touched}
        last = view.last_move
        marked = {last.from_square, last.to_square} if last is not None else set()
        ranks = range(7, -1, -1) if white_below else range(8)
        files = list(range(8)) if white_below else list(range(7, -1, -1))
        rows = []
        for rank in ranks:
            cells = []
            for file in files:
                square = chess.square_name(chess.square(file, rank))
                piece = view.pieces.get(square)
                mark = "*" if square in touched else "+" if square in marked else " "
                cell = _UNICODE[piece] if piece else "·"
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
            return error_line(_("not understood: {error}").format(error=err))
        if name == ":quit":
            raise Quit
        if name == ":help":
            said = _(HELP).format(**HELP_SYNTAX)
            if current_language() == "en":
                return said
            return said + "\n" + _("Or as the screen shows them:  {events}").format(events=spoken_examples())
        if name == ":undo":
            try:
                return _("one event back") + "\n" + self.screen(self.session.undo())
            except ArbiterError as err:
                return str(err)
        if name == ":restart":
            return _("from the start") + "\n" + self.screen(self.session.restart())
        if name == ":save" and len(args) == 1:
            return self._save(Path(args[0]))
        if name == ":load" and len(args) == 1:
            return self._load(Path(args[0]))
        if name == ":laws":
            try:
                laws = self.session.scenario.settings.laws
                found = (edition_subarticles(laws, article_number(args[0]), current_language()) if args
                         else list(edition_articles(laws, current_language()).values()))
            except UnknownArticleError as err:
                return error_line(str(err))
            return "\n".join(render.article_text(a.number, edition=laws) for a in found)
        if name == ":why":
            return self._why()
        if name == ":state":
            view = self.session.view()
            # the acts a player can type there, in the screen's words (the arbiter's own triggers,
            # restore, settle, end, are none of his)
            acts = [pgettext("verb", trigger) for trigger in view.accepts if trigger in VERBS]
            return _("the turn is {state}; it accepts: {accepts}").format(state=repr(pgettext("state", view.state)),
                                                                         accepts=", ".join(acts))
        return error_line(_("unknown command {name} (try {help})").format(name=repr(name), help=":help"))

    def _why(self) -> str:
        view = self.session.view()
        ob = view.obligation
        if ob.must == "any" and not ob.article:
            return _("nothing binds the player having the move: nothing has been touched this turn")
        touches = [f"{t.square} ({render.piece_letter(t.piece)})" for t in view.touched if not t.put]
        reason = _("touched, in order: {touches}").format(touches=", ".join(touches)) if touches else _("no touch")
        return f"{render.obligation_words(ob)}: {reason}\n{law_text(ob.law)}"

    def _save(self, path: Path) -> str:
        """Write the session, or first ask (through the prompt) before replacing a file."""
        if path.is_dir():
            return _("cannot write {path}: it is a folder").format(path=path)
        if path.exists() or path.is_symlink():
            self.pending = path
            return ""
        return self._write(path, over_source=False)

    def _answer(self, text: str) -> str:
        """The trainee's yes or no to replacing the file a ``:save`` names."""
        path, answer = self.pending, text.lower()
        assert path is not None
        if answer in ("y", "yes"):
            self.pending = None
            return self._write(path, over_source=self.session.is_source(path))
        if answer in ("", "n", "no"):
            self.pending = None
            return _("not saved: {path} is left as it was").format(path=path)
        return _("answer {yes} (replace the file) or {no} (leave it as it is)").format(yes="y", no="n")

    def _write(self, path: Path, over_source: bool) -> str:
        """Save to ``path`` and say what was written, or why nothing was."""
        try:
            saved = self.session.save(path, over_source)
        except ScenarioError as err:
            return error_line(_("not saved: {error}").format(error=err.message))
        except OSError as err:
            return error_line(_("cannot write {path}: {error}").format(path=path, error=err.strerror or err))
        self._kept = self.session.events
        if saved.replaced is None:
            return ngettext("saved {count} event to {path}", "saved {count} events to {path}",
                            saved.events).format(count=saved.events, path=path)
        kept = _("; kept: {blocks}").format(blocks=", ".join(saved.kept)) if saved.kept else ""
        lines = [ngettext("saved {count} event to {path}, in place of its {replaced}{kept}",
                          "saved {count} events to {path}, in place of its {replaced}{kept}",
                          saved.events).format(count=saved.events, path=path, replaced=saved.replaced, kept=kept)]
        if saved.notation is not None:
            lines.append(_("its notation is now {notation}, the language the session's moves are written "
                           "in").format(notation=saved.notation))
        checks = {"expect": _("{command} may now fail it").format(command=f"`arbiter run {path}`"),
                  "ruling": _("{command} may now find it inconsistent").format(command=f"`arbiter validate {path}`"),
                  "quiz": _("its question may no longer fit them")}
        for key in saved.stale:
            lines.append(_("the {block} block is kept; it was written for the old events ({check})").format(
                block=key, check=checks[key]))
        return "\n".join(lines)

    def _load(self, path: Path) -> str:
        try:
            view = self.session.load(path)
        except ScenarioError as err:
            return error_line(str(err))
        self._kept = self.session.events
        loaded = ngettext("loaded {path}: {count} event; Enter plays the next one",
                          "loaded {path}: {count} events; Enter plays the next one", view.queued)
        return loaded.format(path=path, count=view.queued) + "\n" + self.screen(view)

    def _next_queued(self) -> str:
        if not self.session.queued:
            return ""
        return f"> {self.session.queued[0].describe()}\n" + self._shown(self.session.play_next)


# -- the view as text -------------------------------------------------------------------------------


def ruling_line(item: RulingView, indent: str = "    ") -> str:
    """A ruling's line: kind, article, the sentence, and its other fields."""
    return render.ruling_fields(item.ruling, indent)


def law_text(law: LawView, indent: str = "", width: int = 88) -> str:
    """``4.3.1 Own pieces touched``, then the article's paragraph, wrapped."""
    if law.title is None or law.text is None:
        return indent + _("{article} (not in rules/)").format(article=law.number)
    body = textwrap.fill(law.text, width=width, initial_indent=indent + "  ", subsequent_indent=indent + "  ")
    return f"{indent}{law.number} {law.title}\n{body}"


# -- the command ------------------------------------------------------------------------------------


def new_session(path: str | None, fen: str | None, moves: str | None, time_control: str | None,
                ruleset: str | None, arbiter: str | None, orientation: str | None,
                notation: str | None = None, laws: str | None = None) -> Terminal:
    """A session from a scenario file, or from the options (a position and settings); moves are
    typed and shown in ``notation`` (default: the file's own, else English); ruled by the edition
    ``laws`` of the Laws (default: the file's, else 2023).

    :raises ScenarioError: if the file or the options are not valid.
    """
    if path is not None:
        session = Session.from_file(path, notation, laws)
    else:
        session = Session.from_position(fen, moves, time_control, ruleset, arbiter, notation, laws)
    return Terminal(session, orientation)


class _Completer(Completer):
    """Completes verbs, commands and the squares that hold pieces."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        word = document.get_word_before_cursor(WORD=True)
        before = document.text_before_cursor.split()
        if word:
            before = before[:-1]  # the word being typed
        if before and before[0].rstrip(":").lower() in ("white", "black", "w", "b"):
            before = before[1:]
        if not before:  # the first word: a verb, a command, or the player
            candidates: tuple[str, ...] = (*VERBS, *COMMANDS, "white:", "black:")
        elif before[0].startswith(":"):
            candidates = ()
        else:  # after a verb: its squares, never another verb ("touch touch")
            candidates = tuple(sorted(self.terminal.session.view().pieces)) + tuple(
                chess.SQUARE_NAMES if before[0] in ("place", "drop", "move", "put") else ())
        for candidate in dict.fromkeys(candidates):
            if candidate.startswith(word):
                yield Completion(candidate, start_position=-len(word))


def _quits_unsaved(session: Terminal, ask: Callable[[str], str]) -> bool:
    """Ctrl-C with events not saved: whether the trainee confirms dropping them (a second Ctrl-C
    or the end of input does)."""
    count = len(session.events)
    question = ngettext("quit without saving the {count} event played? {choice} ",
                        "quit without saving the {count} events played? {choice} ", count)
    try:
        answer = ask(question.format(count=count, choice="[y/N]")).strip().lower()
    except (EOFError, KeyboardInterrupt):
        return True
    if answer in ("y", "yes"):
        return True
    print(_("not quit: {save} keeps the session in a file").format(save=":save FILE"))
    return False


def run(session: Terminal, prompt_input: Input | None = None, prompt_output: Output | None = None) -> int:
    """The interactive loop; ``prompt_input``/``prompt_output`` let tests drive it through a pipe."""
    ask: Callable[[str], str]
    if prompt_input is None and render.reads_piped_input():
        ask = render.read_line  # piped input: no line editor, which would only print its warnings
    else:
        ask = PromptSession(history=InMemoryHistory(), completer=_Completer(session),
                            input=prompt_input, output=prompt_output).prompt
    session.colour = render.colour(sys.stdout)
    width = render.terminal_width(sys.stdout)
    print(render.fitted(session.screen(), width))
    laws = session.session.scenario.settings.laws
    if laws != CURRENT:  # the trainee is told which Laws rule the game when they are not today's
        print(_("The Laws of Chess of {edition} (in force from {since}).").format(
            edition=laws, since=edition(laws).in_force.isoformat()))
    print(_("type {help} for help").format(help=":help"))
    while True:
        try:
            line = ask(session.prompt())
        except EOFError:
            return 0
        except KeyboardInterrupt:
            if not session.has_unsaved_events or _quits_unsaved(session, ask):
                return 0
            continue
        try:
            shown = session.handle(line)
        except Quit:
            return 0
        if shown:
            print(render.fitted(shown, width))
