"""Checking a scenario's ``expect`` block (FORMAT §4) against the game as it ended, and the
obligation binding the player on move, as ``expect.must`` and the output's ``final.must`` give it."""

from __future__ import annotations

from typing import Any

import chess

from arbiter.core.clock import format_duration, parse_duration
from arbiter.laws.referee import Referee
from arbiter.laws.rulings import Ruling, RulingFields
from arbiter.files.models import ExpectModel


def _show(partial: RulingFields) -> str:
    return ", ".join(f"{k}: {v}" for k, v in partial.as_dict().items())


def failures(expect: ExpectModel, referee: Referee) -> list[str]:
    """What in ``expect`` does not hold; empty when everything holds."""
    found: list[str] = []
    given = list(referee.rulings)  # read once: each read of the log makes its rulings anew
    position = 0
    for wanted in expect.rulings:
        at = position
        while at < len(given) and not wanted.matches(given[at]):
            at += 1
        if at == len(given):
            found.append(f"expected ruling {{{_show(wanted)}}} not given (in this order)")
            continue
        position = at + 1
    for unwanted in expect.absent:
        for ruling in given:
            if unwanted.matches(ruling):
                found.append(f"ruling {{{_show(unwanted)}}} given, expected absent: {ruling.text}")
                break
    if expect.fen is not None and expect.fen.strip() != referee.position.fen():
        found.append(f"fen is {referee.position.fen()!r}, expected {expect.fen.strip()!r}")
    board = referee.position.standing.board_fen()
    if expect.board is not None and expect.board.strip() != board:
        found.append(f"board is {board!r}, expected {expect.board.strip()!r}")
    to_move = chess.COLOR_NAMES[referee.position.turn]
    if expect.to_move is not None and expect.to_move != to_move:
        found.append(f"{to_move} has the move, expected {expect.to_move}")
    if expect.must is not None:
        now = must_ruling(referee)
        if not expect.must.matches(now):
            found.append(f"the obligation is {{{_show(now)}}}, expected {{{_show(expect.must)}}}")
    if expect.result is not None and expect.result != referee.result:
        found.append(f"result is {referee.result!r}, expected {expect.result!r}")
    if expect.reason is not None and expect.reason != referee.reason:
        found.append(f"reason is {referee.reason!r}, expected {expect.reason!r}")
    if expect.clock is not None:
        reading = referee.clock.remaining
        for color, value in ((chess.WHITE, expect.clock.white), (chess.BLACK, expect.clock.black)):
            if value is None:
                continue
            name = chess.COLOR_NAMES[color]
            if reading is None:
                found.append(f"the game has no clock, expected {name} at {value}")
            elif format_duration(reading[color]) != format_duration(parse_duration(value)):
                found.append(f"{name}'s clock shows {format_duration(reading[color])}, expected {value}")
    return found


def must_fields(referee: Referee) -> dict[str, Any]:
    """The obligation binding the player on move now, as fields (``must`` in the output's final state)."""
    ob = referee.obligation
    article = {"article": ob.article} if ob.article else {}
    return {**article, "player": chess.COLOR_NAMES[referee.position.turn], **ob.fields()}


def must_ruling(referee: Referee) -> Ruling:
    """The obligation binding the player on move now, as a ruling object (for ``expect.must``)."""
    ob = referee.obligation
    fields = {"player": chess.COLOR_NAMES[referee.position.turn], **ob.fields()}
    return Ruling.model_validate({"kind": "obligation", "article": ob.article or "4.5", "text": "", **fields})
