"""``arbiter laws``: print the articles of the Laws the arbiter cites (FORMAT §6)."""

from __future__ import annotations

import argparse
import json
import sys

from arbiter.cli import render
from arbiter.cli.render import error_line
from arbiter.core.errors import UnknownArticleError
from arbiter.core.i18n import current_language
from arbiter.laws import articles as laws


def main(args: argparse.Namespace) -> int:
    """Print the article ``args.article`` and the ones below it, or every article, in text or JSON;
    the exit status: 0 printed, 2 unknown article."""
    language = current_language()  # the JSON's title and text too: they are text for people
    try:
        entries = (laws.with_subarticles(args.article, language) if args.article
                   else list(laws.articles(language).values()))
    except UnknownArticleError as err:
        print(error_line(f"arbiter laws: {err}"), file=sys.stderr)
        return 2
    if args.format == "json":
        json.dump([{"article": a.number, "title": a.title, "text": a.text} for a in entries], sys.stdout,
                  indent=1, ensure_ascii=False)
        print()
    else:
        print("\n\n".join(render.article_text(a.number) for a in entries))
    return 0
