"""The pieces as they stand, drawn in text: one line a rank, White at the bottom."""

from __future__ import annotations

import chess


def board_text(standing: chess.BaseBoard, indent: str = "    ") -> str:
    """The pieces as they stand, White at the bottom, files and ranks marked."""
    rows = []
    for rank in range(7, -1, -1):
        cells = []
        for file in range(8):
            piece = standing.piece_at(chess.square(file, rank))
            cells.append(piece.symbol() if piece else ".")
        rows.append(f"{indent}{rank + 1} {' '.join(cells)}")
    rows.append(f"{indent}  a b c d e f g h")
    return "\n".join(rows)
