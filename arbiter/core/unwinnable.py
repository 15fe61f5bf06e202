"""Can a side still checkmate by any possible series of legal moves? (5.1.2, 5.2.2, 6.9, 7.5.5)

DECISIONS 19: decided here, not by counting material alone, by an analysis written after Miguel
Ambrona's Chess Unwinnability Analyzer (CHA: "A Practical Algorithm for Chess Unwinnability",
FUN 2022; github.com/miguel-ambrona/D3-Chess and chasolver), on python-chess. The question is
always asked for White as the would-be winner; a question about Black is asked on the mirrored
board. In order, each phase either answers or hands over to the next:

1. Insufficient material (python-chess's test for the side): it cannot mate.
2. The forced moves: while the side to move has one legal move only, it is played; a forced
   stretch that repeats a position can never end in mate.
3. A helpmate search of depth one whose depth is dynamic (progress costs no depth, see
   :mod:`arbiter.core.helpmate`): the easy mates are found here at once.
4. Without queens, rooks and knights, the static analysis (:mod:`arbiter.core.deduction`): the
   squares each piece can ever reach behind steady pawns; no square where the king could stand
   mated: it cannot mate.
5. Iterative deepening with a transposition table and a node budget per depth.
6. The static analysis for the positions with queens, rooks or knights.
7. When one side can move nothing but pawns, every reachable position (at most 3,000).
8. Every line of checks, the quiet positions off them judged by the static analysis.
9. A deep search guided by the bishops' distances to the mating corner, with the moves into
   statically dead positions made expensive.
10. When the searches have spent their bound: every reachable position, each once, the cheapest
    first by the guided search's costs (behind locked pawns the positions are few even where the
    lines are endless, and the costs lead to deep helpmates without walking lines again).

A helpmate found: it can mate (the line is in the verdict and its text). A search or proof that
ran to its end: it cannot (the reason says which). The budget spent first: ``undetermined``, which
the ruling's text states and the caller then falls back to the material rule.

CHA's fast check, which comes first, is :mod:`arbiter.core.fastcheck`, and the reasons' messages
are in :mod:`arbiter.core.reasons`. The figures (``python -m bench unwinnability``,
``bench/README.md``): CHA's test positions of ``../shared/data/cha`` answered as CHA answers them,
and how long each takes.
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Callable, Hashable
from typing import Literal, TypeVar

import chess

from arbiter.core.i18n import N_, ngettext

from arbiter.core.deduction import Analysis, is_statically_unwinnable
from arbiter.core.fastcheck import fast_proof, without_cycle_collection
from arbiter.core.helpmate import (
    Expansion,
    OutOfTime,
    Search,
    are_pawns_blocked,
    bishop_distances,
    check_chains,
    has_non_pawn_moves,
    may_be_dead,
    play_forced_moves,
    punishable_moves,
)
from arbiter.core.reasons import (
    CHAINS,
    EVERY_LINE,
    EVERY_POSITION,
    MATED,
    MATERIAL,
    OVER,
    REPEATS,
    STATIC,
    Reason,
    told,
)
from arbiter.core.reachable import REACH_POSITIONS, cheapest_first_helpmate, is_exhaustively_unwinnable

Answer = Literal["can", "cannot", "undetermined"]

#: Steps of work (moves tried) the phases up to the searches may take: about 2 CPU seconds on the
#: machine of ``bench/README.md``. A bound in work, not in time, so that the same position gets
#: the same ruling on every machine, loaded or not.
NODE_BOUND = 150_000
#: Moves the last phase, every reachable position the cheapest first, may try when the searches
#: have spent theirs without an answer: up to about 25 CPU seconds more here (13 µs a move). Only
#: CHA's hardest puzzles get there; no position of a real game of our corpora does.
REACH_BOUND = 2_000_000
#: CPU seconds after which an analysis stops whatever work it has done: only a safety net for a
#: machine several times slower than the bound of work assumes.
TIME_BOUND = 120.0
#: How a ruling's text begins when the analysis could not decide (DECISIONS 19: it says so).
UNDECIDED = N_("the helpmate search stopped at its bound without an answer")

#: The shares of the time left that the first guided search and then the plain iterative
#: deepening may take; the last guided search gets the rest (measured on CHA's positions).
_GUIDED_FIRST = 0.6
_PLAIN = 0.6
#: Moves the short search of an open position may try before the static analysis, and per depth
#: of its deepening (CHA's plain iterative deepening, chasolver's phase 4, cut short).
_OPEN_PROBE, _OPEN_PROBE_PER_DEPTH = 30_000, 7_000


class Verdict:
    """Whether ``color`` can mate: ``can``, ``cannot`` or ``undetermined``, and why.

    The reason of a ``can`` says how long its helpmate line is; the line itself, in SAN
    (:attr:`line_san`), is written only when it is read (the audit of a whole archive never reads
    most of them) and given only on request (``explain --lines``, the page's item, the report's
    appendix): never a 40-move line in a ruling's sentence (issue 31)."""

    __slots__ = ("_line_san", "_origin", "_reason", "answer", "last_phase", "line", "nodes", "out_of_time")

    def __init__(self, answer: Answer, reason: str | Reason, line: tuple[chess.Move, ...] = (), nodes: int = 0,
                 origin: chess.Board | None = None, out_of_time: bool = False, last_phase: bool = False) -> None:
        self.answer = answer
        #: Whether the CPU deadline, not the bound of work, left it undetermined.
        self.out_of_time = out_of_time
        #: Whether the searches spent their bound and the last phase ran (see :func:`can_checkmate`).
        self.last_phase = last_phase
        self._reason = reason
        self.line = line
        self.nodes = nodes
        self._origin = origin
        self._line_san = ""

    @property
    def line_san(self) -> str:
        """The helpmate line of a ``can``, numbered SAN in English (empty for any other answer)."""
        origin = self._origin  # read once: a kept verdict may be read in two threads at once
        if origin is not None:
            self.line = without_returns(origin, self.line)
            self._line_san = origin.variation_san(list(self.line))
            self._origin = None
        return self._line_san

    @property
    def line_moves(self) -> int:
        """How many moves (numbered as a score numbers them) the helpmate line spans."""
        if not self.line:
            return 0
        return len([word for word in self.line_san.split() if word[0].isdigit()])

    @property
    def reason(self) -> str:
        """The sentence a ruling quotes."""
        if self.answer == "can" and self.line:
            moves = self.line_moves
            return ngettext("a line of {moves} move exists", "a line of {moves} moves exists", moves).format(
                moves=moves)
        return told(self._reason)

    @property
    def reason_untold(self) -> str:
        """The reason as its message reads in no language (English, its fields filled in): which
        proof or phase answered. Empty for a helpmate found (its line says the rest)."""
        reason = self._reason
        if self.answer == "can" and self.line:
            return ""
        return reason.message.format(**reason.fields) if isinstance(reason, Reason) else reason

    @property
    def cannot(self) -> bool:
        """Whether it is established that the side cannot mate."""
        return self.answer == "cannot"

    def __repr__(self) -> str:
        return f"Verdict({self.answer!r}, {self.reason!r}, nodes={self.nodes})"


def without_returns(origin: chess.Board, line: tuple[chess.Move, ...]) -> tuple[chess.Move, ...]:
    """The helpmate ``line`` from ``origin`` with every stretch that comes back to a position it
    passed (the same pieces, side to move, castling and en passant rights) left out: the same
    mate, reached by the moves that lead somewhere. A search can wander (a knight shuffled back
    and forth before the mate); an arbiter reading the line wants it short (found by a helper
    reading an incident report's appendix)."""
    board = origin.copy(stack=False)
    keys: list[Hashable] = [board._transposition_key()]
    moves: list[chess.Move] = []
    for move in line:
        board.push(move)
        key = board._transposition_key()
        if key in keys:  # back where it was: the moves since are dropped, the board is the same
            at = keys.index(key)
            del keys[at + 1:]
            del moves[at:]
        else:
            keys.append(key)
            moves.append(move)
    return tuple(moves)


def can_checkmate(board: chess.Board, color: chess.Color, node_bound: int = NODE_BOUND,
                  time_bound: float | None = None, reach_bound: int = REACH_BOUND) -> Verdict:
    """Whether ``color`` can checkmate the other king by some series of legal moves from ``board``.

    The analysis stops, ``undetermined``, when its phases up to the searches have taken
    ``node_bound`` steps of work (moves tried, :data:`NODE_BOUND` by default) and the last one,
    every reachable position, ``reach_bound`` more (:data:`REACH_BOUND`); or, on a machine too
    slow for that, after ``time_bound`` CPU seconds (:data:`TIME_BOUND` by default). The last
    phase starts afresh from ``board`` with a bound of its own, so its answer does not depend on
    ``node_bound`` (a test may cut the searches short and still see it decide).
    """
    time_bound = TIME_BOUND if time_bound is None else time_bound
    if not any(board.generate_legal_moves()):  # mate or stalemate on the board: nothing more is played
        if board.is_check() and board.turn != color:
            return Verdict("can", MATED)
        return Verdict("cannot", OVER)
    if board.has_insufficient_material(color):
        return Verdict("cannot", MATERIAL)
    position = board.copy(stack=False) if color == chess.WHITE else board.mirror()
    search = Search(time.process_time() + time_bound, node_bound)
    try:
        with without_cycle_collection():
            try:
                answer, reason, line = _on_own_stack(lambda: _analysed(position, search, node_bound, reach_bound),
                                                     stop=search.stop)
            finally:
                search.forget()  # freed while the collector is paused: no collection walks them
    except OutOfTime:
        if search.out_of_time:
            reason = Reason(N_("no answer within {seconds} s of computing"), seconds=f"{time_bound:g}")
        else:
            reason = Reason(N_("no answer within {moves} moves searched"), moves=node_bound + reach_bound)
        answer, line = "undetermined", []
    except RecursionError:  # a line longer than the interpreter's stack: no answer rather than a crash
        answer, reason, line = "undetermined", N_("no answer: the search ran too deep"), []
    if color == chess.BLACK:
        line = [chess.Move(chess.square_mirror(move.from_square), chess.square_mirror(move.to_square),
                           move.promotion) for move in line]
    if answer == "can":
        if line:
            return Verdict(answer, "", tuple(line), search.nodes, origin=board.copy(stack=False),
                           last_phase=search.last_phase)
        reason = MATED
    return Verdict(answer, reason, tuple(line), search.nodes, out_of_time=search.out_of_time,
                   last_phase=search.last_phase)


_T = TypeVar("_T")


def _on_own_stack(analysis: Callable[[], _T], stop: Callable[[], None] | None = None) -> _T:
    """What ``analysis`` returns (or raises), computed in a thread of its own, in the caller's context
    (its language). ``stop``: how to make the analysis end soon, called if the caller is
    interrupted while it waits (Ctrl-C): the analysis then ends before the interruption goes on.

    CPython 3.11 keeps the frames of Python calls in chunks of 16 KB, each mapped when a call
    needs it and unmapped as soon as the call that opened it returns (python/cpython#142183; the
    releases of 3.13 and 3.14 since March 2026 keep one chunk). The searches recurse, and where
    their lines go to and fro across the edge of a chunk, every call there maps and unmaps memory:
    the 32 questions of ``arbiter run scenarios/`` took 0.39 to 0.72 CPU s depending only on how
    deep in the stack the caller stood (5,800 to 27,500 page faults; 24,000 mmap/munmap pairs in
    one run of the command). A thread starts every analysis at the foot of a stack of its own,
    whoever asks: 0.41 to 0.53 s and 7,000 faults at every depth tried. A thread costs about
    0.1 ms; where none can be started, the analysis runs in the caller's.
    """
    outcome: list[_T] = []
    failure: list[BaseException] = []
    context = contextvars.copy_context()

    def run() -> None:
        try:
            outcome.append(context.run(analysis))
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread as it is
            failure.append(error)

    worker = threading.Thread(target=run, name="arbiter-analysis", daemon=True)
    try:
        worker.start()
    except RuntimeError:  # no thread to be had (a limit on processes): the caller's stack will do
        return analysis()
    try:
        worker.join()
    except BaseException:
        if stop is not None:
            stop()
        worker.join()
        raise
    if failure:
        error = failure.pop()
        try:
            raise error
        finally:
            del error  # no cycle through this frame: the search's frames are freed at once
    return outcome[0]


def _analysed(board: chess.Board, search: Search, node_bound: int,
              reach_bound: int) -> tuple[Answer, str | Reason, list[chess.Move]]:
    """The phases of :func:`_analyse`; where they stop at their bound without an answer, every
    position reachable from ``board``, the cheapest first, with ``reach_bound`` moves more."""
    origin = board.copy(stack=False)  # the searches stopped by their bound leave moves on ``board``
    try:
        answer, reason, line = _analyse(board, search, node_bound)
    except OutOfTime:
        if search.out_of_time or reach_bound <= 0:
            raise
        answer, reason, line = "undetermined", "", []
    if answer != "undetermined" or reach_bound <= 0:
        return answer, reason, line
    search.forget()
    search.last_phase = True
    # The phase's own bound: ``reach_bound`` moves whatever the searches took (the move that took
    # them past their bound was never tried).
    search.nodes = min(search.nodes, node_bound)
    search.work_bound = search.phase_work_bound = search.nodes + reach_bound
    _guide(search, origin)
    mates, line = cheapest_first_helpmate(origin, search)
    if mates is None:
        return "undetermined", Reason(N_("no answer: more than {positions} reachable positions"),
                                      positions=REACH_POSITIONS), []
    return ("can", "", line) if mates else ("cannot", EVERY_POSITION, [])


def _is_blocked(board: chess.Board) -> bool:
    """Whether the guided search's costs take the walls into account: no queen, rook or knight,
    or White's material short or pawns locked (:func:`may_be_dead`)."""
    return not (board.queens | board.rooks | board.knights) or may_be_dead(board)


def _guide(search: Search, board: chess.Board, blocked: bool | None = None) -> None:
    """Set the guided search's costs for ``board``: the bishops' distances to the mating corner and
    the moves into statically dead positions. ``blocked``: whether pawns stand locked (or White's
    material is short), worked out when not given."""
    if blocked is None:
        blocked = _is_blocked(board)
    if board.bishops:  # the steady pieces matter only behind a wall; in an open position none is
        search.distances = bishop_distances(board, Analysis(board).saturate().steady if blocked else 0)
    else:
        search.distances = [255] * 64
    search.punishable = punishable_moves(board, search.tick) if blocked else frozenset()
    search.guided = True


def _analyse(board: chess.Board, search: Search, node_bound: int) -> tuple[Answer, str | Reason, list[chess.Move]]:
    """The phases of the module docstring, for White as the would-be winner."""
    # CHA's fast check first: a few hundred microseconds, and it proves most of what can be proved.
    if (reason := fast_proof(board.copy(stack=False), search)) is not None:
        return "cannot", reason, []
    forced: list[chess.Move] = []
    if play_forced_moves(board, forced):
        return "cannot", REPEATS, []

    def searched(depths: range, reason: str) -> tuple[Answer, str | Reason, list[chess.Move]] | None:
        search.global_nodes = 0
        found = search.iterative_deepening(board, depths)
        if found is None:
            return None
        if found:
            return "can", "", forced + search.moves
        return "cannot", reason, []

    complete = EVERY_LINE
    search.depth_node_limit, search.table = 1_000, None
    if (answer := searched(range(1, 2), complete)) is not None:
        return answer
    # Behind pawns standing head to head the static analysis costs a millisecond or so and a
    # search may cost seconds: it comes first. In an open position with queens, rooks or knights
    # it seldom proves anything and costs more: it waits for the first search (as in CHA).
    blocked = _is_blocked(board)
    if blocked and is_statically_unwinnable(board):
        return "cannot", STATIC, []
    line: list[chess.Move] = []
    chains = check_chains(board, set(), line, tick=search.tick)
    if chains is not None:
        if chains:
            return "can", "", forced + line
        return "cannot", CHAINS, []
    if not all(has_non_pawn_moves(board, tick=search.tick)) and is_exhaustively_unwinnable(board, tick=search.tick):
        return "cannot", EVERY_POSITION, []
    # Three searches share the time left: the guided one (CHA's last phase, which in Python
    # decides most of what the plain one decides and much that it cannot: the long bishop and king
    # manoeuvres behind pawn walls), the plain iterative deepening, then the guided one again.
    _guide(search, board, blocked)
    if not blocked:
        # In an open position a short plain search (CHA's iterative deepening, each depth cut at
        # 7,000 moves per ply) finds most mates at once: its cut per depth sends it deeper soon,
        # where the long guided search may spend seconds at one depth (K+B v K+N: 0.4 s against
        # 1.7). Where it does not, the static analysis (a few milliseconds) comes before the long
        # searches, since it proves at once what they could prove only by following every line.
        search.guided, search.table, search.expansions = False, {}, {}
        search.depth_node_limit, search.global_node_limit = _OPEN_PROBE_PER_DEPTH, _OPEN_PROBE
        if (answer := searched(range(2, 129), complete)) is not None:
            return answer
        if is_statically_unwinnable(board):
            return "cannot", STATIC, []
    # The second guided search goes on where the first one stopped: from its depth, with the
    # moves it costed (the costs are the same; its table of depths is not kept, being an
    # interrupted search's).
    searches = ((_GUIDED_FIRST, True), (_PLAIN, False), (1.0, True))
    guided_expansions: dict[Hashable, Expansion | bool] = {}
    guided_from = 2
    for share, guided in searches:
        search.phase_work_bound = search.nodes + int(share * (search.work_bound - search.nodes))
        search.guided = guided
        if guided:
            search.depth_node_limit, search.global_node_limit = None, node_bound
            search.expansions = guided_expansions
        else:
            search.depth_node_limit, search.global_node_limit = 7_000, 1_000_000
            search.expansions = {}
        search.table = {}
        if (answer := searched(range(guided_from if guided else 2, 129), complete)) is not None:
            return answer
        if guided:
            guided_from = search.max_depth
    return "undetermined", Reason(N_("no answer within {moves} moves searched"), moves=node_bound), []


def is_dead(board: chess.Board) -> bool:
    """The quick tests for a dead position (5.2.2), cheap enough to run after every move:
    insufficient material, or, where pawns block each other, the static analysis for both sides."""
    # python-chess's own first test, asked here: White with a pawn, rook or queen has material enough
    if not board.occupied_co[chess.WHITE] & (board.pawns | board.rooks | board.queens) \
            and board.is_insufficient_material():
        return True
    # Not may_be_dead: a lone king on one side must not send every move of a K+Q ending through
    # two static analyses; a side with too little material is only half of a dead position.
    if not are_pawns_blocked(board) or has_free_heavy_piece(board):
        return False
    return is_statically_unwinnable(board) and is_statically_unwinnable(board.mirror())


def has_free_heavy_piece(board: chess.Board) -> bool:
    """Whether a queen, rook or knight can move now (then the position is no dead fortress yet)."""
    for square in chess.scan_forward(board.queens | board.rooks | board.knights):
        color = bool(board.occupied_co[chess.WHITE] & chess.BB_SQUARES[square])
        if board.attacks_mask(square) & ~board.occupied_co[color]:
            return True
    return False
