"""What several commands share: the scenario files named on the command line, a bug of ours
named on its file, and the exit status of the commands that check files one by one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from arbiter.core.errors import ScenarioError
from arbiter.core.i18n import _
from arbiter.files.documents import internal_error as internal_error  # a bug of ours named on its file


def scenario_files(paths: Sequence[str]) -> Iterator[Path | ScenarioError]:
    """Every file named in ``paths``, a folder giving every ``*.yaml`` below it (sorted); a path
    that cannot be read comes as the error that says why, and the others still come."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            try:
                found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            except OSError as err:
                yield ScenarioError(raw, None, _("cannot read the folder: {error}").format(error=err.strerror or err))
                continue
            if not found:
                yield ScenarioError(raw, None, _("no scenario files (*.yaml) in this folder"))
            yield from found
        elif path.is_file():
            yield path
        elif path.exists():
            yield ScenarioError(raw, None, _("not a file or a folder (a device, a pipe, ...)"))
        else:
            yield ScenarioError(raw, None, _("no such file or folder"))


def exit_status(*, internal: bool, invalid: bool, failed: bool) -> int:
    """The exit status of ``run`` and ``validate``: 3 a bug of ours, else 2 some input invalid,
    else 1 some file does not hold, else 0; the worst wins."""
    if internal:
        return 3
    if invalid:
        return 2
    return 1 if failed else 0
