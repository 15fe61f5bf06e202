"""PGN whose moves are written in another language than English.

python-chess's PGN reader only knows English SAN: its tokenizer would take ``Сf3`` (Serbian
Cyrillic, the knight) for the pawn move ``f3``. A score in another language is therefore read
here, the way python-chess's reader reads English (``chess.pgn.read_game``): the tags, then the
main line's moves as written and the clock comment after each move, up to the blank line that
ends the game; variations (nested too), other comments, move numbers (glued to the move too,
``1.e4``), NAGs and whatever else holds no move are passed over. English PGN keeps going through
python-chess.

One difference, on purpose: a word is read whole. python-chess takes a move out of a longer word
and passes over the rest (``Rh7++`` is ``Rh7``, ``bxa6e.p.`` is ``bxa6``, and ``Sf3`` is ``f3``);
here the language reads the word (its check marks and ``e.p.`` are part of a move), and a word
with a square it cannot read is an unreadable move, not a pawn move.
"""

from __future__ import annotations

from fractions import Fraction

import re
from dataclasses import dataclass, field

from arbiter.core.clock import MAX_DURATION, TimeControlError
from arbiter.core.errors import shown
from arbiter.core.i18n import _

#: A tag pair as python-chess reads one (its ``TAG_REGEX``; the value's ``\\"`` and ``\\\\`` are
#: unescaped here). Not imported: ``chess.pgn`` costs the cold start of every command.
_TAG = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}?|;[^\n]*|[()]|\$\d+|[^\s{}();]+")
MOVE_NUMBER = re.compile(r"^\d+\.+")
#: What python-chess's tokenizer finds a move in: a square, castling. A word without one (``...``,
#: ``+=``, ``e.p.``, ``½-½``, a move number without its dot, a move cut off as ``Kx``), or of
#: digits only, is passed over.
_HOLDS_MOVE = re.compile(r"[a-h][1-8]|[O0o]-?[O0o]")
#: A null move, as python-chess's tokenizer finds one in a word without a square: ``--`` (also in
#: ``+--``, which some files write for a forfeit), ``Z0``, ``0000``, ``@@@@``. Read as ``--``.
_NULL_MOVE = re.compile(r"--|Z0|0000|@@@@")
#: How a null move is given in :attr:`Score.moves`.
NULL_MOVE = "--"
_CLOCK = re.compile(r"\[%clk\s+(\d+):(\d+):(\d+(?:\.\d*)?)\]")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass
class Score:
    """One game's score as written: tags, main-line moves, the clock after each move, result."""

    headers: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    clocks: list[Fraction | None] = field(default_factory=list)
    #: The result written in the main line's movetext, as python-chess's reader takes it: the first
    #: one other than ``*`` (``*`` if only that is written); None if none is written.
    result: str | None = None
    #: What makes the score broken though its moves can be read (a clock comment beyond bounds).
    errors: list[str] = field(default_factory=list)


def clock_seconds(hours: str, minutes: str, seconds: str) -> Fraction:
    """A ``[%clk H:MM:SS]`` comment's reading in exact seconds (``0:00:07.3`` is 73/10; read to the
    nanosecond: no clock shows more).

    :raises TimeControlError: if it is over :data:`~arbiter.core.clock.MAX_DURATION` (1000 hours).
    """
    whole, _point, decimals = seconds.partition(".")
    # Counted first: int() refuses more than 4,300 digits, and such a reading is over every bound.
    if max(len(hours.lstrip("0")), len(minutes.lstrip("0")), len(whole.lstrip("0"))) > 9:
        total = Fraction(MAX_DURATION + 1)
    else:
        total = Fraction(int(hours) * 3600 + int(minutes) * 60 + int(whole or "0"))
        if decimals.strip("0"):
            total += Fraction(int(decimals[:_MOST_DECIMALS]), 10 ** len(decimals[:_MOST_DECIMALS]))
    if total > MAX_DURATION:
        raise TimeControlError(_("clock reading {reading} is over 1000 hours").format(
            reading=shown(f"{hours}:{minutes}:{seconds}")))
    return total


#: The decimals of a second a clock comment is read to (beyond: no clock shows them).
_MOST_DECIMALS = 9

_OPENS = re.compile(r"[{;]")


def still_in_comment(line: str, in_comment: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of this movetext line."""
    at = 0
    while True:
        if in_comment:
            at = line.find("}", at) + 1
            if not at:
                return True
            in_comment = False
        else:
            opening = _OPENS.search(line, at)
            if opening is None or opening.group() == ";":  # the rest of the line is a comment
                return False
            at, in_comment = opening.end(), True


def read_score(text: str) -> Score:
    """The first game of ``text`` (tags, then movetext), its moves left as written."""
    score = Score()
    depth = 0
    movetext = _movetext(text, score.headers)
    for token in _TOKEN.findall("\n".join(movetext)):
        if token.startswith("{"):
            clock = _CLOCK.search(token)
            if depth == 0 and clock is not None and score.moves:
                try:
                    score.clocks[-1] = clock_seconds(*clock.groups())
                except TimeControlError as err:
                    score.errors.append(_("ply {ply}: bad {comment} comment: {error}").format(
                        ply=len(score.moves), comment="[%clk]", error=err))
        elif token == "(":
            if depth or score.moves:  # python-chess opens a variation only after a move, else
                depth += 1  # it reads what the parentheses hold as the main line
        elif token == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and not token.startswith((";", "$")):
            move = MOVE_NUMBER.sub("", token)
            if move in RESULTS:
                if score.result in (None, "*"):  # python-chess's reader keeps the first other than *
                    score.result = move
                continue
            if _HOLDS_MOVE.search(move) and not move.isdigit():
                score.moves.append(move)
            elif _NULL_MOVE.search(move):
                score.moves.append(NULL_MOVE)
            else:
                continue
            score.clocks.append(None)
    return score


def _movetext(text: str, headers: dict[str, str]) -> list[str]:
    """The movetext lines of the first game of ``text``, up to the blank line (outside a comment)
    that ends it; its tag pairs go into ``headers``. As python-chess reads them: a byte-order mark
    at the start is read away, one blank line between tags is passed over and a second one ends the
    game, a malformed tag is passed over, a line starting with ``%`` or ``;`` is skipped."""
    lines = iter(text.splitlines())
    line = next(lines, None)
    line = line.lstrip("\ufeff") if line is not None else None
    while line is not None and (_is_blank(line) or line.startswith(("%", ";"))):
        line = next(lines, None)
    blanks = 0
    while line is not None:
        if line.startswith(("%", ";")):
            pass
        elif _is_blank(line) and blanks < 1:
            blanks += 1
        elif not line.startswith("["):
            break
        else:
            blanks = 0
            tag = _TAG.match(line)
            if tag is not None:
                headers[tag.group(1)] = tag.group(2).replace('\\"', '"').replace("\\\\", "\\")
        line = next(lines, None)
    movetext: list[str] = []
    in_comment = False
    while line is not None and (in_comment or not _is_blank(line)):
        if in_comment or not line.startswith(("%", ";")):
            movetext.append(line)
            in_comment = still_in_comment(line, in_comment)
        line = next(lines, None)
    return movetext


def _is_blank(line: str) -> bool:
    return not line or line.isspace()
