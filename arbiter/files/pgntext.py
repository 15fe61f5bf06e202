"""PGN text as python-chess reads it, a game at a time, in constant memory: the cut of a stream into
the texts of its games, each game's tokens (tags, the moves as written, the clocks) with no move
judged, the board a game starts from, and what python-chess reads otherwise than it looks.

What the reader passes over that the writer may have meant (a malformed tag, a tag pair read as
movetext, a word of the movetext that is no part of PGN) is told in notes
(:mod:`arbiter.files.readingnotes`); a text that is no PGN game at all (prose, YAML) is told apart
from a broken game.
"""

from __future__ import annotations

from fractions import Fraction

import functools
import io
import re
from collections.abc import Iterator
from typing import TextIO

import chess
import chess.pgn

from arbiter.core.fenfaults import bad_fen_tag, is_fen_fault
from arbiter.core.clock import TimeControlError
from arbiter.core.i18n import _
from arbiter.core.notation import Language, languages, legal_move, move_pattern
from arbiter.core.pgnread import MOVE_NUMBER, NULL_MOVE, RESULTS, clock_seconds, read_score, still_in_comment


def game_texts(handle: TextIO) -> Iterator[tuple[int, str]]:
    """The raw text of each game, one at a time, cut where python-chess's reader cuts, so that
    the numbers are its numbers: a blank line after movetext (outside a comment), or a second
    blank line after the tags (kept in the game's text), ends a game; nothing else does (a tag
    line straight after movetext is movetext to python-chess). A byte-order mark is dropped where
    python-chess drops it: on the first line its reader reads for a game (the file's first line,
    or the line after the one that ended a game)."""
    number = 0
    lines: list[str] = []
    part = "before"  # before a game, in its tags, in its movetext
    blanks, in_comment, is_first_read = 0, False, True
    for line in handle:
        if is_first_read:
            line, is_first_read = line.lstrip("\ufeff"), False
        blank = not line.strip()
        escape = line.startswith((";", "%"))  # lines python-chess passes over
        if part == "before":
            if blank or escape:
                continue
            lines, blanks, in_comment = [], 0, False
            part = "tags" if line.startswith("[") else "moves"
        elif part == "tags":
            if blank:
                blanks += 1
                if blanks == 2:
                    number += 1
                    yield number, "".join([*lines, line])
                    part, is_first_read = "before", True
                    continue
            elif line.startswith("["):
                blanks = 0
            elif not escape:
                part = "moves"
        elif blank and not in_comment:
            number += 1
            yield number, "".join(lines)
            part, is_first_read = "before", True
            continue
        lines.append(line)
        if part == "moves" and (in_comment or not escape):
            in_comment = still_in_comment(line, in_comment)
    if part != "before":
        yield number + 1, "".join(lines)


class GameTokens(chess.pgn.BaseVisitor[None]):
    """One game's tokens: collects the headers, the SAN of each move as written, and the clock
    after each move, without judging the moves (the reader is told to skip each one: its board
    never moves)."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.sans: list[str] = []
        self.clocks: list[Fraction | None] = []
        self.errors: list[str] = []
        #: The error that stopped the reader (also in ``errors``): the moves after it are not read.
        self.unreadable: list[str] = []
        #: What makes the game broken though its moves were read (a clock comment beyond bounds).
        self.broken: list[str] = []
        self.depth = 0
        self.is_game = False
        self.has_tags = False
        #: Whether a result is written in the main line's movetext (``1-0`` after the moves).
        self.is_result_written = False
        #: Text of the main line's movetext that python-chess passes over as no token of PGN
        #: (``foo``, ``Qh9``, ``½-½``), each with its line in the game's text; besides move numbers,
        #: check signs and ``e.p.`` (:func:`read_first_game` finds them; python-chess's own reader
        #: says nothing of them). The first :data:`PASSED_OVER_KEPT`, and how many in all.
        self.passed_over: list[tuple[int, str]] = []
        self.passed_over_count = 0
        #: The first of them holding a letter or a digit (a miswritten move or result, not a glyph).
        self.first_word_passed_over: tuple[int, str] | None = None
        #: Where the lines of the game's text were last counted to: (position, lines before it).
        self.counted: tuple[int, int] = (0, 0)

    def begin_game(self) -> None:
        self.is_game = True

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue
        self.has_tags = True

    def begin_variation(self) -> chess.pgn.SkipType | None:
        self.depth += 1
        return chess.pgn.SKIP

    def end_variation(self) -> None:
        self.depth -= 1

    def begin_parse_san(self, board: chess.Board, san: str) -> chess.pgn.SkipType:
        if self.depth == 0:
            self.sans.append(san)
            self.clocks.append(None)
        # The move is not judged here, but the board must not look empty: python-chess opens a
        # variation (and lets it be skipped) only after a move, else it reads it as main line.
        # One null move is enough (it asks only whether there is one); a push a move cost as much
        # as the audit's own replay of it (issue 36).
        if not board.move_stack:
            board.push(chess.Move.null())
        return chess.pgn.SKIP

    def visit_result(self, result: str) -> None:
        self.is_result_written = True
        if self.headers.get("Result", "*") == "*":  # as python-chess's GameBuilder: the tag, unless it is *
            self.headers["Result"] = result

    def visit_comment(self, comment: str | list[str]) -> None:
        text = comment if isinstance(comment, str) else " ".join(comment)
        match = chess.pgn.CLOCK_REGEX.search(text)
        if self.depth == 0 and self.clocks and match is not None:
            try:
                self.clocks[-1] = clock_seconds(match.group("hours"), match.group("minutes"), match.group("seconds"))
            except TimeControlError as err:  # raised here, it would stop the reader and cut the game short
                self.broken.append(_("ply {ply}: bad {comment} comment: {error}").format(
                    ply=len(self.sans), comment="[%clk]", error=err))

    def handle_error(self, error: Exception) -> None:
        fen = self.headers.get("FEN")
        if isinstance(error, ValueError) and fen is not None and not self.sans and is_fen_fault(error):
            # python-chess sets the board up from the FEN tag before any move: said in our words
            self.errors.append(bad_fen_tag(fen, error))
        else:
            self.errors.append(str(error))

    def result(self) -> None:
        return None


def _same(visitor: GameTokens) -> GameTokens:
    return visitor


def read_games(handle: TextIO) -> Iterator[tuple[int, GameTokens]]:
    """The games of a PGN stream, one at a time, as collected tokens, numbered as python-chess
    counts them (a text between games that holds no move is a game too)."""
    number = 0
    while True:
        visitor = GameTokens()
        try:
            chess.pgn.read_game(handle, Visitor=functools.partial(_same, visitor))
        except Exception as err:  # noqa: BLE001 - a broken game is reported, the next one read
            number += 1
            said = _("{reader}'s PGN reader fails on it (look at its moves and its parentheses)").format(
                reader="python-chess") if isinstance(err, IndexError) else str(err)  # its IndexError says nothing
            visitor.unreadable.append(_("unreadable game: {error}").format(error=said))
            visitor.errors.append(visitor.unreadable[-1])
            yield number, visitor
            continue
        if not visitor.is_game:
            return
        number += 1
        yield number, visitor


def first_game(text: str) -> GameTokens | None:
    """The first game of ``text`` as :func:`read_games` collects it, None if the text holds none.

    Read by :func:`read_first_game` where it can, else by python-chess's reader.
    """
    tokens = read_first_game(text)
    if tokens is None:
        tokens = next((game for _number, game in read_games(io.StringIO(text))), None)
    return tokens if tokens is not None and (tokens.is_game or tokens.errors) else None


def read_first_game(text: str) -> GameTokens | None:
    """The first game of ``text`` read as python-chess's ``read_game`` reads it for
    :func:`read_games` (issue 36: the audit's own reader), or None where python-chess's reader
    must answer: a game with a ``Variant`` tag, or a ``FEN`` tag python-chess refuses (its board,
    and its error).

    The same rules, in python-chess's order: its patterns for tags and movetext tokens, the lines
    it passes over (``%`` and ``;`` at a line's start, one blank line among the tags), a comment
    running over lines, a variation opened only after a move and passed over whole, a result
    only outside variations, a blank line ending the game. What it does not do is python-chess's
    work for moves it is told to skip: no board, no visitor's call per token. A test reads every
    game of the real archives both ways.
    """
    tokens = GameTokens()
    lines = io.StringIO(text)
    line = lines.readline().lstrip("\ufeff")
    while line.isspace() or line.startswith(("%", ";")):
        line = lines.readline()
    empty_lines = 0
    while line:
        if line.startswith(("%", ";")):
            line = lines.readline()
            continue
        if empty_lines < 1 and line.isspace():
            empty_lines += 1
            line = lines.readline()
            continue
        tokens.is_game = True
        if not line.startswith("["):
            break
        empty_lines = 0
        tag = chess.pgn.TAG_REGEX.match(line)
        if tag is not None:
            tokens.visit_header(tag.group(1), tag.group(2))
        line = lines.readline()
    if not tokens.is_game:
        return tokens
    if "Variant" in tokens.headers:
        return None
    if "FEN" in tokens.headers:
        try:
            chess.Board(tokens.headers["FEN"])  # as python-chess sets it up: a FEN it refuses is its to report
        except ValueError:
            return None
    sans, clocks = tokens.sans, tokens.clocks
    skipping = 0  # the depth of the variation passed over
    fresh_line = True
    tokens_of = chess.pgn.MOVETEXT_REGEX.finditer
    while line:
        if fresh_line:
            if line.startswith(("%", ";")):
                line = lines.readline()
                continue
            if line.isspace():
                return tokens
        fresh_line = True
        end = 0
        after_move = False  # whether the token before is a move (a word glued to it is read in part)
        for match in tokens_of(line):
            start = match.start()
            token = match.group(0)
            first = token[0]
            if start != end and not skipping and line[end:start] not in _QUIET_GAPS:
                _check_passed_over(tokens, line[end:start], after_move and end > 0, _is_move_token(token), text,
                                   lines.tell())
            end = match.end()
            after_move = False
            if first == "{":
                line = token[2 if token.startswith("{ ") else 1:]
                comment = []
                while line and "}" not in line:
                    comment.append(line)
                    line = lines.readline()
                if line:
                    close = line.find("}")
                    comment.append(line[:close - 1 if close > 0 and line[close - 1] == " " else close])
                    line = line[close + 1:]
                if not skipping:
                    tokens.visit_comment("".join(comment))
                fresh_line = False
                break
            if token == "(":
                if skipping:
                    skipping += 1
                elif sans:  # python-chess opens a variation only after a move
                    skipping = 1
                    tokens.depth += 1
            elif token == ")":
                if skipping == 1:
                    skipping = 0
                    tokens.depth -= 1
                elif skipping:
                    skipping -= 1
            elif skipping:
                continue
            elif first == ";":
                break
            elif first == "$" or first == "?" or first == "!":
                continue  # a NAG: nothing the audit keeps
            elif token in RESULTS:
                tokens.visit_result(token)
            else:
                sans.append(token)
                clocks.append(None)
                after_move = True
        else:
            if end < len(line) and not skipping and line[end:] not in _QUIET_GAPS:
                _check_passed_over(tokens, line[end:], after_move and end > 0, False, text, lines.tell())
        if fresh_line:
            line = lines.readline()
    return tokens


#: What python-chess passes over in a movetext that holds nothing: spaces, move numbers
#: (``12.``, ``12...``, ``12…``), check and mate signs, ``e.p.`` after an en passant capture, and
#: the backslash some tools write before a NAG (``\$14``).
_PASSED_QUIETLY = re.compile(r"(?:\s|[+#\\]|\d+\s*(?:\.+|…)|\.+|…|e\.p\.|ep\b)+").fullmatch
#: The gaps between tokens found to hold nothing (`` 12. ``, ``+ 13...``): a game has dozens, the
#: same in every game, and asking the pattern again for each cost the audit's reader a tenth.
_QUIET_GAPS: set[str] = {" ", "\n", " \n"}
_QUIET_GAPS_KEPT = 1 << 12


def _is_move_token(token: str) -> bool:
    """Whether a token of python-chess's movetext pattern is a move (not a comment, a variation's
    parenthesis, a NAG or a result)."""
    return token[0] not in "{(;$?!)" and token not in RESULTS


def _check_passed_over(tokens: GameTokens, gap: str, after_move: bool, before_move: bool, text: str,
                       after_line: int) -> None:
    """Keep what ``gap``, text between two tokens (or after the last) that python-chess's reader
    passes over, holds (``after_line``: where the reader stands in ``text``, just after the gap's
    line). A word glued to a move before or after it (``after_move``, ``before_move``) is a word
    read in part (``Sf3`` read as ``f3``), which the audit's notes say where the English reading
    fails; a tag pair read as movetext, and the rest of its line,
    :func:`~arbiter.files.readingnotes.text_notes` says."""
    if gap.isspace() or _PASSED_QUIETLY(gap):
        if len(_QUIET_GAPS) < _QUIET_GAPS_KEPT:
            _QUIET_GAPS.add(gap)
        return
    words = gap.split()
    if after_move and not gap[0].isspace():
        words = words[1:]
    if before_move and not gap[-1].isspace():
        words = words[:-1]
    said = " ".join(word for word in words if not _PASSED_QUIETLY(word))  # not its move numbers
    if not said:
        return
    at, before = tokens.counted  # counted on from the last count: the game's text is read once
    line = before + text.count("\n", at, after_line - 1) + 1
    tokens.counted = (max(at, after_line - 1), line - 1)
    if TAG_FIRST.match(text[text.rfind("\n", 0, after_line - 1) + 1:after_line].lstrip(" \t\ufeff")):
        return
    tokens.passed_over_count += 1
    if len(tokens.passed_over) < PASSED_OVER_KEPT:
        tokens.passed_over.append((line, said))
    if tokens.first_word_passed_over is None and any(character.isalnum() for character in said):
        tokens.first_word_passed_over = (line, said)


#: How many of a game's passed-over texts are kept, each with its line (the notes name them).
PASSED_OVER_KEPT = 5


def tokens_of_score(text: str) -> GameTokens:
    """A game's tokens as :func:`~arbiter.core.pgnread.read_score` reads them, for a score in
    another language than English (python-chess's reader knows only English SAN)."""
    score = read_score(text)
    tokens = GameTokens()
    tokens.headers, tokens.sans, tokens.clocks = score.headers, score.moves, score.clocks
    tokens.has_tags = bool(score.headers)
    tokens.is_result_written = score.result is not None
    if score.result is not None and tokens.headers.get("Result", "*") == "*":  # as python-chess's reader
        tokens.headers["Result"] = score.result
    tokens.broken = score.errors
    return tokens


def start_board(headers: dict[str, str]) -> chess.Board:
    """The board a game starts from, as python-chess sets it up: the ``FEN`` tag (in any castling
    notation: KQkq, Shredder ``HAha``, X-FEN), with Chess960 castling when the ``Variant`` tag
    says so or the castling rights can only be Chess960's.

    :raises ValueError: if the ``FEN`` tag is not a position.
    """
    is960 = chess.pgn.Headers({"Variant": headers.get("Variant", "")}).is_chess960()
    board = chess.Board(headers.get("FEN", chess.STARTING_FEN), chess960=is960)
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


def legal_or_null(board: chess.Board, text: str, lang: Language) -> chess.Move:
    """:func:`~arbiter.core.notation.legal_move`, and a null move (``--``) as python-chess reads one.

    :raises ValueError: if ``text`` names no legal move, or several.
    """
    return chess.Move.null() if text == NULL_MOVE else legal_move(board, text, lang)


_TOKEN = re.compile(
    r"""\d+\.+|\.\.\.|1-0|0-1|1/2-1/2|\*|\$\d+|[!?]{1,2}|--|Z0|0000|@|[()]|"""
    r"""[KQRBNP]?[a-h]?[1-8]?[x:-]?[a-h][1-8](=?[QRBNqrbn])?[+#]?[!?]*|[O0]-[O0](-[O0])?[+#]?[!?]*"""
)
#: Two tag pairs in the value python-chess's tag pattern reads on one line (its value is greedy).
TAG_INSIDE = re.compile(r'"\]\s*\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"')
#: A tag pair at the start of a movetext line (movetext may follow it).
TAG_FIRST = re.compile(r'\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"(?:[^"\\]|\\.)*"\]')


def is_ended_after_tags(text: str) -> bool:
    """Whether ``text`` (one game as :func:`game_texts` cuts it) is tags that two blank lines
    ended before any movetext, as python-chess reads them."""
    lines = [line for line in text.splitlines() if not line.startswith(("%", ";"))]
    return len(lines) >= 2 and all(not line.strip() or line.startswith("[") for line in lines) \
        and not lines[-1].strip() and not lines[-2].strip()


_WORDS = re.compile(r"[()]|[^\s()]+")
_YAML_KEY = re.compile(r"^(---|[A-Za-z_][\w-]*:(\s|$)|- [A-Za-z_][\w-]*:(\s|$))")
_SQUARE = re.compile(r"[a-h][1-8]|[O0]-[O0]")


def why_not_pgn(text: str) -> str | None:
    """Why ``text`` (one game as :func:`game_texts` cuts it) holds no PGN game, or None if it
    does: a game has a line that starts with a tag pair (after spaces too, movetext after it),
    or movetext that is mostly moves, move numbers, variations and results, with at least a move
    or a result."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("%")]
    if any(TAG_FIRST.match(line.lstrip(" \t\ufeff")) for line in lines):
        return None
    if lines and _YAML_KEY.match(lines[0]):
        return _("it reads as {yaml} ({example}), not as {pgn} (scenarios and incident reports go to "
                 "{run} and {validate})").format(yaml="YAML", example="key: value", pgn="PGN", run="arbiter run",
                                                 validate="arbiter validate")
    body = re.sub(r"\{[^}]*\}|;[^\n]*", " ", "\n".join(lines))
    tokens = _WORDS.findall(body)
    moves = [token for token in tokens if _SQUARE.search(token) and _is_move_in_some_language(token)]
    readable = [token for token in tokens if _TOKEN.fullmatch(token) or token in moves]
    if (moves or any(token in RESULTS for token in tokens)) and 2 * len(readable) >= len(tokens):
        return None
    return _("no tag pair such as {tag} and no movetext such as {moves}").format(tag='[Event "..."]',
                                                                                  moves="1. e4 e5")


def _is_move_in_some_language(token: str) -> bool:
    move = MOVE_NUMBER.sub("", token).rstrip("!?")
    return bool(_TOKEN.fullmatch(move)) or any(move_pattern(lang).fullmatch(move) for lang in languages().values())
