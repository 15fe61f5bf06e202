"""``arbiter laws``: print the articles of the Laws the arbiter cites (FORMAT §6), as an edition
numbers and words them (``--laws``), or what changed from one edition to another (``--diff``)."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from arbiter.cli import render
from arbiter.cli.render import error_line
from arbiter.core.errors import UnknownArticleError
from arbiter.core.i18n import N_, _, current_language
from arbiter.laws.articles import article_number, is_within
from arbiter.laws.editions import CURRENT, Change, changes, edition, edition_articles, edition_subarticles

#: How an article changed, as the listing says it.
CHANGE_WORDS = {"added": N_("new"), "removed": N_("removed"), "renumbered": N_("renumbered"),
                "reworded": N_("reworded"), "renumbered-reworded": N_("renumbered and reworded")}


def main(args: argparse.Namespace) -> int:
    """Print the article ``args.article`` and the ones below it, or every article, of the
    edition ``args.laws``, or the changes ``args.diff`` asks for, in text or JSON; the exit
    status: 0 printed, 2 unknown article or edition."""
    if args.article:
        args.article = article_number(args.article)
    if args.diff is not None:
        if args.laws is not None:
            args.usage_error(_("--diff OLD NEW compares two editions: it takes no --laws"))
        return _diff(args)
    language = current_language()  # the JSON's title and text too: they are text for people
    laws = args.laws or CURRENT
    try:
        entries = (edition_subarticles(laws, args.article, language) if args.article
                   else list(edition_articles(laws, language).values()))
    except UnknownArticleError as err:
        print(error_line(f"arbiter laws: {err}"), file=sys.stderr)
        return 2
    if args.format == "json":
        json.dump([a.fields() for a in entries], sys.stdout,
                  indent=1, ensure_ascii=False)
        print()
    else:
        if laws != CURRENT:
            print(_("The Laws of Chess of {edition} (in force from {since}):").format(
                edition=laws, since=edition(laws).in_force.isoformat()) + "\n")
        print("\n\n".join(render.article_text(a.number, edition=laws) for a in entries))
    return 0


def _diff(args: argparse.Namespace) -> int:
    old, new = args.diff
    found = changes(old, new, current_language())
    if args.article:
        wanted = args.article
        found = [c for c in found if any(a is not None and is_within(a.number, wanted) for a in (c.old, c.new))]
    if args.format == "json":
        json.dump({"old": old, "new": new, "changes": [c.fields() for c in found]}, sys.stdout,
                  indent=1, ensure_ascii=False)
        print()
        return 0
    print(_("From the Laws of Chess of {old} (in force from {old_since}) to those of {new} (in force from "
            "{new_since}):").format(old=old, new=new, old_since=edition(old).in_force.isoformat(),
                                    new_since=edition(new).in_force.isoformat()))
    if not found:
        print(_("no article the arbiter cites changed"))
    for change in found:
        print()
        print(_change_text(change, old, new))
    return 0


def _change_text(change: Change, old: str, new: str) -> str:
    """One change: the numbers (``A.4.2 -> A.5.2``), the title, how it changed; then each
    edition's text, where it has one and the text changed."""
    was, now = change.old, change.new
    shown = now or was
    assert shown is not None
    numbers = (f"{was.number} -> {now.number}" if was is not None and now is not None and was.number != now.number
               else shown.number)
    lines = [f"{numbers} {shown.title}  [{_(CHANGE_WORDS[change.kind])}]"]
    if change.kind in ("renumbered",):
        return lines[0]
    for name, article in ((old, was), (new, now)):
        if article is None:
            lines.append("  " + _("{edition}: not in these Laws").format(edition=name))
        else:
            lines.append(textwrap.fill(article.text, width=88, initial_indent=f"  {name}: ",
                                       subsequent_indent="        "))
    return "\n".join(lines)
