"""``arbiter run``: run scenario files and check their expect blocks (FORMAT §6); the JSON
document is built in :mod:`arbiter.files.documents`, as the web builds it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from functools import partial

from arbiter.cli.commands.common import exit_status, scenario_files
from arbiter.cli.commands.terminal import text_printer
from arbiter.core.errors import ScenarioError
from arbiter.core.i18n import _, library_text, pgettext
from arbiter.files.documents import Entry, dumps, outcome, run_document, run_entry
from arbiter.files.scenario import Outcome, load, run


def main(args: argparse.Namespace) -> int:
    """Run every scenario file of ``args.paths`` and print how each went, in text or JSON; the
    exit status: 0 all hold, 1 some do not, 2 some file is invalid, 3 a bug of ours."""
    entries: list[Entry] = []
    say = text_printer(args.format)  # a terminal cuts a long title mid-word
    for name, found in _outcomes(args.paths, args.notation, args.laws):
        entry = run_entry(name, found, with_rulings=args.format == "json")
        entries.append(entry)
        if args.format != "text":
            continue
        if entry.status == "invalid":
            print(_("INVALID {error}").format(error=entry.error), file=sys.stderr)
            continue
        assert isinstance(found, Outcome)
        say(f"{pgettext('status', entry.status).upper():7} {name}  {library_text(found.scenario.spec.name)}")
        for failure in entry.data["failures"]:
            say(f"        - {failure}")
    document = run_document(entries)
    if args.format == "json":
        sys.stdout.write(dumps(document))
    else:
        print(_("{passed} passed, {failed} failed, {invalid} invalid").format(**document))
    return exit_status(internal=any(e.internal for e in entries), invalid=bool(document["invalid"]),
                       failed=bool(document["failed"]))


def _outcomes(paths: Sequence[str], notation: str | None,
              laws: str | None) -> Iterator[tuple[str, Outcome | ScenarioError]]:
    for item in scenario_files(paths):
        if isinstance(item, ScenarioError):
            yield item.path, item
            continue
        yield str(item), outcome(partial(load, item, notation, laws), str(item), run)
