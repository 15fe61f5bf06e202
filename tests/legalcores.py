"""The harness of the differential test of the legal core (issue 36, ``tests/test_legalcore.py``):
one interface, :class:`LegalCore` (legal moves, legality, push, check, the status, SAN read), on
python-chess and on rust-chess, so that the two are compared position by position. The program
does not use it: its per-move work goes through :mod:`arbiter.core.legalcore`.

A core answers in UCI text (``e2e4``, ``a7a8q``; castling as the king's move, ``e1g1``).
"""

from __future__ import annotations

import re
from typing import Literal, Protocol

import chess

from arbiter.core.legalcore import is_compiled_available

Status = Literal["ongoing", "checkmate", "stalemate", "insufficient-material"]
#: A SAN move but castling, its signs taken off: piece, origin's file and rank, destination, promotion.
_SAN = re.compile(r"([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])([NBRQ])?")


class LegalCore(Protocol):
    """One position and its legal play."""

    def legal_moves(self) -> list[str]:
        """Every legal move, in UCI."""
        ...

    def is_legal(self, uci: str) -> bool:
        """Whether the move ``uci`` is legal here."""
        ...

    def push(self, uci: str) -> None:
        """Make the legal move ``uci``.

        :raises ValueError: if it is not a legal move here.
        """
        ...

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        ...

    def status(self) -> Status:
        """Mate, stalemate, insufficient material (python-chess's ``is_insufficient_material``:
        neither side can mate with the material left), or none of them."""
        ...

    def san_move(self, san: str) -> str | None:
        """The legal move the SAN text names (``Nf3``, ``exd5``, ``e8=Q+``, ``O-O``), in UCI; None
        if it names none."""
        ...

    def fen(self) -> str:
        """The position as FEN: its placement, side to move and castling as python-chess writes
        them; its en-passant field is the library's own (rust-chess names the pawn's square)."""
        ...


class PythonCore:
    """The core on python-chess."""

    __slots__ = ("board",)

    def __init__(self, fen: str = chess.STARTING_FEN) -> None:
        self.board = chess.Board(fen)

    def legal_moves(self) -> list[str]:
        return [move.uci() for move in self.board.generate_legal_moves()]

    def is_legal(self, uci: str) -> bool:
        try:
            return self.board.is_legal(chess.Move.from_uci(uci))
        except chess.InvalidMoveError:
            return False

    def push(self, uci: str) -> None:
        if not self.is_legal(uci):
            raise ValueError(f"illegal move {uci!r} in {self.board.fen()}")
        self.board.push(chess.Move.from_uci(uci))

    def is_check(self) -> bool:
        return self.board.is_check()

    def status(self) -> Status:
        if not any(self.board.generate_legal_moves()):
            return "checkmate" if self.board.is_check() else "stalemate"
        return "insufficient-material" if self.board.is_insufficient_material() else "ongoing"

    def san_move(self, san: str) -> str | None:
        try:
            return self.board.parse_san(san).uci()
        except ValueError:
            return None

    def fen(self) -> str:
        return self.board.fen()


class RustCore:
    """The core on rust-chess (a compiled bridge to the Rust ``chess`` crate)."""

    __slots__ = ("board", "_rust")

    def __init__(self, fen: str = chess.STARTING_FEN) -> None:
        import rust_chess

        self._rust = rust_chess
        self.board = rust_chess.Board.from_fen(fen)

    def legal_moves(self) -> list[str]:
        moves = [str(move) for move in self.board.generate_legal_moves()]
        self.board.reset_move_generator()
        return moves

    def is_legal(self, uci: str) -> bool:
        try:
            return bool(self.board.is_legal_move(self._rust.Move(uci)))
        except ValueError:
            return False

    def push(self, uci: str) -> None:
        self.board.make_move(self._rust.Move(uci))  # raises ValueError on an illegal move

    def is_check(self) -> bool:
        return bool(self.board.is_check())

    def status(self) -> Status:
        if self.board.is_checkmate():
            return "checkmate"
        if self.board.is_stalemate():
            return "stalemate"
        return "insufficient-material" if self.board.is_insufficient_material() else "ongoing"

    def san_move(self, san: str) -> str | None:
        # rust-chess reads "a8Q", not "a8=Q", and no check signs or zeros for castling
        text = san.replace("=", "").rstrip("+#!?").replace("0-0-0", "O-O-O").replace("0-0", "O-O")
        try:
            return str(self.board.get_move_from_san(text))
        except ValueError:
            return self._matching(text)  # rust-chess 0.4.3 reads no en-passant capture (fxe3)

    def _matching(self, text: str) -> str | None:
        """The one legal move whose piece, origin's file or rank, destination and promotion the
        SAN text names, or None."""
        found = _SAN.fullmatch(text)
        if found is None:
            return None
        piece, file, rank, target, promotion = found.groups()
        matching = []
        for uci in self.legal_moves():
            kind = self.board.get_piece_type_on(self._rust.Square.from_name(uci[:2]))
            if (str(kind) != (piece or "P") or uci[2:4] != target or (file and uci[0] != file)
                    or (rank and uci[1] != rank) or (uci[4:] or None) != (promotion.lower() if promotion else None)):
                continue
            matching.append(uci)
        return matching[0] if len(matching) == 1 else None

    def fen(self) -> str:
        return str(self.board.get_fen())




def core_for(fen: str = chess.STARTING_FEN, chess960: bool = False) -> LegalCore:
    """A core for the standard-chess position ``fen``: compiled where it can be, python-chess for
    Chess960 (which rust-chess does not know) and where rust-chess is not installed."""
    if chess960 or not is_compiled_available():
        return PythonCore(fen)
    return RustCore(fen)


