"""The incident report as a Markdown document an arbiter can attach to the tournament report."""

from __future__ import annotations

import errno
from pathlib import Path

import chess
import chess.svg

from arbiter.laws import articles as laws

from arbiter.core.boardtext import board_text
from arbiter.core.clock import format_duration
from arbiter.core.errors import UnknownArticleError
from arbiter.files.scenario import Scenario
from arbiter.files.validate import Validation, fields_text


def markdown(scenario: Scenario, result: Validation, svg: str | None = None) -> str:
    """The document: header, account, the position before the incident, the timeline, the
    verdict with each difference, and the text of every article cited."""
    spec = scenario.spec
    report = spec.report
    lines = [f"# Incident report: {spec.name}", ""]
    if report is not None:
        rows = [("Event", report.event), ("Round", report.round), ("Board", report.board),
                ("White", report.white), ("Black", report.black), ("Arbiter", report.arbiter), ("Date", report.date)]
        lines += ["| | |", "|---|---|", *[f"| {key} | {value} |" for key, value in rows if value is not None], ""]
        if report.account:
            lines += ["## Account", "", str(report.account).strip(), ""]
    settings = scenario.settings
    control = scenario.control.text if scenario.control else "none"
    lines += ["## The position before the incident", "",
              f"Ruleset {settings.ruleset} (supervision {settings.supervision}), arbiter {settings.arbiter}, "
              f"time control {control}.", "", f"FEN `{scenario.start.fen()}`", "", "```",
              board_text(scenario.start.standing, indent=""), "```", ""]
    if svg is not None:
        lines += [f"![The position]({svg})", ""]
    lines += ["## What happened, and what the Laws say", "",
              "| # | time | event | White's clock | Black's clock | rulings |", "|---|---|---|---|---|---|"]
    for index, (text, at, clock, given) in enumerate(result.timeline):
        when = format_duration(at) if at is not None else ""
        clocks = f"{clock['white']} | {clock['black']}" if clock else " | "
        said = "<br>".join(f"{r.kind} ({r.article}): {r.text}" for r in given) or "-"
        lines.append(f"| {index} | {when} | `{text}` | {clocks} | {said} |")
    lines += ["", "## What the tournament arbiter ruled", "", *arbiter_ruling(scenario), ""]
    lines += ["## Verdict", "", f"**{result.verdict}**", ""]
    lines += [f"- {difference.text}" for difference in result.differences]
    if result.differences:
        lines.append("")
    cited = cited_articles(result)
    lines += ["## The articles cited", ""]
    for number in cited:
        try:
            article = laws.article(number)
        except UnknownArticleError:
            continue
        lines += [f"**{article.number} {article.title}.** {article.text}", ""]
    return "\n".join(lines).rstrip() + "\n"


def cited_articles(result: Validation) -> list[str]:
    """The numbers of the articles a validated report's document quotes: every one its rulings or
    differences cite, in order."""
    return sorted({r.article for r in result.rulings} | {d.article for d in result.differences if d.article != "-"})


def arbiter_ruling(scenario: Scenario) -> list[str]:
    """The report's ``ruling:`` block as Markdown list items: each ruling listed, then the
    result, the position and the clocks the arbiter gave."""
    ruling = scenario.spec.ruling
    if ruling is None:
        return ["- no ruling given"]
    items = [f"- `{fields_text(listed.as_dict())}`" for listed in ruling.rulings]
    if ruling.result is not None:
        items.append(f"- result `{ruling.result}`" + (f" ({ruling.reason})" if ruling.reason else ""))
    elif ruling.reason is not None:
        items.append(f"- reason: {ruling.reason}")
    if ruling.fen is not None:
        items.append(f"- the game goes on from FEN `{ruling.fen.strip()}`")
    if ruling.clock is not None:
        shown = [f"{name.capitalize()} {value}" for name in ("white", "black")
                 if (value := getattr(ruling.clock, name)) is not None]
        items.append(f"- clocks: {', '.join(shown)}")
    return items or ["- nothing listed"]


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
