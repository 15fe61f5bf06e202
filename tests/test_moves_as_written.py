"""Moves in the way users write them (issue 31, item 4): under ``--lang sr`` or ``bg`` a move is read
in the local letters (both scripts for Serbian), in English letters and as UCI, wherever the
reading is unambiguous; an ambiguous one is refused naming both readings. The terminal and the
page read through the same reader (``Session.parse``); errors name the notation in the user's
language."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from arbiter.cli import teach
from arbiter.core.errors import AmbiguousNotationError, ArbiterError
from arbiter.core.i18n import use_language
from arbiter.web.app import create_app


def _session(notation: str, moves: str | None = None) -> teach.Terminal:
    return teach.new_session(None, None, moves, None, None, None, None, notation=notation)


@pytest.mark.parametrize(("notation", "written", "expected"), [
    ("sr-Cyrl", ["Сf3", "Sf3", "Nf3", "g1f3"], "play Сf3"),
    ("sr-Latn", ["Sf3", "Сf3", "Nf3", "g1f3"], "play Sf3"),
    ("bg", ["Кf3", "Nf3", "g1f3"], "play Кf3"),
])
def test_a_move_is_read_in_the_local_letters_english_and_uci_and_kept_in_the_sessions_notation(
        notation: str, written: list[str], expected: str) -> None:
    for text in written:
        session = _session(notation)
        event = session.session.parse(text)
        assert event.text == (expected if text != "g1f3" else "play g1f3"), text
        session.session.apply(event)
        assert session.session.view().last_move is not None  # the knight went to f3


def test_a_move_two_notations_read_differently_is_refused_naming_both() -> None:
    session = _session("de", "1. e4 e5")  # German B is the pawn, English B the bishop
    with pytest.raises(AmbiguousNotationError) as refused:
        session.session.parse("Bc4")
    assert str(refused.value) == ("'Bc4' reads two ways: c4 in German notation or Bc4 in English notation; write "
                                  "it as UCI (c2c4 / f1c4)")
    assert session.session.parse("Lc4").text == "play Lc4" and session.session.parse("Nf3").text == "play Sf3"


def test_an_unread_move_is_said_with_the_notation_named_in_the_users_language() -> None:
    with use_language("sr"):
        session = _session("sr-Cyrl")
        with pytest.raises(ArbiterError, match="'Lc4' није потез \\(нотација: српски \\(ћирилица\\)\\)"):
            session.session.apply(session.session.parse("Lc4"))
    with use_language("bg"):
        session = _session("bg")
        with pytest.raises(ArbiterError, match="ниедна фигура|не е ход \\(нотация: български\\)"):
            session.session.apply(session.session.parse("Zf3"))


def test_the_page_reads_moves_as_the_terminal_does() -> None:
    with TestClient(create_app()) as client:
        made = client.post("/api/sessions?lang=sr", json={}).json()
        step = client.post(f"/api/sessions/{made['id']}/events?lang=sr", json={"line": "Nf3"}).json()["step"]
        assert step["event"] == "white: play Сf3"
        step = client.post(f"/api/sessions/{made['id']}/events?lang=sr", json={"line": "b: Sf6"}).json()["step"]
        assert step["event"] == "black: play Сf6"


def test_start_moves_typed_as_a_trainee_types_them_start_the_session() -> None:
    from arbiter.core.errors import ScenarioError
    from arbiter.session import Session

    english_then_bulgarian = Session.from_position(None, "1. Nf3 Nf6 2. Кc3", notation="bg")
    assert english_then_bulgarian.view().fen.startswith("rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b")
    with pytest.raises(ScenarioError, match="reads two ways"):  # German pawn c4 or English bishop
        Session.from_position(None, "1. e4 e5 2. Bc4", notation="de")
    with pytest.raises(ScenarioError, match="start move 4 'Zz9'"):  # said of the move no reading takes
        Session.from_position(None, "1. e4 e5 2. Nf3 Zz9", notation="bg")
