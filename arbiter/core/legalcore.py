"""The legal core (issue 36, ``docs/core.md``): one position and the legal play from it, on the
compiled rust-chess where it is installed and the game is standard chess, else on python-chess
with the same answers. Nothing above ``core`` imports the compiled library: this module is the one
door to it.

A core answers in UCI text (``e2e4``, ``a7a8q``; castling as the king's move, ``e1g1``) and
python-chess's square numbers, so that its two implementations are interchangeable and compared
move by move (``tests/test_legalcore.py``). ``ARBITER_CORE=python`` forces python-chess.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, Protocol, TypeVar

import chess

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


#: A move in plain SAN, as the compiled core is given it: a piece move or a pawn's, or castling.
_STRICT_SAN = re.compile(
    r"(?:(?P<piece>[NBRQK])(?P<file>[a-h])?(?P<rank>[1-8])?(?P<takes>x)?(?P<to>[a-h][1-8])"
    r"|(?:(?P<pawn_file>[a-h])x)?(?P<pawn_to>[a-h][1-8])(?:=?(?P<promotion>[NBRQ]))?"
    r"|(?P<castle>O-O(?:-O)?))[+#]?")


@cache
def is_compiled_available() -> bool:
    """Whether rust-chess is installed here and not switched off (``ARBITER_CORE=python``)."""
    if os.environ.get("ARBITER_CORE", "").lower() == "python":
        return False
    try:
        import rust_chess  # noqa: F401
    except ImportError:
        return False
    return True


def core_for(fen: str = chess.STARTING_FEN, chess960: bool = False) -> LegalCore:
    """A core for the standard-chess position ``fen``: compiled where it can be, python-chess for
    Chess960 (which rust-chess does not know) and where rust-chess is not installed."""
    if chess960 or not is_compiled_available():
        return PythonCore(fen)
    return RustCore(fen)


def _is_named_by(board: chess.Board, move: chess.Move, san: re.Match[str]) -> bool:
    """Whether ``move`` (the compiled core's reading) is what the plain SAN ``san`` names: its
    castling, piece, origin's file or rank, capture, destination and promotion. rust-chess reads
    some texts python-chess refuses (Kg1 as castling, O-O as any piece's e1-g1, a pawn's push as
    an en-passant capture): those go to python-chess's reader."""
    castles = board.is_castling(move)
    if san.group("castle"):
        return castles and (chess.square_file(move.to_square) > chess.square_file(move.from_square)) == (
            san.group("castle") == "O-O")
    if castles:
        return False
    piece = board.piece_type_at(move.from_square)
    file_of = chess.square_file(move.from_square)
    if san.group("piece"):
        return (piece == chess.PIECE_SYMBOLS.index(san.group("piece").lower())
                and chess.square_name(move.to_square) == san.group("to")
                and (not san.group("file") or file_of == "abcdefgh".index(san.group("file")))
                and (not san.group("rank") or chess.square_rank(move.from_square) == int(san.group("rank")) - 1)
                and bool(san.group("takes")) == board.is_capture(move) and move.promotion is None)
    promotion = san.group("promotion")
    return (piece == chess.PAWN and chess.square_name(move.to_square) == san.group("pawn_to")
            and (file_of == "abcdefgh".index(san.group("pawn_file")) if san.group("pawn_file")
                 else file_of == chess.square_file(move.to_square) and not board.is_capture(move))
            and move.promotion == (chess.PIECE_SYMBOLS.index(promotion.lower()) if promotion else None))


def fast_push(fast: Any, move: chess.Move) -> Any:
    """The compiled board after the legal ``move`` (a new board: the old one is not changed), or
    None if the core cannot make it."""
    import rust_chess

    return _guarded(lambda: fast.make_move_new(rust_chess.Move(move.uci()), False))


def fast_is_stuck(fast: Any) -> bool | None:
    """Whether the side to move has no legal move (mate or stalemate); None if the core cannot say."""
    return _guarded(lambda: bool(fast.is_checkmate() or fast.is_stalemate()))


def fast_san(fast: Any, board: chess.Board, san: str) -> chess.Move | None:
    """The legal move the plain SAN text names, read by the compiled core on ``fast`` (the compiled
    board of ``board``), checked against the text; None where it reads none or reads it otherwise
    than python-chess would (then python-chess's reader answers, and says why)."""
    strict = _STRICT_SAN.fullmatch(san)
    if strict is None:  # rust-chess reads laxly (e2e4e2e4 as e2e4): only plain SAN is given to it
        return None
    text = san.replace("=", "").rstrip("+#")
    found = _guarded(lambda: str(fast.get_move_from_san(text)))
    if found is None:
        return None
    move = chess.Move.from_uci(found)
    return move if _is_named_by(board, move, strict) else None


def fast_board(board: chess.Board) -> Any:
    """The compiled core's board of ``board``, or None where it cannot hold it (an invalid
    position: a king missing, the side not to move in check, after an illegal move stood).

    Its fifty-move count is set to 0: rust-chess 0.4.3 indexes its history by that count and
    panics on a position given with a count above the moves it has seen; the count is python-chess's
    business here (9.3, 9.6.2), the core answers only legality, check, mate and stalemate.
    """
    if not board.is_valid():
        return None
    import rust_chess

    fields = board.fen().split()
    fields[4] = "0"
    return _guarded(lambda: rust_chess.Board.from_fen(" ".join(fields)))


T = TypeVar("T")


def _guarded(ask: Callable[[], T]) -> T | None:
    """What the compiled core answers, or None if it fails (an error, or a panic of the Rust
    code, which reaches Python as a ``BaseException``): python-chess answers then."""
    try:
        return ask()
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - pyo3's PanicException is no Exception
        return None
