"""Illegal moves (7.5, A.5.2; DECISIONS 8-11): what the press made of them, who corrects them
and until when, and the penalty.

An illegal move exists once the clock is pressed after it (7.5.1). The watching arbiter corrects
it at once; otherwise it stays open until the opponent's ``claim illegal-move``: at any time in
standard play and under full supervision (every later move cancelled), only until the opponent
has made his next move in rapid and blitz under partial supervision (A.5.2), after which it
stands. The penalty (7.5.5): the offender's increment from the illegal press taken back, the
opponent's time increased by the ruleset's number, and the second illegal move loses (a draw if
the opponent cannot mate).
"""

from __future__ import annotations

from fractions import Fraction


import chess

from arbiter.core.arrangement import unreplaced_promotion
from arbiter.core.position import is_illegal_position, is_king_left_in_check
from arbiter.laws import texts
from arbiter.laws.editions import CURRENT
from arbiter.laws.game import Game, IllegalMove
from arbiter.table.turns import Turn


def kind_of_press(ref: Game, color: chess.Color) -> tuple[str, chess.Move | None]:
    """Which illegal move a press with no legal move made is: 7.5.1, 7.5.2 (with the promotion
    to a queen that the pawn left on the last rank stands for) or 7.5.3."""
    if ref.position.is_standing_as_position() and not ref.table.is_holding(color):
        return "7.5.3", None
    promotion = unreplaced_promotion(ref.position.board, ref.position.standing)
    if promotion is None:
        return "7.5.1", None
    # Before July 2014 (7.4.a of 2009) a pawn left unreplaced was an illegal move like any other:
    # the position before it reinstated, no queen put in its place.
    return ("7.5.2", promotion) if ref.edition.rulings["unreplaced_pawn"] == "queen" else ("7.5.2", None)


def pressed_without_move(ref: Game, color: chess.Color, increment: Fraction) -> None:
    """The clock was pressed with no legal move made; the press has already switched the clock."""
    article, promotion = kind_of_press(ref, color)
    if article == "7.5.3" and not ref.edition.rules("press_without_move_illegal"):
        pressed_without_move_not_illegal(ref, color, increment)
        return
    # The touches of his own turn carry over (7.5.1); a turn still the opponent's (his move made,
    # not yet pressed) binds the presser to nothing.
    facts = list(ref.turn.facts) if ref.turn.color == color else []
    record = IllegalMove(color, article, texts.illegal(color, article), ref.position.depth, increment,
                         facts, promotion)
    ref.table.let_go_at_press(color)
    if ref.watching and ref.supervision.get("arbiter_corrects", True):
        correct(ref, record)
        return
    # Nobody acts (yet): play goes on from the board as it stands (DECISIONS 11).
    if article == "7.5.3":
        ref.position.push_null()
    else:
        ref.position.go_on_from_standing(not color)
    ref.table.press(color, ref.table.last_hand[color])
    ref.turn = Turn(not color)
    ref.open_illegal.append(record)
    illegal_position_after(ref, record)


def pressed_without_move_not_illegal(ref: Game, color: chess.Color, increment: Fraction) -> None:
    """Before July 2017 a press with no move made was no illegal move: improper handling of the
    clock (6.2.4; penalised under 12.9 at the arbiter's discretion). The watching arbiter sets the
    clocks back, the presser still having the move; otherwise the press stands, the opponent's
    clock running, and no claim of an illegal move reaches it."""
    ref.table.let_go_at_press(color)
    if ref.watching:
        ref.violation(color, "6.2.4", texts.pressed_without_move_not_illegal(color))
        if increment:
            ref.clock.add(color, -increment)
        ref.clock.set_running(color)
        ref.clock.paused = True  # the arbiter stops the clock to set things right
        return
    ref.position.push_null()
    ref.table.press(color, ref.table.last_hand[color])
    ref.turn = Turn(not color)


def illegal_position_after(ref: Game, record: IllegalMove) -> None:
    """The board left by a completed illegal move nobody corrected, when no legal game can stand
    on it (a king captured, a king left in check, a pawn on the last rank): it is never played on
    silently. Where the illegal move may be corrected whenever found (standard, full supervision),
    the arbiter finds it now and corrects it (7.5.1), unless it only left the mover's own king in
    check and the arbiter is ``called``: the opponent can still claim it or reply, and the board
    stands until he does (:func:`unplayable_found`, issue 38). In rapid and blitz otherwise, A.5.4
    read by analogy: the arbiter waits until the next move is completed, and if an illegal position
    is still on the board then, the game is drawn; but where the edition has the watching arbiter
    intervene (2009's A.4.c in rapid), he corrects it at once."""
    if ref.illegal_position is not None:
        ref.check_illegal_position()  # this completed move was the next one
        return
    any_time = ref.supervision["correction"] == "any-time"
    if not is_illegal_position(ref.position.board, pawn_on_last_rank=not any_time):
        return
    if any_time and not ref.watching and is_king_left_in_check(ref.position.board):
        ref.illegal_position, ref.king_left_in_check = ref.position.depth, record
        return
    # 2009's A.4.c: in rapid the watching arbiter intervenes himself, if he can (no wait)
    intervenes = ref.watching and ref.supervision.get("illegal_position") == "intervene"
    if any_time or intervenes:
        ref.open_illegal.remove(record)
        ref.violation(record.player, "7.5.1" if any_time else "A.5.4", texts.illegal_position_found(record.player))
        correct(ref, record, announce=False)
        return
    ref.illegal_position = ref.position.depth
    ref.violation(record.player, "A.5.4", texts.illegal_position_waits(record.player, ref.cited("A.5.4")))


def unplayable_found(ref: Game, record: IllegalMove) -> None:
    """Under ``called``: the opponent completed a reply to ``record`` (which left its own king in
    check) and the board still cannot be played on (a king in check with the other side to move, a
    king taken): the players must call the arbiter, who finds the illegal move and corrects it as
    at any time (7.5.1), the reply cancelled with every move after the irregularity."""
    ref.open_illegal = [r for r in ref.open_illegal if r is not record and r.depth < record.depth]
    ref.violation(record.player, "7.5.1", texts.illegal_position_found(record.player))
    correct(ref, record, announce=False)


def pressed_with_two_hands(ref: Game, color: chess.Color, increment: Fraction) -> None:
    """A legal move made with two hands and the clock pressed: penalised as illegal; it stands (7.5.4)."""
    record = IllegalMove(color, "7.5.4", texts.two_hands_pressed(color), ref.position.depth, increment,
                         stands=True)
    if ref.watching:
        correct(ref, record)
    else:
        ref.open_illegal.append(record)


def correct(ref: Game, record: IllegalMove, announce: bool = True) -> None:
    """Rule on the illegal move: the position before it (or the move that stands), the penalty."""
    offender = record.player
    if announce:
        ref.violation(offender, record.article, record.text)
    if not record.stands:
        ref.take_back_to(record.depth, offender, record.facts)  # every later move is cancelled (7.5.1)
        if ref.illegal_position is not None and ref.position.depth < ref.illegal_position:
            ref.illegal_position = None  # the board A.5.4 waited on is gone with the moves undone
            ref.king_left_in_check = None
        if (ref.illegal_position is None and ref.supervision["correction"] != "any-time"
                and is_illegal_position(ref.position.board, pawn_on_last_rank=True)):
            # The position reinstated is itself one A.5.4 waited on (the wait ended with the move
            # now undone): the wait begins again, until the next move is completed.
            ref.illegal_position = ref.position.depth
        elif ref.illegal_position is None and not ref.watching and is_king_left_in_check(ref.position.board):
            # The board reinstated is the one an earlier illegal move left its own king in check
            # on (a later illegal move of the opponent claimed and undone): that move waits again
            # for the opponent's claim or his completed reply.
            waiting = [r for r in ref.open_illegal if r.player != offender and r.depth < record.depth]
            if waiting:
                ref.illegal_position, ref.king_left_in_check = ref.position.depth, waiting[-1]
        ref.pending = {chess.WHITE: None, chess.BLACK: None}
        ref.breach = None
        if record.promotion is not None:
            _replace_pawn(ref, record, check_end=not loses_by(ref, record))
        else:
            ref.clock.set_running(offender)
            ref.clock.paused = True  # the arbiter stops the clock to set things right
            if record.article in ("7.5.1", "7.5.2"):  # 7.5.2 here: the Laws of 2009 (7.4.a)
                ref.reinstated(record.article)
            ref.update_obligation(always=record.article in ("7.5.1", "7.5.2"))
    penalise(ref, record)


def loses_by(ref: Game, record: IllegalMove) -> bool:
    """Whether penalising ``record`` is the offender's last strike (7.5.5: the second loses)."""
    return ref.strikes[record.player] + 1 >= _strikes_to_lose(ref)


def _strikes_to_lose(ref: Game) -> int:
    """The illegal moves that lose: the supervision's number where it has one (before 2023, the
    first in rapid and blitz without adequate supervision), else the ruleset's (7.5.5: two)."""
    strikes: int = ref.supervision.get("strikes_to_lose", ref.numbers["strikes_to_lose"])
    return strikes


def _replace_pawn(ref: Game, record: IllegalMove, check_end: bool) -> None:
    """7.5.2: the arbiter puts a queen where the pawn stands; the move stands, completed.

    A mate or stalemate that only the queen put there by the arbiter brings does not end a game
    that 7.5.5 decides: 5.1.1 and 5.2.1 need a legal move to produce it (DECISIONS 27).
    """
    move = record.promotion
    assert move is not None
    offender = record.player
    ref.rule("replaced", "7.5.2", texts.replaced(move), square=chess.square_name(move.to_square), piece="Q")
    ref.stand(offender, move, announce=False, check_end=check_end)
    pending = ref.pending[offender]
    if pending is not None:
        ref.complete(offender, pending.move, "6.2.1")
        ref.pending[offender] = None
    if ref.result == "*":
        ref.table.press(offender, ref.table.last_hand[offender])
        ref.turn = Turn(not offender)
        ref.clock.set_running(not offender)


def penalise(ref: Game, record: IllegalMove) -> None:
    """7.5.5: the increment of the illegal press back, the opponent's extra time, the strike."""
    offender = record.player
    numbers = ref.numbers
    if ref.result != "*":
        return
    if record.increment:
        ref.clock.add(offender, -record.increment)
        ref.rule("time", _penalty_article(ref, record), texts.increment_back(offender, record.increment),
                 player=chess.COLOR_NAMES[offender], seconds=-record.increment)
    ref.strikes[offender] += 1
    if ref.strikes[offender] >= _strikes_to_lose(ref):
        # The Laws of 2014 and July 2017: in rapid and blitz without adequate supervision the
        # first illegal move loses (their A.4.2), cited by the supervision's article.
        ref.lose(offender, "illegal-moves", ref.supervision.get("loss_article") or _penalty_article(ref, record))
        return
    seconds = numbers["illegal_move_penalty"]
    ref.clock.add(not offender, seconds)
    own = numbers["penalty_article"]  # a ruleset's own article for its minutes (A.3), else 7.5.5's
    ref.rule("time", own if own not in (None, "7.5.5") else _penalty_article(ref, record),
             texts.penalty_time(not offender, seconds),
             player=chess.COLOR_NAMES[not offender], seconds=seconds)


def _penalty_article(ref: Game, record: IllegalMove) -> str:
    """The article that penalises ``record``: 7.5.5; in an edition that penalises a kind of
    illegal move by an article of its own (July 2017: 7.7.2 two hands, 7.8.2 the press without a
    move), the key ``7.5.5:<kind>`` its numbers resolve (``rules/editions.yaml``)."""
    if ref.settings.laws == CURRENT:
        return "7.5.5"
    key = f"7.5.5:{record.article}"
    return key if key in ref.edition.numbers else "7.5.5"


def is_correctable(ref: Game, record: IllegalMove) -> bool:
    """Whether the illegal move may still be corrected: any time in standard play and under full
    supervision; in rapid and blitz otherwise, only before the opponent's next move (A.5.2)."""
    return ref.supervision["correction"] == "any-time" or not record.passed


def claim(ref: Game, claimant: chess.Color) -> None:
    """``claim illegal-move``: upheld (and corrected), forfeited (A.5.2: too late) or rejected.

    With several illegal moves of the opponent open, the first one that may still be corrected is
    the irregularity: the position before it is reinstated (7.5.1). His later ones are undone with
    it, but each was a completed illegal move and is penalised as one (7.5.5): a second one loses.
    """
    name = chess.COLOR_NAMES[claimant]
    theirs = [r for r in ref.open_illegal if r.player != claimant]
    if not theirs:
        ref.rule("claim", "7.5.1", texts.no_illegal_move(claimant), claimant=name, claim="illegal-move",
                 verdict="rejected")
        return
    correctable = [r for r in theirs if is_correctable(ref, r)]
    if not correctable:
        ref.rule("claim", "A.5.2", texts.illegal_move_stands(claimant), claimant=name, claim="illegal-move",
                 verdict="forfeited")
        ref.open_illegal = [r for r in ref.open_illegal if r.player == claimant]
        return
    record = correctable[0]
    ref.rule("claim", record.article, texts.claim_upheld(claimant), claimant=name, claim="illegal-move",
             verdict="upheld")
    undone = [] if record.stands else correctable[1:]
    ref.open_illegal = [r for r in ref.open_illegal
                        if r is not record and r not in undone and (record.stands or r.depth < record.depth)]
    correct(ref, record)
    for later in undone:
        if ref.result != "*":
            break
        ref.violation(later.player, later.article, texts.illegal_undone(later.player))
        penalise(ref, later)
