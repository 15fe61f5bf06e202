"""The glossary of docs/i18n.md (issue 31): the words the Serbian and Bulgarian texts use for the
Laws' terms, one word per concept. The catalogues (the program's and the library's) and the
articles of rules/ never use a word the glossary marks *never*, and they use its word for each
concept checked here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from arbiter.core import catalogues

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = (ROOT / "docs" / "i18n.md").read_text(encoding="utf-8")
_LOCALES = {"sr": ("sr", "articles.sr.yaml"), "sr-Latn": ("sr_Latn", "articles.sr-Latn.yaml"),
            "bg": ("bg", "articles.bg.yaml")}
_COLUMN = {"sr": 1, "sr-Latn": 2, "bg": 3}


def _rows() -> list[list[str]]:
    start = GLOSSARY.index("## Glossary")
    table = GLOSSARY[start:GLOSSARY.index("\n## ", start + 1)]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in table.splitlines()
            if line.startswith("| ") and not line.startswith("| English") and not line.startswith("| **")]


def _texts(language: str) -> str:
    locale, articles = _LOCALES[language]
    found = []
    for domain in catalogues.DOMAINS:
        with catalogues.catalogue(locale, domain).open(encoding="utf-8") as handle:
            for message in read_po(handle):
                if message.id:
                    found += message.string if isinstance(message.string, tuple) else [message.string]
    found.append((ROOT / "rules" / articles).read_text(encoding="utf-8"))
    return "\n".join(str(text) for text in found).lower()


def _never(cell: str) -> list[str]:
    return [word.lower() for word in re.findall(r"never „([^“]+)“", cell)]


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
def test_no_word_the_glossary_rules_out_is_used(language: str) -> None:
    texts = _texts(language)
    ruled_out = [word for row in _rows() for word in _never(row[_COLUMN[language]])]
    assert ruled_out, "the glossary marks no word 'never'"
    assert [word for word in ruled_out if re.search(_pattern(word), texts)] == []


def _pattern(word: str) -> str:
    """A word ruled out, as a whole word; ``фајл*``: every word it begins (a stem: фајла, фајлови)."""
    if word.endswith("*"):
        return rf"(?<!\w){re.escape(word[:-1])}"
    return rf"(?<!\w){re.escape(word)}(?!\w)"


def test_a_stem_ruled_out_catches_its_forms() -> None:
    assert re.search(_pattern("фајл*"), "оном из фајла, иначе")
    assert re.search(_pattern("фајл*"), "фајлови кажу")
    assert not re.search(_pattern("фајл*"), "профајл")
    assert not re.search(_pattern("пешак"), "пешака")


#: Concepts whose glossary word the texts must use (the first word of the row's cell, before any
#: "(", ";" or ","), by the row's English.
_CHECKED = ("queen", "touch-move (the rule)", "legal move; illegal move", "threefold repetition",
            "claim (noun); to claim", "delay (the d of a time control)", "rank", "increment (+)")


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
def test_the_texts_use_the_glossarys_word_for_each_concept_checked(language: str) -> None:
    texts = _texts(language)
    rows = {row[0]: row for row in _rows()}
    missing = []
    for english in _CHECKED:
        cell = rows[english][_COLUMN[language]]
        words = [part.strip(" „“").lower() for part in re.split(r"[;,(]", re.sub(r"\(never[^)]*\)", "", cell))]
        wanted = [word for word in words if word and "never" not in word and "not yet" not in word]
        if not any(word in texts for word in wanted):
            missing.append((english, wanted))
    assert missing == []


def test_a_piece_is_named_by_the_languages_letter_in_a_rulings_fields_and_in_why() -> None:
    from arbiter.cli import render, teach
    from arbiter.core.i18n import use_language
    from arbiter.laws.rulings import Ruling

    replaced = Ruling(kind="replaced", article="7.5.2", text="", square="e8", piece="Q")
    with use_language("sr"):
        assert render.ruling(replaced).endswith("[поље: e8, фигура: Д]")
    with use_language("bg"):  # teach and the quiz write their rulings' lines themselves
        promoting = teach.new_session(None, "7k/4P3/8/8/8/8/8/K7 w - - 0 1", None, None, None, None, None)
        promoting.handle("move e7 e8")
        assert "фигура: Д]" in promoting.handle("press") and "фигура: Q]" not in promoting.handle(":why")
    with use_language("bg"):
        session = teach.new_session(None, None, None, None, None, None, None)
        session.handle("white: touch g1")
        assert "g1 (К)" in session.handle(":why") and "(N)" not in session.handle(":why")


def test_numbers_are_written_with_the_languages_separators() -> None:
    from arbiter.core.i18n import number, use_language

    assert number(2000) == "2,000"
    with use_language("sr"):
        assert number(2000) == "2.000"
    with use_language("bg"):
        assert number(2000) == "2\u00a0000"
