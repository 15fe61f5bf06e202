"""``arbiter run``: run scenario files and check their expect blocks (FORMAT §6)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from arbiter.cli.commands.common import exit_status, internal_error, scenario_files
from arbiter.cli.render import error_line
from arbiter.core.errors import ArbiterError, InternalError, ScenarioError
from arbiter.files.scenario import Outcome, final_state, load, run


def main(args: argparse.Namespace) -> int:
    """Run every scenario file of ``args.paths`` and print how each went, in text or JSON; the
    exit status: 0 all hold, 1 some do not, 2 some file is invalid, 3 a bug of ours."""
    counts = {"passed": 0, "failed": 0, "invalid": 0}
    internal = False
    reports: list[dict[str, Any]] = []
    for name, found in _outcomes(args.paths, args.notation):
        report: dict[str, Any] = {}
        if isinstance(found, Outcome):
            try:
                report = _run_report(name, found)
            except Exception as err:  # noqa: BLE001 - a bug of ours in reading the end state
                found = internal_error(name, err)
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
    return exit_status(internal=internal, invalid=bool(counts["invalid"]), failed=bool(counts["failed"]))


def _outcomes(paths: Sequence[str], notation: str | None) -> Iterator[tuple[str, Outcome | ScenarioError]]:
    for item in scenario_files(paths):
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
            outcome = internal_error(str(item), err)
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
