"""What goes wrong around the moves: a player late for the game (6.7), a wrong set-up, a wrongly
oriented board, reversed colours (7.2, 7.3), pieces knocked over (7.4), a pause of the clock to
call the arbiter (6.11), an electronic device (11.3.2).

Each is ruled when it is found: the late player at the default time, the others on the event
that shows them (``arrive``, ``knock``, ``pause``, ``carry device``) or on a player's claim
(``claim set-up``, ``claim orientation``, ``claim colours``).
"""

from __future__ import annotations

import chess

from arbiter.core.errors import InvalidEventError
from arbiter.laws import texts
from arbiter.laws.game import Game
from arbiter.table.events import ArriveAct, CarryAct, ClaimAct, Event, KnockAct, PauseAct
from arbiter.core.i18n import _
from arbiter.table.machine import Hand

#: Moves each player must have completed before a rapid or blitz game under A.5 bars a claim of
#: a wrong set-up or orientation (A.5.1.2), and before reversed colours no longer void it (7.3).
_TEN_MOVES = 10


def moves_made(board: chess.Board) -> dict[chess.Color, int]:
    """How many moves each player has made in the game, by the move number of ``board``."""
    black = board.fullmove_number - 1
    return {chess.WHITE: black + (board.turn == chess.BLACK), chess.BLACK: black}


def has_ten_moves_each(ref: Game, completed: bool = False) -> bool:
    """Whether each player has made at least ten moves (7.3), or ``completed`` them: a move made
    and not yet followed by the press does not count (A.5.1)."""
    return has_moves_each(ref, _TEN_MOVES, completed)


def has_moves_each(ref: Game, moves: int, completed: bool = False) -> bool:
    """:func:`has_ten_moves_each` for ``moves`` moves."""
    made = moves_made(ref.position.board)
    if completed:
        for color, pending in ref.pending.items():
            made[color] -= pending is not None
    return min(made.values()) >= moves


def must_be_present(ref: Game, color: chess.Color) -> None:
    """:raises InvalidEventError: if ``color`` has not arrived at the board yet (6.7)."""
    if color in ref.absent:
        raise InvalidEventError(_("white has not arrived at the board yet (arrive first)") if color == chess.WHITE
                                else _("black has not arrived at the board yet (arrive first)"))


def default_time_passed(ref: Game) -> None:
    """The default time has passed: a player not yet at the board loses (6.7.1); both absent, both
    lose."""
    late = sorted(ref.absent, reverse=True)  # White first, for the order of the sentences
    if not late:
        return
    instant = ref.settings.default_time
    if len(late) == 2:
        ref.end("0-0", "late-arrival", "6.7.1", texts.both_late(instant))
    else:
        loser = late[0]
        ref.end("0-1" if loser == chess.WHITE else "1-0", "late-arrival", "6.7.1", texts.late(loser, instant))


def on_arrive(ref: Game, color: chess.Color, act: ArriveAct, hand: Hand) -> None:
    """``color`` arrives at the board, within the default time (after it, :func:`default_time_passed`
    has already ended the game)."""
    if color not in ref.absent:
        raise InvalidEventError(_("white is already at the board") if color == chess.WHITE
                                else _("black is already at the board"))
    ref.absent.discard(color)


def on_knock(ref: Game, color: chess.Color, act: KnockAct, hand: Hand) -> None:
    """``color`` knocks pieces over: he must set them right in his own time (7.4.1). Accidental
    contact, not a touch (4.2.2); the pieces still lie on their squares."""
    for square in act.squares:
        if ref.position.standing.piece_at(square) is None:
            raise InvalidEventError(_("no piece stands on {square}").format(square=chess.square_name(square)))
    ref.knocked.setdefault(color, set()).update(act.squares)


def set_right(ref: Game, color: chess.Color, squares: list[chess.Square]) -> list[chess.Square]:
    """``color`` sets upright the pieces he knocked over among ``squares`` (7.4.1); the others."""
    knocked = ref.knocked.get(color, set())
    others = [square for square in squares if square not in knocked]
    knocked.difference_update(squares)
    if not knocked:
        ref.knocked.pop(color, None)
    return others


def picked_up(ref: Game, square: chess.Square) -> None:
    """A piece knocked over is taken up from ``square``: whoever set it down again set it right."""
    for color in list(ref.knocked):
        ref.knocked[color].discard(square)
        if not ref.knocked[color]:
            del ref.knocked[color]


def knocked_at_press(ref: Game, color: chess.Color) -> None:
    """``color`` presses the clock with pieces he knocked over still down: he did not set them
    right in his own time (7.4.1). The watching arbiter pauses the clock and has them set right
    (7.4.2); he may penalise the displacer (7.4.3, 12.9)."""
    if color not in ref.knocked or not ref.watching:
        return
    ref.clock.paused = True
    ref.violation(color, "7.4.1", texts.knocked_not_set_right(color))
    del ref.knocked[color]
    ref.rule("reinstated", "7.4.2", texts.set_right_by_arbiter(), fen=ref.position.fen())


def on_pause(ref: Game, color: chess.Color, act: PauseAct, hand: Hand) -> None:
    """``color`` pauses the clock to ask for the arbiter (6.11.2). Valid reasons: pieces knocked
    over and not set right (the arbiter sets them right, 7.4.2), a reason the player gives (a
    promotion piece not at hand, assistance, illness or an emergency: 6.11.2), or a claim the
    player makes next (4.8, 7.5, 9.5.1, A.5.3: judged at his next act, :func:`judge_pause`, also
    when he said he paused to claim).
    Without one the pause is penalised under 12.9 (6.11.4)."""
    ref.clock.paused = True
    if ref.knocked:
        ref.knocked.clear()
        ref.rule("reinstated", "7.4.2", texts.set_right_by_arbiter(), fen=ref.position.fen())
        return
    if act.reason in (None, "claim"):  # a claim said is a claim to be made: his next act shows it
        ref.unexplained_pause = color


def judge_pause(ref: Game, event: Event | None) -> None:
    """A pause given no reason, judged at the pauser's next act (the opponent's are passed over),
    or when the events are over (``event`` None): his own claim explains it (he paused to call the
    arbiter for it); anything else leaves it without a valid reason, a breach of 6.11.4, ruled on
    that act (on the last event)."""
    color = ref.unexplained_pause
    if color is None or event is not None and event.actor != color:  # the opponent's acts say nothing
        return
    ref.unexplained_pause = None
    if event is not None and isinstance(event.action, ClaimAct):
        return
    ref.violation(color, "6.11.4", texts.pause_without_reason(color, ref.cited("12.9")))


def on_carry(ref: Game, color: chess.Color, act: CarryAct, hand: Hand) -> None:
    """``color`` evidently has an electronic device on him in the venue: he loses and the
    opponent wins (11.3.2), or the lesser penalty of the event regulations."""
    penalty, seconds = ref.settings.device_penalty, ref.settings.device_seconds
    name = chess.COLOR_NAMES
    if penalty == "loss":
        ref.end("0-1" if color == chess.WHITE else "1-0", "electronic-device", "11.3.2", texts.device(color))
    elif penalty == "warning":
        ref.rule("warning", "11.3.2", texts.device_warning(color), player=name[color])
    elif penalty == "time-to-opponent":
        ref.clock.add(not color, seconds)
        ref.rule("time", "11.3.2", texts.penalty_time(not color, seconds), player=name[not color], seconds=seconds)
    else:  # time-from-offender
        ref.clock.add(color, -seconds)
        ref.rule("time", "11.3.2", texts.time_taken(color, seconds), player=name[color], seconds=-seconds)


def _claim_barred_by_a51(ref: Game) -> bool:
    """A.5.1.2: in rapid and blitz under A.5, once each player has made ten moves (three in the
    Laws of 2009, A.4.a), no claim of a wrong set-up or orientation may be made."""
    settings = ref.settings
    return (settings.ruleset != "standard" and settings.supervision == "partial"
            and has_moves_each(ref, _set_up_claim_moves(ref), completed=True))


def _set_up_claim_moves(ref: Game) -> int:
    moves: int = ref.numbers["supervision"]["partial"].get("set_up_claims_until", 10)
    return moves


def _too_late(ref: Game, color: chess.Color, what: str) -> str:
    return texts.too_late_for_set_up(color, what, ref.cited("A.5.1"), _set_up_claim_moves(ref))


def claim_set_up(ref: Game, color: chess.Color) -> None:
    """The initial position was set up wrongly: the game is cancelled and a new one played (7.2.1)."""
    name = chess.COLOR_NAMES[color]
    if _claim_barred_by_a51(ref):
        ref.rule("claim", "A.5.1", _too_late(ref, color, "set-up"), claimant=name, claim="set-up",
                 verdict="invalid")
        return
    if not ref.settings.set_up_wrong:
        ref.rule("claim", "7.2.1", texts.set_up_right(color), claimant=name, claim="set-up", verdict="rejected")
        return
    ref.rule("claim", "7.2.1", texts.claim_upheld(color), claimant=name, claim="set-up", verdict="upheld")
    ref.cancel("7.2.1", "wrong-set-up", texts.cancelled_set_up())


def claim_orientation(ref: Game, color: chess.Color) -> None:
    """The board is oriented contrary to 2.1: the game goes on, the position transferred to a
    correctly placed board (7.2.2)."""
    name = chess.COLOR_NAMES[color]
    if _claim_barred_by_a51(ref):
        ref.rule("claim", "A.5.1", _too_late(ref, color, "orientation"), claimant=name,
                 claim="orientation", verdict="invalid")
        return
    if not ref.orientation_wrong:
        ref.rule("claim", "7.2.2", texts.orientation_right(color), claimant=name, claim="orientation",
                 verdict="rejected")
        return
    ref.rule("claim", "7.2.2", texts.claim_upheld(color), claimant=name, claim="orientation", verdict="upheld")
    ref.orientation_wrong = False
    ref.rule("transferred", "7.2.2", texts.transferred(), fen=ref.position.fen())


def claim_colours(ref: Game, color: chess.Color) -> None:
    """The game began with the colours reversed: with fewer than ten moves made by each player a
    new game is played with the right colours; after that the game goes on (7.3)."""
    name = chess.COLOR_NAMES[color]
    if not ref.settings.colours_reversed:
        ref.rule("claim", "7.3", texts.colours_right(color), claimant=name, claim="colours", verdict="rejected")
        return
    if ref.edition.rulings["colours_reversed"] == "continue":
        # Before July 2017, 7.3 let the game go on at any move, unless the arbiter ruled otherwise.
        ref.rule("claim", "7.3", texts.colours_game_goes_on_always(color), claimant=name, claim="colours",
                 verdict="upheld")
        return
    if has_ten_moves_each(ref):
        ref.rule("claim", "7.3", texts.colours_game_goes_on(color), claimant=name, claim="colours",
                 verdict="upheld")
        return
    ref.rule("claim", "7.3", texts.claim_upheld(color), claimant=name, claim="colours", verdict="upheld")
    ref.cancel("7.3", "colours-reversed", texts.cancelled_colours())

