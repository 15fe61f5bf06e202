"""Frozen records: small values made once and never changed (the events' actions, touch-move's facts).

Why not ``@dataclass(frozen=True)``: on Python 3.11 the decorator writes and compiles six methods
for every class at every start of the program (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``): about 0.7 ms and 3 million instructions a class, a tenth of
``arbiter run`` on one file for the 34 records of the package (issue 17). A record writes its ``__init__``
by hand (compiled once, into the byte code) and takes the other five from :class:`Record`, which
reads the fields from ``__slots__``. What it keeps of a frozen dataclass: equality by type and
fields (``NotImplemented`` against another type; fields left out of it as ``compare=False`` left
them), the hash of the fields, the ``repr``, the
:class:`dataclasses.FrozenInstanceError` on assignment, copying and pickling; not kept: the
functions of :mod:`dataclasses` (``fields``, ``replace``, ``asdict``) and positional patterns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, ClassVar, NoReturn, dataclass_transform


# For the type checker a record is a frozen dataclass: assigning to a field is an error there too.
@dataclass_transform(frozen_default=True)
class Record:
    """A frozen value whose fields are its class's ``__slots__``, in order.

    A subclass declares ``__slots__`` and an ``__init__`` taking the fields in that order and
    setting each once with ``object.__setattr__``; its fields are annotated for the reader and mypy.
    ``_not_compared`` names the fields equality and the hash leave out.
    """

    __slots__ = ()
    #: The fields, in order (the subclass's own ``__slots__``).
    _fields: ClassVar[tuple[str, ...]] = ()

    #: The fields equality and the hash leave out (a dataclass field's ``compare=False``).
    _not_compared: ClassVar[tuple[str, ...]] = ()
    #: A record's values, as a tuple: all its fields; those compared (C code: equality is on the
    #: hot path of a move).
    _values: ClassVar[Callable[[Any], tuple[object, ...]]] = staticmethod(lambda record: ())
    _compared: ClassVar[Callable[[Any], tuple[object, ...]]] = staticmethod(lambda record: ())

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._fields = tuple(cls.__dict__.get("__slots__", ()))
        if not set(cls._not_compared) <= set(cls._fields):
            raise TypeError(f"{cls.__qualname__}._not_compared names no field: {cls._not_compared}")
        cls._values = staticmethod(_getter(cls._fields))
        cls._compared = staticmethod(_getter(tuple(name for name in cls._fields if name not in cls._not_compared)))

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = self.__class__._compared
        return compared(self) == compared(other)

    def __hash__(self) -> int:
        return hash(self.__class__._compared(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({fields})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Record], tuple[object, ...]]:
        return self.__class__, self.__class__._values(self)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[object, ...]]:
    """The values of ``names`` of an object, always as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return lambda record: ()
