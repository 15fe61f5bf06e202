"""Can a side still checkmate by any possible series of legal moves? (5.1.2, 5.2.2, 6.9, 7.5.5)

DECISIONS 19: decided here, not by counting material alone. In order:

1. python-chess's insufficient-material test for the side (a lone king, a lone minor piece,
   bishops all on one colour): it cannot mate.
2. A locked pawn wall: only kings and pawns, no pawn can ever move or capture, and neither king
   can reach an enemy pawn it could take: nothing can ever change, so nobody can mate.
3. A helpmate search: both sides cooperate to mate the other side's king. Iterative deepening,
   a transposition table, positions on the current line cut as repetitions, and move ordering
   that drives the losing king to a corner, brings the losing side's pieces next to their own
   king (to block its flight squares) and brings the mating side's pieces near. The last ply
   tries checks only. A helpmate found: it can mate. Every line played out without reaching
   the depth limit (a forced line that only stalemates or mates the other side): it cannot.
   The node bound reached first: undetermined, which the ruling's text states and the caller
   then falls back to the material rule.

The bound and the speed are measured by ``python -m bench.helpmate`` on the 40 known positions of
``tests/test_unwinnable.py`` (``bench/README.md``): with the bound of 30,000 positions (two
orderings of 15,000), all 40 are decided, at about 4,300 search nodes a second; most in under
50 ms, the slowest (K+B v K+P) in about 4 s.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Literal

import chess

from arbiter.position import position_key

Answer = Literal["can", "cannot", "undetermined"]

#: Nodes the helpmate search may visit before it answers "undetermined".
NODE_BOUND = 30_000
#: CPU seconds one search may take before it answers "undetermined" (a ruling must not keep the
#: arbiter waiting: a resignation or a flag is ruled on at once).
TIME_BOUND = 2.0
#: Positions waiting in the search's frontier before it answers "undetermined" (its memory).
FRONTIER_BOUND = 200_000
#: How a ruling's text begins when the search could not decide (DECISIONS 19: it says so).
UNDECIDED = "the helpmate search stopped at its bound without an answer"
#: How many nodes pass between two looks at the clock.
_CLOCK_EVERY = 256


@dataclass(frozen=True)
class Verdict:
    """Whether ``color`` can mate: ``can``, ``cannot`` or ``undetermined``, and why."""

    answer: Answer
    reason: str
    line: tuple[chess.Move, ...] = ()
    nodes: int = 0

    @property
    def cannot(self) -> bool:
        """Whether it is established that the side cannot mate."""
        return self.answer == "cannot"


def can_checkmate(board: chess.Board, color: chess.Color, node_bound: int = NODE_BOUND,
                  time_bound: float = TIME_BOUND) -> Verdict:
    """Whether ``color`` can checkmate the other king by some series of legal moves from ``board``.

    The search stops, ``undetermined``, at ``node_bound`` positions or ``time_bound`` CPU seconds,
    whichever comes first (and when its frontier outgrows :data:`FRONTIER_BOUND`).
    """
    if board.has_insufficient_material(color):
        return Verdict("cannot", "insufficient material to mate")
    if is_locked_pawn_wall(board):
        return Verdict("cannot", "the pawns are locked and neither king can get through")
    nodes = 0
    deadline = time.process_time() + time_bound
    # Two orderings, half of each bound each: open flight squares first (crowded boards, where mates
    # come early), then the corner alone (endings, where the king must be driven to the edge).
    for number, weight in enumerate((3, 0)):
        # The first ordering alone must see everything to answer "cannot": it gets the larger share.
        share = deadline - (time_bound * 0.4 if number == 0 else 0.0)
        verdict = _Helpmate(board, color, node_bound // 2, weight, share).run()
        nodes += verdict.nodes
        if verdict.answer != "undetermined":
            return Verdict(verdict.answer, verdict.reason, verdict.line, nodes)
    return Verdict("undetermined", f"no answer within {node_bound} positions or {time_bound:g} s", nodes=nodes)


def is_dead(board: chess.Board) -> bool:
    """The quick tests for a dead position (5.2.2), cheap enough to run after every move."""
    if board.rooks | board.queens:
        return False  # the usual case: neither quick test below can hold with a rook or queen on the board
    return board.is_insufficient_material() or is_locked_pawn_wall(board)


def cannot_mate(board: chess.Board, color: chess.Color, node_bound: int = NODE_BOUND) -> tuple[bool, str]:
    """For a ruling: whether ``color`` cannot mate, and a sentence saying how that was decided.

    An undetermined search falls back to the material rule, and says so (DECISIONS 19).
    """
    verdict = can_checkmate(board, color, node_bound)
    if verdict.answer == "undetermined":
        return board.has_insufficient_material(color), (
            f"{UNDECIDED} ({node_bound} positions or {TIME_BOUND:g} s of computing): undecided; "
            "the material rule decides"
        )
    return verdict.cannot, verdict.reason


def is_locked_pawn_wall(board: chess.Board) -> bool:
    """Only kings and pawns; no pawn can move or capture, ever; no king can reach an enemy pawn."""
    if board.occupied != board.kings | board.pawns or not board.pawns:
        return False
    for color in chess.COLORS:
        pawns = board.pieces_mask(chess.PAWN, color)
        ahead = (pawns << 8) if color == chess.WHITE else (pawns >> 8)
        if ahead & ~board.pawns & chess.BB_ALL:
            return False  # a pawn has an empty square (or a king) ahead: it may move some day
        enemy_pawns = board.pieces_mask(chess.PAWN, not color)
        for square in chess.scan_forward(pawns):
            if chess.BB_PAWN_ATTACKS[color][square] & enemy_pawns:
                return False  # a pawn can capture now
    for color in chess.COLORS:
        if _king_reaches_enemy_pawn(board, color):
            return False
    return True


def _king_reaches_enemy_pawn(board: chess.Board, color: chess.Color) -> bool:
    king = board.king(color)
    if king is None:
        return False
    own = board.pieces_mask(chess.PAWN, color)
    enemy = board.pieces_mask(chess.PAWN, not color)
    guarded = 0
    for square in chess.scan_forward(enemy):
        guarded |= chess.BB_PAWN_ATTACKS[not color][square]
    seen = chess.BB_SQUARES[king]
    frontier = [king]
    while frontier:
        square = frontier.pop()
        for step in chess.scan_forward(chess.BB_KING_ATTACKS[square] & ~seen):
            bit = chess.BB_SQUARES[step]
            if bit & enemy and not bit & guarded:
                return True
            seen |= bit
            if not bit & (own | enemy | guarded):
                frontier.append(step)
    return False


class _Helpmate:
    """Best-first helpmate search over the positions reachable from the start (see the module
    docstring): the frontier is ordered by how close a position looks to a mate of the losing
    king; every position is expanded once. An empty frontier means every reachable position was
    seen and none is a mate: the side cannot mate."""

    def __init__(self, board: chess.Board, color: chess.Color, node_bound: int, flight_weight: int,
                 deadline: float = float("inf")) -> None:
        self.deadline = deadline
        self.start = board.copy(stack=False)
        self.origin = board.copy(stack=False)  # never searched on: the line is written from it
        self.flight_weight = flight_weight
        self.color = color
        self.node_bound = node_bound
        self.corners = _mating_corners(board, color)

    def run(self) -> Verdict:
        start = self.start
        loser = not self.color
        if start.is_checkmate() and start.turn == loser:
            return Verdict("can", "the king is already mated")
        first = position_key(start)
        parents: dict[Hashable, tuple[Hashable, chess.Move] | None] = {first: None}
        frontier: list[tuple[int, int, chess.Board]] = [(self._estimate(start), 0, start)]
        counter = 0
        nodes = 0
        while frontier:
            _, _, board = heapq.heappop(frontier)
            nodes += 1
            if nodes > self.node_bound or len(frontier) > FRONTIER_BOUND or (
                    nodes % _CLOCK_EVERY == 0 and time.process_time() > self.deadline):
                return Verdict("undetermined", f"no answer within {self.node_bound} positions", nodes=nodes)
            key = position_key(board)
            for move in list(board.generate_legal_moves()):
                capture = board.is_capture(move)
                board.push(move)
                child_key = position_key(board)
                if child_key in parents:
                    board.pop()
                    continue
                parents[child_key] = (key, move)
                if board.turn == loser and board.is_check() and board.is_checkmate():
                    board.pop()
                    line = _line(parents, child_key)
                    return Verdict("can", f"a helpmate exists: {self.origin.variation_san(line)}", tuple(line), nodes)
                hopeless = capture and board.has_insufficient_material(self.color)
                child = None if hopeless else board.copy(stack=False)
                board.pop()
                if child is not None:
                    counter += 1
                    heapq.heappush(frontier, (self._estimate(child), counter, child))
        return Verdict("cannot", "no series of legal moves mates: every reachable position was seen", nodes=nodes)

    def _estimate(self, board: chess.Board) -> int:
        """How far the position looks from a mate of the losing king (smaller is closer)."""
        loser = not self.color
        king = board.king(loser)
        if king is None:
            return 10_000
        score = 4 * min(chess.square_distance(king, corner) for corner in self.corners)
        own = board.occupied_co[loser]
        for flight in chess.scan_forward(chess.BB_KING_ATTACKS[king] & ~own):
            if self.flight_weight and not board.is_attacked_by(self.color, flight):
                score += self.flight_weight  # a flight square still open
        for square, piece in board.piece_map().items():
            if piece.piece_type == chess.KING:
                if piece.color == self.color:
                    score += chess.square_distance(square, king)
                continue
            score += chess.square_distance(square, king)
            if piece.piece_type == chess.PAWN:
                last = 7 if piece.color == chess.WHITE else 0
                score += 2 * abs(last - chess.square_rank(square))
        return score


def _mating_corners(board: chess.Board, color: chess.Color) -> tuple[chess.Square, ...]:
    """The corners to drive the king to: those of the bishops' colour when bishops are all the
    mating side has besides king and pawns (a bishop checks only on its own colour)."""
    corners = (chess.A1, chess.H1, chess.A8, chess.H8)
    others = board.occupied_co[color] & ~board.kings & ~board.pawns
    bishops = board.pieces_mask(chess.BISHOP, color)
    if others and others == bishops and not board.pieces_mask(chess.PAWN, color):
        for shade in (chess.BB_LIGHT_SQUARES, chess.BB_DARK_SQUARES):
            if bishops & ~shade == 0:
                return tuple(corner for corner in corners if chess.BB_SQUARES[corner] & shade)
    return corners


def _line(parents: dict[Hashable, tuple[Hashable, chess.Move] | None], key: Hashable) -> list[chess.Move]:
    line = []
    step = parents[key]
    while step is not None:
        key, move = step
        line.append(move)
        step = parents[key]
    return line[::-1]
