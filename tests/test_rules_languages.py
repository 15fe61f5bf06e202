"""The Laws in other languages: ``rules/articles.<language>.yaml`` against ``rules/articles.yaml``,
the Serbian Latin file against the Cyrillic one, and :func:`arbiter.core.transliteration.to_latin`.

Run as a script (``python tests/test_rules_languages.py``) it rewrites
``rules/articles.sr-Latn.yaml`` from ``rules/articles.sr.yaml``.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from arbiter.core.errors import ArbiterError, UnknownLanguageError
from arbiter.core.transliteration import to_latin
from arbiter.core.yamlsource import SAFE_LOADER
from arbiter.laws import articles as laws

RULES = Path(__file__).resolve().parents[1] / "rules"
TRANSLATIONS = {"sr": "articles.sr.yaml", "sr-Latn": "articles.sr-Latn.yaml", "bg": "articles.bg.yaml"}

#: The header of the generated Latin file (the Cyrillic file's header is replaced by it).
LATIN_HEADER = """\
# The FIDE Laws of Chess (in force from 1 January 2023), the articles the arbiter cites, in
# Serbian (Latin script). GENERATED: arbiter.core.transliteration.to_latin of articles.sr.yaml
# (itself a translation of our own English text in articles.yaml), line for line; edit the
# Cyrillic file and run `python tests/test_rules_languages.py` to rewrite this one.
"""

#: Latin-alphabet words a Cyrillic text may hold: the English piece letters and names that
#: Article C.4 quotes, the French and Dutch names and letters C.5 quotes, the French
#: "j'adoube" (kept in the Bulgarian text), and the appendix letter of "Appendix C".
ALLOWED_LATIN_WORDS = frozenset(
    {"K", "Q", "R", "B", "N", "F", "L", "C", "king", "queen", "rook", "bishop", "knight", "fou", "loper",
     "j'adoube"}
)

#: Latin tokens allowed anywhere: article numbers of the appendices (A.2, B.3, C.4), square names
#: (e4), and moves in algebraic notation (Nf3, exd5, e8=Q, O-O).
ALLOWED_LATIN_TOKEN = re.compile(
    r"[A-C](?:\.\d+)+(?:\.[a-e])?"
    r"|\d+(?:\.\d+)*\.[a-e](?:\.\d+)?"  # the lettered points of the older editions: 7.4.a, 9.1.b.3
    r"|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?"
    r"|O-O(?:-O)?"
)


#: The folders of articles: the Laws of 2023 (``rules/``), then each older edition's own
#: articles (``rules/laws/<edition>/``, issue 32), held to the same checks.
FOLDERS = [RULES, *sorted((RULES / "laws").iterdir())]
FOLDER_IDS = ["2023", *(folder.name for folder in FOLDERS[1:])]


def load(name: str, folder: Path = RULES) -> list[dict[str, Any]]:
    with open(folder / name, encoding="utf-8") as handle:
        entries: list[dict[str, Any]] = yaml.load(handle, Loader=SAFE_LOADER)
    return entries


def latin_header(folder: Path) -> str:
    """The header of the generated Latin file of ``folder``."""
    if folder == RULES:
        return LATIN_HEADER
    return (f"# The FIDE Laws of Chess of {folder.name}: the articles that differ from the Laws of 2023, in\n"
            "# Serbian (Latin script). GENERATED: arbiter.core.transliteration.to_latin of articles.sr.yaml\n"
            "# (itself a translation of our own English text in articles.yaml), line for line; edit the\n"
            "# Cyrillic file and run `python tests/test_rules_languages.py` to rewrite this one.\n")


def render_latin(folder: Path = RULES) -> str:
    """The text ``articles.sr-Latn.yaml`` of ``folder`` must have: the Cyrillic file, its header
    comment replaced, everything else through :func:`to_latin` (keys and numbers are unchanged by it)."""
    lines = (folder / "articles.sr.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    body = [line for line in lines if not line.startswith("#")]
    assert lines[: len(lines) - len(body)] == [line for line in lines if line.startswith("#")], (
        "comments only at the top")
    return latin_header(folder) + to_latin("".join(body))


@pytest.mark.parametrize("folder", FOLDERS, ids=FOLDER_IDS)
@pytest.mark.parametrize("language", sorted(TRANSLATIONS))
def test_same_articles_in_the_same_order(language: str, folder: Path) -> None:
    english = load("articles.yaml", folder)
    translated = load(TRANSLATIONS[language], folder)
    assert [str(e["article"]) for e in translated] == [str(e["article"]) for e in english]
    for entry in translated:
        assert set(entry) == {"article", "title", "text"}, entry["article"]
        assert isinstance(entry["title"], str) and entry["title"].strip(), entry["article"]
        assert isinstance(entry["text"], str) and entry["text"].strip(), entry["article"]
        assert "\n" not in entry["title"] and "\n" not in entry["text"], entry["article"]


@pytest.mark.parametrize("folder", FOLDERS, ids=FOLDER_IDS)
@pytest.mark.parametrize("language", sorted(TRANSLATIONS))
def test_header_comment(language: str, folder: Path) -> None:
    text = (folder / TRANSLATIONS[language]).read_text(encoding="utf-8")
    assert text.startswith("# The FIDE Laws of Chess"), language


@pytest.mark.parametrize("folder", FOLDERS, ids=FOLDER_IDS)
def test_latin_file_is_to_latin_of_the_cyrillic_one(folder: Path) -> None:
    cyrillic = load("articles.sr.yaml", folder)
    latin = load("articles.sr-Latn.yaml", folder)
    assert len(latin) == len(cyrillic)
    for cyr, lat in zip(cyrillic, latin, strict=True):
        assert lat["article"] == cyr["article"]
        assert lat["title"] == to_latin(cyr["title"]), cyr["article"]
        assert lat["text"] == to_latin(cyr["text"]), cyr["article"]
    assert (folder / "articles.sr-Latn.yaml").read_text(encoding="utf-8") == render_latin(folder), (
        "run `python tests/test_rules_languages.py` to regenerate articles.sr-Latn.yaml")


def latin_words(text: str) -> list[str]:
    """The words of ``text`` with a Latin letter in them that are not allowed."""
    found = []
    for word in re.findall(r"[\w'.=+#-]+", text):
        word = word.strip(".-'")
        if not re.search(r"[A-Za-z]", word):
            continue
        if word in ALLOWED_LATIN_WORDS or ALLOWED_LATIN_TOKEN.fullmatch(word):
            continue
        found.append(word)
    return found


@pytest.mark.parametrize("folder", FOLDERS, ids=FOLDER_IDS)
@pytest.mark.parametrize("language", ["sr", "bg"])
def test_cyrillic_files_hold_no_latin_words(language: str, folder: Path) -> None:
    for entry in load(TRANSLATIONS[language], folder):
        for field in ("title", "text"):
            assert latin_words(entry[field]) == [], (entry["article"], field)


@pytest.mark.parametrize("folder", FOLDERS, ids=FOLDER_IDS)
@pytest.mark.parametrize("language", ["sr", "bg"])
def test_cyrillic_files_hold_no_letters_of_other_alphabets(language: str, folder: Path) -> None:
    """Only Cyrillic (and the allowed Latin) letters: a Greek or accented look-alike is a typo."""
    for entry in load(TRANSLATIONS[language], folder):
        for field in ("title", "text"):
            for char in entry[field]:
                if char.isalpha():
                    assert "\u0400" <= char <= "\u04ff" or char.isascii(), (entry["article"], char)


def test_the_latin_check_is_fair_and_strict() -> None:
    assert latin_words("Пешак на e4, потез Nf3 и exd5, e8=Q, O-O, члан A.5.2 и Додатак C.") == []
    assert latin_words("игра се en passant") == ["en", "passant"]
    mixed = "\u0440\u043e\u043ea\u0434\u0430"  # "рокада" with a Latin "a" inside
    assert latin_words(mixed) == [mixed]


def test_bulgarian_uses_the_seed_piece_names() -> None:
    text = " ".join(e["text"] for e in load("articles.bg.yaml"))
    # the names of the Bulgarian seed document (rules/notation.yaml): the queen is "дама" (issue 31)
    for name in ("цар", "дама", "топ", "офицер", "кон", "пешка"):
        assert re.search(rf"\b{name}\b", text), name
    assert "цариц" not in text.lower()


@pytest.mark.parametrize(
    ("cyrillic", "latin"),
    [
        ("Љубљана", "Ljubljana"),
        ("ЉУБЉАНА", "LJUBLJANA"),
        ("Његош", "Njegoš"),
        ("ЊЕГОШ", "NJEGOŠ"),
        ("Џак", "Džak"),
        ("ЏАК", "DŽAK"),
        ("Џ", "Dž"),
        ("Ђорђе", "Đorđe"),
        ("ЂОРЂЕ", "ĐORĐE"),
        ("Ћуприја", "Ćuprija"),
        ("ЋУПРИЈА", "ĆUPRIJA"),
        ("чаша, жаба, шах", "čaša, žaba, šah"),
        ("ТЊ", "TNJ"),
        ("Љ.", "Lj."),
        ("Такнуто-макнуто: e4, Nf3, члан 4.3.1!", "Taknuto-maknuto: e4, Nf3, član 4.3.1!"),
        ("Мат ♔ и пешка", "Mat ♔ i peška"),
        ("", ""),
    ],
)
def test_to_latin(cyrillic: str, latin: str) -> None:
    assert to_latin(cyrillic) == latin


def test_to_latin_covers_the_whole_serbian_alphabet() -> None:
    upper = "АБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШ"
    assert to_latin(upper.lower()) == "abvgdđežzijklljmnnjoprstćufhcčdžš"
    assert to_latin(upper) == "ABVGDĐEŽZIJKLLJMNNJOPRSTĆUFHCČDŽŠ"


def test_article_in_bulgarian() -> None:
    bulgarian = laws.article("4.3.1", "bg")
    assert bulgarian.number == "4.3.1"
    assert bulgarian.title == "Докоснати собствени фигури"
    assert bulgarian.text.startswith("Ако играчът е докоснал една или повече свои фигури")
    assert laws.article("4.3.1") == laws.article("4.3.1", "en")
    assert laws.article("4.3.1").title == "Own pieces touched"


@pytest.mark.parametrize("language", laws.LANGUAGES)
def test_every_language_has_every_article(language: str) -> None:
    assert list(laws.articles(language)) == list(laws.articles())
    assert [a.number for a in laws.with_subarticles("4.3", language)] == ["4.3", "4.3.1", "4.3.2", "4.3.3"]


def test_serbian_latin_through_the_api() -> None:
    assert laws.article("4.3", "sr-Latn").title == "Taknuto-maknuto"
    assert laws.article("4.3", "sr").title == "Такнуто-макнуто"


def test_the_translations_ship_with_the_package() -> None:
    """A regular install copies ``rules/`` through the data-files of ``pyproject.toml``."""
    with open(RULES.parent / "pyproject.toml", "rb") as handle:
        data_files = tomllib.load(handle)["tool"]["setuptools"]["data-files"]["share/arbiter/rules"]
    for name in ["articles.yaml", *TRANSLATIONS.values()]:
        assert f"rules/{name}" in data_files, name


def test_unknown_language() -> None:
    with pytest.raises(UnknownLanguageError, match="'de'"):
        laws.articles("de")
    with pytest.raises(UnknownLanguageError):
        laws.article("4.3.1", "sr_Latn")
    with pytest.raises(ArbiterError):
        laws.with_subarticles("4.3", "EN")


if __name__ == "__main__":
    for folder in FOLDERS:
        (folder / "articles.sr-Latn.yaml").write_text(render_latin(folder), encoding="utf-8")
        sys.stdout.write(f"wrote {(folder / 'articles.sr-Latn.yaml').relative_to(RULES.parent)}\n")
