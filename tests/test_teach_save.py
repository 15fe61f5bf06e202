"""Issue 12, item 14: ``:save`` in ``arbiter teach`` asks before replacing a file, through the same
prompt; saved over the file the session was loaded from, only its events are replaced, and the
file stays one that ``arbiter run`` reads."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from arbiter.cli import teach
from arbiter.cli import main
from tests.conftest import Piped

SOURCE = """\
# a case for the seminar: keep this comment
title: Knight touched, pawn moved
source: Laws 4.3.1
ruleset: rapid
time_control: 900+10
clock: {white: "0:14:00", black: "0:13:30"}
start:
  moves: 1. e4 e5
events:
  - white: touch g1    # the knight first
  - white: move e2 e4
expect:
  to_move: white
  must: {must: move, square: g1}
"""


def drive(session: teach.Session, lines: list[str]) -> None:
    """The trainee types ``lines`` at the prompt, through the pipe the other teach tests use."""
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in lines))
        assert teach.run(session, prompt_input=pipe, prompt_output=DummyOutput()) == 0


def _from(path: Path, notation: str | None = None) -> teach.Session:
    return teach.new_session(str(path), None, None, None, None, None, None, notation)


def _said(out: str, first: str) -> list[str]:
    """The lines of ``out`` from the one starting with ``first`` up to the next prompt."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next((i for i in range(start + 1, len(lines)) if "clock> " in lines[i]), len(lines))
    return lines[start:end]


def test_saving_over_the_file_loaded_asks_and_replaces_only_its_events(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(SOURCE, encoding="utf-8")
    session = _from(path)
    drive(session, ["Nf3", "Nc6", f":save {path}", "y", ":quit"])
    out = capsys.readouterr().out
    assert _said(out, f"saved 2 events to {path}") == [
        f"saved 2 events to {path}, in place of its 2; kept: title, source, ruleset, time_control, clock, start, "
        "expect",
        f"the expect block is kept; it was written for the old events (`arbiter run {path}` may now fail it)",
    ]
    text = path.read_text(encoding="utf-8")
    assert text == SOURCE.replace("  - white: touch g1    # the knight first\n  - white: move e2 e4\n",
                                  "  - white: play Nf3\n  - black: play Nc6\n")
    assert main(["run", str(path)]) == 1  # a valid scenario, which now fails the old expect
    assert f"FAILED  {path}  Knight touched, pawn moved" in capsys.readouterr().out


def test_answers_piped_to_the_command_meet_the_question_at_the_prompt(tmp_path: Path, piped: Piped) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(SOURCE, encoding="utf-8")
    done = piped(["teach", str(path)], f"Nf3\n:save {path}\ny\n")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert f"black to move, black's clock> :save {path}" in lines
    assert (f"{path} is the file this session was loaded from: replace its 2 events with the session's 1, "
            "keeping the rest? [y/N] y") in lines
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["events"] == [{"white": "play Nf3"}]


def test_the_question_goes_through_the_prompt(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(SOURCE, encoding="utf-8")
    session = _from(path)
    session.handle("Nf3")
    assert session.handle(f":save {path}") == ""
    assert session.prompt() == (f"{path} is the file this session was loaded from: replace its 2 events with "
                                "the session's 1, keeping the rest? [y/N] ")
    assert session.handle("perhaps") == "answer y (replace the file) or n (leave it as it is)"
    assert session.handle("n") == f"not saved: {path} is left as it was"
    assert session.prompt() == "black to move, black's clock> "
    assert path.read_text(encoding="utf-8") == SOURCE


@pytest.mark.parametrize("answer", ["n", "", "no"])
def test_no_leaves_the_file_as_it_was(answer: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(SOURCE, encoding="utf-8")
    drive(_from(path), ["Nf3", f":save {path}", answer, ":quit"])
    assert f"not saved: {path} is left as it was" in capsys.readouterr().out.splitlines()
    assert path.read_text(encoding="utf-8") == SOURCE


def test_another_existing_file_is_asked_about_then_replaced_by_the_session(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.yaml"
    other.write_text("my notes\n", encoding="utf-8")
    session = teach.new_session(None, None, None, None, None, None, None)
    session.handle("e4")
    assert session.handle(f":save {other}") == ""
    assert session.prompt() == f"{other} exists: overwrite it? [y/N] "
    assert session.handle("y") == f"saved 1 event to {other}"
    assert yaml.safe_load(other.read_text(encoding="utf-8"))["events"] == [{"white": "play e4"}]
    assert main(["run", str(other)]) == 0
    capsys.readouterr()


def test_a_new_file_is_written_without_a_question(tmp_path: Path) -> None:
    session = teach.new_session(None, None, None, None, None, None, None)
    session.handle("e4")
    assert session.handle(f":save {tmp_path / 'new.yaml'}") == f"saved 1 event to {tmp_path / 'new.yaml'}"


def test_load_then_save_over_it_keeps_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(SOURCE, encoding="utf-8")
    session = teach.new_session(None, None, None, None, None, None, None)
    session.handle(f":load {path}")
    session.handle("")  # plays the first event of the file: white touches g1
    session.handle(":save " + str(path))
    assert session.prompt().startswith(f"{path} is the file this session was loaded from: replace its 2 events "
                                       "with the session's 1")
    assert session.handle("yes").startswith(f"saved 1 event to {path}, in place of its 2; kept: title,")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["events"] == [{"white": "touch g1"}]
    assert data["expect"] == {"to_move": "white", "must": {"must": "move", "square": "g1"}}
    assert data["clock"] == {"white": "0:14:00", "black": "0:13:30"}


def test_a_save_that_would_make_the_file_invalid_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "quiz.yaml"
    text = SOURCE + ("quiz:\n  after: 2\n  question: What now?\n  choices: [a, b]\n  answer: 1\n"
                     "  explain: Because.\n")
    path.write_text(text, encoding="utf-8")
    session = _from(path)
    session.handle("Nf3")
    session.handle(f":save {path}")
    assert session.handle("y") == (f"not saved: {path} would no longer be a valid scenario: quiz.after is past the "
                                   "last event (1) (save the session under another name)")
    assert path.read_text(encoding="utf-8") == text


def test_a_session_in_another_language_saves_its_notation_too(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(SOURCE, encoding="utf-8")
    session = _from(path, "de")
    session.handle("Sf3")
    session.handle(f":save {path}")
    said = session.handle("y").splitlines()
    assert said[1] == "its notation is now de, the language the session's moves are written in"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert (data["notation"], data["events"], data["title"]) == ("de", [{"white": "play Sf3"}],
                                                                 "Knight touched, pawn moved")


def test_a_report_keeps_its_report_and_ruling(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "report.yaml"
    path.write_text("report: {event: Club, account: x}\nevents:\n  - white: play e4\nruling:\n  rulings: []\n",
                    encoding="utf-8")
    session = _from(path)
    session.handle("d4")
    session.handle(f":save {path}")
    assert session.handle("y").splitlines() == [
        f"saved 1 event to {path}, in place of its 1; kept: report, ruling",
        f"the ruling block is kept; it was written for the old events (`arbiter validate {path}` may now find "
        "it inconsistent)",
    ]
    assert path.read_text(encoding="utf-8") == ("report: {event: Club, account: x}\nevents:\n  - white: play d4\n"
                                                "ruling:\n  rulings: []\n")
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()


def test_the_saved_title_is_in_the_sessions_language() -> None:
    """A Bulgarian session saved "Saved from arbiter teach (2 events)"."""
    from arbiter.core.i18n import use_language
    from arbiter.session import Session

    with use_language("bg"):
        session = Session.from_position(notation="bg")
        session.apply("белите: играят e4")
        session.apply("черните: играят e5")
        title = yaml.safe_load(session.to_scenario())["title"]
    assert title == "Запазено от arbiter teach (2 събития)"
