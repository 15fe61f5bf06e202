"""Rulings: what the arbiter decides, one object each, as FORMAT §3 lays them out."""

from __future__ import annotations

from array import array
from fractions import Fraction
from collections.abc import Iterator, Sequence
from typing import Any, Literal, overload

import chess
from pydantic import BaseModel, ConfigDict, Field, field_validator

from arbiter.core.clock import as_number
from arbiter.core.i18n import current_language, use_language
from arbiter.core.modelerrors import Number, Whole
from arbiter.laws import texts

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
    event: Whole | None = None
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
    seconds: Number | None = None
    result: Literal["1-0", "0-1", "1/2-1/2", "0-0", "*"] | None = None
    reason: str | None = None
    #: 12.9: which of the arbiter's penalties (``penalty`` rulings), in the Laws' order.
    penalty: Penalty | None = None
    #: A ``result`` ruling's helpmate line (the winner could mate by it: 6.9, 5.1.2), numbered SAN
    #: in the rulings' notation: apart from the sentence, which only says how long it is (issue 31).
    line: str | None = None

    @field_validator("seconds", mode="before")
    @classmethod
    def _whole_seconds(cls, value: object) -> object:
        """Whole seconds are written as integers (``120``, not ``120.0``); the referee's exact
        seconds (a :class:`~fractions.Fraction`) as the number JSON writes."""
        if isinstance(value, Fraction):
            return as_number(value)
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value

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
    """One ruling as a game keeps it, without its event (the log keeps that): the least it is
    made of. :meth:`ruling` makes the :class:`Ruling`, its sentence told then, in the language in
    force when the ruling was given. :class:`Said` keeps a ruling told already (the rare ones);
    :class:`Told` and its kinds keep the rulings of every move, whose sentences they tell when read."""

    __slots__ = ()

    def values(self) -> dict[str, Any]:
        """The ruling's fields but its event."""
        raise NotImplementedError

    def ruling(self, event: int) -> Ruling:
        """The ruling on event ``event``."""
        return Ruling.model_validate({**self.values(), "event": event})


class Said(Given):
    """A ruling told when it was given: its kind, article, sentence and other fields."""

    __slots__ = ("kind", "article", "text", "fields")

    def __init__(self, kind: str, article: str, text: str, fields: tuple[tuple[str, Any], ...]) -> None:
        self.kind, self.article, self.text, self.fields = kind, article, text, fields

    def values(self) -> dict[str, Any]:
        return {"kind": self.kind, "article": self.article, "text": self.text, **dict(self.fields)}


class Told(Given):
    """A ruling whose sentence :meth:`tell` makes when it is read, in the language ``lang``."""

    __slots__ = ("lang",)
    lang: str

    def values(self) -> dict[str, Any]:
        with use_language(self.lang):
            return self.tell()

    def tell(self) -> dict[str, Any]:
        """The ruling's fields but its event, its sentence in the language in force."""
        raise NotImplementedError


class Made(Told):
    """``made`` (4.7): ``color`` made ``move``, written ``san``."""

    __slots__ = ("color", "move", "san")

    def __init__(self, color: chess.Color, move: chess.Move, san: str) -> None:
        self.color, self.move, self.san, self.lang = color, move, san, current_language()

    def tell(self) -> dict[str, Any]:
        return {"kind": "made", "article": "4.7", "text": texts.made(self.color, self.san),
                "player": chess.COLOR_NAMES[self.color], "move": self.move.uci(), "san": self.san}


class Completed(Told):
    """``completed`` (6.2.1, 6.2.1.1, 6.2.1.2): ``color``'s ``move`` is completed."""

    __slots__ = ("color", "move", "completed_by")

    def __init__(self, color: chess.Color, move: chess.Move, article: str) -> None:
        self.color, self.move, self.completed_by, self.lang = color, move, article, current_language()

    def tell(self) -> dict[str, Any]:
        return {"kind": "completed", "article": self.completed_by,
                "text": texts.completed(self.color, self.completed_by),
                "player": chess.COLOR_NAMES[self.color], "move": self.move.uci()}


class MustMove(Told):
    """``obligation`` (4.3.1, 4.3.3): ``color`` touched the piece of type ``piece`` on ``square``
    and must move it."""

    __slots__ = ("color", "bound_by", "square", "piece")

    def __init__(self, color: chess.Color, article: str, square: chess.Square, piece: chess.PieceType | None) -> None:
        self.color, self.bound_by, self.square, self.piece = color, article, square, piece
        self.lang = current_language()

    def tell(self) -> dict[str, Any]:
        return {"kind": "obligation", "article": self.bound_by,
                "text": texts.touched_must_move(self.color, self.piece, self.square),
                "player": chess.COLOR_NAMES[self.color], "must": "move", "square": chess.square_name(self.square)}


class MustCapture(MustMove):
    """``obligation`` (4.3.3): ``color`` touched the piece on ``square`` and must capture it with
    his piece of type ``capturer`` on ``with_``."""

    __slots__ = ("with_", "capturer")

    def __init__(self, color: chess.Color, article: str, square: chess.Square, piece: chess.PieceType | None,
                 with_: chess.Square, capturer: chess.PieceType | None) -> None:
        super().__init__(color, article, square, piece)
        self.with_, self.capturer = with_, capturer

    def tell(self) -> dict[str, Any]:
        return {"kind": "obligation", "article": self.bound_by,
                "text": texts.touched_must_capture(self.color, self.piece, self.square, self.capturer, self.with_),
                "player": chess.COLOR_NAMES[self.color], "must": "capture", "square": chess.square_name(self.square),
                "with": chess.square_name(self.with_)}


class RulingLog(Sequence[Ruling]):
    """The rulings of a game, kept compactly: per ruling its event and a :class:`Given`; the
    :class:`Ruling` (and its sentence) is made each time one is read. A slice is a log too."""

    __slots__ = ("_given", "_events", "_numbering")

    def __init__(self, given: list[Given] | None = None, events: array[int] | None = None,
                 numbering: dict[str, str] | None = None) -> None:
        self._given: list[Given] = given if given is not None else []
        #: The events' numbers, four bytes each.
        self._events: array[int] = events if events is not None else array("i")
        #: The edition's numbers of the articles the code cites by their 2023 numbers (empty: 2023).
        self._numbering = numbering or {}

    def _ruling(self, given: Given, event: int) -> Ruling:
        ruling = given.ruling(event)
        if ruling.article in self._numbering:
            return ruling.model_copy(update={"article": self._numbering[ruling.article]})
        return ruling

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
        if isinstance(index, slice):  # every event asks for its rulings so (issue 36): no __init__
            part = RulingLog.__new__(RulingLog)
            part._given, part._events, part._numbering = self._given[index], self._events[index], self._numbering
            return part
        if self._numbering:
            return self._ruling(self._given[index], self._events[index])
        return self._given[index].ruling(self._events[index])

    def __iter__(self) -> Iterator[Ruling]:
        if self._numbering:  # an older edition: each article as it numbers it
            for given, event in zip(self._given, self._events, strict=True):
                yield self._ruling(given, event)
            return
        for given, event in zip(self._given, self._events, strict=True):
            yield given.ruling(event)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"RulingLog({list(self)!r})"
