"""``arbiter import dgt FILE``: a DGT e-board recording turned into a scenario file (issue 33,
``docs/eboards.md``), which ``arbiter run`` and ``explain`` then rule on."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arbiter.cli.render import error_line
from arbiter.core.i18n import _
from arbiter.files.dgtimport import DgtImportError, read_recording
from arbiter.files.dgtscenario import scenario_text
from arbiter.files.dgtserial import DgtProtocolError


def main(args: argparse.Namespace) -> int:
    """Read the recording and write its scenario; the exit status: 0 imported, 2 the recording
    unreadable or the file not written."""
    name = "<stdin>" if args.file == "-" else args.file
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as err:
        print(error_line(f"arbiter import: {name}: {err.strerror or err}"), file=sys.stderr)
        return 2
    try:
        reading = read_recording(data)
    except (DgtProtocolError, DgtImportError) as err:
        print(error_line(f"arbiter import: {name}: {err}"), file=sys.stderr)
        return 2
    text = scenario_text(reading, Path(name).name)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    out = Path(args.out)
    if out.exists() and not args.force:
        print(error_line(f"arbiter import: {args.out}: " + _("the file exists: not overwritten (--force overwrites "
                                                             "it)")), file=sys.stderr)
        return 2
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as err:
        print(error_line(f"arbiter import: {args.out}: {err.strerror or err}"), file=sys.stderr)
        return 2
    print(_("wrote {file}: {count} acts").format(file=args.out, count=len(reading.acts)))
    return 0
