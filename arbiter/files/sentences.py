"""Rulings and differences as sentences, for the incident report's documents (Markdown and PDF).

A ruling the arbiter listed, or one the Laws give, is data (``{kind: time, player: black, seconds:
120}``) in the files and in the JSON of ``validate``; a chief arbiter reads the report, so its
documents say it in a sentence of the report's language: "Black is given 2 minutes (7.5.5)".
Each sentence that names a player is held twice, for White and for Black, so that each language
writes it whole (``docs/i18n.md``). Times say what they are: a number of seconds given or taken is
a duration, never a clock reading.
"""

from __future__ import annotations

from typing import Any

from arbiter.core.i18n import N_, _, code_words, ngettext, pgettext
from arbiter.files.scenario import Scenario
from arbiter.files.validate import Difference
from arbiter.laws.editions import edition, written_day

#: The sentences of the rulings that name a player, by kind, for White and for Black.
_OF_PLAYER: dict[str, tuple[str, str]] = {
    "time": (N_("White is given {time}"), N_("Black is given {time}")),
    "time-taken": (N_("White loses {time} of clock time"), N_("Black loses {time} of clock time")),
    "warning": (N_("White is warned"), N_("Black is warned")),
    "violation": (N_("White broke the Laws"), N_("Black broke the Laws")),
    "obligation": (N_("White is bound by what he touched"), N_("Black is bound by what he touched")),
    "made": (N_("White made a move"), N_("Black made a move")),
    "made-move": (N_("White made the move {move}"), N_("Black made the move {move}")),
    "completed": (N_("White's move is completed"), N_("Black's move is completed")),
    "replaced": (N_("White's piece is replaced as the Laws say"), N_("Black's piece is replaced as the Laws say")),
    "penalty": (N_("White is penalised: {penalty}"), N_("Black is penalised: {penalty}")),
    "claim": (N_("White's claim ({claim}) is {verdict}"), N_("Black's claim ({claim}) is {verdict}")),
    "claim-heard": (N_("White's claim ({claim}) is heard"), N_("Black's claim ({claim}) is heard")),
    "claim-unnamed": (N_("White's claim is {verdict}"), N_("Black's claim is {verdict}")),
    "claim-unnamed-heard": (N_("White's claim is heard"), N_("Black's claim is heard")),
}
#: The sentences of the rulings that name no player.
_OF_GAME: dict[str, str] = {
    "result": N_("the result is {result}"),
    "result-reason": N_("the result is {result} ({reason})"),
    "goes-on": N_("the game goes on"),
    "reinstated": N_("the position is set back"),
    "cancelled": N_("the game is cancelled and a new game is played"),
    "transferred": N_("the position is transferred to a board placed correctly"),
    "time": N_("{time} is added to a clock"),
    "other": N_("a ruling of the kind {kind}"),
}
#: The penalties of 12.9, as the object of "is penalised: ...".
_PENALTIES: dict[str, str] = {
    "warning": N_("a warning"),
    "time-to-opponent": N_("time added to the opponent's clock ({time})"),
    "time-from-offender": N_("time taken from the offender's clock ({time})"),
    "score-raised": N_("the opponent's score raised"),
    "score-reduced": N_("the offender's score reduced"),
    "loss": N_("the game declared lost"),
    "fine": N_("a fine"),
    "exclusion": N_("exclusion from the event"),
    "expulsion": N_("expulsion from the event"),
}


def duration(seconds: float) -> str:
    """A number of seconds given or taken, in words: ``2 minutes``, ``1 minute 30 seconds``."""
    whole = int(round(abs(seconds)))
    minutes, rest = divmod(whole, 60)
    parts = []
    if minutes:
        parts.append(ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes))
    if rest or not minutes:
        parts.append(ngettext("{count} second", "{count} seconds", rest).format(count=rest))
    return " ".join(parts)


def ruling_sentence(fields: dict[str, Any], capital: bool = True) -> str:
    """A ruling (listed by the arbiter or given by the Laws, as its fields) in a sentence of the
    language in force, its article after it; ``capital``: its first letter a capital (False for a
    sentence said within another, after a colon)."""
    kind = str(fields.get("kind", ""))
    player = fields.get("player") or fields.get("claimant")
    seconds = fields.get("seconds")
    said: str
    if kind == "time" and player in ("white", "black"):
        key = "time-taken" if seconds is not None and float(seconds) < 0 else "time"
        said = _(_OF_PLAYER[key][player == "black"]).format(time=duration(float(seconds or 0)))
    elif kind == "time":
        said = _(_OF_GAME["time"]).format(time=duration(float(seconds or 0)))
    elif kind == "claim" and player in ("white", "black"):
        named, verdict = fields.get("claim"), fields.get("verdict")
        # A claim the arbiter listed without saying which: no empty brackets in its sentence.
        key = "claim" if named else "claim-unnamed"
        claim = code_words("claim", str(named)) if named else ""
        if verdict:
            said = _(_OF_PLAYER[key][player == "black"]).format(claim=claim, verdict=pgettext("value", verdict))
        else:
            said = _(_OF_PLAYER[key + "-heard"][player == "black"]).format(claim=claim)
    elif kind == "penalty" and player in ("white", "black"):
        penalty = _(_PENALTIES.get(str(fields.get("penalty")), N_("a penalty"))).format(
            time=duration(float(seconds or 0)))
        said = _(_OF_PLAYER["penalty"][player == "black"]).format(penalty=penalty)
    elif kind == "made" and player in ("white", "black") and fields.get("san"):
        said = _(_OF_PLAYER["made-move"][player == "black"]).format(move=fields["san"])
    elif kind in _OF_PLAYER and player in ("white", "black"):
        said = _(_OF_PLAYER[kind][player == "black"])
    elif kind == "result" and fields.get("result") == "*":
        said = _(_OF_GAME["goes-on"])
    elif kind == "result" and fields.get("result"):
        reason = fields.get("reason")
        said = (_(_OF_GAME["result-reason"]).format(result=fields["result"], reason=code_words("reason", reason))
                if reason else _(_OF_GAME["result"]).format(result=fields["result"]))
    elif kind in _OF_GAME:
        said = _(_OF_GAME[kind])
    else:
        said = _(_OF_GAME["other"]).format(kind=pgettext("kind", kind) if kind else "-")
    article = fields.get("article")
    if capital:
        said = said[:1].upper() + said[1:]
    return f"{said} ({article})" if article else said


def difference_sentence(difference: Difference) -> str:
    """A difference between the arbiter's ruling and the Laws', in sentences of the language in
    force. The differences of a result, a reason, a position or a clock are sentences already."""
    ruled, laws = difference.arbiter, difference.laws
    if (ruled is not None and "kind" not in ruled) or (laws is not None and "kind" not in laws):
        said = difference.text
        said = said[:1].upper() + said[1:]
        return said if said.endswith(".") else said + "."
    if ruled is not None and laws is not None:
        return _("The arbiter ruled: {ruled}. The Laws give: {laws}.").format(
            ruled=ruling_sentence(ruled, capital=False),
            laws=ruling_sentence({**laws, "article": difference.article}, capital=False))
    if ruled is not None and difference.article == "12.9":
        return _("The arbiter ruled under 12.9: {ruled}. The Laws see no breach by that player that 12.9 lets "
                 "the arbiter penalise.").format(ruled=ruling_sentence(ruled, capital=False))
    if ruled is not None:
        return _("The arbiter ruled: {ruled}. The Laws give no such ruling.").format(
            ruled=ruling_sentence(ruled, capital=False))
    assert laws is not None
    if laws.get("kind") == "time" and float(laws.get("seconds", 0)) < 0 \
            and not difference.article.startswith(("11.", "12.")):
        # time taken from a player other than for a device (11.3) or a penalty (12.9): the
        # increment of an illegal press taken back, the Arbiters' Manual's practice, not the Laws' words
        return _("The arbiter did not rule: {laws}. The Arbiters' Manual gives it (the Laws leave the clocks "
                 "to the arbiter); this program follows the Manual.").format(
            laws=ruling_sentence({**laws, "article": difference.article}, capital=False))
    return _("The arbiter did not rule: {laws}. The Laws give it.").format(
        laws=ruling_sentence({**laws, "article": difference.article}, capital=False))


#: Where the edition of the Laws came from, said after it (``Scenario.laws_from``).
_LAWS_FROM: dict[str, str] = {
    "command": N_("the edition --laws names"),
    "file": N_("the edition the file names"),
    "date": N_("the edition in force on the report's date, {day}"),
    "default": N_("the edition in force today (the file names no date and no edition)"),
}


def setting_sentence(scenario: Scenario, with_control: bool = True, with_supervision: bool | None = None) -> str:
    """The ruleset, the supervision, how the arbiter follows the game and (``with_control``) the
    time control, one sentence. The supervision is said for rapid and blitz (Appendices A.4,
    A.5, B.2, B.3), or where ``with_supervision`` asks for it (a quiz whose answer depends on it)."""
    settings = scenario.settings
    if with_supervision is None:
        with_supervision = settings.ruleset != "standard"
    words = {"ruleset": pgettext("ruleset", settings.ruleset), "arbiter": pgettext("arbiter", settings.arbiter),
             "supervision": pgettext("supervision", settings.supervision)}
    if with_control:
        words["control"] = scenario.control.text if scenario.control else _("none")
        if with_supervision:
            said = _("Ruleset {ruleset} (supervision {supervision}), arbiter {arbiter}, time control {control}.")
            return said.format(**words)
        return _("Ruleset {ruleset}, arbiter {arbiter}, time control {control}.").format(**words)
    if with_supervision:
        return _("Ruleset {ruleset} (supervision {supervision}), arbiter {arbiter}.").format(**words)
    return _("Ruleset {ruleset}, arbiter {arbiter}.").format(**words)


def laws_sentence(scenario: Scenario) -> str:
    """Which edition of the Laws the file is ruled by, and why: "Ruled by the Laws of Chess of
    2017 (in force from 2017-07-01), in force on the report's date, 2017-12-29." """
    laws = edition(scenario.settings.laws)
    day = written_day(scenario.spec.report.date) if scenario.spec.report is not None else None
    why = _(_LAWS_FROM[scenario.laws_from]).format(day=day.isoformat() if day is not None else "")
    return _("Ruled by the Laws of Chess of {edition} (in force from {since}): {why}.").format(
        edition=laws.name, since=laws.in_force.isoformat(), why=why)
