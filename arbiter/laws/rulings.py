"""Rulings: what the arbiter decides, one object each, as FORMAT §3 lays them out."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal, overload

from pydantic import BaseModel, ConfigDict, Field, field_validator

from arbiter.core.i18n import current_language, use_language

Kind = Literal[
    "obligation", "made", "completed", "violation", "claim", "reinstated", "time", "replaced",
    "warning", "result", "cancelled", "transferred", "penalty",
]
PlayerName = Literal["white", "black"]
#: The penalties of 12.9, in the Laws' order.
Penalty = Literal[
    "warning", "time-to-opponent", "time-from-offender", "score-raised", "score-reduced", "loss", "fine",
    "exclusion", "expulsion",
]


class RulingFields(BaseModel):
    """Every field a ruling may carry, all optional: a partial ruling as ``expect`` lists it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    kind: Kind | None = None
    article: str | None = None
    text: str | None = None
    event: int | None = None
    player: PlayerName | None = None
    must: Literal["move", "capture", "castle", "king", "promote", "play", "any"] | None = None
    square: str | None = None
    with_: str | None = Field(default=None, alias="with")
    side: Literal["kingside", "queenside"] | None = None
    piece: str | None = None
    move: str | None = None
    san: str | None = None
    claimant: PlayerName | None = None
    claim: str | None = None
    verdict: Literal["upheld", "rejected", "forfeited", "invalid"] | None = None
    fen: str | None = None
    seconds: int | float | None = None
    result: Literal["1-0", "0-1", "1/2-1/2", "0-0", "*"] | None = None
    reason: str | None = None
    #: 12.9: which of the arbiter's penalties (``penalty`` rulings), in the Laws' order.
    penalty: Penalty | None = None

    @field_validator("seconds")
    @classmethod
    def _whole_seconds(cls, value: float | None) -> int | float | None:
        """Whole seconds are written as integers (``120``, not ``120.0``)."""
        return int(value) if value is not None and float(value).is_integer() else value

    def as_dict(self) -> dict[str, Any]:
        """The fields that are set, as the JSON output writes them."""
        return self.model_dump(by_alias=True, exclude_none=True)

    def matches(self, ruling: RulingFields) -> bool:
        """Whether ``ruling`` has every field set here; ``article: 7.5`` also matches 7.5.x."""
        for name in self.model_fields_set:
            wanted = getattr(self, name)
            if wanted is None:
                continue
            given = getattr(ruling, name)
            if name == "article":
                if given is None or not (given == wanted or given.startswith(wanted + ".")):
                    return False
            elif given != wanted:
                return False
        return True


class Ruling(RulingFields):
    """A ruling given: ``kind``, ``article`` and ``text`` always present."""

    kind: Kind
    article: str
    text: str


class Given:
    """One ruling as a game keeps it, without its event: what it is (kind, article, fields) and
    how its sentence is told (``say(*args)`` in the language ``lang``; ``say=None``: ``args[0]``
    is the sentence, told already). Rulings that differ only in their event share one."""

    __slots__ = ("kind", "article", "say", "args", "lang", "fields")

    def __init__(self, kind: str, article: str, say: Callable[..., str] | None, args: tuple[Any, ...],
                 lang: str, fields: tuple[tuple[str, Any], ...]) -> None:
        self.kind, self.article, self.say, self.args, self.lang, self.fields = kind, article, say, args, lang, fields

    def ruling(self, event: int) -> Ruling:
        """The ruling on event ``event``, its sentence told now."""
        if self.say is None:
            text = self.args[0]
        else:
            with use_language(self.lang):
                text = self.say(*self.args)
        values: dict[str, Any] = {"kind": self.kind, "article": self.article, "text": text, "event": event,
                                  **dict(self.fields)}
        return Ruling.model_validate(values)


#: The shared :class:`Given` of the rulings given again and again (a move made, a move completed,
#: a piece touched), by everything they are made of; cleared when it grows past its bound.
_SHARED: dict[tuple[Any, ...], Given] = {}
_SHARED_BOUND = 1 << 16


def shared(kind: str, article: str, say: Callable[..., str], args: tuple[Any, ...],
           fields: tuple[tuple[str, Any], ...]) -> Given:
    """The :class:`Given` of a ruling whose sentence is ``say(*args)`` in the language in force,
    shared with every ruling made of the same (``args`` and ``fields`` hashable, and all the
    sentence depends on)."""
    lang = current_language()
    key = (kind, article, say, args, lang, fields)
    given = _SHARED.get(key)
    if given is None:
        if len(_SHARED) >= _SHARED_BOUND:
            _SHARED.clear()
        given = _SHARED[key] = Given(kind, article, say, args, lang, fields)
    return given


class RulingLog(Sequence[Ruling]):
    """The rulings of a game, kept compactly: per ruling its event and a :class:`Given`; the
    :class:`Ruling` (and its sentence) is made each time one is read. A slice is a log too."""

    __slots__ = ("_given", "_events")

    def __init__(self, given: list[Given] | None = None, events: list[int] | None = None) -> None:
        self._given: list[Given] = given if given is not None else []
        self._events: list[int] = events if events is not None else []

    def add(self, event: int, given: Given) -> None:
        """Keep one more ruling, on event ``event``."""
        self._given.append(given)
        self._events.append(event)

    def __len__(self) -> int:
        return len(self._given)

    @overload
    def __getitem__(self, index: int) -> Ruling: ...

    @overload
    def __getitem__(self, index: slice) -> RulingLog: ...

    def __getitem__(self, index: int | slice) -> Ruling | RulingLog:
        if isinstance(index, slice):
            return RulingLog(self._given[index], self._events[index])
        return self._given[index].ruling(self._events[index])

    def __iter__(self) -> Iterator[Ruling]:
        for given, event in zip(self._given, self._events, strict=True):
            yield given.ruling(event)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"RulingLog({list(self)!r})"
