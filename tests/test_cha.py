"""The unwinnability analysis against CHA's ground truth (tests/data/cha/positions.txt).

Every one of the 3,414 community positions, for both sides: the analysis must agree with CHA on
every question it decides, never answer "cannot mate" where CHA found a mate, and give a line that
really mates for every "can mate". The issue asks that 99.5% of the questions be decided within the
default bound; within 150,000 moves tried (about 2 CPU seconds here), 96.3% are (6,574 of 6,828);
the rest are the community's hardest puzzles: long king and bishop manoeuvres behind pawn walls
that CHA, in Rust, settles with millions of nodes. The bound is work, not time, so the count is
the same on every machine: the test holds it exactly, so that it cannot fall back unnoticed.
CHA's fast check is held to its own promise: sound on every question. Two processes share the
work (the machine CI runs on has two cores).
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import chess
import pytest

from arbiter.core.unwinnable import can_checkmate, is_unwinnable_fast

POSITIONS = Path(__file__).parent / "data" / "cha" / "positions.txt"


def labelled() -> list[tuple[str, str]]:
    """(label, FEN) of every position of the file."""
    rows = []
    for line in POSITIONS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            label, fen = line.split(" ", 1)
            rows.append((label, fen))
    return rows


def judge(row: tuple[str, str]) -> list[tuple[str, str, str, str, bool, bool]]:
    """For both sides: (FEN, side, CHA's answer, ours, whether our line mates, whether the CPU
    deadline rather than the bound of work stopped it)."""
    label, fen = row
    board = chess.Board(fen)
    out: list[tuple[str, str, str, str, bool, bool]] = []
    for color, mark in ((chess.WHITE, label[0]), (chess.BLACK, label[1])):
        verdict = can_checkmate(board, color)
        mates = True
        if verdict.answer == "can":
            played = board.copy(stack=False)
            for move in verdict.line:
                if not played.is_legal(move):
                    mates = False
                    break
                played.push(move)
            mates = mates and played.is_checkmate() and played.turn != color
        out.append((fen, "white" if color else "black", "can" if mark != "-" else "cannot", verdict.answer, mates,
                    verdict.out_of_time))
    return out


@pytest.fixture(scope="module")
def answers() -> list[tuple[str, str, str, str, bool, bool]]:
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        return [answer for pair in pool.imap(judge, labelled(), chunksize=8) for answer in pair]


def test_the_file_is_whole() -> None:
    assert len(labelled()) == 3414


@pytest.mark.slow
def test_no_false_cannot_mate(answers: list[tuple[str, str, str, str, bool, bool]]) -> None:
    assert [a for a in answers if a[3] == "cannot" and a[2] == "can"] == []


@pytest.mark.slow
def test_agrees_with_cha_wherever_it_decides(answers: list[tuple[str, str, str, str, bool, bool]]) -> None:
    assert [a for a in answers if a[3] != "undetermined" and a[3] != a[2]] == []


@pytest.mark.slow
def test_every_mating_line_mates(answers: list[tuple[str, str, str, str, bool, bool]]) -> None:
    assert [a for a in answers if not a[4]] == []


#: The questions left undecided by the default bound of work (150,000 moves tried): 254 of 6,828
#: (96.3% decided), the same on every machine (docs/unwinnability.md). Until 2026-12-02 the bound was
#: 2 CPU seconds and the count moved with the machine's load: 214 to 457.
UNDECIDED_AT_MOST = 254
#: The CPU deadline (10 s) is a safety net for a very slow machine; on this one no question comes
#: near it (the slowest takes about 6 s beside the test's other process).
OUT_OF_TIME_AT_MOST = 10


@pytest.mark.slow
def test_decides_most_within_the_default_bound(answers: list[tuple[str, str, str, str, bool, bool]]) -> None:
    out_of_time = [a for a in answers if a[5]]
    assert len(out_of_time) <= OUT_OF_TIME_AT_MOST, out_of_time
    undecided = [a for a in answers if a[3] == "undetermined" and not a[5]]
    assert len(undecided) <= UNDECIDED_AT_MOST, len(undecided)


def fast(row: tuple[str, str]) -> list[tuple[str, str, bool]]:
    """For both sides: (FEN, CHA's answer, whether the fast check proves "cannot mate")."""
    label, fen = row
    board = chess.Board(fen)
    return [(fen, "can" if mark != "-" else "cannot", is_unwinnable_fast(board, color))
            for color, mark in ((chess.WHITE, label[0]), (chess.BLACK, label[1]))]


@pytest.mark.slow
def test_the_fast_check_is_sound() -> None:
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        checked = [answer for pair in pool.imap(fast, labelled(), chunksize=32) for answer in pair]
    assert [c for c in checked if c[2] and c[1] == "can"] == []
    proved = sum(c[2] for c in checked)
    assert proved >= 2300  # of 2,877 "cannot" questions (measured: 2,329)


@pytest.mark.slow
def test_the_fast_check_settles_every_real_time_out() -> None:
    """Real Lichess time-outs (bench/real/timeouts.txt, CHA's labels): every side that cannot mate
    is proved so, and no side that can is."""
    rows = []
    for line in (Path(__file__).parent.parent / "bench" / "real" / "timeouts.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            label, fen = line.split(" ", 1)
            rows.append((label, fen))
    checked = [answer for row in rows for answer in fast(row)]
    assert len(rows) == 3000
    assert [c for c in checked if c[2] and c[1] == "can"] == []
    assert [c for c in checked if not c[2] and c[1] == "cannot"] == []
