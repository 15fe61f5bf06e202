"""Issue 12, items 4 to 8 and 10 (the clock): hostile values and files are input errors naming
the file and the line (exit status 2), never a traceback, a hang or a silent wrong start; and the
good file given with them still runs."""

from __future__ import annotations

import math
import re
import os
import subprocess
import sys
from pathlib import Path

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.files.audit import audit_text
from arbiter.cli import main
from arbiter.core.clock import MAX_DURATION, TimeControl, TimeControlError, parse_duration
from arbiter.core.errors import ScenarioError, shown
from arbiter.files.scenario import load, loads, run
from arbiter.files.start import MAX_PGN_BYTES
from tests.conftest import write_file

ROOT = Path(__file__).resolve().parent.parent
GOOD_REPORT = ROOT / "examples" / "reports" / "format-example.yaml"
GOOD = "title: the good one\nevents:\n  - white: play e4\nexpect:\n  to_move: black\n"
FIVE_THOUSAND = "1" * 5000


def billion_laughs() -> str:
    """Nine levels of nine aliases: 9^9 strings once expanded."""
    lines = ['lol0: &a0 "lol"']
    lines += [f"lol{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 9)}]" for level in range(1, 10)]
    return "title: a bomb\n" + "\n".join(lines) + "\nevents:\n  - white: play e4\n"


#: name, text, line of the error, what the error says (the part after "file:line: ").
HOSTILE: list[tuple[str, str, int, str]] = [
    ("inf-at.yaml", "title: t\nevents:\n  - {white: play e4, at: .inf}\n", 3,
     "event 0 (white: play e4): bad time inf: not a finite number of seconds"),
    ("nan-at.yaml", "title: t\nevents:\n  - white: play e4\n    at: .nan\n", 3,
     "event 0 (white: play e4): bad time nan: not a finite number of seconds"),
    ("inf-clock.yaml", "title: t\ntime_control: 300\nclock:\n  white: .inf\n  black: 300\n", 4,
     "clock.white: bad time inf: not a finite number of seconds"),
    ("nan-clock.yaml", "title: t\nclock: {white: 300, black: .nan}\n", 2,
     "clock.black: bad time nan: not a finite number of seconds"),
    ("inf-default-time.yaml", "title: t\nregulations:\n  default_time: .inf\n", 3,
     "regulations.default_time: bad time inf: not a finite number of seconds"),
    ("nan-device-seconds.yaml", "title: t\nregulations:\n  device: {penalty: time-to-opponent, seconds: .nan}\n",
     3, "regulations.device.seconds: bad time nan: not a finite number of seconds"),
    ("inf-expect-clock.yaml", "title: t\ntime_control: 300\nexpect:\n  clock: {white: .inf}\n", 4,
     "expect.clock.white: bad time inf: not a finite number of seconds"),
    ("nan-ruling-clock.yaml", "report: {event: e}\ntime_control: 300\nruling:\n  clock: {black: .nan}\n", 4,
     "ruling.clock.black: bad time nan: not a finite number of seconds"),
    ("inf-ruling-seconds.yaml", "report: {event: e}\nruling:\n  rulings:\n    - {kind: time, seconds: .inf}\n",
     4, "ruling.rulings.0.seconds: inf is not a number of seconds from -1000 hours to 1000 hours"),
    ("nines-at.yaml", f"title: t\nevents:\n  - {{white: play e4, at: {'9' * 400}}}\n", 3,
     "event 0 (white: play e4): events.0.at: the number '" + "9" * 40 + "…' (400 characters) is too long "
     "(at most 100 characters)"),
    ("nines-at-text.yaml", f"title: t\nevents:\n  - {{white: play e4, at: '{'9' * 400}'}}\n", 3,
     "event 0 (white: play e4): time '" + "9" * 40 + "…' (400 characters) is over 1000 hours"),
    ("digits-at.yaml", f"title: t\nevents:\n  - white: play e4\n    at: {FIVE_THOUSAND}\n", 4,
     "event 0 (white: play e4): events.0.at: the number '" + "1" * 40 + "…' (5,000 characters) is too long "
     "(at most 100 characters)"),
    ("digits-time-control.yaml", f"title: t\ntime_control: {FIVE_THOUSAND}\n", 2,
     "time_control: the number '" + "1" * 40 + "…' (5,000 characters) is too long (at most 100 characters)"),
    ("digits-time-control-text.yaml", f"title: t\ntime_control: '{FIVE_THOUSAND}+2'\n", 2,
     "bad time control '" + "1" * 40 + "…' (5,002 characters): over a week (604800 seconds) of base time"),
    ("digits-round.yaml", f"report:\n  event: e\n  round: {FIVE_THOUSAND}\nruling: {{result: '*'}}\n", 3,
     "report.round: the number '" + "1" * 40 + "…' (5,000 characters) is too long (at most 100 characters)"),
    ("impossible-date.yaml", "report:\n  event: e\n  date: 2026-13-45\nruling: {result: '*'}\n", 3,
     "report.date: '2026-13-45' is not a date: month must be in 1..12"),
    ("billion-laughs.yaml", billion_laughs(), 3,
     "YAML aliases (*name) are not allowed in scenario files: write the value out"),
    ("passwd.yaml", "title: t\nstart: {pgn: passwd}\n", 2,
     "start.pgn: the file 'passwd' holds no PGN game: no tag pair such as [Event \"...\"] and no move such as 1. e4"),
    ("pgn-folder.yaml", "title: t\nstart:\n  pgn: games\n", 3, "start.pgn: 'games' is a folder, not a PGN file"),
    ("not-pgn-text.yaml", "title: t\nstart:\n  pgn: |\n    hello,\n    world\n", 3,
     "start.pgn: the PGN text 'hello,\\nworld' holds no PGN game: no tag pair such as [Event \"...\"] and no "
     "move such as 1. e4"),
    ("one-side.yaml", "title: t\nclock: {white: '0:05:00'}\nevents:\n  - white: play e4\n", 2,
     "clock gives only white's time; without a time_control give both"),
]
if os.path.exists("/dev/zero"):
    HOSTILE.append(("dev-zero.yaml", "title: t\nstart: {pgn: /dev/zero}\n", 2,
                    "start.pgn: '/dev/zero' is not a regular file (a device or a pipe?), not a PGN file"))


def _hostile(folder: Path) -> list[tuple[str, int, str]]:
    """Each hostile file written in ``folder`` (with what they point to): path, line, error."""
    (folder / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534::/:/bin/false\n")
    (folder / "games").mkdir()
    return [(write_file(folder, name, text), line, message) for name, text, line, message in HOSTILE]


#: Loaded in the test process: the bomb only in a subprocess, which a timeout can stop.
IN_PROCESS = [case for case in HOSTILE if case[0] != "billion-laughs.yaml"]


@pytest.mark.parametrize(("name", "text", "line", "message"), IN_PROCESS, ids=[case[0] for case in IN_PROCESS])
def test_each_hostile_file_is_an_input_error_with_its_line(name: str, text: str, line: int, message: str,
                                                           tmp_path: Path) -> None:
    _hostile(tmp_path)
    with pytest.raises(ScenarioError) as caught:
        load(tmp_path / name)
    assert (caught.value.line, caught.value.message) == (line, message)


@pytest.mark.slow
def test_hostile_files_with_a_good_one_in_one_command(tmp_path: Path) -> None:
    """``arbiter run`` and ``arbiter validate`` on every hostile file and a good one: exit 2, one
    line for each hostile file, no traceback, and the good one ran. A subprocess, with a generous
    timeout: an alias bomb used to hang for ever."""
    hostile = _hostile(tmp_path)
    good = write_file(tmp_path, "zz-good.yaml", GOOD)
    paths = [path for path, _, _ in hostile]
    for command, good_file, good_line in (("run", good, f"PASSED  {good}  the good one"),
                                          ("validate", str(GOOD_REPORT), f"CONSISTENT   {GOOD_REPORT}")):
        done = subprocess.run([sys.executable, "-m", "arbiter", command, *paths, good_file], capture_output=True,
                              text=True, timeout=120, cwd=tmp_path)
        assert done.returncode == 2, done.stderr[-2000:]
        assert "Traceback" not in done.stderr
        assert sorted(done.stderr.splitlines()) == sorted(f"INVALID {path}:{line}: {message}"
                                                          for path, line, message in hostile)
        assert good_line in done.stdout.splitlines()
        assert max(len(row) for row in done.stderr.splitlines()) < 300


def test_the_good_file_after_a_bomb_runs(tmp_path: Path) -> None:
    bomb = write_file(tmp_path, "bomb.yaml", billion_laughs())
    good = write_file(tmp_path, "good.yaml", GOOD)
    done = subprocess.run([sys.executable, "-m", "arbiter", "run", bomb, good], capture_output=True, text=True,
                          timeout=60)  # a hang is a failure, not a suite that never ends
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"INVALID {bomb}:3: YAML aliases (*name) are not allowed in scenario "
                                        "files: write the value out"]
    assert done.stdout.splitlines() == [f"PASSED  {good}  the good one", "1 passed, 0 failed, 1 invalid"]


@pytest.mark.parametrize("text", [
    "title: t\nbase: &b {to_move: black}\nexpect: *b\n",
    "title: t\nexpect:\n  <<: &m {to_move: black}\n  to_move: black\nother: *m\n",
    "title: t\nevents: &e [*e]\n",
], ids=["anchor", "merge-key", "recursive"])
def test_every_alias_is_refused_even_a_small_or_recursive_one(text: str) -> None:
    with pytest.raises(ScenarioError, match="YAML aliases"):
        loads(text, "x.yaml")


def test_nesting_is_bounded() -> None:
    text = "title: t\nevents:\n  - white: play e4\n    note: " + "[" * 200 + "]" * 200 + "\n"
    with pytest.raises(ScenarioError, match=r"x.yaml:4: event 0 \(white: play e4\): nested more than 50 levels deep"):
        loads(text, "x.yaml")


def test_an_explicit_tag_that_does_not_build_is_an_error_with_its_line() -> None:
    with pytest.raises(ScenarioError, match=r"x.yaml:2: report.round: 'three' is not a number"):
        loads("report:\n  round: !!int three\nruling: {result: '*'}\n", "x.yaml")


def test_a_boolean_tag_on_neither_true_nor_false_is_an_error_with_its_line_not_ours() -> None:
    """PyYAML's constructor fails on ``!!bool maybe`` with a KeyError, no YAML error: it was reported
    as an internal error (exit 3) until the reader checked it first."""
    neither = r"x.yaml:4: event 0 \(white: play e4\): events.0.note: 'maybe' is neither true nor false"
    with pytest.raises(ScenarioError, match=neither):
        loads("title: t\nevents:\n  - white: play e4\n    note: !!bool maybe\n", "x.yaml")
    assert loads("title: t\nevents:\n  - white: play e4\n    note: !!str yes\n", "x.yaml").events[0].note == "yes"


@pytest.mark.parametrize(("value", "said"), [
    ("!!int ''", "'' is not a number"), ("!!float ''", "'' is not a number"),
    ("!!int '+'", "'+' is not a number"), ("!!int '_'", "'_' is not a number"),
    ("!!float '-_'", "'-_' is not a number"),
    ("!!timestamp tomorrow", "'tomorrow' is not a date"), ("!!timestamp ''", "'' is not a date")])
def test_an_explicit_tag_the_constructor_fails_on_without_a_value_error_is_ours_to_say(value: str, said: str) -> None:
    """PyYAML's constructor reads the first character of an empty number (IndexError) and fails
    on a timestamp its pattern does not match (AttributeError): both were internal errors."""
    expected = re.escape(f"x.yaml:4: event 0 (white: play e4): events.0.note: {said}") + "$"
    with pytest.raises(ScenarioError, match=expected):
        loads(f"title: t\nevents:\n  - white: play e4\n    note: {value}\n", "x.yaml")


_TAGS = ["", "!!bool", "!!int", "!!float", "!!str", "!!null", "!!binary", "!!timestamp", "!!set", "!!omap",
         "!!pairs", "!!seq", "!!map", "!", "!foo", "!!merge", "!!value", "!!python/none"]
_VALUES = ["''", "'+'", "'_'", "'-_'", "maybe", "yes", "1", "0x1f", "1e400", ".nan", "2026-02-30", "2026-12-05",
           "aGk=", "[a, b]", "{a: 1}", "~", "play e4", "1:30", "12:00:00", "[]", "{}", "[a: 1]", "0o8", "+1", "1_0",
           "white"]
_PLACES = ["title", "source", "time_control", "events.0.at", "events.0.hand", "events.0.note", "events.1.black",
           "expect.to_move", "expect.result", "expect.clock.white", "expect.rulings.0.kind",
           "expect.rulings.0.seconds", "events", "expect", "start.fen"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PLACES), st.sampled_from(_TAGS), st.sampled_from(_VALUES)),
                min_size=1, max_size=4))
def test_a_value_of_any_type_anywhere_is_ruled_on_or_refused_never_an_internal_error(
        changes: list[tuple[str, str, str]]) -> None:
    """Explicit tags and values of every kind put in the places of a scenario: the file runs, or
    is refused with a ScenarioError; nothing else escapes (issue 36 found three that did)."""
    fields = {"title": "t", "source": "Laws 4", "time_control": "'90+30'", "events.0.at": "0",
              "events.0.hand": "right", "events.0.note": "n", "events.1.black": "play e5",
              "expect.to_move": "white", "expect.result": "'*'", "expect.clock.white": "'1:30:00'",
              "expect.rulings.0.kind": "made", "expect.rulings.0.seconds": "1",
              "start.fen": "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'"}
    whole = {}
    for place, tag, value in changes:
        if place in fields:
            fields[place] = f"{tag} {value}".strip()
        else:
            whole[place] = f"{tag} {value}".strip()
    f = fields
    events = whole.get("events") or (f"\n  - white: play e4\n    at: {f['events.0.at']}\n    hand: {f['events.0.hand']}"
                                     f"\n    note: {f['events.0.note']}\n  - black: {f['events.1.black']}")
    expect = whole.get("expect") or (f"\n  to_move: {f['expect.to_move']}\n  result: {f['expect.result']}"
                                     f"\n  clock: {{white: {f['expect.clock.white']}}}\n  rulings:"
                                     f"\n    - {{kind: {f['expect.rulings.0.kind']},"
                                     f" seconds: {f['expect.rulings.0.seconds']}}}")
    text = (f"title: {f['title']}\nsource: {f['source']}\nstart:\n  fen: {f['start.fen']}\n"
            f"time_control: {f['time_control']}\nevents: {events}\nexpect: {expect}\n")
    try:
        scenario = loads(text, "x.yaml")
    except ScenarioError:
        return
    run(scenario)


@pytest.mark.parametrize("move", ["0000", "--", "Z0", "@@@@"])
def test_a_null_move_played_is_an_invalid_event_not_a_move(move: str) -> None:
    """python-chess reads these as a null move; no piece moves at a board. It was an internal
    error, or, with a piece on a1, a move of it ruled (found by fuzzing the web API)."""
    for before in ("", "  - white: play e4\n"):
        text = f"title: t\nevents:\n{before}  - {'black' if before else 'white'}: play {move}\n"
        outcome = run(loads(text, "x.yaml"))
        assert outcome.error is not None
        assert f"'{move}' is a null move: it moves no piece at the board" in str(outcome.error)
        null_event = 1 if before else 0
        assert not [r for r in outcome.referee.rulings if r.event == null_event]  # nothing ruled on it


# -- start.pgn: decided by content, not by suffix ---------------------------------------------------


def test_a_pgn_file_in_upper_case_is_read(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "x.PGN").write_text('[Event "e"]\n\n1. e4 e5 2. Nf3 *\n')
    scenario = load(write_file(tmp_path, "s.yaml", "title: t\nstart: {pgn: games/x.PGN}\n"))
    assert scenario.start.board.fullmove_number == 2 and scenario.start.turn == chess.BLACK


def test_a_pgn_file_of_any_name_is_read_by_content(tmp_path: Path) -> None:
    (tmp_path / "game.txt").write_text("\ufeff1. d4 d5 *\n")
    scenario = load(write_file(tmp_path, "s.yaml", "title: t\nstart: {pgn: game.txt}\n"))
    assert scenario.start.turn == chess.WHITE and scenario.start.board.fullmove_number == 2


@pytest.mark.skipif(not os.path.isfile("/etc/passwd"), reason="no /etc/passwd here")
def test_etc_passwd_is_no_pgn_start() -> None:
    with pytest.raises(ScenarioError) as caught:
        loads("title: t\nstart: {pgn: /etc/passwd}\n", "x.yaml")
    assert caught.value.line == 2
    assert caught.value.message.startswith(("start.pgn: the file '/etc/passwd' holds no PGN game", "bad PGN: "))


def test_a_pgn_file_that_names_no_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"s.yaml:2: cannot read the PGN file 'games/none.Pgn': no such file"):
        load(write_file(tmp_path, "s.yaml", "title: t\nstart: {pgn: games/none.Pgn}\n"))


def test_inline_pgn_still_works() -> None:
    scenario = loads('title: t\nstart: {pgn: "1. d4 Nf6 2. c4 e6"}\n', "x.yaml")
    assert scenario.start.board.fullmove_number == 3


@pytest.mark.parametrize("notation", ["en", "de"])
def test_a_one_line_text_that_is_neither_file_nor_pgn_is_an_error(notation: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        loads(f"title: t\nnotation: {notation}\nstart:\n  pgn: '*'\n", "x.yaml")
    assert caught.value.line == 4
    assert caught.value.message == ("start.pgn: '*', no file next to the scenario, read as PGN text, holds no PGN "
                                    "game: no tag pair such as [Event \"...\"] and no move such as 1. e4")


def test_a_pgn_file_too_big_is_refused_unread(tmp_path: Path) -> None:
    with open(tmp_path / "big.pgn", "wb") as handle:
        handle.truncate(MAX_PGN_BYTES + 1)
    with pytest.raises(ScenarioError, match=r"s.yaml:2: start.pgn: 'big.pgn' is too big for a PGN file "
                                            r"\(4,194,305 bytes; at most 4,194,304\)"):
        load(write_file(tmp_path, "s.yaml", "title: t\nstart: {pgn: big.pgn}\n"))


def test_a_pgn_file_not_in_utf8_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "latin.pgn").write_bytes('[White "Müller"]\n\n1. e4 *\n'.encode("latin-1"))
    with pytest.raises(ScenarioError, match=r"s.yaml:2: start.pgn: 'latin.pgn' is not a text file in UTF-8"):
        load(write_file(tmp_path, "s.yaml", "title: t\nstart: {pgn: latin.pgn}\n"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.pgn")
    path = write_file(tmp_path, "s.yaml", "title: t\nstart: {pgn: pipe.pgn}\n")
    done = subprocess.run([sys.executable, "-m", "arbiter", "run", path], capture_output=True, text=True,
                          timeout=60)  # opening a pipe with no writer used to wait for ever
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"INVALID {path}:2: start.pgn: 'pipe.pgn' is not a regular file (a device "
                                        "or a pipe?), not a PGN file"]


@pytest.mark.parametrize("notation", ["en", "sr-Latn"])
def test_a_huge_clk_comment_in_start_pgn_is_an_error(notation: str) -> None:
    text = (f"title: t\nnotation: {notation}\nstart:\n  pgn: '1. e4 {{[%clk {FIVE_THOUSAND}:00:00]}} e5 *'\n")
    with pytest.raises(ScenarioError) as caught:
        loads(text, "x.yaml")
    assert caught.value.line == 4
    assert caught.value.message.endswith("ply 1: bad [%clk] comment: clock reading '" + "1" * 40
                                         + "…' (5,006 characters) is over 1000 hours")


def test_clk_comments_of_one_side_without_a_time_control_are_an_error() -> None:
    text = "report: {event: e}\nstart:\n  pgn: '1. e4 {[%clk 0:04:58]} *'\nruling: {result: '*'}\n"
    with pytest.raises(ScenarioError) as caught:
        loads(text, "x.yaml")
    assert (caught.value.line, caught.value.message) == (
        3, "start.pgn: the [%clk] comments give only white's time; without a time_control (or a TimeControl tag) "
           "give clock: with black's time too")
    with_control = loads(text.replace("report:", "time_control: 300\nreport:"), "x.yaml")
    assert with_control.start_clock == {chess.WHITE: 298.0, chess.BLACK: 300.0}


def test_a_bad_time_control_tag_names_the_pgn_line() -> None:
    text = "report: {event: e}\nstart:\n  pgn: |\n    [TimeControl \"0/300\"]\n\n    1. e4 *\nruling: {result: '*'}\n"
    with pytest.raises(ScenarioError) as caught:
        loads(text, "x.yaml")
    assert (caught.value.line, caught.value.message) == (
        3, "start.pgn: the TimeControl tag: bad time control '0/300': a period has 1 to 1000 moves, not '0'")


# -- the clock: one side left out ----------------------------------------------------------------


def test_one_side_of_the_clock_with_a_time_control_takes_the_base_time() -> None:
    scenario = loads("title: t\ntime_control: 300+2\nclock: {black: '0:01:00'}\n", "x.yaml")
    assert scenario.start_clock == {chess.WHITE: 300.0, chess.BLACK: 60.0}


def test_one_side_of_the_clock_without_a_time_control_is_an_error_for_either_side() -> None:
    with pytest.raises(ScenarioError, match=r"x.yaml:3: clock gives only black's time; without a time_control "
                                            r"give both"):
        loads("title: t\nclock:\n  black: 60\n", "x.yaml")
    assert loads("title: t\nclock: {white: 60, black: 0}\n", "x.yaml").start_clock == {chess.WHITE: 60.0,
                                                                                        chess.BLACK: 0.0}


# -- the bounds of parse_duration and TimeControl.parse ------------------------------------------


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, 9 ** 400, 10 ** 5000, MAX_DURATION + 1,
                                   "1000:00:01", FIVE_THOUSAND, "9" * 400 + ":00"], ids=shown)
def test_durations_beyond_bounds_are_errors(value: str | float) -> None:
    with pytest.raises(TimeControlError) as caught:
        parse_duration(value)
    assert len(str(caught.value)) < 120


def test_durations_up_to_the_bound_are_read() -> None:
    assert parse_duration(MAX_DURATION) == parse_duration("1000:00:00") == 3_600_000.0
    assert parse_duration("1:30:00") == 5400.0


@pytest.mark.parametrize(("text", "message"), [
    (FIVE_THOUSAND, "over a week"),
    (10 ** 5000, "over a week"),
    (f"{FIVE_THOUSAND}/5400", "a period has 1 to 1000 moves"),
    ("0/300:300", "a period has 1 to 1000 moves, not '0'"),
    ("1001/300:300", "a period has 1 to 1000 moves, not '1001'"),
    ("604801", "over a week"),
    ("40/302400:302401", "over a week"),
    ("300+3601", "an increment of more than an hour"),
    (f"300+{FIVE_THOUSAND}", "an increment of more than an hour"),
    ("300d3601", "a delay of more than an hour"),
], ids=shown)
def test_time_controls_beyond_bounds_are_errors(text: str | int, message: str) -> None:
    with pytest.raises(TimeControlError, match=message) as caught:
        TimeControl.parse(text)
    assert len(str(caught.value)) < 200


def test_time_controls_up_to_the_bounds_are_read() -> None:
    assert TimeControl.parse("40/302400+3600:302400d3600").periods[1].delay == 3600
    assert TimeControl.parse("1000/5400:1800").periods[0].moves == 1000
    assert TimeControl.parse(604800).periods[0].seconds == 604800


# -- errors show a value cut -------------------------------------------------------------------------


def test_shown_cuts_long_values_with_their_length() -> None:
    assert shown("e4") == "'e4'" and shown(12) == "12" and shown(math.inf) == "inf"
    assert shown("x" * 5_000_000) == "'" + "x" * 40 + "…' (5,000,000 characters)"
    assert shown(10 ** 5000) == "1" + "0" * 39 + "… (5,001 digits)"
    assert shown(-(10 ** 40)) == "-" + "1" + "0" * 39 + "… (41 digits)"
    assert shown(10 ** 40 - 1) == "9" * 40


def test_a_huge_move_is_not_echoed_whole() -> None:
    move = "e2e4" * 250_000
    outcome = run(loads(f"title: t\nevents:\n  - white: play {move}\n", "x.yaml"))
    assert outcome.status == "invalid"
    assert outcome.error is not None and outcome.error.line == 3
    assert outcome.error.message.startswith("event 0 (white: play e2e4e2e4e2e4e2e4e2e4e2e4e2e4… (1,000,012 "
                                            "characters)): ")
    assert len(outcome.error.message) < 400


# -- audit: a [%clk] comment with thousands of digits ----------------------------------------------


def _clk_games(moves: str) -> str:
    return (f'[Event "a"]\n[White "x"]\n[Black "y"]\n[Result "1-0"]\n\n1. e4 {{[%clk {FIVE_THOUSAND}:00:00]}} e5 '
            f'{moves} 1-0\n\n[Event "b"]\n[Result "*"]\n\n1. d4 d5 *\n')


#: After the comment, a mate and a move past it: the audit finds it only if it reads to the end.
CLK_GAMES = {None: _clk_games("2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Kxf7"),
             "de": _clk_games("2. Dh5 Sc6 3. Lc4 Sf6 4. Dxf7# Kxf7")}


@pytest.mark.parametrize("notation", [None, "de"])
def test_audit_a_huge_clk_comment_is_a_broken_game_read_to_its_end(notation: str | None) -> None:
    audited = audit_text((1, CLK_GAMES[notation].split("\n\n[Event")[0] + "\n"), notation)
    assert not audited.is_internal_error
    assert audited.error == ("ply 1: bad [%clk] comment: clock reading '" + "1" * 40
                             + "…' (5,006 characters) is over 1000 hours")
    assert [(f.kind, f.ply) for f in audited.findings] == [("ran-past-ending", 7)]


@pytest.mark.parametrize("notation", [None, "de"])
def test_audit_command_reports_the_broken_game_and_audits_the_next(notation: str | None, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = write_file(tmp_path, "clk.pgn", CLK_GAMES[notation])
    assert main(["audit", *(["--notation", notation] if notation else []), path]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [f"{path} game 1 (x - y, 1-0)", "    broken game: ply 1: bad [%clk] comment: clock reading '"
                       + "1" * 40 + "…' (5,006 characters) is over 1000 hours"]
    assert "2 games audited" in out
