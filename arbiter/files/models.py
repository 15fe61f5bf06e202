"""The file formats as pydantic models: a scenario file (FORMAT §1, §4) and an incident report
(FORMAT §5) as written, each key checked (``extra="forbid"``), before any of it is played."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from arbiter.core.i18n import _
from arbiter.core.modelerrors import Number, TextOrNumber, TextOrWhole, Whole
from arbiter.core.notation import language
from arbiter.laws.editions import edition
from arbiter.laws.rulings import RulingFields

#: A time as a file writes it: a number of seconds, or ``"M:SS"``, ``"H:MM:SS"`` (read later by
#: :func:`arbiter.core.clock.parse_duration`).
Duration = TextOrNumber


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartModel(_Strict):
    fen: str | None = None
    moves: str | list[str] | None = None
    pgn: str | None = None
    #: The pieces as they were set up when the game began (a FEN placement), White to move:
    #: the game's initial position, right or wrong (7.2.1).
    set_up: str | None = None

    @model_validator(mode="after")
    def _pgn_alone(self) -> StartModel:
        if self.pgn is not None and (self.fen is not None or self.moves is not None or self.set_up is not None):
            raise ValueError(_("start takes either pgn, or fen and moves, or set_up and moves"))
        if self.set_up is not None and self.fen is not None:
            raise ValueError(_("start takes either fen or set_up, not both"))
        return self


class DeviceModel(_Strict):
    """The penalty for an electronic device (11.3.2): the Laws' loss or the regulations' lesser one."""

    penalty: Literal["loss", "warning", "time-to-opponent", "time-from-offender"] = "loss"
    seconds: Number | None = None

    @model_validator(mode="after")
    def _seconds_for_time(self) -> DeviceModel:
        if self.penalty.startswith("time") and (self.seconds is None or self.seconds <= 0):
            raise ValueError(_("penalty {penalty} needs seconds, a positive number").format(penalty=self.penalty))
        return self


class RegulationsModel(_Strict):
    """What the event regulations set where the Laws leave it to them."""

    #: 6.7.1: how late a player may arrive at the board (default zero).
    default_time: Duration = 0
    device: DeviceModel = DeviceModel()


class ClockModel(_Strict):
    white: Duration | None = None
    black: Duration | None = None


class EventModel(_Strict):
    white: str | None = None
    black: str | None = None
    at: Duration | None = None
    hand: Literal["left", "right"] | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _one_actor(self) -> EventModel:
        if (self.white is None) == (self.black is None):
            raise ValueError(_("an event has exactly one actor key, white or black"))
        return self


class ExpectModel(_Strict):
    rulings: list[RulingFields] = []
    absent: list[RulingFields] = []
    fen: str | None = None
    board: str | None = None
    to_move: Literal["white", "black"] | None = None
    must: RulingFields | None = None
    result: Literal["1-0", "0-1", "1/2-1/2", "0-0", "*"] | None = None
    reason: str | None = None
    clock: ClockModel | None = None


class ReportModel(_Strict):
    """Who, where, when (FORMAT §5)."""

    event: str | None = None
    round: TextOrNumber | None = None
    board: TextOrWhole | None = None
    date: dt.date | str | None = None
    white: str | None = None
    black: str | None = None
    arbiter: str | None = None
    account: str | None = None


class ArbiterRulingModel(_Strict):
    """What the tournament arbiter decided (FORMAT §5)."""

    rulings: list[RulingFields] = []
    result: Literal["1-0", "0-1", "1/2-1/2", "0-0", "*"] | None = None
    reason: str | None = None
    fen: str | None = None
    clock: ClockModel | None = None


class QuizModel(_Strict):
    """A quiz question on the scenario (docs/quiz.md)."""

    after: Whole
    question: str
    choices: list[str]
    answer: Whole
    explain: str

    @model_validator(mode="after")
    def _answer_is_a_choice(self) -> QuizModel:
        if len(self.choices) < 2:
            raise ValueError(_("a quiz question needs at least two choices"))
        if not 1 <= self.answer <= len(self.choices):
            raise ValueError(_("answer is the number of a choice, 1 to {count}").format(count=len(self.choices)))
        if self.after < 0:
            raise ValueError(_("after is an event count, 0 or more"))
        return self


class ScenarioFile(_Strict):
    """A scenario file (FORMAT §1) or an incident report (FORMAT §5) as written."""

    title: str | None = None
    report: ReportModel | None = None
    ruling: ArbiterRulingModel | None = None
    #: For the project's own example reports: the verdict the report should get.
    expect_verdict: Literal["consistent", "inconsistent", "invalid"] | None = None
    source: str | None = None
    #: The language of the file's moves (docs/notation.md); English by default.
    notation: str | None = None
    ruleset: Literal["standard", "rapid", "blitz"] | None = None
    #: The edition of the Laws (``rules/editions.yaml``): by default the one in force on the
    #: report's date, else the current one (docs/editions.md).
    laws: TextOrWhole | None = None
    supervision: Literal["full", "partial"] = "partial"
    arbiter: Literal["watching", "called"] = "watching"
    #: 7.2.2: the board as placed: ``wrong`` when the corner square on each player's right is dark.
    orientation: Literal["right", "wrong"] = "right"
    #: 7.3: ``reversed`` when each player has the other's colour.
    colours: Literal["right", "reversed"] = "right"
    regulations: RegulationsModel | None = None
    start: StartModel | None = None
    time_control: str | int | None = None
    clock: ClockModel | None = None
    events: list[EventModel] = []
    expect: ExpectModel | None = None
    quiz: QuizModel | None = None

    @field_validator("notation")
    @classmethod
    def _known_notation(cls, value: str | None) -> str | None:
        return language(value).code if value is not None else None

    @field_validator("laws")
    @classmethod
    def _known_edition(cls, value: str | int | None) -> str | None:
        return edition(value).name if value is not None else None

    @field_validator("title")
    @classmethod
    def _one_line(cls, value: str | None) -> str | None:
        if value is not None and (not value.strip() or "\n" in value.strip()):
            raise ValueError(_("the title is one non-empty line"))
        return value

    @property
    def name(self) -> str:
        """The title, or for a report without one, its event and account."""
        if self.title:
            return self.title
        report = self.report or ReportModel()
        return " - ".join(str(part) for part in (report.event, report.account) if part) or "incident report"

