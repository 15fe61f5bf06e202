"""Every position reachable from a board, each once: the exhaustive searches of the unwinnability
analysis (after CHA's phases, on python-chess), for White as the intended winner.

Where the helpmate search (:mod:`arbiter.core.helpmate`) follows lines, these count positions: behind
a pawn wall, with kings and bishops shut in, the lines are endless and the positions a few hundred
thousand at most, so that seeing each once proves "cannot" where no line of bounded depth can, and
finds a helpmate of a hundred plies where iterative deepening walks its lines again at every depth.

- :func:`breadth_first_helpmate`: breadth first (a shortest helpmate); the small exhaustive search
  of the fast check and of the analysis's seventh phase.
- :func:`cheapest_first_helpmate`: the cheapest first by the guided search's costs; the analysis's
  last phase.

A position is kept as one integer (:func:`_key`) and set up again on one board when its turn comes:
no board is copied per position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import chess

from arbiter.core.helpmate import NORMAL, REWARD, Search


def _never() -> None:
    """A clock that never runs out."""


def is_exhaustively_unwinnable(board: chess.Board, bound: int = 3_000, tick: Callable[[], None] = _never) -> bool:
    """Whether every position reachable from ``board`` (at most ``bound`` of them) was seen and
    none mates Black."""
    return breadth_first_helpmate(board, tick, bound)[0] is False


#: The positions :func:`breadth_first_helpmate` and :func:`cheapest_first_helpmate` may keep
#: (about 325 bytes each with the bookkeeping of the cheapest-first phase: 97 MB at the peak).
REACH_POSITIONS = 300_000


def breadth_first_helpmate(board: chess.Board, tick: Callable[[], None] = _never,
                           bound: int = REACH_POSITIONS) -> tuple[bool | None, list[chess.Move]]:
    """Every position reachable from ``board``, breadth first, each once: ``(True, line)`` with a
    shortest helpmate of Black; ``(False, [])`` when every reachable position was seen and none is
    a mate of Black (a proof that White cannot mate); ``(None, [])`` past ``bound`` positions.

    Where the other phases follow lines, this one counts positions: behind a pawn wall, with
    kings and a bishop shut in, there are thousands of them, and seeing each once proves what no
    line of bounded depth can. A position is kept as its key (:func:`_key`, the key of the
    positions seen as well) and set up again on one board when its turn comes: no board is copied
    per position.
    """
    scratch = board.copy(stack=False)
    root = _key(scratch)
    parents: dict[int, tuple[int, chess.Move | None]] = {root: (root, None)}
    layer = [root]
    while layer:
        following = []
        for key in layer:
            moves = _moves_of(scratch, key)
            if moves is True:
                return True, _line_through(parents, key)
            if moves is False:
                continue
            after = _after(scratch, key)
            for move in moves:
                tick()
                reached = _reached(scratch, after, move)
                if reached not in parents:
                    parents[reached] = (key, move)
                    if len(parents) > bound:
                        return None, []
                    following.append(reached)
        layer = following
    return False, []


def cheapest_first_helpmate(board: chess.Board, search: Search,
                            bound: int = REACH_POSITIONS) -> tuple[bool | None, list[chess.Move]]:
    """Every position reachable from ``board``, each once, the cheapest first by the dynamic depth
    of ``search`` (:meth:`Search.classify`: progress costs nothing, a move against the mate four):
    ``(True, line)`` with a helpmate of Black, ``(False, [])`` when every reachable position was
    seen and none is a mate of Black (the proof of :func:`breadth_first_helpmate`), ``(None, [])``
    past ``bound`` positions. Each move tried is one :meth:`Search.tick`.

    The guided search's costs without its iterations: where iterative deepening walks again at
    every depth the lines it walked before, this sees each position once, in the order of its
    cost, and among positions of one cost the one reached last first, so that a line of progress
    is followed down before its neighbours (a depth-first dive inside each cost). On CHA's deep
    puzzles (long king and bishop manoeuvres behind pawn walls, tempo moves before a promotion) it
    finds helpmates of 60 to 200 plies within a few hundred thousand moves where the guided
    search needs millions. The line it gives is a helpmate, not the shortest one.
    """
    scratch = board.copy(stack=False)
    root = _key(scratch)
    # Per position: the position it was reached from, by which move, at what cost, and whether
    # that move was progress (then an ordinary move after it costs nothing, as in the search; one
    # made free that way is no progress itself).
    reached_by: dict[int, tuple[int, chess.Move | None, int, bool]] = {root: (root, None, 0, False)}
    costs: list[list[int]] = [[root]]
    cost = 0
    tick, costed = search.tick, search.costed
    while cost < len(costs):
        pending = costs[cost]
        while pending:
            key = pending.pop()
            _parent, _move, reached_at, progress = reached_by[key]
            if reached_at < cost:
                continue  # reached more cheaply later, and seen then
            moves = _moves_of(scratch, key)
            if moves is True:
                return True, _line_through(reached_by, key)
            if moves is False:
                continue
            after = _after(scratch, key)
            for move, kind in reversed(costed(scratch, moves)):
                tick()
                step = REWARD if kind == NORMAL and progress else kind
                child = _reached(scratch, after, move)
                known = reached_by.get(child)
                total = cost + step
                if known is None:
                    if len(reached_by) >= bound:
                        return None, []
                elif known[2] <= total:
                    continue
                reached_by[child] = (key, move, total, kind == REWARD)
                while len(costs) <= total:
                    costs.append([])
                costs[total].append(child)
        cost += 1
    return False, []


def _moves_of(scratch: chess.Board, key: int) -> list[chess.Move] | bool:
    """``scratch`` set up as the position of ``key``: its legal moves; ``True`` where Black is
    mated; ``False`` where nothing below it can mate (no move, or White's material too short)."""
    _set_up(scratch, key)
    if scratch.has_insufficient_material(chess.WHITE):
        return False
    moves = list(scratch.generate_legal_moves())
    if not moves:
        return scratch.turn == chess.BLACK and scratch.is_check()
    return moves


def _after(scratch: chess.Board, key: int) -> _After | None:
    """The keys after the moves of the position set up, worked out on ``key`` where it has no
    castling rights (most moves lead to positions seen already, and a push cost a third of the
    phase); ``None`` where each move must be played."""
    return None if key >> _CASTLING_OFFSET & _MASK else _After(scratch, key)


def _reached(scratch: chess.Board, after: _After | None, move: chess.Move) -> int:
    """The key of the position ``move`` leads to from the position set up on ``scratch``."""
    child = None if after is None else after.key(move)
    if child is None:
        scratch.push(move)
        child = _key(scratch)
        scratch.pop()
    return child


def _line_through(reached_by: Mapping[int, tuple[Any, ...]], key: int) -> list[chess.Move]:
    """The moves from the root to ``key``: each position's entry begins with the position it was
    reached from and the move (``None`` for the root)."""
    line = []
    parent, move = reached_by[key][:2]
    while move is not None:
        line.append(move)
        parent, move = reached_by[parent][:2]
    line.reverse()
    return line


_SQUARES_BITS = 64
_MASK = (1 << _SQUARES_BITS) - 1
_NO_EN_PASSANT = 64
#: Where each piece type's bitboard lies in a key, and the fields above them.
_OFFSET = {chess.PAWN: 0, chess.KNIGHT: 64, chess.BISHOP: 128, chess.ROOK: 192, chess.QUEEN: 256, chess.KING: 320}
_WHITE_OFFSET, _TURN_BIT, _CASTLING_OFFSET, _EN_PASSANT_OFFSET = 384, 1 << 448, 449, 513
_BELOW_EN_PASSANT = (1 << _EN_PASSANT_OFFSET) - 1


class _After:
    """The keys of the positions the moves of one position lead to, worked out on its key, as an
    incremental hash is (a piece leaves its square, lands on another, a piece taken there goes, the
    turn passes), for a position without castling rights. ``None`` for the moves whose key needs
    python-chess's push: a pawn's double step (the en passant square) and an en passant capture."""

    __slots__ = ("board", "base", "white")

    def __init__(self, board: chess.Board, key: int) -> None:
        self.board = board
        # No double step among these moves, so no en passant square after any of them.
        self.base = (key & _BELOW_EN_PASSANT | _NO_EN_PASSANT << _EN_PASSANT_OFFSET) ^ _TURN_BIT
        self.white = board.turn == chess.WHITE

    def key(self, move: chess.Move) -> int | None:
        """The key after ``move`` (a legal move of the position), or ``None``."""
        board = self.board
        from_square, to_square = move.from_square, move.to_square
        piece = board.piece_type_at(from_square)
        if piece is None:
            return None
        if piece == chess.PAWN and (to_square - from_square in (16, -16) or to_square == board.ep_square):
            return None
        from_bit, to_bit = 1 << from_square, 1 << to_square
        child = self.base ^ from_bit << _OFFSET[piece] ^ to_bit << _OFFSET[move.promotion or piece]
        captured = board.piece_type_at(to_square)
        if captured is not None:
            child ^= to_bit << _OFFSET[captured]
        if self.white:
            child ^= (from_bit | to_bit) << _WHITE_OFFSET
        elif captured is not None:
            child ^= to_bit << _WHITE_OFFSET
        return child


def _key(board: chess.Board) -> int:
    """What makes ``board`` the position it is for the moves to come, in one integer: the six
    piece bitboards, White's, the turn, the castling rights and the en passant square (what
    python-chess's transposition key holds; a tuple of them took four times the memory)."""
    en_passant = board.ep_square
    if en_passant is None or not board.has_legal_en_passant():
        en_passant = _NO_EN_PASSANT
    return (board.pawns | board.knights << 64 | board.bishops << 128 | board.rooks << 192
            | board.queens << 256 | board.kings << 320 | board.occupied_co[chess.WHITE] << 384
            | board.turn << 448 | board.clean_castling_rights() << _CASTLING_OFFSET | en_passant << _EN_PASSANT_OFFSET)


def _set_up(board: chess.Board, key: int) -> None:
    """``board`` set to the position whose :func:`_key` is ``key``."""
    board.pawns = pawns = key & _MASK
    board.knights = knights = key >> 64 & _MASK
    board.bishops = bishops = key >> 128 & _MASK
    board.rooks = rooks = key >> 192 & _MASK
    board.queens = queens = key >> 256 & _MASK
    board.kings = kings = key >> 320 & _MASK
    board.occupied = occupied = pawns | knights | bishops | rooks | queens | kings
    board.occupied_co[chess.WHITE] = white = key >> 384 & _MASK
    board.occupied_co[chess.BLACK] = occupied & ~white
    board.turn = bool(key >> 448 & 1)
    board.castling_rights = key >> _CASTLING_OFFSET & _MASK
    en_passant = key >> 513
    board.ep_square = None if en_passant == _NO_EN_PASSANT else en_passant
    board.promoted = chess.BB_EMPTY
