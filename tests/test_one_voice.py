"""One voice on standard error (issue 37, item 4): python-chess's log lines never reach the user;
what they said is in the program's own message."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from arbiter.web.app import create_app
from tests.conftest import run_main, write_file

BAD_START = "title: t\nstart:\n  pgn: |\n    1. e4 e5 2. Bc5 *\nevents:\n  - white: play Nf3\n"
BAD_GAME = '[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Bc5 *\n'


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def logged() -> Iterator[list[logging.LogRecord]]:
    """What reaches the root logger (where a server's or a user's logging configuration listens)."""
    kept = _Kept()
    root = logging.getLogger()
    root.addHandler(kept)
    try:
        yield kept.records
    finally:
        root.removeHandler(kept)


def test_the_command_line_process_writes_no_library_log_line(tmp_path: Path) -> None:
    scenario = write_file(tmp_path, "bad-start.yaml", BAD_START)
    done = subprocess.run([sys.executable, "-m", "arbiter", "run", scenario], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"INVALID {scenario}:3: bad PGN: 'Bc5' is not a legal move in "
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]


def test_a_scenario_starting_from_a_bad_pgn_says_it_once_in_its_own_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        logged: list[logging.LogRecord]) -> None:
    done = run_main(["run", write_file(tmp_path, "bad-start.yaml", BAD_START)], "", capsys, monkeypatch)
    assert done.returncode == 2
    assert "bad PGN: 'Bc5' is not a legal move" in done.stdout + done.stderr
    assert "while parsing" not in done.stdout + done.stderr  # python-chess's own log line
    assert [r.name for r in logged if r.name.startswith("chess")] == []


def test_the_audit_of_a_game_with_an_illegal_move_writes_only_its_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        logged: list[logging.LogRecord]) -> None:
    done = run_main(["audit", write_file(tmp_path, "bad.pgn", BAD_GAME)], "", capsys, monkeypatch)
    assert "'Bc5' names no move a piece could make" in done.stdout
    assert done.stderr == ""
    assert [r.name for r in logged if r.name.startswith("chess")] == []


def test_the_server_answers_a_bad_pgn_in_one_line_and_logs_nothing(
        capsys: pytest.CaptureFixture[str], logged: list[logging.LogRecord]) -> None:
    client = TestClient(create_app())
    capsys.readouterr()
    answer = client.post("/api/run", content=BAD_START.encode(), headers={"content-type": "application/yaml"})
    assert "'Bc5' is not a legal move" in answer.text
    out, err = capsys.readouterr()
    assert "while parsing" not in out + err
    assert [r.name for r in logged if r.name.startswith("chess")] == []
