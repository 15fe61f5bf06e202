"""A called arbiter waits for the claim (issue 38): every illegal move of the scenario library, under
every ruleset, both arbiters and three claim timings (at once, after the opponent's reply, never).

Two things are checked on every run:

- a claim is ``rejected`` only when there is truly nothing to correct: the opponent has no open
  illegal move that may still be corrected, and the claim changes neither the board nor a clock;
  when he has one, the claim is upheld;
- under ``called`` no illegal move is corrected without a claim, unless the board cannot be played
  on: at the offender's own press only a king taken (or one too many), a king merely left in check
  waiting for the opponent's claim or reply; after the reply any board no game can stand on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chess
import pytest

from arbiter.core.errors import ArbiterError
from arbiter.core.position import is_illegal_position, is_king_left_in_check
from arbiter.files.scenario import Scenario, load
from arbiter.laws import illegal
from arbiter.laws.referee import Referee
from arbiter.table.events import Event, parse_action

ROOT = Path(__file__).resolve().parent.parent
TIMINGS = ("at-once", "after-the-reply", "after-the-king-taken", "never")


def _illegal_presses() -> Iterator[tuple[str, Scenario, int]]:
    """Each library scenario with an illegal move, and the event whose press completed the first."""
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        try:
            scenario = load(path)
        except ArbiterError:
            continue
        watched = dataclasses.replace(scenario, settings=dataclasses.replace(scenario.settings, arbiter="watching"))
        referee = watched.new_referee()
        for index, event in enumerate(watched.events):
            try:
                given = referee.apply(event, index)
            except ArbiterError:
                break
            if any(r.kind == "violation" and r.article in ("7.5.1", "7.5.2", "7.5.3", "7.5.4") for r in given):
                yield str(path.relative_to(ROOT)), scenario, index
                break


PRESSES = list(_illegal_presses())


def _event(color: chess.Color, text: str) -> Event:
    return Event(color, parse_action(text), text)


class _Watch:
    """Who corrected which illegal move, and on what board (``illegal.correct`` wrapped)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.claiming = False
        self.corrections: list[tuple[bool, bool, bool]] = []  # (by a claim, board unplayable, only a king in check)
        correct, claim = illegal.correct, illegal.claim

        def corrected(ref: Any, record: Any, announce: bool = True) -> None:
            board = ref.position.board
            self.corrections.append((self.claiming, is_illegal_position(board), is_king_left_in_check(board)))
            correct(ref, record, announce)

        def claimed(ref: Any, claimant: chess.Color) -> None:
            self.claiming = True
            try:
                claim(ref, claimant)
            finally:
                self.claiming = False

        monkeypatch.setattr(illegal, "correct", corrected)
        monkeypatch.setattr(illegal, "claim", claimed)


def _play(referee: Referee, events: list[Event]) -> bool:
    for index, event in enumerate(events):
        try:
            referee.apply(event, index)
        except ArbiterError:
            return False
    return True


def _reply(referee: Referee, opponent: chess.Color, takes_king: bool = False) -> Event | None:
    """A move of the opponent on the board as it stands: one that does not take a king, or
    (``takes_king``) one that takes the king an illegal move left in check."""
    board = referee.position.board
    if board.turn != opponent or referee.result != "*":
        return None
    for move in board.pseudo_legal_moves if takes_king else board.legal_moves:
        if (board.piece_type_at(move.to_square) == chess.KING) == takes_king:
            return _event(opponent, f"play {move.uci()}")
    return None


def _check_claim(referee: Referee, claimant: chess.Color, index: int) -> None:
    opponent = not claimant
    open_ones = [r for r in referee.open_illegal if r.player == opponent and illegal.is_correctable(referee, r)]
    before = (referee.position.fen(), referee.clock.reading())
    given = referee.apply(_event(claimant, "claim illegal-move"), index)
    verdicts = [r.verdict for r in given if r.kind == "claim"]
    if open_ones:
        assert verdicts == ["upheld"]
    else:
        assert verdicts != ["upheld"]
    if verdicts == ["rejected"]:
        assert (referee.position.fen(), referee.clock.reading()) == before
        assert [r.kind for r in given] == ["claim"]


@pytest.mark.parametrize("name, scenario, index", PRESSES, ids=[name for name, _s, _i in PRESSES])
def test_a_claim_is_rejected_only_when_nothing_is_to_correct(name: str, scenario: Scenario, index: int,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    watch = _Watch(monkeypatch)
    offender = scenario.events[index].actor
    ran = 0
    for ruleset in ("standard", "rapid", "blitz"):
        for mode in ("watching", "called"):
            settings = dataclasses.replace(scenario.settings, ruleset=ruleset, arbiter=mode)
            for timing in TIMINGS:
                referee = dataclasses.replace(scenario, settings=settings).new_referee()
                watch.corrections.clear()
                if not _play(referee, scenario.events[:index + 1]) or referee.result != "*":
                    continue
                at_press = list(watch.corrections)
                if timing.startswith("after"):
                    reply = _reply(referee, not offender, takes_king=timing == "after-the-king-taken")
                    if reply is None or not _play(referee, [reply]) or referee.result != "*":
                        continue
                if timing != "never":
                    _check_claim(referee, not offender, index + 2)
                ran += 1
                if mode == "called":
                    for by_claim, unplayable, king_in_check in at_press:
                        assert by_claim or (unplayable and not king_in_check), (ruleset, timing)
                    for by_claim, unplayable, _king_in_check in watch.corrections[len(at_press):]:
                        assert by_claim or unplayable, (ruleset, timing)
    assert ran, "no combination could be played"


def test_the_sweep_reaches_a_king_taken_after_an_illegal_move_under_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's ``after-the-king-taken`` replies do reach the arbiter called in by a board with
    no king (:func:`arbiter.laws.illegal.unplayable_found`)."""
    found: list[str] = []
    unplayable_found = illegal.unplayable_found

    def seen(ref: Any, record: Any) -> None:
        found.append(ref.settings.ruleset)
        unplayable_found(ref, record)

    monkeypatch.setattr(illegal, "unplayable_found", seen)
    for _name, scenario, index in PRESSES:
        settings = dataclasses.replace(scenario.settings, ruleset="standard", arbiter="called")
        referee = dataclasses.replace(scenario, settings=settings).new_referee()
        if _play(referee, scenario.events[:index + 1]) and referee.result == "*":
            reply = _reply(referee, not scenario.events[index].actor, takes_king=True)
            if reply is not None:
                _play(referee, [reply])
    assert found


def test_the_library_has_illegal_moves_of_every_kind() -> None:
    kinds = set()
    for _name, scenario, index in PRESSES:
        referee = dataclasses.replace(scenario, settings=dataclasses.replace(
            scenario.settings, arbiter="watching")).new_referee()
        given: list[Any] = []
        for number, event in enumerate(scenario.events[:index + 1]):
            given = list(referee.apply(event, number))
        kinds |= {r.article for r in given if r.kind == "violation"}
    assert {"7.5.1", "7.5.2", "7.5.3", "7.5.4"} <= kinds
    assert len(PRESSES) >= 40
