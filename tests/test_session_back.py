"""Issue 15: what the web's seminar needs of the session and the files: a scenario's events
queued and stepped forwards (``play_next``) and backwards (``back``, which puts the event back
at the head of the queue), and scenario text from a stranger that reads no file."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.core.errors import InvalidEventError, ScenarioError
from arbiter.files.scenario import load, loads
from arbiter.session import Session

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "scenarios" / "touch" / "own-piece-touched-other-moved.yaml"


def test_back_takes_the_last_event_back_onto_the_queue_and_next_plays_it_again() -> None:
    session = Session.from_scenario(load(CASE))
    assert [e.describe() for e in session.queued] == ["white: touch g1", "white: move e2 e4"]
    start = session.view()
    first = session.play_next()
    second = session.play_next()
    assert session.queued == () and second.view.queued == 0
    before_second = session.back()
    assert before_second == first.view.model_copy(update={"queued": 1})
    assert [e.describe() for e in session.queued] == ["white: move e2 e4"]
    assert session.play_next().view == second.view
    session.back()
    assert session.back() == start
    assert len(session.queued) == 2
    with pytest.raises(InvalidEventError, match="nothing to take back"):
        session.back()


def test_back_after_an_event_typed_in_queues_that_event() -> None:
    session = Session.from_scenario(load(CASE))
    session.apply("white: touch e2")
    session.back()
    assert [e.describe() for e in session.queued] == ["white: touch e2", "white: touch g1", "white: move e2 e4"]


def test_text_that_reads_no_file_refuses_a_pgn_file_and_reads_pgn_text() -> None:
    text = (ROOT / "scenarios" / "play" / "start-from-pgn-file.yaml").read_text(encoding="utf-8")
    loads(text, "x.yaml", base=ROOT / "scenarios" / "play")  # beside its file, it reads it
    with pytest.raises(ScenarioError, match=r"<request>:\d+: start.pgn names the file 'games/italian.pgn'"):
        loads(text, "<request>", read_files=False)
    with pytest.raises(ScenarioError, match="reads no file"):
        loads("title: t\nstart: {pgn: /etc/passwd.PGN}\n", "<request>", read_files=False)
    inline = (ROOT / "scenarios" / "play" / "start-from-inline-pgn.yaml").read_text(encoding="utf-8")
    assert loads(inline, "<request>", read_files=False).start.fen() == load(
        ROOT / "scenarios" / "play" / "start-from-inline-pgn.yaml").start.fen()
