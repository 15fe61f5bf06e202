"""Incident reports (FORMAT §5): replay what happened and compare the arbiter's ruling with the Laws'.

Every ruling the arbiter listed must be one the Laws give; every remedy the Laws give (a claim's
verdict, a reinstated position, a time change, a replaced piece, a result) must be among the
arbiter's; a given result, position or clock must be the one the Laws reach. One listed (partial)
ruling may match several of the Laws' rulings, and order is not compared.
"""

from __future__ import annotations

from fractions import Fraction

from dataclasses import dataclass, field
from typing import Any, Literal

import chess

from arbiter.core.i18n import _, code_words

from arbiter.core.clock import ZERO, exact, format_duration, parse_duration
from arbiter.core.errors import ScenarioError
from arbiter.laws.referee import Referee
from arbiter.laws.rulings import Ruling, RulingFields
from arbiter.files.models import ArbiterRulingModel
from arbiter.files.scenario import Scenario, replay_event

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
    #: The Laws' own sentence of the ruling they give (the ruling's text), said after the difference
    #: where it is told in a sentence of its own (``validate``'s text); empty where they give none.
    why: str = ""

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
    timeline: list[tuple[str, Fraction | None, dict[str, str] | None, list[Ruling]]] = field(default_factory=list)
    #: The edition of the Laws the report was ruled by (:meth:`Scenario.laws_fields`).
    laws: dict[str, str] | None = None


def validate(scenario: Scenario) -> Validation:
    """Replay the report and compare; an impossible event makes the report invalid, and so does
    a file that is not an incident report (a scenario: no ``report:`` or no ``ruling:``)."""
    not_a_report = why_not_a_report(scenario)
    if not_a_report is not None:
        return Validation("invalid", error=ScenarioError(scenario.path, 1, not_a_report))
    referee = scenario.new_referee()
    timeline = []
    for index, event in enumerate(scenario.events):
        try:
            given = replay_event(scenario.path, referee, index, event)
        except ScenarioError as error:  # an InternalError too: the command line tells them apart
            return Validation("invalid", error=error, rulings=list(referee.rulings), referee=referee,
                              laws=scenario.laws_fields())
        timeline.append((event.describe(), event.at, referee.clock.reading(), given))
    judged_late = referee.end_of_events()
    if judged_late and timeline:  # ruled on the last event: shown with it
        text, at, clock, given = timeline[-1]
        timeline[-1] = (text, at, clock, [*given, *judged_late])
    ruling = scenario.spec.ruling or ArbiterRulingModel()
    given_all = list(referee.rulings)  # each read of the log makes its rulings anew
    chosen = Penalties.of(ruling.rulings, given_all)
    differences = compare(chosen.rest, given_all) + chosen.differences + _final(ruling, referee, chosen)
    verdict: Verdict = "inconsistent" if differences else "consistent"
    return Validation(verdict, differences, given_all, referee=referee, timeline=timeline,
                      laws=scenario.laws_fields())


def why_not_a_report(scenario: Scenario) -> str | None:
    """Why the file is not an incident report (FORMAT §5: ``report:`` says who, where and when,
    ``ruling:`` what the tournament arbiter decided), or None if it is one."""
    spec = scenario.spec
    if spec.report is not None and spec.ruling is not None:
        return None
    if spec.report is None and spec.ruling is None:
        why = _("not an incident report: it has no report: (who, where, when) and no ruling: (what the tournament "
                "arbiter decided)")
    elif spec.report is None:
        why = _("not an incident report: it has no report: (who, where, when)")
    else:
        why = _("not an incident report: it has no ruling: (what the tournament arbiter decided)")
    if spec.expect is not None or spec.report is None:
        why += _("; a scenario file is checked with `arbiter run`")
    return why


def fields_text(fields: dict[str, Any]) -> str:
    """Ruling fields as the texts write them: ``{kind: time, player: black, seconds: 60}``."""
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
            text = _("the arbiter ruled {ruled}; the Laws give {laws} ({article}: {text})").format(
                ruled=fields_text(shown), laws=fields_text(laws), article=partner.article, text=partner.text)
            differences.append(Difference(shown, laws, partner.article, text, partner.text))
        else:
            text = _("the arbiter ruled {ruled}; the Laws give no such ruling").format(ruled=fields_text(shown))
            differences.append(Difference(shown, None, item.article or "-", text))
    for ruling in missing:
        laws = _brief(ruling)
        text = _("the arbiter did not rule {laws}; the Laws give it ({article}: {text})").format(
            laws=fields_text(laws), article=ruling.article, text=ruling.text)
        differences.append(Difference(None, laws, ruling.article, text, ruling.text))
    return differences


#: The listed kinds that may be a penalty of the arbiter's choice (12.9) rather than one the Laws fix.
_CHOSEN_KINDS = ("penalty", "warning", "time")


def _offender(item: RulingFields) -> chess.Color | None:
    """Whom a 12.9 penalty punishes: the player warned or penalised, or the one whose opponent
    gets time (``time`` with positive seconds) or who loses time (negative seconds)."""
    if item.player is None:
        return None
    color = chess.WHITE if item.player == "white" else chess.BLACK
    gives_opponent_time = (item.kind == "time" and (item.seconds is None or item.seconds > 0))
    return (not color) if gives_opponent_time else color


def may_be_penalised(given: list[Ruling], offender: chess.Color) -> bool:
    """Whether the Laws' replay saw a breach by ``offender`` that 12.9 leaves to the arbiter to
    penalise: any ``violation`` except the illegal moves of 7.5, whose penalty 7.5.5 fixes."""
    name = chess.COLOR_NAMES[offender]
    return any(r.kind == "violation" and r.player == name and not (r.article == "7.5" or r.article.startswith("7.5."))
               for r in given)


@dataclass
class Penalties:
    """The arbiter's listed rulings split: the 12.9 penalties he chose (accepted when the Laws saw
    a breach to penalise), the differences of the others, and the rest to compare as usual."""

    accepted: list[RulingFields] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    rest: list[RulingFields] = field(default_factory=list)

    @classmethod
    def of(cls, listed: list[RulingFields], given: list[Ruling]) -> Penalties:
        split = cls()
        for item in listed:
            chosen = item.kind in _CHOSEN_KINDS and (item.kind == "penalty" or item.article in (None, "12.9"))
            if not chosen or any(item.matches(ruling) for ruling in given):
                split.rest.append(item)
                continue
            if item.kind == "time" and item.article is None:
                split.rest.append(item)  # a time change without 12.9 is one the Laws would have to give
                continue
            offender = _offender(item)
            if offender is not None and may_be_penalised(given, offender):
                split.accepted.append(item)
                continue
            if offender is None:
                text = _("the arbiter penalised under 12.9 {ruled}; the Laws see no breach by the player that "
                         "12.9 may penalise")
            elif offender == chess.WHITE:
                text = _("the arbiter penalised under 12.9 {ruled}; the Laws see no breach by White that 12.9 may "
                         "penalise")
            else:
                text = _("the arbiter penalised under 12.9 {ruled}; the Laws see no breach by Black that 12.9 may "
                         "penalise")
            text = text.format(ruled=fields_text(item.as_dict()))
            split.differences.append(Difference(item.as_dict(), None, "12.9", text))
        return split

    def clock_change(self, color: chess.Color) -> Fraction:
        """The seconds the accepted penalties add to ``color``'s clock, exactly."""
        name, total = chess.COLOR_NAMES[color], ZERO
        for item in self.accepted:
            seconds = exact(item.seconds or 0)
            if item.kind == "time" and item.player == name:
                total += seconds
            elif item.kind == "penalty" and item.penalty in ("time-to-opponent", "time-from-offender"):
                offender = item.player == name
                if item.penalty == "time-to-opponent" and not offender:
                    total += abs(seconds)
                elif item.penalty == "time-from-offender" and offender:
                    total -= abs(seconds)
        return total

    def declared_lost(self) -> chess.Color | None:
        """The player whose game an accepted 12.9 penalty declared lost, if any."""
        for item in self.accepted:
            if item.kind == "penalty" and item.penalty == "loss" and item.player is not None:
                return chess.WHITE if item.player == "white" else chess.BLACK
        return None


def _final(ruling: ArbiterRulingModel, referee: Referee, chosen: Penalties | None = None) -> list[Difference]:
    """A result, position or clock the arbiter gave that the Laws do not reach (with the 12.9
    penalties he chose and may choose)."""
    chosen = chosen or Penalties()
    found = []
    ending = next((r for r in reversed(referee.rulings) if r.kind == "result"), None)
    article = ending.article if ending is not None else "5"
    result, reason = referee.result, referee.reason
    lost = chosen.declared_lost()
    if lost is not None and result == "*":
        result, reason, article = ("0-1" if lost == chess.WHITE else "1-0"), "penalty", "12.9"
    if ruling.result is not None and ruling.result != result:
        if result == "*":
            said = _("the arbiter gave the result {ruled}; by the Laws the game goes on")
        elif ruling.result == "*":
            said = _("the arbiter let the game go on; the Laws give the result {laws}")
        else:
            said = _("the arbiter gave the result {ruled}; the Laws give {laws}")
        found.append(Difference({"result": ruling.result}, {"result": result}, article,
                                said.format(ruled=ruling.result, laws=result)))
    if ruling.reason is not None and ruling.reason != reason:
        said = (_("the arbiter gave the reason {ruled}; the Laws give {laws}") if reason is not None
                else _("the arbiter gave the reason {ruled}; by the Laws the game has not ended"))
        found.append(Difference({"reason": ruling.reason}, {"reason": reason}, article, said.format(
            ruled=code_words("reason", ruling.reason), laws=code_words("reason", str(reason)))))
    if ruling.fen is not None and ruling.fen.strip() != referee.position.fen():
        found.append(Difference({"fen": ruling.fen.strip()}, {"fen": referee.position.fen()}, "7.5.1",
                                _("the position the game goes on from is not the one the Laws give")))
    if ruling.clock is not None and referee.clock.remaining is not None:
        for color in (chess.WHITE, chess.BLACK):
            value = getattr(ruling.clock, chess.COLOR_NAMES[color])
            if value is None:
                continue
            laws = format_duration(referee.clock.remaining[color] + chosen.clock_change(color))
            if format_duration(parse_duration(value)) != laws:
                name = chess.COLOR_NAMES[color]
                should = (_("white's clock should show {laws}, not {ruled}") if color == chess.WHITE
                          else _("black's clock should show {laws}, not {ruled}"))
                found.append(Difference({"clock": {name: value}}, {"clock": {name: laws}}, "7.5.5",
                                        should.format(laws=laws, ruled=value)))
    return found
