"""``arbiter validate``: check incident reports against the Laws (FORMAT §6); with ``--format
markdown`` a document for each, printed or written under ``--out DIR``. The JSON document is
built in :mod:`arbiter.files.documents`, as the web builds it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from arbiter.cli import render
from arbiter.core.i18n import _, pgettext
from arbiter.cli.commands.common import exit_status, internal_error, scenario_files
from arbiter.cli.render import error_line
from arbiter.core.errors import ScenarioError, os_error_words
from arbiter.files.documents import Entry, dumps, validate_document, validate_entry, validated
from arbiter.files.scenario import Scenario, load
from arbiter.files.sentences import difference_sentence, laws_sentence
from arbiter.laws.editions import CURRENT
from arbiter.files.validate import Difference, Validation


def main(args: argparse.Namespace) -> int:
    """Validate every incident report of ``args.paths`` and print the verdicts (text or JSON) or
    the documents (Markdown, printed or written under ``--out``); the exit status: 0 all
    consistent, 1 some inconsistent, 2 some report invalid or a document not written, 3 a bug of ours."""
    from arbiter.files import reportdoc

    if args.out is not None and args.format not in ("markdown", "pdf"):
        args.usage_error(_("--out DIR writes Markdown or PDF documents: it needs --format markdown or --format pdf"))
    if args.format == "pdf" and args.out is None:
        args.usage_error(_("--format pdf writes a PDF file per report: it needs --out DIR"))
    if args.force and args.out is None:
        args.usage_error(_("--force lets --out DIR overwrite documents: it needs --out DIR"))
    out = Path(args.out) if args.out is not None else None
    if out is not None and out.exists() and not out.is_dir():
        print(f"arbiter validate: --out {error_line(args.out)}: " + _("a file, not a folder: --out names the folder "
                                                                       "the documents are written in"), file=sys.stderr)
        return 2
    items = list(scenario_files(args.paths))
    not_written = _clashes(items, out) if out is not None else set()
    entries: list[Entry] = []
    documents: list[str] = []
    written: set[Path] = set()
    refused, internal = bool(not_written), False
    colour = args.format == "text" and render.colour(sys.stdout)
    # The verdicts' column as wide as the longest verdict in the language, the lines below it under the names.
    width = max(len(pgettext("verdict", verdict)) for verdict in ("consistent", "inconsistent"))
    indent, columns = " " * (width + 1), render.terminal_width(sys.stdout)
    for item in items:
        name = str(item.path if isinstance(item, ScenarioError) else item)
        scenario, result = _validated(item, args.notation, args.laws)
        printed = args.format == "markdown" and out is None
        if printed and scenario is not None and isinstance(result, Validation) and result.error is None:
            try:
                documents.append(reportdoc.markdown(scenario, result))
            except Exception as err:  # noqa: BLE001 - a bug of ours in the document: the other reports still run
                result = internal_error(name, err)
        entry = validate_entry(name, result)
        entries.append(entry)
        if entry.status == "invalid":
            internal = internal or entry.internal
            if args.format != "json":  # the JSON document holds the error itself
                print(_("INVALID {error}").format(error=entry.error), file=sys.stderr)
            continue
        assert isinstance(result, Validation)
        if out is not None and scenario is not None and item not in not_written:
            outcome = _write_document(scenario, result, out, args.force, written, pdf=args.format == "pdf")
            if outcome == "stop":
                return 2
            refused = refused or outcome == "refused"
            internal = internal or outcome == "internal"
        elif args.format == "text":
            word = pgettext("verdict", result.verdict).upper()
            lines = [f"{word:{width}} {name}"]
            if scenario is not None and scenario.settings.laws != CURRENT:  # the JSON always says it
                lines.append(f"{indent}{laws_sentence(scenario)}")
            # In sentences of the language, as the documents say them (the fields are the JSON's).
            lines += [f"{indent}- {error_line(_told(difference))}" for difference in result.differences]
            # The verdict and the file's name whole on their line (a wrap would split a verdict of
            # several words, or a path); what is below them wrapped at the terminal's width.
            first = f"\033[{32 if result.verdict == 'consistent' else 31}m{word}\033[0m" + lines[0][len(word):] \
                if colour else lines[0]
            print("\n".join([first, *filter(None, [render.fitted("\n".join(lines[1:]), columns)])]))
    counts = validate_document(entries)
    if args.format == "markdown":
        print("\n---\n\n".join(documents), end="")
    elif args.format == "json":
        sys.stdout.write(dumps(counts))
    else:
        print(_("{consistent} consistent, {inconsistent} inconsistent, {invalid} invalid").format(**counts))
    return exit_status(internal=internal, invalid=bool(counts["invalid"]) or refused,
                       failed=bool(counts["inconsistent"]))


def _told(difference: Difference) -> str:
    """A difference in a sentence, and the Laws' own sentence of the ruling they give after it (why
    a claim is forfeited, why a result stands), but for a time given or taken, which it repeats."""
    said = difference_sentence(difference)
    if difference.why and (difference.laws or {}).get("kind") != "time":
        return f"{said} {difference.why}"
    return said


def _validated(item: Path | ScenarioError, notation: str | None,
               laws: str | None) -> tuple[Scenario | None, Validation | ScenarioError]:
    """One report file read and validated: its scenario (None if it could not be read) and the
    validation, or the error that makes it invalid (an :class:`InternalError` for a bug of ours)."""
    if isinstance(item, ScenarioError):
        return None, item
    return validated(partial(load, item, notation, laws), str(item))


def _clashes(items: Sequence[Path | ScenarioError], out: Path) -> set[Path]:
    """The report files whose documents ``--out`` would write under the same name as another
    report's (``a/r.yaml`` and ``b/r.yaml`` both give ``out/r.md``), each clash said on standard
    error: none of them is written, whatever the order. Names that differ only in case clash too
    (they are one file on some systems). The same file given twice is no clash."""
    from arbiter.files.reportdoc import targets

    by_target: dict[str, list[Path]] = {}
    for item in items:
        if isinstance(item, Path):
            by_target.setdefault(item.stem.casefold(), []).append(item)
    clashing: set[Path] = set()
    for paths in by_target.values():
        distinct = list({path.resolve(): path for path in paths}.values())
        if len(distinct) < 2:
            continue
        clashing.update(paths)
        names = [error_line(str(path)) for path in distinct]
        listed = _("{files} and {last}").format(files=", ".join(names[:-1]), last=names[-1])
        target = targets(distinct[0], out)[0]
        clash = _("{files} would both be written to {target}: none of them is written (rename one, or validate "
                  "them into different folders)").format(files=listed, target=target)
        print(f"arbiter validate: {clash}", file=sys.stderr)
    return clashing


def _write_document(scenario: Scenario, result: Validation, out: Path, force: bool, written: set[Path],
                    pdf: bool = False) -> str:
    """Write one report's document (Markdown and picture, or ``pdf``) under ``out`` and say so:
    ``written``, ``refused`` (a file there and no ``--force``, or it cannot be written), ``stop``
    (``out`` cannot be made, or PDF cannot be written here: no document can be written) or
    ``internal`` (a bug of ours)."""
    from arbiter.files import reportdoc, reportpdf

    target = reportpdf.target(scenario.path, out) if pdf else reportdoc.targets(scenario.path, out)[0]
    if target in written:  # the same report given twice: written once
        return "written"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        said = os_error_words(err, str(err.strerror or err))
        print(f"arbiter validate: --out {error_line(str(out))}: {said}", file=sys.stderr)
        return "stop"
    try:
        if pdf:
            path = reportpdf.write_pdf(scenario, result, out, overwrite=force)
        else:
            path = reportdoc.write_files(scenario, result, out, overwrite=force)
    except reportpdf.PdfUnavailableError as err:
        print(f"arbiter validate: {err}", file=sys.stderr)
        return "stop"
    except FileExistsError as err:
        print("arbiter validate: " + _("{file} exists: not overwritten (--force overwrites it); {report} not "
                                       "written").format(file=error_line(str(err.filename or target)),
                                                         report=error_line(scenario.path)), file=sys.stderr)
        return "refused"
    except OSError as err:
        said = os_error_words(err, str(err.strerror or err))
        print(f"arbiter validate: {error_line(str(err.filename or target))}: {said}", file=sys.stderr)
        return "refused"
    except Exception as err:  # noqa: BLE001 - a bug of ours in the document: the other reports still run
        print(_("INVALID {error}").format(error=error_line(str(internal_error(scenario.path, err)))), file=sys.stderr)
        return "internal"
    written.add(target)
    print(_("wrote {file}").format(file=path))
    return "written"
