"""What players say to the arbiter: claims, draw offers, resignation (4.8, 5.1.2, 5.2.3, 9.1)."""

from __future__ import annotations

import chess

from arbiter.core.errors import InvalidEventError
from arbiter.core.notation import read_move
from arbiter.laws import illegal, irregularities, texts
from arbiter.laws.game import Game
from arbiter.table.events import AcceptAct, ClaimAct, DeclineAct, OfferAct, ResignAct, WriteAct
from arbiter.table.machine import Hand
from arbiter.table.touch import Declared, Touch, first_released, obligation
from arbiter.table.turns import Turn


def on_claim(ref: Game, color: chess.Color, act: ClaimAct, hand: Hand) -> None:
    """A claim to the arbiter; the clocks are paused while it is decided."""
    ref.clock.paused = True
    if act.claim == "touch-move":
        claim_touch_move(ref, color)
    elif act.claim == "illegal-move":
        illegal.claim(ref, color)
    elif act.claim == "flag":
        claim_flag(ref, color)
    elif act.claim == "set-up":
        irregularities.claim_set_up(ref, color)
    elif act.claim == "orientation":
        irregularities.claim_orientation(ref, color)
    elif act.claim == "colours":
        irregularities.claim_colours(ref, color)
    else:
        claim_draw(ref, color, act.claim, act.move or ref.written[color])


def claim_flag(ref: Game, color: chess.Color) -> None:
    """A claim that the opponent's flag has fallen (6.8); upheld, the flag decides (6.9, A.5.3)."""
    name = chess.COLOR_NAMES[color]
    fallen = ref.clock.fallen
    if (not color) not in fallen:
        ref.rule("claim", "6.8", texts.flag_not_fallen(color), claimant=name, claim="flag", verdict="rejected")
        return
    article = "6.8" if ref.settings.ruleset == "standard" else "A.5.3"
    ref.rule("claim", article, texts.claim_upheld(color), claimant=name, claim="flag", verdict="upheld")
    first = min(fallen, key=lambda c: fallen[c])  # with both flags down, the first to fall counts
    ref.lose(first, "timeout", "6.9", texts.flag_fell_at(first, fallen[first]))


def claim_draw(ref: Game, color: chess.Color, kind: str, written: str | None) -> None:
    """A claim of a draw by threefold repetition (9.2) or fifty moves (9.3), with the move the
    claimant wrote if he wrote one; it is also a draw offer (9.1.2.3)."""
    name = chess.COLOR_NAMES[color]
    claim_name = "threefold" if kind == "threefold" else "fifty"
    article = "9.2" if kind == "threefold" else "9.3"
    board = ref.position.board
    # The claimant has the move once the opponent's move is made, pressed or not (1.3, DECISIONS 26):
    # the claim is judged on the position that move has just brought.
    if board.turn != color:
        ref.rule("claim", article, texts.claim_not_on_move(color), claimant=name, claim=claim_name, verdict="invalid")
        return
    if ref.turn.color == color and any(isinstance(fact, Touch) for fact in ref.turn.facts):
        ref.rule("claim", "9.4", texts.claim_after_touch(color), claimant=name, claim=claim_name,
                 verdict="forfeited")
        return
    move = _written_move(ref, board, written)
    if _is_correct(ref, kind, move, written):
        ref.rule("claim", "9.5.2", texts.draw_claim_correct(color, kind), claimant=name, claim=claim_name,
                 verdict="upheld")
        ref.end("1/2-1/2", "threefold" if kind == "threefold" else "fifty-moves", article)
        return
    ref.rule("claim", "9.5.3", texts.draw_claim_incorrect(color, kind), claimant=name, claim=claim_name,
             verdict="rejected")
    numbers = ref.numbers
    seconds = numbers["incorrect_claim_penalty"]
    ref.clock.add(not color, seconds)
    # the ruleset's own article for its minutes where it has one (A.3 of 2023), else 9.5.3
    ref.rule("time", "9.5.3" if ref.settings.ruleset == "standard" else numbers["penalty_article"] or "9.5.3",
             texts.penalty_time(not color, seconds), player=chess.COLOR_NAMES[not color], seconds=seconds)
    if move is not None:
        if ref.turn.color != color and ref.table.state == "made":
            # The opponent's move is made, not yet pressed: the claimant's turn begins with the claim.
            ref.table.take_turn()
            ref.turn = Turn(color)
        ref.turn.facts.append(Declared(move, board.is_legal(move)))
        ref.update_obligation()
    if ref.draw_offer is None:
        ref.draw_offer = color  # 9.1.2.3: the claim stands as a draw offer


def _written_move(ref: Game, board: chess.Board, written: str | None) -> chess.Move | None:
    if written is None:
        return None
    try:
        return read_move(board, written, ref.reads)
    except InvalidEventError:
        return None


def _is_correct(ref: Game, kind: str, move: chess.Move | None, written: str | None) -> bool:
    """Whether the claim is correct: the position now (9.2.2, 9.3.2) or after the written move
    (9.2.1, 9.3.1), which must be legal."""
    position = ref.position
    if written is None:
        return position.repetitions() >= 3 if kind == "threefold" else position.board.halfmove_clock >= 100
    if move is None or not position.board.is_legal(move):
        return False
    position.push(move)
    try:
        return position.repetitions() >= 3 if kind == "threefold" else position.board.halfmove_clock >= 100
    finally:
        position.pop()


def claim_touch_move(ref: Game, color: chess.Color) -> None:
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
    ref.take_back_to(breach.depth, offender, breach.facts)  # the breaching move, and what stood after a press
    ref.pending[offender] = None
    released = first_released(breach.facts)
    if released is not None and ref.position.board.is_legal(released):
        ref.released_move_stands(offender, released)
        if was_completed:  # the clock was pressed after the breach: the move stands completed
            ref.pending[offender] = None
            ref.table.press(offender, ref.table.last_hand[offender])
            ref.turn = Turn(color)
        return
    ref.clock.set_running(offender)
    ref.reinstated(breach.article)
    ref.turn.obligation = obligation(ref.position.board, ref.turn.facts, position=ref.position)
    ref.rule_obligation(offender, ref.turn.obligation)


def on_write(ref: Game, color: chess.Color, act: WriteAct, hand: Hand) -> None:
    """A move written on the scoresheet (kept for the claims of 9.2 and 9.3)."""
    ref.written[color] = act.move


def on_offer(ref: Game, color: chess.Color, act: OfferAct, hand: Hand) -> None:
    """A draw offer; it stays open until accepted, declined or rejected by a touch (9.1.2)."""
    if ref.draw_offer is None:
        ref.draw_offer = color


def on_accept(ref: Game, color: chess.Color, act: AcceptAct, hand: Hand) -> None:
    """Acceptance of an open draw offer (or draw claim, 9.1.2.3): a draw by agreement once each
    player has made a move (5.2.3); otherwise it has no effect."""
    if ref.draw_offer is not None and ref.draw_offer != color and ref.position.board.fullmove_number > 1:
        ref.end("1/2-1/2", "agreement", "5.2.3")


def on_decline(ref: Game, color: chess.Color, act: DeclineAct, hand: Hand) -> None:
    """An open draw offer declined orally (9.1.2)."""
    if ref.draw_offer is not None and ref.draw_offer != color:
        ref.draw_offer = None


def on_resign(ref: Game, color: chess.Color, act: ResignAct, hand: Hand) -> None:
    """Resignation: lost, unless the opponent cannot mate (5.1.2 of 2023; before it, lost)."""
    if ref.edition.rulings["resignation_cannot_mate"] == "win":
        ref.end("0-1" if color == chess.WHITE else "1-0", "resignation", "5.1.2")
        return
    ref.lose(color, "resignation", "5.1.2")
