"""The event language."""

from __future__ import annotations

import chess
import pytest

from arbiter.core.errors import InvalidEventError
from arbiter.table.events import ClaimAct, MoveAct, PutAct, TouchAct, parse_action


def test_verbs_parse() -> None:
    assert parse_action("touch e2 d7") == TouchAct((chess.E2, chess.D7))
    assert parse_action("touch g1 accidentally") == TouchAct((chess.G1,), True)
    assert parse_action("put Q e8") == PutAct(chess.QUEEN, chess.E8)
    assert parse_action("move e2 e4") == MoveAct(chess.E2, chess.E4)
    assert parse_action("claim threefold Nf3") == ClaimAct("threefold", "Nf3")
    assert parse_action("claim touch-move") == ClaimAct("touch-move")


@pytest.mark.parametrize(("text", "message"), [
    ("plcae e4", "unknown verb 'plcae'"),
    ("touch", "touch needs a square"),
    ("lift e4 e5", "lift takes one square"),
    ("release e4", "release takes no arguments"),
    ("put Q", "put takes a piece letter and a square"),
    ("offer peace", "offer takes one argument, 'draw'"),
    ("claim touch-move e4", "claim touch-move takes no move"),
    ("touch e2 e2", "names a square twice"),
    ("", "empty action"),
])
def test_bad_events(text: str, message: str) -> None:
    with pytest.raises(InvalidEventError, match=message):
        parse_action(text)


@pytest.mark.parametrize(("text", "reason"), [("pause", None), ("pause claim", "claim"),
                                             ("pause for illness", "illness"),
                                             ("pause emergency", "emergency"), ("pause promotion", "promotion")])
def test_a_pause_says_its_reason_or_none(text: str, reason: str | None) -> None:
    """Issue 32: the valid reasons of 6.11.2."""
    from arbiter.table.events import PauseAct

    assert parse_action(text) == PauseAct(reason)


def test_a_pause_for_another_reason_is_refused_naming_the_valid_ones() -> None:
    with pytest.raises(InvalidEventError, match="pause takes a reason or none: claim, promotion, assistance"):
        parse_action("pause boredom")
