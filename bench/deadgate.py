"""Could the 5.2.2 analysis run only when material or the pawn structure changes? (issue 36, item 2)

A gate would carry the static analysis's answer from one position to the next as long as no
capture, pawn move or loss of a castling right happens (the moves in between are reversible, so
the two positions are truly both dead or both alive). The gate gives the referee's answers only if
the analysis itself answers alike on such positions. This measures it: from every position of
CHA's set on which the referee would run the analysis (not insufficient material, pawns blocked, no
free queen, rook or knight), a random walk of reversible moves (pieces only, no capture, no
castling, no right lost), and at each step where the analysis would run again, its answer compared
with the walk's first.

``python -m bench.deadgate [--steps N] [--seed S]`` prints the counts and the first differences.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path

import chess

from arbiter.core.deduction import is_statically_unwinnable
from arbiter.core.unwinnable import are_pawns_blocked, has_free_heavy_piece

CHA = Path(__file__).resolve().parents[2] / "shared" / "data" / "cha" / "chasolver_positions.txt"


def is_analysed(board: chess.Board) -> bool:
    """Whether the referee's quick tests leave the position to the static analysis (``is_dead``)."""
    return not board.is_insufficient_material() and are_pawns_blocked(board) and not has_free_heavy_piece(board)


def is_proven_dead(board: chess.Board) -> bool:
    """The static analysis's answer for both sides, as ``is_dead`` asks it."""
    return is_statically_unwinnable(board) and is_statically_unwinnable(board.mirror())


def positions(path: Path) -> Iterator[chess.Board]:
    """CHA's positions (a line: the expected answer, then the four fields of a FEN)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) < 5 or line.startswith("#"):
            continue
        try:
            board = chess.Board(" ".join(fields[1:5]) + " 0 1")
        except ValueError:
            continue
        if board.is_valid():
            yield board


def reversible_moves(board: chess.Board) -> list[chess.Move]:
    """The legal moves after which the position before can come back (pieces only, no capture,
    no castling)."""
    return [move for move in board.legal_moves
            if board.piece_type_at(move.from_square) != chess.PAWN
            and not board.is_capture(move) and not board.is_castling(move)]


def walk(board: chess.Board, steps: int, rng: random.Random) -> tuple[int, list[str]]:
    """Positions where the analysis ran again along one walk, and those answering otherwise."""
    first, ran, differ = is_proven_dead(board), 0, []
    for _ in range(steps):
        moves = reversible_moves(board)
        if not moves:
            break
        rights = board.castling_rights
        board.push(rng.choice(moves))
        if board.castling_rights != rights:
            break
        if is_analysed(board):
            ran += 1
            if is_proven_dead(board) != first:
                differ.append(f"{'dead' if first else 'not proven'} at the start, then {board.fen()}")
    return ran, differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.deadgate")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    starts = ran = 0
    differences: list[str] = []
    for board in positions(CHA):
        if not is_analysed(board):
            continue
        starts += 1
        count, differ = walk(board, args.steps, rng)
        ran += count
        differences += differ
    print(f"{starts} CHA positions analysed by the referee; {ran} positions along reversible walks; "
          f"{len(differences)} answered otherwise than the walk's start")
    for line in differences[:10]:
        print(" ", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
