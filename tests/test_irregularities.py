"""Issue 11: what the arbiter rules around the moves (6.7, 7.2-7.4, 11.3.2) and the physical acts
added with it (a held piece taken off again, a piece of the other colour, a released piece carried
back), driven through the referee one event at a time."""

from __future__ import annotations

import chess
import pytest

from arbiter.core.errors import InvalidEventError
from arbiter.table.events import ArriveAct, CarryAct, ClaimAct, KnockAct, PauseAct, PutAct, parse_action
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.table.board import Table
from tests.conftest import event, feed, kinds, referee

PROMOTION = "7k/4P3/8/8/8/8/8/K7 w - - 0 1"
ITALIAN = ["e4", "e5", "Nf3", "Nc6"]


def test_new_verbs_parse() -> None:
    assert parse_action("put black N c6") == PutAct(chess.KNIGHT, chess.C6, chess.BLACK)
    assert parse_action("put white Q e8") == PutAct(chess.QUEEN, chess.E8, chess.WHITE)
    assert parse_action("put Q e8") == PutAct(chess.QUEEN, chess.E8, None)
    assert parse_action("arrive") == ArriveAct()
    assert parse_action("knock d2 f2") == KnockAct((chess.D2, chess.F2))
    assert parse_action("pause") == PauseAct()
    assert parse_action("carry device") == CarryAct()
    assert parse_action("claim set-up") == ClaimAct("set-up")
    assert parse_action("claim colours") == ClaimAct("colours")


@pytest.mark.parametrize(("text", "message"), [
    ("put green Q e8", "put takes a piece letter and a square"),
    ("carry phone", "carry takes one argument, 'device'"),
    ("claim orientation e4", "claim orientation takes no move"),
    ("arrive now", "arrive takes no arguments"),
    ("knock", "knock needs a square"),
])
def test_bad_new_verbs(text: str, message: str) -> None:
    with pytest.raises(InvalidEventError, match=message):
        parse_action(text)


def test_a_held_piece_can_be_raised_and_taken_off_again() -> None:
    t = Table(Position.from_start(PROMOTION, []))
    t.remove(chess.WHITE, chess.E7, "right")
    t.put(chess.WHITE, chess.QUEEN, chess.E8, "right")
    t.lift(chess.WHITE, chess.E8, "right")
    assert t.state == "holding" and t.position.standing.piece_at(chess.E8) is None
    t.place(chess.WHITE, chess.E8, "right")
    t.remove(chess.WHITE, chess.E8, "right")
    assert t.held == {} and t.state == "promoting"


def test_the_other_players_held_piece_cannot_be_taken() -> None:
    t = Table(Position.from_start(PROMOTION, []))
    t.lift(chess.WHITE, chess.E7, "right")
    t.place(chess.WHITE, chess.E8, "right")
    with pytest.raises(InvalidEventError, match="in the other player's hand"):
        t.remove(chess.BLACK, chess.E8, "right")
    with pytest.raises(InvalidEventError, match="in the other player's hand"):
        t.lift(chess.BLACK, chess.E8, "left")


def test_a_new_piece_of_the_other_colour_is_no_promotion_choice() -> None:
    ref = referee(PROMOTION)
    given = feed(ref, "white: remove e7", "white: put black Q e8", "white: release", "white: press")
    assert ref.position.standing.piece_at(chess.E8) is None  # the position before it is reinstated
    assert ("violation", "7.5.1") in kinds(given)
    assert not any(r.kind == "obligation" and r.article == "4.4.4" for r in given)


def test_released_bishop_carried_back_breaches_4_7_at_once_when_watching() -> None:
    ref = referee(moves=["e4", "e5"])
    feed(ref, "white: lift f1", "white: drop c4", "white: lift c4")
    given = feed(ref, "white: drop f1")
    assert kinds(given) == [("violation", "4.7"), ("reinstated", "4.7")]
    assert ref.position.standing.piece_at(chess.C4) == chess.Piece(chess.BISHOP, chess.WHITE)
    given = feed(ref, "white: press")
    assert [(r.kind, r.move) for r in given] == [("completed", "f1c4")]


def test_released_bishop_carried_back_called_press_completes_it_and_the_claim_reaches_it() -> None:
    ref = referee(moves=["e4", "e5"], arbiter="called")
    feed(ref, "white: lift f1", "white: drop c4", "white: lift c4", "white: drop f1")
    given = feed(ref, "white: press")
    assert [(r.kind, r.move) for r in given] == [("completed", "f1c4")]
    assert ref.position.turn == chess.BLACK
    given = feed(ref, "black: claim touch-move")
    assert kinds(given) == [("claim", "4.7"), ("violation", "4.7"), ("reinstated", "4.7")]
    assert given[0].verdict == "upheld"
    assert ref.position.board.piece_at(chess.C4) == chess.Piece(chess.BISHOP, chess.WHITE)
    assert ref.position.turn == chess.BLACK


def test_threefold_claim_before_the_opponent_presses() -> None:
    ref = referee(moves=["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"])
    feed(ref, "black: move f6 g8")
    given = feed(ref, "white: claim threefold")
    assert [(r.kind, r.verdict or r.result) for r in given] == [("claim", "upheld"), ("result", "1/2-1/2")]


def test_threefold_claim_by_the_player_who_just_moved_is_invalid() -> None:
    ref = referee(moves=["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"])
    feed(ref, "black: move f6 g8")
    given = feed(ref, "black: claim threefold")
    assert [(r.kind, r.verdict) for r in given] == [("claim", "invalid")]


def settings(**values: object) -> Settings:
    return Settings(**values)  # type: ignore[arg-type]


def test_late_arrival_loses_at_the_default_time() -> None:
    ref = Referee(Position(), settings(default_time=900.0, absent=frozenset({chess.BLACK})))
    feed(ref, "white: play e4")
    given = ref.apply(event("black: arrive", at=901.0), 1)
    assert [(r.kind, r.result, r.reason) for r in given] == [("result", "1-0", "late-arrival")]


def test_arrival_within_the_default_time_and_acts_before_it() -> None:
    ref = Referee(Position(), settings(default_time=900.0, absent=frozenset({chess.BLACK})))
    feed(ref, "white: play e4")
    with pytest.raises(InvalidEventError, match="has not arrived"):
        ref.apply(event("black: play e5"), 1)
    assert ref.apply(event("black: arrive", at=900.0), 1) == []
    assert ref.result == "*" and not ref.absent


def test_both_absent_both_lose() -> None:
    ref = Referee(Position(), settings(absent=frozenset({chess.WHITE, chess.BLACK})))
    given = ref.apply(event("white: arrive", at=1.0), 0)
    assert [(r.result, r.reason) for r in given] == [("0-0", "late-arrival")]


def test_knocked_pieces_set_right_in_time_or_not() -> None:
    ref = referee(moves=ITALIAN)
    assert feed(ref, "white: knock d2 f2", "white: adjust d2 f2") == []
    assert not ref.knocked
    given = feed(ref, "white: play Bb5", "black: knock d7", "black: play a6")
    assert ("violation", "7.4.1") in kinds(given) and ("reinstated", "7.4.2") in kinds(given)


def test_pause_with_and_without_a_reason() -> None:
    ref = referee(moves=ITALIAN)
    assert kinds(feed(ref, "white: knock d2", "black: pause")) == [("reinstated", "7.4.2")]
    # no reason given: judged at the next act (issue 32); a move leaves it without one
    assert kinds(feed(ref, "black: pause")) == []
    assert ("violation", "6.11.4") in kinds(feed(ref, "black: touch g8"))
    # a reason given, or a claim next: valid
    assert kinds(feed(ref, "black: pause illness")) == []
    assert ("violation", "6.11.4") not in kinds(feed(ref, "black: pause", "black: claim touch-move"))
    # "pause claim" said, then no claim: the reason was not one
    claimed = referee(moves=ITALIAN)
    assert ("violation", "6.11.4") in kinds(feed(claimed, "black: pause claim", "black: touch g8"))
    # the events ending first: judged on the last one
    last = referee(moves=ITALIAN)
    feed(last, "black: pause")
    assert kinds(last.end_of_events()) == [("violation", "6.11.4")] and last.end_of_events() == []


def test_device_loss_and_lesser_penalty() -> None:
    ref = referee()
    given = feed(ref, "black: carry device")
    assert [(r.result, r.reason) for r in given] == [("1-0", "electronic-device")]
    lesser = Referee(Position(), settings(device_penalty="warning"))
    assert kinds(feed(lesser, "white: carry device")) == [("warning", "11.3.2")]


def test_set_up_orientation_colours_claims() -> None:
    wrong = Referee(Position(), settings(set_up_wrong=True, orientation_wrong=True, colours_reversed=True))
    given = feed(wrong, "white: claim orientation")
    assert kinds(given) == [("claim", "7.2.2"), ("transferred", "7.2.2")]
    assert kinds(feed(wrong, "white: claim orientation")) == [("claim", "7.2.2")]  # now placed right
    assert kinds(feed(wrong, "black: claim set-up")) == [("claim", "7.2.1"), ("cancelled", "7.2.1")]
    assert wrong.is_over and wrong.result == "*" and wrong.reason == "cancelled"
    assert feed(wrong, "white: play e4") == []  # nothing counts after the cancellation
    right = referee()
    given = feed(right, "white: claim set-up", "white: claim colours")
    assert [r.verdict for r in given] == ["rejected", "rejected"]


def test_a51_bars_set_up_claims_after_ten_moves_each_in_rapid() -> None:
    # ten moves each, no position five times (a fifth occurrence would have ended the game, 9.6.1)
    moves = ["Nf3", "Nf6", "Ng1", "Ng8"] * 3 + ["e3", "e6", "d3", "d6", "Be2", "Be7", "Bd2", "Bd7"]
    rapid = Referee(Position.from_start(None, moves), settings(ruleset="rapid", set_up_wrong=True))
    assert [(r.article, r.verdict) for r in feed(rapid, "white: claim set-up")] == [("A.5.1", "invalid")]
    nine = Referee(Position.from_start(None, moves[:-2]), settings(ruleset="rapid", set_up_wrong=True))
    assert [r.kind for r in feed(nine, "white: claim set-up")] == ["claim", "cancelled"]


def test_colours_reversed_after_ten_moves_each_the_game_goes_on() -> None:
    moves = ["Nf3", "Nf6", "Ng1", "Ng8"] * 3 + ["e3", "e6", "d3", "d6", "Be2", "Be7", "Bd2", "Bd7"]
    ref = Referee(Position.from_start(None, moves), settings(colours_reversed=True))
    given = feed(ref, "black: claim colours")
    assert [(r.kind, r.verdict) for r in given] == [("claim", "upheld")]
    assert not ref.is_over
