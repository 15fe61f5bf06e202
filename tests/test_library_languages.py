"""The scenario library's own words in Serbian (both scripts) and Bulgarian (issue 31, item 2): the
titles of the files that give a quiz question, and the questions, choices and explanations of the
``quiz:`` blocks, kept in the ``library`` catalogue (``python -m arbiter.core.catalogues``), complete,
and shown by the quiz with the events narrated in the language's words."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
import yaml
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from arbiter.core import catalogues
from arbiter.core.i18n import use_language
from arbiter.core.spoken import LIBRARY_DOMAIN
from arbiter.session import quiz
from tests.conftest import Piped

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = catalogues.LOCALE_DIR / f"{LIBRARY_DOMAIN}.pot"
_PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
#: A move in SAN with an English piece letter (Nf3, Bxe5, Qh5+): never left in a translation.
_ENGLISH_SAN = re.compile(r"(?<![\w-])[KQRBN][a-h]?[1-8]?x?[a-h][1-8]")


def _catalogue(locale: str) -> dict[str, str]:
    with catalogues.catalogue(locale, LIBRARY_DOMAIN).open(encoding="utf-8") as handle:
        return {str(message.id): str(message.string) for message in read_po(handle) if message.id}


@pytest.mark.slow
def test_the_template_holds_every_text_the_quiz_shows_of_the_library() -> None:
    with TEMPLATE.open(encoding="utf-8") as handle:
        kept = {str(message.id) for message in read_po(handle) if message.id}
    assert kept == set(catalogues.library_texts()), "run python -m arbiter.core.catalogues"
    shown: set[str] = set()
    for question in quiz.questions([catalogues.LIBRARY], random.Random(0)):
        shown.add(question.title)
        if question.scenario.spec.quiz is not None:
            shown.update([question.question, question.explain, *question.choices])
    assert shown <= kept and len(shown) > 400


@pytest.mark.parametrize("locale", ["sr", "sr_Latn", "bg"])
def test_every_library_text_is_translated_with_its_placeholders_and_the_languages_letters(locale: str) -> None:
    table = _catalogue(locale)
    assert set(table) == set(catalogues.library_texts())
    assert [text for text, told in table.items() if not told.strip()] == []
    assert [text for text, told in table.items()
            if sorted(_PLACEHOLDER.findall(text)) != sorted(_PLACEHOLDER.findall(told))] == []
    assert [told for told in table.values() if _ENGLISH_SAN.search(told)] == []
    if locale == "bg":
        assert [told for told in table.values() if "цариц" in told.lower()] == []  # the queen is "дама"


def test_the_latin_library_is_the_cyrillic_one_transliterated() -> None:
    cyrillic = catalogues.catalogue("sr", LIBRARY_DOMAIN).read_text(encoding="utf-8")
    assert catalogues.catalogue("sr_Latn", LIBRARY_DOMAIN).read_text(encoding="utf-8") == catalogues.latin_text(
        cyrillic)


@pytest.mark.parametrize("locale", ["sr", "sr_Latn", "bg"])
def test_the_compiled_library_catalogues_are_those_of_the_po_files(locale: str) -> None:
    po = catalogues.catalogue(locale, LIBRARY_DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, read_po(po.open(encoding="utf-8")))
    assert po.with_suffix(".mo").read_bytes() == compiled.getvalue(), "run python -m arbiter.core.catalogues compile"


CASE = ROOT / "scenarios" / "touch" / "own-piece-touched-other-moved.yaml"


@pytest.mark.parametrize("language", ["sr", "sr-Latn", "bg"])
def test_a_quiz_question_of_the_library_is_asked_and_explained_in_the_language(language: str, piped: Piped) -> None:
    english = quiz.questions([CASE], random.Random(1))[0]
    with use_language(language):
        told = quiz.questions([CASE], random.Random(1))[0]
        title = told.title  # the title is told in the language in force when it is read
    assert told.question != english.question and told.explain != english.explain and title != english.title
    out = piped(["quiz", "--lang", language, "--seed", "1", str(CASE)], f"{told.answer + 1}\n").stdout
    words = " ".join(out.split())  # the question is wrapped between words
    for text in (told.question, *told.choices, told.explain, title):
        assert " ".join(text.split()) in words
    topic = {"sr": "(додир)", "sr-Latn": "(dodir)", "bg": "(докосване)"}[language]
    assert topic in out  # the topic (a folder, touch) in the language's words
    for text in (english.question, english.explain, english.title, "white: move e2 e4"):
        assert text not in out  # the events after the question are narrated in the language too
    move = {"sr": "помера", "sr-Latn": "pomera", "bg": "местят"}[language]
    assert f"> {'бели' if language == 'sr' else 'beli' if language == 'sr-Latn' else 'белите'}: {move} e2 e4" in out


def test_a_users_own_quiz_is_shown_as_written(tmp_path: Path, piped: Piped) -> None:
    own = tmp_path / "own.yaml"
    own.write_text("title: My own case\nevents:\n  - white: touch g1\nquiz:\n  after: 1\n  question: What now?\n"
                   "  choices: [Move the knight, Anything]\n  answer: 1\n  explain: Touch-move.\n", encoding="utf-8")
    out = piped(["quiz", "--lang", "sr", "--seed", "1", str(own)], "1\n").stdout
    assert "What now?" in out and "Move the knight" in out and "My own case" in out


def test_run_and_explain_show_the_library_s_titles_in_the_language(piped: Piped) -> None:
    case = str(ROOT / "scenarios" / "touch" / "accidental-contact.yaml")
    assert "Случајно окрзнут скакач не обавезује ни на шта" in piped(["run", "--lang", "sr", case], "").stdout
    assert piped(["explain", "--lang", "bg", case], "").stdout.splitlines()[0].startswith("Случайно")
    assert "A knight brushed by accident binds nothing" in piped(["run", case], "").stdout


def test_explain_tells_a_library_file_s_source_in_the_language(piped: Piped) -> None:
    case = ROOT / "scenarios" / "hands" / "opponents-hand-is-not-the-movers.yaml"
    source = str(yaml.safe_load(case.read_text(encoding="utf-8"))["source"])
    assert piped(["explain", str(case)], "").stdout.splitlines()[1] == f"Source: {source}"
    for language, locale in (("sr", "sr"), ("sr-Latn", "sr_Latn"), ("bg", "bg")):
        told = _catalogue(locale)[source]
        line = piped(["explain", "--lang", language, str(case)], "").stdout.splitlines()[1]
        assert line.endswith(f": {told}") and told != source and "Laws" not in line, (language, line)
