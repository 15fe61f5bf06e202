"""``arbiter explain``: narrate a scenario event by event (FORMAT §6)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from arbiter.cli import render
from arbiter.cli.commands.common import internal_error, scenario_files
from arbiter.cli.render import error_line
from arbiter.core.clock import seconds_text
from arbiter.core.i18n import _, library_text, pgettext
from arbiter.core.errors import ArbiterError, InternalError, ScenarioError, event_label
from arbiter.files.scenario import final_state, load, replay_event
from arbiter.files.sentences import laws_sentence


def main(args: argparse.Namespace) -> int:
    """Narrate every file of ``args.files``, in text or JSON; the exit status: 0 narrated, 2 some
    file is invalid (the others are still narrated), 3 a bug of ours."""
    status = 0
    documents: list[dict[str, Any]] = []
    for number, item in enumerate(scenario_files(args.files)):
        lines: list[str] = []
        document: dict[str, Any] = {"file": item.path if isinstance(item, ScenarioError) else str(item)}
        error: ScenarioError | None = item if isinstance(item, ScenarioError) else None
        if isinstance(item, Path):
            lines, document, error = _explain(str(item), args.notation, args.lines, args.laws)
        if args.format == "text" and lines:
            narrated = render.fitted("\n".join(lines).rstrip(), render.terminal_width(sys.stdout))
            print(("\n" if number else "") + narrated)
        if error is not None:
            message = error_line(str(error))
            document = {**document, "error": message}
            if args.format != "json":  # the JSON document holds the error itself
                print(_("INVALID {error}").format(error=message), file=sys.stderr)
            status = max(status, 3 if isinstance(error, InternalError) else 2)
        documents.append(document)
    if args.format == "json":
        one = len(args.files) == 1 and Path(args.files[0]).is_file()  # the v1 form: one document
        json.dump(documents[0] if one else documents, sys.stdout, indent=1, ensure_ascii=False)
        print()
    return status


def _explain(name: str, notation: str | None, with_lines: bool = False,
             laws: str | None = None) -> tuple[list[str], dict[str, Any], ScenarioError | None]:
    """One file narrated: the text lines, the JSON document, and the error that stopped the
    narration (the lines and events so far are kept), if any."""
    lines: list[str] = []
    steps: list[dict[str, Any]] = []
    document: dict[str, Any] = {"file": name, "title": None, "events": steps, "final": None}
    index, event = None, None
    try:
        scenario = load(name, notation, laws)
        referee = scenario.new_referee()
        document["title"] = scenario.spec.name
        lines.append(f"{library_text(scenario.spec.name)}  ({scenario.path})")  # the library's title in the language
        if scenario.spec.source:
            lines.append(_("Source: {source}").format(source=library_text(scenario.spec.source)))
        settings = scenario.settings
        document["laws"] = scenario.laws_fields()
        if scenario.laws_from != "default":
            lines.append(laws_sentence(scenario))
        lines += [_("Ruleset: {ruleset}; arbiter: {arbiter}").format(ruleset=pgettext("ruleset", settings.ruleset),
                                                                     arbiter=pgettext("arbiter", settings.arbiter)),
                  _("Start: {fen}").format(fen=referee.position.fen()),
                  render.board(referee.position.standing), f"  {render.status(referee)}", ""]
        shown_board = referee.position.standing.board_fen()
        for index, event in enumerate(scenario.events):
            over = referee.result != "*"
            given = replay_event(scenario.path, referee, index, event)
            at = "  " + _("at {seconds}s").format(seconds=seconds_text(event.at)) if event.at is not None else ""
            if event.hand:
                at += "  (" + (_("right hand") if event.hand == "right" else _("left hand")) + ")"
            lines.append(f"[{index}] {render.event_words(event, notation)}{at}"
                         + (f"  ({library_text(event.note)})" if event.note else ""))
            if over:
                lines.append("  " + _("the game is over: this has no effect"))
            if referee.position.standing.board_fen() != shown_board:
                shown_board = referee.position.standing.board_fen()
                lines.append(render.board(referee.position.standing))
            lines.append(f"  {render.status(referee)}")
            cited: set[str] = set()
            for item in given:
                lines.append(render.ruling(item, lines=with_lines))
                if item.article not in cited:  # each article's text once per event
                    cited.add(item.article)
                    lines.append(render.article_text(item.article, indent="        ", edition=settings.laws))
            lines.append("")
            steps.append({"event": index, "action": event.describe(), "rulings": [r.as_dict() for r in given],
                          "state": referee.table.state, "effect": not over, "final": final_state(referee)})
        late = referee.end_of_events()  # what waited for a later act, judged on the last event
        if late and steps:
            lines.insert(len(lines) - 1, "\n".join(
                render.ruling(item, lines=with_lines) + "\n"
                + render.article_text(item.article, indent="        ", edition=settings.laws)
                for item in late))
            steps[-1]["rulings"] += [r.as_dict() for r in late]
            steps[-1]["final"] = final_state(referee)
        index, event = None, None
        document["final"] = final_state(referee)
    except ScenarioError as err:
        return lines, document, err
    except ArbiterError as err:  # refused on purpose, but not located: the file is named
        return lines, document, ScenarioError(name, event.line if event is not None else None, str(err))
    except Exception as err:  # noqa: BLE001 - a bug of ours: named at its event, the other files still run
        if event is None or index is None:
            return lines, document, internal_error(name, err)
        message = f"{event_label(index, event.describe())}: " + _("internal error, please report it: {error}").format(
            error=repr(err))
        return lines, document, InternalError(name, event.line, message)
    return lines, document, None
