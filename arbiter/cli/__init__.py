"""The ``arbiter`` command (FORMAT §6): the parser in :mod:`arbiter.cli.parser`, each command in
its module of :mod:`arbiter.cli.commands`.

``main(argv) -> int`` returns the exit status; one place decides it: 0 all good, 1 some
scenario does not hold, 2 some input is invalid, 3 the arbiter failed (a bug of ours). Every error
is one line naming the file (and the line and event), its long values cut, and the other files
still run: no traceback reaches the user. Nothing here is imported by a lower layer.
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Sequence

from arbiter.cli import parser
from arbiter.core.errorline import error_line
from arbiter.core.errors import UnknownLanguageError
from arbiter.core.i18n import NOTATION_OF, _, choose_language, use_language


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    with use_language(_language_asked(words)):  # --help and usage errors in the language asked
        args = parser.build().parse_args(words)
    try:
        language = choose_language(args.lang or args.top_lang)
    except UnknownLanguageError as err:
        print(error_line(f"arbiter {args.command}: ARBITER_LANG: {err}"), file=sys.stderr)
        return 2
    if getattr(args, "notation", "") is None and args.command != "audit" and language != "en":
        args.notation = NOTATION_OF[language]  # the moves follow the language (audit's names the PGN's)
    try:
        with use_language(language):
            # Only the command asked for is imported: the cold start of `arbiter run` does not pay
            # for the audit's modules, dask or prompt_toolkit.
            module = {"import": "importing"}.get(args.command, args.command)  # `import` is Python's word
            command = importlib.import_module(f"arbiter.cli.commands.{module}")
            if argv is None:
                # The process's own command: what the imports made (some 30,000 objects) lives as
                # long as the process, and a full collection walked it all again (8 ms, a fifth
                # of what ruling a game of 80 moves costs); frozen, the collector keeps to what
                # the command makes. Not when called in a process that goes on (argv given).
                gc.freeze()
            status: int = command.main(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as err:  # noqa: BLE001 - the last resort: a bug of ours is one line, never a traceback
        print(error_line(f"arbiter {args.command}: " + _("internal error, please report it: {error}").format(
            error=repr(err))), file=sys.stderr)
        return 3
    return status


def _language_asked(words: Sequence[str]) -> str:
    """The language the command line asks for (``--lang X``, ``--lang=X``, else ARBITER_LANG or
    the locale), before the parser reads it; English where it names none the program speaks (the
    parser then says what is wrong)."""
    option = None
    for index, word in enumerate(words):
        if word == "--lang" and index + 1 < len(words):
            option = words[index + 1]
        elif word.startswith("--lang="):
            option = word.partition("=")[2]
    try:
        return choose_language(option)
    except UnknownLanguageError:
        return "en"


if __name__ == "__main__":
    sys.exit(main())
