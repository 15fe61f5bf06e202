"""The hint for a score English cannot read but another language of ``rules/notation.yaml`` can
(``Sf3``): which language reads it, and how far; and the words python-chess reads only in part.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

import chess

from arbiter.core.i18n import _, ngettext
from arbiter.core.notation import Language, language, languages, moves_named, told_name
from arbiter.core.pgnread import MOVE_NUMBER, read_score
from arbiter.files.pgntext import legal_or_null, start_board


@dataclass
class NotationHint:
    """Another language a score reads better in than English: how far each reads it."""

    code: str
    name: str
    plies_read: int
    plies: int
    illegal: int
    english_plies_read: int
    #: Other languages that read the score just as far (often the same letters: de, da, no, sv).
    also: list[str] = field(default_factory=list)

    @property
    def finding(self) -> str:
        """The ``notation`` finding's sentence: the score is written in this language's letters, as
        C.5 allows, and is audited with ``--notation`` (and who else reads it alike)."""
        line = _("the moves are written with the piece letters of {name} ({code}), as C.5 allows; English "
                 "cannot read them: audit the score with {option}").format(
            name=told_name(self.code), code=self.code, option=f"--notation {self.code}")
        if self.illegal:
            line += ngettext("; read so, it has {count} illegal move", "; read so, it has {count} illegal moves",
                             self.illegal).format(count=self.illegal)
        return line + self._alike()

    def _alike(self) -> str:
        if not self.also:
            return ""
        named = [told_name(code) for code in self.also[:5]]
        if len(self.also) > 5:
            more = len(self.also) - 5
            named.append(ngettext("{count} more", "{count} more", more).format(count=more))
        listed = named[0] if len(named) == 1 else _("{names} and {last}").format(
            names=", ".join(named[:-1]), last=named[-1])
        return _(" ({names} read it alike)").format(names=listed)

    @property
    def text(self) -> str:
        """``this score reads as German (de): try --notation de``, and who else reads it alike."""
        line = _("this score reads as {name} ({code}): try {option}").format(
            name=told_name(self.code), code=self.code, option=f"--notation {self.code}")
        return line + self._alike()

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "plies_read": self.plies_read, "plies": self.plies,
                "illegal": self.illegal, "english_plies_read": self.english_plies_read, "also": self.also,
                "text": self.text}


def notation_hint(text: str) -> NotationHint | None:
    """The language that reads a score English cannot read to its end, if one reads it to its
    end or reads much further (twice as far, and ten plies more); None otherwise.

    Each language first reads only as far as English did plus ten plies; only the ones that get
    through that stretch read the rest, so a game costs a few hundred move readings.
    """
    score = read_score(text)
    try:
        start = start_board(score.headers)
    except ValueError:
        return None
    plies = len(score.moves)
    english_read, _ = _reach(start, score.moves, language(None), plies)
    if english_read == plies:
        return None
    window = english_read + _PROBE
    readings: dict[str, tuple[int, int]] = {}
    for group in _other_languages():
        read, illegal = _reach(start, score.moves, group[0], window)
        if read < min(window, plies):
            continue
        got = _reach(start, score.moves, group[0], plies) if plies > window else (read, illegal)
        readings.update((lang.code, got) for lang in group)
    far = {code: got for code, got in readings.items()
           if got[0] == plies or got[0] - english_read >= max(_PROBE, english_read)}
    if not far:
        return None
    best = max(far.values(), key=lambda got: (got[0], -got[1]))
    codes = sorted((code for code, got in far.items() if got == best), key=language_preference)
    first = language(codes[0])
    return NotationHint(first.code, first.name, best[0], plies, best[1], english_read, codes[1:])


_PROBE = 10
#: Among languages that read a score alike (German, Danish, Norwegian and Swedish share their
#: letters), the one most scoresheets are written in is named first.
_PREFERRED = ("de", "fr", "es", "ru", "it", "nl", "pt", "pl", "cs", "hu", "sr-Latn", "sr-Cyrl", "figurine")


def language_preference(code: str) -> tuple[int, str]:
    """The key that sorts language codes as they are named: :data:`_PREFERRED` first, then the rest."""
    return (_PREFERRED.index(code) if code in _PREFERRED else len(_PREFERRED), code)


@functools.cache
def _other_languages() -> tuple[tuple[Language, ...], ...]:
    """The languages whose piece letters are not English's (Latin, Korean and Chinese write
    K Q R B N too), grouped by their letters: a group reads every score alike."""
    english = language(None)
    groups: dict[tuple[tuple[int, tuple[str, ...]], ...], list[Language]] = {}
    for lang in languages().values():
        if any(lang.letter(piece) != english.letter(piece) for piece in chess.PIECE_TYPES):
            groups.setdefault(tuple(sorted(lang.letters.items())), []).append(lang)
    return tuple(tuple(group) for group in groups.values())


def _reach(start: chess.Board, moves: list[str], lang: Language, limit: int) -> tuple[int, int]:
    """How many of the first ``limit`` moves ``lang`` reads, as the audit reads them (an illegal
    move that names one move a piece could make is read, and counted), and how many are illegal."""
    board = start.copy(stack=False)
    illegal = 0
    for read, text in enumerate(moves[:limit]):
        try:
            move = legal_or_null(board, text, lang)
        except ValueError:
            candidates = moves_named(board, text, lang, legal=False)
            if len(candidates) != 1:
                return read, illegal
            move = candidates[0]
            illegal += 1
        board.push(move)
    return min(limit, len(moves)), illegal


#: The move python-chess's tokenizer finds in a word (its ``MOVETEXT_REGEX``'s first group).
_PYTHON_CHESS_MOVE = re.compile(r"[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?")


def partly_read(text: str) -> list[str]:
    """A note naming the words of the movetext python-chess reads only in part, as the move after
    a letter it does not know (``Sf3`` as ``f3``, a score in another language), if there are any.
    Looked for only when the English reading fails: it explains the illegal moves."""
    lines = [line for line in text.split("\n") if not line.startswith(("[", "%", ";"))]
    found = []
    for word in re.sub(r"\{[^}]*\}|;[^\n]*|[()]", " ", "\n".join(lines)).split():
        word = MOVE_NUMBER.sub("", word)
        move = _PYTHON_CHESS_MOVE.search(word)
        if move is not None and move.start() and word[move.start() - 1].isalpha():
            found.append(_("{word} as {move}").format(word=repr(word), move=move.group()))
    if not found:
        return []
    more = ngettext(" and {count} more", " and {count} more", len(found) - 3).format(count=len(found) - 3) \
        if len(found) > 3 else ""
    return [_("words {reader} reads only in part, as a move: {words}").format(
        reader="python-chess", words=", ".join(found[:3])) + more]
