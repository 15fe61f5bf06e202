"""Frozen records: small values made once and never changed (the events' actions, touch-move's facts).

Why not ``@dataclass(frozen=True)``: on Python 3.11 the decorator writes and compiles six methods
for every class at every start of the program (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``): about 0.7 ms and 3 million instructions a class, a tenth of
``arbiter run`` on one file for the 34 records of the package (issue 17). A record writes its ``__init__``
by hand (compiled once, into the byte code) and takes the other five from :class:`Record`, which
reads the fields from ``__slots__``. What it keeps of a frozen dataclass: equality by type and
fields (``NotImplemented`` against another type), the hash of the fields, the ``repr``, the
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
    """

    __slots__ = ()
    #: The fields, in order (the subclass's own ``__slots__``).
    _fields: ClassVar[tuple[str, ...]] = ()

    #: The fields' values of a record, as a tuple (C code: equality is on the hot path of a move).
    _getter: ClassVar[Callable[[Any], tuple[object, ...]]] = staticmethod(lambda record: ())

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._fields = tuple(cls.__dict__.get("__slots__", ()))
        if len(cls._fields) > 1:
            cls._getter = staticmethod(attrgetter(*cls._fields))
        elif cls._fields:
            one = attrgetter(cls._fields[0])
            cls._getter = staticmethod(lambda record: (one(record),))

    def _values(self) -> tuple[object, ...]:
        return self.__class__._getter(self)

    def _compared(self) -> tuple[object, ...]:
        """The fields equality and the hash look at (all of them, unless a record says otherwise)."""
        return self._values()

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({fields})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Record], tuple[object, ...]]:
        return self.__class__, self._values()
