"""arbiter quiz: answers asked again, headers that do not give the answer away, unknown topics,
stopping early, and the scenario library that ships with the package."""

from __future__ import annotations

import random
import sys
import tomllib
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from arbiter.cli import quiz as terminal_quiz
from arbiter.session import quiz
from arbiter.cli import main
from tests.conftest import Piped

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
BARRED = SCENARIOS / "castling" / "rook-then-king-no-castling.yaml"  # its title states the ruling


def chosen(seed: int, count: int) -> list[quiz.Question]:
    rng = random.Random(seed)
    pool = quiz.questions([SCENARIOS], rng)
    return rng.sample(pool, min(count, len(pool)))


def play(typed: str, *args: str) -> int:
    """The exit status of ``arbiter quiz ARGS`` with ``typed`` as the keys pressed at its prompts,
    then the end of input (so that a test that runs out of answers ends instead of waiting)."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(typed)
        pipe.close()
        return main(["quiz", *args])


@pytest.mark.slow
def test_an_empty_or_out_of_range_answer_is_asked_again_not_graded(capsys: pytest.CaptureFixture[str]) -> None:
    first, second = chosen(7, 2)
    answers = ["", "0", str(len(first.choices) + 1), "two", str(first.answer + 1), str(second.answer + 1)]
    status = play("".join(a + "\n" for a in answers), str(SCENARIOS), "--count", "2", "--seed", "7")
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines.count(f"(answer with a number from 1 to {len(first.choices)})") == 4
    assert lines.count("Right.") == 2
    assert "Score: 2 of 2" in lines


def test_the_header_shows_the_topic_and_the_title_only_after_grading(capsys: pytest.CaptureFixture[str]) -> None:
    status = play("2\n", str(BARRED))
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    title = "Rook then king touched; castling on that side is barred"
    graded = lines.index("Right.")
    assert "Question 1 of 1 (castling)" in lines[:graded]
    assert not any(title in line for line in lines[:graded])
    assert lines[graded + 1] == f"The case: {title}"


@pytest.mark.slow
def test_an_unknown_topic_exits_2_listing_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    status = play("", "--topic", "nope")
    captured = capsys.readouterr()
    assert status == 2
    known = sorted({q.topic for q in quiz.questions([SCENARIOS], random.Random(0))})
    assert {"castling", "touch", "illegal"} <= set(known)
    assert captured.err == f"arbiter quiz: unknown topic 'nope'; the topics are: {', '.join(known)}\n"
    assert captured.out == ""


@pytest.mark.slow
def test_end_of_input_shows_the_score_so_far_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    first, second, _ = chosen(7, 3)
    status = play(f"{first.answer + 1}\n{second.answer + 1}\n", str(SCENARIOS), "--count", "3", "--seed", "7")
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    at = lines.index("Stopped after 2 of 3 questions.")
    assert lines[at + 1] == "Score: 2 of 2"


@pytest.mark.slow
def test_ctrl_c_shows_the_score_so_far_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    first, _ = chosen(7, 2)
    wrong = (first.answer + 1) % len(first.choices) + 1
    status = play(f"{wrong}\n\x03", str(SCENARIOS), "--count", "2", "--seed", "7")
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    at = lines.index("Stopped after 1 of 2 questions.")
    assert lines[at + 1:] == ["Score: 0 of 1", f"  {first.topic:16} 0 of 1"]


def test_ctrl_c_before_any_answer(capsys: pytest.CaptureFixture[str]) -> None:
    said: list[str] = []

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    assert terminal_quiz.run([SCENARIOS], 3, 1, None, interrupted, said.append) == 0
    assert said[-2:] == ["\nStopped after 0 of 3 questions.", "Score: 0 of 0"]


# -- the scenario library ships with the package ------------------------------------------------


def test_the_library_is_the_checkouts_scenarios_folder() -> None:
    assert quiz.library() == SCENARIOS


def test_an_installed_package_finds_the_library_under_its_prefix(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "lib" / "site-packages" / "arbiter"
    site.mkdir(parents=True)
    (tmp_path / "share" / "arbiter" / "scenarios" / "touch").mkdir(parents=True)
    monkeypatch.setattr(quiz, "__file__", str(site / "session" / "quiz.py"))
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    assert quiz.library() == tmp_path / "share" / "arbiter" / "scenarios"


def test_every_scenario_file_is_installed_in_the_same_folder() -> None:
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "data-files"]
    installed = {
        f"share/arbiter/{path.relative_to(ROOT).as_posix()}"
        for target, patterns in data_files.items()
        for pattern in patterns
        for path in ROOT.glob(pattern)
        if path.parent.relative_to(ROOT).as_posix() == target.removeprefix("share/arbiter/")
    }
    wanted = {f"share/arbiter/{p.relative_to(ROOT).as_posix()}" for p in SCENARIOS.rglob("*") if p.is_file()}
    assert wanted - installed == set()


@pytest.mark.slow
def test_the_quiz_runs_outside_the_repository(tmp_path: Path, piped: Piped) -> None:
    question = chosen(1, 1)[0]
    done = piped(["quiz", "--count", "1", "--seed", "1"], f"{question.answer + 1}\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert f"Question 1 of 1 ({question.topic})" in done.stdout
    assert "Score: 1 of 1" in done.stdout


def test_an_unknown_topic_lists_the_known_ones_with_their_names_in_the_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "touch"  # a folder named as one of the library's topics, and one of the user's own
    folder.mkdir()
    (folder / "case.yaml").write_text((SCENARIOS / "touch" / "accidental-contact.yaml").read_text(encoding="utf-8"),
                                      encoding="utf-8")
    own = tmp_path / "my-cases"
    own.mkdir()
    (own / "case.yaml").write_text((SCENARIOS / "touch" / "accidental-contact.yaml").read_text(encoding="utf-8"),
                                   encoding="utf-8")
    from arbiter.cli import main

    assert main(["quiz", "--lang", "sr", "--topic", "nope", str(tmp_path)]) == 2
    assert capsys.readouterr().err == "arbiter quiz: непозната тема 'nope'; теме су: my-cases, touch (додир)\n"


@pytest.mark.parametrize("lang", ["en", "bg"])
def test_the_rulings_after_an_answer_are_fitted_to_the_terminal(lang: str) -> None:
    """The rulings shown after the answer were cut by the terminal mid-word (`задължение: прем` /
    `естване`): fitted between words to its columns, as teach fits them; a pipe keeps them whole."""
    from arbiter.core.i18n import use_language

    for width in (60, None):
        said: list[str] = []
        with use_language(lang):
            terminal_quiz.run([SCENARIOS / "touch"], 6, 1, None, lambda prompt: "1", said.append, width=width)
        after = [text for text in said if text.startswith("> ")]  # the events after the answer, ruled
        assert after, said
        lines = [line for text in after for line in text.splitlines()]
        if width is None:
            assert max(len(line) for line in lines) > 60
        else:
            # a word longer than the width (a FEN) stands whole on its line; the question, the
            # choices and the explanation too are wrapped at the narrower terminal's columns
            every = [line for text in said for line in text.splitlines()]
            assert all(len(line) <= 60 or " " not in line.strip() for line in every), every


@pytest.mark.slow
@pytest.mark.parametrize("language", ["sr", "bg"])
def test_an_unknown_topic_lists_every_topic_in_the_language_whole(language: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    status = play("", "--topic", "x" * 300, "--lang", language)
    err = capsys.readouterr().err
    known = sorted({q.topic for q in quiz.questions([SCENARIOS], random.Random(0))})
    assert status == 2 and "'" + "x" * 40 + "…' (300 " in err  # the topic typed is cut, as any value echoed
    assert all(f"{topic} (" in err or f"{topic}," in err or err.rstrip().endswith(topic) for topic in known)
    assert err.rstrip().endswith(")") and "…" not in err.split("; ", 1)[1]  # the list is never cut
