"""Events typed as the screen shows them (``arbiter.session.typed``): in Serbian and Bulgarian the
log and the rulings say ``белите: играят e4``; a trainee who types that is understood, as one who
types the files' ``white: play e4``."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest
from starlette.testclient import TestClient

from arbiter.core.errors import InvalidEventError
from arbiter.core.i18n import NOTATION_OF, use_language
from arbiter.laws.texts import event_words
from arbiter.session import Session
from arbiter.session.typed import event_in_file_words, spoken_examples
from arbiter.table.events import VERBS, Event, parse_action
from arbiter.web.app import create_app

#: One event of every verb, and every claim, offer and word the events know, as a file writes them.
EVENTS = [
    "white: touch g1", "white: touch g1 accidentally", "black: adjust e7 d7", "white: lift e2", "white: place e4",
    "white: release", "black: drop d5", "white: remove d5", "white: put Q e8", "white: put black N c6",
    "black: move e7 e5", "white: play Nf3", "white: play e8=Q", "black: write Nf6", "white: press",
    "black: claim touch-move", "black: claim illegal-move", "white: claim flag", "white: claim threefold",
    "white: claim threefold Nf3", "black: claim fifty Ke2", "white: claim set-up", "white: claim orientation",
    "black: claim colours", "white: offer draw", "black: accept draw", "black: decline draw", "white: resign",
    "black: arrive", "white: knock e2 f2", "white: pause", "white: pause for illness", "white: pause for claim",
    "black: pause for assistance", "white: pause for emergency", "white: pause for promotion", "black: carry device",
]


def test_every_verb_is_among_the_events() -> None:
    assert {text.split()[1] for text in EVENTS} == set(VERBS)


@pytest.mark.parametrize("code", ["sr", "sr-Latn", "bg"])
def test_what_the_screen_shows_reads_back_as_the_file_writes_it(code: str) -> None:
    notation = NOTATION_OF[code]
    with use_language(code):
        for text in EVENTS:
            actor, _, action = text.partition(": ")
            shown = event_words(Event(chess.WHITE if actor == "white" else chess.BLACK, parse_action(action), action),
                                notation)
            assert shown != text  # said in the language: the case under test
            read, written = event_in_file_words(shown, notation).split(), text.replace(" for ", " ").split()
            if written[1] in ("play", "write") or written[-1] in ("Nf3", "Ke2"):
                # a move stays in the language's letters: the session reads it in its notation
                assert read[:-1] == written[:-1] and read[-1] == shown.split()[-1], (shown, read)
            else:  # "pause for illness" is shown without its "for", which the files may leave out
                assert read == written, (shown, read)


def test_english_and_short_forms_are_left_as_typed() -> None:
    with use_language("bg"):
        for text in ("white: play e4", "w touch g1", "e4", "press at=0:01:00 hand=left", "b: claim flag"):
            assert event_in_file_words(text, "bg") == text
    assert event_in_file_words("белите: играят e4") == "белите: играят e4"  # English in force: nothing to read


@pytest.mark.parametrize(("code", "typed", "expected"), [
    ("bg", "белите: играят e4", "white: play e4"),
    ("bg", "черните: претендират за неправилен ход", "black: claim illegal-move"),
    ("sr", "бели: притиска сат at=0:00:05", "white: press"),
    ("sr", "црни: рекламира кршење правила такнуто-макнуто", "black: claim touch-move"),
    ("sr-Latn", "BELI: igra e4", "white: play e4"),
])
def test_a_session_reads_an_event_typed_in_the_language(code: str, typed: str, expected: str) -> None:
    with use_language(code):
        session = Session.from_position(notation=NOTATION_OF[code])
        event = session.parse(typed)
    assert event.describe() == expected


def test_a_player_the_session_does_not_know_is_said_as_such() -> None:
    session = Session.from_position()
    with pytest.raises(InvalidEventError, match="no player 'foo': an event is by white or black"):
        session.parse("foo: play e4")
    with pytest.raises(InvalidEventError, match="unknown verb 'jump'"):
        session.parse("white: jump e4")


@pytest.mark.parametrize(("code", "shown"), [("sr", "бели: дотиче g1"), ("bg", "белите: докосват g1")])
def test_the_help_shows_the_events_as_the_screen_does(code: str, shown: str) -> None:
    with use_language(code):
        assert spoken_examples().startswith(shown)


def test_the_page_s_event_line_is_read_so_too(tmp_path: Path) -> None:
    """The live board's event line goes through the same reading, in the session's language."""
    with TestClient(create_app(tmp_path)) as client:
        key = client.post("/api/sessions?lang=bg", json={}).json()["id"]
        step = client.post(f"/api/sessions/{key}/events", json={"line": "белите: играят e4"})
        assert step.status_code == 200 and step.json()["step"]["event"] == "white: play e4"
        refused = client.post(f"/api/sessions/{key}/events", json={"line": "foo: play e5"})
        assert refused.status_code == 400 and refused.json()["error"].startswith("няма играч 'foo'")


@pytest.mark.parametrize("code", ["en", "sr", "sr-Latn", "bg"])
def test_the_event_lines_example_on_the_page_is_typed_as_shown(code: str) -> None:
    """The page's event line shows, in its language, three events a trainee may type: each read
    back is the event it stands for (a Serbian page once showed the files' English there)."""
    from arbiter.core.i18n import _

    with use_language(code):
        example = _("an event: white: touch g1, Nf3, b claim flag")
        session = Session.from_position(notation=NOTATION_OF[code])
        events = [session.parse(text) for text in example.split(": ", 1)[1].split(", ")]
    assert [(event.actor, event.text) for event in events] == [
        (chess.WHITE, "touch g1"), (chess.WHITE, "play " + events[1].action.move), (chess.BLACK, "claim flag")]
    assert events[1].action.move[1:] == "f3" and events[1].action.move[0] != "f"
    if code != "en":
        assert not {"white", "touch", "claim", "flag"} & set(example.replace(",", " ").split())


@pytest.mark.parametrize(("language", "typed"), [
    ("sr", "црни: рекламира такнуто-макнуто"),
    ("sr-Latn", "crni: reklamira taknuto-maknuto"),
    ("bg", "черните: претендират за пипнато – местено"),
])
def test_a_touch_move_claim_may_be_typed_by_the_rule_s_name(language: str, typed: str) -> None:
    with use_language(language):
        assert event_in_file_words(typed) == "black: claim touch-move"


@pytest.mark.parametrize(("language", "typed"), [
    ("sr", "бели: рекламира правило педесет потеза"),
    ("sr-Latn", "beli: reklamira pravilo pedeset poteza"),
    ("bg", "белите: претендират за правилото на петдесетте хода"),
    ("bg", "белите: претендират за петдесет хода"),
])
def test_a_fifty_move_claim_may_be_typed_by_the_rule_s_name(language: str, typed: str) -> None:
    """The glossary's name of the rule was "not understood" (only the claim's word was read)."""
    with use_language(language):
        assert event_in_file_words(typed) == "white: claim fifty"
