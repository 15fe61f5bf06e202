"""The game record the arbiter keeps, and what every judge of the Laws may do with it.

:class:`Game` holds what the Laws care about above the physical table: the position, the table,
the clock, who has the move and the touches of the turn, moves made and not yet completed, Article 4
breaches open to a claim, illegal moves open, strikes, offers, and the rulings given so far. Its
methods are the acts every judge shares: give a ruling, let a legal move stand, complete it, take
the game back, end it. The judges (:mod:`~arbiter.laws.clockpress`, :mod:`~arbiter.laws.illegal`,
:mod:`~arbiter.laws.claims`, :mod:`~arbiter.laws.irregularities`) act on a :class:`Game`; the
:class:`~arbiter.laws.referee.Referee` is a :class:`Game` that also reads the physical acts and
sends each to its judge, so no judge needs the referee.
"""

from __future__ import annotations

from fractions import Fraction

from dataclasses import dataclass, field
from typing import Any

import chess

from arbiter.core.i18n import N_, _

from arbiter.core.clock import Clock
from arbiter.core.notation import language, translate, translate_line
from arbiter.core.position import Position, is_illegal_position
from arbiter.core.unwinnable import UNDECIDED, is_dead
from arbiter.core.verdicts import cannot_mate, mating_line
from arbiter.laws import texts
from arbiter.laws.editions import CURRENT, Edition, edition
from arbiter.laws.rulings import Completed, Made, MustCapture, MustMove, RulingLog, Said
from arbiter.table.board import Table
from arbiter.table.touch import FREE, Fact, Obligation, Touch, first_released, obligation
from arbiter.table.turns import Breach, Pending, Settings, Turn


@dataclass
class IllegalMove:
    """A completed illegal move (or an act penalised as one) and what correcting it needs."""

    player: chess.Color
    article: str
    text: str
    #: How many entries the game's history had just before it.
    depth: int
    #: The increment the illegal press added to the offender's clock.
    increment: Fraction
    #: The touch-move facts of its turn, for the replacing move (7.5.1).
    facts: list[Fact] = field(default_factory=list)
    #: 7.5.2: the promotion to a queen that stands once the pawn is replaced.
    promotion: chess.Move | None = None
    #: 7.5.4: a legal move made with two hands; it stands.
    stands: bool = False
    #: A.5.2: the opponent has made his next move since; it can no longer be corrected.
    passed: bool = False


#: How a loss on the board is told when the opponent cannot, may or can mate: for White, for
#: Black, then the same after ``note`` (what happened), whole, so that each language writes the
#: clause after the semicolon as it should (in Serbian and Bulgarian without a capital).
_CANNOT = (N_("White cannot mate: {why}"), N_("Black cannot mate: {why}"),
           N_("{note}; White cannot mate: {why}"), N_("{note}; Black cannot mate: {why}"))
_UNDECIDED = (N_("whether White can mate: {why}"), N_("whether Black can mate: {why}"),
              N_("{note}; whether White can mate: {why}"), N_("{note}; whether Black can mate: {why}"))
_CAN = (N_("White can mate: {why}"), N_("Black can mate: {why}"),
        N_("{note}; White can mate: {why}"), N_("{note}; Black can mate: {why}"))


class Game:
    """One game as the arbiter records it, and the acts of the Laws on it."""

    def __init__(self, position: Position, settings: Settings | None = None, clock: Clock | None = None) -> None:
        self.position = position
        self.settings = settings or Settings()
        #: The languages moves are read in (events) and written in (rulings).
        self.reads = language(self.settings.notation)
        self.writes = language(self.settings.output_notation or self.settings.notation)
        self._edition: Edition | None = None
        self.table = Table(position)
        self.clock = clock or Clock(running=position.turn)
        # The code cites the articles by their numbers of 2023: an older edition numbers them anew.
        self.rulings = RulingLog(numbering=None if self.settings.laws == CURRENT else self.edition.numbers)
        self.result = "*"
        self.reason: str | None = None
        self._turn = Turn(position.turn)
        self.pending: dict[chess.Color, Pending | None] = {chess.WHITE: None, chess.BLACK: None}
        self.breach: Breach | None = None
        self.draw_offer: chess.Color | None = None
        self.written: dict[chess.Color, str | None] = {chess.WHITE: None, chess.BLACK: None}
        #: Squares whose pieces a player moved while not having the move (7.4.1).
        self.displaced: dict[chess.Color, set[chess.Square]] = {}
        #: Completed illegal moves nobody has acted on yet, oldest first (7.5, A.5.2).
        self.open_illegal: list[IllegalMove] = []
        #: Completed illegal moves penalised so far, per player (7.5.5).
        self.strikes: dict[chess.Color, int] = {chess.WHITE: 0, chess.BLACK: 0}
        self._index = 0
        self.was_paused = False
        #: A player who paused the clock and gave no reason: his next act says whether it was valid.
        self.unexplained_pause: chess.Color | None = None
        #: Whether a plain ``play``, and the first lift and the capture's removal of a plain turn
        #: (:mod:`arbiter.laws.plainacts`), are ruled in one go (the same rulings; False for tests).
        self.at_once = True
        #: The players not at the board yet (6.7).
        self.absent: set[chess.Color] = set(self.settings.absent)
        #: Squares of the pieces each player knocked over and has not set right yet (7.4.1).
        self.knocked: dict[chess.Color, set[chess.Square]] = {}
        #: Whether the board still stands oriented contrary to 2.1 (7.2.2).
        self.orientation_wrong = self.settings.orientation_wrong
        #: Whether the game was cancelled (7.2.1, 7.3): it has no result and nothing more counts.
        self.cancelled = False
        #: A.5.4: the history's depth at which an illegal move left an illegal position standing.
        self.illegal_position: int | None = None
        #: Under ``called``, where an illegal move may be corrected at any time: the illegal move
        #: that left its own king in check, standing until the opponent claims it or completes a
        #: reply that leaves the board unplayable (docs/readings.md, issue 38).
        self.king_left_in_check: IllegalMove | None = None
        #: Whether the position the game starts from was looked at for what ends a game
        #: (:meth:`judge_start`): on the first event, as the arbiter finds the board.
        self.start_judged = False

    @property
    def edition(self) -> Edition:
        """The edition of the Laws the game is ruled by (read when a rule first asks)."""
        if self._edition is None:
            self._edition = edition(self.settings.laws)
        return self._edition

    def cited(self, article: str) -> str:
        """``article`` as the game's edition of the Laws numbers it (for a number inside a sentence)."""
        return self.edition.cite(article) if self.settings.laws != CURRENT else article

    @property
    def numbers(self) -> dict[str, Any]:
        """The numbers of the game's ruleset in its edition of the Laws (``rules/rulesets.yaml``)."""
        return self.edition.ruleset(self.settings.ruleset)

    @property
    def supervision(self) -> dict[str, Any]:
        """The ruleset's numbers for the game's supervision (``rules/rulesets.yaml``)."""
        numbers: dict[str, Any] = self.numbers["supervision"][self.settings.supervision]
        return numbers

    @property
    def turn(self) -> Turn:
        """The turn the table's state follows: its player, the facts of touch-move, the obligation."""
        return self._turn

    @turn.setter
    def turn(self, turn: Turn) -> None:
        self._turn = turn
        self.table.owner = turn.color

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a result) or was cancelled (7.2.1, 7.3)."""
        return self.result != "*" or self.cancelled

    @property
    def watching(self) -> bool:
        """Whether the arbiter sees every event and intervenes at once."""
        return self.settings.arbiter == "watching"

    @property
    def obligation(self) -> Obligation:
        """What binds the player having the move now."""
        # After a move made, the opponent has the move (1.3); the pieces may show another move
        # made of a released piece carried on (4.7), which binds its player still.
        if self.turn.color != self.position.turn:
            return FREE
        return self.turn.obligation

    def rule(self, kind: str, article: str, text: str, **fields: object) -> None:
        """Give a ruling for the event being applied."""
        self.rulings.add(self._index, Said(kind, article, text, tuple(fields.items())))

    def rule_obligation(self, color: chess.Color, ob: Obligation) -> None:
        """Say what touch-move binds ``color`` to."""
        board, square = self.position.now, ob.square
        player = chess.COLOR_NAMES[color]
        # The rulings of every move keep the piece types their sentence names: the board changes.
        if square is not None and ob.must == "move" and not ob.barred_side and ob.article != "9.5.3":
            self.rulings.add(self._index, MustMove(color, ob.article or "4.5", square, board.piece_type_at(square)))
        elif square is not None and ob.must == "capture" and ob.with_ is not None and ob.article != "4.7":
            self.rulings.add(self._index, MustCapture(color, ob.article or "4.5", square, board.piece_type_at(square),
                                                      ob.with_, board.piece_type_at(ob.with_)))
        else:
            self.rule("obligation", ob.article or "4.5", texts.obligation(board, color, ob, self.writes),
                      player=player, **ob.fields())

    def violation(self, color: chess.Color, article: str, text: str) -> None:
        """Say that ``color`` broke ``article``."""
        self.rule("violation", article, text, player=chess.COLOR_NAMES[color])

    def reinstated(self, article: str) -> None:
        """Say that the position was set back (to the one now held)."""
        self.rule("reinstated", article, texts.reinstated(self.position.board), fen=self.position.fen())

    def take_back_to(self, depth: int, player: chess.Color, facts: list[Fact]) -> None:
        """Set the game back to the first ``depth`` entries of its history and the pieces with
        it: ``player`` is to move again, bound by the touches of his turn (4.3 and 4.7 carry over)."""
        self.position.pop_to(depth)
        self.table.touched = bool(facts)
        self.table.restore()
        self.turn = Turn(player, list(facts))

    def breach_seen(self, color: chess.Color, article: str, text: str) -> None:
        """A breach with no remedy on the board (4.2.1, 6.2.3): ruled when the arbiter watches."""
        if self.watching:
            self.violation(color, article, text)

    def touched(self, color: chess.Color, squares: list[chess.Square], pieces: list[chess.Piece],
                bound: Obligation | None = None) -> None:
        """Deliberate touches by the player having the move, at one instant; ``bound``, if given,
        is what they bind him to, known without asking touch-move. ``Referee._play_and_press`` rules
        a plain ``play``'s touches without this (its turn has no breach open: only the draw offer
        and the two obligations to rule): what changes here must change there."""
        turn = self._turn
        turn.instant += 1
        for square, piece in zip(squares, pieces, strict=True):
            turn.facts.append(Touch(square, piece, turn.instant))
        self._after_touch(color, bound)

    def touched_one(self, color: chess.Color, square: chess.Square, piece: chess.Piece,
                    bound: Obligation | None = None) -> None:
        """:meth:`touched` of one piece (a lift, a piece taken off: most touches)."""
        turn = self._turn
        turn.instant += 1
        turn.facts.append(Touch(square, piece, turn.instant))
        self._after_touch(color, bound)

    def _after_touch(self, color: chess.Color, bound: Obligation | None) -> None:
        breach = self.breach
        if breach is not None and breach.player != color and not breach.forfeited:
            breach.forfeited = True  # 4.8: the claimant touched a piece
            if not breach.remedied:
                self._check_end(breach.player)
                if self.result != "*":
                    return
        if self.draw_offer is not None:
            self.reject_offer(color)
        self.update_obligation(bound=bound)

    def reject_offer(self, color: chess.Color) -> None:
        """``color`` touched a piece with intent: the opponent's draw offer is rejected (9.1.2.2)."""
        if self.draw_offer is not None and self.draw_offer != color:
            self.draw_offer = None

    def update_obligation(self, always: bool = False, bound: Obligation | None = None) -> None:
        """Say what touch-move binds the player to now, if it changed (``always``: even if not);
        ``bound``: what it is, known by the caller."""
        turn = self._turn
        ob = bound if bound is not None else obligation(self.position.now, turn.facts, position=self.position)
        if always or ob is not turn.obligation and ob != turn.obligation:
            turn.obligation = ob
            self.rule_obligation(turn.color, ob)

    def moved_on_unclaimed(self, color: chess.Color) -> chess.Move | None:
        """The move ``color`` released and then carried on, with no legal move standing since,
        while nobody has claimed it yet (``arbiter: called``); the press completes that move."""
        breach = self.breach
        if breach is None or breach.player != color or breach.remedied or self.turn.color != color:
            return None
        if breach.depth != self.position.depth or first_released(self.turn.facts) != breach.released:
            return None  # a breach of an earlier turn: this press is about this turn's pieces
        return breach.released

    def released_move_stands(self, color: chess.Color, move: chess.Move) -> None:
        """The piece carried on goes back where it was released, and that move stands (4.7,
        DECISIONS 4): the remedy of the watching arbiter, of an upheld claim, of the press."""
        self.table.restore()
        self.stand(color, move, announce=False)
        self.reinstated("4.7")

    def stand(self, color: chess.Color, move: chess.Move, announce: bool, check_end: bool = True,
              legal: bool = False) -> None:
        """The legal ``move`` is made: the opponent has the move. ``check_end=False``: what the
        move brings on the board does not end the game (the arbiter's correction of a second
        illegal move, which 7.5.5 decides). ``legal``: python-chess read it among the legal moves
        of the position (not asked again). A plain ``play`` is made in one go by
        ``Referee._play_and_press``: what changes here must change there (the property test
        comparing ``play`` with its steps fails)."""
        earlier = self.pending[color]
        hands = frozenset(self.table.hands_used) or frozenset({self.table.last_hand[color]})
        san = translate(self.position.push(move, legal), self.writes)
        played = self.position.last_move()  # the same move, the copy the history keeps
        assert played is not None, "a move was just made"
        move = played
        if self.table.state != "made":  # made: the pieces already stand as the move left them
            self.position.restore_standing()
            self.table.restore(move_stands=True)
        if announce:
            self.made(color, move, san)
        if earlier is not None:
            self.complete(color, earlier.move, "6.2.1.2")
        if len(hands) > 1 and self.watching and announce:
            self.violation(color, "4.1", texts.two_hands(color))
        self.pending[color] = Pending(move, hands, self.table.last_hand[color])
        if check_end and not self._is_open_breach(color):
            self._check_end(color)

    def made(self, color: chess.Color, move: chess.Move, san: str) -> None:
        """Say that ``color`` made ``move`` (4.7), written ``san``: the move his scoresheet held
        is spent, and the opponent's open illegal moves pass (A.5.2)."""
        self.rulings.add(self._index, Made(color, move, san))
        self.opponent_moved(color)
        self.written[color] = None

    def _is_open_breach(self, color: chess.Color) -> bool:
        """Whether ``color``'s last move breached Article 4 and a claim may still undo it.

        Such a move ends nothing yet: mate and stalemate count only for a move made as Article 4
        requires (5.1.1, 5.2.1); they take effect once the right to claim is lost (4.8).
        """
        breach = self.breach
        return breach is not None and breach.player == color and not breach.remedied and not breach.forfeited

    def complete(self, color: chess.Color, move: chess.Move, article: str) -> None:
        """Say that ``color``'s ``move`` is completed (6.2.1, 6.2.1.1 or 6.2.1.2)."""
        self.rulings.add(self._index, Completed(color, move, article))
        if self.illegal_position is not None and self.result == "*":
            self.check_illegal_position()

    def ending(self, color: chess.Color) -> tuple[str, str, str] | None:
        """What ends the game the moment ``color``'s move is made, as (result, reason, article):
        mate (first, 9.6.2), stalemate, a dead position, the fifth occurrence of a position, 75
        moves each (5.1.1, 5.2.1, 5.2.2, 9.6); None if nothing does."""
        board = self.position.now
        if self.illegal_position is not None and is_illegal_position(board):
            return None  # no mate or stalemate on a board with a king taken: A.5.4 decides at the press
        stuck = not self.position.has_legal_move()  # one question for mate and stalemate both (the core's)
        if stuck and board.is_check():
            return "1-0" if color == chess.WHITE else "0-1", "checkmate", "5.1.1"
        if stuck:
            return "1/2-1/2", "stalemate", "5.2.1"
        if is_dead(board):
            return "1/2-1/2", "dead-position", "5.2.2"
        if self.position.repetitions() >= 5 and self.edition.ends_by_fivefold(self.position.occurrence_plies()):
            return "1/2-1/2", "fivefold", "9.6.1"
        if board.halfmove_clock >= 150 and self.edition.rules("seventy_five"):
            return "1/2-1/2", "seventy-five-moves", "9.6.2"
        return None

    def judge_start(self) -> None:
        """The position the events begin in may have ended the game already: a mate, a stalemate,
        a dead position or 75 moves each on the board as the start leaves it (a FEN, moves played
        before the events, a PGN; 5.1.1, 5.2.1, 5.2.2, 9.6.2). The game is then over with that
        result before any act, and nothing after it counts: ruled on the first event."""
        self.start_judged = True
        if not self.is_over:
            ends = self.ending(not self.position.turn)
            if ends is not None:
                self.end(*ends)

    def _check_end(self, color: chess.Color) -> None:
        """The game ends if ``color``'s move just made ends it (:meth:`ending`); the move is then
        completed (6.2.1.1)."""
        ends = self.ending(color)
        if ends is None:
            return
        self.end(*ends)
        pending = self.pending[color]
        if pending is not None:
            self.complete(color, pending.move, "6.2.1.1")
            self.pending[color] = None

    def end(self, result: str, reason: str, article: str, why: str = "", line: str = "") -> None:
        """The game is over: nothing after this has an effect. ``line``: the helpmate line by which
        the winner could mate, given with the ruling as a field of its own, not in its sentence."""
        self.result, self.reason = result, reason
        lines = {"line": line} if line else {}
        self.rule("result", article, texts.result(result, reason, why), result=result, reason=reason, **lines)
        if self.table.state != "ended":
            self.table.end()

    def cancel(self, article: str, reason: str, text: str) -> None:
        """The game is cancelled and a new one played (7.2.1, 7.3): no result, nothing after counts."""
        self.cancelled, self.reason = True, "cancelled"
        self.rule("cancelled", article, text, reason=reason)
        if self.table.state != "ended":
            self.table.end()

    def lose(self, loser: chess.Color, reason: str, article: str, note: str = "") -> None:
        """``loser`` loses, unless the opponent cannot mate by any series of legal moves: a draw
        (5.1.2, 6.9, 7.5.5). ``note`` says what happened, for the ruling's text."""
        cannot, why = cannot_mate(self.position.board, not loser)
        undecided = not cannot and why.startswith(_(UNDECIDED))
        # the line of a "can", read from the verdict just kept (an undecided one is not kept)
        line = "" if cannot or undecided else mating_line(self.position.board, not loser)
        line = translate_line(line, self.writes)  # in the language the rulings' moves are written in
        if cannot:
            result, told = "1/2-1/2", _CANNOT
        else:
            result = "0-1" if loser == chess.WHITE else "1-0"
            # An undecided search is said in the ruling (DECISIONS 19); a line found is part of it:
            # the arbiter can show it to the players.
            told = _UNDECIDED if undecided else _CAN
        white, black = told[2:] if note else told[:2]
        self.end(result, reason, article, texts.by_colour(not loser, white, black).format(note=note, why=why), line)

    def check_illegal_position(self) -> None:
        """A.5.4: the move after the one that left an illegal position is completed: the game is
        drawn if an illegal position is still on the board, and goes on if not."""
        if self.illegal_position is None or self.position.depth <= self.illegal_position:
            return
        self.illegal_position = None
        waiting, self.king_left_in_check = self.king_left_in_check, None
        if waiting is not None:
            # No A.5.4 here (standard play, or full supervision): the reply is completed and the
            # board cannot be played on: the arbiter must be called, and finds the illegal move.
            if is_illegal_position(self.position.board) and waiting in self.open_illegal:
                self.unplayable_found(waiting)
            return
        if is_illegal_position(self.position.board, pawn_on_last_rank=True):
            self.end("1/2-1/2", "illegal-position", "A.5.4",
                     texts.illegal_position_stays(self.cited("A.5.4")))

    def unplayable_found(self, record: IllegalMove) -> None:
        """The board left after the reply to ``record`` cannot be played on: the arbiter corrects
        ``record`` (7.5.1), as :func:`arbiter.laws.illegal.unplayable_found` says."""
        raise NotImplementedError("the referee corrects it")

    def opponent_moved(self, color: chess.Color) -> None:
        """``color`` made a move: the opponent's open illegal moves can no longer be corrected in
        rapid and blitz under partial supervision (A.5.2)."""
        for record in self.open_illegal:
            if record.player != color:
                record.passed = True
