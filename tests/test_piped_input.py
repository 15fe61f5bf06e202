"""Answers given ahead on standard input (a pipe or a file): read as plain lines, echoed, with no
line editor's warnings or repeated prompts. Standard input is a real pipe (:func:`tests.conftest.run_main`)."""

from __future__ import annotations

import pytest

from tests.conftest import Piped


@pytest.mark.slow
def test_quiz_answers_from_a_pipe(piped: Piped) -> None:
    done = piped(["quiz", "--count", "1", "--seed", "1"], "2\n")
    assert done.returncode == 0
    assert "Warning" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines.count("answer> 2") == 1
    assert any(line.startswith("Score: ") for line in lines)


def test_teach_events_from_a_pipe_are_echoed_once(piped: Piped) -> None:
    done = piped(["teach"], "touch g1\nmove e2 e4\n")
    assert done.returncode == 0
    assert "Warning" not in done.stdout + done.stderr
    prompts = [line for line in done.stdout.splitlines() if "clock> " in line]
    assert prompts == ["white to move, white's clock> touch g1", "white to move, white's clock> move e2 e4",
                       "white to move, white's clock> "]
    assert "violation (4.3.1)" in done.stdout
