"""Text for people: the board, the hands, the obligation, rulings with their articles."""

from __future__ import annotations

import os
import sys
import textwrap
from typing import TextIO

import chess

from arbiter.core.boardtext import board_text
from arbiter.core.clock import format_duration
from arbiter.core.errors import UnknownArticleError
# The error lines every front end cuts, named here too for the commands.
from arbiter.files.documents import LONG_LINE as LONG_LINE
from arbiter.files.documents import LONG_TEXT as LONG_TEXT
from arbiter.files.documents import error_line as error_line
from arbiter.laws import articles as laws
from arbiter.laws.referee import Referee
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
    line = (f"{view.to_move.capitalize()} has the move; turn: {view.state}; {hands(view)}; "
            f"obligation: {obligation_words(view.obligation)}")
    if view.clock is not None:
        white, black = view.clock.remaining["white"], view.clock.remaining["black"]
        line += f"; clock: white {format_duration(white)}, black {format_duration(black)}"
    if view.result != "*":
        line += f"; result {view.result} ({view.reason})"
    return line


def hands(view: View) -> str:
    """What the players hold, e.g. ``White holds the knight from g1 (right hand)``."""
    parts = []
    for held in view.hands:
        piece = chess.Piece.from_symbol(held.piece)
        name = chess.piece_name(piece.piece_type)
        if chess.COLOR_NAMES[piece.color] != held.player:
            name = f"{chess.COLOR_NAMES[piece.color]} {name}"
        origin = f" from {held.origin}" if held.origin is not None else " (a new piece)"
        where = f", set on {held.on}" if held.on is not None else ""
        parts.append(f"{held.player.capitalize()} holds the {name}{origin}{where} ({held.hand} hand)")
    return "; ".join(parts) if parts else "nothing in hand"


def obligation_words(ob: ObligationView) -> str:
    """The obligation in a few words: ``move g1 (4.3.1)``, ``capture d5 with e4``, ``free``."""
    words = {
        "any": "free",
        "move": f"move {ob.square}",
        "capture": f"capture {ob.square}" + (f" with {ob.with_}" if ob.with_ is not None else ""),
        "castle": f"castle {ob.side}",
        "king": "a king move",
        "promote": f"promote to {ob.piece} on {ob.square}",
        "play": f"play {ob.move}",
    }[ob.must]
    if ob.barred_side:
        words += f" (no castling {ob.barred_side})"
    return f"{words} ({ob.article})" if ob.article else words


def status(referee: Referee) -> str:
    """:func:`status_line` of the game as ``referee`` holds it (``arbiter explain``)."""
    return status_line(view_of(referee, (), (), 0))


def article_text(number: str, width: int = 88, indent: str = "") -> str:
    """``4.3.1 Own pieces touched``, then the article's paragraph, wrapped."""
    try:
        entry = laws.article(number)
    except UnknownArticleError:
        return f"{indent}{number} (not in rules/)"
    head = f"{indent}{entry.number} {entry.title}"
    body = textwrap.fill(entry.text, width=width, initial_indent=indent + "  ", subsequent_indent=indent + "  ")
    return f"{head}\n{body}"


def ruling(item: Ruling, indent: str = "    ") -> str:
    """A ruling's line: kind, article, the sentence, and its other fields."""
    extra = {k: v for k, v in item.as_dict().items() if k not in ("kind", "article", "text", "event")}
    fields = f"  [{', '.join(f'{k}: {v}' for k, v in extra.items())}]" if extra else ""
    return f"{indent}{item.kind} ({item.article}): {item.text}{fields}"


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

