"""arbiter teach, driven through prompt_toolkit's pipe input as a trainee would type."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from arbiter.cli import teach
from arbiter.cli import main


def drive(lines: list[str], session: teach.Session | None = None) -> teach.Session:
    session = session or teach.new_session(None, None, None, None, None, None, None)
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in lines))
        assert teach.run(session, prompt_input=pipe, prompt_output=DummyOutput()) == 0
    return session


def test_scripted_session_touches_moves_undoes_saves_and_quits(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "saved.yaml"
    session = drive([
        "w touch g1",          # short form
        "move e2 e4",          # the player having the move; a breach the arbiter sees
        "plcae e4",            # bad input: a one-line explanation, the session goes on
        ":why",
        ":undo",
        ":undo",
        "Nf3",                 # SAN alone = play
        "black: touch e7",
        "e5",
        f":save {saved}",
        ":state",
        ":quit",
    ])
    out = capsys.readouterr().out
    assert "obligation (4.3.1): White touched the knight on g1 and must move it." in out
    assert "violation (4.3.1)" in out
    assert "not understood: unknown verb 'plcae'" in out
    assert "touched, in order: g1 (N)" in out
    assert "one event back" in out
    # after two undos: touch g1 is back off too, so the game is Nf3, touch e7, e5
    assert f"saved 3 events to {saved}" in out
    assert "the turn is 'idle'" in out
    state_line = out.split("the turn is 'idle'")[1].splitlines()[0]
    assert "lift" in state_line and not {"restore", "settle", "end"} & set(state_line.replace(",", " ").split())
    assert [e.text for e in session.events] == ["play Nf3", "touch e7", "play e5"]
    capsys.readouterr()
    assert main(["run", str(saved)]) == 0  # the saved file passes arbiter run
    assert "1 passed" in capsys.readouterr().out


def test_bad_input_never_ends_the_session(capsys: pytest.CaptureFixture[str]) -> None:
    drive(["lift e4", "hand=middle touch g1", ":nonsense", ":laws 99", "", "touch i9", ":help", ":quit"])
    out = capsys.readouterr().out
    assert "not possible: no piece stands on e4" in out
    assert "unknown command ':nonsense'" in out
    assert "unknown article '99'" in out
    assert "bad square 'i9'" in out


def test_load_replays_step_by_step(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parent.parent
    path = root / "scenarios" / "touch" / "own-piece-touched-other-moved.yaml"
    session = drive([f":load {path}", "", "", ":quit"])
    out = capsys.readouterr().out
    assert "loaded" in out and "> white: touch g1" in out and "> white: move e2 e4" in out
    assert len(session.events) == 2


def test_board_orientation_and_marks() -> None:
    session = teach.new_session(None, None, None, None, None, None, "black")
    session.handle("touch g1")
    board = session.board()
    assert board.splitlines()[0].startswith("1 ♖")  # Black's view: rank 1 on top, h-file first
    assert "♘*" in board


def test_completion_offers_verbs_commands_and_occupied_squares() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    session = teach.new_session(None, None, None, None, None, None, None)
    completer = teach._Completer(session)
    words = {c.text for c in completer.get_completions(Document("touch g"), CompleteEvent())}
    assert words == {"g1", "g2", "g7", "g8"}
    assert {c.text for c in completer.get_completions(Document(":un"), CompleteEvent())} == {":undo"}
    assert "lift" in {c.text for c in completer.get_completions(Document("li"), CompleteEvent())}


def test_colour_marks_when_the_terminal_shows_colour() -> None:
    session = teach.new_session(None, None, None, None, None, None, None)
    session.handle("touch g1")
    session.colour = True
    assert "\033[33m♘\033[0m*" in session.board()


def test_a_session_in_serbian_reads_and_writes_serbian_moves(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    session = teach.new_session(None, None, None, None, None, None, None, "sr-Cyrl")
    saved = tmp_path / "sr.yaml"
    drive(["e4", "e5", "Сf3", "black: play Сc6", f":save {saved}", ":quit"], session)
    out = capsys.readouterr().out
    assert "White made the move Сf3." in out
    assert main(["run", str(saved)]) == 0  # the saved file says its notation, and holds
    assert "notation: sr-Cyrl" in saved.read_text(encoding="utf-8")


def test_an_open_draw_offer_is_in_the_status_until_a_touch_rejects_it() -> None:
    """An offer gave no ruling and nothing showed it open (found by a helper as a Serbian arbiter):
    the status says it until it is accepted, declined or rejected by a touch (9.1.2)."""
    from arbiter.cli.render import status_line
    from arbiter.session import Session

    session = Session.from_position()
    session.apply("white: play e4")
    session.apply("white: offer draw")
    assert session.view().draw_offer == "white"
    assert "; White's draw offer is open" in status_line(session.view())
    session.apply("black: touch e7")  # with intent: the offer rejected (9.1.2.2)
    assert session.view().draw_offer is None and "draw offer" not in status_line(session.view())
