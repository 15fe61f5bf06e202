"""Keeping the message catalogues (``arbiter/locale``) with Babel: for developers, not at run time.

``python -m arbiter.core.catalogues`` does the whole round after a change of the English text:

1. ``extract``: every marked message of the package into ``arbiter/locale/arbiter.pot``
   (``pybabel extract`` with the keywords of :mod:`arbiter.core.i18n` and
   :mod:`arbiter.core.vocabulary`);
2. ``update``: the Serbian (Cyrillic) and Bulgarian catalogues brought up to the template
   (``pybabel update``; new messages then wait for their translation, and a test fails until
   they have it);
3. ``latin``: the Serbian Latin catalogue written from the Cyrillic one, letter for letter
   (:func:`arbiter.core.transliteration.to_latin`), never by hand;
4. ``compile``: the ``.mo`` files the package ships (``pybabel compile``).

The scenario library's own words (the files' titles and sources, the topics, the events' notes,
and the questions, choices and explanations of the ``quiz:`` blocks) are a second catalogue, the
``library`` domain: ``library`` extracts them from ``scenarios/`` into ``library.pot``; ``update``,
``latin`` and ``compile`` keep it as they keep the program's.

Babel is a development dependency (the ``test`` and ``dev`` extras); the program itself reads the
compiled catalogues with the standard library's :mod:`gettext`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from arbiter.core.i18n import DOMAIN, LOCALE_DIR
from arbiter.core.spoken import LIBRARY_DOMAIN, topic_label
from arbiter.core.transliteration import to_latin

PACKAGE = LOCALE_DIR.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: The catalogues translated by people, and the one made from the Cyrillic.
TRANSLATED = ("sr", "bg")
LATIN = "sr_Latn"
KEYWORDS = ("N_", "pgettext:1c,2", "NP_:1c,2")


#: The catalogues' domains: the program's messages, the scenario library's words.
DOMAINS = (DOMAIN, LIBRARY_DOMAIN)
#: The scenario library the ``library`` domain is extracted from.
LIBRARY = PACKAGE.parent / "scenarios"


def catalogue(locale: str, domain: str = DOMAIN) -> Path:
    """The ``.po`` file of ``locale`` (``sr``, ``sr_Latn``, ``bg``) in ``domain``."""
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def library_texts(folder: Path = LIBRARY) -> list[str]:
    """The words of the scenario library the quiz, ``explain`` and the page's seminars show: the
    title and source of every file, the name of every topic (a folder, :func:`topic_label`), the
    note of every event, and the question, choices and explanation of every ``quiz:`` block; each
    once, sorted."""
    import yaml

    found: set[str] = set()
    for path in sorted(folder.rglob("*.yaml")):
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(spec, dict):
            continue
        found.add(topic_label(path.parent.name))
        found.update(str(event["note"]) for event in spec.get("events") or []
                     if isinstance(event, dict) and event.get("note"))
        quiz = spec.get("quiz")
        found.update(spec[key] for key in ("title", "source") if isinstance(spec.get(key), str) and spec[key])
        if isinstance(quiz, dict):
            found.update(str(text) for text in (quiz.get("question"), quiz.get("explain"), *quiz.get("choices", []))
                         if text)
    return sorted(found)


def extract_library() -> None:
    """The library's template, from the scenario files."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = Catalog(project="arbiter (the scenario library)", copyright_holder="The arbiter developers")
    for text in library_texts():
        template.add(text)
    with open(LOCALE_DIR / f"{LIBRARY_DOMAIN}.pot", "wb") as handle:
        write_po(handle, template, width=100, no_location=True, sort_output=True)


def _pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True)


def extract() -> None:
    """The template, from the package's sources."""
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    _pybabel("extract", "-F", str(PACKAGE.parent / "babel.cfg"), *keywords, "--no-location", "--sort-output",
             "--project", "arbiter", "--copyright-holder", "The arbiter developers", "-o", str(TEMPLATE), str(PACKAGE))


def update() -> None:
    """The translated catalogues, brought up to their templates (a new one begun from it)."""
    for domain in DOMAINS:
        template = LOCALE_DIR / f"{domain}.pot"
        for locale in TRANSLATED:
            verb = "update" if catalogue(locale, domain).exists() else "init"
            extra = ("--no-fuzzy-matching", "--ignore-obsolete") if verb == "update" else ()
            _pybabel(verb, "-i", str(template), "-d", str(LOCALE_DIR), "-D", domain, "-l", locale, *extra)


def latin_text(cyrillic: str) -> str:
    """The Latin catalogue's text from the Cyrillic one's: every ``msgstr`` transliterated, the
    English ``msgid`` and ``msgctxt`` and the placeholders in braces left as they are."""
    out = []
    in_msgstr = False
    for line in cyrillic.splitlines(keepends=True):
        if line.startswith("msgstr"):
            in_msgstr = True
        elif line.startswith(("msgid", "msgctxt", "#")) or not line.strip():
            in_msgstr = False
        if line.startswith('"Language: sr'):
            line = '"Language: sr_Latn\\n"\n'
        if in_msgstr and not line.startswith('"Plural-Forms') and not line.startswith('"Language'):
            line = _keep_braces(line)
        out.append(line)
    return "".join(out)


def _keep_braces(line: str) -> str:
    """``line`` transliterated outside ``{placeholders}``."""
    parts = []
    rest = line
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        parts.append(to_latin(before) + "{" + name + "}")
    parts.append(to_latin(rest))
    return "".join(parts)


def latin() -> None:
    """The Serbian Latin catalogues, written from the Cyrillic ones."""
    for domain in DOMAINS:
        target = catalogue(LATIN, domain)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(latin_text(catalogue("sr", domain).read_text(encoding="utf-8")), encoding="utf-8")


def compile_all() -> None:
    """The ``.mo`` files, from every catalogue."""
    for domain in DOMAINS:
        _pybabel("compile", "-d", str(LOCALE_DIR), "-D", domain, "--statistics")


def main(argv: list[str]) -> int:
    """``extract``, ``library``, ``update``, ``latin``, ``compile``, or with no argument all five in turn."""
    steps = {"extract": extract, "library": extract_library, "update": update, "latin": latin, "compile": compile_all}
    for name in argv or list(steps):
        if name not in steps:
            print(f"unknown step {name!r}: {', '.join(steps)}", file=sys.stderr)
            return 2
        steps[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
