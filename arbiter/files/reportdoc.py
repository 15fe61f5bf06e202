"""The incident report as a Markdown document an arbiter can attach to the tournament report."""

from __future__ import annotations

import errno
from pathlib import Path

import chess
import chess.svg

from arbiter.laws.editions import edition_article

from arbiter.core.boardtext import board_text
from arbiter.core.clock import format_duration
from arbiter.core.errors import UnknownArticleError
from arbiter.core.i18n import _, code_words, current_language, pgettext
from arbiter.files.scenario import Scenario
from arbiter.files.sentences import difference_sentence, laws_sentence, ruling_sentence, setting_sentence
from arbiter.files.validate import Validation
from arbiter.laws.texts import event_words


def markdown(scenario: Scenario, result: Validation, svg: str | None = None) -> str:
    """The document: header, account, the position before the incident, the timeline, the
    verdict with each difference, and the text of every article cited, in the language in force
    (the report's own words, its events as the file writes them in English, its rulings and the
    values of the contract as data)."""
    spec = scenario.spec
    report = spec.report
    lines = ["# " + _("Incident report: {title}").format(title=spec.name), ""]
    if report is not None:
        rows = [(_("Event"), report.event), (_("Round"), report.round), (_("Board"), report.board),
                (_("White"), report.white), (_("Black"), report.black), (_("Arbiter"), report.arbiter),
                (_("Date"), report.date)]
        lines += ["| | |", "|---|---|", *[f"| {key} | {value} |" for key, value in rows if value is not None], ""]
        if report.account:
            lines += ["## " + _("Account"), "", str(report.account).strip(), ""]
    lines += ["## " + _("The position before the incident"), "", setting_sentence(scenario),
              "", laws_sentence(scenario),
              "", f"FEN `{scenario.start.fen()}`", "", "```",
              board_text(scenario.start.standing, indent=""), "```", ""]
    if svg is not None:
        lines += ["![" + _("The position") + f"]({svg})", ""]
    headers = timeline_headers()
    lines += ["## " + _("What happened, and what the Laws say"), "", timeline_legend(), "",
              "| " + " | ".join(headers) + " |", "|---|---|---|---|---|---|"]
    notation = scenario.settings.output_notation or scenario.settings.notation
    for index, (text, at, clock, given) in enumerate(result.timeline):
        when = format_duration(at) if at is not None else ""
        clocks = f"{clock['white']} | {clock['black']}" if clock else " | "
        said = "<br>".join(f"{pgettext('kind', r.kind)} ({r.article}): {r.text}" for r in given) or "-"
        words = event_words(scenario.events[index], notation) if index < len(scenario.events) else text
        lines.append(f"| {index} | {when} | `{words}` | {clocks} | {said} |")
    lines += ["", "## " + _("What the tournament arbiter ruled"), "", *arbiter_ruling(scenario), ""]
    lines += ["## " + _("Verdict"), "", f"**{pgettext('verdict', result.verdict)}**", ""]
    lines += [f"- {difference_sentence(difference)}" for difference in result.differences]
    if result.differences:
        lines.append("")
    cited = cited_articles(result)
    lines += ["## " + _("The articles cited"), ""]
    for number in cited:
        try:
            article = edition_article(scenario.settings.laws, number, current_language())
        except UnknownArticleError:
            continue
        lines += [f"**{article.number} {article.title}.** {article.text}", ""]
    if appendix := mating_lines(result):
        lines += ["## " + _("Appendix: the mating lines"), "", *[f"- {line}" for line in appendix], ""]
    return "\n".join(lines).rstrip() + "\n"


def mating_lines(result: Validation) -> list[str]:
    """The helpmate lines the Laws' rulings rest on, each introduced by its event and ruling:
    the rulings' sentences only say how long they are (issue 31), the appendix gives them."""
    return [_("event {event}, {kind} ({article}): {line}").format(
                event=ruling.event, kind=pgettext("kind", ruling.kind), article=ruling.article, line=ruling.line)
            for ruling in result.rulings if ruling.line]


def cited_articles(result: Validation) -> list[str]:
    """The numbers of the articles a validated report's document quotes: every one its rulings or
    differences cite, in order."""
    return sorted({r.article for r in result.rulings} | {d.article for d in result.differences if d.article != "-"})


def timeline_headers() -> tuple[str, ...]:
    """The timeline's headers in the language in force (:func:`timeline_legend` says what its
    times and clocks are)."""
    return ("#", _("time"), pgettext("timeline", "event"), _("White's clock"), _("Black's clock"), _("rulings"))


def timeline_legend() -> str:
    """What the timeline's times are: a time since the events began, and clock readings."""
    return _("The time of an event is counted from the beginning of the events; a clock is what it read "
             "after the event.")


def arbiter_ruling(scenario: Scenario) -> list[str]:
    """The report's ``ruling:`` block as Markdown list items, in the language in force: each
    ruling listed (as data), then the result, the position and the clocks the arbiter gave."""
    ruling = scenario.spec.ruling
    if ruling is None:
        return ["- " + _("no ruling given")]
    items = [f"- {ruling_sentence(listed.as_dict())}." for listed in ruling.rulings]
    # a result listed among the rulings as well is said once
    said = any(listed.kind == "result" and listed.result == ruling.result and ruling.reason in (None, listed.reason)
               for listed in ruling.rulings)
    if ruling.result is not None and not said:
        items.append(f"- {ruling_sentence({'kind': 'result', 'result': ruling.result, 'reason': ruling.reason})}.")
    elif ruling.reason is not None:
        items.append("- " + _("reason: {reason}").format(reason=code_words("reason", ruling.reason)))
    if ruling.fen is not None:
        items.append("- " + _("the game goes on from FEN {fen}").format(fen=f"`{ruling.fen.strip()}`"))
    if ruling.clock is not None:
        shown = [(_("White {clock}") if name == "white" else _("Black {clock}")).format(clock=value)
                 for name in ("white", "black") if (value := getattr(ruling.clock, name)) is not None]
        items.append("- " + _("clocks: {clocks}").format(clocks=", ".join(shown)))
    return items or ["- " + _("nothing listed")]


def targets(report: str | Path, out: Path) -> tuple[Path, Path]:
    """Where :func:`write_files` writes the report file ``report``'s document and its position:
    ``out/<report>.md`` and ``out/<report>.svg``."""
    stem = Path(report).stem
    return out / f"{stem}.md", out / f"{stem}.svg"


def write_files(scenario: Scenario, result: Validation, out: Path, overwrite: bool = False) -> Path:
    """``out/<report>.md`` and the position as ``out/<report>.svg`` (made with chess.svg); the
    Markdown file's path.

    :raises FileExistsError: if either file exists and ``overwrite`` is not given; neither is
        then written.
    :raises OSError: if ``out`` cannot be made or a file cannot be written.
    """
    document, svg = targets(scenario.path, out)
    text = markdown(scenario, result, svg.name)  # made before anything is written: a failure writes nothing
    picture = chess.svg.board(chess.Board(scenario.start.fen()), size=360)
    out.mkdir(parents=True, exist_ok=True)
    if not overwrite:
        for target in (document, svg):
            if target.exists() or target.is_symlink():
                raise FileExistsError(errno.EEXIST, "the file exists", str(target))
    mode = "w" if overwrite else "x"  # "x": a file that appeared since the check is not replaced either
    with svg.open(mode, encoding="utf-8") as handle:
        handle.write(picture)
    with document.open(mode, encoding="utf-8") as handle:
        handle.write(text)
    return document
