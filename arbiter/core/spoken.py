"""The catalogues' lookup itself, below everything that speaks: :func:`_`, :func:`ngettext`,
:func:`pgettext`, :func:`N_` and the language in force (a context variable). :mod:`arbiter.core.i18n`
chooses and sets the language and re-exports these; this module imports nothing of the project, so
that :mod:`arbiter.core.errors` can speak (``event 3 (...)``) without a circle of imports.
"""

from __future__ import annotations

import gettext as _gettext
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "arbiter"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
_LOCALES = {"sr": "sr", "sr-Latn": "sr_Latn", "bg": "bg"}

_current: ContextVar[str] = ContextVar("arbiter_language", default="en")


@cache
def translations(code: str) -> _gettext.NullTranslations:
    """The catalogue of ``code`` (English: none, every message as written)."""
    if code == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[_LOCALES[code]])


def _(message: str) -> str:
    """``message`` in the language in force."""
    code = _current.get()
    if code == "en":
        return message
    return translations(code).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of the message for ``count`` (Serbian has three, by CLDR's rules)."""
    code = _current.get()
    if code == "en":
        return singular if count == 1 else plural
    return translations(code).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` where ``context`` says which of its senses is meant."""
    code = _current.get()
    if code == "en":
        return message
    return translations(code).pgettext(context, message)


def code_words(context: str, code: str) -> str:
    """A code of the files (a reason ``dead-position``, a claim ``touch-move``) in words of the
    language in force: its catalogue's, and where it has none (English) the code's own words
    (``dead position``): a sentence never shows a code."""
    said = pgettext(context, code)
    return said.replace("-", " ") if said == code else said


#: The second catalogue: the scenario library's own words (its titles, sources, topics and notes,
#: and its ``quiz:`` blocks' questions, choices and explanations), extracted from the files by ``python -m
#: arbiter.core.catalogues library`` and translated as the program's messages are.
LIBRARY_DOMAIN = "library"


@cache
def library_translations(code: str) -> _gettext.NullTranslations:
    """The library's catalogue of ``code`` (English, or a language without one: none)."""
    if code == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(LIBRARY_DOMAIN, LOCALE_DIR, languages=[_LOCALES[code]], fallback=True)


def topic_label(folder: str) -> str:
    """A topic of the library (the name of its folder, ``carried-back``, as ``--topic`` takes it) as
    the quiz and the page name it in English (``carried back``): the text the library's catalogue
    translates (:func:`topic_text`)."""
    return folder.replace("-", " ")


def topic_text(folder: str) -> str:
    """The topic of the library's folder ``folder`` in the language in force; the folder's name as
    it is in English, or where the catalogue has no translation (a user's own folder)."""
    label = topic_label(folder)
    told = library_text(label)
    return told if told != label else folder


def library_text(text: str) -> str:
    """A text of the scenario library (a title, a source, a quiz's question, choice or explanation) in the
    language in force; as written where its catalogue has no translation (a user's own file)."""
    code = _current.get()
    if code == "en" or not text:
        return text
    return library_translations(code).gettext(text)


#: The thousands separator of each language the program speaks (CLDR: a full stop in Serbian, a
#: no-break space in Bulgarian); English writes a comma.
_THOUSANDS = {"en": ",", "sr": ".", "sr-Latn": ".", "bg": "\u00a0"}


def number(count: int) -> str:
    """A whole number as the language in force writes it: 2,000 in English, 2.000 in Serbian,
    2 000 in Bulgarian."""
    return f"{count:,}".replace(",", _THOUSANDS.get(_current.get(), ","))


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark for extraction only"
    """``message`` unchanged, marked for the catalogue (translated later, with :func:`_`)."""
    return message
