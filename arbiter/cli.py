"""The ``arbiter`` command: ``run``, ``explain``, ``laws`` (FORMAT §6).

``main(argv) -> int`` returns the exit status; one place decides it: 0 all good, 1 some
scenario does not hold, 2 some input is invalid. Nothing here is imported by a lower layer.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from arbiter import laws, render
from arbiter.errors import ArbiterError, ScenarioError, UnknownArticleError, UnknownNotationError
from arbiter.scenario import Outcome, final_state, load, run
if TYPE_CHECKING:
    from arbiter.audit import GameAudit
    from arbiter.validate import Validation


def _files(paths: Sequence[str]) -> Iterator[Path | ScenarioError]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            if not found:
                yield ScenarioError(raw, None, "no scenario files (*.yaml) in this folder")
            yield from found
        elif path.is_file():
            yield path
        else:
            yield ScenarioError(raw, None, "no such file or folder")


def _outcomes(paths: Sequence[str], notation: str | None) -> Iterator[tuple[str, Outcome | ScenarioError]]:
    for item in _files(paths):
        if isinstance(item, ScenarioError):
            yield item.path, item
            continue
        try:
            yield str(item), run(load(item, notation))
        except ScenarioError as err:
            yield str(item), err
        except Exception as err:  # noqa: BLE001 - a bug of ours must not hide the other files' results
            yield str(item), InternalError(str(item), None, f"internal error, please report it: {err!r}")


class InternalError(ScenarioError):
    """A failure of the arbiter itself on a file (exit status 3), not of the file."""


def cmd_run(args: argparse.Namespace) -> int:
    counts = {"passed": 0, "failed": 0, "invalid": 0}
    internal = False
    reports: list[dict[str, Any]] = []
    for name, outcome in _outcomes(args.paths, args.notation):
        if isinstance(outcome, ScenarioError):
            internal = internal or isinstance(outcome, InternalError)
            counts["invalid"] += 1
            reports.append({"file": name, "title": None, "status": "invalid", "rulings": [], "final": None,
                            "failures": [str(outcome)]})
            if args.format == "text":
                print(f"INVALID {outcome}", file=sys.stderr)
            continue
        status = outcome.status
        counts[status] += 1
        failures = [str(outcome.error)] if outcome.error else outcome.failures
        reports.append({
            "file": name,
            "title": outcome.scenario.spec.name,
            "status": status,
            "rulings": [r.as_dict() for r in outcome.referee.rulings],
            "final": final_state(outcome.referee),
            "failures": failures,
        })
        if args.format == "text":
            if status == "invalid":
                print(f"INVALID {outcome.error}", file=sys.stderr)
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
    try:
        scenario = load(args.file, args.notation)
    except ScenarioError as err:
        print(f"INVALID {err}", file=sys.stderr)
        return 2
    referee = scenario.new_referee()
    steps: list[dict[str, Any]] = []
    lines = [f"{scenario.spec.name}  ({scenario.path})"]
    if scenario.spec.source:
        lines.append(f"Source: {scenario.spec.source}")
    settings = scenario.settings
    lines += [f"Ruleset: {settings.ruleset}; arbiter: {settings.arbiter}", f"Start: {referee.position.fen()}",
              render.board(referee.position.standing), f"  {render.status(referee)}", ""]
    shown_board = referee.position.standing.board_fen()
    for index, event in enumerate(scenario.events):
        over = referee.result != "*"
        try:
            given = referee.apply(event, index)
        except ArbiterError as err:
            message = f"{scenario.path}:{event.line}: event {index} ({event.describe()}): {err}"
            print("\n".join(lines) if args.format == "text" else "", file=sys.stdout)
            print(f"INVALID {message}", file=sys.stderr)
            return 2
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
    if args.format == "json":
        json.dump({"file": scenario.path, "title": scenario.spec.name, "events": steps,
                   "final": final_state(referee)}, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print("\n".join(lines).rstrip())
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from arbiter import reportdoc
    from arbiter.validate import validate

    counts = {"consistent": 0, "inconsistent": 0, "invalid": 0}
    reports: list[dict[str, Any]] = []
    documents: list[str] = []
    colour = args.format == "text" and sys.stdout.isatty()
    for item in _files(args.paths):
        name = str(item.path if isinstance(item, ScenarioError) else item)
        scenario = None
        try:
            if isinstance(item, ScenarioError):
                result: Validation | ScenarioError = item
            else:
                scenario = load(item, args.notation)
                result = validate(scenario)
        except ScenarioError as err:
            result = err
        if isinstance(result, ScenarioError) or result.error is not None:
            error = result if isinstance(result, ScenarioError) else result.error
            counts["invalid"] += 1
            reports.append({"file": name, "verdict": "invalid", "differences": [], "rulings": [],
                            "error": str(error)})
            if args.format == "text":
                print(f"INVALID {error}", file=sys.stderr)
            continue
        counts[result.verdict] += 1
        reports.append({"file": name, "verdict": result.verdict,
                        "differences": [d.as_dict() for d in result.differences],
                        "rulings": [r.as_dict() for r in result.rulings]})
        if args.format == "markdown" and scenario is not None:
            if args.out is not None:
                print(f"wrote {reportdoc.write_files(scenario, result, Path(args.out))}")
            else:
                documents.append(reportdoc.markdown(scenario, result))
        elif args.format == "text":
            word = f"{result.verdict.upper():12}"
            if colour:
                word = f"\033[{32 if result.verdict == 'consistent' else 31}m{word}\033[0m"
            print(f"{word} {name}")
            for difference in result.differences:
                print(f"             - {difference.text}")
    if args.format == "markdown":
        print("\n---\n\n".join(documents), end="")
    elif args.format == "json":
        json.dump({**counts, "reports": reports}, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print(f"{counts['consistent']} consistent, {counts['inconsistent']} inconsistent, {counts['invalid']} invalid")
    if counts["invalid"]:
        return 2
    return 1 if counts["inconsistent"] else 0


def cmd_audit(args: argparse.Namespace) -> int:
    counts: dict[str, int] = {}
    games = 0
    status = 0
    progress = sys.stderr.isatty()
    for raw in args.paths:
        try:
            handle = open(raw, encoding="utf-8", errors="replace")  # noqa: SIM115 - closed below
        except OSError as err:
            print(f"arbiter audit: {raw}: {err}", file=sys.stderr)
            status = 2
            continue
        with handle:
            for result in _audited(handle, args.jobs, args.notation):
                games += 1
                if progress and games % 100 == 0:
                    print(f"\r{raw}: {games} games", end="", file=sys.stderr)
                for finding in result.findings:
                    counts[finding.kind] = counts.get(finding.kind, 0) + 1
                if result.error:
                    counts["broken-game"] = counts.get("broken-game", 0) + 1
                if args.format == "json":
                    print(json.dumps({"file": raw, **result.as_dict()}, ensure_ascii=False))
                elif result.findings or result.error:
                    print(f"{raw} game {result.number} ({result.white} - {result.black}, {result.result})")
                    if result.error:
                        print(f"    broken game: {result.error}")
                    for finding in result.findings:
                        where = f"move {finding.as_dict()['move']}: " if finding.ply else ""
                        print(f"    {finding.kind} ({finding.article}) {where}{finding.text}")
    if progress:
        print(file=sys.stderr)
    if args.format == "json":
        print(json.dumps({"summary": {"games": games, "findings": counts}}))
    else:
        print(f"{games} games audited")
        for kind, count in sorted(counts.items()):
            print(f"  {kind:24} {count}")
    return status


def _audited(handle: TextIO, jobs: int, notation: str | None) -> Iterator[GameAudit]:
    """Every game audited in order, in ``jobs`` processes, reading the file as it goes; the
    moves are read in ``notation`` (English by default)."""
    import functools
    import multiprocessing

    from arbiter.audit import audit_text, game_texts

    audit_one = functools.partial(audit_text, notation=notation)
    if jobs <= 1:
        yield from map(audit_one, game_texts(handle))
        return
    texts = game_texts(handle)
    with multiprocessing.Pool(jobs) as pool:
        while batch := list(itertools.islice(texts, 1000)):  # a batch at a time: memory stays bounded
            yield from pool.imap(audit_one, batch, chunksize=16)


def cmd_teach(args: argparse.Namespace) -> int:
    from arbiter import teach

    try:
        session = teach.new_session(args.file, args.fen, args.moves, args.time_control, args.ruleset,
                                    args.arbiter, args.orientation, args.notation)
    except ScenarioError as err:
        print(f"arbiter teach: {err}", file=sys.stderr)
        return 2
    return teach.run(session)


def cmd_quiz(args: argparse.Namespace) -> int:
    from prompt_toolkit import PromptSession

    from arbiter import quiz

    prompt: PromptSession[str] = PromptSession()
    paths = [Path(p) for p in (args.paths or ["scenarios"])]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        print(f"arbiter quiz: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        quiz.run(paths, args.count, args.seed, args.topic, prompt.prompt, print)
    except (EOFError, KeyboardInterrupt):
        return 0
    return 0


def cmd_laws(args: argparse.Namespace) -> int:
    try:
        entries = laws.with_subarticles(args.article) if args.article else list(laws.articles().values())
    except UnknownArticleError as err:
        print(f"arbiter laws: {err}", file=sys.stderr)
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

    from arbiter.notation import PIECES, language, languages, write_san

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbiter", description="An over-the-board chess arbiter simulator.")
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, help_text: str, formats: tuple[str, ...] = ("text", "json")) -> argparse.ArgumentParser:
        command = sub.add_parser(name, help=help_text)
        command.add_argument("--format", choices=formats, default="text")
        return command

    def with_notation(command: argparse.ArgumentParser, what: str) -> None:
        command.add_argument("--notation", type=_notation, metavar="LANG",
                             help=f"{what} (a language code: de, fr, ru, sr-Cyrl, figurine, ...; "
                                  "see `arbiter notation`)")

    run_cmd = add("run", "run scenario files and check their expect blocks")
    run_cmd.add_argument("paths", nargs="+", metavar="PATH")
    with_notation(run_cmd, "write the rulings' moves in this language")
    run_cmd.set_defaults(func=cmd_run)
    explain = add("explain", "narrate a scenario event by event")
    explain.add_argument("file", metavar="FILE")
    with_notation(explain, "write the rulings' moves in this language")
    explain.set_defaults(func=cmd_explain)
    validate_cmd = add("validate", "check incident reports against the Laws", ("text", "json", "markdown"))
    validate_cmd.add_argument("paths", nargs="+", metavar="FILE")
    validate_cmd.add_argument("--out", metavar="DIR", help="with --format markdown: write DIR/<report>.md and .svg")
    with_notation(validate_cmd, "write the rulings' moves in this language")
    validate_cmd.set_defaults(func=cmd_validate)
    audit_cmd = add("audit", "audit the games of PGN files against the Laws")
    audit_cmd.add_argument("paths", nargs="+", metavar="FILE.pgn")
    audit_cmd.add_argument("--jobs", type=int, default=1, metavar="N", help="audit in N processes")
    with_notation(audit_cmd, "the language the PGN's moves are written in")
    audit_cmd.set_defaults(func=cmd_audit)
    teach_cmd = sub.add_parser("teach", help="play the events yourself and watch the Laws rule")
    teach_cmd.add_argument("file", nargs="?", metavar="FILE", help="start from this scenario's position")
    teach_cmd.add_argument("--fen")
    teach_cmd.add_argument("--moves")
    teach_cmd.add_argument("--time-control", dest="time_control")
    teach_cmd.add_argument("--ruleset", choices=("standard", "rapid", "blitz"))
    teach_cmd.add_argument("--arbiter", choices=("watching", "called"))
    teach_cmd.add_argument("--orientation", choices=("white", "black"))
    with_notation(teach_cmd, "read and write moves in this language")
    teach_cmd.set_defaults(func=cmd_teach)
    quiz_cmd = sub.add_parser("quiz", help="questions drawn from scenario files")
    quiz_cmd.add_argument("paths", nargs="*", metavar="PATH")
    quiz_cmd.add_argument("--count", type=int, default=10)
    quiz_cmd.add_argument("--seed", type=int)
    quiz_cmd.add_argument("--topic")
    quiz_cmd.set_defaults(func=cmd_quiz)
    laws_cmd = add("laws", "print the articles of the Laws the arbiter cites")
    laws_cmd.add_argument("article", nargs="?", metavar="ARTICLE")
    laws_cmd.set_defaults(func=cmd_laws)
    notation_cmd = add("notation", "list the languages moves can be read and written in")
    notation_cmd.add_argument("code", nargs="?", metavar="LANG", type=_notation)
    notation_cmd.set_defaults(func=cmd_notation)
    return parser


def _notation(code: str) -> str:
    """An argparse type: a known notation code, as the table spells it."""
    from arbiter.notation import language

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
    return status


if __name__ == "__main__":
    sys.exit(main())
