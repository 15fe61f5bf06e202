"""Outputs of issue 16 checked end to end in each language, beyond ``explain`` (tests/test_i18n.py):
``run``'s failed expectations, the incident report's Markdown and PDF lines, ``quiz``'s rulings
in the language's notation, ``serve``'s first line. English stays as it was, byte for byte.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.cli import main
from tests.conftest import Piped

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "i18n"
EXPECT_FAILS = FIXTURES / "expect-fails.yaml"

#: What ``run`` says of every expectation of ``expect-fails.yaml`` that does not hold, in English.
ENGLISH_FAILURES = [
    "- expected ruling {kind: violation, player: white} not given (in this order)",
    "- ruling {kind: made} given, expected absent: White made the move Nf3.",
    "- fen is 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1', expected '8/8/8/8/8/8/8/8 w - - 0 1'",
    "- board is 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R', expected '8/8/8/8/8/8/8/8'",
    "- black has the move, expected white",
    "- the obligation is {kind: obligation, article: 4.5, text: , player: black, must: any}, expected "
    "{must: move, square: e2}",
    "- result is '*', expected '1-0'",
    "- reason is None, expected 'checkmate'",
    "- white's clock shows 0:15:05, expected 0:10:00",
    "- black's clock shows 0:14:59, expected 0:10:00",
]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def _failures(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.startswith("        - ")]


def test_run_says_what_failed_in_english_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "run", "--lang", "en", str(EXPECT_FAILS))
    assert status == 1
    assert _failures(out) == ENGLISH_FAILURES


def test_run_says_what_failed_in_serbian(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "run", "--lang", "sr", str(EXPECT_FAILS))
    assert status == 1
    failures = _failures(out)
    assert failures[0] == "- очекивана одлука {kind: violation, player: white} није донета (овим редоследом)"
    assert "- на потезу је црни, а очекивано је бели" in failures
    assert "- сат белог показује 0:15:05, а очекивано је 0:10:00" in failures
    assert len(failures) == len(ENGLISH_FAILURES)


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
def test_run_failures_leave_no_english_word(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _run(capsys, "run", "--lang", language, str(EXPECT_FAILS))
    for line in _failures(out):
        # what stays: the expectations and findings quoted as data ({...}, '...'), None, the clocks
        words = re.findall(r"[A-Za-z]{2,}", re.sub(r"\{[^}]*\}|'[^']*'|\bNone\b", "", line))
        if language == "sr-Latn":  # Latin script: only the English words are wrong
            words = [w for w in words if w in {"expected", "given", "the", "is", "has", "move", "clock", "shows",
                                               "white", "black", "board", "fen", "result", "reason", "ruling"}]
        assert words == [], line


# -- the incident report (Markdown, and what the PDF shares with it) -----------------------------

#: A report whose arbiter gave a result with its reason, a position and both clocks.
RULED = """\
report: {event: Open, round: 1, board: 2, account: "The arbiter stopped the clocks."}
time_control: 5400+30
events:
  - {white: move e2 e4, at: 5}
  - {white: press, at: 6}
ruling:
  result: "1/2-1/2"
  reason: agreement
  fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
  clock: {white: "1:29:29", black: "1:30:00"}
"""


def _ruled(tmp_path: Path) -> Path:
    path = tmp_path / "ruled.yaml"
    path.write_text(RULED, encoding="utf-8")
    return path


def test_the_arbiters_ruling_in_the_report_speaks_the_language(tmp_path: Path) -> None:
    from arbiter.core.i18n import use_language
    from arbiter.files.reportdoc import arbiter_ruling
    from arbiter.files.scenario import load

    scenario = load(_ruled(tmp_path))
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert arbiter_ruling(scenario) == [
        "- The result is 1/2-1/2 (agreement).", f"- the game goes on from FEN `{fen}`",
        "- clocks: White 1:29:29, Black 1:30:00"]
    with use_language("sr"):
        assert arbiter_ruling(scenario) == [
            "- Резултат је 1/2-1/2 (договор).", f"- партија се наставља од позиције `{fen}`",
            "- сатови: бели 1:29:29, црни 1:30:00"]
    with use_language("bg"):
        assert arbiter_ruling(scenario)[-1] == "- часовници: белите 1:29:29, черните 1:30:00"


def _markdown(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["validate", "--format", "markdown", *args]) in (0, 1)
    return capsys.readouterr().out


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
def test_the_markdown_report_speaks_the_language(language: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = _markdown(capsys, "--lang", language, str(_ruled(tmp_path)))
    left = []
    for line in text.splitlines():
        if line.startswith(("FEN ", "    ", "- `{")) or re.fullmatch(r"[1-8]( [.pnbrqkPNBRQK])+|  [a-h ]+|```", line):
            continue  # the position as FEN and as a diagram, the arbiter's rulings as data
        line = re.sub(r"`[^`]*`|\(\d+(\.\d+)*\)|ruled\.svg|<br>", "", line)  # quoted values, articles
        line = line.replace("The arbiter stopped the clocks.", "").replace("Open", "")  # the report's own words
        left += re.findall(r"\b(?:[A-Za-z]{2,})\b", line) if language != "sr-Latn" else [
            w for w in re.findall(r"[A-Za-z]+", line) if w in _ENGLISH]
    assert left == [], text


#: English words of the report's frame that a Latin-script translation must not keep.
_ENGLISH = {"Incident", "report", "Event", "Round", "Board", "Account", "The", "position", "before", "incident",
            "Ruleset", "supervision", "arbiter", "time", "control", "What", "happened", "and", "what", "Laws",
            "say", "event", "clock", "rulings", "tournament", "ruled", "Verdict", "articles", "cited", "result",
            "the", "game", "goes", "on", "from", "clocks", "White", "Black", "consistent", "inconsistent"}


def test_the_markdown_report_in_english_is_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _markdown(capsys, "--lang", "en", str(_ruled(tmp_path)))
    for line in ("# Incident report: Open - The arbiter stopped the clocks.", "| Event | Open |", "## Account",
                 "## The position before the incident",
                 "Ruleset standard, arbiter watching, time control 5400+30.",
                 "## What happened, and what the Laws say",
                 "The time of an event is counted from the beginning of the events; a clock is what it read after "
                 "the event.", "", "| # | time | event | White's clock | Black's clock | rulings |",
                 "| 1 | 0:00:06 | `white: press` | 1:30:24 | 1:30:00 | "
                 "completed (6.2.1): White's move is completed by pressing the clock. |",
                 "## What the tournament arbiter ruled", "- The result is 1/2-1/2 (agreement).",
                 "- clocks: White 1:29:29, Black 1:30:00", "## Verdict", "## The articles cited"):
        assert line in text.splitlines(), line


def test_validate_names_the_reasons_in_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = str(_ruled(tmp_path))
    assert main(["validate", "--lang", "sr", report]) == 1
    assert "- Судија је навео разлог договор; по Правилима партија није завршена." in capsys.readouterr().out
    assert main(["validate", "--lang", "en", report]) == 1
    said = capsys.readouterr().out
    assert "- The arbiter gave the reason agreement; by the Laws the game has not ended." in said
    assert "None" not in said


# -- quiz: the rulings' moves in the language's notation, as in explain and teach -----------------


def _quiz(tmp_path: Path, language: str, piped: Piped) -> str:
    folder = tmp_path / "play"
    folder.mkdir(exist_ok=True)
    (folder / "knight.yaml").write_text(
        "title: Knight out\nevents:\n  - white: play Nf3\nexpect:\n  must: {must: any}\n", encoding="utf-8")
    done = piped(["quiz", "--lang", language, "--seed", "1", str(tmp_path)], "1\n")
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(("language", "move"), [("sr", "Сf3"), ("sr-Latn", "Sf3"), ("bg", "Кf3"), ("en", "Nf3")])
def test_quiz_writes_the_rulings_moves_in_the_languages_notation(tmp_path: Path, language: str, move: str,
                                                                 piped: Piped) -> None:
    out = _quiz(tmp_path, language, piped)
    rulings = [line for line in out.splitlines() if "(4.7)" in line]
    assert rulings and all(move in line for line in rulings), out
    assert language == "en" or "Nf3" not in "\n".join(rulings)


# -- serve: the line saying where it listens ------------------------------------------------------


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(("language", "said"), [("sr", "(зауставља се са Ctrl-C)"), ("en", "(Ctrl-C stops it)")])
def test_serve_says_where_it_listens_in_the_language(language: str, said: str) -> None:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("ARBITER_LANG", None)
    server = subprocess.Popen([sys.executable, "-m", "arbiter", "serve", "--lang", language, "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # the server prints it once it listens
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert line == f"arbiter serve: http://127.0.0.1:{port}/ {said}\n"


def test_the_audit_in_bulgarian_keeps_the_players_plural(capsys: pytest.CaptureFixture[str]) -> None:
    """Белите/Черните take plural verbs: the way to claim that follows them does too."""
    main(["audit", "--lang", "bg", str(ROOT / "tests" / "fixtures" / "pgn" / "claims.pgn")])
    out = capsys.readouterr().out
    assert ("Белите можеха да предявят претенция за реми поради повторение преди своя 24. ход, като запишат Bg5 и го "
            "заявят, вместо да го изиграят (в записа там е Be3)") in out
    assert "като запише" not in out


# -- laws --format json: the title and text are text for people ----------------------------------


@pytest.mark.parametrize(("language", "title"), [("bg", "Докоснати собствени фигури"),
                                                  ("sr-Latn", "Dotaknute sopstvene figure"),
                                                  ("en", "Own pieces touched")])
def test_laws_json_gives_the_article_in_the_language(language: str, title: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["laws", "--format", "json", "--lang", language, "4.3.1"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["article"] == "4.3.1" and entry["title"] == title


# -- a file that cannot be read: the system's words in the language ------------------------------


@pytest.mark.parametrize(("language", "said"), [("sr", "нема такве датотеке ни фасцикле"),
                                                 ("bg", "няма такъв файл или папка"),
                                                 ("en", "No such file or directory")])
def test_a_missing_pgn_file_is_said_in_the_language(tmp_path: Path, language: str, said: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.pgn"
    assert main(["audit", "--lang", language, str(missing)]) == 2
    assert f"arbiter audit: {missing}: {said}\n" in capsys.readouterr().err


def test_a_missing_scenario_is_said_in_the_language(tmp_path: Path) -> None:
    from arbiter.core.errors import ScenarioError
    from arbiter.core.i18n import use_language
    from arbiter.files.scenario import load

    missing = tmp_path / "missing.yaml"
    with use_language("sr"), pytest.raises(ScenarioError) as serbian:
        load(missing)
    assert str(serbian.value).endswith("датотека не може да се прочита: нема такве датотеке ни фасцикле")
    with pytest.raises(ScenarioError) as english:  # as before: Python's own message
        load(missing)
    assert str(english.value).endswith(f"cannot read the file: [Errno 2] No such file or directory: '{missing}'")


# -- the obligation in words: a promotion's piece in the language's letters ----------------------

PROMOTION = ROOT / "scenarios" / "held-piece" / "pawn-held-on-e8-taken-off-knight-released-called.yaml"


@pytest.mark.parametrize(("language", "words"), [("sr", "обавеза: промоција у С на e8 (4.4.4)"),
                                                  ("sr-Latn", "obaveza: promocija u S na e8 (4.4.4)"),
                                                  ("bg", "задължение: произвеждане в К на e8 (4.4.4)"),
                                                  ("en", "obligation: promote to N on e8 (4.4.4)")])
def test_the_obligation_to_promote_names_the_piece_in_the_language(language: str, words: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--lang", language, str(PROMOTION)]) == 0
    assert any(line.endswith(words) for line in capsys.readouterr().out.splitlines())


FLAG_DRAW = ROOT / "scenarios" / "dead-positions" / "flag-forced-capture-leaves-a-lone-king.yaml"


@pytest.mark.parametrize(("lang", "told"), [
    ("en", "White's flag fell at 0:00:05; Black cannot mate: "),
    ("sr", "Заставица белог пала је у 0:00:05; црни не може да матира: "),
    ("sr-Latn", "Zastavica belog pala je u 0:00:05; crni ne može da matira: "),
    ("bg", "Флагчето на белите падна в 0:00:05; черните не могат да дадат мат: "),
])
def test_a_flag_ruling_goes_on_after_its_semicolon_without_a_capital(
        capsys: pytest.CaptureFixture[str], lang: str, told: str) -> None:
    """What happened and who cannot mate are one sentence: in Serbian and Bulgarian the clause
    after the semicolon starts in lower case (English keeps its capital White and Black)."""
    status, out = _run(capsys, "explain", "--lang", lang, str(FLAG_DRAW))
    assert status == 0
    assert told in out
