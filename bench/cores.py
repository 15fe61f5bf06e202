"""The compiled legal cores measured against python-chess (issue 36): the per-move work the Laws
need, on the same real moves, interleaved in one process, CPU time, medians with min-max.

For every game of the corpus, each candidate replays the game: per move, the move checked legal
and made, then whether the side to move is in check, has a legal move (mate, stalemate) and
whether the material is insufficient. A second figure: every legal move generated and listed
before each move (what the referee's touch-move and claims need). Each candidate's answers are
compared with python-chess's on every position (legal moves as UCI, check, the status).

``python -m bench.cores [--games N] [--repetitions R]`` prints the table; the choice and the
table are in ``bench/README.md`` and ``docs/core.md``.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import statistics
import time
from collections.abc import Callable, Sequence

import chess

from bench.games import CORPUS
from bench.sidebyside import load


def _ucis(games: int) -> list[list[str]]:
    found = []
    for game in load(CORPUS, games):
        board = chess.Board()
        moves = []
        for san in game.sans:
            move = board.parse_san(san)
            moves.append(move.uci())
            board.push(move)
        found.append(moves)
    return found


# -- the candidates: one game replayed, the Laws' per-move work ------------------------------------------


def _python_chess(moves: Sequence[str], listing: bool) -> None:
    board = chess.Board()
    for uci in moves:
        if listing:
            list(board.generate_legal_moves())
        move = chess.Move.from_uci(uci)
        if not board.is_legal(move):
            raise AssertionError(uci)
        board.push(move)
        board.is_check()
        any(board.generate_legal_moves())
        board.is_insufficient_material()


def _rust_chess(moves: Sequence[str], listing: bool) -> None:
    import rust_chess

    board = rust_chess.Board()
    for uci in moves:
        if listing:
            list(board.generate_legal_moves())
            board.reset_move_generator()
        board.make_move(rust_chess.Move(uci))  # checks legality
        board.is_check()
        board.get_status()  # mate, stalemate, insufficient material


def _cozy_chess(moves: Sequence[str], listing: bool) -> None:
    import cozy_chess

    board = cozy_chess.Board.startpos()
    for uci in moves:
        if listing:
            board.generate_moves()
        move = cozy_chess.Move.from_str(_cozy_uci(board, uci))
        if not board.try_play(move):
            raise AssertionError(uci)
        board.checkers()
        board.status()


def _cozy_uci(board: object, uci: str) -> str:
    """cozy-chess writes castling as the king taking its rook (e1h1)."""
    castling = {"e1g1": "e1h1", "e1c1": "e1a1", "e8g8": "e8h8", "e8c8": "e8a8"}
    if uci in castling:
        import cozy_chess

        piece = board.piece_on(cozy_chess.Square.from_str(uci[:2]))  # type: ignore[attr-defined]
        if piece is not None and str(piece) == "k":  # piece_on gives the kind, not the colour
            return castling[uci]
    return uci


def _cython_chess(moves: Sequence[str], listing: bool) -> None:
    import cython_chess

    board = chess.Board()
    for uci in moves:
        if listing:
            list(cython_chess.generate_legal_moves(board, chess.BB_ALL, chess.BB_ALL))
        move = chess.Move.from_uci(uci)
        if not board.is_legal(move):
            raise AssertionError(uci)
        board.push(move)
        board.is_check()
        any(cython_chess.generate_legal_moves(board, chess.BB_ALL, chess.BB_ALL))
        board.is_insufficient_material()


CANDIDATES: dict[str, tuple[str, Callable[[Sequence[str], bool], None]]] = {
    "python-chess": ("chess", _python_chess),
    "rust-chess": ("rust-chess", _rust_chess),
    "cozy-chess-py": ("cozy-chess-py", _cozy_chess),
    "cython-chess": ("cython-chess", _cython_chess),
}


def available() -> dict[str, str]:
    """The candidates installed here, with their versions."""
    found = {}
    for name, (distribution, run) in CANDIDATES.items():
        try:
            run(["e2e4"], True)
            found[name] = importlib.metadata.version(distribution)
        except Exception:  # noqa: BLE001 - a candidate that does not install or run here is left out
            continue
    return found


def interleaved(games: list[list[str]], names: Sequence[str], repetitions: int,
                listing: bool) -> dict[str, list[float]]:
    """Per candidate, its CPU seconds over the games, one total per repetition."""
    totals: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(repetitions):
        gc.collect()
        sums = dict.fromkeys(names, 0.0)
        for index, moves in enumerate(games):
            turn = index % len(names)
            for name in list(names[turn:]) + list(names[:turn]):
                run = CANDIDATES[name][1]
                start = time.process_time()
                run(moves, listing)
                sums[name] += time.process_time() - start
        for name in names:
            totals[name].append(sums[name])
    return totals


def agreement(games: list[list[str]]) -> dict[str, int]:
    """How many positions of the games each compiled candidate answers as python-chess does
    (legal moves, check, mate, stalemate, insufficient material), and how many it does not."""
    import rust_chess

    same = differ = 0
    for moves in games:
        board, fast = chess.Board(), rust_chess.Board()
        for uci in moves:
            legal = sorted(m.uci() for m in board.generate_legal_moves())
            theirs = sorted(str(m) for m in fast.generate_legal_moves())
            fast.reset_move_generator()
            status = (board.is_check(), board.is_checkmate(), board.is_stalemate(), board.is_insufficient_material())
            given = (fast.is_check(), fast.is_checkmate(), fast.is_stalemate(), fast.is_insufficient_material())
            if legal == theirs and status == given:
                same += 1
            else:
                differ += 1
            board.push(chess.Move.from_uci(uci))
            fast.make_move(rust_chess.Move(uci))
    return {"same": same, "differ": differ}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cores")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args(argv)
    games = _ucis(args.games)
    plies = sum(len(moves) for moves in games)
    versions = available()
    names = list(versions)
    print(f"{args.games} games, {plies} moves; the median of {args.repetitions} repetitions, CPU µs a move "
          "(min-max)")
    for listing in (False, True):
        totals = interleaved(games, names, args.repetitions, listing)
        what = "every legal move listed, then" if listing else "legality, push,"
        print(f"\n{what} check, mate, stalemate, insufficient material:")
        base = statistics.median(totals["python-chess"])
        for name in names:
            runs = [1e6 * total / plies for total in totals[name]]
            print(f"  {name:14} {versions[name]:10} {statistics.median(runs):7.2f}  ({min(runs):.2f}-{max(runs):.2f})"
                  f"  x{base / statistics.median(totals[name]):.1f} python-chess's speed")
    if "rust-chess" in versions:
        print("\nrust-chess against python-chess, position by position:", agreement(games))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
