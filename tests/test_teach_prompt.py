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


# -- issue 31, item 8 ------------------------------------------------------------------------------

def _typed(keys: str) -> tuple[int, teach.Terminal]:
    """``arbiter teach`` driven through prompt_toolkit's pipe: ``keys`` as typed, ``\\x03`` Ctrl-C."""
    session = teach.new_session(None, None, None, None, None, None, None)
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        status = teach.run(session, prompt_input=pipe, prompt_output=DummyOutput())
    return status, session


def test_ctrl_c_asks_before_it_drops_events_not_saved(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, session = _typed("e4\n\x03n\ne5\n\x03y\n")
    out = capsys.readouterr().out
    assert status == 0 and len(session.events) == 2  # "n" kept the session: e5 was played after it
    assert out.count("not quit: :save FILE keeps the session in a file") == 1  # "y" at the second Ctrl-C quit
    asked: list[str] = []
    assert teach._quits_unsaved(session, lambda question: asked.append(question) or "") is False  # Enter: no
    assert asked == ["quit without saving the 2 events played? [y/N] "]
    capsys.readouterr()
    # nothing played, or everything saved: Ctrl-C quits at once
    assert _typed("\x03")[0] == 0 and "not quit" not in capsys.readouterr().out
    status, saved = _typed(f"e4\n:save {tmp_path / 'e4.yaml'}\n\x03")
    assert status == 0 and not saved.has_unsaved_events and "not quit" not in capsys.readouterr().out


def test_tab_offers_no_second_verb_after_a_verb() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    session = teach.new_session(None, None, None, None, None, None, None)
    completer = teach._Completer(session)

    def offered(text: str) -> set[str]:
        return {c.text for c in completer.get_completions(Document(text), CompleteEvent())}

    assert "touch" not in offered("touch t") and offered("touch t") == set()  # no square begins with t
    assert offered("touch ") >= {"e2", "g1"} and not offered("touch ") & {"touch", "lift", ":undo"}
    assert "touch" in offered("to") and "touch" in offered("white: to") and "touch" in offered("b to")
    assert offered("drop e") >= {"e3", "e4", "e5", "e6"}  # a piece goes to an empty square too


@pytest.mark.parametrize("line", ["b: claim flag", "b claim flag", "black: claim flag", "B: claim flag"])
def test_the_players_initial_with_a_colon_is_read_as_the_readme_writes_it(line: str) -> None:
    session = teach.new_session(None, None, None, None, None, None, None)
    event = session.session.parse(line)
    assert (event.actor, event.text) == (False, "claim flag")
