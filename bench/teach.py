"""Benchmark: event-to-screen latency of ``arbiter teach`` (python -m bench.teach [EVENTS]).

Feeds a whole game, event by event in the long physical form, to a teaching session and times
each ``Terminal.handle`` call (ruling and the text of the screen). Prints the median and the 99th
percentile; the target is under 50 ms.
"""

from __future__ import annotations

import statistics
import sys
import time

import chess

from arbiter.cli.teach import new_session


def main(plies: int = 120) -> int:
    terminal = new_session(None, None, None, None, None, None, None)
    board = chess.Board()
    times = []
    for _ in range(plies):
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if not legal:
            break
        move = legal[len(board.move_stack) * 7 % len(legal)]
        a, b = chess.square_name(move.from_square), chess.square_name(move.to_square)
        steps = [f"play {move.uci()}"] if move.promotion or board.is_castling(move) or board.is_en_passant(move) \
            else [f"lift {a}", f"remove {b}" if board.piece_at(move.to_square) else None, f"drop {b}", "press"]
        for step in filter(None, steps):
            start = time.perf_counter()
            terminal.handle(step)
            times.append(time.perf_counter() - start)
        board.push(move)
        if terminal.session.view().result != "*":
            break
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{len(times)} events: median {statistics.median(times) * 1000:.2f} ms, 99th percentile {p99 * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 120))
