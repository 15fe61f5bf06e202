"""arbiter quiz, driven through prompt_toolkit's pipe input with a fixed seed and scripted answers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from arbiter.session import quiz
from arbiter.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def chosen(seed: int, count: int, topic: str | None = None) -> list[quiz.Question]:
    rng = random.Random(seed)
    pool = [q for q in quiz.questions([SCENARIOS], rng) if topic is None or q.topic == topic]
    return rng.sample(pool, min(count, len(pool)))


def play(answers: list[str], *args: str) -> str:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("".join(a + "\n" for a in answers))
        pipe.close()  # running out of answers ends the quiz instead of waiting
        assert main(["quiz", *args]) == 0
    return ""


def test_written_questions_are_many_and_well_formed() -> None:
    written = [q for q in quiz.questions([SCENARIOS], random.Random(0)) if q.scenario.spec.quiz is not None]
    assert len(written) >= 40
    for question in written:
        assert 0 <= question.answer < len(question.choices) and question.explain


@pytest.mark.slow
def test_fixed_seed_scripted_answers_exact_score(capsys: pytest.CaptureFixture[str]) -> None:
    questions = chosen(7, 6)
    right = [str(q.answer + 1) for q in questions]
    wrong = (questions[0].answer + 1) % len(questions[0].choices) + 1
    wrong_first = ["9", str(wrong), *right[1:]]  # 9 is not a choice: asked again, then a wrong one
    play(wrong_first, str(SCENARIOS), "--count", "6", "--seed", "7")
    out = capsys.readouterr().out
    assert "Score: 5 of 6" in out
    assert f"Question 1 of 6 ({questions[0].topic})" in out


@pytest.mark.slow
def test_all_right_and_topic_summary(capsys: pytest.CaptureFixture[str]) -> None:
    questions = chosen(3, 4, "castling")
    play([str(q.answer + 1) for q in questions], str(SCENARIOS), "--count", "4", "--seed", "3", "--topic", "castling")
    out = capsys.readouterr().out
    assert "Score: 4 of 4" in out and "castling         4 of 4" in out


@pytest.mark.slow
def test_same_seed_same_questions() -> None:
    assert [q.scenario.path for q in chosen(11, 5)] == [q.scenario.path for q in chosen(11, 5)]
