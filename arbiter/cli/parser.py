"""The ``arbiter`` command's parser: its commands, their options, help texts and exit statuses
(FORMAT §6). It imports no command: :func:`arbiter.cli.main` imports the one asked for."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn

from arbiter.core.errorline import error_line
from arbiter.core.errors import UnknownLanguageError, UnknownEditionError, UnknownNotationError
from arbiter.core.i18n import N_, _

#: What each command's exit status means, for its --help (FORMAT §6); 2 is also argparse's usage error.
EXIT_STATUS = {
    "arbiter": N_("see each command's --help; 2 a usage error; 3 an internal error (a bug: please report it); "
               "130 interrupted (Ctrl-C) outside teach and quiz"),
    "run": N_("0 all hold, 1 some do not, 2 some file is invalid (the others still run), "
           "3 an internal error (please report it)"),
    "explain": N_("0 narrated, 2 some file is invalid (the others are still narrated), "
               "3 an internal error (please report it)"),
    "validate": N_("0 all consistent, 1 some inconsistent, 2 some report invalid (the others still run), or with "
                "--out a document not written (one there already and no --force, two reports of the same name, "
                "--out a file), 3 an internal error (please report it)"),
    "audit": N_("0 no findings; 1 some findings (illegal moves, a result contradicted, ...; information such as "
             "could-claim-threefold does not count); 2 some input invalid: a file missing or not PGN, a broken game, "
             "a damaged archive (the other files and games are still audited), or --engine dask unable to run; "
             "3 an internal error (please report it)"),
    "teach": N_("0 the session ended (:quit, end of input, Ctrl-C), 2 the file or an option is invalid"),
    "quiz": N_("0 the quiz ended, also when stopped early by end of input or Ctrl-C (the score so far is "
            "shown), 2 no such file or folder, or an unknown topic"),
    "laws": N_("0 printed, 2 unknown article or edition"),
    "watch": N_("0 the watch ended and the session was saved, 2 the device or its bytes unreadable, or nothing "
                "to save"),
    "import": N_("0 imported, 2 the recording unreadable (bad bytes: the byte offset is named) or the file not "
                 "written"),
    "notation": N_("0 listed, 2 unknown language"),
    "serve": N_("0 stopped (Ctrl-C), 2 the web extra not installed, the address not free or the session file "
                "not usable"),
}


#: argparse's own messages that a user may read (Python 3.11's argparse, its programming errors left
#: out), marked for the catalogue: argparse asks for them through its module's ``_``, which
#: :func:`build` points at ours, so that ``--help`` and usage errors speak the language in force.
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("can't open '%(filename)s': %(error)s"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"), N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"), N_("unexpected option string: %s"), N_("ignored explicit argument %r"),
)


def _exit_status(command: str) -> str:
    """The --help epilog of ``command``: what its exit statuses mean, in the language in force."""
    return _("exit status: {meaning}").format(meaning=_(EXIT_STATUS[command]))


def _version() -> str:
    """The installed distribution's version; the package's own when run from a bare checkout."""
    from importlib import metadata

    try:
        return metadata.version("arbiter")
    except metadata.PackageNotFoundError:
        from arbiter import __version__

        return __version__


def _positive(text: str) -> int:
    """An argparse type: a whole number above zero."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(_("expected a whole number above 0, not {text}").format(text=repr(text)))
    return int(text)


class _Version(argparse._VersionAction):
    """argparse's ``--version``, the version looked up only when asked for: reading the installed
    distribution's metadata costs every other command's start a few milliseconds."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None,
                 option_string: str | None = None) -> None:
        self.version = f"%(prog)s {_version()}"
        super().__call__(parser, namespace, values, option_string)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors cut a long value they echo (an unknown choice)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the error, then exit with status 2 (argparse's own)."""
        super().error(error_line(message))


def build() -> argparse.ArgumentParser:
    """The parser of ``arbiter`` and its commands, its help in the language in force;
    ``args.command`` names the command chosen."""
    argparse._ = _  # type: ignore[attr-defined]  # argparse's own words (ARGPARSE_MESSAGES) through our catalogue
    parser = _Parser(prog="arbiter", description=_("An over-the-board chess arbiter simulator."),
                     epilog=_exit_status("arbiter"))
    parser.add_argument("--version", action=_Version, help=_("print the version and exit"))
    parser.add_argument("--lang", dest="top_lang", type=_lang, metavar="LANG",
                        help=_("the language to speak, for every command (as the commands' own --lang)"))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                help=_("the command (each has its own --help)"))

    def add(name: str, help_text: str, formats: tuple[str, ...] = ("text", "json")) -> argparse.ArgumentParser:
        command = sub.add_parser(name, help=_(help_text), epilog=_exit_status(name))
        command.add_argument("--format", choices=formats, default="text",
                             help=_("the output: {formats} (default: text, for people)").format(
                                 formats=_(" or ").join(formats)))
        return command

    def with_notation(command: argparse.ArgumentParser, what: str) -> None:
        command.add_argument("--notation", type=_notation, metavar="LANG",
                             help=_("{what} (a language code: de, fr, ru, sr-Cyrl, figurine, ...; "
                                    "see `arbiter notation`)").format(what=_(what)))

    def with_laws(command: argparse.ArgumentParser, what: str) -> None:
        command.add_argument("--laws", type=_laws, metavar="EDITION",
                             help=_("{what} (2009, 2014, 2017, 2018, 2023; see `arbiter laws --diff`)").format(
                                 what=_(what)))

    run_cmd = add("run", N_("run scenario files and check their expect blocks"))
    run_cmd.add_argument("paths", nargs="+", metavar="PATH", help=_("a scenario file, or a folder: every *.yaml below"))
    with_notation(run_cmd, N_("write the rulings' moves in this language"))
    with_laws(run_cmd, N_("rule by this edition of the Laws, whatever the files say"))
    explain = add("explain", N_("narrate a scenario event by event"))
    explain.add_argument("files", nargs="+", metavar="FILE",
                         help=_("a scenario or incident report to narrate, or a folder: every *.yaml below"))
    with_notation(explain, N_("write the rulings' moves in this language"))
    with_laws(explain, N_("rule by this edition of the Laws, whatever the files say"))
    explain.add_argument("--lines", action="store_true",
                         help=_("print under a ruling the helpmate line it rests on (its sentence says only how "
                                "long the line is)"))
    validate_cmd = add("validate", N_("check incident reports against the Laws"), ("text", "json", "markdown", "pdf"))
    validate_cmd.add_argument("paths", nargs="+", metavar="FILE", help=_("an incident report, or a folder of them"))
    validate_cmd.add_argument("--out", metavar="DIR",
                              help=_("with --format markdown: write DIR/<report>.md and .svg; with --format pdf "
                                   "(needed there): DIR/<report>.pdf; a file already there is not overwritten, "
                                   "and reports of the same file name are not written"))
    validate_cmd.add_argument("--force", action="store_true",
                              help=_("with --out: overwrite DIR/<report>.md and .svg (or .pdf) when they exist"))
    with_notation(validate_cmd, N_("write the rulings' moves in this language"))
    with_laws(validate_cmd, N_("rule by this edition of the Laws (default: the report's laws:, else the one in "
                               "force on its date, else 2023)"))
    validate_cmd.set_defaults(usage_error=validate_cmd.error)
    audit_cmd = add("audit", N_("audit the games of PGN files against the Laws"))
    audit_cmd.add_argument("paths", nargs="+", metavar="FILE.pgn",
                           help=_("a PGN file of games to audit: .pgn, .pgn.gz, .pgn.bz2 or .pgn.zst (a .pgn that is "
                                "compressed is recognised by its first bytes); - for standard input"))
    audit_cmd.add_argument("--jobs", type=_positive, default=None, metavar="N",
                           help=_("audit in N processes (default 1); with --engine dask and no --scheduler, the "
                                "number of workers started (default 2)"))
    audit_cmd.add_argument("--engine", choices=("local", "dask"), default="local",
                           help=_("local: this machine's processes (default); dask: a Dask cluster (needs the "
                                "distributed package), the output the same as with one process"))
    audit_cmd.add_argument("--scheduler", metavar="ADDRESS",
                           help=_("with --engine dask: the scheduler to use (tcp://host:8786); without it, a local "
                                "cluster is started and closed. Its workers must see plain files at the same path"))
    with_notation(audit_cmd, N_("the language the PGN's moves are written in"))
    with_laws(audit_cmd, N_("audit every game by this edition of the Laws (default: the one in force on the game's "
                            "date, else 2023)"))
    audit_cmd.set_defaults(usage_error=audit_cmd.error)
    teach_cmd = sub.add_parser("teach", help=_("play the events yourself and watch the Laws rule"),
                               epilog=_exit_status("teach"))
    teach_cmd.add_argument("file", nargs="?", metavar="FILE", help=_("start from this scenario's position"))
    teach_cmd.add_argument("--fen", help=_("start from this position (FEN)"))
    teach_cmd.add_argument("--moves", help=_("moves played from the start position first (SAN or UCI)"))
    teach_cmd.add_argument("--time-control", dest="time_control", metavar="TC",
                           help=_("the time control, as in PGN (5400+30, 40/5400+30:1800+30, 180+2, 5400d30)"))
    teach_cmd.add_argument("--ruleset", choices=("standard", "rapid", "blitz"),
                           help=_("the rules of play (default: from the time control, else standard)"))
    teach_cmd.add_argument("--arbiter", choices=("watching", "called"),
                           help=_("watching: the arbiter intervenes at once; called: he rules only on claims"))
    teach_cmd.add_argument("--orientation", choices=("white", "black"),
                           help=_("the side shown at the bottom (default: the player having the move)"))
    with_notation(teach_cmd, N_("read and write moves in this language"))
    with_laws(teach_cmd, N_("rule by this edition of the Laws (default: the file's, else 2023)"))
    quiz_cmd = sub.add_parser("quiz", help=_("questions drawn from scenario files"),
                              epilog=_exit_status("quiz"))
    quiz_cmd.add_argument("paths", nargs="*", metavar="PATH",
                          help=_("scenario files or folders to draw from (default: the scenario library)"))
    quiz_cmd.add_argument("--count", type=_positive, default=10, metavar="N", help=_("ask N questions (default 10)"))
    quiz_cmd.add_argument("--seed", type=int, metavar="S", help=_("draw the same questions for the same S"))
    with_laws(quiz_cmd, N_("rule every question by this edition of the Laws, whatever the files say"))
    quiz_cmd.add_argument("--topic", metavar="T",
                          help=_("only questions of this topic (a scenario folder: touch, ...)"))
    laws_cmd = add("laws", N_("print the articles of the Laws the arbiter cites"))
    laws_cmd.add_argument("article", nargs="?", metavar="ARTICLE",
                          help=_("this article and the ones below it (4.3, A.3, a.3); default: all"))
    with_laws(laws_cmd, N_("the articles of this edition (default 2023)"))
    laws_cmd.add_argument("--diff", nargs=2, type=_laws, metavar=("OLD", "NEW"),
                          help=_("what changed from one edition to another: each article renumbered, "
                                 "reworded, added or removed"))
    laws_cmd.set_defaults(usage_error=laws_cmd.error)
    import_cmd = sub.add_parser("import", help=_("turn an e-board recording into a scenario file"),
                                epilog=_exit_status("import"))
    import_cmd.add_argument("kind", choices=("dgt",), help=_("the recording's kind: dgt (a DGT board's serial bytes)"))
    import_cmd.add_argument("file", metavar="FILE", help=_("the recording: raw DGT bytes, or one message a line in "
                                                          "base64; - for standard input"))
    import_cmd.add_argument("--out", metavar="FILE.yaml", help=_("write the scenario there (default: standard output); "
                                                                "a file already there is not overwritten"))
    import_cmd.add_argument("--force", action="store_true", help=_("with --out: overwrite the file"))
    watch_cmd = sub.add_parser("watch", help=_("rule beside a live e-board: the rulings as the acts happen"),
                               epilog=_exit_status("watch"))
    watch_cmd.add_argument("--dgt", required=True, metavar="DEVICE",
                           help=_("the DGT board's serial port (/dev/ttyUSB0, COM3, /dev/rfcomm0)"))
    watch_cmd.add_argument("--save", metavar="FILE.yaml",
                           help=_("save the session there when the watch ends (default: "
                                  "arbiter-watch-<date>-<time>.yaml)"))
    watch_cmd.add_argument("--quiet", type=float, metavar="SECONDS",
                           help=_("end the watch after the board has been silent this long (default: never)"))
    notation_cmd = add("notation", N_("list the languages moves can be read and written in"))
    notation_cmd.add_argument("code", nargs="?", metavar="LANG", type=_notation,
                              help=_("only this language (de, sr-Cyrl, ...); default: all"))
    serve_cmd = sub.add_parser("serve", help=_("play and check scenarios in the browser (a local web server)"),
                               epilog=_exit_status("serve"))
    serve_cmd.add_argument("--host", default="127.0.0.1",
                           help=_("the address to listen on (default 127.0.0.1: this machine only)"))
    serve_cmd.add_argument("--port", type=_port, default=8000, help=_("the port to listen on (default 8000)"))
    with_laws(serve_cmd, N_("the edition of the Laws new sessions are ruled by (the page may pick another)"))
    serve_cmd.add_argument("--dgt", metavar="DEVICE",
                           help=_("show beside the page's games a live DGT board on this serial port (tab Live board)"))
    serve_cmd.add_argument("--open", action="store_true", help=_("open the page in the web browser"))
    serve_cmd.add_argument("--max-sessions", type=_positive, default=500, metavar="N",
                           help=_("the most sessions kept at once; one more is refused until one is idle "
                                  "(default 500)"))
    serve_cmd.add_argument("--idle", type=_minutes, default=120, metavar="MINUTES",
                           help=_("a session nobody has used for this long is let go (default 120)"))
    serve_cmd.add_argument("--store", metavar="PATH",
                           help=_("the file the sessions are kept in across restarts (default: in the user's data "
                                  "directory; none: in memory only)"))
    for command in sub.choices.values():
        # a command with no --notation of its own is not told of one (quiz's help named it)
        if any("--notation" in action.option_strings for action in command._actions):
            said = _("the language to speak: en, sr (Cyrillic), sr-Latn, bg (default: ARBITER_LANG, "
                     "then the locale, then English); moves are written in its notation unless "
                     "--notation says otherwise")
        else:
            said = _("the language to speak: en, sr (Cyrillic), sr-Latn, bg (default: ARBITER_LANG, "
                     "then the locale, then English); moves are written in its notation")
        command.add_argument("--lang", type=_lang, metavar="LANG", help=said)
    return parser


def _minutes(text: str) -> float:
    """An argparse type: minutes, more than 0 and at most a year."""
    try:
        minutes = float(text)
    except ValueError:
        minutes = -1.0
    if not 0 < minutes <= 366 * 24 * 60:
        raise argparse.ArgumentTypeError(_("expected minutes, more than 0 and at most a year, not {text}").format(
            text=repr(text)))
    return minutes


def _port(text: str) -> int:
    """An argparse type: a TCP port, 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(_("expected a port from 1 to 65535, not {text}").format(text=repr(text)))
    return int(text)


def _lang(code: str) -> str:
    """An argparse type: a language the program speaks."""
    from arbiter.core.i18n import language_code

    try:
        return language_code(code)
    except UnknownLanguageError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _laws(name: str) -> str:
    """An argparse type: an edition of the Laws (``rules/editions.yaml``)."""
    from arbiter.laws.editions import edition

    try:
        return edition(name).name
    except UnknownEditionError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _notation(code: str) -> str:
    """An argparse type: a known notation code, as the table spells it."""
    from arbiter.core.notation import language

    try:
        return language(code).code
    except UnknownNotationError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
