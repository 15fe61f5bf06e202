"""The piece letters of every language, as ``rules/notation.yaml`` gives them.

The table "Називи фигура" at the end of the seed document ``000_1638814c55e1dd9e.txt``: one entry
per language (ISO 639-1 code, with the script for Serbian: ``sr-Cyrl``, ``sr-Latn``, and ``sr``
meaning ``sr-Latn``), ``figurine`` for ♔♕♖♗♘, ``en`` the default; each piece's spellings, the
first one written, a second one dropped where it is another piece's first. English is read from
its own line, so that a run whose moves are all English builds no other language. Reading and
writing moves with these letters is :mod:`arbiter.core.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import chess
import yaml

from arbiter.core.errors import UnknownNotationError, shown
from arbiter.core.i18n import N_, _, current_language
from arbiter.core.transliteration import to_latin
from arbiter.core.resources import rules_dir
from arbiter.core.yamlsource import SAFE_LOADER

DEFAULT = "en"

#: The pieces by the names ``rules/notation.yaml`` gives them, king first.
PIECES: tuple[tuple[str, chess.PieceType], ...] = (
    ("king", chess.KING), ("queen", chess.QUEEN), ("rook", chess.ROOK), ("bishop", chess.BISHOP),
    ("knight", chess.KNIGHT), ("pawn", chess.PAWN),
)


@dataclass(frozen=True, eq=False)  # one object per language: hashed by identity, for the caches
class Language:
    """One language's piece letters: ``letters[piece_type]`` lists the spellings read, the first
    one written; the pawn's (never written) may be empty."""

    code: str
    name: str
    letters: dict[chess.PieceType, tuple[str, ...]]
    #: The language's name in the seed's Serbian table (``Немачки``), where the table gives one.
    serbian_name: str | None = None
    #: The language's name in Bulgarian (``немски``), for the Bulgarian screens.
    bulgarian_name: str | None = None

    def letter(self, piece_type: chess.PieceType) -> str:
        """The letter written for ``piece_type`` ('' for the pawn)."""
        if piece_type == chess.PAWN:
            return ""
        return self.letters[piece_type][0]

    @property
    def by_letter(self) -> dict[str, chess.PieceType]:
        """Every spelling read, to its piece type."""
        return _by_letter(self)


@cache
def languages() -> dict[str, Language]:
    """Every language of ``rules/notation.yaml``, by code."""
    with open(rules_dir() / "notation.yaml", encoding="utf-8") as handle:
        entries = yaml.load(handle, Loader=SAFE_LOADER)
    # English is the one object :func:`_english` built, read alone before the table was needed.
    return {entry["code"]: _english() if entry["code"] == DEFAULT else _built(entry) for entry in entries}


#: How English's entry begins in ``rules/notation.yaml``: one line, in flow style.
_ENGLISH_ROW = "- {code: " + DEFAULT + ","


@cache
def _english() -> Language:
    """English, the default, read from its own line of ``rules/notation.yaml``: a run whose moves
    are all English builds no other language (the whole table costs the cold start milliseconds).
    A table whose English entry is written otherwise is read whole."""
    with open(rules_dir() / "notation.yaml", encoding="utf-8") as handle:
        rows = [row for row in handle if row.startswith(_ENGLISH_ROW)]
    try:
        entries = yaml.load(rows[0], Loader=SAFE_LOADER) if len(rows) == 1 else None
    except yaml.YAMLError:  # the entry goes on over several lines
        entries = None
    if not (isinstance(entries, list) and len(entries) == 1 and isinstance(entries[0], dict)
            and entries[0].get("code") == DEFAULT):
        with open(rules_dir() / "notation.yaml", encoding="utf-8") as handle:
            entries = [entry for entry in yaml.load(handle, Loader=SAFE_LOADER) if entry["code"] == DEFAULT]
    return _built(entries[0])


def _built(entry: dict[str, Any]) -> Language:
    """The language of one entry of ``rules/notation.yaml``."""
    spellings: dict[chess.PieceType, list[str]] = {}
    for key, piece_type in PIECES:
        value = entry.get(key, [])
        spellings[piece_type] = [value] if isinstance(value, str) else list(value)
    return Language(entry["code"], entry["name"], _without_clashes(spellings), entry.get("table"), entry.get("bg"))


def _without_clashes(spellings: dict[chess.PieceType, list[str]]) -> dict[chess.PieceType, tuple[str, ...]]:
    """Drop a second spelling that is another piece's first one (Turkish K: the rook, not the
    king), and a pawn letter that is a piece's (Dutch P: the knight)."""
    firsts = {names[0]: piece_type for piece_type, names in spellings.items() if names and piece_type != chess.PAWN}
    kept: dict[chess.PieceType, tuple[str, ...]] = {}
    for piece_type, names in spellings.items():
        if piece_type == chess.PAWN:
            kept[piece_type] = tuple(name for name in names if name not in firsts)
        else:
            kept[piece_type] = tuple(
                name for index, name in enumerate(names) if index == 0 or firsts.get(name, piece_type) == piece_type
            )
    return kept


def language(code: str | None) -> Language:
    """The language ``code`` names (``de``, ``sr-Cyrl``, ``figurine``; case and ``_`` do not
    matter; ``sr`` is ``sr-Latn``); None is English.

    :raises UnknownNotationError: for a code the table does not hold.
    """
    if code is None:
        return _english()
    wanted = code.strip().replace("_", "-").lower()
    if wanted == DEFAULT:
        return _english()
    if wanted == "sr":
        wanted = "sr-latn"
    table = languages()
    for known, lang in table.items():
        if known.lower() == wanted:
            return lang
    raise UnknownNotationError(_("unknown notation {code}; known: {known}").format(code=shown(code),
                                                                                   known=", ".join(table)))


@cache
def _by_letter(lang: Language) -> dict[str, chess.PieceType]:
    table: dict[str, chess.PieceType] = {}
    for piece_type, names in lang.letters.items():
        for name in names:
            table.setdefault(name, piece_type)
    return table


#: The notations of the languages the program speaks, named in the language of the reader.
_TOLD_NAMES = {"en": N_("English"), "sr-Cyrl": N_("Serbian (Cyrillic)"), "sr-Latn": N_("Serbian (Latin)"),
               "bg": N_("Bulgarian")}
#: The notations a move a person types is read in, after the session's own: the other script of
#: the same language, then English (UCI is read in every notation).
_ALSO_READ = {"sr-Cyrl": ("sr-Latn",), "sr-Latn": ("sr-Cyrl",)}


def told_name(lang: Language | str) -> str:
    """A notation's name in the language in force (the table's English name for the languages the
    program does not speak)."""
    found = lang if isinstance(lang, Language) else language(lang)
    if found.code in _TOLD_NAMES:
        return _(_TOLD_NAMES[found.code])
    speaking = current_language()
    if speaking in ("sr", "sr-Latn") and found.serbian_name:  # the seed's own table names them in Serbian
        return found.serbian_name.lower() if speaking == "sr" else to_latin(found.serbian_name.lower())
    if speaking == "bg" and found.bulgarian_name:
        return found.bulgarian_name
    return found.name


def readings_of(code: str) -> tuple[str, ...]:
    """The notations a move typed in a session of notation ``code`` is read in, in order."""
    own = language(code).code
    return tuple(dict.fromkeys((own, *_ALSO_READ.get(own, ()), DEFAULT)))
