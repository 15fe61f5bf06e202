"""An error as one line (:func:`error_line`), its long values cut: what every front end prints
or answers. Here, below :mod:`arbiter.files.documents` which re-exports it, so that the command
line's parser and its last resort can cut a message without importing what the commands run."""

from __future__ import annotations

import re

from arbiter.core.errors import SHOWN_CHARACTERS, clipped, count_of
from arbiter.core.i18n import _, ngettext

#: A quoted value longer than this is cut where an error line echoes it.
LONG_TEXT = 80
#: An error line longer than this, once its values are cut, is cut itself.
LONG_LINE = 500


def _event_prefix() -> re.Pattern[str]:
    """``event 3 (`` in the language in force (``event {index} ({event})`` of the catalogue)."""
    before, _index, rest = _("event {index} ({event})").partition("{index}")
    return re.compile(re.escape(before) + r"\d+" + re.escape(rest.partition("{event}")[0]))


def _cut_endings() -> tuple[str, ...]:
    """How a value cut with its length ends: `` characters)`` in the language in force."""
    return tuple({ngettext("{count} character", "{count} characters", n).rpartition("}")[2] + ")"
                  for n in (2, 5, 21, 22)})
#: A quoted value, the quotes paired from the left (a long stretch between two short values is
#: no value: ``'x' ... ('--')``).
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")


def error_line(text: str) -> str:
    """An error message as the command line prints it: the long values it echoes cut, however
    the layer below wrote them (an event's text in ``event N (...)``, a quoted value), and the
    line itself cut if it is still long; the lines of a message of several (a library's words, a
    name a user gave) joined by a space. A short message of one line comes back unchanged."""
    if "\n" in text or "\r" in text:
        text = " ".join(part.strip() for part in text.splitlines() if part.strip())
    if len(text) <= LONG_TEXT:
        return text
    parts, start = [], 0
    for found in _event_prefix().finditer(text):
        if found.start() < start:
            continue
        end = text.find("): ", found.end())  # where the event's text ends and the message begins
        end = len(text) - 1 if end == -1 and text.endswith(")") else end
        if end == -1:
            continue
        event = text[found.end():end]
        parts += [text[start:found.end()], event if event.endswith(_cut_endings()) else clipped(event)]
        start = end
    text = "".join(parts) + text[start:]
    text = _QUOTED.sub(lambda m: m[0] if len(m[0]) <= LONG_TEXT + 2 else f"{m[0][0]}{m[0][1:SHOWN_CHARACTERS + 1]}…"
                       f"{m[0][0]} ({count_of('characters', len(m[0]) - 2)})", text)
    if len(text) > LONG_LINE:
        text = f"{text[:LONG_LINE]}… ({count_of('characters', len(text))})"
    return text
