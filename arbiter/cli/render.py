"""Text for people: the board, the hands, the obligation, rulings with their articles."""

from __future__ import annotations

import os
import sys
import shutil
import textwrap
from collections.abc import Callable, Mapping
from typing import Any, TextIO

import chess

from arbiter.core.boardtext import board_text
from arbiter.core.clock import format_duration
from arbiter.core.errors import UnknownArticleError
from arbiter.core.i18n import NOTATION_OF, _, code_words, current_language, pgettext
from arbiter.core.notation import language
# The error lines every front end cuts, named here too for the commands.
from arbiter.core.errorline import LONG_LINE as LONG_LINE
from arbiter.core.errorline import LONG_TEXT as LONG_TEXT
from arbiter.core.errorline import error_line as error_line
from arbiter.laws.editions import CURRENT, edition_article
from arbiter.laws.referee import Referee
from arbiter.laws.texts import event_words as event_words
from arbiter.laws.rulings import Ruling
from arbiter.session.view import ObligationView, View, view_of


def colour(stream: TextIO) -> bool:
    """Whether to print ANSI colour on ``stream``: it is a terminal and ``NO_COLOR`` is unset or
    empty (https://no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def board(standing: chess.BaseBoard, indent: str = "    ") -> str:
    """The pieces as they stand, White at the bottom, files and ranks marked."""
    return board_text(standing, indent)


def status_line(view: View) -> str:
    """One line: who has the move, the turn's state, the hands, the obligation, the clocks."""
    mover = _("White has the move") if view.to_move == "white" else _("Black has the move")
    line = _("{mover}; turn: {state}; {hands}; obligation: {obligation}").format(
        mover=mover, state=pgettext("state", view.state), hands=hands(view),
        obligation=obligation_words(view.obligation))
    if view.clock is not None:
        white, black = view.clock.remaining["white"], view.clock.remaining["black"]
        line += _("; clock: white {white}, black {black}").format(white=format_duration(white),
                                                                  black=format_duration(black))
    if view.draw_offer is not None:  # open until accepted, declined or rejected by a touch (9.1.2)
        line += _("; White's draw offer is open") if view.draw_offer == "white" else _("; Black's draw offer is open")
    if view.result != "*":
        line += _("; result {result} ({reason})").format(result=view.result,
                                                         reason=code_words("reason", str(view.reason)))
    return line


def hands(view: View) -> str:
    """What the players hold, e.g. ``White holds the knight from g1 (right hand)``."""
    parts = []
    for held in view.hands:
        piece = chess.Piece.from_symbol(held.piece)
        name = pgettext("held", chess.piece_name(piece.piece_type))
        if chess.COLOR_NAMES[piece.color] != held.player:
            name = (_("white {piece}") if piece.color == chess.WHITE else _("black {piece}")).format(piece=name)
        origin = (_(" from {square}").format(square=held.origin) if held.origin is not None
                  else _(" (a new piece)"))
        where = _(", set on {square}").format(square=held.on) if held.on is not None else ""
        hand = _("right hand") if held.hand == "right" else _("left hand")
        holds = _("White holds the {piece}") if held.player == "white" else _("Black holds the {piece}")
        parts.append(holds.format(piece=name) + f"{origin}{where} ({hand})")
    return "; ".join(parts) if parts else _("nothing in hand")


def obligation_words(ob: ObligationView) -> str:
    """The obligation in a few words: ``move g1 (4.3.1)``, ``capture d5 with e4``, ``free``."""
    side = pgettext("side", str(ob.side))
    words = {
        "any": lambda: _("free"),
        "move": lambda: _("move {square}").format(square=ob.square),
        "capture": lambda: (_("capture {square} with {capturer}").format(square=ob.square, capturer=ob.with_)
                            if ob.with_ is not None else _("capture {square}").format(square=ob.square)),
        "castle": lambda: _("castle {side}").format(side=side),
        "king": lambda: _("a king move"),
        "promote": lambda: (_("promote to {piece} on {square}").format(piece=piece_letter(ob.piece), square=ob.square)
                            if ob.piece is not None else _("promote on {square}").format(square=ob.square)),
        "play": lambda: _("play {move}").format(move=ob.move),
    }[ob.must]()
    if ob.barred_side:
        words += _(" (no castling {side})").format(side=pgettext("side", ob.barred_side))
    return f"{words} ({ob.article})" if ob.article else words


def piece_letter(piece: str | None) -> str | None:
    """A piece's letter (``N``) as the language in force writes it in its notation (``С`` in
    Serbian, ``К`` in Bulgarian); English keeps the letter as it is."""
    code = current_language()
    if piece is None or code == "en":
        return piece
    return language(NOTATION_OF[code]).letters[chess.Piece.from_symbol(piece).piece_type][0]


def status(referee: Referee) -> str:
    """:func:`status_line` of the game as ``referee`` holds it (``arbiter explain``)."""
    return status_line(view_of(referee, (), (), 0))


def article_text(number: str, width: int = 88, indent: str = "", edition: str = CURRENT) -> str:
    """``4.3.1 Own pieces touched``, then the article's paragraph, wrapped; ``number`` as the
    edition ``edition`` of the Laws numbers it."""
    try:
        entry = edition_article(edition, number, current_language())
    except UnknownArticleError:
        return indent + _("{article} (not in rules/)").format(article=number)
    head = f"{indent}{entry.number} {entry.title}"
    body = textwrap.fill(entry.text, width=width, initial_indent=indent + "  ", subsequent_indent=indent + "  ")
    return f"{head}\n{body}"


#: Fields a ruling's line leaves out: its kind, article and sentence are the line, and a helpmate
#: line is given only on request (``explain --lines``), under the ruling.
HIDDEN_FIELDS = ("kind", "article", "text", "event", "line")


def ruling(item: Ruling, indent: str = "    ", lines: bool = False) -> str:
    """A ruling's line: kind, article, the sentence, and its other fields; with ``lines``, a
    helpmate line the ruling carries on a line of its own under it."""
    return ruling_fields(item.as_dict(), indent, lines)


def ruling_fields(fields: Mapping[str, Any], indent: str = "    ", lines: bool = False) -> str:
    """:func:`ruling` of a ruling given as its fields (a view's, a document's): a piece named by
    the language's letter."""
    extra = {k: piece_letter(v) if k == "piece" and isinstance(v, str) and len(v) == 1 else v
             for k, v in fields.items() if k not in HIDDEN_FIELDS}
    shown = (f"{pgettext('field', k)}: {pgettext('value', v) if isinstance(v, str) else v}" for k, v in extra.items())
    said = f"  [{', '.join(shown)}]" if extra else ""
    told = f"{indent}{pgettext('kind', str(fields['kind']))} ({fields['article']}): {fields['text']}{said}"
    if lines and fields.get("line"):
        told += f"\n{indent}  " + _("the line: {line}").format(line=fields["line"])
    return told


def reads_piped_input() -> bool:
    """Whether standard input is a pipe or a file rather than a terminal (answers given ahead)."""
    try:
        return not os.isatty(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):  # no descriptor: a stand-in stream, not a pipe
        return False


def read_line(prompt: str) -> str:
    """Read one answer from standard input that is not a terminal (a pipe, a file), with no line
    editing: the prompt and the answer are echoed, so the output reads as a transcript.

    :raises EOFError: at the end of the input.
    """
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print()
        raise EOFError
    answer = line.rstrip("\r\n")
    print(answer)
    return answer


def fitted(text: str, width: int | None) -> str:
    """``text`` with each line longer than ``width`` columns (the terminal's) wrapped between words,
    its continuation indented under the line's start: a terminal cuts a long ruling mid-word.
    ``None``: as it is (output to a file or a pipe)."""
    if width is None:
        return text
    lines = []
    for line in text.splitlines():
        if len(line) <= width:
            lines.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip())]
        lines.append(wrapped(line.strip(), max(width, 40), lead + "  ", lead))
    return "\n".join(lines)


def wrapped(text: str, width: int, indent: str = "", first: str = "") -> str:
    """``text`` wrapped between words at ``width`` columns (a word longer than that, a hyphenated
    one, whole), its first line begun with ``first`` and the others with ``indent``."""
    return textwrap.fill(text, width=width, initial_indent=first, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


def terminal_width(stream: TextIO) -> int | None:
    """The columns of the terminal ``stream`` writes to; None for a file or a pipe (left whole)."""
    return shutil.get_terminal_size().columns if stream.isatty() else None


def terminal_printer() -> Callable[[str], None]:
    """``print`` to standard output, each line fitted to the terminal's columns between words
    (:func:`fitted`; a file or a pipe gets the lines whole). ``run`` and ``audit`` import this
    module only when they write to a terminal: their start is what the benchmarks time."""
    width = terminal_width(sys.stdout)
    return lambda text: print(fitted(text, width))
