"""The JSON bodies the API reads, as pydantic models (``extra="forbid"``): anything else is a 400."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from arbiter.core.i18n import _, ngettext
from arbiter.core.modelerrors import count_of_problems, first_problem

#: Where serde's message on a JSON text that is none says the fault is.
_LINE_COLUMN = re.compile(r"line (\d+) column (\d+)")

#: The longest text of a position field (a FEN, a time control, a notation code).
SHORT = 200
#: The longest move list, scenario text or event line a request may hold (the body is bounded too).
LONG = 1_000_000


class Strict(BaseModel):
    """A request body: unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class NewSession(Strict):
    """``POST /api/sessions``: a position and settings, or a library file, or a scenario's text."""

    fen: str | None = Field(default=None, max_length=SHORT)
    moves: str | None = Field(default=None, max_length=20_000)
    time_control: str | None = Field(default=None, max_length=SHORT)
    ruleset: Literal["standard", "rapid", "blitz"] | None = None
    arbiter: Literal["watching", "called"] | None = None
    notation: str | None = Field(default=None, max_length=SHORT)
    library: str | None = Field(default=None, min_length=1, max_length=1000)
    scenario: str | None = Field(default=None, max_length=LONG)
    #: The edition of the Laws to rule by (a library file or a scenario too: it overrides theirs).
    laws: str | None = Field(default=None, max_length=SHORT)

    @field_validator("laws")
    @classmethod
    def _known_edition(cls, value: str | None) -> str | None:
        from arbiter.laws.editions import edition

        return edition(value).name if value is not None else None

    @model_validator(mode="after")
    def _one_start(self) -> NewSession:
        given = [key for key in ("fen", "moves", "time_control", "ruleset", "arbiter", "notation")
                 if getattr(self, key) is not None]
        if self.library is not None and self.scenario is not None:
            raise ValueError(_("give library or scenario, not both"))
        if (self.library is not None or self.scenario is not None) and given:
            which = "library" if self.library is not None else "scenario"
            raise ValueError(_("{which} takes its position and settings from the file: {keys} not allowed").format(
                which=which, keys=", ".join(given)))
        return self


class EventLine(Strict):
    """``POST /api/sessions/{id}/events``: one event line."""

    line: str = Field(min_length=1, max_length=2000)


class EventLines(Strict):
    """``POST /api/event-lines``: event lines as a person types them in the request's language
    (``црни: помера c8 g4``), to be given back in the files' words (``black: move c8 g4``)."""

    lines: list[str] = Field(max_length=2000)
    notation: str | None = Field(default=None, max_length=SHORT)


class SocketMessage(Strict):
    """A websocket message: an event line or an action."""

    line: str | None = Field(default=None, min_length=1, max_length=2000)
    action: Literal["undo", "restart", "next", "back"] | None = None

    @model_validator(mode="after")
    def _one(self) -> SocketMessage:
        if (self.line is None) == (self.action is None):
            raise ValueError(_("a message is {\"line\": ...} or {\"action\": ...}"))
        return self


def one_line(model: type[BaseModel], err: ValidationError) -> str:
    """A pydantic error of validating ``model`` as one line in the request's language: where, and
    what is wrong (the first problem; a key not allowed before any other)."""
    errors = err.errors()
    loc, message, first = first_problem(model, errors, prefer_unknown_key=True)
    kind = first["type"]
    where = ".".join(str(part) for part in loc)
    if kind == "extra_forbidden":
        message = _("unknown key")
    elif kind == "json_invalid":
        found = _LINE_COLUMN.search(str(first.get("ctx", {}).get("error", "")))
        message = _("not JSON (line {line}, column {column})").format(line=found[1], column=found[2]) \
            if found else _("not JSON")
        where = ""
    elif kind == "model_type":
        message = _("expected a JSON object")
    others = count_of_problems(model, errors) - 1
    more = " " + ngettext("(and {count} more)", "(and {count} more)", others).format(count=others) if others else ""
    return f"{where}: {message}{more}" if where else f"{message}{more}"
