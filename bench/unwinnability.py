"""Benchmark: the unwinnability analysis on CHA's test positions (python -m bench.unwinnability).

Each (position, side) question of ``tests/data/cha/positions.txt`` is answered once in this process
and timed in CPU time (``time.process_time``); the median, the 99th percentile and the slowest are
reported beside the published figure of CHA itself (336 µs a position, C++ on Stockfish, FUN 2022),
with the share decided and how many answers disagree with CHA's labels. ``--sample N`` takes every
k-th position so that N are measured (the full file takes some minutes); ``--dead`` also times the
quick test for a dead position (5.2.2) that runs after every move. ``--work-list`` answers every
question in two processes (some minutes) and writes ``bench/cha-undecided.txt``: the questions the
default bound leaves undecided, which ``tests/test_cha.py`` runs only with a short bound; and
``bench/cha-last-phase.txt``: those the last phase decides once the searches have spent their
bound, which it runs with the searches cut short (the last phase's answer does not depend on them).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import chess

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "data" / "cha" / "positions.txt"
WORK_LIST = Path(__file__).with_name("cha-undecided.txt")
#: The questions the searches leave undecided and the last phase decides (see :func:`write_work_list`).
LAST_PHASE_LIST = Path(__file__).with_name("cha-last-phase.txt")
#: CHA's published mean time per position (C++, FUN 2022), for comparison.
CHA_PUBLISHED_US = 336.0


def positions(sample: int | None) -> list[tuple[str, str]]:
    rows = [tuple(line.split(" ", 1)) for line in POSITIONS.read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    if sample is not None and sample < len(rows):
        step = len(rows) / sample
        rows = [rows[int(index * step)] for index in range(sample)]
    return [(label, fen) for label, fen in rows]


def bench(sample: int | None = 400) -> dict[str, Any]:
    from arbiter.core.unwinnable import can_checkmate, is_dead

    times: list[float] = []
    dead_times: list[float] = []
    decided = disagree = 0
    for label, fen in positions(sample):
        board = chess.Board(fen)
        for color, mark in ((chess.WHITE, label[0]), (chess.BLACK, label[1])):
            start = time.process_time()
            verdict = can_checkmate(board, color)
            times.append(time.process_time() - start)
            if verdict.answer != "undetermined":
                decided += 1
                disagree += verdict.answer != ("cannot" if mark == "-" else "can")
        start = time.process_time()
        for _ in range(20):
            is_dead(board)
        dead_times.append((time.process_time() - start) / 20)
    times.sort()
    dead_times.sort()
    return {
        "unwinnable_questions": len(times),
        "unwinnable_decided_share": decided / len(times),
        "unwinnable_disagreements": disagree,
        "unwinnable_median_us": statistics.median(times) * 1e6,
        "unwinnable_p99_us": times[min(len(times) - 1, int(len(times) * 0.99))] * 1e6,
        "unwinnable_max_s": times[-1],
        "unwinnable_cha_published_us": CHA_PUBLISHED_US,
        "dead_check_median_us": statistics.median(dead_times) * 1e6,
        "dead_check_p99_us": dead_times[min(len(dead_times) - 1, int(len(dead_times) * 0.99))] * 1e6,
    }


def read_work_list(path: Path = WORK_LIST) -> list[tuple[str, str]]:
    """(FEN, side) of each question of the work list, in its order (see :func:`write_work_list`)."""
    questions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fen, side, _answer = line.rsplit(" ", 2)
            questions.append((fen, side))
    return questions


def _past_the_searches(row: tuple[str, str]) -> list[tuple[str, str, str, str]]:
    """The questions of one position whose searches spend their bound, or that stay undecided:
    (FEN, side, CHA's answer, the analysis's answer with the default bound)."""
    from arbiter.core.unwinnable import can_checkmate

    label, fen = row
    board = chess.Board(fen)
    found: list[tuple[str, str, str, str]] = []
    for color, mark in ((chess.WHITE, label[0]), (chess.BLACK, label[1])):
        verdict = can_checkmate(board, color)
        if verdict.last_phase or verdict.answer == "undetermined":  # stopped by the clock, or too deep
            found.append((fen, "white" if color else "black", "cannot" if mark == "-" else "can", verdict.answer))
    return found


def write_work_list(path: Path = WORK_LIST, last_phase_path: Path = LAST_PHASE_LIST) -> int:
    """Answer every question of the file in two processes; write those left undecided, and those
    the searches leave undecided and the last phase decides (``tests/test_cha.py`` asks those with
    the searches cut short: the last phase decides them all the same)."""
    import multiprocessing

    from arbiter.core.unwinnable import NODE_BOUND, REACH_BOUND

    rows = positions(None)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        past = [question for found in pool.imap(_past_the_searches, rows, chunksize=8) for question in found]
    undecided = [(fen, side, cha) for fen, side, cha, ours in past if ours == "undetermined"]
    decided_last = [(fen, side, cha) for fen, side, cha, ours in past if ours != "undetermined"]
    can = sum(answer == "can" for _, _, answer in undecided)
    questions = 2 * len(rows)
    last_phase_path.write_text("\n".join([
        "# CHA's questions (tests/data/cha/positions.txt) whose searches spend their bound of work",
        f"# ({NODE_BOUND:,} moves) without an answer and that the last phase, every reachable position the",
        f"# cheapest first, decides within its {REACH_BOUND:,} moves; written by",
        f"# `python -m bench.unwinnability --work-list` ({len(decided_last)} questions). Columns: FEN, the side",
        "# asked about, CHA's answer.",
    ] + [" ".join(question) for question in decided_last]) + "\n", encoding="utf-8")
    header = [
        "# CHA's questions (tests/data/cha/positions.txt) our analysis leaves undecided within the default",
        f"# bound of work ({NODE_BOUND:,} moves tried by the phases up to the searches, {REACH_BOUND:,} more by the"
        " last,",
        "# every reachable position), written by `python -m bench.unwinnability --work-list`.",
        f"# The bound is work, not time: the list is the same on every machine ({len(undecided)} of {questions:,},",
        f"# {questions - len(undecided):,} decided). Columns: FEN, the side asked about, CHA's answer. The work list",
        f"# for the 99.5% of issue 13: {can} 'can' (no helpmate found), {len(undecided) - can} 'cannot' (no proof).",
    ]
    path.write_text("\n".join(header + [" ".join(question) for question in undecided]) + "\n", encoding="utf-8")
    return len(undecided)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.unwinnability")
    parser.add_argument("--sample", type=int, default=400, help="positions measured (0: all 3,414)")
    parser.add_argument("--work-list", action="store_true",
                        help=f"write the questions left undecided to {WORK_LIST.name} (every question, two processes)")
    args = parser.parse_args(argv)
    if args.work_list:
        print(f"{write_work_list()} questions undecided: {WORK_LIST} (decided by the last phase: {LAST_PHASE_LIST})")
        return 0
    figures = bench(args.sample or None)
    for key, value in figures.items():
        print(f"{key:32} {value:14.3f}")
    out = Path(__file__).with_name("unwinnability.json")
    out.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
