"""Checking a scenario's ``expect`` block (FORMAT §4) against the game as it ended, and the
obligation binding the player on move, as ``expect.must`` and the output's ``final.must`` give it."""

from __future__ import annotations

from typing import Any

import chess

from arbiter.core.clock import format_duration, parse_duration
from arbiter.core.i18n import _, pgettext
from arbiter.laws.referee import Referee
from arbiter.laws.rulings import Ruling, RulingFields
from arbiter.files.models import ExpectModel


def _show(partial: RulingFields) -> str:
    return ", ".join(f"{k}: {v}" for k, v in partial.as_dict().items())


def failures(expect: ExpectModel, referee: Referee) -> list[str]:
    """What in ``expect`` does not hold; empty when everything holds."""
    found: list[str] = []
    # read once, and only when asked about: each read of the log makes its rulings anew
    given = list(referee.rulings) if expect.rulings or expect.absent else []
    position = 0
    for wanted in expect.rulings:
        at = position
        while at < len(given) and not wanted.matches(given[at]):
            at += 1
        if at == len(given):
            found.append(_("expected ruling {ruling} not given (in this order)").format(ruling=f"{{{_show(wanted)}}}"))
            continue
        position = at + 1
    for unwanted in expect.absent:
        for ruling in given:
            if unwanted.matches(ruling):
                found.append(_("ruling {ruling} given, expected absent: {text}").format(
                    ruling=f"{{{_show(unwanted)}}}", text=ruling.text))
                break
    if expect.fen is not None and expect.fen.strip() != referee.position.fen():
        found.append(_("fen is {fen}, expected {expected}").format(fen=repr(referee.position.fen()),
                                                                  expected=repr(expect.fen.strip())))
    board = referee.position.standing.board_fen()
    if expect.board is not None and expect.board.strip() != board:
        found.append(_("board is {board}, expected {expected}").format(board=repr(board),
                                                                      expected=repr(expect.board.strip())))
    to_move = chess.COLOR_NAMES[referee.position.turn]
    if expect.to_move is not None and expect.to_move != to_move:
        found.append(_("{player} has the move, expected {expected}").format(
            player=pgettext("value", to_move), expected=pgettext("value", expect.to_move)))
    if expect.must is not None:
        now = must_ruling(referee)
        if not expect.must.matches(now):
            found.append(_("the obligation is {obligation}, expected {expected}").format(
                obligation=f"{{{_show(now)}}}", expected=f"{{{_show(expect.must)}}}"))
    if expect.result is not None and expect.result != referee.result:
        found.append(_("result is {result}, expected {expected}").format(result=repr(referee.result),
                                                                        expected=repr(expect.result)))
    if expect.reason is not None and expect.reason != referee.reason:
        found.append(_("reason is {reason}, expected {expected}").format(reason=repr(referee.reason),
                                                                        expected=repr(expect.reason)))
    if expect.clock is not None:
        reading = referee.clock.remaining
        for color, value in ((chess.WHITE, expect.clock.white), (chess.BLACK, expect.clock.black)):
            if value is None:
                continue
            if reading is None:
                found.append((_("the game has no clock, expected white at {value}") if color == chess.WHITE
                              else _("the game has no clock, expected black at {value}")).format(value=value))
            elif format_duration(reading[color]) != format_duration(parse_duration(value)):
                shows = (_("white's clock shows {shown}, expected {value}") if color == chess.WHITE
                         else _("black's clock shows {shown}, expected {value}"))
                found.append(shows.format(shown=format_duration(reading[color]), value=value))
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
