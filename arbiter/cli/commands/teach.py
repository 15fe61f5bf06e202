"""``arbiter teach``: play the events yourself and watch the Laws rule (FORMAT §6); the session
itself is :mod:`arbiter.cli.teach`."""

from __future__ import annotations

import argparse
import sys

from arbiter.cli.commands.common import internal_error
from arbiter.cli.render import error_line
from arbiter.core.errors import ScenarioError


def main(args: argparse.Namespace) -> int:
    """Start a teaching session from the file or the options given and run it at the prompt; the
    exit status: 0 the session ended, 2 the file or an option is invalid, 3 a bug of ours."""
    from arbiter.cli import teach
    from arbiter.session.game import OPTIONS

    try:
        session = teach.new_session(args.file, args.fen, args.moves, args.time_control, args.ruleset,
                                    args.arbiter, args.orientation, args.notation, args.laws)
    except ScenarioError as err:
        if args.file is None and err.line is None and err.path in OPTIONS:
            err = ScenarioError("--" + err.path.replace("_", "-"), None, err.message)  # the option as typed
        print(f"arbiter teach: {error_line(str(err))}", file=sys.stderr)
        return 2
    except Exception as err:  # noqa: BLE001 - a bug of ours in reading the file or the options
        print(f"arbiter teach: {error_line(str(internal_error(args.file or '<options>', err)))}", file=sys.stderr)
        return 3
    return teach.run(session)
