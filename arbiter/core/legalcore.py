"""The legal core (issue 36, ``docs/core.md``): the per-move work on the compiled rust-chess where it
is installed and the game is standard chess; each function answers None where it cannot, and
python-chess answers then, the same. Nothing above ``core`` imports the compiled library: this
module is the one door to it. ``ARBITER_CORE=python`` forces python-chess. The differential
test of the compiled library against python-chess (``tests/test_legalcore.py``) has its own
harness of both (``tests/legalcores.py``).
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any, TypeVar

import chess

#: A move in plain SAN, as the compiled core is given it: a piece move or a pawn's, or castling.
_STRICT_SAN = re.compile(
    r"(?:(?P<piece>[NBRQK])(?P<file>[a-h])?(?P<rank>[1-8])?(?P<takes>x)?(?P<to>[a-h][1-8])"
    r"|(?:(?P<pawn_file>[a-h])x)?(?P<pawn_to>[a-h][1-8])(?:=?(?P<promotion>[NBRQ]))?"
    r"|(?P<castle>O-O(?:-O)?))[+#]?")


def _is_switched_off() -> bool:
    """Whether ``ARBITER_CORE=python`` asks for python-chess alone."""
    return os.environ.get("ARBITER_CORE", "").lower() == "python"


def _load_in_main_thread() -> Any:
    """rust-chess, imported now if this is the interpreter's main thread; None if it is not
    installed, or if this is another thread.

    rust-chess 0.4.3's library must be loaded by a thread that lives as long as the process: loaded
    by a thread that then ended (the web server's worker threads, first to ask for it), the next
    thread made on that thread's reused stack crashed in its first call (a segmentation fault
    reading the library's thread-local data; ``tests/test_legalcore.py`` has the six lines that
    show it in a process of their own). Loaded by the main thread, it serves every thread: pyo3
    holds the GIL through each call, so no two threads are ever inside it at once.
    """
    if threading.current_thread() is not threading.main_thread():
        return None
    try:
        import rust_chess
    except ImportError:
        return None
    return rust_chess


#: rust-chess, once the main thread has loaded it (at this module's import, or at the first
#: question asked in the main thread); None until then, where it is not installed, or switched off.
_RUST: Any = None if _is_switched_off() else _load_in_main_thread()


def is_compiled_available() -> bool:
    """Whether rust-chess is installed here, loaded by the main thread (:func:`_load_in_main_thread`)
    and not switched off (``ARBITER_CORE=python``)."""
    if _RUST is None and threading.current_thread() is not threading.main_thread():
        return False  # not loaded by the main thread yet: asked again later, it may be
    return _is_available()


@cache
def _is_available() -> bool:
    global _RUST
    if _is_switched_off():
        return False
    _RUST = _RUST or _load_in_main_thread()
    return _RUST is not None


#: rust-chess's piece types (pawn 0 to king 5) as python-chess numbers them (pawn 1 to king 6).
_PIECE_TYPES = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)
_FILES = "abcdefgh"


@lru_cache(maxsize=4096)
def _plain_san(san: str) -> tuple[str, int, int, int, int, bool, int] | None:
    """The plain SAN text as the compiled core is given it, and what it names, in python-chess's
    numbers: castling (``"O-O"``, ``"O-O-O"``, else ``""``), the piece type, the origin's file and
    rank (-1 when not written), the destination, whether it captures (pawns: whether a file of
    origin is written) and the promotion (0 for none); None for a text that is not plain SAN
    (rust-chess reads laxly: ``e2e4e2e4`` as ``e2e4``)."""
    found = _STRICT_SAN.fullmatch(san)
    if found is None:
        return None
    text = san.replace("=", "").rstrip("+#")
    castle = found.group("castle")
    if castle:
        return text, 0, -1, -1, -1, False, 0
    letter = found.group("piece")
    if letter:
        file, rank = found.group("file"), found.group("rank")
        return (text, chess.PIECE_SYMBOLS.index(letter.lower()), _FILES.index(file) if file else -1,
                int(rank) - 1 if rank else -1, chess.SQUARE_NAMES.index(found.group("to")), bool(found.group("takes")),
                0)
    pawn_file, promotion = found.group("pawn_file"), found.group("promotion")
    return (text, chess.PAWN, _FILES.index(pawn_file) if pawn_file else -1, -1,
            chess.SQUARE_NAMES.index(found.group("pawn_to")), bool(pawn_file),
            chess.PIECE_SYMBOLS.index(promotion.lower()) if promotion else 0)


def fast_read(fast: Any, san: str) -> tuple[Any, chess.Move] | None:
    """The legal move the plain SAN text names on the compiled board ``fast``, checked against the
    text: the core's own move and the same move as python-chess's (made of the squares and the
    promotion the text named, not asked of the core's move again); None where it reads none or
    reads it otherwise than python-chess would (then python-chess's reader answers, and says why).

    rust-chess reads some texts python-chess refuses (Kg1 as castling, O-O as any piece's e1-g1,
    a pawn's push as an en-passant capture): the move read must be the one the text names, its
    castling, piece, origin's file or rank, capture, destination and promotion.
    """
    plain = _plain_san(san)
    if plain is None:
        return None
    text, piece, file, rank, target, takes, promotion = plain
    try:
        move = fast.get_move_from_san(text)
        origin = int(move.source)
        # Only a king's move is castling: asked of castling and a king's text (Kg1 read as castling
        # is python-chess's to refuse); any other piece's text read as a king's move fails below.
        if (not piece or piece == chess.KING) and fast.is_castling(move):
            if not piece:
                dest = int(move.dest)
                if (dest & 7 > origin & 7) == (text == "O-O"):
                    return move, chess.Move(origin, dest)
            return None
        if not piece:
            return None
        kind, promoted = fast.get_piece_type_on(move.source), move.promotion
        if (kind is None or _PIECE_TYPES[int(kind)] != piece or int(move.dest) != target
                or (file >= 0 and origin & 7 != file) or (rank >= 0 and origin >> 3 != rank)
                or (_PIECE_TYPES[int(promoted)] if promoted is not None else 0) != promotion):
            return None
        if piece == chess.PAWN and not takes:
            if origin & 7 != target & 7 or fast.is_capture(move):
                return None
        elif piece != chess.PAWN and bool(fast.is_capture(move)) != takes:
            return None
        return move, chess.Move(origin, target, promotion or None)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - no such move; an unwinding Rust panic (PanicException) is no Exception
        return None


#: A move in UCI as python-chess's ``parse_uci`` reads one (a lower-case promotion letter).
_UCI = re.compile(r"[a-h][1-8][a-h][1-8][qrbn]?")
_RANKS = frozenset("12345678")


def fast_uci(fast: Any, text: str) -> Any | None:
    """The legal move the UCI text names on the compiled board ``fast`` (castling as the king's
    two steps, ``e1g1``), as python-chess's ``parse_uci`` would read it; None where it names no
    legal move or is no UCI (then python-chess's reader answers, and says why)."""
    if _UCI.fullmatch(text) is None:
        return None
    try:
        move = _RUST.Move(text)
        return move if fast.is_legal_move(move) else None
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - an unwinding Rust panic (PanicException) is no Exception
        return None


def fast_move(fast: Any, text: str) -> tuple[Any, chess.Move] | None:
    """The legal move a ``play`` text names, in UCI (:func:`fast_uci`) or plain SAN
    (:func:`fast_read`): the core's own and python-chess's; None where python-chess's readers must
    answer."""
    # UCI has four or five characters, the second a rank: the pattern is asked of no other text
    if len(text) >= 4 and text[1] in _RANKS and _UCI.fullmatch(text) is not None:
        move = fast_uci(fast, text)
        return (move, chess.Move.from_uci(text)) if move is not None else None
    return fast_read(fast, text)


def fast_push(fast: Any, move: chess.Move | Any) -> Any:
    """The compiled board after the legal ``move`` (python-chess's, or the core's own from
    :func:`fast_read`; a new board: the old one is not changed), or None if the core cannot make it.

    rust-chess checks the move again (50 ns): an illegal move made unchecked is a Rust panic,
    which ends the process; checked, it is an error, and python-chess answers."""
    try:
        if isinstance(move, chess.Move):  # made of its squares: no UCI written and read again
            rust = _RUST
            promotion = rust.PIECE_TYPES[move.promotion - 1] if move.promotion else None
            move = rust.Move(rust.SQUARES[move.from_square], rust.SQUARES[move.to_square], promotion)
        return fast.make_move_new(move, True)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - an unwinding Rust panic (PanicException) is no Exception
        return None


def fast_can_move(fast: Any, board: chess.Board, square: chess.Square) -> bool | None:
    """Whether the piece on ``square`` has a legal move, asked of the compiled board ``fast`` of
    ``board``'s position (python-chess's ``generate_legal_moves(from_mask=...)`` is not asked): every
    square the piece's kind may reach from there, by python-chess's attacks (a pawn: its steps and
    captures, a promotion to a queen for all of them on its last rank), tried on the core's
    legality until one is legal. Where the side is not in check and the piece (no king) is not
    pinned (the core's checkers and pinned pieces), every move of its kind is legal: its targets
    answer, a pawn's free step or capture (en passant, which may uncover a check along the rank,
    is still tried). A piece of the side not to move, or an empty square: False, as python-chess
    answers. None where python-chess must answer: a king with no plain move (castling left to
    python-chess), or the core failing."""
    color = board.turn
    bit = chess.BB_SQUARES[square]
    if not board.occupied_co[color] & bit:
        return False
    piece = board.piece_type_at(square)
    rust = _RUST
    squares = rust.SQUARES
    promotion = None
    if piece == chess.PAWN:
        step = 8 if color else -8
        if not 0 <= square + step < 64:
            return None  # a pawn on its last rank: no position the core holds has one
        targets = chess.BB_PAWN_ATTACKS[color][square] | chess.BB_SQUARES[square + step]
        if bit & (chess.BB_RANK_2 if color else chess.BB_RANK_7):
            targets |= chess.BB_SQUARES[square + 2 * step]
        elif bit & (chess.BB_RANK_7 if color else chess.BB_RANK_2):
            promotion = rust.QUEEN  # any promotion is legal where the queen's is
    else:
        targets = board.attacks_mask(square) & ~board.occupied_co[color]
    origin = squares[square]
    try:
        if piece != chess.KING and not int(fast.get_checkers_bitboard()) and not int(fast.get_pinned_bitboard()) & bit:
            # Not in check and not pinned: every move its kind makes is legal. A piece's targets,
            # or a pawn's step or capture, answer at once; a pawn with neither may still take en
            # passant (which can uncover a check along the rank): tried below.
            if piece != chess.PAWN:
                return bool(targets)
            if (chess.BB_PAWN_ATTACKS[color][square] & board.occupied_co[not color]
                    or not board.occupied & chess.BB_SQUARES[square + step]):
                return True
            ep_square = board.ep_square
            if ep_square is None or not chess.BB_PAWN_ATTACKS[color][square] & chess.BB_SQUARES[ep_square]:
                return False
        for target in chess.scan_forward(targets):
            if fast.is_legal_move(rust.Move(origin, squares[target], promotion)):
                return True
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - an unwinding Rust panic (PanicException) is no Exception
        return None
    return None if piece == chess.KING else False


def fast_can_capture(fast: Any, board: chess.Board, square: chess.Square,
                     by: chess.Square | None = None) -> bool | None:
    """Whether the side to move can capture the opponent's piece on ``square`` (with its piece on
    ``by`` if given), asked of the compiled board ``fast`` of ``board``'s position: every piece of
    the side attacking the square (python-chess's ``attackers_mask``), a pawn taking on its last
    rank as a queen, and the pawns that may take it en passant, tried on the core's legality until
    one is legal (python-chess's legal captures are not generated). None where python-chess must
    answer: no opponent's piece on ``square``, a king there, or the core failing."""
    color = board.turn
    target_bit = chess.BB_SQUARES[square]
    if not board.occupied_co[not color] & target_bit or board.kings & target_bit:
        return None
    ours = board.occupied_co[color] & (chess.BB_SQUARES[by] if by is not None else chess.BB_ALL)
    rust = _RUST
    squares = rust.SQUARES
    candidates = [(origin, square) for origin in chess.scan_forward(board.attackers_mask(color, square) & ours)]
    ep_square = board.ep_square
    if ep_square is not None and board.pawns & target_bit and square == ep_square + (-8 if color else 8):
        candidates += [(origin, ep_square) for origin in
                       chess.scan_forward(chess.BB_PAWN_ATTACKS[not color][ep_square] & board.pawns & ours)]
    last_rank = chess.BB_RANK_8 if color else chess.BB_RANK_1
    try:
        for origin, to in candidates:
            promoting = board.pawns & chess.BB_SQUARES[origin] and last_rank & chess.BB_SQUARES[to]
            promotion = rust.QUEEN if promoting else None  # any promotion is legal where the queen's is
            if fast.is_legal_move(rust.Move(squares[origin], squares[to], promotion)):
                return True
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - an unwinding Rust panic (PanicException) is no Exception
        return None
    return False


def fast_is_legal(fast: Any, move: chess.Move) -> bool | None:
    """Whether python-chess's ``move`` is legal on the compiled board ``fast``; None if the core
    cannot say."""
    rust = _RUST
    squares = rust.SQUARES
    try:
        promotion = rust.PIECE_TYPES[move.promotion - 1] if move.promotion else None
        return bool(fast.is_legal_move(rust.Move(squares[move.from_square], squares[move.to_square], promotion)))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - an unwinding Rust panic (PanicException) is no Exception
        return None


def fast_is_stuck(fast: Any) -> bool | None:
    """Whether the side to move has no legal move (mate or stalemate); None if the core cannot say."""
    try:
        return bool(fast.is_checkmate() or fast.is_stalemate())
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - an unwinding Rust panic (PanicException) is no Exception
        return None


def fast_check(fast: Any) -> str | None:
    """The sign SAN gives the move that led to the compiled board ``fast``: ``"#"`` mate, ``"+"``
    check, ``""`` neither; None if the core cannot say."""
    try:
        return ("#" if fast.is_checkmate() else "+") if fast.is_check() else ""
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - an unwinding Rust panic (PanicException) is no Exception
        return None


def mirror_push(board: chess.Board, after: Any, move: chess.Move, piece: chess.PieceType | None = None,
                taken: chess.PieceType | None = None) -> None:
    """Leave ``board`` (python-chess's) as python-chess's ``push(move)`` would, but for its move
    stack, without python-chess's push: ``after`` is the compiled board the legal ``move`` led to
    from ``board``'s position, and the pieces of each kind the move may have changed (the one
    moved, the one taken, the one promoted to, a rook when the king moves) and the castling
    rights are copied from it; the side to move, the en-passant square and the counters are set as
    python-chess sets them (it names the square behind every pawn's double step, rust-chess only
    one a pawn stands next to). The audit replays a game so (issue 36); a push can still follow,
    and be taken back with ``pop``.

    python-chess's marks of promoted pieces are not kept: ``board`` must have none to begin with
    (a FEN may mark pieces, ``Q~``, and python-chess's push moves the marks with them); a promotion
    made here leaves none, which changes nothing python-chess answers (a mark hides only a king
    from it, and no king is promoted). ``piece`` and ``taken``: the kinds of the piece moved and of
    the one standing on the target square (None: none), when the caller has read them already."""
    rust = _RUST
    origin, target = move.from_square, move.to_square
    turn = board.turn
    moved = chess.BB_SQUARES[origin] | chess.BB_SQUARES[target]
    if piece is None:
        piece, taken = board.piece_type_at(origin), board.piece_type_at(target)
    if piece is None:
        raise ValueError(f"no piece on {chess.square_name(origin)}: {move.uci()} is no legal move")
    if piece == chess.PAWN or taken:  # python-chess's is_zeroing
        board.halfmove_clock = 0
    else:
        board.halfmove_clock += 1
    board.ep_square = (origin + target) >> 1 if piece == chess.PAWN and abs(target - origin) == 16 else None
    if not turn:
        board.fullmove_number += 1
    board.turn = not turn
    kinds = after.get_piece_type_bitboard
    setattr(board, _BITBOARDS[piece], int(kinds(rust.PIECE_TYPES[piece - 1])))
    if taken:
        setattr(board, _BITBOARDS[taken], int(kinds(rust.PIECE_TYPES[taken - 1])))
    if move.promotion:
        setattr(board, _BITBOARDS[move.promotion], int(kinds(rust.PIECE_TYPES[move.promotion - 1])))
    if piece == chess.KING:
        board.rooks = int(kinds(rust.ROOK))
    colors = board.occupied_co
    colors[turn] = int(after.get_color_bitboard(rust.WHITE if turn else rust.BLACK))
    if taken or piece == chess.PAWN and (origin ^ target) & 7:  # a capture, en passant too (its pawn: the mover's kind)
        colors[not turn] = int(after.get_color_bitboard(rust.BLACK if turn else rust.WHITE))
    board.occupied = colors[chess.WHITE] | colors[chess.BLACK]
    if piece == chess.KING or moved & board.castling_rights:
        # rust-chess's rights: 2 the king's side, 1 the queen's; python-chess's: the rooks' squares
        board.castling_rights = (_CASTLING[int(after.get_castle_rights(rust.WHITE))]
                                 | _CASTLING[int(after.get_castle_rights(rust.BLACK))] << 56)


#: python-chess's attribute of each piece type's squares.
_BITBOARDS = ("", "pawns", "knights", "bishops", "rooks", "queens", "kings")
#: A side's castling rights as the squares of its rooks on the first rank (rust-chess's number:
#: 0 none, 1 the queen's side, 2 the king's, 3 both).
_CASTLING = (chess.BB_EMPTY, chess.BB_A1, chess.BB_H1, chess.BB_A1 | chess.BB_H1)


def fast_board(board: chess.Board) -> Any:
    """The compiled core's board of ``board``, or None where it cannot hold it or is not loaded
    (:func:`is_compiled_available`): an invalid
    position (a king missing, the side not to move in check, after an illegal move stood), or a
    king a FEN marks as promoted (``k~``: python-chess does not count a king so marked; rust-chess
    knows no marks, and other pieces' marks change nothing it answers).

    It keeps no history (``RepetitionDetectionMode.NONE``: repetitions are the program's
    business, 9.2) and its fifty-move count is 0 (9.3 and 9.6.2 are python-chess's business here):
    rust-chess 0.4.3 indexes that history by that count, and a count above the moves it has seen
    is a Rust panic, which in this build ends the process (no Python exception to catch). The core
    answers only legality, check, mate and stalemate.
    """
    if _RUST is None or not board.is_valid() or board.promoted & board.kings:
        return None
    rust = _RUST
    none = rust.RepetitionDetectionMode.NONE
    if board.turn and board.ep_square is None and board.castling_rights == chess.BB_CORNERS \
            and _pieces(board) == _STARTING_PIECES:  # most games: python-chess's FEN costs 26 µs
        return _guarded(lambda: rust.Board(None, none))
    fields = board.fen().split()
    fields[4] = "0"
    return _guarded(lambda: rust.Board.from_fen(" ".join(fields), none))


def _pieces(board: chess.Board) -> tuple[int, ...]:
    return (board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.pawns, board.knights,
            board.bishops, board.rooks, board.queens, board.kings)


#: The pieces of the starting position, as :func:`_pieces` gives them.
_STARTING_PIECES = _pieces(chess.Board())


T = TypeVar("T")


def _guarded(ask: Callable[[], T]) -> T | None:
    """What the compiled core answers, or None if it fails: python-chess answers then. It fails
    with an error (a text it reads as no move, a move it finds illegal); a Rust panic reaches
    Python as pyo3's ``PanicException`` (a ``BaseException``) only in a build that unwinds, and
    rust-chess 0.4.3's wheel aborts instead, so the program never leads it to the panics known
    (:func:`fast_board`, :func:`fast_push`). The functions
    called once a move (``fast_read``, ``fast_push``, ``fast_is_stuck``, ``fast_check``) write the
    same guard inline: a lambda and a call for each question cost the audit 7 % of its time."""
    try:
        return ask()
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # noqa: BLE001 - pyo3's PanicException is no Exception
        return None
