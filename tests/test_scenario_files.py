"""Loading scenario files: every mistake named by file, line and reason (FORMAT §1, §2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.core.errors import ScenarioError
from arbiter.files.scenario import load, loads, run
from arbiter.files.start import split_moves

GOOD = """\
title: ok
events:
  - white: touch g1
  - white: play Nf3
expect:
  to_move: black
"""


def error_of(text: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        loads(text, "x.yaml")
    return str(caught.value)


def test_good_file_loads_and_runs() -> None:
    outcome = run(loads(GOOD, "x.yaml"))
    assert outcome.status == "passed"


@pytest.mark.parametrize(("text", "message"), [
    ("", "x.yaml:1: the file is empty"),
    ("# only a comment\n", "x.yaml:1: the file is empty"),
    ("title: [unclosed\n", "x.yaml:2: malformed YAML"),
    ("- a\n- b\n", "x.yaml:1: a scenario is a mapping"),
    ("events: []\n", "x.yaml:1: missing required key 'title'"),
    ("title: t\ntitel: u\n", "x.yaml:2: unknown key 'titel'"),
    ("title: t\ntitle: u\n", "x.yaml:2: key 'title' given twice"),
    ("title: t\nexpect:\n  to_move: white\n  mist: 1\n", "x.yaml:4: unknown key 'mist' in expect"),
    ("title: t\nevents:\n  - white: touch g1\n  - white: plcae e4\n",
     "x.yaml:4: event 1 (white: plcae e4): unknown verb 'plcae'"),
    ("title: t\nevents:\n  - white: touch i9\n", "x.yaml:3: event 0 (white: touch i9): bad square 'i9'"),
    ("title: t\nevents:\n  - {white: touch g1, black: touch g8}\n",
     "x.yaml:3: event 0 (white: touch g1): an event has exactly one actor key"),
    ("title: t\nevents:\n  - {white: touch g1, hand: middle}\n",
     "x.yaml:3: event 0 (white: touch g1): hand: must be one of: left, right (got 'middle')"),
    ("title: t\nevents:\n  - {white: touch g1, at: 10}\n  - {black: touch g8, at: 5}\n",
     "x.yaml:4: event 1 (black: touch g8): time goes backwards (5s after 10s)"),
    ("title: t\nevents:\n  - {white: touch g1, at: 'ten'}\n", "x.yaml:3: event 0 (white: touch g1): bad time 'ten'"),
    ("title: t\nstart: {fen: 'nonsense'}\n", "x.yaml:2: bad FEN 'nonsense'"),
    ("title: t\nstart:\n  fen: 8/8/8/8/8/8/8/8 w - - 0 1\n", "x.yaml:3: illegal start position"),
    ("title: t\nstart:\n  moves: 1. e4 e4\n", "x.yaml:3: start move 2 'e4' is not legal"),
    ("title: t\ntime_control: fast\n", "x.yaml:2: bad time control 'fast'"),
    ("title: t\nnotation: klingon\n", "x.yaml:2: notation: unknown notation 'klingon'; known: en, "),
    ("title: t\nnotation: de\nstart:\n  moves: 1. e4 e5 2. Nf3\n",
     "x.yaml:4: start move 3 'Nf3': 'Nf3' is not a move in German notation"),
    ("title: t\nruleset: bullet\n", "x.yaml:2: ruleset"),
    ("title: t\nevents:\n  - white: put X e8\n", "x.yaml:3: event 0 (white: put X e8): bad piece letter 'X'"),
    ("title: t\nevents:\n  - white: claim nothing\n", "x.yaml:3: event 0 (white: claim nothing): claim takes"),
])
def test_errors_name_file_line_and_reason(text: str, message: str) -> None:
    assert error_of(text).startswith(message)


@pytest.mark.parametrize(("events", "line", "message"), [
    ("  - white: lift e4\n", 3, "event 0 (white: lift e4): no piece stands on e4"),
    ("  - white: release\n", 3, "event 0 (white: release): nothing is in white's right hand"),
    ("  - white: lift g1\n  - white: place e2\n", 4, "event 1 (white: place e2): e2 is occupied"),
    ("  - white: play Qh5\n", 3, "no piece can play 'Qh5'"),
    ("  - white: play Sd2\n", 3, "event 0 (white: play Sd2): not a move in SAN or UCI: 'Sd2'"),  # S: not English
    ("  - white: lift g1\n  - white: lift b1\n", 4, "event 1 (white: lift b1): the right hand already holds a piece"),
])
def test_impossible_physical_events_are_input_errors(events: str, line: int, message: str) -> None:
    outcome = run(loads("title: t\nevents:\n" + events, "x.yaml"))
    assert outcome.status == "invalid"
    assert outcome.error is not None
    assert outcome.error.line == line
    assert message in str(outcome.error)


def test_pgn_path_is_relative_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "g.pgn").write_text("1. e4 e5 *\n")
    (tmp_path / "s.yaml").write_text("title: t\nstart: {pgn: g.pgn}\nexpect: {to_move: white}\n")
    assert run(load(tmp_path / "s.yaml")).status == "passed"
    (tmp_path / "bad.yaml").write_text("title: t\nstart: {pgn: missing.pgn}\n")
    with pytest.raises(ScenarioError, match="bad.yaml:2: cannot read the PGN file"):
        load(tmp_path / "bad.yaml")


def test_unreadable_file() -> None:
    with pytest.raises(ScenarioError, match="cannot read the file"):
        load("/nonexistent/file.yaml")


def test_split_moves() -> None:
    assert split_moves("1. e4 e5 2. Nf3 1-0") == ["e4", "e5", "Nf3"]
    assert split_moves("1.e4 e5 2.Nf3") == ["e4", "e5", "Nf3"]
    assert split_moves(["e4", "e5"]) == ["e4", "e5"]
    assert split_moves(None) == []


def test_expectations_that_fail_are_reported() -> None:
    text = GOOD.replace("to_move: black", "to_move: white\n  rulings:\n    - {kind: violation}\n  result: 1-0")
    outcome = run(loads(text, "x.yaml"))
    assert outcome.status == "failed"
    assert outcome.failures == [
        "expected ruling {kind: violation} not given (in this order)",
        "black has the move, expected white",
        "result is '*', expected '1-0'",
    ]


@pytest.mark.parametrize(("events", "line", "message"), [
    ("  - white: play Nf3\n", 5, "event 0 (white: play Nf3): 'Nf3' is not a move in Serbian (Cyrillic) notation"),
    ("  - white: play Сd2\n", 5, "event 0 (white: play Сd2): 'Сd2' is ambiguous in Serbian (Cyrillic) notation: "
                                 "it may be Сbd2 (b1d2), Сfd2 (f3d2)"),
])
def test_moves_in_another_notation_are_read_as_its_letters(events: str, line: int, message: str) -> None:
    text = "title: t\nnotation: sr-Cyrl\nstart: {moves: 1. Сf3 Сf6 2. d3 d6}\nevents:\n" + events
    outcome = run(loads(text, "x.yaml"))
    assert outcome.error is not None
    assert outcome.error.line == line
    assert message in str(outcome.error)
