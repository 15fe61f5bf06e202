"""Benchmark: the unwinnability analysis on CHA's test positions (python -m bench.unwinnability).

Each (position, side) question of ``tests/data/cha/positions.txt`` is answered once in this process
and timed in CPU time (``time.process_time``); the median, the 99th percentile and the slowest are
reported beside the published figure of CHA itself (336 µs a position, C++ on Stockfish, FUN 2022),
with the share decided and how many answers disagree with CHA's labels. ``--sample N`` takes every
k-th position so that N are measured (the full file takes some minutes); ``--dead`` also times the
quick test for a dead position (5.2.2) that runs after every move.
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.unwinnability")
    parser.add_argument("--sample", type=int, default=400, help="positions measured (0: all 3,414)")
    args = parser.parse_args(argv)
    figures = bench(args.sample or None)
    for key, value in figures.items():
        print(f"{key:32} {value:14.3f}")
    out = Path(__file__).with_name("unwinnability.json")
    out.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
