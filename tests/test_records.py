"""Frozen records (``arbiter.core.records``): what they keep of a frozen dataclass, for every record
of the package (issue 17, item 4: they replace ``@dataclass(frozen=True)`` for the cold start)."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import pickle
import pkgutil

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

import arbiter
from arbiter.core.clock import Period, TimeControl
from arbiter.core.records import Record
from arbiter.table.events import Event, LiftAct, PlaceAct, PlayAct, PressAct, PutAct, ReleaseAct, TouchAct
from arbiter.table.touch import FREE, Obligation, Touch


def _all_records() -> list[type[Record]]:
    for module in pkgutil.walk_packages(arbiter.__path__, "arbiter."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found: list[type[Record]] = []
    waiting = list(Record.__subclasses__())
    while waiting:
        record = waiting.pop()
        found.append(record)
        waiting.extend(record.__subclasses__())
    return found


RECORDS = _all_records()


def test_the_package_has_its_records() -> None:
    names = {record.__name__ for record in RECORDS}
    assert {"Event", "TouchAct", "PlayAct", "Touch", "Obligation", "Period", "TimeControl", "Article",
            "Entry"} <= names
    assert len(RECORDS) >= 34


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.__qualname__)
def test_a_records_init_takes_its_fields_in_order(record: type[Record]) -> None:
    # Copying and pickling make a record again from its fields in that order (__reduce__).
    if not record._fields:
        assert record.__init__ is object.__init__ and record() == record()
        with pytest.raises(TypeError):
            record(1)  # type: ignore[call-arg]
    else:
        parameters = list(inspect.signature(record.__init__).parameters)[1:]
        assert tuple(parameters) == record._fields
    assert record.__dictoffset__ == 0  # slotted all the way: no __dict__ per instance
    assert not dataclasses.is_dataclass(record)


def test_equal_by_type_and_fields() -> None:
    assert LiftAct(chess.E2) == LiftAct(chess.E2)
    assert LiftAct(chess.E2) != LiftAct(chess.E4)
    assert LiftAct(chess.E2) != PlaceAct(chess.E2)  # another type with the same fields
    assert LiftAct(chess.E2).__eq__(PlaceAct(chess.E2)) is NotImplemented
    assert ReleaseAct() == ReleaseAct() and ReleaseAct() != PressAct()
    assert PutAct(chess.QUEEN, chess.E8) == PutAct(chess.QUEEN, chess.E8, None)
    assert PutAct(chess.QUEEN, chess.E8) != PutAct(chess.QUEEN, chess.E8, chess.WHITE)
    assert len({LiftAct(chess.E2), LiftAct(chess.E2), LiftAct(chess.E4)}) == 2


def test_repr_as_a_dataclass_writes_it() -> None:
    assert repr(TouchAct((chess.E2,))) == "TouchAct(squares=(12,), accidental=False)"
    assert repr(ReleaseAct()) == "ReleaseAct()"
    assert repr(Period(60, 2)) == ("Period(seconds=Fraction(60, 1), increment=Fraction(2, 1), moves=None, "
                                   "delay=Fraction(0, 1))")


def test_a_record_cannot_be_changed() -> None:
    act = PlayAct("e4")
    with pytest.raises(dataclasses.FrozenInstanceError):
        act.move = "d4"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del act.move
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        act.other = 1
    assert act.move == "e4"


def test_copied_and_pickled_as_they_are() -> None:
    event = Event(chess.WHITE, TouchAct((chess.G1, chess.B1), accidental=True), "touch g1 b1 accidentally",
                  at=3.5, hand="right", line=7)
    control = TimeControl((Period(5400.0, 30.0, 40), Period(1800.0, 30.0)), "40/5400+30:1800+30")
    promote = Obligation("promote", "4.4.4", square=chess.E8, piece=chess.QUEEN, from_square=chess.E7)
    for value in (event, control, promote, FREE, Touch(chess.E2, chess.Piece(chess.PAWN, chess.WHITE), 0)):
        for again in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
            assert again == value and type(again) is type(value) and repr(again) == repr(value)
    assert pickle.loads(pickle.dumps(promote)).from_square == chess.E7


def test_which_pawn_must_promote_is_not_compared() -> None:
    # As when Obligation was a dataclass with from_square a field(compare=False).
    one = Obligation("promote", "4.4.4", square=chess.E8, piece=chess.QUEEN, from_square=chess.E7)
    other = Obligation("promote", "4.4.4", square=chess.E8, piece=chess.QUEEN)
    assert one == other and hash(one) == hash(other) and "from_square=52" in repr(one)
    assert one != Obligation("promote", "4.4.4", square=chess.E8, piece=chess.KNIGHT)


@given(st.integers(0, 63), st.integers(0, 63), st.booleans())
def test_equality_and_hash_follow_the_fields(a: int, b: int, accidental: bool) -> None:
    one, other = TouchAct((a, b), accidental), TouchAct((a, b), accidental)
    assert one == other and hash(one) == hash(other)
    assert (TouchAct((a,), accidental) == TouchAct((b,), accidental)) == (a == b)
    assert TouchAct((a,), accidental) != TouchAct((a,), not accidental)


def test_a_field_left_out_of_equality_must_be_a_field() -> None:
    with pytest.raises(TypeError, match="names no field"):
        class Wrong(Record):
            __slots__ = ("one",)
            _not_compared = ("other",)
