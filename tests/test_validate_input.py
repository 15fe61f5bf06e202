"""arbiter validate on files that are not reports, its errors in every format, and what the
Markdown document shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.cli import main
from tests.conftest import write_file as _write

ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / "examples" / "reports"
GOOD = str(REPORTS / "format-example.yaml")
IMPOSSIBLE = str(REPORTS / "report-with-impossible-event.yaml")
SCENARIO = "title: a plain scenario\nevents:\n  - white: play e4\nexpect:\n  to_move: black\n"
NO_RULING = "report: {event: Club, account: White played e4.}\nevents:\n  - white: play e4\n"
NO_REPORT = "title: t\nevents:\n  - white: play e4\nruling:\n  result: '*'\n"


CASES = [
    ("scenario.yaml", SCENARIO, "not an incident report: it has no report: (who, where, when) and no ruling: (what "
     "the tournament arbiter decided); a scenario file is checked with `arbiter run`"),
    ("no-ruling.yaml", NO_RULING, "not an incident report: it has no ruling: (what the tournament arbiter decided)"),
    ("no-report.yaml", NO_REPORT, "not an incident report: it has no report: (who, where, when); a scenario file "
     "is checked with `arbiter run`"),
]


@pytest.mark.parametrize(("name", "text", "message"), CASES, ids=[case[0] for case in CASES])
def test_a_file_that_is_not_an_incident_report_is_invalid_and_the_others_still_run(
        name: str, text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, name, text)
    assert main(["validate", path, GOOD]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"INVALID {path}:1: {message}"]
    assert captured.out.splitlines() == [f"CONSISTENT   {GOOD}", "1 consistent, 0 inconsistent, 1 invalid"]
    assert main(["validate", "--format", "json", path]) == 2
    [entry] = json.loads(capsys.readouterr().out)["reports"]
    assert (entry["verdict"], entry["error"]) == ("invalid", f"{path}:1: {message}")


def test_markdown_of_an_invalid_report_prints_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--format", "markdown", IMPOSSIBLE]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"INVALID {IMPOSSIBLE}:3: event 0 (white: lift e4): no piece stands on e4"]
    assert captured.out == ""
    assert main(["validate", "--format", "markdown", IMPOSSIBLE, GOOD]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("INVALID ") and captured.out.startswith("# Incident report")


@pytest.mark.parametrize("output", ["text", "json"])
def test_out_without_markdown_is_a_usage_error(output: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["validate", "--format", output, "--out", str(tmp_path / "docs"), GOOD])
    assert caught.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("usage: arbiter validate")
    assert err[-1] == ("arbiter validate: error: --out DIR writes Markdown or PDF documents: it needs "
                       "--format markdown or --format pdf")
    assert not (tmp_path / "docs").exists()
    with pytest.raises(SystemExit):
        main(["validate", "--out", str(tmp_path / "docs"), GOOD])  # text, the default


def test_out_that_cannot_be_written_is_an_error_not_a_traceback(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["validate", "--format", "markdown", "--out", str(blocker / "docs"), GOOD]) == 2
    assert capsys.readouterr().err.splitlines() == [f"arbiter validate: --out {blocker / 'docs'}: Not a directory"]


def _section(document: str, title: str) -> list[str]:
    lines = document.splitlines()
    start = lines.index(f"## {title}") + 2
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("## "))
    return [line for line in lines[start:end] if line]


def test_markdown_shows_the_arbiters_ruling_beside_a_consistent_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--format", "markdown", str(REPORTS / "flag-against-lone-king-draw.yaml")]) == 0
    document = capsys.readouterr().out
    assert _section(document, "What the tournament arbiter ruled") == [
        "- The result is 1/2-1/2 (timeout)."]  # sentences, not data; the result listed and given said once
    assert _section(document, "Verdict") == ["**consistent**"]
    lines = document.splitlines()
    assert lines.index("## What the tournament arbiter ruled") < lines.index("## Verdict")
    assert main(["validate", "--format", "markdown", str(REPORTS / "illegal-move-standard-two-minutes.yaml")]) == 0
    assert _section(capsys.readouterr().out, "What the tournament arbiter ruled") == [
        "- The position is set back.", "- White loses 30 seconds of clock time.",
        "- Black is given 2 minutes.", "- clocks: White 1:29:29, Black 1:32:00"]


def test_markdown_ruling_with_position_reason_and_nothing_listed(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    path = _write(tmp_path, "r.yaml", f"report: {{event: e}}\nevents:\n  - white: play e4\n"
                                      f"ruling: {{result: '*', fen: '{fen}'}}\n")
    main(["validate", "--format", "markdown", path])
    assert _section(capsys.readouterr().out, "What the tournament arbiter ruled") == [
        "- The game goes on.", f"- the game goes on from FEN `{fen}`"]
    path = _write(tmp_path, "empty.yaml", "report: {event: e}\nevents: []\nruling: {}\n")
    assert main(["validate", "--format", "markdown", path]) == 0
    assert _section(capsys.readouterr().out, "What the tournament arbiter ruled") == ["- nothing listed"]


def test_markdown_clock_columns_say_whose_clock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--format", "markdown", str(REPORTS / "flag-against-lone-king-draw.yaml")]) == 0
    lines = _section(capsys.readouterr().out, "What happened, and what the Laws say")
    assert lines[:3] == ["The time of an event is counted from the beginning of the events; a clock is what it "
                         "read after the event.", "| # | time | event | White's clock | Black's clock | rulings |",
                         "|---|---|---|---|---|---|"]
    assert lines[3].startswith("| 0 | 0:00:06 | `white: touch e2` | 0:00:00 | 0:01:00 | result (6.9): ")
    no_clock = _write(tmp_path, "r.yaml", "report: {event: e}\nevents:\n  - white: play e4\nruling: {}\n")
    assert main(["validate", "--format", "markdown", no_clock]) == 0
    [row] = _section(capsys.readouterr().out, "What happened, and what the Laws say")[3:]
    assert row.startswith("| 0 |  | `white: play e4` |  |  | obligation (4.3.1): ")  # still six cells


def test_a_result_listed_among_the_arbiters_rulings_and_given_as_his_result_is_said_once(tmp_path: Path) -> None:
    """The Markdown report said "The result is 0-1 (timeout)." and then "The result is 0-1." (found
    by a helper writing a report as a Bulgarian arbiter)."""
    from arbiter.files.reportdoc import arbiter_ruling
    from arbiter.files.scenario import load

    path = tmp_path / "report.yaml"
    path.write_text("report: {event: Open, round: 1, board: 1, date: 2026-03-14, arbiter: A}\n"
                    "time_control: 5400+30\nclock: {white: 3, black: 40}\nevents:\n  - {white: touch d2, at: 5}\n"
                    "ruling:\n  rulings:\n    - {kind: result, result: \"0-1\", reason: timeout}\n  result: \"0-1\"\n",
                    encoding="utf-8")
    assert arbiter_ruling(load(path)) == ["- The result is 0-1 (timeout)."]


def test_an_increment_left_with_the_offender_is_said_as_the_manuals_practice(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"The Laws give it" was said of the increment taken back after an illegal move, which is the
    Arbiters' Manual's practice: the Laws leave the clocks to the arbiter (found by a helper as a
    Serbian arbiter). The verdict stays the program's reading (DECISIONS 10)."""
    assert main(["validate", str(Path(__file__).resolve().parents[1] / "examples" / "reports"
                                 / "illegal-move-increment-forgotten.yaml")]) == 1
    out = capsys.readouterr().out
    assert "White loses 30 seconds of clock time (7.5.5). The Arbiters' Manual gives it" in out
    assert "The Laws give it" not in out
