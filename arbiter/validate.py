"""Incident reports (FORMAT §5): replay what happened and compare the arbiter's ruling with the Laws'.

Every ruling the arbiter listed must be one the Laws give; every remedy the Laws give (a claim's
verdict, a reinstated position, a time change, a replaced piece, a result) must be among the
arbiter's; a given result, position or clock must be the one the Laws reach. One listed (partial)
ruling may match several of the Laws' rulings, and order is not compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import chess

from arbiter.clock import format_duration, parse_duration
from arbiter.errors import ArbiterError, ScenarioError
from arbiter.referee import Referee
from arbiter.rulings import Ruling, RulingFields
from arbiter.scenario import ArbiterRulingModel, Scenario

Verdict = Literal["consistent", "inconsistent", "invalid"]

#: The kinds of ruling that change the game: the arbiter must have given each one the Laws give.
REMEDIES = ("claim", "reinstated", "time", "replaced", "result")


@dataclass
class Difference:
    """One point where the arbiter's ruling and the Laws' differ; either side may be missing."""

    arbiter: dict[str, Any] | None
    laws: dict[str, Any] | None
    article: str
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"arbiter": self.arbiter, "laws": self.laws, "article": self.article, "text": self.text}


@dataclass
class Validation:
    """A report's verdict, its differences, and the Laws' rulings."""

    verdict: Verdict
    differences: list[Difference] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    error: ScenarioError | None = None
    referee: Referee | None = None
    #: Event by event: (the event as written, its time, the clocks after it, its rulings).
    timeline: list[tuple[str, float | None, dict[str, str] | None, list[Ruling]]] = field(default_factory=list)


def validate(scenario: Scenario) -> Validation:
    """Replay the report and compare; an impossible event makes the report invalid."""
    referee = scenario.new_referee()
    timeline = []
    for index, event in enumerate(scenario.events):
        try:
            given = referee.apply(event, index)
        except ArbiterError as err:
            error = ScenarioError(scenario.path, event.line, f"event {index} ({event.describe()}): {err}")
            return Validation("invalid", error=error, rulings=referee.rulings, referee=referee)
        timeline.append((event.describe(), event.at, referee.clock.reading(), given))
    ruling = scenario.spec.ruling or ArbiterRulingModel()
    differences = compare(ruling.rulings, referee.rulings) + _final(ruling, referee)
    verdict: Verdict = "inconsistent" if differences else "consistent"
    return Validation(verdict, differences, referee.rulings, referee=referee, timeline=timeline)


def _shown(fields: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}"


def _brief(ruling: Ruling, keys: set[str] | None = None) -> dict[str, Any]:
    """The Laws' ruling as the arbiter would have listed it (the same keys if given)."""
    data = {k: v for k, v in ruling.as_dict().items() if k not in ("text", "event")}
    if keys is not None:
        data = {k: v for k, v in data.items() if k in keys or k == "kind"}
    return data


def _same_party(listed: RulingFields, ruling: Ruling) -> bool:
    return all(
        getattr(listed, name) is None or getattr(listed, name) == getattr(ruling, name)
        for name in ("player", "claimant", "claim")
    )


def compare(listed: list[RulingFields], given: list[Ruling]) -> list[Difference]:
    """The differences between the rulings the arbiter listed and the Laws' rulings."""
    extra = [item for item in listed if not any(item.matches(ruling) for ruling in given)]
    missing: list[Ruling] = []
    for ruling in given:  # the same remedy given twice (two reinstatements) is one difference
        if ruling.kind in REMEDIES and not any(item.matches(ruling) for item in listed):
            if all(_brief(ruling) != _brief(other) for other in missing):
                missing.append(ruling)
    differences = []
    for item in extra:
        shown = item.as_dict()
        partner = next((r for r in missing if r.kind == item.kind and _same_party(item, r)), None)
        if partner is not None:
            missing.remove(partner)
            laws = _brief(partner, set(shown))
            text = (f"the arbiter ruled {_shown(shown)}; the Laws give {_shown(laws)} "
                    f"({partner.article}: {partner.text})")
            differences.append(Difference(shown, laws, partner.article, text))
        else:
            text = f"the arbiter ruled {_shown(shown)}; the Laws give no such ruling"
            differences.append(Difference(shown, None, item.article or "-", text))
    for ruling in missing:
        laws = _brief(ruling)
        text = f"the arbiter did not rule {_shown(laws)}; the Laws give it ({ruling.article}: {ruling.text})"
        differences.append(Difference(None, laws, ruling.article, text))
    return differences


def _final(ruling: ArbiterRulingModel, referee: Referee) -> list[Difference]:
    """A result, position or clock the arbiter gave that the Laws do not reach."""
    found = []
    ending = next((r for r in reversed(referee.rulings) if r.kind == "result"), None)
    article = ending.article if ending is not None else "5"
    if ruling.result is not None and ruling.result != referee.result:
        found.append(Difference({"result": ruling.result}, {"result": referee.result}, article,
                                f"the arbiter gave the result {ruling.result}; the Laws give {referee.result}"))
    if ruling.reason is not None and ruling.reason != referee.reason:
        found.append(Difference({"reason": ruling.reason}, {"reason": referee.reason}, article,
                                f"the arbiter gave the reason {ruling.reason}; the Laws give {referee.reason}"))
    if ruling.fen is not None and ruling.fen.strip() != referee.position.fen():
        found.append(Difference({"fen": ruling.fen.strip()}, {"fen": referee.position.fen()}, "7.5.1",
                                "the position the game goes on from is not the one the Laws give"))
    if ruling.clock is not None and referee.clock.remaining is not None:
        for color in (chess.WHITE, chess.BLACK):
            value = getattr(ruling.clock, chess.COLOR_NAMES[color])
            if value is None:
                continue
            laws = format_duration(referee.clock.remaining[color])
            if format_duration(parse_duration(value)) != laws:
                name = chess.COLOR_NAMES[color]
                found.append(Difference({"clock": {name: value}}, {"clock": {name: laws}}, "7.5.5",
                                        f"{name}'s clock should show {laws}, not {value}"))
    return found
