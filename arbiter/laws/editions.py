"""The editions of the Laws (issue 32): which one a game is ruled by, how it numbers the
articles, and where it rules differently, all read from ``rules/editions.yaml``.

The code cites every article by its number in the Laws of 2023; a game ruled by another edition
shows the number that edition gives it (:meth:`Edition.cite`). An article only an older edition
has is cited by a key ``<edition>/<number>`` the edition's ``numbers`` resolve.
"""

from __future__ import annotations

from fractions import Fraction

import copy
import datetime as dt
import re
from functools import cache
from typing import Any, Literal

import yaml

from arbiter.core.clock import TimeControl
from arbiter.core.errors import UnknownArticleError, UnknownEditionError, shown
from arbiter.core.i18n import _
from arbiter.core.records import Record
from arbiter.core.resources import rules_dir
from arbiter.core.yamlsource import SAFE_LOADER
from arbiter.laws.articles import Article, article, articles, is_within, rulesets, with_subarticles

#: The edition a game is ruled by when nothing says otherwise.
CURRENT = "2023"

Fivefold = Literal["none", "consecutive", "any"]


class Edition(Record):
    """One edition of the Laws: when it applied, how it numbers articles, how it rules."""

    __slots__ = ("name", "in_force", "until", "title", "source", "numbers", "absent", "rulings", "overrides")
    name: str
    in_force: dt.date
    #: The last day it applied (None: it applies today).
    until: dt.date | None
    title: str
    source: str
    #: The 2023 number (or a key ``<edition>/<number>``) -> this edition's number, where they differ.
    numbers: dict[str, str]
    #: The 2023 articles this edition does not have.
    absent: frozenset[str]
    rulings: dict[str, Any]
    #: The numbers of ``rules/rulesets.yaml`` this edition changes, by ruleset.
    overrides: dict[str, dict[str, Any]]

    def __init__(self, name: str, in_force: dt.date, until: dt.date | None, title: str, source: str,
                 numbers: dict[str, str], absent: frozenset[str], rulings: dict[str, Any],
                 overrides: dict[str, dict[str, Any]]) -> None:
        for slot, value in zip(self.__slots__, (name, in_force, until, title, source, numbers, absent, rulings,
                                                overrides), strict=True):
            object.__setattr__(self, slot, value)

    def cite(self, article: str) -> str:
        """The number this edition gives the article the code cites as ``article``."""
        return self.numbers.get(article, article)

    @property
    def is_current(self) -> bool:
        """Whether this is the edition in force today (the default)."""
        return self.name == CURRENT

    def ends_by_fivefold(self, plies: list[int]) -> bool:
        """Whether a position present a fifth time ends the game by this edition (9.6.1), given
        where in the game it occurred (``plies``, in order): any fifth occurrence (2018 on), only
        five in a row over consecutive alternate moves by each player, every fourth half-move (2014
        to 2017, docs/readings.md), or never (2009)."""
        rule = self.fivefold
        if rule == "consecutive":
            last = plies[-5:]
            return len(last) == 5 and all(later - earlier == 4 for earlier, later in zip(last, last[1:], strict=False))
        return rule == "any"

    @property
    def fivefold(self) -> Fivefold:
        """How the fivefold repetition ends the game (9.6.1): not at all, only over five
        consecutive alternate moves by each player (2014 to 2017), or at any fifth occurrence."""
        value: Fivefold = self.rulings["fivefold"]
        return value

    def rules(self, name: str) -> bool:
        """Whether the edition has the rule ``name`` of its ``rulings`` (a yes-or-no one)."""
        return bool(self.rulings[name])

    def ruleset(self, name: str) -> dict[str, Any]:
        """The numbers of the ruleset ``name`` (``rules/rulesets.yaml``) as this edition sets them."""
        return _merged(self.name, name)

    def __repr__(self) -> str:
        return f"Edition({self.name!r})"


@cache
def editions() -> dict[str, Edition]:
    """Every edition ``rules/editions.yaml`` holds, by name, the oldest first."""
    with open(rules_dir() / "editions.yaml", encoding="utf-8") as handle:
        entries: list[dict[str, Any]] = yaml.load(handle, Loader=SAFE_LOADER)
    entries.sort(key=lambda e: e["in_force"])
    found: dict[str, Edition] = {}
    for index, entry in enumerate(entries):
        following = entries[index + 1]["in_force"] if index + 1 < len(entries) else None
        until = following - dt.timedelta(days=1) if following is not None else None
        found[str(entry["edition"])] = Edition(
            str(entry["edition"]), entry["in_force"], until, entry["title"], entry["source"],
            {str(k): str(v) for k, v in (entry.get("numbers") or {}).items()},
            frozenset(str(a) for a in entry.get("absent") or ()), dict(entry["rulings"]),
            dict(entry.get("rulesets") or {}))
    return found


def names() -> list[str]:
    """The names of the editions, the oldest first (``2009``, ``2014``, ...)."""
    return list(editions())


def edition(name: str | int | None = None) -> Edition:
    """The edition ``name`` (a year, as text or a number); None: the current one.

    :raises UnknownEditionError: if ``rules/editions.yaml`` does not hold it.
    """
    key = CURRENT if name is None else str(name)
    try:
        return editions()[key]
    except KeyError:
        raise UnknownEditionError(_("unknown edition of the Laws {name}: the editions are {names}").format(
            name=shown(key), names=", ".join(names()))) from None


def written_day(date: dt.date | str | None) -> dt.date | None:
    """The day a written date names (a report's ``date``, a PGN ``Date`` tag): a date, or text
    such as ``2017-12-29``, ``2017.12.29`` (PGN) or ``29.12.2017.``; None for no date or one
    without its day (``2017.??.??``)."""
    if date is None or isinstance(date, dt.date):
        return date
    found = re.fullmatch(r"\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\.?\s*", date)
    if found is not None:
        year, month, day = found.groups()
    else:
        found = re.fullmatch(r"\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?\s*", date)
        if found is None:
            return None
        day, month, year = found.groups()
    try:
        return dt.date(int(year), int(month), int(day))
    except ValueError:
        return None


def edition_on(day: dt.date) -> Edition:
    """The edition in force on ``day``; before the oldest one came into force, the oldest."""
    found = [e for e in editions().values() if e.in_force <= day]
    return found[-1] if found else next(iter(editions().values()))


@cache
def _merged(edition_name: str, ruleset: str) -> dict[str, Any]:
    numbers = copy.deepcopy(rulesets()[ruleset])
    _overlay(numbers, edition(edition_name).overrides.get(ruleset, {}))
    return numbers


def _overlay(into: dict[str, Any], changes: dict[str, Any]) -> None:
    """Write ``changes`` over ``into``, key by key, and into each supervision's numbers; any other
    mapping (a ruleset's ``minutes``) is replaced whole: a definition is not a patchwork."""
    for key, value in changes.items():
        if key in ("supervision", "full", "partial") and isinstance(into.get(key), dict):
            _overlay(into[key], value)
        else:
            into[key] = value


def ruleset_for(control: TimeControl | None, laws: str = CURRENT) -> str:
    """The ruleset a time control falls under by the definitions A.1 and B.1 of the edition
    ``laws`` (else standard): the minutes for 60 moves against each ruleset's bounds."""
    if control is None:
        return "standard"
    minutes = control.rapid_blitz_minutes()
    for name in ("blitz", "rapid"):
        if _within(minutes, edition(laws).ruleset(name)["minutes"]):
            return name
    return "standard"


def _within(minutes: Fraction, bounds: dict[str, float]) -> bool:
    """Whether ``minutes`` lies within ``bounds``: ``above``/``at_least`` below it, ``below``/``up_to`` above."""
    return (minutes > bounds.get("above", -1) and minutes >= bounds.get("at_least", 0)
            and minutes < bounds.get("below", float("inf")) and minutes <= bounds.get("up_to", float("inf")))


# -- the articles of an edition ---------------------------------------------------------------------


@cache
def edition_articles(name: str, language: str = "en") -> dict[str, Article]:
    """Every article the arbiter cites as the edition ``name`` has it, by its number there, in
    ``language``: the 2023 article under the edition's number, unless ``rules/laws/<name>/``
    writes the edition's own text (it holds only what differs); 2023 articles the edition does
    not have are left out; in the order of the numbers.

    :raises UnknownEditionError: if there is no such edition.
    :raises UnknownLanguageError: if ``language`` is not one of the program's.
    """
    laws = edition(name)
    found: dict[str, Article] = {}
    for number, entry in articles(language).items():
        if number not in laws.absent:
            cited = laws.cite(number)
            found[cited] = Article(cited, entry.title, entry.text)
    found.update(own_articles(name, language))
    return dict(sorted(found.items(), key=lambda item: number_order(item[0])))


@cache
def own_articles(name: str, language: str = "en") -> dict[str, Article]:
    """The articles ``rules/laws/<name>/`` writes for the edition ``name`` (its own numbers and
    text), in ``language``; none for the current edition."""
    path = rules_dir() / "laws" / name / _file_of(language)
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as handle:
        entries: list[dict[str, Any]] = yaml.load(handle, Loader=SAFE_LOADER) or []
    return {str(e["article"]): Article(str(e["article"]), e["title"], " ".join(e["text"].split())) for e in entries}


def _file_of(language: str) -> str:
    articles(language)  # an unknown language is refused as for the current edition
    return "articles.yaml" if language == "en" else f"articles.{language}.yaml"


def edition_subarticles(name: str, number: str, language: str = "en") -> list[Article]:
    """The article ``number`` of the edition ``name`` and every one numbered below it.

    :raises UnknownArticleError: if the edition has none of them.
    """
    if name == CURRENT:
        return with_subarticles(number, language)
    found = [a for n, a in edition_articles(name, language).items() if is_within(n, number)]
    if not found:
        raise UnknownArticleError(_("unknown article {number} in the Laws of {edition}").format(
            number=repr(number), edition=name))
    return found


def number_order(number: str) -> tuple[tuple[int, int | str], ...]:
    """A key that sorts article numbers as the Laws print them: 4.2 before 4.10, the
    articles before the appendices (A.1), a lettered point (7.5.a) by its letter."""
    parts = number.split(".")
    appendix = not parts[0].isdigit()
    return ((1 if appendix else 0, parts[0] if appendix else int(parts[0])),
            *((0, int(part)) if part.isdigit() else (1, part) for part in parts[1:]))


class Change(Record):
    """What became of an article from one edition to another: its number and text in each
    (None where that edition does not have it)."""

    __slots__ = ("old", "new")
    old: Article | None
    new: Article | None

    def __init__(self, old: Article | None, new: Article | None) -> None:
        object.__setattr__(self, "old", old)
        object.__setattr__(self, "new", new)

    @property
    def kind(self) -> Literal["added", "removed", "renumbered", "reworded", "renumbered-reworded"]:
        """``added``, ``removed``, ``renumbered``, ``reworded`` or ``renumbered-reworded``."""
        if self.old is None:
            return "added"
        if self.new is None:
            return "removed"
        renumbered, reworded = self.old.number != self.new.number, self.old.text != self.new.text
        return "renumbered-reworded" if renumbered and reworded else "renumbered" if renumbered else "reworded"

    def fields(self) -> dict[str, Any]:
        """The change as ``arbiter laws --diff --format json`` and ``/api/laws/diff`` give it."""
        return {"change": self.kind, "old": self.old.fields() if self.old is not None else None,
                "new": self.new.fields() if self.new is not None else None}


def changes(old: str, new: str, language: str = "en") -> list[Change]:
    """What changed from the edition ``old`` to the edition ``new`` among the articles the
    arbiter cites: each article renumbered, reworded, added or removed, in the order of the
    newer numbers. Articles are matched by what they are in 2023 (an article one edition splits
    or joins is compared whole)."""
    found: list[Change] = []
    seen: set[tuple[str | None, str | None]] = set()
    before, after = edition_articles(old, language), edition_articles(new, language)
    keys = [*articles(language), *edition(old).numbers, *edition(new).numbers]
    for key in dict.fromkeys(keys):
        was = None if key in edition(old).absent else before.get(edition(old).cite(key))
        now = None if key in edition(new).absent else after.get(edition(new).cite(key))
        pair = (was.number if was else None, now.number if now else None)
        if (was is None and now is None) or pair in seen:
            continue
        seen.add(pair)
        if was is None or now is None or was.number != now.number or was.text != now.text:
            found.append(Change(was, now))
    # an edition's own article that matches nothing of 2023 (none yet) is added or removed whole
    matched = {p[0] for p in seen} | {p[1] for p in seen}
    found += [Change(a, None) for n, a in own_articles(old, language).items() if n not in matched and n in before]
    found += [Change(None, a) for n, a in own_articles(new, language).items() if n not in matched and n in after]
    return sorted(found, key=lambda c: number_order((c.new or c.old).number))  # type: ignore[union-attr]


def edition_article(name: str, number: str, language: str = "en") -> Article:
    """The article ``number`` as the edition ``name`` numbers and words it, in ``language``.

    :raises UnknownArticleError: if the edition has no such article in ``rules/``.
    """
    if name == CURRENT:
        return article(number, language)
    try:
        return edition_articles(name, language)[number]
    except KeyError:
        raise UnknownArticleError(_("unknown article {number} in the Laws of {edition}").format(
            number=repr(number), edition=name)) from None
