"""CHA's fast check: a cheap proof that a side cannot mate, sound and incomplete.

After Miguel Ambrona's Chess Unwinnability Analyzer (see :mod:`arbiter.core.unwinnable`, whose
first phase it is). Where a proof must cost little (the audit's time-outs, a score's end) it runs
alone: the forced moves (a repetition among them); every line of four plies (seven with only pawns
and bishops) ending without a mate (:func:`is_dynamically_unwinnable`, which records in
:class:`Moved` what moved on the way); on quiet, mutually blocked pawn structures the same to
fifteen plies, the static analysis, the lines of checks, and every reachable position. A proof is
a reason (:mod:`arbiter.core.reasons`); ``None`` says nothing. Its own module since issue 30: the
helpmate search (:mod:`arbiter.core.helpmate`) and the full analysis only call it.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

import chess

from arbiter.core.deduction import is_statically_unwinnable
from arbiter.core.helpmate import OutOfTime, Search, blocked_pawns, check_chains, has_lonely_pawns, ordered_moves
from arbiter.core.helpmate import play_forced_moves
from arbiter.core.i18n import N_, _
from arbiter.core.reachable import is_exhaustively_unwinnable
from arbiter.core.reasons import CHAINS, EVERY_POSITION, MATERIAL, OVER, REPEATS, STATIC, Reason, told


def _never() -> None:
    """A clock that never runs out."""


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """The garbage collector's cycle search paused for an analysis: the search makes no cycles
    (reference counting frees all it drops), but it allocates hundreds of thousands of tuples
    and lists, and the collector, triggered by allocations, would walk the tables they fill again
    and again (611 collections in three of CHA's hardest questions; 6% of the search's time,
    measured interleaved). The pause is the whole process's: an analysis in another thread (the
    web server's) runs paused too, and whichever paused it first resumes it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class Moved:
    """Which kinds of piece moved anywhere in an exploration (CHA's fast check)."""

    __slots__ = ("bishop", "king", "heavy", "pawn_twice")

    def __init__(self) -> None:
        self.king = [False, False]  # by colour (python-chess's: index True is White)
        self.bishop = False
        self.heavy = False  # a queen, rook or knight
        self.pawn_twice = False  # some line played two pawn moves

    def flags(self) -> int:
        """What moved, as bits (for a table)."""
        return (self.king[chess.WHITE] | self.king[chess.BLACK] << 1 | self.bishop << 2 | self.heavy << 3
                | self.pawn_twice << 4)

    def merge(self, flags: int) -> None:
        """Record what :meth:`flags` says moved."""
        self.king[chess.WHITE] |= bool(flags & 1)
        self.king[chess.BLACK] |= bool(flags & 2)
        self.bishop |= bool(flags & 4)
        self.heavy |= bool(flags & 8)
        self.pawn_twice |= bool(flags & 16)


def is_dynamically_unwinnable(board: chess.Board, depth: int, pawn_seen: bool, moved: Moved,
                              tick: Callable[[], None] = _never,
                              proved: dict[Hashable, tuple[int, int]] | None = None) -> bool:
    """Whether every line of ``depth`` plies ends without a mate of Black (in insufficient
    material, a stalemate, a mate of White): a proof that White cannot mate. ``moved`` records
    what moved on the way. ``proved`` keeps, per position already proved, the depth of its proof
    (its lines all end within that many plies) and what moved below it: the lines of a closed
    position meet the same positions again and again (a pawn move and a bishop move commute), and
    each is proved once, for every later meeting with at least those plies left."""
    if proved is None:
        proved = {}
    return _is_dynamically_unwinnable(board, depth, pawn_seen, moved, tick, proved)


def _is_dynamically_unwinnable(board: chess.Board, depth: int, pawn_seen: bool, moved: Moved,
                               tick: Callable[[], None], proved: dict[Hashable, tuple[int, int]]) -> bool:
    if board.has_insufficient_material(chess.WHITE):
        return True
    key = (board._transposition_key(), pawn_seen)
    known = proved.get(key)
    if known is not None and known[0] <= depth:  # its lines all end within the plies left here too
        moved.merge(known[1])
        return True
    moves = ordered_moves(board)
    if not moves:
        return not (board.turn == chess.BLACK and board.is_check())
    if depth == 0:
        return False
    below = Moved()
    for move in moves:
        tick()
        piece = board.piece_type_at(move.from_square)
        if piece == chess.KING:
            below.king[board.turn] = True
        elif piece == chess.PAWN:
            below.pawn_twice |= pawn_seen
        elif piece == chess.BISHOP:
            below.bishop = True
        else:
            below.heavy = True
        board.push(move)
        ok = _is_dynamically_unwinnable(board, depth - 1, pawn_seen or piece == chess.PAWN, below, tick, proved)
        board.pop()
        if not ok:
            moved.merge(below.flags())
            return False
    flags = below.flags()
    proved[key] = (depth, flags)
    moved.merge(flags)
    return True


#: Steps of work the fast check may take before it gives up (no answer, never a wrong one): its
#: longest proof of CHA's 6,828 questions took 17,326.
FAST_NODE_BOUND = 20_000
#: CPU seconds after which the fast check gives up whatever work it has done (a safety net only).
FAST_TIME_BOUND = 2.0


def is_unwinnable_fast(board: chess.Board, color: chess.Color, time_bound: float = FAST_TIME_BOUND,
                       node_bound: int = FAST_NODE_BOUND) -> bool:
    """Whether it is proved, cheaply, that ``color`` cannot mate (CHA's fast check: sound, so
    ``True`` is a proof; incomplete in theory, though its author found it complete on every
    time-out of the Lichess database). No helpmate is searched for: a ``False`` says nothing."""
    return why_unwinnable_fast(board, color, time_bound, node_bound) is not None


def why_unwinnable_fast(board: chess.Board, color: chess.Color, time_bound: float = FAST_TIME_BOUND,
                        node_bound: int = FAST_NODE_BOUND) -> str | None:
    """The fast check's proof that ``color`` cannot mate, as the sentence a finding quotes, or
    ``None`` when it finds none within ``node_bound`` steps of work (or, on a machine too slow for
    that, ``time_bound`` CPU seconds); see :func:`is_unwinnable_fast`.

    The phases: the forced moves (a repetition among them); every line of four plies (seven with
    only pawns and bishops) ending without a mate; on quiet, mutually blocked pawn structures the
    same to fifteen plies, the static analysis, the lines of checks, and every reachable position.
    """
    if not any(board.generate_legal_moves()):
        return None if board.is_check() and board.turn != color else OVER
    if board.has_insufficient_material(color):
        return _(MATERIAL)
    position = board.copy(stack=False) if color == chess.WHITE else board.mirror()
    search = Search(time.process_time() + time_bound, node_bound)
    try:
        with without_cycle_collection():
            proof = fast_proof(position, search)
        return None if proof is None else told(proof)
    except (OutOfTime, RecursionError):
        return None


def fast_proof(board: chess.Board, search: Search) -> str | Reason | None:
    """The fast check for White as the would-be winner: the reason it cannot mate, or ``None``."""
    if play_forced_moves(board, []):
        return REPEATS
    moves = list(board.generate_legal_moves())
    if not moves:
        return None if board.turn == chess.BLACK and board.is_check() else OVER
    pawns_and_bishops_only = not (board.knights | board.rooks | board.queens)
    pawns = chess.popcount(board.pawns)
    moved = Moved()
    tick = search.tick
    depth = 7 if pawns_and_bishops_only else 4
    if is_dynamically_unwinnable(board, depth, False, moved, tick):
        return _short_lines(depth)
    # Nothing but pawns, kings and bishops moved, and enough pawns stand head to head.
    low_entropy = not moved.heavy and blocked_pawns(board) >= max(1, pawns // 2 - 2)
    if (pawns_and_bishops_only and low_entropy and moved.king != [True, True] and len(moves) <= 8
            and is_dynamically_unwinnable(board, 15, False, moved, tick)):
        return _short_lines(15)
    blocked = low_entropy and not has_lonely_pawns(board)
    if blocked and is_statically_unwinnable(board):
        return STATIC
    if (board.is_check() and blocked and pawns >= 6 and pawns_and_bishops_only
            and check_chains(board, set(), [], tick=tick) is False):
        return CHAINS
    if (blocked and pawns_and_bishops_only and pawns >= 10 and not board.bishops and not moved.pawn_twice
            and is_exhaustively_unwinnable(board, tick=tick)):
        return EVERY_POSITION
    return None


def _short_lines(plies: int) -> Reason:
    return Reason(N_("every line of {plies} plies ends without mate (in too little material, a stalemate, "
                     "a mate of the other king)"), plies=plies)
