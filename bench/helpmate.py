"""Benchmark: the helpmate search on the known positions (python -m bench.helpmate).

Prints, per position, the answer, the positions searched and the time; then the total positions
per second, the slowest position, and the node bound. Writes the same figures as JSON to
``bench/helpmate.json``. Several repetitions; the median time is reported.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

import chess

from arbiter.core.unwinnable import NODE_BOUND, can_checkmate
from tests.test_unwinnable import KNOWN


def main(repetitions: int = 3) -> int:
    rows = []
    for fen, color, answer, why in KNOWN:
        board = chess.Board(fen)
        times = []
        verdict = None
        for _ in range(repetitions):
            start = time.perf_counter()
            verdict = can_checkmate(board, color)
            times.append(time.perf_counter() - start)
        assert verdict is not None
        rows.append({"position": why, "answer": verdict.answer, "expected": answer, "nodes": verdict.nodes,
                     "seconds": statistics.median(times), "spread": max(times) - min(times)})
    nodes = sum(r["nodes"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    slowest = max(rows, key=lambda r: r["seconds"])
    summary = {"positions": len(rows), "node_bound": NODE_BOUND, "nodes": nodes, "seconds": seconds,
               "nodes_per_second": nodes / seconds if seconds else 0.0,
               "positions_per_second": len(rows) / seconds if seconds else 0.0,
               "slowest": slowest, "rows": rows}
    for r in rows:
        print(f"{r['seconds'] * 1000:9.1f} ms  {r['nodes']:6}  {r['answer']:12} {r['position']}")
    print(f"{len(rows)} positions in {seconds:.2f} s: {summary['positions_per_second']:.1f} positions/s, "
          f"{summary['nodes_per_second']:.0f} search nodes/s; slowest {slowest['seconds'] * 1000:.0f} ms "
          f"({slowest['position']}); node bound {NODE_BOUND}")
    Path(__file__).with_name("helpmate.json").write_text(json.dumps(summary, indent=1))
    return 0 if all(r["answer"] == r["expected"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
