"""``arbiter quiz``: questions drawn from scenario files (FORMAT §6); the quiz itself is
:mod:`arbiter.cli.quiz`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from arbiter.cli import render
from arbiter.cli.render import error_line
from arbiter.core.i18n import NOTATION_OF, _, current_language


def main(args: argparse.Namespace) -> int:
    """Ask questions drawn from the scenario files of ``args.paths`` (the scenario library by
    default); the exit status: 0 the quiz ended, 2 no such file or folder, or an unknown topic."""
    from prompt_toolkit import PromptSession

    from arbiter.cli import quiz
    from arbiter.session.quiz import UnknownTopicError, library

    paths = [Path(p) for p in args.paths] if args.paths else [library()]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        print(error_line("arbiter quiz: " + _("no such file or folder: {paths}").format(paths=", ".join(missing))),
              file=sys.stderr)
        return 2
    # Piped answers are read as plain lines: the line editor would only print its warnings.
    ask: Callable[[str], str] = render.read_line
    if not render.reads_piped_input():
        session: PromptSession[str] = PromptSession()
        ask = session.prompt
    language = current_language()
    try:
        # the rulings write their moves in the language's notation, as explain's and teach's do
        quiz.run(paths, args.count, args.seed, args.topic, ask, print,
                 notation=NOTATION_OF[language] if language != "en" else None, laws=args.laws,
                 width=render.terminal_width(sys.stdout))
    except UnknownTopicError as err:  # the topic typed already cut (shown): the list of topics whole
        print(f"arbiter quiz: {err}", file=sys.stderr)
        return 2
    return 0  # also when stopped early (Ctrl-C, end of input): the score so far is shown
