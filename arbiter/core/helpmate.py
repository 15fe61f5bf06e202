"""The helpmate search of the unwinnability analysis (after CHA), for White as the intended winner.

Both sides cooperate to mate the black king. The search is depth-first with iterative deepening,
but its depth is *dynamic*, as in Miguel Ambrona's analyser: a move that looks like progress
(a white pawn advance or capture, a king or knight approaching the mating corner, a bishop
approaching it) costs no depth, a move that works against the mate (a black capture or pawn move,
a move into a position the static analysis proves unwinnable) costs four plies, and any other move
one. A transposition table remembers how deep each position was already searched. A line cut by
the depth or the node budget marks the iteration *interrupted*: only an iteration that ran every
line to its end without a mate proves that there is none.

The board is the caller's: moves are pushed and popped on it, and it is left as it was found.

One module of about 500 lines, on purpose: the search, its move order, its depth rewards and the
searches built on it (forced moves, check chains, the guided search and its bishops' distances)
are CHA's one algorithm, read phase by phase beside the paper and chasolver's code; split, each
part would need the others' private numbers (the costs, the corners, the order of the moves) and
:class:`Search`'s counters. What is a concern of its own lives elsewhere: the searches that see
every reachable position once in :mod:`arbiter.core.reachable`, CHA's fast check (every line of a
few plies, what moved on the way) in :mod:`arbiter.core.fastcheck` (since issue 30).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

import chess

from arbiter.core.deduction import bishop_attacks, is_statically_unwinnable

REWARD, NORMAL, PUNISH = 0, 1, 4  # the depth a move costs
#: No line is searched deeper than this many plies.
MAX_LINE = 128
#: Nodes between two looks at the clock.
_CLOCK_EVERY = 512
#: Positions whose costed moves one phase keeps (a few hundred bytes each).
_EXPANSIONS = 300_000


#: A position's moves with the depth each costs, and the key of the position each leads to (filled
#: in when the move is first played): with the key at hand, a move into a position the table
#: already searched deep enough is passed over without being played.
Expansion = tuple[list[tuple[chess.Move, int]], list[Hashable | None]]


class OutOfTime(Exception):  # noqa: N818 - a signal inside the search, never seen outside this module
    """The analysis ran past its bound: the moves it may try, or its CPU deadline."""


def _file_mirrored(square: chess.Square) -> chess.Square:
    return chess.square(7 - chess.square_file(square), chess.square_rank(square))


def _aims_at_dark_corner(board: chess.Board) -> bool:
    """The corner to mate in: the dark one (h8) when White has a dark-squared bishop, or when
    White has no bishop and Black has a light-squared one; a8 otherwise."""
    white_bishops = board.occupied_co[chess.WHITE] & board.bishops
    black_bishops = board.occupied_co[chess.BLACK] & board.bishops
    return bool(white_bishops & chess.BB_DARK_SQUARES
                or (not white_bishops and black_bishops & chess.BB_LIGHT_SQUARES))


def _knight_distance(a: chess.Square, b: chess.Square) -> int:
    files = abs(chess.square_file(a) - chess.square_file(b))
    ranks = abs(chess.square_rank(a) - chess.square_rank(b))
    low, high = min(files, ranks), max(files, ranks)
    if low == 1 and high == 1 and (a in _CORNERS or b in _CORNERS):
        return 4
    if low % 2 == high % 2:
        return _SAME_PARITY.get((low, high), 4)
    if high == 7:
        return 5
    return {(1, 2): 1, (5, 6): 5}.get((low, high), 3)


_SAME_PARITY = {(0, 0): 0, (0, 2): 2, (0, 4): 2, (2, 4): 2, (1, 1): 2, (1, 3): 2, (3, 3): 2, (7, 7): 6}


_CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)
#: Per target square, the knight moves from every square to it; a row is made when first asked
#: for (the search aims at four targets only, and a table of all 64 cost every start of the program).
_KNIGHT_DISTANCE: dict[chess.Square, list[int]] = {}


def _approaches(move: chess.Move, piece: chess.PieceType, target: chess.Square) -> bool:
    """Whether a king or knight move brings it nearer ``target``."""
    if piece == chess.KING:
        return chess.square_distance(move.to_square, target) < chess.square_distance(move.from_square, target)
    table = _KNIGHT_DISTANCE.get(target)
    if table is None:
        table = _KNIGHT_DISTANCE[target] = [_knight_distance(target, square) for square in chess.SQUARES]
    return table[move.to_square] < table[move.from_square]


def _target(board: chess.Board, piece: chess.PieceType, dark: bool | None = None) -> chess.Square | None:
    """Where a king or knight of the side to move heads: White's next to the mating corner (g7
    for the king, e5 for the knight), Black's into it (h8, g8); mirrored for the a8 corner.
    ``dark``: :func:`_aims_at_dark_corner`, when the caller has it."""
    if piece == chess.KING:
        target = chess.G7 if board.turn == chess.WHITE else chess.H8
    elif piece == chess.KNIGHT:
        target = chess.E5 if board.turn == chess.WHITE else chess.G8
    else:
        return None
    if dark is None:
        dark = _aims_at_dark_corner(board)
    return target if dark else _file_mirrored(target)


def bishop_distances(board: chess.Board, steady: int) -> list[int]:
    """Per square, the bishop moves from it to the mating corner (through squares that are not
    steady); 255 where the corner cannot be reached."""
    if _aims_at_dark_corner(board):
        corner = chess.BB_H8 | chess.BB_G8 | chess.BB_H7
    else:
        corner = chess.BB_A8 | chess.BB_B8 | chess.BB_A7
    distances = [255] * 64
    visited, active, distance = 0, corner, 0
    while active:
        for square in chess.scan_forward(active):
            distances[square] = distance
        visited |= active
        distance += 1
        reached = 0
        for square in chess.scan_forward(active):
            reached |= bishop_attacks(square, steady) & ~steady
        active = reached & ~visited
    return distances


def _never() -> None:
    """A clock that never runs out."""


def may_be_dead(board: chess.Board) -> bool:
    """Whether the static analysis has a chance to prove White cannot mate (a cheap gate, no
    proof): White's material is insufficient, or pawns stand head to head and none runs free."""
    return board.has_insufficient_material(chess.WHITE) or are_pawns_blocked(board)


def are_pawns_blocked(board: chess.Board) -> bool:
    """Whether enough pawns stand head to head, and none runs free on a file of its own, for a
    wall to hold (CHA's gate; no proof)."""
    if not board.pawns or blocked_pawns(board) < max(1, chess.popcount(board.pawns) // 2 - 2):
        return False
    return not has_lonely_pawns(board)


def punishable_moves(board: chess.Board, tick: Callable[[], None] = _never) -> frozenset[chess.Move]:
    """The legal moves into a position the static analysis proves unwinnable."""
    punished = []
    for move in list(board.generate_legal_moves()):
        tick()
        board.push(move)
        if is_statically_unwinnable(board):
            punished.append(move)
        board.pop()
    return frozenset(punished)


_TYPE_ORDER = {chess.PAWN: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4, chess.KING: 5}
_PROMOTION_ORDER = {None: 0, chess.QUEEN: 0, chess.KNIGHT: 1, chess.ROOK: 2, chess.BISHOP: 3}


def ordered_moves(board: chess.Board) -> list[chess.Move]:
    """The legal moves in the order CHA's move generator gives them (pawns first, then knights,
    bishops, rooks, queens, the king; by square), since its budgets were tuned to that order."""
    types = board.piece_type_at
    return sorted(board.generate_legal_moves(), key=lambda move: (
        _TYPE_ORDER[types(move.from_square) or chess.PAWN] << 16 | move.from_square << 9
        | move.to_square << 2 | _PROMOTION_ORDER[move.promotion]))


class Search:
    """The state of one helpmate search: budgets, the line being tried, the tables."""

    def __init__(self, deadline: float, work_bound: int = 1 << 62) -> None:
        self.deadline = deadline
        #: Steps of work (:meth:`tick`, moves tried) the whole analysis may take: the bound that
        #: makes its answer the same on every machine; the CPU deadline is only a safety net.
        self.work_bound = work_bound
        self.phase_work_bound = work_bound  # a phase past it stops as at its node budget
        self.out_of_time = False  # whether the deadline, not the work bound, stopped the analysis
        self.last_phase = False  # whether the analysis reached its last phase (every reachable position)
        self.max_depth = 0
        self.depth_node_limit: int | None = None  # per ply of the iteration's depth
        self.global_node_limit = 1_000_000
        self.iteration_nodes = 0
        self.global_nodes = 0
        self.nodes = 0  # every node of every phase, for the verdict
        self.interrupted = False
        self.moves: list[chess.Move] = []
        self.past_progress = False
        self.table: dict[Hashable, int] | None = None
        self.punishable: frozenset[chess.Move] | None = None
        self.distances: list[int] | None = None
        self.guided = False  # whether the punishable moves and the bishops' distances are used
        #: Per position of the phase (the table's key): its moves with their costs, ``True`` for a
        #: leaf known to have moves, ``False`` for a position below which nothing can mate.
        self.expansions: dict[Hashable, Expansion | bool] = {}
        #: The iteration's moves past which a line stops (its budget per depth, or the deepening's
        #: budget left): set by :meth:`iterative_deepening` for each depth.
        self.iteration_limit = 0

    def forget(self) -> None:
        """Drop the tables of the phases (what a finished analysis no longer needs)."""
        self.table = None
        self.expansions = {}
        self.punishable = None

    def stop(self) -> None:
        """End the analysis at its next look at the clock (as past its deadline): its caller was
        interrupted and will not read it."""
        self.deadline = float("-inf")

    def reset_iteration(self) -> None:
        self.global_nodes += self.iteration_nodes
        self.iteration_nodes = 0
        self.interrupted = False

    def tick(self) -> None:
        """Count one step of work; past the work bound or the deadline the whole analysis stops
        (:class:`OutOfTime`)."""
        self.nodes += 1
        if self.nodes > self.work_bound:
            raise OutOfTime
        if self.nodes % 64 == 0 and time.process_time() > self.deadline:
            self.out_of_time = True
            raise OutOfTime

    def _is_limit_reached(self) -> bool:
        """Past a bound, after one more move tried (:attr:`nodes` and :attr:`iteration_nodes`
        already counted): the phase's share of the work (every line stops), the iteration's
        budget (this line stops); past the whole bound or the deadline the analysis stops."""
        if self.nodes >= self.phase_work_bound:
            if self.nodes > self.work_bound:
                raise OutOfTime
            self.global_node_limit = 0  # past the phase's share every line stops, not just this one
            return True
        if self.nodes % _CLOCK_EVERY == 0 and time.process_time() > self.deadline:
            self.out_of_time = True
            raise OutOfTime
        return self.iteration_nodes > self.iteration_limit

    def iterative_deepening(self, board: chess.Board, depths: range) -> bool | None:
        """``True`` with the mating line in :attr:`moves` when a helpmate is found; ``False``
        when an iteration ran to its end without one (there is none); ``None`` at the budget."""
        for depth in depths:
            self.max_depth = depth
            self.reset_iteration()
            budget = self.global_node_limit - self.global_nodes
            if self.depth_node_limit is not None:
                budget = min(budget, depth * self.depth_node_limit)
            self.iteration_limit = budget
            if self.helpmate(board, 0):
                return True
            if not self.interrupted:
                return False
            if self.global_nodes + self.iteration_nodes > self.global_node_limit:
                return None  # the budget of the whole deepening is spent: a deeper pass would stop at once
        return None

    def helpmate(self, board: chess.Board, depth: int, key: Hashable = None) -> bool:
        """Whether a mate of Black lies within the remaining depth (the line then in :attr:`moves`).
        ``key``: the position's transposition key, when the caller has it."""
        max_depth = self.max_depth
        left = max_depth - depth if depth < max_depth else 0
        table = self.table
        expanded: Expansion | bool | None = None
        if table is not None:
            if key is None:
                key = board._transposition_key()
            known = table.get(key)
            if known is not None and known >= left:
                return False
            expanded = self.expansions.get(key)
            if expanded is False:  # no move, or too little material: nothing below it ever mates
                return False
        if depth >= max_depth or len(self.moves) >= MAX_LINE:
            if expanded is None:
                if board.turn == chess.BLACK and board.is_check():
                    # A leaf where Black may be mated: one legal move is enough to know it is not.
                    if next(board.generate_legal_moves(), None) is None:
                        return True
                elif next(board.generate_legal_moves(), None) is None:
                    return False  # stalemate, or White mated: the line ends here
                if board.has_insufficient_material(chess.WHITE):
                    if table is not None:
                        self._remember(key, False)
                    return False
                if table is not None:
                    self._remember(key, True)
            self.interrupted = True
            return False
        if expanded is None or expanded is True:
            moves = ordered_moves(board)
            if not moves:
                if board.turn == chess.BLACK and board.is_check():
                    return True
                if table is not None:
                    self._remember(key, False)
                return False
            if board.has_insufficient_material(chess.WHITE):
                if table is not None:
                    self._remember(key, False)
                return False
            expanded = (self.costed(board, moves), [None] * len(moves))
            if table is not None:
                self._remember(key, expanded)
        assert not isinstance(expanded, bool)
        if table is not None:
            table[key] = left
        costed, children = expanded
        line = self.moves
        push, pop, helpmate = board.push, board.pop, self.helpmate
        phase_work_bound, iteration_limit = self.phase_work_bound, self.iteration_limit
        for index, (move, cost) in enumerate(costed):
            # Each move tried is counted, whether played or passed over (the bound is work).
            self.iteration_nodes += 1
            self.nodes += 1
            if (self.nodes >= phase_work_bound or self.iteration_nodes > iteration_limit
                    or not self.nodes % _CLOCK_EVERY) and self._is_limit_reached():
                self.interrupted = True
                return False
            if cost == REWARD:
                next_depth = depth
            elif cost == PUNISH:
                next_depth = depth + PUNISH
            else:
                next_depth = depth if self.past_progress else depth + 1
            child = children[index]
            if child is not None:
                # What the child's first lines would answer, without playing the move: in a
                # deepening many moves lead to positions the table has searched deep enough.
                known = table.get(child)  # type: ignore[union-attr]  # children are keyed only with a table
                if known is not None and known >= (max_depth - next_depth if next_depth < max_depth else 0):
                    continue
            saved = self.past_progress
            self.past_progress = cost == REWARD
            line.append(move)
            push(move)
            if table is not None and child is None:
                child = children[index] = board._transposition_key()
            found = helpmate(board, next_depth, child)
            pop()
            if found:
                return True
            line.pop()
            self.past_progress = saved
        return False

    def _remember(self, key: Hashable, expanded: Expansion | bool) -> None:
        # Iterative deepening meets the same positions at every depth: their moves, sorted and
        # costed, are kept for the phase (up to a bound, so memory stays within reason).
        if len(self.expansions) < _EXPANSIONS or key in self.expansions:
            self.expansions[key] = expanded

    def costed(self, board: chess.Board, moves: list[chess.Move]) -> list[tuple[chess.Move, int]]:
        """The moves with the depth each costs (see :meth:`classify`)."""
        promotion = board.turn == chess.BLACK and must_black_promote(board)
        dark = _aims_at_dark_corner(board)
        return [(move, self.classify(board, move, promotion, dark)) for move in moves]

    def classify(self, board: chess.Board, move: chess.Move, must_promote: bool = False,
                 dark: bool | None = None) -> int:
        """The depth a move costs (see the module docstring). ``must_promote``: White's pieces
        cannot mate unless Black promotes (:func:`must_black_promote`); ``dark``: whether the mate
        is aimed at the dark corner (:func:`_aims_at_dark_corner`, worked out when not given)."""
        distances = self.distances if self.guided else None
        if self.guided and self.punishable is not None and move in self.punishable:
            return PUNISH
        piece = board.piece_type_at(move.from_square) or chess.PAWN
        to_bit = chess.BB_SQUARES[move.to_square]
        if board.turn == chess.WHITE:
            if piece == chess.PAWN or to_bit & board.occupied_co[chess.BLACK]:
                return REWARD
            target = _target(board, piece, dark) if piece in (chess.KING, chess.KNIGHT) else None
            if target is not None and _approaches(move, piece, target):
                return REWARD
            if distances is not None and piece == chess.BISHOP:
                before, after = distances[move.from_square], distances[move.to_square]
                if before > 200:
                    return NORMAL
                if before <= 1 and before < after or before > 2 and before > after:
                    return REWARD
            return NORMAL
        capture = bool(to_bit & board.occupied_co[chess.WHITE])
        if (distances is not None and capture and chess.popcount(board.occupied) > 5
                and (piece == chess.PAWN or to_bit & board.pawns)):
            return REWARD
        if distances is not None and piece == chess.BISHOP and distances[move.from_square] > distances[move.to_square]:
            return REWARD
        target = _target(board, piece, dark) if piece in (chess.KING, chess.KNIGHT) else None
        if target is not None and _approaches(move, piece, target):
            return REWARD
        if must_promote:
            # D3-Chess's rule: the blocker White needs can only come from a Black promotion, so
            # Black's pawn moves are the progress (but not into a queen or rook, which never help).
            if piece == chess.PAWN and not capture and move.promotion not in (chess.QUEEN, chess.ROOK):
                return REWARD
            return PUNISH
        if capture:
            return PUNISH
        return NORMAL


def must_black_promote(board: chess.Board) -> bool:
    """Whether White's material can mate only with a blocker Black does not have yet (D3-Chess's
    ``need_loser_promotion``; a search heuristic, no proof): White has a knight alone and Black no
    minor piece or rook, or White has bishops of one colour alone and there is no bishop of the
    other colour and no black knight."""
    white = board.occupied_co[chess.WHITE]
    black = board.occupied_co[chess.BLACK]
    if not board.pawns & black:
        return False
    white_pieces = chess.popcount(white)
    if white_pieces == 2 and chess.popcount(white & board.knights) == 1:
        return not black & (board.knights | board.bishops | board.rooks)
    white_bishops = white & board.bishops
    if white_bishops and white_pieces == chess.popcount(white_bishops) + 1:
        colour = chess.BB_DARK_SQUARES if white_bishops & chess.BB_DARK_SQUARES else chess.BB_LIGHT_SQUARES
        return not (board.bishops & ~colour or black & board.knights)
    return False


def play_forced_moves(board: chess.Board, line: list[chess.Move]) -> bool:
    """Play on ``board`` the moves of a stretch where the side to move has one legal move only
    (at most 16), appending them to ``line``. ``True`` when the stretch repeats a position: then
    nothing but that cycle can ever happen, and no one can mate."""
    seen: set[Hashable] | None = None
    for _ in range(16):
        moves = board.generate_legal_moves()
        first = next(moves, None)
        if first is None or next(moves, None) is not None:
            break
        if seen is None:
            seen = {board._transposition_key()}
        board.push(first)
        line.append(first)
        key = board._transposition_key()
        if key in seen:
            return True
        seen.add(key)
    return False


def has_non_pawn_moves(board: chess.Board, max_nodes: int = 1_000,
                       tick: Callable[[], None] = _never) -> tuple[bool, bool]:
    """For (White, Black): whether a move other than a pawn's was met in a probe of ``max_nodes``
    moves (a side that met none may have nothing but pawn moves)."""
    seen = [False, False]
    nodes = 0

    def probe() -> bool:
        nonlocal nodes
        for move in list(board.generate_legal_moves()):
            if board.piece_type_at(move.from_square) != chess.PAWN:
                seen[board.turn] = True
            nodes += 1
            if nodes >= max_nodes or all(seen):
                return True
            tick()
            board.push(move)
            done = probe()
            board.pop()
            if done:
                return True
        return False

    probe()
    return seen[chess.WHITE], seen[chess.BLACK]


def check_chains(board: chess.Board, visited: set[Hashable], line: list[chess.Move], depth: int = 0,
                 tick: Callable[[], None] = _never) -> bool | None:
    """Follow every line of checks (the first move may be any): ``True`` at a mate of Black (the
    line then in ``line``), ``False`` when every quiet position met is statically unwinnable,
    ``None`` otherwise."""
    if depth > 16:
        return None
    visited.add(board._transposition_key())
    moves = list(board.generate_legal_moves())
    if not moves:
        return board.turn == chess.BLACK and board.is_check()
    for move in moves:
        tick()
        board.push(move)
        line.append(move)
        answer: bool | None = False
        if board._transposition_key() not in visited:
            if board.is_check() or depth == 0:
                answer = check_chains(board, visited, line, depth + 1, tick)
            elif not may_be_dead(board) or not is_statically_unwinnable(board):
                answer = None  # a quiet position off the lines of checks: only a dead one is no answer
        board.pop()
        if answer is not False:
            return answer
        line.pop()
    return False


def blocked_pawns(board: chess.Board) -> int:
    """White pawns with a black pawn or the black king right in front."""
    white = board.pawns & board.occupied_co[chess.WHITE]
    return chess.popcount((white << 8) & board.occupied_co[chess.BLACK] & (board.pawns | board.kings))


def has_lonely_pawns(board: chess.Board) -> bool:
    """Whether some file holds pawns of one side only (a white pawn on the seventh rank and a
    black one on the second do not count)."""
    white = board.pawns & board.occupied_co[chess.WHITE] & ~chess.BB_RANK_7
    black = board.pawns & board.occupied_co[chess.BLACK] & ~chess.BB_RANK_2
    return _files_of(white) != _files_of(black)


def _files_of(bitboard: int) -> int:
    """The files ``bitboard`` has a square on, as the bits of one rank (the ranks folded onto the
    first: asked after every move, a loop over the eight files cost more than the rest of the test)."""
    bitboard |= bitboard >> 32
    bitboard |= bitboard >> 16
    bitboard |= bitboard >> 8
    return bitboard & 0xFF
