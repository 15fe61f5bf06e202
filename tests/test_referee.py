"""The arbiter's bookkeeping between events: turns, pending moves, the clock side, breaches."""

from __future__ import annotations

import chess
import pytest

from arbiter.core.clock import Clock, TimeControl
from arbiter.core.errors import ArbiterError
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.table.events import Event
from tests.conftest import event, feed, kinds, referee


def test_apply_returns_only_the_new_rulings() -> None:
    ref = referee()
    first = feed(ref, "white: touch g1")
    second = feed(ref, "white: move g1 f3")
    assert kinds(first) == [("obligation", "4.3.1")]
    assert kinds(second) == [("made", "4.7")]
    assert [r.event for r in ref.rulings] == [0, 1]


def test_obligation_is_free_once_the_move_is_made() -> None:
    ref = referee()
    feed(ref, "white: touch g1")
    assert ref.obligation.must == "move"
    feed(ref, "white: move g1 f3")
    assert ref.obligation.must == "any"
    assert ref.position.turn == chess.BLACK and ref.table.state == "made"


def test_pending_move_waits_for_the_clock() -> None:
    ref = referee()
    feed(ref, "white: move e2 e4")
    assert ref.pending[chess.WHITE] is not None and ref.clock.running == chess.WHITE
    feed(ref, "white: press")
    assert ref.pending[chess.WHITE] is None and ref.clock.running == chess.BLACK
    assert ref.table.state == "idle" and ref.turn.color == chess.BLACK


def test_press_without_move_watching_keeps_the_turn() -> None:
    ref = referee()
    feed(ref, "white: press")
    assert ref.clock.running == chess.WHITE and ref.position.turn == chess.WHITE


def test_press_without_move_called_passes_the_move() -> None:
    ref = referee(arbiter="called")
    feed(ref, "white: press")
    assert ref.clock.running == chess.BLACK and ref.position.turn == chess.BLACK
    assert [r.article for r in ref.open_illegal] == ["7.5.3"]
    assert ref.rulings == []


def test_breach_under_called_waits_for_the_claim() -> None:
    ref = referee(arbiter="called")
    feed(ref, "white: touch g1", "white: move e2 e4")
    assert ref.breach is not None and ref.breach.article == "4.3.1" and not ref.breach.remedied
    assert ("violation", "4.3.1") not in kinds(ref.rulings)
    feed(ref, "black: touch e7")
    assert ref.breach.forfeited


def test_game_over_ignores_events() -> None:
    ref = referee(moves=["f3", "e5", "g4"])
    feed(ref, "black: play Qh4#")
    assert ref.result == "0-1"
    assert feed(ref, "white: press", "white: touch e1") == []


def test_last_hand_is_the_default() -> None:
    ref = referee()
    ref.apply(event("white: lift e2", hand="left"), 0)
    assert ref.table.hand_of(chess.WHITE, None) == "left"


def test_time_runs_on_the_side_that_runs() -> None:
    position = Position()
    clock = Clock(chess.WHITE, {chess.WHITE: 300.0, chess.BLACK: 300.0}, TimeControl.parse("300+2"))
    ref = Referee(position, Settings(), clock)
    ref.apply(event("white: play e4", at=5), 0)
    ref.apply(event("black: play e5", at=15), 1)
    assert clock.remaining == {chess.WHITE: 297.0, chess.BLACK: 292.0}


def test_rulings_are_kept_compactly_and_made_when_read() -> None:
    """The log keeps no Ruling: each read makes it, told in the language in force when it was
    given; a slice is a log, and the log compares as the list of its rulings."""
    from arbiter.core.i18n import use_language
    from arbiter.laws.rulings import RulingLog

    ref = referee()
    with use_language("sr"):
        feed(ref, "white: play Nf3")
    feed(ref, "black: play Nf6")
    told = list(ref.rulings)
    assert isinstance(ref.rulings, RulingLog) and isinstance(ref.rulings[1:], RulingLog)
    assert [r.kind for r in told] == ["obligation", "made", "completed"] * 2
    assert told[1].text != "White made the move Nf3." and told[4].text == "Black made the move Nf6."
    assert told[1].as_dict() | {"text": ""} == {"kind": "made", "article": "4.7", "text": "", "event": 0,
                                                 "player": "white", "move": "g1f3", "san": "Nf3"}
    assert ref.rulings == told and ref.rulings[3:] == told[3:] and ref.rulings[0] is not ref.rulings[0]


def test_a_clock_a_ruling_takes_to_zero_shows_its_fallen_flag_at_once() -> None:
    # Found by test_properties: White presses without moving (an illegal press, 60+1), Black claims
    # it 20 s later; 7.5.5 takes back the increment and White's clock shows 0:00 at the claim. The
    # flag fell then (with the arbiter called, it counts when claimed: 6.8), not at the next event.
    from arbiter.core.errors import ArbiterError
    from arbiter.table.events import Event, parse_action

    clock = Clock(chess.WHITE, {chess.WHITE: 60.0, chess.BLACK: 60.0}, TimeControl.parse("60+1"))
    ref = Referee(Position.from_start(None, []), Settings("called", "standard", "full"), clock)
    acts = [(True, "claim touch-move", 20.0), (True, "touch h8", 20.0), (True, "press", 40.0),
            (False, "press", 40.0), (False, "claim illegal-move", 60.0)]
    for index, (actor, action, now) in enumerate(acts):
        try:
            ref.apply(Event(actor, parse_action(action), action, now, None, None, None), index)
        except ArbiterError:
            continue
    assert ref.clock.remaining is not None and ref.clock.remaining[chess.WHITE] == 0.0
    assert ref.clock.fallen == {chess.WHITE: 60.0}
    assert ref.result == "*"  # called: the flag counts only when Black claims it


def _played(at_once: bool, fen: str | None, *texts: str) -> tuple[list[tuple[str, str]], str, str]:
    ref = referee(fen)
    ref.at_once = at_once
    given = feed(ref, *texts)
    return kinds(given), ref.result, ref.position.fen()


def test_a_play_that_mates_is_ruled_as_its_steps() -> None:
    """A plain move that ends the game is left to the steps (no press follows it): the same rulings."""
    mate = ("white: play Qxf7#",)
    start = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1"
    assert _played(True, start, *mate) == _played(False, start, *mate)
    rulings, result, _ = _played(True, start, *mate)
    assert result == "1-0"
    assert rulings == [("obligation", "4.3.1"), ("obligation", "4.3.3"), ("made", "4.7"), ("result", "5.1.1"),
                       ("completed", "6.2.1.1")]


def test_a_play_rejects_the_opponents_draw_offer_and_is_completed_by_its_press() -> None:
    ref = referee()
    feed(ref, "white: play e4", "white: offer draw")
    assert ref.draw_offer == chess.WHITE
    feed(ref, "black: play e5")
    assert ref.draw_offer is None  # 9.1.2.2
    assert ref.turn.color == chess.WHITE and ref.turn.facts == [] and ref.table.state == "idle"
    assert ref.pending == {chess.WHITE: None, chess.BLACK: None} and ref.clock.running == chess.WHITE
    moves = ("white: play e4", "black: play d5", "white: play exd5")
    assert _played(True, None, *moves) == _played(False, None, *moves)
    assert _played(True, None, *moves)[0][-4:] == [("obligation", "4.3.1"), ("obligation", "4.3.3"), ("made", "4.7"),
                                                   ("completed", "6.2.1")]


def test_castling_by_play_is_ruled_as_its_steps() -> None:
    """Castling in one go: the king lifted (4.3.1), set down two squares over (4.7.2), the rook
    touched (4.4.1), the move made and completed, the pieces and the clock as the steps leave them."""
    start = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"
    for moves in (("white: play O-O", "black: play O-O-O"), ("white: play O-O-O", "black: play O-O")):
        assert _played(True, start, *moves) == _played(False, start, *moves)
        rulings, _, fen = _played(True, start, *moves)
        assert rulings[:5] == [("obligation", "4.3.1"), ("obligation", "4.7.2"), ("obligation", "4.4.1"),
                               ("made", "4.7"), ("completed", "6.2.1")]
    ref = referee(start)
    feed(ref, "white: play O-O")
    assert ref.position.standing.board_fen() == ref.position.board.board_fen()
    assert (ref.table.state, ref.clock.running, ref.turn.color) == ("idle", chess.BLACK, chess.BLACK)


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("at_once", [True, False])
def test_a_king_set_on_his_own_rooks_square_shows_no_castling(at_once: bool, compiled: bool) -> None:
    """The rook taken off and the king set on its square is no move (python-chess reads e1h1 as
    castling; the pieces do not show it): the board is disturbed, with the compiled core or
    without, ruled in one go or by the handlers (a review found a lane, since dropped, taking it)."""
    ref = referee("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    ref.at_once = at_once
    ref.position._compiled = compiled  # what ARBITER_CORE=python, or no rust-chess, gives
    ref.position._fast = None
    assert [r.kind for r in feed(ref, "white: lift e1", "white: remove h1", "white: place h1", "white: release")] == \
        ["obligation", "obligation"]
    assert ref.table.state == "disturbed" and ref.position.turn == chess.WHITE


@pytest.mark.parametrize("at_once", [True, False])
def test_a_piece_set_where_a_displaced_piece_was_put_back_moves_on_from_there(at_once: bool) -> None:
    """Black lifts his d-pawn out of turn and sets it on d5; White sets his e-pawn on d7 and still
    holds it; Black lets go, and his pawn is put back on d7 (7.4.1); White's pawn, carried on to e4
    and released, is his move e4, made with one hand (Black's left is not White's), once Black's
    pawn is set on d7 again (the square White's pawn leaves is emptied of whatever stood there: a
    review found the piece put back half left on the board)."""
    ref = referee()
    ref.at_once = at_once
    feed(ref, event("black: lift d7", hand="left"), event("black: place d5", hand="left"), "white: lift e2",
         "white: place d7", event("black: release", hand="left"), "white: place e4", "white: release",
         "white: put black P d7")
    assert kinds(feed(ref, "white: release")) == [("made", "4.7")]


@pytest.mark.parametrize("at_once", [True, False])
def test_the_opponents_hand_is_not_a_second_hand_of_the_move(at_once: bool) -> None:
    """4.1: each move is made with one hand, the mover's. Black lifting his pawn out of turn with
    his left hand and setting it back does not make White's move, made with the right hand alone,
    a move of two hands (it was ruled 4.1, and the press an illegal move, 7.5.4)."""
    ref = referee()
    ref.at_once = at_once
    feed(ref, event("black: lift d7", hand="left"), event("black: place d7", hand="left"),
         event("black: release", hand="left"))
    given = feed(ref, *(event(f"white: {act}", hand="right") for act in ("lift e2", "place e4", "release", "press")))
    assert kinds(given) == [("obligation", "4.3.1"), ("made", "4.7"), ("completed", "6.2.1")]


@pytest.mark.parametrize(("start", "result", "reason"), [
    (Position.from_start(None, ["f3", "e5", "g4", "Qh4#"]), "0-1", "checkmate"),
    (Position.from_start("7k/5Q2/6K1/8/8/8/8/8 b - - 0 60", []), "1/2-1/2", "stalemate"),
    (Position.from_start("8/8/4k3/8/8/8/3N4/4K3 w - - 0 70", []), "1/2-1/2", "dead-position"),
    (Position.from_start("4k3/8/8/8/8/8/3R4/4K3 b - - 150 120", []), "1/2-1/2", "seventy-five-moves"),
])
def test_a_start_that_ended_the_game_is_ruled_on_the_first_event_and_nothing_after_counts(
        start: Position, result: str, reason: str) -> None:
    ref = Referee(start.copy(), Settings())
    names = {chess.WHITE: "white", chess.BLACK: "black"}
    first = ref.apply(event(f"{names[not start.turn]}: resign"), 0)
    assert [(r.kind, r.result, r.reason, r.event) for r in first] == [("result", result, reason, 0)]
    assert list(ref.apply(event(f"{names[start.turn]}: resign"), 1)) == []
    assert (ref.result, ref.reason) == (result, reason)
    idle = Referee(start.copy(), Settings())  # no event at all: judged when the events are over
    assert [(r.kind, r.reason) for r in idle.end_of_events()] == [("result", reason)]


def test_a_start_in_check_or_still_winnable_begins_a_game() -> None:
    for start in (Position.from_start(None, ["f3", "e5", "Kf2", "Qh4+"]),
                  Position.from_start("q7/8/4k3/8/8/8/3N4/4K3 b - - 0 70", [])):
        ref = Referee(start, Settings())
        assert ref.end_of_events() == [] and ref.result == "*"


def test_the_breach_after_a_move_released_says_what_changed() -> None:
    knight_then_pawn = feed(referee(), "white: move g1 f3", "white: move e2 e4")
    assert [(r.article, r.text) for r in knight_then_pawn if r.kind == "violation"] == [
        ("4.7", "White released the piece as the legal move Nf3 and then moved another piece; "
                "the move stands as released.")]
    knight_on = feed(referee(), "white: move g1 f3", "white: move f3 h4")
    assert [(r.article, r.text) for r in knight_on if r.kind == "violation"] == [
        ("4.7", "White released the piece as the legal move Nf3 and then moved it on; the move stands as released.")]
    castling_illegal = Referee(Position.from_start("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", []), Settings())
    king_after_rook = feed(castling_illegal, "white: move h1 f1", "white: move e1 g1")
    assert [r.article for r in king_after_rook if r.kind == "violation"] == ["4.4.2"]
    assert castling_illegal.position.standing.board_fen() == "4kr2/8/8/8/8/8/8/R3KR2"


def test_a_move_other_than_the_one_written_for_an_incorrect_claim_is_said_as_such() -> None:
    ref = referee(None, ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"])
    given = feed(ref, "black: write Nh5", "black: claim threefold Nh5", "black: play Nd5")
    assert [r.text.split(". ")[0] for r in given if r.kind == "violation"] == [
        "Black played Nd5, which the incorrect draw claim does not allow"]


def _file_ruled(ref: Referee, *texts: str | Event) -> tuple[list[int], list[tuple[object, ...]]]:
    """The events of a file ruled as ``arbiter run`` rules them (:meth:`Referee.apply_from`): how
    many events each step took, and every ruling as (event, kind, article)."""
    events = [event(text) if isinstance(text, str) else text for text in texts]
    taken, index = [], 0
    while index < len(events):
        taken.append(ref.apply_from(events, index))
        index += taken[-1]
    return taken, [(r.event, r.kind, r.article) for r in ref.rulings]


def _acts_ruled(ref: Referee, *texts: str | Event) -> list[tuple[object, ...]]:
    for index, text in enumerate(texts):
        ref.apply(event(text) if isinstance(text, str) else text, index)
    return [(r.event, r.kind, r.article) for r in ref.rulings]


def test_a_files_plain_move_is_ruled_in_one_go_each_ruling_on_its_act() -> None:
    moves = ("white: lift e2", "white: place e4", "white: release", "white: press",
             "black: lift d7", "black: place d5", "black: release", "black: press",
             "white: lift e4", "white: remove d5", "white: place d5", "white: release", "white: press")
    taken, rulings = _file_ruled(referee(), *moves)
    assert taken == [4, 4, 5]
    assert rulings == _acts_ruled(referee(), *moves)
    assert rulings[-4:] == [(8, "obligation", "4.3.1"), (9, "obligation", "4.3.3"), (11, "made", "4.7"),
                            (12, "completed", "6.2.1")]


_ITALIAN = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1"
_EXCHANGE = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
_EN_PASSANT = "rnbqkbnr/ppppp1pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 1"


@pytest.mark.parametrize("start, moves", [
    # the hand changes: the place is an error in the file (nothing is in white's left hand)
    (_ITALIAN, ("white: lift d2", event("white: place d3", hand="left"), "white: release", "white: press")),
    # timed: the clock runs between the acts
    (_ITALIAN, (event("white: lift d2", at=1), event("white: place d3", at=2), event("white: release", at=2),
                event("white: press", at=3))),
    # the other player presses; a touch first
    (_ITALIAN, ("white: lift d2", "white: place d3", "white: release", "black: press")),
    (_ITALIAN, ("white: touch d2", "white: lift d2", "white: place d3", "white: release", "white: press")),
    # castling and en passant, in their own steps
    (_ITALIAN, ("white: lift e1", "white: place g1", "white: release", "white: press")),
    (_EN_PASSANT, ("white: lift e5", "white: place f6", "white: release", "white: press")),
    # a capture whose piece is not taken off, another piece taken off, an illegal move
    (_EXCHANGE, ("white: lift e4", "white: place d5", "white: release", "white: press")),
    (_EXCHANGE, ("white: lift e4", "white: remove b8", "white: place d5", "white: release", "white: press")),
    (_EXCHANGE, ("white: lift e4", "white: place e6", "white: release", "white: press")),
])
def test_acts_that_are_not_a_plain_move_are_ruled_one_by_one(start: str, moves: tuple[str | Event, ...]) -> None:
    ref = referee(start)
    events = [event(text) if isinstance(text, str) else text for text in moves]
    assert ref.apply_plain_move(events, 0) == 0
    assert ref.rulings == [] and ref.table.state == "idle"
    ruled = referee(start)
    for index in range(len(events)):
        try:
            assert ruled.apply_from(events, index) == 1
        except ArbiterError:
            pass


def test_a_plain_move_that_ends_the_game_is_left_to_its_acts() -> None:
    """Mate is ruled when the move is released, and the press after it counts for nothing."""
    start = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1"
    moves = ("white: lift f3", "white: remove f7", "white: place f7", "white: release", "white: press")
    taken, rulings = _file_ruled(referee(start), *moves)
    assert taken == [1, 1, 1, 1, 1]
    assert rulings == _acts_ruled(referee(start), *moves)
    assert (3, "result", "5.1.1") in rulings


def test_a_plain_move_rejects_the_opponents_draw_offer_as_its_acts_do() -> None:
    moves = ("white: lift e2", "white: place e4", "white: release", "white: offer draw", "white: press",
             "black: lift e7", "black: place e5", "black: release", "black: press")
    ref = referee()
    taken, rulings = _file_ruled(ref, *moves)
    assert taken == [1, 1, 1, 1, 1, 4] and ref.draw_offer is None  # 9.1.2.2
    one_by_one = referee()
    assert rulings == _acts_ruled(one_by_one, *moves) and one_by_one.draw_offer is None
