"""Outputs of issue 16 checked end to end in each language, beyond ``explain`` (tests/test_i18n.py):
``run``'s failed expectations, the incident report's Markdown and PDF lines, ``quiz``'s rulings
in the language's notation, ``serve``'s first line. English stays as it was, byte for byte.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "i18n"
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
