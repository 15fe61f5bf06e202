"""The Laws as data: the articles and the rulesets' numbers, read from ``rules/``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from arbiter.core.clock import TimeControl
from arbiter.core.errors import UnknownArticleError
from arbiter.core.resources import rules_dir
from arbiter.core.yamlsource import SAFE_LOADER


@dataclass(frozen=True)
class Article:
    """One article of the Laws, in our own words."""

    number: str
    title: str
    text: str


@cache
def articles() -> dict[str, Article]:
    """Every article ``rules/articles.yaml`` holds, by number, in the file's order."""
    with open(rules_dir() / "articles.yaml", encoding="utf-8") as handle:
        entries = yaml.load(handle, Loader=SAFE_LOADER)
    return {str(e["article"]): Article(str(e["article"]), e["title"], " ".join(e["text"].split())) for e in entries}


def article(number: str) -> Article:
    """The article ``number``.

    :raises UnknownArticleError: if ``rules/`` does not hold it.
    """
    try:
        return articles()[number]
    except KeyError:
        raise UnknownArticleError(f"unknown article {number!r}") from None


def with_subarticles(number: str) -> list[Article]:
    """The article and every article numbered below it (``4.3`` gives 4.3, 4.3.1, ...).

    :raises UnknownArticleError: if none exists.
    """
    found = [a for n, a in articles().items() if n == number or n.startswith(number + ".")]
    if not found:
        raise UnknownArticleError(f"unknown article {number!r}")
    return found


@cache
def rulesets() -> dict[str, dict[str, Any]]:
    """The rulesets' numbers (``standard``, ``rapid``, ``blitz``)."""
    with open(rules_dir() / "rulesets.yaml", encoding="utf-8") as handle:
        data: dict[str, dict[str, Any]] = yaml.load(handle, Loader=SAFE_LOADER)
    return data


def ruleset_for(control: TimeControl | None) -> str:
    """The ruleset a time control falls under by the definitions A.1 and B.1 (else standard)."""
    if control is None:
        return "standard"
    minutes = control.rapid_blitz_minutes()
    blitz = rulesets()["blitz"]["minutes"]
    rapid = rulesets()["rapid"]["minutes"]
    if minutes <= blitz["up_to"]:
        return "blitz"
    if rapid["above"] < minutes < rapid["below"]:
        return "rapid"
    return "standard"
