"""What is wrong with a file's or a request's value, in the user's words (arbiter.core.modelerrors)
and with a FEN python-chess refuses (arbiter.core.fenfaults): never pydantic's nor python-chess's
English, in any language."""

from __future__ import annotations

import re
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import chess
import pytest
from pydantic import BaseModel, ValidationError

from arbiter.core.fenfaults import _FAULTS, fen_fault, is_fen_fault
from arbiter.core.i18n import use_language
from arbiter.core.modelerrors import count_of_problems, first_problem
from arbiter.core.piece_letters import languages
from arbiter.files.models import ScenarioFile
from arbiter.files.scenario import loads
from arbiter.core.errors import ScenarioError
from arbiter.web.models import EventLine, NewSession, SocketMessage, one_line

#: What pydantic's own messages begin with: none may reach a user.
PYDANTIC_WORDS = re.compile(r"Input should|Value error|instance of|Field required|String should|List should|"
                            r"Extra inputs|valid (string|integer|list|dictionary|number)")
#: A value of every kind, each wrong for most keys.
WRONG = ([1], {"x": 1}, 1.5, "x", True, 7, None)


def _leaves(model: type[BaseModel], path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any]]:
    """Every key of ``model`` and the blocks and lists below it, with its annotation."""
    found = []
    for name, field in model.model_fields.items():
        key = field.alias or name
        found.append(((*path, key), field.annotation))
        for member in _members(field.annotation):
            if isinstance(member, type) and issubclass(member, BaseModel):
                found += _leaves(member, (*path, key))
            elif get_origin(member) is list:
                (item,) = get_args(member)
                if isinstance(item, type) and issubclass(item, BaseModel):
                    found += _leaves(item, (*path, key, 0))
    return found


def _members(annotation: Any) -> list[Any]:
    if get_origin(annotation) in (Union, UnionType):
        return [member for member in get_args(annotation) if member is not type(None)]
    return [annotation]


def _document(path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    """A scenario whose key at ``path`` holds ``value`` (a list holds it as its first item)."""
    document: dict[str, Any] = {"title": "t"}
    here: Any = document
    for part, following in zip(path, path[1:], strict=False):
        if isinstance(part, int):
            continue
        nested: Any = [{}] if isinstance(following, int) else {}
        here[part] = nested
        here = nested[0] if isinstance(nested, list) else nested
    last = path[-1]
    here[last] = value
    return document


def _problems(language: str) -> list[tuple[tuple[str | int, ...], str, str]]:
    said = []
    with use_language(language):
        for path, _annotation in _leaves(ScenarioFile):
            for value in WRONG:
                try:
                    ScenarioFile.model_validate(_document(path, value))
                except ValidationError as err:
                    loc, message, _error = first_problem(ScenarioFile, err.errors())
                    said.append((loc, message, err.errors()[0]["msg"]))
    return said


@pytest.mark.parametrize("language", ["en", "sr", "bg"])
def test_no_value_of_any_kind_in_any_key_is_said_in_pydantic_words(language: str) -> None:
    said = _problems(language)
    assert len(said) > 150  # every key met values it refuses
    for loc, message, _theirs in said:
        assert not PYDANTIC_WORDS.search(message), (loc, message)
        assert not {"str", "int", "float", "list[str]"} & set(loc), loc  # no union member named as a key
        if language != "en":
            # only the values and the file format's words stay Latin (the literals a key takes)
            latin = set(re.findall(r"[A-Za-z]{3,}", message)) - {"true", "false", "YYYY", "MM", "DD"}
            assert latin <= _literal_words(), (loc, message, latin - _literal_words())


def _literal_words() -> set[str]:
    """The words a key takes as written (its literals, the notations' codes)."""
    words: set[str] = {word for code in languages() for word in re.findall(r"[A-Za-z]{3,}", code)}
    for _path, annotation in _leaves(ScenarioFile):
        for member in _members(annotation):
            if get_origin(member) is Literal:
                for value in get_args(member):
                    words.update(re.findall(r"[A-Za-z]{3,}", str(value)))
    return words


@pytest.mark.parametrize(("document", "where", "message"), [
    ({"title": "t", "clock": {"white": [1]}}, ("clock", "white"), "must be text or a number"),
    ({"title": "t", "report": {"round": {"a": 1}}}, ("report", "round"), "must be text or a number"),
    ({"title": "t", "report": {"date": [1]}}, ("report", "date"), "must be a date or text"),
    ({"title": "t", "laws": [2023]}, ("laws",), "must be text or a whole number"),
    ({"title": "t", "start": {"moves": 5}}, ("start", "moves"), "must be text or a list"),
    # inside a list a union's member says it: the moves were meant as a list of texts
    ({"title": "t", "start": {"moves": ["e4", 5]}}, ("start", "moves", 1), "must be text"),
    ({"title": "t", "clock": 5}, ("clock",), "must be a mapping of keys"),
    ({"title": "t", "ruleset": "bullet"}, ("ruleset",), "must be one of: standard, rapid, blitz"),
    ({"title": "t", "events": [{"white": "play e4", "hand": "middle"}]}, ("events", 0, "hand"),
     "must be one of: left, right"),
    ({"title": "t", "quiz": {"after": "x", "question": "q", "choices": ["a", "b"], "answer": 1, "explain": "e"}},
     ("quiz", "after"), "must be a whole number"),
    ({"title": "t", "events": [{"white": "x", "black": "y"}]}, ("events", 0),
     "an event has exactly one actor key, white or black"),
    # true and false are no numbers (pydantic would take true for one second, edition 1, event 1)
    ({"title": "t", "clock": {"white": True}}, ("clock", "white"), "must be text or a number"),
    ({"title": "t", "laws": True}, ("laws",), "must be text or a whole number"),
    ({"title": "t", "regulations": {"device": {"penalty": "warning", "seconds": True}}},
     ("regulations", "device", "seconds"), "must be a number"),
    ({"title": "t", "events": [{"white": "play e4", "at": False}]}, ("events", 0, "at"), "must be text or a number"),
    ({"title": "t", "expect": {"rulings": [{"event": True}]}}, ("expect", "rulings", 0, "event"),
     "must be a whole number"),
    ({"title": "t", "expect": {"rulings": [{"seconds": True}]}}, ("expect", "rulings", 0, "seconds"),
     "must be a number"),
])
def test_each_kind_of_fault_is_said_where_it_is(document: dict[str, Any], where: tuple[str | int, ...],
                                                 message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        ScenarioFile.model_validate(document)
    assert first_problem(ScenarioFile, caught.value.errors())[:2] == (where, message)


def test_a_key_named_as_a_kind_is_a_key_not_a_union_member() -> None:
    # report.date is a field named like pydantic's tag for a date: the place keeps it
    with pytest.raises(ValidationError) as caught:
        ScenarioFile.model_validate({"title": "t", "report": {"date": [1]}})
    assert [error["loc"] for error in caught.value.errors()] == [("report", "date", "date"), ("report", "date", "str")]
    assert first_problem(ScenarioFile, caught.value.errors())[0] == ("report", "date")
    assert count_of_problems(ScenarioFile, caught.value.errors()) == 1


def test_the_scenario_error_line_speaks_the_language() -> None:
    text = "title: t\nclock:\n  white: [1]\nevents:\n  - {white: play e4, hand: middle}\n"
    for language, expected in (("en", "x.yaml:3: clock.white: must be text or a number"),
                               ("sr", "x.yaml:3: clock.white: мора бити текст или број"),
                               ("bg", "x.yaml:3: clock.white: трябва да е текст или число")):
        with use_language(language), pytest.raises(ScenarioError) as caught:
            loads(text, "x.yaml")
        assert str(caught.value) == expected
    with use_language("sr"), pytest.raises(ScenarioError) as caught:
        loads("title: t\nevents:\n  - {white: play e4, hand: middle}\n", "x.yaml")
    assert str(caught.value) == ("x.yaml:3: догађај 0 (white: play e4): hand: мора бити једно од: left, right "
                                 "(дато: 'middle')")


@pytest.mark.parametrize(("model", "body", "expected"), [
    (NewSession, '{"ruleset": "bullet"}', "ruleset: must be one of: standard, rapid, blitz"),
    (NewSession, '{"fen": 5, "colour": 1}', "colour: unknown key (and 1 more)"),
    (NewSession, '{"fen": [5]}', "fen: must be text"),
    (NewSession, '{"time_control": "' + "x" * 201 + '"}', "time_control: must be at most 200 characters long"),
    (NewSession, '{"library": ""}', "library: must be at least 1 character long"),
    (NewSession, "{bad", "not JSON (line 1, column 2)"),
    (NewSession, "[1]", "expected a JSON object"),
    (EventLine, "{}", "line: is missing"),
    (SocketMessage, '{"action": "fly"}', "action: must be one of: undo, restart, next, back"),
])
def test_a_request_s_fault_is_one_line_in_our_words(model: type[BaseModel], body: str, expected: str) -> None:
    with pytest.raises(ValidationError) as caught:
        model.model_validate_json(body)
    assert one_line(model, caught.value) == expected
    with use_language("bg"):
        assert not PYDANTIC_WORDS.search(one_line(model, caught.value))


#: A FEN python-chess refuses for each of its reasons, in the order of :data:`_FAULTS`.
BAD_FENS = [
    ("8/8/8/8/8/8/8/8 w - - 0 1 x", "a FEN has at most six fields"),
    ("8/8/8/8/8/8/8 w - - 0 1", "the placement must have 8 ranks, separated by /"),
    ("8/8/8/8/8/8/8/7 w - - 0 1", "a rank of the placement does not have 8 squares"),
    ("44/8/8/8/8/8/8/8 w - - 0 1", "two digits in a row in the placement"),
    ("~7/8/8/8/8/8/8/8 w - - 0 1", "'~' not after a piece in the placement"),
    ("x7/8/8/8/8/8/8/8 w - - 0 1",
     "a character of the placement is neither a piece letter (KQRBNP, kqrbnp) nor a digit"),
    ("", "the FEN is empty"),
    ("8/8/8/8/8/8/8/8 x - - 0 1", "the side to move must be w or b"),
    ("8/8/8/8/8/8/8/8 w XY - 0 1", "the castling rights must be KQkq, some of them, or -"),
    ("8/8/8/8/8/8/8/8 w - z9 0 1", "the en passant field must be a square or -"),
    ("8/8/8/8/8/8/8/8 w - - x 1", "the half-move clock must be a whole number"),
    ("8/8/8/8/8/8/8/8 w - - -1 1", "the half-move clock cannot be negative"),
    ("8/8/8/8/8/8/8/8 w - - 0 x", "the move number must be a whole number"),
    ("8/8/8/8/8/8/8/8 w - - 0 -1", "the move number cannot be negative"),
]


@pytest.mark.parametrize(("fen", "said"), BAD_FENS)
def test_each_fault_python_chess_finds_in_a_fen_is_said_in_our_words(fen: str, said: str) -> None:
    with pytest.raises(ValueError) as caught:
        chess.Board(fen)
    assert is_fen_fault(caught.value)
    assert fen_fault(caught.value) == said
    with use_language("sr"):
        assert not re.search(r"[a-z]{3,}", re.sub("KQkq|kqrbnp", "", fen_fault(caught.value)))


def test_every_known_fault_is_met_by_some_fen() -> None:
    met = set()
    for fen, _said in BAD_FENS:
        try:
            chess.Board(fen)
        except ValueError as err:
            met.update(begins for begins, _ours in _FAULTS if str(err).startswith(begins))
    # python-chess's reader of a whole FEN never reaches these two (they are the placement's
    # reader's and the castling setter's own); kept for whoever calls those
    unreachable = {"expected position part of fen, got multiple parts", "invalid castling fen"}
    assert met == {begins for begins, _ours in _FAULTS} - unreachable


def test_an_unknown_refusal_is_quoted_as_it_is() -> None:
    assert not is_fen_fault(ValueError("something new"))
    assert fen_fault(ValueError("something new")) == "something new"


def test_a_file_s_true_false_and_null_are_quoted_as_the_file_writes_them() -> None:
    from arbiter.core.errors import shown

    assert [shown(value) for value in (True, False, None, 1, "x")] == ["true", "false", "null", "1", "'x'"]
    assert shown([True, None, {"a": False}]) == "[true, null, {'a': false}]"  # inside a list or a mapping too
    deep: list[object] = []
    for _ in range(10_000):
        deep = [deep]
    assert shown(deep) == "[[[[[[[[…]]]]]]]]"  # however deep a request's JSON nests it
    with pytest.raises(ScenarioError) as caught:
        loads("title: t\nstart:\n  fen: true\nevents: []\n", "x.yaml")
    assert str(caught.value) == "x.yaml:3: start.fen: must be text (got true)"
    with pytest.raises(ScenarioError) as caught:
        loads("title: t\nevents:\n  - white:\n", "x.yaml")
    assert str(caught.value) == "x.yaml:3: event 0 (white: null): an event has exactly one actor key, white or black"
