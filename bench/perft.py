"""The compiled core against python-chess deeper than the suite goes (issue 36): perft of the six
classic positions (``python -m bench perft [--depth N] [--compare-nodes N]``).

For each position and each depth up to ``--depth`` (5 by default: about a minute here): the leaf
count of rust-chess's tree (its legal moves made with ``make_move_new``, as the program makes
them) against the published count (the chessprogramming wiki's perft results), and, where the
tree has at most ``--compare-nodes`` leaves (20 million by default: every depth-4 tree, and depth 5
of the initial position and positions 3 and 4), every node above the leaves compared with
python-chess: the same legal moves in UCI (so the same leaves), the same check. The suite (``tests/test_legalcore.py``)
goes to depth 3 for both cores; this goes on from there. CPU time per position is printed; the
figures are not a benchmark of speed (python-chess's walk dominates where it runs).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import chess

#: The classic positions and their published leaf counts at depth 1 to 5.
POSITIONS: dict[str, tuple[str, tuple[int, ...]]] = {
    "initial": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                (20, 400, 8_902, 197_281, 4_865_609)),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 (48, 2_039, 97_862, 4_085_603, 193_690_690)),
    "position 3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                   (14, 191, 2_812, 43_238, 674_624)),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                   (6, 264, 9_467, 422_333, 15_833_292)),
    "position 5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                   (44, 1_486, 62_379, 2_103_487, 89_941_194)),
    "position 6": ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                   (46, 2_079, 89_890, 3_894_594, 164_075_551)),
}


def compiled_perft(board: Any, depth: int) -> int:
    """The leaves of rust-chess's tree of legal moves from ``board`` to ``depth``."""
    moves = list(board.generate_legal_moves())
    board.reset_move_generator()
    if depth == 1:
        return len(moves)
    return sum(compiled_perft(board.make_move_new(move, False), depth - 1) for move in moves)


def compared_perft(board: Any, python: chess.Board, depth: int) -> int:
    """Leaves to ``depth``, every node's legal moves and check compared with python-chess's.

    :raises AssertionError: at the first node where they differ, with its FEN.
    """
    moves = list(board.generate_legal_moves())
    board.reset_move_generator()
    ucis = sorted(str(move) for move in moves)
    assert ucis == sorted(move.uci() for move in python.generate_legal_moves()), python.fen()
    assert bool(board.is_check()) == python.is_check(), python.fen()
    if depth == 1:
        return len(moves)
    leaves = 0
    for move in moves:
        python.push(chess.Move.from_uci(str(move)))
        leaves += compared_perft(board.make_move_new(move, False), python, depth - 1)
        python.pop()
    return leaves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench perft", description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=5, choices=range(1, 6))
    parser.add_argument("--compare-nodes", type=int, default=20_000_000)
    args = parser.parse_args(argv)
    import rust_chess

    failed = 0
    for name, (fen, counts) in POSITIONS.items():
        for depth in range(1, args.depth + 1):
            start = time.process_time()
            board = rust_chess.Board.from_fen(fen)
            compared = counts[depth - 1] <= args.compare_nodes
            leaves = (compared_perft(board, chess.Board(fen), depth) if compared
                      else compiled_perft(board, depth))
            seconds = time.process_time() - start
            verdict = "ok" if leaves == counts[depth - 1] else "WRONG"
            failed += verdict != "ok"
            how = "every node compared with python-chess" if compared else "the count only"
            print(f"{name:11} depth {depth}: {leaves:>12,} leaves (published {counts[depth - 1]:>12,}) "
                  f"{verdict:5} {how}, {seconds:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
