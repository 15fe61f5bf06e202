"""The verdicts the rulings ask for (5.1.2, 6.9, 7.5.5), kept: :func:`cannot_mate` says whether a
side cannot mate and how that was decided, :func:`mating_line` gives the helpmate line of a "can"
apart from the sentence (issue 31). The analysis itself is :mod:`arbiter.core.unwinnable`; keeping
its verdicts for the rulings that ask again is this module's own concern.
"""

from __future__ import annotations

import threading

import chess

from arbiter.core.i18n import _
from arbiter.core import unwinnable
from arbiter.core.unwinnable import NODE_BOUND, REACH_BOUND, UNDECIDED, Verdict, can_checkmate


#: The verdicts of the last rulings, by position (FEN with any en passant square: the static
#: analysis gives up on a pseudo-legal one; the move numbers are in the line's text), side and
#: bounds: a scenario run, a class of trainees or a test suite asks the same questions again (of
#: the 32 that ``arbiter run scenarios/`` asks, 9 are repeats; the opening position alone is asked
#: four times, 14 ms each). The answer is a function of those, whatever the machine, except one
#: stopped by the CPU deadline, which is never kept; its reason is told in the language of each
#: reading (:class:`Reason`). The web server's threads share them.
_verdicts: dict[tuple[str, chess.Color, int, float, int], Verdict] = {}
_verdicts_lock = threading.Lock()
_VERDICTS_KEPT = 256


def _kept_verdict(board: chess.Board, color: chess.Color, node_bound: int, time_bound: float,
                  reach_bound: int) -> Verdict:
    """The verdict on ``color`` in ``board``, kept (or, kept already, read again)."""
    key = (board.fen(en_passant="xfen"), color, node_bound, time_bound, reach_bound)
    with _verdicts_lock:
        verdict = _verdicts.get(key)
    if verdict is None:
        verdict = can_checkmate(board, color, node_bound, time_bound, reach_bound)
        if not verdict.out_of_time:  # an answer of the bound of work, the same on any machine
            with _verdicts_lock:
                if len(_verdicts) >= _VERDICTS_KEPT:
                    del _verdicts[next(iter(_verdicts))]
                _verdicts[key] = verdict
    return verdict


def mating_line(board: chess.Board, color: chess.Color, node_bound: int = NODE_BOUND,
                time_bound: float | None = None, reach_bound: int = REACH_BOUND) -> str:
    """The helpmate line by which ``color`` can mate, numbered SAN in English, as the ruling of
    :func:`cannot_mate` with the same bounds found it (read from the verdict kept); empty where
    none was found."""
    time_bound = unwinnable.TIME_BOUND if time_bound is None else time_bound  # read now: a test may lower it
    return _kept_verdict(board, color, node_bound, time_bound, reach_bound).line_san


def cannot_mate(board: chess.Board, color: chess.Color, node_bound: int = NODE_BOUND,
                time_bound: float | None = None, reach_bound: int = REACH_BOUND) -> tuple[bool, str]:
    """For a ruling: whether ``color`` cannot mate, and a sentence saying how that was decided.

    An undetermined analysis falls back to the material rule, and says so (DECISIONS 19).
    """
    time_bound = unwinnable.TIME_BOUND if time_bound is None else time_bound  # read now: a test may lower it
    verdict = _kept_verdict(board, color, node_bound, time_bound, reach_bound)
    if verdict.answer == "undetermined":
        if not verdict.out_of_time:
            return board.has_insufficient_material(color), _(
                "{undecided} ({moves} moves searched): undecided; the material rule decides").format(
                undecided=_(UNDECIDED), moves=min(verdict.nodes, node_bound + reach_bound))
        return board.has_insufficient_material(color), _(
            "{undecided} ({seconds} s of computing): undecided; the material rule decides").format(
            undecided=_(UNDECIDED), seconds=f"{time_bound:g}")
    return verdict.cannot, verdict.reason
