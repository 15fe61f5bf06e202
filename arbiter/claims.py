"""What players say to the arbiter: claims, draw offers, resignation (4.8, 5.1.2, 5.2.3, 9.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import chess

from arbiter import texts
from arbiter.errors import InvalidEventError
from arbiter.events import AcceptAct, ClaimAct, DeclineAct, OfferAct, ResignAct, WriteAct
from arbiter.table import Hand
from arbiter.touch import Released, obligation
from arbiter.turns import Turn

if TYPE_CHECKING:
    from arbiter.referee import Referee


def on_claim(ref: Referee, color: chess.Color, act: ClaimAct, hand: Hand) -> None:
    """A claim to the arbiter; the clocks are paused while it is decided."""
    ref.clock.paused = True
    if act.claim == "touch-move":
        claim_touch_move(ref, color)
        return
    raise InvalidEventError(f"claim {act.claim} is not ruled on yet (issue 3)")


def claim_touch_move(ref: Referee, color: chess.Color) -> None:
    """A claim against the opponent's breach of Article 4, admissible until the claimant touches
    a piece (4.8). Upheld, the breaching move is taken back and the obligation stands; for a
    piece moved on after its release, the released move stands (DECISIONS 4)."""
    breach = ref.breach
    name = chess.COLOR_NAMES[color]
    if breach is None or breach.player == color:
        ref.rule("claim", "4.8", texts.claim_rejected(color), claimant=name, claim="touch-move", verdict="rejected")
        return
    if breach.forfeited:
        ref.rule("claim", "4.8", texts.claim_forfeited(color), claimant=name, claim="touch-move",
                 verdict="forfeited")
        return
    ref.rule("claim", breach.article, texts.claim_upheld(color), claimant=name, claim="touch-move", verdict="upheld")
    offender = breach.player
    if breach.remedied:  # the watching arbiter has already set it right: the obligation is restated
        if ref.turn.color == offender and ref.table.state != "made":
            ref.rule_obligation(offender, ref.turn.obligation)
        return
    ref.violation(offender, breach.article, breach.text)
    breach.remedied = True
    was_completed = ref.clock.running != offender
    ref.position.pop_to(breach.depth)  # the breaching move, and the board that stood after a press
    ref.pending[offender] = None
    released = next((f.move for f in reversed(breach.facts) if isinstance(f, Released)), None)
    ref.turn = Turn(offender, list(breach.facts))
    ref.table.restore()
    if released is not None and ref.position.board.is_legal(released):
        ref.stand(offender, released, announce=False)
        ref.reinstated("4.7")
        if was_completed:  # the clock was pressed after the breach: the move stands completed
            ref.pending[offender] = None
            ref.table.press(offender, ref.table.last_hand[offender])
            ref.turn = Turn(color)
        return
    ref.clock.set_running(offender)
    ref.reinstated(breach.article)
    ref.turn.obligation = obligation(ref.position.board, ref.turn.facts)
    ref.rule_obligation(offender, ref.turn.obligation)


def on_write(ref: Referee, color: chess.Color, act: WriteAct, hand: Hand) -> None:
    """A move written on the scoresheet (kept for the claims of 9.2 and 9.3)."""
    ref.written[color] = act.move


def on_offer(ref: Referee, color: chess.Color, act: OfferAct, hand: Hand) -> None:
    """A draw offer; it stays open until accepted, declined or rejected by a touch (9.1.2)."""
    if ref.draw_offer is None:
        ref.draw_offer = color


def on_accept(ref: Referee, color: chess.Color, act: AcceptAct, hand: Hand) -> None:
    """Acceptance of an open draw offer: a draw by agreement once each player has moved (5.2.3)."""
    # 5.2.3: an agreement needs one move made by each player; before that it has no effect.
    if ref.draw_offer is not None and ref.draw_offer != color and ref.position.board.fullmove_number > 1:
        ref.end("1/2-1/2", "agreement", "5.2.3")


def on_decline(ref: Referee, color: chess.Color, act: DeclineAct, hand: Hand) -> None:
    """An open draw offer declined orally (9.1.2)."""
    if ref.draw_offer is not None and ref.draw_offer != color:
        ref.draw_offer = None


def on_resign(ref: Referee, color: chess.Color, act: ResignAct, hand: Hand) -> None:
    """Resignation: lost, unless the opponent cannot mate (5.1.2)."""
    ref.lose(color, "resignation", "5.1.2")
