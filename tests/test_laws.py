"""rules/: every article the code can cite exists, and the rulesets' numbers are there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.laws.editions import ruleset_for
from arbiter.laws import articles as laws
from arbiter.core.clock import TimeControl
from arbiter.core.errors import UnknownArticleError

PACKAGE = Path(__file__).resolve().parent.parent / "arbiter"
# An article literal as the code writes it: "4.3.1", "7.5", "A.3" (not versions or numbers).
ARTICLE = re.compile(r'"((?:[1-9]|1[0-2])(?:\.\d+){1,3}|[AB]\.\d+(?:\.\d+)*)"')


def cited_in_code() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__init__.py":
            continue
        found |= set(ARTICLE.findall(path.read_text(encoding="utf-8")))
    return found


def test_code_cites_only_articles_rules_has() -> None:
    cited = cited_in_code()
    assert len(cited) > 20
    missing = sorted(number for number in cited if number not in laws.articles())
    assert missing == []


def test_every_article_has_a_title_and_text() -> None:
    for entry in laws.articles().values():
        assert entry.title and len(entry.text) > 30


def test_article_lookup_and_children() -> None:
    assert laws.article("4.3.1").title == "Own pieces touched"
    assert [a.number for a in laws.with_subarticles("4.4")] == ["4.4", "4.4.1", "4.4.2", "4.4.3", "4.4.4"]
    with pytest.raises(UnknownArticleError):
        laws.article("99.1")
    with pytest.raises(UnknownArticleError):
        laws.with_subarticles("99")


@pytest.mark.parametrize(("control", "ruleset"), [
    ("5400+30", "standard"), ("40/5400+30:1800+30", "standard"), ("900+10", "rapid"),
    ("1500", "rapid"), ("180+2", "blitz"), ("300", "blitz"),
    # the borders of A.1 and B.1: 10 minutes is blitz, 60 minutes is standard; base + 60 x increment
    ("600", "blitz"), ("601", "rapid"), ("540+1", "blitz"), ("541+1", "rapid"), ("300+5", "blitz"),
    ("3599", "rapid"), ("3600", "standard"), ("2940+10", "rapid"), ("3000+10", "standard"),
])
def test_ruleset_from_time_control(control: str, ruleset: str) -> None:
    assert ruleset_for(TimeControl.parse(control)) == ruleset


def test_rulesets_carry_their_numbers() -> None:
    numbers = laws.rulesets()
    assert numbers["standard"]["illegal_move_penalty"] == 120
    assert numbers["rapid"]["illegal_move_penalty"] == 60
    assert numbers["blitz"]["supervision"]["partial"]["correction"] == "before-opponent-moves"
    assert numbers["rapid"]["penalty_article"] == "A.3"
