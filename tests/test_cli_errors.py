"""Issue 12, items 3 and 9: every error of the command line is one line naming the file, the line
and the event, exit 2; a bug of ours is an internal error naming the file and the event being
applied, exit 3; either way the other files still run, no traceback escapes, and a long value
the error echoes is cut with its length."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from arbiter.cli import teach
from arbiter.cli import main
from arbiter.laws.referee import Referee
from tests.conftest import write_file

SCENARIO = "title: two moves\nevents:\n  - white: play e4\n  - black: play e5\nexpect:\n  to_move: white\n"
BUGGY = "title: the bug\nevents:\n  - white: play e4\n  - black: play d5\n"
REPORT = ("report: {event: Club, account: two moves}\nevents:\n  - white: play e4\n  - black: play e5\n"
          "ruling:\n  rulings: []\n")
BUGGY_REPORT = ("report: {event: Club, account: the bug}\nevents:\n  - white: play e4\n  - black: play d5\n"
                "ruling:\n  rulings: []\n")
PGN = '[Event "x"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *\n'
BOOM = "internal error, please report it: RuntimeError('boom')"


@pytest.fixture
def bug_at_d5(monkeypatch: pytest.MonkeyPatch) -> None:
    """The referee fails (a bug of ours) on the event ``play d5``, and only there."""
    real = Referee.apply

    def apply(self: Referee, event: Any, index: int) -> Any:
        if event.text == "play d5":
            raise RuntimeError("boom")
        return real(self, event, index)

    monkeypatch.setattr(Referee, "apply", apply)


def _lines(text: str) -> list[str]:
    return text.splitlines()


# -- item 3: explain and validate behave as run does ------------------------------------------------


def test_explain_takes_several_files_and_each_bad_one_is_one_line(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    impossible = write_file(tmp_path, "impossible.yaml", "title: impossible\nevents:\n  - white: lift e4\n")
    broken = write_file(tmp_path, "broken.yaml", "title: x\nevents: [\n")
    missing = str(tmp_path / "missing.yaml")
    good = write_file(tmp_path, "good.yaml", SCENARIO)
    assert main(["explain", impossible, broken, missing, good]) == 2
    captured = capsys.readouterr()
    assert _lines(captured.err) == [
        f"INVALID {impossible}:3: event 0 (white: lift e4): no piece stands on e4",
        f"INVALID {broken}:3: malformed YAML: did not find expected node content",
        f"INVALID {missing}: no such file or folder",
    ]
    assert f"two moves  ({good})" in _lines(captured.out)  # the good file after them is narrated
    assert "[1] black: play e5" in _lines(captured.out)


def test_explain_json_of_several_files_is_a_list_with_the_errors(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    impossible = write_file(tmp_path, "impossible.yaml", "title: impossible\nevents:\n  - white: lift e4\n")
    good = write_file(tmp_path, "good.yaml", SCENARIO)
    assert main(["explain", "--format", "json", impossible, good]) == 2
    captured = capsys.readouterr()
    first, second = json.loads(captured.out)
    assert first == {"file": impossible, "title": "impossible", "events": [], "final": None,
                     "laws": {"edition": "2023", "in_force": "2023-01-01", "from": "default"},
                     "error": f"{impossible}:3: event 0 (white: lift e4): no piece stands on e4"}
    assert second["file"] == good and len(second["events"]) == 2 and "error" not in second
    assert captured.err == ""  # the JSON holds the error, as with run and validate


def test_a_bug_at_an_event_in_run_names_the_event(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  bug_at_d5: None) -> None:
    buggy = write_file(tmp_path, "buggy.yaml", BUGGY)
    good = write_file(tmp_path, "good.yaml", SCENARIO)
    assert main(["run", buggy, good]) == 3
    captured = capsys.readouterr()
    assert _lines(captured.err) == [f"INVALID {buggy}:4: event 1 (black: play d5): {BOOM}"]
    assert _lines(captured.out) == [f"PASSED  {good}  two moves", "1 passed, 0 failed, 1 invalid"]


def test_a_bug_at_an_event_in_explain_names_it_and_the_other_files_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bug_at_d5: None) -> None:
    buggy = write_file(tmp_path, "buggy.yaml", BUGGY)
    good = write_file(tmp_path, "good.yaml", SCENARIO)
    assert main(["explain", buggy]) == 3
    captured = capsys.readouterr()
    assert _lines(captured.err) == [f"INVALID {buggy}:4: event 1 (black: play d5): {BOOM}"]
    assert "[0] white: play e4" in _lines(captured.out)  # the narration up to the bug is kept
    assert main(["explain", buggy, good]) == 3
    captured = capsys.readouterr()
    assert _lines(captured.err) == [f"INVALID {buggy}:4: event 1 (black: play d5): {BOOM}"]
    assert f"two moves  ({good})" in _lines(captured.out)


def test_a_bug_at_an_event_in_validate_names_it_and_the_other_reports_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bug_at_d5: None) -> None:
    buggy = write_file(tmp_path, "buggy.yaml", BUGGY_REPORT)
    good = write_file(tmp_path, "good.yaml", REPORT)
    assert main(["validate", buggy, good]) == 3
    captured = capsys.readouterr()
    assert _lines(captured.err) == [f"INVALID {buggy}:4: event 1 (black: play d5): {BOOM}"]
    assert _lines(captured.out) == [f"CONSISTENT   {good}", "1 consistent, 0 inconsistent, 1 invalid"]
    assert main(["validate", "--format", "json", buggy, good]) == 3
    doc = json.loads(capsys.readouterr().out)
    assert [r["verdict"] for r in doc["reports"]] == ["invalid", "consistent"]
    assert doc["reports"][0]["error"] == f"{buggy}:4: event 1 (black: play d5): {BOOM}"


@pytest.mark.parametrize("command", ["run", "explain", "validate"])
def test_a_bug_in_reading_a_file_names_the_file(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module(f"arbiter.cli.commands.{command}")

    first = write_file(tmp_path, "first.yaml", REPORT)
    second = write_file(tmp_path, "second.yaml", REPORT)
    real = module.load

    def load(path: Any, notation: str | None = None, laws: str | None = None) -> Any:
        if str(path) == first:
            raise RuntimeError("boom")
        return real(path, notation, laws)

    monkeypatch.setattr(module, "load", load)
    assert main([command, first, second]) == 3
    captured = capsys.readouterr()
    assert _lines(captured.err) == [f"INVALID {first}: {BOOM}"]
    assert second in captured.out  # the other file still ran


def test_a_bug_in_narrating_an_event_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter.cli import render

    good = write_file(tmp_path, "good.yaml", SCENARIO)
    real = render.status

    def status(referee: Referee) -> str:
        if referee.rulings:  # after the first event, not at the start
            raise RuntimeError("boom")
        return real(referee)

    monkeypatch.setattr(render, "status", status)
    assert main(["explain", good]) == 3
    assert _lines(capsys.readouterr().err) == [f"INVALID {good}:3: event 0 (white: play e4): {BOOM}"]


def test_a_bug_in_auditing_a_file_is_one_line_and_the_other_files_are_audited(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter.files import pgntext

    bad = write_file(tmp_path, "bad.pgn", PGN)
    good = write_file(tmp_path, "good.pgn", PGN)
    real = pgntext.game_texts

    def game_texts(handle: Any) -> Any:
        if handle.name == bad:
            raise RuntimeError("boom")
        return real(handle)

    monkeypatch.setattr(pgntext, "game_texts", game_texts)
    assert main(["audit", bad, good]) == 3
    captured = capsys.readouterr()
    assert _lines(captured.err) == [f"arbiter audit: {bad}: internal error at its first game, please report it: "
                                    "RuntimeError('boom')"]
    assert _lines(captured.out) == ["1 game audited"]


def test_a_bug_anywhere_else_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter.cli.commands import laws

    def broken(args: Any) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(laws, "main", broken)
    assert main(["laws"]) == 3
    assert _lines(capsys.readouterr().err) == [f"arbiter laws: {BOOM}"]


def test_a_bug_in_teach_is_said_and_the_session_goes_on(bug_at_d5: None) -> None:
    session = teach.new_session(None, None, None, None, None, None, None)
    session.handle("e4")
    assert session.handle("d5") == f"event 1 (black: play d5): {BOOM}"
    assert [e.text for e in session.events] == ["play e4"]
    assert "made (4.7): Black made the move e5." in session.handle("e5")


# -- item 9: a long value is cut, with its length ---------------------------------------------------


HUGE_MOVE = "e2e4" * 1_250_000  # 5,000,000 characters
HUGE_PREFIX = "event 0 (white: play e2e4e2e4e2e4e2e4e2e4e2e4e2e4… (5,000,012 characters)): "


@pytest.mark.parametrize("command", ["run", "explain", "validate"])
def test_a_huge_move_gives_a_short_error_line(command: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    text = f"report: {{event: Club, account: x}}\nevents:\n  - white: play {HUGE_MOVE}\nruling:\n  rulings: []\n"
    path = write_file(tmp_path, "huge.yaml", text)
    good = write_file(tmp_path, "good.yaml", REPORT)
    assert main([command, path, good]) == 2
    captured = capsys.readouterr()
    [line] = _lines(captured.err)
    assert line.startswith(f"INVALID {path}:3: {HUGE_PREFIX}")
    assert line.endswith("(5,000,000 characters)") and len(line) < 300
    assert good in captured.out
    assert len(captured.out) < 10_000  # nor does the narration or the summary echo the move


def test_a_huge_move_in_the_json_of_run_is_cut_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_file(tmp_path, "huge.yaml", f"title: huge\nevents:\n  - white: play {HUGE_MOVE}\n")
    assert main(["run", "--format", "json", path]) == 2
    [entry] = json.loads(capsys.readouterr().out)["scenarios"]
    [failure] = entry["failures"]
    assert failure.startswith(f"{path}:3: {HUGE_PREFIX}") and len(failure) < 300


@pytest.mark.parametrize("text", [
    f"title: x\ntime_control: \"{'9' * 5000}x\"\n",
    f"title: x\nevents:\n  - white: touch g1\n    hand: {'x' * 5000}\n",
    f"title: x\nevents:\n  - white: {'lift ' + 'x' * 5000}\n",
    f"title: x\nexpect:\n  to_move: {'x' * 5000}\n",
])
def test_a_long_value_anywhere_gives_a_short_error_line(text: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = write_file(tmp_path, "long.yaml", text)
    for command in ("run", "explain"):
        assert main([command, path]) == 2
        [line] = _lines(capsys.readouterr().err)
        assert line.startswith(f"INVALID {path}:") and len(line) < 600, line[:200]


def test_error_line_cuts_the_event_and_quoted_values_and_keeps_short_lines() -> None:
    from arbiter.core.errors import event_label
    from arbiter.cli.render import error_line

    assert error_line("f.yaml:3: event 0 (white: lift e4): no piece stands on e4") == \
        "f.yaml:3: event 0 (white: lift e4): no piece stands on e4"
    assert error_line(f"f.yaml:3: event 2 (black: play {'x' * 100}): bad square {'y' * 100!r}") == (
        "f.yaml:3: event 2 (black: play xxxxxxxxxxxxxxxxxxxxxxxxxxxx… (112 characters)): "
        "bad square 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…' (100 characters)")
    already = f"f.yaml:3: {event_label(0, 'white: play ' + HUGE_MOVE)}: x"
    assert error_line(already) == already  # cut once, never twice
    spaced = error_line("f.yaml:1: " + "e4 " * 1000)
    assert len(spaced) < 600 and spaced.endswith("… (3,010 characters)")


def test_teach_answers_a_huge_input_in_a_short_line() -> None:
    session = teach.new_session(None, None, None, None, None, None, None)
    answer = session.handle(f"lift {'x' * 100_000}")
    assert answer.startswith("not understood: bad square ") and len(answer) < 200


def test_a_bad_option_of_teach_is_named_as_it_was_typed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["teach", "--time-control", "abc"]) == 2
    assert capsys.readouterr().err == ("arbiter teach: --time-control: bad time control 'abc' "
                                       "(e.g. 5400+30, 40/5400+30:1800+30, 5400d30)\n")
    assert main(["teach", "--lang", "sr", "--fen", "x"]) == 2
    assert capsys.readouterr().err == ("arbiter teach: --fen: неисправан FEN 'x': распоред мора имати 8 редова, "
                                       "раздвојених знаком /\n")
