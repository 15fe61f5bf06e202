"""The language people read: the message catalogues (gettext, managed with Babel) and the choice.

Every sentence a person reads is written in English in the code, wrapped in :func:`_` (or
:func:`ngettext` where a number decides the form, :func:`pgettext` where one English word needs
different words in different places). The catalogues live in ``arbiter/locale/<locale>/LC_MESSAGES``
(``sr`` for Serbian in Cyrillic, ``sr_Latn`` for Serbian in Latin script, ``bg``); the compiled
``.mo`` files ship with the package. The language in force is a context variable, so that a web
server may answer each request in its own language: :func:`use_language` sets it for a block,
:func:`set_language` for the rest of the program (the command line).

English is the source: in English every function gives its argument back unchanged, so the
English output is what the code says.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from arbiter.core.errors import UnknownLanguageError
from arbiter.core.spoken import DOMAIN as DOMAIN
from arbiter.core.spoken import LOCALE_DIR as LOCALE_DIR
from arbiter.core.spoken import N_ as N_
from arbiter.core.spoken import _ as _
from arbiter.core.spoken import _current
from arbiter.core.spoken import code_words as code_words
from arbiter.core.spoken import library_text as library_text
from arbiter.core.spoken import topic_text as topic_text
from arbiter.core.spoken import ngettext as ngettext
from arbiter.core.spoken import number as number
from arbiter.core.spoken import pgettext as pgettext
from arbiter.core.spoken import translations as translations

#: The languages the program speaks, by the code ``--lang`` takes.
LANGUAGES = ("en", "sr", "sr-Latn", "bg")
#: The language of each code, in its own words (for menus).
LANGUAGE_NAMES = {"en": "English", "sr": "Српски", "sr-Latn": "Srpski", "bg": "Български"}
#: The move notation (``rules/notation.yaml``) each language writes by default.
NOTATION_OF = {"en": "en", "sr": "sr-Cyrl", "sr-Latn": "sr-Latn", "bg": "bg"}



def language_code(text: str) -> str:
    """The code of :data:`LANGUAGES` that ``text`` names (``sr-latn``, ``sr_Latn``, ``BG`` are
    accepted).

    :raises UnknownLanguageError: for any other.
    """
    wanted = text.strip().replace("_", "-").lower()
    for code in LANGUAGES:
        if code.lower() == wanted:
            return code
    if wanted in ("sr-cyrl", "sr-rs", "sr-cyrl-rs"):
        return "sr"
    if wanted in ("sr-latn-rs",):
        return "sr-Latn"
    raise UnknownLanguageError(_("unknown language {language}: choose one of {languages}").format(
        language=repr(text), languages=", ".join(LANGUAGES)))


def language_of_locale(value: str) -> str | None:
    """The language a POSIX locale such as ``sr_RS.UTF-8``, ``sr_RS@latin`` or ``bg_BG`` names,
    or ``None`` when it names none the program speaks."""
    if not value or value in ("C", "POSIX"):
        return None
    base, _, modifier = value.partition("@")
    base = base.split(".", 1)[0]
    language = base.split("_", 1)[0].lower()
    if language == "sr":
        return "sr-Latn" if modifier.lower() == "latin" or "latn" in base.lower() else "sr"
    if language in ("bg", "en"):
        return language
    return None


def choose_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``option`` (``--lang``), else ``ARBITER_LANG``, else the locale
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set), else English.

    :raises UnknownLanguageError: if ``option`` or ``ARBITER_LANG`` names a language the
        program does not speak (a locale it does not speak falls back to English).
    """
    env = os.environ if environ is None else environ
    if option:
        return language_code(option)
    if env.get("ARBITER_LANG"):
        return language_code(env["ARBITER_LANG"])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return language_of_locale(env[name]) or "en"
    return "en"


def current_language() -> str:
    """The code of the language in force."""
    return _current.get()


def set_language(code: str) -> None:
    """Speak ``code`` from now on (in this context)."""
    _current.set(language_code(code))


@contextmanager
def use_language(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block, then what was spoken before."""
    token = _current.set(language_code(code))
    try:
        yield
    finally:
        _current.reset(token)
