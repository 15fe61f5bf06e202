"""The Laws as data: the articles and the rulesets' numbers, read from ``rules/``."""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml

from arbiter.core.errors import UnknownArticleError, UnknownLanguageError, shown
from arbiter.core.i18n import LANGUAGES as LANGUAGES
from arbiter.core.i18n import _
from arbiter.core.records import Record
from arbiter.core.resources import rules_dir
from arbiter.core.yamlsource import SAFE_LOADER


class Article(Record):
    """One article of the Laws, in our own words."""

    __slots__ = ("number", "title", "text")
    number: str
    title: str
    text: str

    def __init__(self, number: str, title: str, text: str) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "text", text)

    def fields(self) -> dict[str, str]:
        """The article as ``arbiter laws --format json`` and ``/api/laws`` give it."""
        return {"article": self.number, "title": self.title, "text": self.text}


# The languages the articles are held in (LANGUAGES, the program's): English
# (``rules/articles.yaml``), Serbian in Cyrillic (``articles.sr.yaml``) and in Latin script
# (``articles.sr-Latn.yaml``, generated from the Cyrillic), Bulgarian (``articles.bg.yaml``).


def _articles_file(language: str) -> str:
    """The file of ``rules/`` holding the articles in ``language``.

    :raises UnknownLanguageError: if ``language`` is not one of :data:`LANGUAGES`.
    """
    if language not in LANGUAGES:
        raise UnknownLanguageError(
            _("unknown language {language}: the articles are in {languages}").format(
                language=shown(language), languages=", ".join(LANGUAGES)))
    return "articles.yaml" if language == "en" else f"articles.{language}.yaml"


@cache
def articles(language: str = "en") -> dict[str, Article]:
    """Every article ``rules/articles.yaml`` (or its translation into ``language``, one of
    :data:`LANGUAGES`) holds, by number, in the file's order.

    :raises UnknownLanguageError: if ``language`` is not one of :data:`LANGUAGES`.
    """
    with open(rules_dir() / _articles_file(language), encoding="utf-8") as handle:
        entries = yaml.load(handle, Loader=SAFE_LOADER)
    return {str(e["article"]): Article(str(e["article"]), e["title"], " ".join(e["text"].split())) for e in entries}


def article(number: str, language: str = "en") -> Article:
    """The article ``number``, in ``language`` (one of :data:`LANGUAGES`).

    :raises UnknownArticleError: if ``rules/`` does not hold it.
    :raises UnknownLanguageError: if ``language`` is not one of :data:`LANGUAGES`.
    """
    try:
        return articles(language)[number]
    except KeyError:
        raise UnknownArticleError(_("unknown article {number}").format(number=repr(number))) from None


def article_number(text: str) -> str:
    """An article's number as a person types it, as the Laws write it: an appendix's letter or a
    Roman numeral upper case (``a.4`` → ``A.4``, ``iii.4`` → ``III.4``), an item's letter lower
    case (``7.4.A`` → ``7.4.a``, ``b.3.c`` → ``B.3.c``: the editions before 2017 number so)."""
    first, *rest = text.strip().split(".")
    return ".".join([first.upper(), *(part.lower() for part in rest)])


def is_within(number: str, parent: str) -> bool:
    """Whether the article ``number`` is ``parent`` or numbered below it (``4.3.1`` in ``4.3``)."""
    return number == parent or number.startswith(parent + ".")


def with_subarticles(number: str, language: str = "en") -> list[Article]:
    """The article and every article numbered below it (``4.3`` gives 4.3, 4.3.1, ...), in
    ``language`` (one of :data:`LANGUAGES`).

    :raises UnknownArticleError: if none exists.
    :raises UnknownLanguageError: if ``language`` is not one of :data:`LANGUAGES`.
    """
    found = [a for n, a in articles(language).items() if is_within(n, number)]
    if not found:
        raise UnknownArticleError(_("unknown article {number}").format(number=repr(number)))
    return found


@cache
def rulesets() -> dict[str, dict[str, Any]]:
    """The rulesets' numbers (``standard``, ``rapid``, ``blitz``)."""
    with open(rules_dir() / "rulesets.yaml", encoding="utf-8") as handle:
        data: dict[str, dict[str, Any]] = yaml.load(handle, Loader=SAFE_LOADER)
    return data
