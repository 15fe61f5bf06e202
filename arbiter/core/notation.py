"""Moves in the notation of every language of the piece-name table, read and written.

The letters come from ``rules/notation.yaml`` (:mod:`arbiter.core.piece_letters`, whose names
this module also gives its readers: ``Language``, ``language``, ``languages``), one entry per
language of the seed's table "Називи фигура". Left out, because the table gives them no letters,
only the pieces' names: Japanese (``ja``), Hebrew (``he``) and Telugu (``te``).

Writing is python-chess's SAN with the piece letters replaced. Reading accepts what scoresheets
hold: SAN with or without the capture sign (``x``, ``:``, ``×``), check and mate signs (``+``,
``++``, ``#``, ``†``, ``‡``), ``e.p.``, castling as ``O-O`` or ``0-0``, promotion as ``e8=D``,
``e8D``, ``e8(D)`` or ``e8/D``, long algebraic (``Sg1-f3``, ``e2-e4``) and UCI (``g1f3``). The
moves themselves always come from python-chess: the reader only says which of them the text names.

A letter that is a piece in upper case and a file in lower case (French ``F`` and file ``f``,
Hungarian ``H`` and ``h``, English ``B`` and ``b``) is read by its case first; only when that
names no legal move is the other reading tried. Whatever still names more than one move is an
:class:`AmbiguousNotationError` listing the candidates.
"""

from __future__ import annotations

import re
from functools import cache

import chess

from arbiter.core.errors import (
    AmbiguousNotationError,
    ImpossibleMoveError,
    InvalidEventError,
    shown,
)
from arbiter.core.i18n import _
from arbiter.core.moveread import matching_moves, parse_move, parse_move_checked
from arbiter.core.piece_letters import DEFAULT, PIECES, Language, language, languages, readings_of, told_name
from arbiter.core.records import Record

__all__ = [
    "DEFAULT", "PIECES", "Language", "language", "languages", "legal_move", "move_pattern", "moves_named", "read_move",
    "readings_of", "told_name", "translate_line",
    "read_move_checked", "translate",
    "write_san",
]

_FILES = "abcdefgh"


# -- writing ---------------------------------------------------------------------------------------


def write_san(board: chess.Board, move: chess.Move, lang: Language | str | None = None) -> str:
    """The SAN of the legal ``move`` of ``board`` in ``lang`` (English by default)."""
    return translate(board.san(move), lang)


def translate(san: str, lang: Language | str | None, source: Language | str | None = None) -> str:
    """SAN written in ``source`` (English by default) rewritten in ``lang``: the piece letter
    and the promotion letter change, nothing else. Text that is not a move comes back as it is."""
    into = lang if isinstance(lang, Language) else language(lang)
    origin = source if isinstance(source, Language) else language(source)
    if into.code == origin.code:
        return san
    parts = _split(san, origin)
    if parts is None:
        return san
    piece, rest, promotion, suffix = parts
    letter = into.letter(piece) if piece is not None else ""
    promoted = "=" + into.letter(promotion) if promotion is not None else ""
    return f"{letter}{rest}{promoted}{suffix}"


#: A move in English SAN inside a text (a numbered line, a sentence).
_SAN_IN_TEXT = re.compile(r"\b(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8]|[a-h][1-8])(?:=[QRBN])?[+#]?"
                          r"|O-O(?:-O)?[+#]?")


def translate_line(text: str, lang: Language | str | None) -> str:
    """Every English SAN move of ``text`` (a numbered line: ``1. Nf3 Nf6 2. Ng1``) in ``lang``."""
    into = lang if isinstance(lang, Language) else language(lang)
    if into.code == DEFAULT:
        return text
    return _SAN_IN_TEXT.sub(lambda found: translate(found.group(0), into), text)


_Parts = tuple[chess.PieceType | None, str, chess.PieceType | None, str]


def _split(san: str, lang: Language) -> _Parts | None:
    """A SAN text as (piece, the squares part, promotion, suffix), or None if it is not one."""
    match = move_pattern(lang).fullmatch(san.strip())
    if match is None or match["castle"] is not None:
        return None
    piece = lang.by_letter[match["piece"]] if match["piece"] else None
    promotion = _promotion(lang, match["promotion"])
    squares = (match["file"] or "") + (match["rank"] or "") + (match["capture"] or "") + match["to"]
    suffix = (" e.p." if match["ep"] else "") + (match["check"] or "")
    return piece, squares, promotion, suffix


# -- reading ---------------------------------------------------------------------------------------


class _Reading(Record):
    """What a move text says: the piece, where from (as much as written), where to, promotion."""

    __slots__ = ("piece", "to", "from_file", "from_rank", "promotion", "castle")
    piece: chess.PieceType
    to: chess.Square | None
    from_file: int | None
    from_rank: int | None
    promotion: chess.PieceType | None
    castle: str | None  # "kingside" / "queenside"

    def __init__(
        self,
        piece: chess.PieceType,
        to: chess.Square | None = None,
        from_file: int | None = None,
        from_rank: int | None = None,
        promotion: chess.PieceType | None = None,
        castle: str | None = None,
    ) -> None:
        object.__setattr__(self, "piece", piece)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "from_file", from_file)
        object.__setattr__(self, "from_rank", from_rank)
        object.__setattr__(self, "promotion", promotion)
        object.__setattr__(self, "castle", castle)


def _alternation(names: list[str]) -> str:
    return "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))


@cache
def move_pattern(lang: Language) -> re.Pattern[str]:
    """The regular expression of one move in ``lang``: castling, or [piece|pawn letter][from
    file][from rank][capture]to[promotion][e.p.][check]. Promotion letters are read in either case
    (no file follows a square)."""
    pieces = [name for t, names in lang.letters.items() if t != chess.PAWN for name in names]
    pawns = list(lang.letters[chess.PAWN])
    promoted = sorted({variant for name in pieces for variant in (name, name.lower(), name.upper())}, key=len,
                      reverse=True)
    piece = f"(?P<piece>{_alternation(pieces)})" if pieces else "(?P<piece>(?!))"
    pawn = f"(?:{_alternation(pawns)})?" if pawns else ""
    return re.compile(
        rf"(?P<castle>[O0o]-?[O0o](?:-?[O0o])?)(?P<ccheck>\+\+|[+#†‡])?"
        rf"|(?:{piece}|{pawn})(?P<file>[a-h])?(?P<rank>[1-8])?(?P<capture>[-x:×])?(?P<to>[a-h][1-8])"
        rf"(?:=|/)?\(?(?P<promotion>{_alternation(promoted)})?\)?"
        rf"(?P<ep>\s*e\.?\s*p\.?)?(?P<check>\+\+|[+#†‡])?"
    )


def _promotion(lang: Language, text: str | None) -> chess.PieceType | None:
    if not text:
        return None
    table = lang.by_letter
    for candidate in (text, text.upper(), text.lower(), text.capitalize()):
        if candidate in table:
            return table[candidate]
    return None


_SPACES = re.compile(r"\s+")
_UCI = re.compile(r"[a-h][1-8][a-h][1-8][qrbnQRBN]?")


def _clean(text: str) -> str:
    """The move text without annotations (``!``, ``?``) and without spaces inside it."""
    return _SPACES.sub("", text.strip().rstrip("!?"))


def _readings(text: str, lang: Language) -> list[_Reading]:
    """What ``text`` can mean, read as written (the case of each letter respected)."""
    match = move_pattern(lang).fullmatch(text)
    if match is None:
        return []
    if match["castle"] is not None:
        marks = re.sub(r"[^O0o]", "", match["castle"])
        return [_Reading(chess.KING, castle="queenside" if len(marks) == 3 else "kingside")]
    piece = lang.by_letter[match["piece"]] if match["piece"] else chess.PAWN
    return [_Reading(
        piece,
        to=chess.parse_square(match["to"]),
        from_file=_FILES.index(match["file"]) if match["file"] else None,
        from_rank=int(match["rank"]) - 1 if match["rank"] else None,
        promotion=_promotion(lang, match["promotion"]),
    )]


def _other_cases(text: str, lang: Language) -> list[str]:
    """The text with its first letter read the other way: a piece letter as a file, or a file
    (or a lower-case piece letter) as the piece. Empty when the first letter has no other reading."""
    if not text:
        return []
    first, rest = text[0], text[1:]
    others = []
    if first.isupper() and first.lower() in _FILES:
        others.append(first.lower() + rest)
    if first.islower():
        upper = first.upper()
        if upper in lang.by_letter:
            others.append(upper + rest)
        for name in lang.by_letter:  # a lower-case multi-letter abbreviation (кр for Кр)
            if len(name) > 1 and text.startswith(name.lower()):
                others.append(name + text[len(name):])
    return [other for other in others if other != text]


def _candidates(board: chess.Board, reading: _Reading, legal: bool) -> list[chess.Move]:
    """The moves of ``board`` (legal, or else pseudo-legal) that ``reading`` names."""
    if reading.castle is not None:
        try:  # castling is written alike in every language: python-chess reads it, legal or not
            move = board.parse_san("O-O" if reading.castle == "kingside" else "O-O-O") if legal else \
                parse_move(board, "O-O" if reading.castle == "kingside" else "O-O-O")
        except (ValueError, InvalidEventError):
            return []
        return [move]
    assert reading.to is not None
    return matching_moves(board, reading.piece, reading.to, reading.from_file, reading.from_rank,
                          reading.promotion, legal)


def _matches(board: chess.Board, texts: list[str], lang: Language, legal: bool) -> list[chess.Move]:
    found: list[chess.Move] = []
    for text in texts:
        for reading in _readings(text, lang):
            for move in _candidates(board, reading, legal):
                if move not in found:
                    found.append(move)
    return found


def moves_named(board: chess.Board, text: str, lang: Language | str | None = None,
                legal: bool = True) -> list[chess.Move]:
    """The moves of ``board`` that ``text`` names in ``lang``: legal ones, or with ``legal=False``
    the ones the pieces could make leaving the king in check. Read as written first; the other
    case of the first letter only if that names nothing."""
    into = lang if isinstance(lang, Language) else language(lang)
    cleaned = _clean(text)
    return _matches(board, [cleaned], into, legal) or _matches(board, _other_cases(cleaned, into), into, legal)


def _the_one(board: chess.Board, text: str, lang: Language, legal: bool) -> chess.Move | None:
    """The one move :func:`moves_named` gives, or None if none.

    :raises AmbiguousNotationError: if it gives several (the message lists them).
    """
    found = moves_named(board, text, lang, legal)
    if len(found) > 1:
        names = []
        for move in sorted(found, key=chess.Move.uci):
            written = write_san(board, move, lang) if board.is_legal(move) else move.uci()
            names.append(f"{written} ({move.uci()})" if written != move.uci() else written)
        raise AmbiguousNotationError(
            _("{move} is ambiguous in {notation} notation: it may be {moves}").format(
                move=shown(text), notation=told_name(lang), moves=", ".join(names)), found)
    return found[0] if found else None


def _is_move_text(cleaned: str, lang: Language) -> bool:
    """Whether ``cleaned`` reads as a move in ``lang`` (in either case of its first letter), or as UCI."""
    return _uci(cleaned) is not None or any(_readings(t, lang) for t in [cleaned, *_other_cases(cleaned, lang)])


def legal_move(board: chess.Board, text: str, lang: Language | str | None = None) -> chess.Move:
    """The legal move of ``board`` that ``text`` names in ``lang`` (UCI is read in every language).

    :raises AmbiguousNotationError: if it names several legal moves (the message lists them).
    :raises ImpossibleMoveError: if it names none, or is not a move at all.
    """
    into = lang if isinstance(lang, Language) else language(lang)
    cleaned = _clean(text)
    uci = _uci(cleaned)
    if uci is not None and board.is_legal(uci):
        return uci
    move = _the_one(board, text, into, legal=True)
    if move is not None:
        return move
    if not _is_move_text(cleaned, into):
        raise ImpossibleMoveError(_("{move} is not a move in {notation} notation").format(
            move=shown(text), notation=told_name(into)))
    raise ImpossibleMoveError(_("{move} names no legal move in {notation} notation in {fen}").format(
        move=shown(text), notation=told_name(into), fen=board.fen()))


def read_move(board: chess.Board, text: str, lang: Language | str | None = None) -> chess.Move:
    """The move ``text`` names, legal or not (a player may well make an illegal move: that is for
    the arbiter to rule on), as :func:`arbiter.core.moveread.parse_move` does for English SAN and UCI.

    :raises AmbiguousNotationError: if it names several moves.
    :raises InvalidEventError: if no piece could make it, or it is not a move at all.
    """
    return read_move_checked(board, text, lang)[0]


def read_move_checked(board: chess.Board, text: str, lang: Language | str | None = None) -> tuple[chess.Move, bool]:
    """:func:`read_move`, and whether the move was read among the legal moves (``True``: it is
    legal; ``False``: not known, python-chess is to be asked).

    :raises AmbiguousNotationError: as :func:`read_move`.
    :raises InvalidEventError: as :func:`read_move`.
    """
    into = lang if isinstance(lang, Language) else language(lang)
    if into.code != DEFAULT:
        return _read_any(board, text, into)
    try:
        return parse_move_checked(board, text)
    except InvalidEventError as err:
        try:  # python-chess could not read it: Kt for the knight, or a letter in the other case
            return _read_any(board, text, into)
        except ImpossibleMoveError:
            raise err from None


def _read_any(board: chess.Board, text: str, lang: Language) -> tuple[chess.Move, bool]:
    """:func:`read_move_checked` by the table's letters: a legal move first, else one the pieces
    could make."""
    cleaned = _clean(text)
    if not _is_move_text(cleaned, lang):
        raise ImpossibleMoveError(_("{move} is not a move in {notation} notation").format(
            move=shown(text), notation=told_name(lang)))
    uci = _uci(cleaned)
    if uci is not None:
        if board.piece_at(uci.from_square) is None:
            raise ImpossibleMoveError(_("no piece stands on {square} for {move}").format(
                square=chess.square_name(uci.from_square), move=shown(text)))
        return uci, False  # legal or not, as written
    move = _the_one(board, text, lang, legal=True)
    if move is not None:
        return move, True
    move = _the_one(board, text, lang, legal=False)
    if move is None:
        raise ImpossibleMoveError(_("no piece can play {move} in {notation} notation in {fen}").format(
            move=shown(text), notation=told_name(lang), fen=board.fen()))
    return move, False


def _uci(text: str) -> chess.Move | None:
    """``text`` as a UCI move (``g1f3``, ``e7e8q``), or None."""
    if not _UCI.fullmatch(text):
        return None
    try:
        return chess.Move.from_uci(text.lower())
    except chess.InvalidMoveError:  # a1a1: the same square twice
        return None
