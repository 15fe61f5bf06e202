"""Writes bench/corpus.pgn: 1,000 games played by a small deterministic engine of our own
(captures and checks first, otherwise a developing or central move, with a seeded random choice
among the best few), 40 to 160 plies each. python -m bench.make_corpus"""

from __future__ import annotations

import random
from pathlib import Path

import chess

OUT = Path(__file__).resolve().parent / "corpus.pgn"
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
CENTRE = chess.BB_CENTER | chess.SquareSet(chess.BB_RANK_3 | chess.BB_RANK_6).mask


def score(board: chess.Board, move: chess.Move, rng: random.Random) -> float:
    value = rng.random()
    captured = board.piece_type_at(move.to_square)
    if captured:
        value += 2 * VALUES[captured] - VALUES[board.piece_type_at(move.from_square) or chess.PAWN] / 2
    if board.gives_check(move):
        value += 1.5
    if move.promotion:
        value += 8
    if chess.BB_SQUARES[move.to_square] & CENTRE:
        value += 0.6
    if board.is_castling(move):
        value += 2
    if board.is_attacked_by(not board.turn, move.to_square) and not board.is_attacked_by(board.turn, move.to_square):
        value -= VALUES[board.piece_type_at(move.from_square) or chess.PAWN]
    return value


def game(rng: random.Random, number: int) -> str:
    board = chess.Board()
    plies = rng.randint(40, 160)
    sans = []
    while len(sans) < plies and not board.is_game_over(claim_draw=True):
        moves = sorted(board.legal_moves, key=lambda m: -score(board, m, rng))
        move = moves[0] if rng.random() < 0.7 else rng.choice(moves[:3])
        sans.append(board.san(move))
        board.push(move)
    result = board.result(claim_draw=True) if board.is_game_over(claim_draw=True) else "*"
    body = " ".join(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san for i, san in enumerate(sans))
    return f'[Event "Corpus"]\n[Round "{number}"]\n[White "A"]\n[Black "B"]\n[Result "{result}"]\n\n{body} {result}\n\n'


def main(count: int = 1000) -> None:
    rng = random.Random(1851)
    OUT.write_text("".join(game(rng, n) for n in range(1, count + 1)), encoding="utf-8")
    print(f"wrote {count} games to {OUT}")


if __name__ == "__main__":
    main()
