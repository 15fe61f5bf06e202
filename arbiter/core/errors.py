"""The project's error types: one per kind of failure.

Playing against the Laws is never an error: it is what the arbiter rules on. These errors are
for input that cannot be ruled on at all.
"""

from __future__ import annotations

import errno
from typing import Any

from arbiter.core.spoken import N_, _, ngettext, number


class ArbiterError(ValueError):
    """Base class of every error the project raises on purpose."""


class InvalidEventError(ArbiterError):
    """An event that is malformed or cannot physically happen (lifting from an empty square)."""


class AmbiguousNotationError(InvalidEventError):
    """A move text that names several moves; ``candidates`` holds them."""

    def __init__(self, message: str, candidates: list[Any]) -> None:
        super().__init__(message)
        self.candidates = candidates


class ImpossibleMoveError(InvalidEventError):
    """A move text that names no move the pieces could make, or is not a move at all."""


class UnknownNotationError(ArbiterError):
    """A notation (language) code that ``rules/notation.yaml`` does not hold."""


class InvalidPositionError(ArbiterError):
    """A starting position or starting move list that is not legal chess; ``move``: the number of
    the starting move at fault, if one is."""

    def __init__(self, message: str, move: int | None = None) -> None:
        super().__init__(message)
        self.move = move


class ScenarioError(ArbiterError):
    """A scenario or report file that cannot be read; the message names the file and line."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class UnknownArticleError(ArbiterError):
    """An article number that ``rules/`` does not hold."""


class UnknownEditionError(ArbiterError):
    """An edition of the Laws (``laws:``, ``--laws``) that ``rules/editions.yaml`` does not hold."""


class UnknownLanguageError(ArbiterError):
    """A language code (``--lang``, ``ARBITER_LANG``) the program does not speak (``arbiter.core.i18n.LANGUAGES``)."""


class InternalError(ScenarioError):
    """A failure of the arbiter itself on a file (a bug of ours, exit status 3), not of the file."""


#: How many characters of a value an error message shows before it cuts the value.
SHOWN_CHARACTERS = 40


#: The values a file writes otherwise than Python does.
_WRITTEN = {None: "null", True: "true", False: "false"}


def shown(value: object) -> str:
    """``value`` as an error message quotes it (``repr``: strings in quotes, numbers bare), cut
    after :data:`SHOWN_CHARACTERS` characters with its length, so that a 5 MB move gives a short
    line: ``'e2e4e2e4e2e4…' (5,000,000 characters)``. A huge integer is never converted whole
    (Python refuses to write more than 4,300 digits). ``true``, ``false`` and ``null`` are written
    as a file (YAML, JSON) writes them, not as Python does, inside a list or a mapping too."""
    if value is None or isinstance(value, bool):
        return _WRITTEN[value]
    if isinstance(value, int):
        digits = _digits(value)
        if digits <= SHOWN_CHARACTERS:
            return repr(value)
        leading = abs(value) // 10 ** (digits - SHOWN_CHARACTERS)
        return f"{'-' if value < 0 else ''}{leading}… ({count_of('digits', digits)})"
    text = value if isinstance(value, str) else _written(value)
    if len(text) <= SHOWN_CHARACTERS:
        return repr(value) if isinstance(value, str) else text
    cut = text[:SHOWN_CHARACTERS]
    if isinstance(value, str):
        quoted = repr(cut)
        cut = f"{quoted[:-1]}…{quoted[-1]}"
    else:
        cut += "…"
    return f"{cut} ({count_of('characters', len(text))})"


def _written(value: object, depth: int = 0) -> str:
    """A value read from a file as :func:`shown` writes it, whole: lists and mappings with their
    items as it writes them (``[true, null]``, not Python's ``[True, None]``); deeper than
    :data:`_WRITTEN_DEPTH` levels, ``…``."""
    if isinstance(value, (list, tuple, dict)) and depth >= _WRITTEN_DEPTH:
        return "…"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_written(item, depth + 1) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_written(key, depth + 1)}: {_written(item, depth + 1)}"
                               for key, item in value.items()) + "}"
    if value is None or isinstance(value, bool):
        return _WRITTEN[value]
    if isinstance(value, int) and _digits(value) > SHOWN_CHARACTERS:
        return shown(value)
    return repr(value)


#: How deep :func:`_written` writes a list or mapping out.
_WRITTEN_DEPTH = 8


def _digits(number: int) -> int:
    """The number of decimal digits of ``number``, without writing it out."""
    number = abs(number)
    if number < 10:
        return 1
    digits = int(number.bit_length() * 0.30102999566398120)  # log10(2): a lower bound, or one short
    return digits + 1 if number >= 10 ** digits else digits


def clipped(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """``text`` whole when short, else its first characters and its length, unquoted (an event
    as ``event 3 (...)`` shows it): ``white: play e2e4e2e4… (5,000,012 characters)``."""
    return text if len(text) <= limit else f"{text[:limit]}… ({count_of('characters', len(text))})"


def told(err: Exception) -> str:
    """The message of an error raised elsewhere, cut: it may quote a huge value whole."""
    return clipped(str(err), 200)


def event_label(index: int, description: str) -> str:
    """``event 3 (white: play e4)``, the prefix of an error at an event, the event clipped."""
    return _("event {index} ({event})").format(index=index, event=clipped(description))


def count_of(unit: str, count: int) -> str:
    """``5,000,000 characters`` (``unit``: ``characters`` or ``digits``), in the language in force."""
    if unit == "digits":
        return ngettext("{count} digit", "{count} digits", count).format(count=number(count))
    return ngettext("{count} character", "{count} characters", count).format(count=number(count))


#: The system's words for the common failures to open a file (glibc's ``strerror``), marked for
#: the catalogues: the other languages say them in their own words.
_OS_ERRORS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EACCES: N_("Permission denied"),
}


def os_error_words(err: OSError, english: str) -> str:
    """What went wrong with a file, for an error line: ``english`` (the system's own words, as
    the line has always quoted them) in English or for a failure not in :data:`_OS_ERRORS`, else
    the translation of the common failure."""
    words = _OS_ERRORS.get(err.errno) if err.errno is not None else None
    if words is None or _(words) == words:  # English: the system's words, exactly as before
        return english
    return _(words)
