"""Writes examples/audit/games.pgn (200+ games) and examples/audit/expected.json (the findings
planted in each game), deterministically: python -m bench.make_audit_corpus."""

from __future__ import annotations

import json
import random
from pathlib import Path

import chess
import chess.pgn

from arbiter.files.audit import audit_text

OUT = Path(__file__).resolve().parent.parent / "examples" / "audit"


def _random_moves(board: chess.Board, rng: random.Random, plies: int) -> list[chess.Move]:
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal or board.is_game_over(claim_draw=True):
            break
        move = rng.choice(legal)
        moves.append(move)
        board.push(move)
    return moves


def _pgn(headers: dict[str, str], start: chess.Board, sans: list[str], result: str,
         clocks: list[str] | None = None) -> str:
    tags = "".join(f'[{k} "{v}"]\n' for k, v in headers.items())
    if start.fen() != chess.STARTING_FEN:
        tags += f'[FEN "{start.fen()}"]\n[SetUp "1"]\n'
    parts = []
    number, white = start.fullmove_number, start.turn == chess.WHITE
    for index, san in enumerate(sans):
        if white:
            parts.append(f"{number}. {san}")
        elif index == 0:
            parts.append(f"{number}... {san}")
        else:
            parts.append(san)
        if clocks and index < len(clocks) and clocks[index]:
            parts.append("{ [%clk " + clocks[index] + "] }")
        if not white:
            number += 1
        white = not white
    return f"{tags}[Result \"{result}\"]\n\n{' '.join(parts)} {result}\n\n"


def clean(rng: random.Random, number: int) -> str:
    """A short random game with nothing the Laws object to (checked by the auditor itself)."""
    while True:
        board = chess.Board()
        moves = _random_moves(board, rng, rng.randint(10, 40))
        replay = chess.Board()
        sans = []
        for move in moves:
            sans.append(replay.san(move))
            replay.push(move)
        text = _pgn({"Event": "Generated", "Round": str(number), "White": f"W{number}", "Black": f"B{number}"},
                    chess.Board(), sans, "*")
        if not audit_text((number, text)).findings:
            return text


def illegal(rng: random.Random, number: int, blitz: bool) -> str | None:
    """A game with one move that leaves or puts the own king in check, then legal moves on."""
    board = chess.Board()
    sans = []
    for move in _random_moves(board.copy(), rng, 30):
        illegal_moves = [m for m in board.generate_pseudo_legal_moves() if not board.is_legal(m)
                         and not board.is_castling(m)]
        if illegal_moves and len(sans) >= 6:
            bad = rng.choice(illegal_moves)
            piece = board.piece_at(bad.from_square)
            assert piece is not None
            letter = "" if piece.piece_type == chess.PAWN else piece.symbol().upper()
            origin = chess.square_name(bad.from_square)
            capture = "x" if board.piece_at(bad.to_square) else ""
            sans.append(f"{letter}{origin}{capture}{chess.square_name(bad.to_square)}")
            board.push(bad)
            for _ in range(4):
                legal = [m for m in board.legal_moves if board.piece_type_at(m.to_square) != chess.KING]
                if not legal:
                    break
                follow = rng.choice(legal)
                sans.append(board.san(follow))
                board.push(follow)
            break
        sans.append(board.san(move))
        board.push(move)
    else:
        return None
    headers = {"Event": "Generated", "Round": str(number), "White": f"W{number}", "Black": f"B{number}"}
    if blitz:
        headers["TimeControl"] = "180+2"
    text = _pgn(headers, chess.Board(), sans, "*")
    kinds = {finding.kind for finding in audit_text((number, text)).findings}
    return text if kinds == {"illegal-move"} else None


PLANTED = {
    "mate-ran-past": (["f3", "e5", "g4", "Qh4#", "Nc3"], "0-1", None, {"ran-past-ending"}),
    "mate-wrong-result": (["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"], "0-1", None, {"result-contradicted"}),
    "repetition-claimable": (["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "e4"], "*", None,
                             {"could-claim-threefold"}),
}


#: Real games, written down move by move: famous, and clean (the audit must find nothing).
FAMOUS = {
    "Anderssen - Kieseritzky, London 1851 (the Immortal Game)": (
        "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 "
        "h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#", "1-0"),
    "Morphy - Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game)": (
        "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 "
        "O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#", "1-0"),
}


def main() -> None:
    rng = random.Random(20261130)
    texts: list[str] = []
    expected: list[list[str]] = []
    number = 0
    for index in range(210):
        number += 1
        plant = index % 7 if index >= 150 else None
        text: str | None = None
        kinds: set[str] = set()
        if plant in (0, 1):
            for _ in range(50):
                text = illegal(rng, number, blitz=plant == 1)
                if text is not None:
                    break
            kinds = {"illegal-move"}
        elif plant in (2, 3, 4):
            name = ("mate-ran-past", "mate-wrong-result", "repetition-claimable")[plant - 2]
            sans, result, _, kinds = PLANTED[name]
            text = _pgn({"Event": name, "Round": str(number), "White": f"W{number}", "Black": f"B{number}"},
                        chess.Board(), sans, result)
        elif plant == 5:
            start = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 40")
            text = _pgn({"Event": "flag-vs-lone-king", "Round": str(number), "White": f"W{number}",
                         "Black": f"B{number}", "Termination": "time forfeit"}, start, ["Kd2"], "0-1",
                        ["0:00:00"])
            kinds = {"should-be-draw"}
        elif plant == 6:
            start = chess.Board("4k3/8/3n4/8/8/8/8/Q3K3 w - - 0 50")
            text = _pgn({"Event": "resign-vs-knight", "Round": str(number), "White": f"W{number}",
                         "Black": f"B{number}"}, start, ["Kd2"], "0-1")
            kinds = {"should-be-draw"}
        if text is None:
            text, kinds = clean(rng, number), set()
        texts.append(text)
        expected.append(sorted(kinds))
    for name, (moves, result) in FAMOUS.items():
        number += 1
        white, black = name.split(",")[0].split(" - ")
        texts.append(_pgn({"Event": name, "Round": str(number), "White": white, "Black": black},
                          chess.Board(), moves.split(), result))
        expected.append([])
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "games.pgn").write_text("".join(texts), encoding="utf-8")
    (OUT / "expected.json").write_text(json.dumps(expected, indent=0), encoding="utf-8")
    print(f"wrote {len(texts)} games to {OUT / 'games.pgn'}")


if __name__ == "__main__":
    main()
