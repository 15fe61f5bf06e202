"""Rulings: what the arbiter decides, one object each, as FORMAT §3 lays them out."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

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
