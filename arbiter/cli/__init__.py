"""The ``arbiter`` command: ``run``, ``explain``, ``laws`` (FORMAT §6).

``main(argv) -> int`` returns the exit status; one place decides it: 0 all good, 1 some
scenario does not hold, 2 some input is invalid, 3 the arbiter failed (a bug of ours). Every error
is one line naming the file (and the line and event), its long values cut, and the other files
still run: no traceback reaches the user. Nothing here is imported by a lower layer.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from arbiter.laws import articles as laws

from arbiter.cli import render
from arbiter.core.errors import (
    ArbiterError, InternalError, ScenarioError, UnknownArticleError, UnknownNotationError, event_label,
)
from arbiter.cli.render import error_line
from arbiter.files.scenario import Outcome, Scenario, final_state, load, replay_event, run
from arbiter.files.validate import Validation, validate

if TYPE_CHECKING:
    from arbiter.files.archive import Workers
    from arbiter.files.audit import GameAudit

def _files(paths: Sequence[str]) -> Iterator[Path | ScenarioError]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            try:
                found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            except OSError as err:
                yield ScenarioError(raw, None, f"cannot read the folder: {err.strerror or err}")
                continue
            if not found:
                yield ScenarioError(raw, None, "no scenario files (*.yaml) in this folder")
            yield from found
        elif path.is_file():
            yield path
        elif path.exists():
            yield ScenarioError(raw, None, "not a file or a folder (a device, a pipe, ...)")
        else:
            yield ScenarioError(raw, None, "no such file or folder")


def _internal(name: str, err: Exception) -> InternalError:
    """A bug of ours met on the file ``name`` outside any event (reading it, checking its expect, ...)."""
    return InternalError(name, None, f"internal error, please report it: {err!r}")


def _outcomes(paths: Sequence[str], notation: str | None) -> Iterator[tuple[str, Outcome | ScenarioError]]:
    for item in _files(paths):
        if isinstance(item, ScenarioError):
            yield item.path, item
            continue
        try:
            outcome: Outcome | ScenarioError = run(load(item, notation))
        except ScenarioError as err:
            outcome = err
        except ArbiterError as err:  # refused on purpose, but not located: the file is named
            outcome = ScenarioError(str(item), None, str(err))
        except Exception as err:  # noqa: BLE001 - a bug of ours must not hide the other files' results
            outcome = _internal(str(item), err)
        yield str(item), outcome


def _run_report(name: str, outcome: Outcome) -> dict[str, Any]:
    """One scenario's entry in ``run --format json`` (and what the text output prints)."""
    failures = [error_line(str(outcome.error))] if outcome.error else [error_line(f) for f in outcome.failures]
    return {
        "file": name,
        "title": outcome.scenario.spec.name,
        "status": outcome.status,
        "rulings": [r.as_dict() for r in outcome.referee.rulings],
        "final": final_state(outcome.referee),
        "failures": failures,
    }


def cmd_run(args: argparse.Namespace) -> int:
    counts = {"passed": 0, "failed": 0, "invalid": 0}
    internal = False
    reports: list[dict[str, Any]] = []
    for name, found in _outcomes(args.paths, args.notation):
        report: dict[str, Any] = {}
        if isinstance(found, Outcome):
            try:
                report = _run_report(name, found)
            except Exception as err:  # noqa: BLE001 - a bug of ours in reading the end state
                found = _internal(name, err)
        if isinstance(found, ScenarioError):
            internal = internal or isinstance(found, InternalError)
            counts["invalid"] += 1
            message = error_line(str(found))
            reports.append({"file": name, "title": None, "status": "invalid", "rulings": [], "final": None,
                            "failures": [message]})
            if args.format == "text":
                print(f"INVALID {message}", file=sys.stderr)
            continue
        outcome, status, failures = found, report["status"], report["failures"]
        counts[status] += 1
        reports.append(report)
        if args.format == "text":
            if status == "invalid":
                print(f"INVALID {failures[0]}", file=sys.stderr)
            else:
                print(f"{status.upper():7} {name}  {outcome.scenario.spec.name}")
                for failure in failures:
                    print(f"        - {failure}")
    if args.format == "json":
        json.dump({**counts, "scenarios": reports}, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['invalid']} invalid")
    if internal:
        return 3
    if counts["invalid"]:
        return 2
    return 1 if counts["failed"] else 0


def cmd_explain(args: argparse.Namespace) -> int:
    status = 0
    documents: list[dict[str, Any]] = []
    for number, item in enumerate(_files(args.files)):
        lines: list[str] = []
        document: dict[str, Any] = {"file": item.path if isinstance(item, ScenarioError) else str(item)}
        error: ScenarioError | None = item if isinstance(item, ScenarioError) else None
        if isinstance(item, Path):
            lines, document, error = _explain(str(item), args.notation)
        if args.format == "text" and lines:
            print(("\n" if number else "") + "\n".join(lines).rstrip())
        if error is not None:
            message = error_line(str(error))
            document = {**document, "error": message}
            if args.format != "json":  # the JSON document holds the error itself
                print(f"INVALID {message}", file=sys.stderr)
            status = max(status, 3 if isinstance(error, InternalError) else 2)
        documents.append(document)
    if args.format == "json":
        one = len(args.files) == 1 and Path(args.files[0]).is_file()  # the v1 form: one document
        json.dump(documents[0] if one else documents, sys.stdout, indent=1, ensure_ascii=False)
        print()
    return status


def _explain(name: str, notation: str | None) -> tuple[list[str], dict[str, Any], ScenarioError | None]:
    """One file narrated: the text lines, the JSON document, and the error that stopped the
    narration (the lines and events so far are kept), if any."""
    lines: list[str] = []
    steps: list[dict[str, Any]] = []
    document: dict[str, Any] = {"file": name, "title": None, "events": steps, "final": None}
    index, event = None, None
    try:
        scenario = load(name, notation)
        referee = scenario.new_referee()
        document["title"] = scenario.spec.name
        lines.append(f"{scenario.spec.name}  ({scenario.path})")
        if scenario.spec.source:
            lines.append(f"Source: {scenario.spec.source}")
        settings = scenario.settings
        lines += [f"Ruleset: {settings.ruleset}; arbiter: {settings.arbiter}", f"Start: {referee.position.fen()}",
                  render.board(referee.position.standing), f"  {render.status(referee)}", ""]
        shown_board = referee.position.standing.board_fen()
        for index, event in enumerate(scenario.events):
            over = referee.result != "*"
            given = replay_event(scenario.path, referee, index, event)
            at = f"  at {event.at:g}s" if event.at is not None else ""
            at += f"  ({event.hand} hand)" if event.hand else ""
            lines.append(f"[{index}] {event.describe()}{at}" + (f"  ({event.note})" if event.note else ""))
            if over:
                lines.append("  the game is over: this has no effect")
            if referee.position.standing.board_fen() != shown_board:
                shown_board = referee.position.standing.board_fen()
                lines.append(render.board(referee.position.standing))
            lines.append(f"  {render.status(referee)}")
            cited: set[str] = set()
            for item in given:
                lines.append(render.ruling(item))
                if item.article not in cited:  # each article's text once per event
                    cited.add(item.article)
                    lines.append(render.article_text(item.article, indent="        "))
            lines.append("")
            steps.append({"event": index, "action": event.describe(), "rulings": [r.as_dict() for r in given],
                          "state": referee.table.state, "effect": not over, "final": final_state(referee)})
        index, event = None, None
        document["final"] = final_state(referee)
    except ScenarioError as err:
        return lines, document, err
    except ArbiterError as err:  # refused on purpose, but not located: the file is named
        return lines, document, ScenarioError(name, event.line if event is not None else None, str(err))
    except Exception as err:  # noqa: BLE001 - a bug of ours: named at its event, the other files still run
        if event is None or index is None:
            return lines, document, _internal(name, err)
        message = f"{event_label(index, event.describe())}: internal error, please report it: {err!r}"
        return lines, document, InternalError(name, event.line, message)
    return lines, document, None


def cmd_validate(args: argparse.Namespace) -> int:
    from arbiter.files import reportdoc

    if args.out is not None and args.format != "markdown":
        args.usage_error("--out DIR writes Markdown documents: it needs --format markdown")
    if args.force and args.out is None:
        args.usage_error("--force lets --out DIR overwrite documents: it needs --out DIR")
    out = Path(args.out) if args.out is not None else None
    if out is not None and out.exists() and not out.is_dir():
        print(f"arbiter validate: --out {error_line(args.out)}: a file, not a folder: --out names the folder "
              "the documents are written in", file=sys.stderr)
        return 2
    items = list(_files(args.paths))
    not_written = _clashes(items, out) if out is not None else set()
    counts = {"consistent": 0, "inconsistent": 0, "invalid": 0}
    reports: list[dict[str, Any]] = []
    documents: list[str] = []
    written: set[Path] = set()
    refused, internal = bool(not_written), False
    colour = args.format == "text" and render.colour(sys.stdout)
    for item in items:
        name = str(item.path if isinstance(item, ScenarioError) else item)
        scenario, result = _validated(item, args.notation)
        printed = args.format == "markdown" and out is None
        if printed and scenario is not None and isinstance(result, Validation) and result.error is None:
            try:
                documents.append(reportdoc.markdown(scenario, result))
            except Exception as err:  # noqa: BLE001 - a bug of ours in the document: the other reports still run
                result = _internal(name, err)
        if isinstance(result, ScenarioError) or result.error is not None:
            error = result if isinstance(result, ScenarioError) else result.error
            assert error is not None
            internal = internal or isinstance(error, InternalError)
            message = error_line(str(error))
            counts["invalid"] += 1
            reports.append({"file": name, "verdict": "invalid", "differences": [], "rulings": [], "error": message})
            if args.format != "json":  # the JSON document holds the error itself
                print(f"INVALID {message}", file=sys.stderr)
            continue
        counts[result.verdict] += 1
        reports.append({"file": name, "verdict": result.verdict,
                        "differences": [d.as_dict() for d in result.differences],
                        "rulings": [r.as_dict() for r in result.rulings]})
        if out is not None and scenario is not None and item not in not_written:
            outcome = _write_document(scenario, result, out, args.force, written)
            if outcome == "stop":
                return 2
            refused = refused or outcome == "refused"
            internal = internal or outcome == "internal"
        elif args.format == "text":
            word = f"{result.verdict.upper():12}"
            if colour:
                word = f"\033[{32 if result.verdict == 'consistent' else 31}m{word}\033[0m"
            print(f"{word} {name}")
            for difference in result.differences:
                print(f"             - {error_line(difference.text)}")
    if args.format == "markdown":
        print("\n---\n\n".join(documents), end="")
    elif args.format == "json":
        json.dump({**counts, "reports": reports}, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print(f"{counts['consistent']} consistent, {counts['inconsistent']} inconsistent, {counts['invalid']} invalid")
    if internal:
        return 3
    if counts["invalid"] or refused:
        return 2
    return 1 if counts["inconsistent"] else 0


def _validated(item: Path | ScenarioError, notation: str | None) -> tuple[Scenario | None, Validation | ScenarioError]:
    """One report file read and validated: its scenario (None if it could not be read) and the
    validation, or the error that makes it invalid (an :class:`InternalError` for a bug of ours)."""
    if isinstance(item, ScenarioError):
        return None, item
    scenario = None
    try:
        scenario = load(item, notation)
        return scenario, validate(scenario)
    except ScenarioError as err:
        return scenario, err
    except ArbiterError as err:  # refused on purpose, but not located: the file is named
        return scenario, ScenarioError(str(item), None, str(err))
    except Exception as err:  # noqa: BLE001 - a bug of ours must not hide the other reports' verdicts
        return scenario, _internal(str(item), err)


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
        listed = f"{', '.join(names[:-1])} and {names[-1]}"
        target = targets(distinct[0], out)[0]
        print(f"arbiter validate: {listed} would both be written to {target}: none of them is written "
              "(rename one, or validate them into different folders)", file=sys.stderr)
    return clashing


def _write_document(scenario: Scenario, result: Validation, out: Path, force: bool, written: set[Path]) -> str:
    """Write one report's document and picture under ``out`` and say so: ``written``, ``refused``
    (a file there and no ``--force``, or it cannot be written), ``stop`` (``out`` cannot be made:
    no document can be written) or ``internal`` (a bug of ours)."""
    from arbiter.files import reportdoc

    target = reportdoc.targets(scenario.path, out)[0]
    if target in written:  # the same report given twice: written once
        return "written"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"arbiter validate: --out {error_line(str(out))}: {err.strerror or err}", file=sys.stderr)
        return "stop"
    try:
        path = reportdoc.write_files(scenario, result, out, overwrite=force)
    except FileExistsError as err:
        print(f"arbiter validate: {error_line(str(err.filename or target))} exists: not overwritten "
              f"(--force overwrites it); {error_line(scenario.path)} not written", file=sys.stderr)
        return "refused"
    except OSError as err:
        print(f"arbiter validate: {error_line(str(err.filename or target))}: {err.strerror or err}", file=sys.stderr)
        return "refused"
    except Exception as err:  # noqa: BLE001 - a bug of ours in the document: the other reports still run
        print(f"INVALID {error_line(str(_internal(scenario.path, err)))}", file=sys.stderr)
        return "internal"
    written.add(target)
    print(f"wrote {path}")
    return "written"


def cmd_audit(args: argparse.Namespace) -> int:
    from arbiter.files import archive

    if args.scheduler is not None and args.engine != "dask":
        args.usage_error("--scheduler ADDRESS names a Dask scheduler: it needs --engine dask")
    if args.engine == "local":
        return _audit_files(args, None)
    try:
        with archive.dask_client(args.scheduler, max(1, args.jobs or 2)) as client:
            return _audit_files(args, client)
    except archive.EngineError as err:
        print(error_line(f"arbiter audit: {err}"), file=sys.stderr)
        return 2


def _audit_files(args: argparse.Namespace, client: Workers | None) -> int:
    """Audit every file named, on the Dask cluster of ``client`` if given; the exit status."""
    from arbiter.files.archive import ArchiveError, open_text
    from arbiter.files.audit import NoPgnGameError, Tally, pgn_games

    tally = Tally()
    progress = sys.stderr.isatty()
    for raw in args.paths:
        try:  # utf-8-sig: a byte-order mark is read away, not taken for a broken first game
            handle = open_text(raw)
        except (OSError, ValueError) as err:  # ValueError: a name with a NUL character
            reason = getattr(err, "strerror", None) or str(err)
            print(error_line(f"arbiter audit: {raw}: {reason}"), file=sys.stderr)
            tally.add_invalid_file(raw, error_line(reason))
            continue
        last = 0
        with handle:
            try:
                for result in pgn_games(_audited(raw, handle, args.jobs or 1, args.notation, client)):
                    tally.add(result)
                    last = result.number
                    if progress and tally.games % 100 == 0:
                        print(f"\r{raw}: {tally.games} games", end="", file=sys.stderr)
                    _print_audit(raw, result, args.format)
            except NoPgnGameError as err:
                reason = error_line(f"holds no PGN game: {err}")
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
            except ArchiveError as err:  # the games before the fault are audited and counted
                where = f"after game {last}" if last else "before its first game"
                reason = error_line(f"{err} ({where}; the rest of the file is not read)")
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
            except OSError as err:  # the file could be opened but not read (a folder, a device error)
                reason = err.strerror or str(err)
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
            except Exception as err:  # noqa: BLE001 - a bug of ours: the other files are still audited
                where = f"after game {last}" if last else "at its first game"
                reason = error_line(f"internal error {where}, please report it: {err!r}")
                print(f"arbiter audit: {raw}: {reason}", file=sys.stderr)
                tally.add_invalid_file(raw, reason)
                tally.has_internal_error = True
    if progress:
        print(file=sys.stderr)
    if args.format == "json":
        print(json.dumps({"summary": tally.summary()}, ensure_ascii=False))
    else:
        print(f"{tally.games} games audited")
        for kind, count in sorted(tally.findings.items()):
            print(f"  {kind:24} {count}")
        if tally.notation_hint is not None:
            print(tally.notation_hint)
    return tally.status


def _print_audit(name: str, result: GameAudit, output: str) -> None:
    """One game's audit: a JSON line, or in text its findings and notes (nothing for a clean game
    without notes)."""
    if output == "json":
        print(json.dumps({"file": name, **result.as_dict()}, ensure_ascii=False))
        return
    if not (result.findings or result.error or result.notation_hint or result.not_audited or result.notes):
        return
    print(f"{name} game {result.number} ({result.white} - {result.black}, {result.result})")
    if result.not_audited is not None:
        print(f"    not audited: {result.not_audited} (its rules are not the Laws of Chess; its moves are not read)")
    if result.notation_hint is not None:
        print(f"    hint: {result.notation_hint.text}")
    if result.error:
        print(f"    broken game: {error_line(result.error)}")
    for note in result.notes:
        print(f"    note: {error_line(note)}")
    for finding in result.findings:
        where = f"move {finding.as_dict()['move']}: " if finding.ply else ""
        print(f"    {finding.kind} ({finding.article}) {where}{error_line(finding.text)}")


def _audited(name: str, handle: TextIO, jobs: int, notation: str | None,
             client: Workers | None = None) -> Iterator[GameAudit]:
    """Every game of one input audited in order, reading it as it goes: on the Dask cluster of
    ``client`` if given, else in ``jobs`` processes; the moves are read in ``notation`` (English by
    default). When reading fails (a corrupt archive), the games read before are still given."""
    import functools
    import multiprocessing

    from arbiter.files.archive import audit_on_dask, batches
    from arbiter.files.audit import audit_text, game_texts

    if client is not None:
        yield from audit_on_dask(client, name, handle, notation)
        return
    audit_one = functools.partial(audit_text, notation=notation)
    if jobs <= 1:
        yield from map(audit_one, game_texts(handle))
        return
    with multiprocessing.Pool(jobs) as pool:
        for batch in batches(game_texts(handle), games=1000):  # a batch at a time: memory stays bounded
            yield from pool.imap(audit_one, batch, chunksize=16)


def cmd_teach(args: argparse.Namespace) -> int:
    from arbiter.cli import teach

    try:
        session = teach.new_session(args.file, args.fen, args.moves, args.time_control, args.ruleset,
                                    args.arbiter, args.orientation, args.notation)
    except ScenarioError as err:
        print(f"arbiter teach: {error_line(str(err))}", file=sys.stderr)
        return 2
    except Exception as err:  # noqa: BLE001 - a bug of ours in reading the file or the options
        print(f"arbiter teach: {error_line(str(_internal(args.file or '<options>', err)))}", file=sys.stderr)
        return 3
    return teach.run(session)


def cmd_quiz(args: argparse.Namespace) -> int:
    from prompt_toolkit import PromptSession

    from arbiter.cli import quiz

    paths = [Path(p) for p in args.paths] if args.paths else [quiz.library()]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        print(error_line(f"arbiter quiz: no such file or folder: {', '.join(missing)}"), file=sys.stderr)
        return 2
    # Piped answers are read as plain lines: the line editor would only print its warnings.
    ask: Callable[[str], str] = render.read_line
    if not render.reads_piped_input():
        session: PromptSession[str] = PromptSession()
        ask = session.prompt
    try:
        quiz.run(paths, args.count, args.seed, args.topic, ask, print)
    except quiz.UnknownTopicError as err:
        print(error_line(f"arbiter quiz: {err}"), file=sys.stderr)
        return 2
    return 0  # also when stopped early (Ctrl-C, end of input): the score so far is shown


def cmd_laws(args: argparse.Namespace) -> int:
    try:
        entries = laws.with_subarticles(args.article) if args.article else list(laws.articles().values())
    except UnknownArticleError as err:
        print(error_line(f"arbiter laws: {err}"), file=sys.stderr)
        return 2
    if args.format == "json":
        json.dump([{"article": a.number, "title": a.title, "text": a.text} for a in entries], sys.stdout,
                  indent=1, ensure_ascii=False)
        print()
    else:
        print("\n\n".join(render.article_text(a.number) for a in entries))
    return 0


def cmd_notation(args: argparse.Namespace) -> int:
    import chess

    from arbiter.core.notation import PIECES, language, languages, write_san

    chosen = [language(args.code)] if args.code else list(languages().values())
    board = chess.Board("r3k2r/1P6/8/8/8/8/8/R3K1NR w KQkq - 0 1")
    sample = [chess.Move.from_uci(uci) for uci in ("g1f3", "b7a8q", "e1c1")]
    rows = []
    for lang in chosen:
        letters = {name: list(lang.letters[piece]) for name, piece in PIECES}
        rows.append({"code": lang.code, "name": lang.name, **letters,
                     "example": [write_san(board, move, lang) for move in sample]})
    if args.format == "json":
        json.dump(rows, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    for row in rows:
        shown = " ".join("/".join(row[name]) or "-" for name, _ in PIECES)
        print(f"{row['code']:9} {row['name']:20} K Q R B N P = {shown:24} {', '.join(row['example'])}")
    return 0


#: What each command's exit status means, for its --help (FORMAT §6); 2 is also argparse's usage error.
EXIT_STATUS = {
    "arbiter": "see each command's --help; 2 a usage error; 3 an internal error (a bug: please report it); "
               "130 interrupted (Ctrl-C) outside teach and quiz",
    "run": "0 all hold, 1 some do not, 2 some file is invalid (the others still run), "
           "3 an internal error (please report it)",
    "explain": "0 narrated, 2 some file is invalid (the others are still narrated), "
               "3 an internal error (please report it)",
    "validate": "0 all consistent, 1 some inconsistent, 2 some report invalid (the others still run), or with "
                "--out a document not written (one there already and no --force, two reports of the same name, "
                "--out a file), 3 an internal error (please report it)",
    "audit": "0 no findings; 1 some findings (illegal moves, a result contradicted, ...; information such as "
             "could-claim-threefold does not count); 2 some input invalid: a file missing or not PGN, a broken game, "
             "a damaged archive (the other files and games are still audited), or --engine dask unable to run; "
             "3 an internal error (please report it)",
    "teach": "0 the session ended (:quit, end of input, Ctrl-C), 2 the file or an option is invalid",
    "quiz": "0 the quiz ended, also when stopped early by end of input or Ctrl-C (the score so far is "
            "shown), 2 no such file or folder, or an unknown topic",
    "laws": "0 printed, 2 unknown article",
    "notation": "0 listed, 2 unknown language",
}


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
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, not {text!r}")
    return int(text)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors cut a long value they echo (an unknown choice)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the error, then exit with status 2 (argparse's own)."""
        super().error(error_line(message))


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="arbiter", description="An over-the-board chess arbiter simulator.",
                     epilog=f"exit status: {EXIT_STATUS['arbiter']}")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                help="the command (each has its own --help)")

    def add(name: str, help_text: str, formats: tuple[str, ...] = ("text", "json")) -> argparse.ArgumentParser:
        command = sub.add_parser(name, help=help_text, epilog=f"exit status: {EXIT_STATUS[name]}")
        command.add_argument("--format", choices=formats, default="text",
                             help=f"the output: {' or '.join(formats)} (default: text, for people)")
        return command

    def with_notation(command: argparse.ArgumentParser, what: str) -> None:
        command.add_argument("--notation", type=_notation, metavar="LANG",
                             help=f"{what} (a language code: de, fr, ru, sr-Cyrl, figurine, ...; "
                                  "see `arbiter notation`)")

    run_cmd = add("run", "run scenario files and check their expect blocks")
    run_cmd.add_argument("paths", nargs="+", metavar="PATH", help="a scenario file, or a folder: every *.yaml below")
    with_notation(run_cmd, "write the rulings' moves in this language")
    run_cmd.set_defaults(func=cmd_run)
    explain = add("explain", "narrate a scenario event by event")
    explain.add_argument("files", nargs="+", metavar="FILE",
                         help="a scenario or incident report to narrate, or a folder: every *.yaml below")
    with_notation(explain, "write the rulings' moves in this language")
    explain.set_defaults(func=cmd_explain)
    validate_cmd = add("validate", "check incident reports against the Laws", ("text", "json", "markdown"))
    validate_cmd.add_argument("paths", nargs="+", metavar="FILE", help="an incident report, or a folder of them")
    validate_cmd.add_argument("--out", metavar="DIR",
                              help="with --format markdown: write DIR/<report>.md and .svg; a file already there "
                                   "is not overwritten, and reports of the same file name are not written")
    validate_cmd.add_argument("--force", action="store_true",
                              help="with --out: overwrite DIR/<report>.md and .svg when they exist")
    with_notation(validate_cmd, "write the rulings' moves in this language")
    validate_cmd.set_defaults(func=cmd_validate, usage_error=validate_cmd.error)
    audit_cmd = add("audit", "audit the games of PGN files against the Laws")
    audit_cmd.add_argument("paths", nargs="+", metavar="FILE.pgn",
                           help="a PGN file of games to audit: .pgn, .pgn.gz, .pgn.bz2 or .pgn.zst (a .pgn that is "
                                "compressed is recognised by its first bytes); - for standard input")
    audit_cmd.add_argument("--jobs", type=int, default=None, metavar="N",
                           help="audit in N processes (default 1); with --engine dask and no --scheduler, the "
                                "number of workers started (default 2)")
    audit_cmd.add_argument("--engine", choices=("local", "dask"), default="local",
                           help="local: this machine's processes (default); dask: a Dask cluster (needs the "
                                "distributed package), the output the same as with one process")
    audit_cmd.add_argument("--scheduler", metavar="ADDRESS",
                           help="with --engine dask: the scheduler to use (tcp://host:8786); without it, a local "
                                "cluster is started and closed. Its workers must see plain files at the same path")
    with_notation(audit_cmd, "the language the PGN's moves are written in")
    audit_cmd.set_defaults(func=cmd_audit, usage_error=audit_cmd.error)
    teach_cmd = sub.add_parser("teach", help="play the events yourself and watch the Laws rule",
                               epilog=f"exit status: {EXIT_STATUS['teach']}")
    teach_cmd.add_argument("file", nargs="?", metavar="FILE", help="start from this scenario's position")
    teach_cmd.add_argument("--fen", help="start from this position (FEN)")
    teach_cmd.add_argument("--moves", help="moves played from the start position first (SAN or UCI)")
    teach_cmd.add_argument("--time-control", dest="time_control", metavar="TC",
                           help="the time control, as in PGN (5400+30, 40/5400+30:1800+30, 180+2, 5400d30)")
    teach_cmd.add_argument("--ruleset", choices=("standard", "rapid", "blitz"),
                           help="the rules of play (default: from the time control, else standard)")
    teach_cmd.add_argument("--arbiter", choices=("watching", "called"),
                           help="watching: the arbiter intervenes at once; called: he rules only on claims")
    teach_cmd.add_argument("--orientation", choices=("white", "black"),
                           help="the side shown at the bottom (default: the player having the move)")
    with_notation(teach_cmd, "read and write moves in this language")
    teach_cmd.set_defaults(func=cmd_teach)
    quiz_cmd = sub.add_parser("quiz", help="questions drawn from scenario files",
                              epilog=f"exit status: {EXIT_STATUS['quiz']}")
    quiz_cmd.add_argument("paths", nargs="*", metavar="PATH",
                          help="scenario files or folders to draw from (default: the scenario library)")
    quiz_cmd.add_argument("--count", type=_positive, default=10, metavar="N", help="ask N questions (default 10)")
    quiz_cmd.add_argument("--seed", type=int, metavar="S", help="draw the same questions for the same S")
    quiz_cmd.add_argument("--topic", metavar="T", help="only questions of this topic (a scenario folder: touch, ...)")
    quiz_cmd.set_defaults(func=cmd_quiz)
    laws_cmd = add("laws", "print the articles of the Laws the arbiter cites")
    laws_cmd.add_argument("article", nargs="?", metavar="ARTICLE", type=str.upper,
                          help="this article and the ones below it (4.3, A.3, a.3); default: all")
    laws_cmd.set_defaults(func=cmd_laws)
    notation_cmd = add("notation", "list the languages moves can be read and written in")
    notation_cmd.add_argument("code", nargs="?", metavar="LANG", type=_notation,
                              help="only this language (de, sr-Cyrl, ...); default: all")
    notation_cmd.set_defaults(func=cmd_notation)
    return parser


def _notation(code: str) -> str:
    """An argparse type: a known notation code, as the table spells it."""
    from arbiter.core.notation import language

    try:
        return language(code).code
    except UnknownNotationError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status."""
    args = _parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as err:  # noqa: BLE001 - the last resort: a bug of ours is one line, never a traceback
        print(error_line(f"arbiter {args.command}: internal error, please report it: {err!r}"), file=sys.stderr)
        return 3
    return status


if __name__ == "__main__":
    sys.exit(main())
