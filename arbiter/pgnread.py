"""PGN whose moves are written in another language than English.

python-chess's PGN reader only knows English SAN: its tokenizer would take ``Сf3`` (Serbian
Cyrillic, the knight) for the pawn move ``f3``. A score in another language is therefore read
here: the tags, the main line's moves as written, and the clock comment after each move;
variations, other comments, move numbers and NAGs are passed over. English PGN keeps going
through python-chess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbiter.clock import MAX_DURATION, TimeControlError
from arbiter.errors import shown

_TAG = re.compile(r'^\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}?|;[^\n]*|[()]|\$\d+|[^\s{}();]+")
MOVE_NUMBER = re.compile(r"^\d+\.+")
_CLOCK = re.compile(r"\[%clk\s+(\d+):(\d+):(\d+(?:\.\d*)?)\]")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass
class Score:
    """One game's score as written: tags, main-line moves, the clock after each move, result."""

    headers: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    clocks: list[float | None] = field(default_factory=list)
    result: str | None = None
    #: What makes the score broken though its moves can be read (a clock comment beyond bounds).
    errors: list[str] = field(default_factory=list)


def clock_seconds(hours: str, minutes: str, seconds: str) -> float:
    """A ``[%clk H:MM:SS]`` comment's reading in seconds.

    :raises TimeControlError: if it is over :data:`~arbiter.clock.MAX_DURATION` (1000 hours).
    """
    # float(), not int(): int() refuses more than 4,300 digits; float() gives inf at worst.
    total = float(hours) * 3600 + float(minutes) * 60 + float(seconds)
    if total > MAX_DURATION:
        raise TimeControlError(f"clock reading {shown(f'{hours}:{minutes}:{seconds}')} is over 1000 hours")
    return total


def read_score(text: str) -> Score:
    """The first game of ``text`` (tags, then movetext), its moves left as written."""
    score = Score()
    movetext: list[str] = []
    for line in text.splitlines():
        tag = _TAG.match(line)
        if tag is not None and not movetext:
            score.headers[tag.group(1)] = tag.group(2).replace('\\"', '"').replace("\\\\", "\\")
        elif line.strip() and not line.startswith("%"):
            movetext.append(line)
    depth = 0
    for token in _TOKEN.findall("\n".join(movetext)):
        if token.startswith("{"):
            clock = _CLOCK.search(token)
            if depth == 0 and clock is not None and score.moves:
                try:
                    score.clocks[-1] = clock_seconds(*clock.groups())
                except TimeControlError as err:
                    score.errors.append(f"ply {len(score.moves)}: bad [%clk] comment: {err}")
        elif token == "(":
            depth += 1
        elif token == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and not token.startswith((";", "$")):
            move = MOVE_NUMBER.sub("", token)
            if move in RESULTS:
                score.result = move
                break
            if move and move.strip("!?") and move.lower() not in ("e.p.", "ep", "e.p"):
                score.moves.append(move)
                score.clocks.append(None)
    return score
