"""arbiter teach: a bare ``press`` is by the player whose clock runs, the prompt says whose clock
that is, NO_COLOR turns the colour off, and ``:laws`` reads an article in either case."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from arbiter.cli import teach
from arbiter.cli import main


def drive(lines: list[str], session: teach.Session | None = None) -> teach.Session:
    session = session or teach.new_session(None, None, None, None, None, None, None)
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in lines))
        pipe.close()
        assert teach.run(session, prompt_input=pipe, prompt_output=DummyOutput()) == 0
    return session


def test_a_bare_press_after_the_piece_is_released_completes_the_movers_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "e4.yaml"
    session = drive(["lift e2", "drop e4", "press", f":save {saved}", ":quit"])
    out = capsys.readouterr().out.splitlines()
    assert "  completed (6.2.1): White's move is completed by pressing the clock.  [player: white, move: e2e4]" in out
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["events"] == [
        {"white": "lift e2"}, {"white": "drop e4"}, {"white": "press"}]
    assert main(["run", str(saved)]) == 0
    assert session.prompt() == "black to move, black's clock> "


def test_the_prompt_shows_who_has_the_move_and_whose_clock_runs() -> None:
    session = teach.new_session(None, None, None, None, None, None, None)
    assert session.prompt() == "white to move, white's clock> "
    session.handle("lift e2")
    session.handle("drop e4")
    assert session.prompt() == "black to move, white's clock> "


def test_a_press_by_the_player_named_is_his(capsys: pytest.CaptureFixture[str]) -> None:
    session = drive(["lift e2", "drop e4", "b press", ":quit"])
    assert [(e.actor, e.text) for e in session.events][-1] == (False, "press")


def test_no_color_turns_the_marks_colour_off(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("NO_COLOR", "1")
    drive(["touch g1", ":quit"])
    out = capsys.readouterr().out
    assert "♘*" in out and "\033[" not in out
    monkeypatch.setenv("NO_COLOR", "")  # set but empty: colour stays on (no-color.org)
    drive(["touch g1", ":quit"])
    assert "\033[33m♘\033[0m*" in capsys.readouterr().out


def test_laws_in_teach_reads_the_article_in_either_case() -> None:
    session = teach.new_session(None, None, None, None, None, None, None)
    assert session.handle(":laws a.3").splitlines()[0] == "A.3 Penalties in rapid and blitz"
