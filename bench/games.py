"""The games the benchmarks replay: the corpora (the engine games of ``bench/corpus.pgn``, the real
games of ``bench/real``) and the two forms of events a game's moves are given in (``play`` events,
and the long physical form). Both :mod:`bench.run` and :mod:`bench.sidebyside` read them here.
"""

from __future__ import annotations

from pathlib import Path

import chess

from arbiter.table.events import Event, parse_action

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus.pgn"


def event(actor: chess.Color, text: str) -> Event:
    """One event of ``actor`` written as in a scenario (``"play e4"``, ``"lift e2"``)."""
    return Event(actor, parse_action(text), text, None, None, None, None)


def physical(sans: list[str]) -> list[Event]:
    """The long form: lift, remove, place, release, put, press, as one hand does them."""
    board = chess.Board()
    events = []
    for san in sans:
        move = board.parse_san(san)
        a, b = chess.square_name(move.from_square), chess.square_name(move.to_square)
        color = board.turn
        if board.is_castling(move):
            rank = a[1]
            king_to, rook_from, rook_to = ("g", "h", "f") if board.is_kingside_castling(move) else ("c", "a", "d")
            steps = [f"lift {a}", f"place {king_to}{rank}", "release", f"lift {rook_from}{rank}",
                     f"place {rook_to}{rank}", "release"]
        elif move.promotion:
            letter = chess.piece_symbol(move.promotion).upper()
            steps = [f"remove {a}", *([f"remove {b}"] if board.piece_at(move.to_square) else []),
                     f"put {letter} {b}", "release"]
        elif board.is_en_passant(move):
            passed = chess.square_name(move.to_square + (-8 if color == chess.WHITE else 8))
            steps = [f"lift {a}", f"place {b}", "release", f"remove {passed}"]
        else:
            steps = [f"lift {a}", *([f"remove {b}"] if board.piece_at(move.to_square) else []), f"place {b}", "release"]
        events += [event(color, step) for step in [*steps, "press"]]
        board.push(move)
    return events


def plays(sans: list[str]) -> list[Event]:
    """Each move a ``play`` event of the side to move."""
    return [event(chess.WHITE if i % 2 == 0 else chess.BLACK, f"play {san}") for i, san in enumerate(sans)]


REAL = ("twic1599.pgn", "lichess-db-2025-05.pgn", "lichess-db-2013-01.pgn")


def real_corpus(smoke: bool) -> Path:
    """The real games in one file (written beside the others, as bench/smoke.pgn is)."""
    target = ROOT / "bench" / ("real-smoke.pgn" if smoke else "real-games.pgn")
    texts = [(ROOT / "bench" / "real" / name).read_text(encoding="utf-8-sig") for name in REAL]
    text = "\n\n".join(part.strip() for part in texts) + "\n"
    if smoke:
        text = "\n\n[Event".join(text.split("\n\n[Event")[:30]) + "\n"
    target.write_text(text, encoding="utf-8")
    return target
