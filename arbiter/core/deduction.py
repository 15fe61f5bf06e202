"""Where can each piece ever go? A static proof that White can never mate (after CHA).

This is the *semi-static* analysis of Miguel Ambrona's Chess Unwinnability Analyzer ("A Practical
Algorithm for Chess Unwinnability", FUN 2022), written again on python-chess bitboards. It never
plays a move. Starting from "every piece stays where it is", it grows, until nothing changes, an
over-approximation of the squares each piece may ever reach, and from it which pieces are
*steady* (can never move nor be captured: the links of a locked pawn wall), which squares stay
*clear* for ever, which squares one side attacks for ever, and which pieces may be captured.
Then it asks whether there is any square where the black king could stand mated: a white piece
able to attack it, and every flight square either unreachable for the king or coverable by a black
blocker or the white king. If there is none, White cannot mate, whatever is played.

The analysis is sound and incomplete: ``True`` is a proof, ``False`` says nothing. It is for White
as the intended winner; a question about Black is asked on the mirrored board (``Board.mirror``).

About 600 lines, on purpose: the fixpoint, its filters (the pruning rules 1 to 9 of
``tests/test_pruning_rules.py``), the rounds it keeps for its cases (:meth:`Analysis.resumed`)
and the question asked of it are one analysis over one set of fields (:class:`Analysis`, whose
methods read and grow them together), kept together to be read beside CHA's paper and code; a
filter or the rounds apart would reach into the fields of the others.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import partial
from typing import Final

import chess

_ALL = chess.BB_ALL
_SQUARES = chess.BB_SQUARES
_KING_ATTACKS = chess.BB_KING_ATTACKS
_KNIGHT_ATTACKS = chess.BB_KNIGHT_ATTACKS
_PAWN_ATTACKS = chess.BB_PAWN_ATTACKS
_PROMOTION_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8

#: ``chess.between`` as a table: the squares strictly between two squares on a line.
_BETWEEN = [[chess.between(a, b) for b in chess.SQUARES] for a in chess.SQUARES]
#: Per square, the squares from which a king covers (stands on or attacks) a square next to it.
_COVERING = [sum(chess.BB_SQUARES[target] for target in chess.SQUARES
                 if (chess.BB_KING_ATTACKS[target] | chess.BB_SQUARES[target]) & chess.BB_KING_ATTACKS[square])
             for square in chess.SQUARES]
#: The squares of a bitboard, in python-chess's order (``chess.scan_forward``), kept once read:
#: the fixpoint reads the same few sets (reachable squares, masks) again in every round, and a
#: kept tuple costs a quarter of walking the bits again (the analysis's hottest loop, issue 36).
_SQUARES_OF: dict[int, tuple[chess.Square, ...]] = {}
_SQUARES_KEPT = 1 << 14


def _squares(bitboard: int) -> tuple[chess.Square, ...]:
    """The squares of ``bitboard``, lowest first (``chess.scan_forward``'s order)."""
    squares = _SQUARES_OF.get(bitboard)
    if squares is None:
        if len(_SQUARES_OF) >= _SQUARES_KEPT:
            _SQUARES_OF.clear()
        squares = _SQUARES_OF[bitboard] = tuple(chess.scan_forward(bitboard))
    return squares


def bishop_attacks(square: chess.Square, blockers: int) -> int:
    """The squares a bishop on ``square`` attacks with ``blockers`` on the board (the first
    blocker of each ray included)."""
    return chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & blockers]


def rook_attacks(square: chess.Square, blockers: int) -> int:
    """The squares a rook on ``square`` attacks with ``blockers`` on the board."""
    return (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & blockers]
            | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & blockers])


def _pawn_pushes(square: chess.Square, color: chess.Color, blockers: int) -> int:
    """A pawn's moves without capture: one step, or two from its starting rank, onto empty squares."""
    rank = chess.square_rank(square)
    if color == chess.WHITE:
        if rank == 7:
            return 0
        one = square + 8
        moves = _SQUARES[one] | (_SQUARES[square + 16] if rank == 1 else 0)
    else:
        if rank == 0:
            return 0
        one = square - 8
        moves = _SQUARES[one] | (_SQUARES[square - 16] if rank == 6 else 0)
    if _SQUARES[one] & blockers:
        return 0
    return moves & ~blockers


def piece_moves(piece: chess.PieceType, color: chess.Color, square: chess.Square, blockers: int) -> int:
    """Where ``piece`` on ``square`` may go, given ``blockers``: pushes for a pawn, the full geometry
    of the piece otherwise (whoever stands on the target square)."""
    if piece == chess.PAWN:
        return _pawn_pushes(square, color, blockers)
    if piece == chess.KNIGHT:
        return _KNIGHT_ATTACKS[square]
    if piece == chess.BISHOP:
        return bishop_attacks(square, blockers)
    if piece == chess.ROOK:
        return rook_attacks(square, blockers)
    if piece == chess.QUEEN:
        return bishop_attacks(square, blockers) | rook_attacks(square, blockers)
    return _KING_ATTACKS[square]


def piece_attacks(piece: chess.PieceType, color: chess.Color, square: chess.Square, blockers: int) -> int:
    """The squares ``piece`` on ``square`` attacks (a king also "covers" its own square)."""
    if piece == chess.KING:
        return _KING_ATTACKS[square] | _SQUARES[square]
    if piece == chess.PAWN:
        return _PAWN_ATTACKS[color][square]
    return piece_moves(piece, color, square, blockers)


#: The fields of an :class:`Analysis` at the start of one round of its fixpoint (reachable, steady,
#: clear, attacked, sacrificable, capturable, movable, reachable_by_non_bishop,
#: first_steady_capturable, promotable, and the fixpoint's closed sources and what closed them).
_Round = tuple[list[int], int, int, list[int], list[int], int, int, list[int], int | None, bool, list[int],
               list[tuple[int, int] | None]]
#: Where a round keeps the two fields :meth:`Analysis.resumed` reads (a plain tuple: one is made
#: every round of a first analysis).
_STEADY_AT: Final = 1
_MOVABLE_AT: Final = 6


class Analysis:
    """The saturated facts of one position (White the intended winner).

    ``reachable[s]`` (over-approximated): the squares the piece now on ``s`` may ever stand on.
    ``steady`` (under-approximated): squares whose piece never moves nor is captured. ``clear``
    (under): squares no piece will ever stand on. ``attacked[c]`` (under): squares colour ``c``
    attacks for the rest of the game. ``capturable`` (over): pieces that may be captured.
    ``movable`` (over): pieces that may leave their square. ``sacrificable[c]`` (over): squares
    where a non-king piece of ``c`` may stand (and so be taken). ``promotable`` (over): some pawn
    may promote. The two assumption fields drive the case splits of :func:`is_statically_unwinnable`.
    """

    def __init__(self, board: chess.Board, uncapturable_while_steady: int | None = None,
                 capturable_only_while_steady: int | None = None,
                 always: dict[tuple[int, int, int], int] | None = None) -> None:
        self.board = board
        occupied = board.occupied
        self.occupied = occupied
        self.white = board.occupied_co[chess.WHITE]
        self.kings = board.kings
        self.types: dict[chess.Square, chess.PieceType] = {}
        self.colors: dict[chess.Square, chess.Color] = {}
        for square in _squares(occupied):
            self.types[square] = board.piece_type_at(square) or chess.PAWN
            self.colors[square] = bool(board.occupied_co[chess.WHITE] & _SQUARES[square])
        self.reachable = [0] * 64
        for square in _squares(occupied):
            self.reachable[square] = _SQUARES[square]
        self.steady = occupied
        self.clear = ~occupied & _ALL
        self.attacked = [0, 0]
        self.sacrificable = [0, 0]
        self.capturable = 0
        self.movable = 0
        self.reachable_by_non_bishop = [0, 0]
        self.uncapturable_while_steady = uncapturable_while_steady
        self.capturable_only_while_steady = capturable_only_while_steady
        self.first_steady_capturable: int | None = None
        self.promotable = False
        self._progress = False
        # What a piece always attacks, by its square, reach and obstacles: one board's, shared
        # by the analyses of its cases.
        self._always: dict[tuple[int, int, int], int] = {} if always is None else always
        #: Kept only by an analysis asked to (:meth:`saturate`'s ``keep_rounds``): per round, the
        #: fields at its start.
        self._rounds: list[_Round] | None = None
        self.update_attacked_squares()

    # -- the fixpoint ---------------------------------------------------------------------------

    def update_attacked_squares(self) -> None:
        """Squares attacked for ever: by pieces that are never captured, from every square they
        may reach (same-colour bishops that only bishops can ever stand beside see through each
        other)."""
        attacked = [0, 0]
        board = self.board
        known = self._always
        for square in _squares(self.occupied & ~self.capturable):
            piece, color = self.types[square], self.colors[square]
            obstacles = 0
            if piece == chess.BISHOP or piece == chess.ROOK or piece == chess.QUEEN:
                obstacles = ~self.clear & _ALL
                if piece == chess.BISHOP:
                    obstacles &= ~(board.occupied_co[color] & board.bishops
                                   & ~self.reachable_by_non_bishop[color] & ~self.capturable)
            key = (square, self.reachable[square], obstacles)  # a round seldom changes them
            always = known.get(key)
            if always is None:
                always = _ALL
                for target in _squares(self.reachable[square]):
                    always &= piece_attacks(piece, color, target, obstacles)
                    if not always:  # nothing more to take away (a king or pawn that may move, mostly)
                        break
                known[key] = always
            attacked[color] |= always
        self.attacked = attacked

    def saturate(self, keep_rounds: bool = False, resume: _Round | None = None) -> Analysis:
        """Grow every field until nothing changes; the approximations hold only afterwards.

        ``keep_rounds``: keep what :meth:`resumed` needs (an analysis with no assumption).
        ``resume``: start from a round another analysis of the board kept, its fields as they
        were at that round's start."""
        board = self.board
        white_has_more = chess.popcount(self.white) > 2
        # Per piece, the squares it may reach whose moves lead nowhere new, and what those moves
        # were computed with: a king's or knight's moves never change, a slider's change only with
        # the steady pieces, a pawn's with those and the squares where it may capture. Such a
        # square is not looked at again while that holds (the reachable squares only grow), and
        # the rounds cost what changes, not every square of every piece.
        closed = [0] * 64
        closed_with: list[tuple[int, int] | None] = [None] * 64
        if resume is not None:
            self._restore(resume, closed, closed_with)
        rounds = self._rounds = [] if keep_rounds else None
        reach = self.reachable  # changed in place only
        sacrificable = self.sacrificable
        types, colors = self.types, self.colors
        while True:
            if rounds is not None:
                rounds.append(self._round(closed, closed_with))
            self._progress = False
            for square in _squares(self.occupied):
                piece, color = types[square], colors[square]
                bit = _SQUARES[square]
                # Pawn captures count only while White has more than one piece besides the king:
                # with one left, a capture by a black pawn leaves a bare king anyway.
                pawn_captures = piece == chess.PAWN and (color == chess.WHITE or white_has_more)
                if piece != chess.KING and piece != chess.KNIGHT:
                    environment = (self.steady, sacrificable[not color] if pawn_captures else 0)
                    if closed_with[square] != environment:
                        closed[square], closed_with[square] = 0, environment
                sources = reach[square] & ~closed[square]
                if piece == chess.PAWN and sources and self._may_stand_anywhere(square, color):
                    sources = 0  # its moves lead nowhere new, from any square
                for source in _squares(sources):
                    if piece == chess.KING:
                        targets = _KING_ATTACKS[source]
                    elif piece == chess.KNIGHT:
                        targets = _KNIGHT_ATTACKS[source]
                    else:
                        targets = piece_moves(piece, color, source, self.steady)
                    if pawn_captures:
                        targets |= _PAWN_ATTACKS[color][source] & sacrificable[not color]
                    if not targets & ~reach[square]:
                        closed[square] |= _SQUARES[source]  # the filters only drop targets
                        continue
                    targets = self._filter_targets(square, piece, color, source, targets)
                    self._add_reachable(square, targets)
                    if targets & ~bit and not self.movable & bit:
                        self.movable |= bit
                        self._progress = True
                reachable = reach[square]
                if reachable & ~bit and self.steady & bit:
                    self.steady &= ~bit
                    self._progress = True
                capturable = 0
                mask = ~self.kings
                if piece == chess.PAWN:
                    mask &= ~chess.BB_FILES[chess.square_file(square)]
                if color == chess.WHITE or white_has_more:
                    # The pieces known to be capturable already are not looked at again: adding
                    # them could change nothing (a steady one among them was counted when found).
                    for other in _squares(board.occupied_co[not color] & mask & ~self.capturable):
                        if reachable & reach[other]:
                            capturable |= _SQUARES[other]
                self._add_capturable(capturable)
                gone = self.steady & reachable & ~bit & ~self.kings
                if gone:
                    self.steady &= ~gone
                    self._progress = True
                if self.clear & reachable:
                    self.clear &= ~reachable
                    self._progress = True
                if piece != chess.KING and reachable & ~sacrificable[color]:
                    sacrificable[color] |= reachable
                    self._progress = True
                if piece == chess.PAWN and reach[square] & _PROMOTION_RANKS:
                    # A pawn that may promote may become anything and go anywhere, but onto its
                    # own side's steady pieces or a steady king.
                    self.promotable = True
                    never = self.steady & (board.occupied_co[color] | self.kings)
                    self._add_reachable(square, _ALL & ~never)
            self.update_attacked_squares()
            if not self._progress:
                return self

    def _round(self, closed: list[int], closed_with: list[tuple[int, int] | None]) -> _Round:
        """The fields as they stand at a round's start (copies of what the round changes in place)."""
        return (list(self.reachable), self.steady, self.clear, list(self.attacked), list(self.sacrificable),
                self.capturable, self.movable, list(self.reachable_by_non_bishop),
                self.first_steady_capturable, self.promotable, list(closed), list(closed_with))

    def _restore(self, start: _Round, closed: list[int], closed_with: list[tuple[int, int] | None]) -> None:
        (reachable, self.steady, self.clear, attacked, sacrificable, self.capturable, self.movable,
         by_non_bishop, self.first_steady_capturable, self.promotable, closed[:], closed_with[:]) = start
        self.reachable, self.sacrificable, self.attacked = list(reachable), list(sacrificable), list(attacked)
        self.reachable_by_non_bishop = list(by_non_bishop)

    def resumed(self, uncapturable: int | None, capturable_only: int | None) -> Analysis:
        """The saturated analysis of the same board with the assumptions ``uncapturable`` (pieces
        never taken while steady) and ``capturable_only`` (pieces taken only where they stand),
        from this analysis, which made none and kept its rounds (``keep_rounds``).

        The assumptions only drop targets at the end of :meth:`_without_blocked_ways`: a steady
        piece of ``uncapturable`` as a target, every target of a piece of ``capturable_only``.
        Such a target, kept here, makes the one piece steady no more (a piece reaches its square)
        or the other movable, in the round that finds it. Up to the first round after which a
        piece of ``uncapturable`` is no longer steady or one of ``capturable_only`` is movable,
        the other analysis makes the same steps as this one: it starts there, from the fields
        this one had then; where there is no such round, it is this one. A king among
        ``uncapturable`` stays steady however it is reached (kings are not taken), so no round
        shows where that case first differs: it is analysed from the start (the question never
        splits on a king; the method answers rightly all the same).

        :raises ValueError: if this analysis made an assumption or did not keep its rounds."""
        rounds = self._rounds
        if rounds is None or self.uncapturable_while_steady is not None \
                or self.capturable_only_while_steady is not None:
            raise ValueError("resumed: from an analysis with no assumption that kept its rounds")
        uncapturable_bits, capturable_only_bits = uncapturable or 0, capturable_only or 0
        if uncapturable_bits & self.kings:
            return Analysis(self.board, uncapturable, capturable_only, self._always).saturate()
        for index, start in enumerate(rounds):
            after = rounds[index + 1] if index + 1 < len(rounds) else None  # the next round's start, or the end
            steady = after[_STEADY_AT] if after is not None else self.steady
            movable = after[_MOVABLE_AT] if after is not None else self.movable
            if uncapturable_bits & ~steady or capturable_only_bits & movable:
                return Analysis(self.board, uncapturable, capturable_only, self._always).saturate(resume=start)
        return self

    def _may_stand_anywhere(self, square: chess.Square, color: chess.Color) -> bool:
        """Whether the pawn first on ``square``, promoted, may stand on every square but the steady
        kings and its own side's steady pieces. Its moves then lead nowhere new: a push stops short
        of a steady piece, and a capture lands where it may stand already or on one of its side's
        steady pieces, which the filter drops (its own king among them; the other king, when
        steady, is never among the squares it may capture on). Looking at them again was most of
        the saturation's time in a K+P ending (the 416 positions of the two benchmark corpora that
        reach the analysis: 1.22 CPU s against 1.52)."""
        return self.reachable[square] | self.steady & (self.board.occupied_co[color] | self.kings) == _ALL

    def _add_reachable(self, square: chess.Square, reachable: int) -> None:
        grown = self.reachable[square] | reachable
        if grown != self.reachable[square]:
            self.reachable[square] = grown
            self._progress = True
        if self.types[square] != chess.BISHOP:
            color = self.colors[square]
            grown = self.reachable_by_non_bishop[color] | reachable
            if grown != self.reachable_by_non_bishop[color]:
                self.reachable_by_non_bishop[color] = grown
                self._progress = True

    def _add_capturable(self, capturable: int) -> None:
        if capturable & self.steady:
            if self.first_steady_capturable is None:
                self.first_steady_capturable = capturable & self.steady
            elif not self.promotable:
                self.first_steady_capturable |= capturable & self.steady
        if capturable & ~self.capturable:
            self.capturable |= capturable
            self._progress = True

    def _filter_targets(self, initial: chess.Square, piece: chess.PieceType, color: chess.Color,
                        source: chess.Square, targets: int) -> int:
        """Drop the targets a move from ``source`` (the piece first stood on ``initial``) can
        never reach, or that can never serve a mate of the black king."""
        board = self.board
        targets &= ~self.reachable[initial]
        targets &= ~(board.occupied_co[color] & self.steady)
        if piece == chess.KING:
            targets &= ~self.attacked[not color]
        if not targets:
            return 0
        not_clear = ~self.clear & _ALL
        white_king = self.white & self.kings
        if color == chess.BLACK and white_king & self.steady and not self._may_cage(initial, piece, white_king):
            # Black must not mate the white king: a check from a square White can never reach
            # (so never capture the checker on) is no use to White. Only for a piece that never
            # stands next to that king nor guards a square next to it: otherwise the king may be
            # steady only because this very piece never moves (a circle the fixpoint would keep),
            # and its move may free the king (8/8/4k3/8/4p1p1/pp2P1P1/1p6/1K6 b: 1...a2+ 2.Kxb2).
            for target in _squares(targets):
                if (white_king & piece_attacks(piece, color, target, not_clear)
                        and not _SQUARES[target] & self.sacrificable[chess.WHITE]):
                    targets &= ~_SQUARES[target]
            king_square = chess.lsb(white_king)
            blockers = not_clear & ~_SQUARES[source]
            checkers = board.occupied_co[chess.BLACK] & self.steady & ~_SQUARES[source] & chess.ray(king_square,
                                                                                                    source)
            if checkers:
                for target in _squares(targets):
                    for checker in _squares(checkers):
                        if piece_attacks(self.types[checker], chess.BLACK, checker,
                                         blockers | _SQUARES[target]) & white_king:
                            targets &= ~_SQUARES[target]
                            break
        black_king = board.occupied_co[chess.BLACK] & self.kings
        if color == chess.WHITE and chess.popcount(self.white) == 2:
            # White's last piece checking a steady king from next door is simply taken, unless
            # the white king may guard that square (and no steady black piece guards it).
            king_reach = self.reachable[chess.lsb(white_king)]
            guards = self.steady & board.occupied_co[chess.BLACK] & ~black_king
            for target in _squares(targets):
                if king_reach & _KING_ATTACKS[target] and not any(
                        piece_attacks(self.types[guard], chess.BLACK, guard, not_clear) & _SQUARES[target]
                        for guard in _squares(guards)):
                    continue
                if black_king & self.steady and (piece_attacks(piece, color, target, not_clear)
                                                 & black_king & _KING_ATTACKS[target]):
                    targets &= ~_SQUARES[target]
        if piece == chess.KING:
            targets = self._without_stalemating(color, source, targets)
        return self._without_blocked_ways(initial, piece, color, source, targets)

    def _may_cage(self, initial: chess.Square, piece: chess.PieceType, white_king: int) -> bool:
        """Whether the black piece that first stood on ``initial`` stands, or may stand, next to
        the white king or guard a square next to it, from any square it may reach."""
        cage = _KING_ATTACKS[chess.lsb(white_king)]
        not_clear = ~self.clear & _ALL
        for square in _squares(self.reachable[initial]):
            if (_SQUARES[square] | piece_attacks(piece, chess.BLACK, square, not_clear)) & cage:
                return True
        return False

    def _without_stalemating(self, color: chess.Color, source: chess.Square, targets: int) -> int:
        """A king move that would leave the other king, whose side can move nothing else, at most
        one free square is a stalemate, not a step towards mate (exact for kings only)."""
        board = self.board
        others = board.occupied_co[not color]
        other_king_bb = others & self.kings
        if others & ~other_king_bb & self.movable:
            return targets
        other_king = chess.lsb(other_king_bb)
        near = targets & _COVERING[other_king]
        if not near:
            return targets
        region = self.reachable[other_king] | (_KING_ATTACKS[other_king] & ~self.attacked[color] & ~self.steady)
        diagonal = board.occupied_co[color] & (board.bishops | board.queens)
        straight = board.occupied_co[color] & (board.rooks | board.queens)
        for target in _squares(near):
            covered = _KING_ATTACKS[target] | _SQUARES[target]
            blockers = ~self.clear & _ALL | _SQUARES[target]
            # Leaving ``source`` may open a line for a slider of ours: a mate, not a stalemate.
            lines = bishop_attacks(source, blockers) & ~blockers
            if any(self.reachable[slider] & lines for slider in _squares(diagonal)):
                continue
            lines = rook_attacks(source, blockers) & ~blockers
            if any(self.reachable[slider] & lines for slider in _squares(straight)):
                continue
            if chess.popcount(region & ~covered) <= 1:
                targets &= ~_SQUARES[target]
        return targets

    def _without_blocked_ways(self, initial: chess.Square, piece: chess.PieceType, color: chess.Color,
                              source: chess.Square, targets: int) -> int:
        """Drop targets behind a piece that can neither get out of the way nor be captured."""
        candidates = self.occupied & ~_SQUARES[initial] & ~self.capturable
        ends = _SQUARES[source]
        between = _BETWEEN[source]
        ways = targets
        if (piece == chess.KING or piece == chess.KNIGHT) and not candidates & ends:
            ways &= candidates  # nothing lies between a step's or a jump's ends: only a target can block it
        for target in _squares(ways):
            way = between[target] | ends | _SQUARES[target]
            obstacles = candidates & way
            if not obstacles:
                continue
            for obstacle in _squares(obstacles):
                real_way = way
                obstacle_type = self.types[obstacle]
                if self.colors[obstacle] != color and (
                        obstacle_type != chess.PAWN or piece != chess.PAWN
                        or chess.square_file(source) != chess.square_file(target)):
                    real_way &= ~_SQUARES[obstacle]  # an enemy piece there could be captured on it
                if (piece == chess.PAWN and obstacle_type == chess.PAWN
                        and not self.reachable[initial] & ~chess.BB_FILES[chess.square_file(target)]):
                    real_way |= chess.ray(initial, obstacle)
                if not self.reachable[obstacle] & ~real_way:
                    targets &= ~_SQUARES[target]
        if self.uncapturable_while_steady is not None:
            targets &= ~(self.uncapturable_while_steady & self.steady)
        if self.capturable_only_while_steady is not None and _SQUARES[initial] & self.capturable_only_while_steady:
            return 0
        return targets

    # -- the question ---------------------------------------------------------------------------

    def could_black_get_mated(self) -> bool:
        """Whether some square could hold the black king mated: a white piece may attack it, and
        its flight squares may all be blocked by black pieces or covered by the white king.
        Only meaningful after :meth:`saturate`."""
        board = self.board
        white_king_reach = self.reachable[chess.lsb(self.white & self.kings)]
        black_king_region = self.reachable[chess.lsb(board.occupied_co[chess.BLACK] & self.kings)]
        visitors, visited = self._visitors(black_king_region)
        if not visitors:
            return False
        for mating_square in _squares(visited):
            flights = _KING_ATTACKS[mating_square] & black_king_region & ~visited
            blockers, blocking = self._blockers(flights)
            count = min(chess.popcount(blockers), chess.popcount(blocking))
            near = _SQUARES[mating_square] | _KING_ATTACKS[mating_square]
            for covered in itertools.combinations(_squares(blocking), count):
                remaining = flights
                for square in covered:
                    remaining &= ~_SQUARES[square]
                if not remaining:
                    return True
                stands = 0
                for square in _squares(remaining):
                    stands |= _KING_ATTACKS[square]
                for stand in _squares(stands & ~near & white_king_reach):
                    if _KING_ATTACKS[stand] & remaining == remaining:
                        return True
        return False

    def _visitors(self, region: int) -> tuple[int, int]:
        """White's non-king pieces that may ever attack ``region``, and the part they may attack."""
        visitors = visited = 0
        not_clear = ~self.clear & _ALL
        for square in _squares(self.white & ~self.kings):
            reach = self.reachable[square]
            if reach == _SQUARES[square]:
                continue
            piece = self.types[square]
            for target in _squares(reach):
                hit = region & piece_attacks(piece, chess.WHITE, target, not_clear)
                if hit:
                    visitors |= _SQUARES[square]
                    visited |= hit
        return visitors, visited

    def _blockers(self, region: int) -> tuple[int, int]:
        """Black's non-king pieces that may ever stand in ``region``, and where."""
        blockers = blocking = 0
        for square in _squares(self.board.occupied_co[chess.BLACK] & ~self.kings):
            hit = region & self.reachable[square]
            if hit:
                blockers |= _SQUARES[square]
                blocking |= hit
        return blockers, blocking


def _could_be_mated(board: chess.Board, uncapturable: int | None = None,
                    capturable_only: int | None = None) -> Analysis:
    return Analysis(board, uncapturable, capturable_only).saturate()


def is_statically_unwinnable(board: chess.Board) -> bool:
    """Whether the analysis proves that White can never mate, whatever is played (sound: ``True``
    is a proof; ``False`` is no answer).

    A piece that is both steady and capturable splits the question: either it is never captured
    while it stands (so it stays and blocks), or it is captured where it stands (so it never moves);
    White cannot mate if neither case allows it. Each case is an analysis of its own, and the
    answer does not depend on their order: the case that more often allows a mate is asked first,
    so that the other is seldom needed (on 17,244 positions of CHA's set, walks from them and the
    corpora, a piece captured where it stands allowed it 1,322 times where the other case did not,
    against 317; of the two pieces' four cases, neither moving allowed it first most often).
    """
    if board.ep_square is not None and board.has_pseudo_legal_en_passant():
        return False
    white = board.occupied_co[chess.WHITE]
    last_piece = white & ~board.kings if chess.popcount(white) == 2 else None
    if last_piece is None:
        # The cases start from the first analysis's rounds, where they first differ from it
        # (Analysis.resumed): a fifth of the analysis's time after a move on the engine corpus.
        analysis = Analysis(board).saturate(keep_rounds=True)
        case: Callable[[int | None, int | None], Analysis] = analysis.resumed
    else:
        analysis = _could_be_mated(board, uncapturable=last_piece)
        case = partial(_could_be_mated, board)
    if not analysis.could_black_get_mated():
        return True
    pending = analysis.first_steady_capturable
    if pending is None:
        return False
    for square in _squares(pending):
        bit = _SQUARES[square]
        if case(None, bit).could_black_get_mated():
            continue
        if not case(bit, None).could_black_get_mated():
            return True
    if chess.popcount(pending) == 2:
        first = chess.lsb(pending)
        one, two = _SQUARES[first], pending & ~_SQUARES[first]
        cases = ((None, pending), (pending, None), (one, two), (two, one))
        return not any(case(uncapturable, capturable_only).could_black_get_mated()
                       for uncapturable, capturable_only in cases)
    return False
