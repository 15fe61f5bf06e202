"""Auditing PGN files against the Laws (``arbiter audit``): one game at a time, constant memory.

For each game: moves the score cannot contain (an illegal move, and whether under rapid or blitz
rules it would have stood, A.5.2; the game goes on from the board as it would stand), an
automatic ending the game ran past (mate, stalemate, dead position, fivefold, 75 moves), a result
the final position contradicts, a decisive result by time forfeit or resignation where the winner
could not mate (a draw by 6.9 / 5.1.2), and, as information, the first moment each player could
have claimed threefold repetition or fifty moves: by writing a move that brings it, the score's
or any other legal move (9.2.1, 9.3.1), or with the position on the board (9.2.2, 9.3.2).

A game is read as python-chess reads it, move for move; what the reader passes over that the
writer may have meant (a malformed tag, a tag pair read as movetext, no result written) is a
note, not a fault. A text that is no PGN game at all (prose, YAML) is told apart from a broken
game; a score that English cannot read but another language of ``rules/notation.yaml`` can
(``Sf3``) gets a hint.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

import chess
import chess.pgn

from arbiter.core.clock import TimeControl, TimeControlError
from arbiter.core.errors import ArbiterError
from arbiter.laws.articles import ruleset_for
from arbiter.core.notation import DEFAULT, Language, language, languages, legal_move, moves_named, write_san
from arbiter.core.pgnread import MOVE_NUMBER, NULL_MOVE, RESULTS, clock_seconds, read_score, still_in_comment
from arbiter.core.position import position_key
from arbiter.core.unwinnable import is_dead, why_unwinnable_fast


@dataclass
class Finding:
    """One thing the Laws say about a game: its kind, where (ply and move number), the article."""

    kind: str
    article: str
    text: str
    ply: int | None = None

    def as_dict(self) -> dict[str, Any]:
        move = (self.ply + 1) // 2 if self.ply is not None else None
        return {"kind": self.kind, "article": self.article, "text": self.text, "ply": self.ply, "move": move}


#: Kinds that only inform (a claim the player could have made, a question left open): they are
#: not faults of the score, and do not make ``arbiter audit`` exit with status 1.
INFORMATION = ("could-claim-threefold", "could-claim-fifty", "undetermined")
#: A game not audited at all (a variant other than chess and Chess960): information, not a finding.


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
    def text(self) -> str:
        """``this score reads as German (de): try --notation de``, and who else reads it alike."""
        line = f"this score reads as {self.name} ({self.code}): try --notation {self.code}"
        if self.also:
            named = [language(code).name for code in self.also[:5]]
            if len(self.also) > 5:
                named.append(f"{len(self.also) - 5} more")
            listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
            line += f" ({listed} read it alike)"
        return line

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "plies_read": self.plies_read, "plies": self.plies,
                "illegal": self.illegal, "english_plies_read": self.english_plies_read, "also": self.also,
                "text": self.text}


@dataclass
class GameAudit:
    """What the audit found in one game."""

    number: int
    white: str
    black: str
    result: str
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    #: False for a text python-chess counts as a game that holds no PGN at all (prose, YAML).
    is_pgn: bool = True
    #: True when the arbiter itself failed on the game (a bug to report), not the game.
    is_internal_error: bool = False
    notation_hint: NotationHint | None = None
    #: Why the game was not audited (``variant Crazyhouse``: not the Laws of Chess), or None.
    not_audited: str | None = None
    #: Whether python-chess read a tag pair for the game (a game of movetext only has none).
    has_tags: bool = True
    #: Whether two blank lines after the tags ended the game before any movetext: python-chess
    #: reads what follows them as the next game (:func:`pgn_games` then says so in both).
    is_ended_after_tags: bool = False
    #: Information on how the game was read (no result written, a malformed tag passed over, a
    #: tag pair read as movetext): the game is audited all the same, none of it is a finding.
    notes: list[str] = field(default_factory=list)
    #: How many moves (plies) the score holds, as read.
    plies: int = 0
    #: The moves replayed, an illegal one as it was played: all ``plies`` of them, unless the game
    #: ended by the Laws before (``ran-past-ending``) or a move names none a piece could make.
    moves: list[chess.Move] = field(default_factory=list)

    @property
    def has_findings(self) -> bool:
        """Whether the Laws object to something in the game (information items do not count)."""
        return any(f.kind not in INFORMATION for f in self.findings)

    def as_dict(self) -> dict[str, Any]:
        hint = self.notation_hint.as_dict() if self.notation_hint is not None else None
        return {"game": self.number, "white": self.white, "black": self.black, "result": self.result,
                "findings": [f.as_dict() for f in self.findings], "error": self.error,
                "notation_hint": hint, "not_audited": self.not_audited, "note": "; ".join(self.notes) or None}


class NoPgnGameError(ArbiterError):
    """A file that holds no PGN game at all (empty, prose, YAML); the message says why."""


def pgn_games(audited: Iterable[GameAudit]) -> Iterator[GameAudit]:
    """One file's games as audited, in order; a text that is no PGN game is held back until the
    file shows a real game (then it is a broken game among them). A game that two blank lines
    ended after its tags waits for the next one: when that one has no tags, it is most likely the
    first one's moves, and each game's notes say so.

    :raises NoPgnGameError: at the end, if the file holds no PGN game at all.
    """
    held: list[GameAudit] = []
    has_game = False
    cut: GameAudit | None = None
    for game in audited:
        if not game.is_pgn and not has_game:
            held.append(game)
            continue
        if not has_game:
            has_game = True
            yield from held
        if cut is not None:
            if game.is_pgn and not game.has_tags:
                _explain_split(cut, game)
            yield cut
            cut = None
        if game.is_ended_after_tags:
            cut = game
        else:
            yield game
    if cut is not None:
        yield cut
    if not has_game:
        raise NoPgnGameError(held[0].error.removeprefix("not a PGN game: ") if held and held[0].error
                             else "the file is empty")


#: The note of a game that two blank lines ended after its tags.
ENDED_AFTER_TAGS = "two blank lines after its tags ended it before any move"


def _explain_split(cut: GameAudit, moves: GameAudit) -> None:
    """Say in both games' notes that ``moves`` (a game without tags) is most likely the moves of
    ``cut``, which two blank lines ended after its tags: python-chess made two games of one."""
    cut.notes = [f"{note}: its moves are read as game {moves.number}, a game without tags"
                 if note == ENDED_AFTER_TAGS else note for note in cut.notes]
    moves.notes.insert(0, f"no tags: most likely the moves of game {cut.number}, which two blank lines after its "
                          "tags ended before them")


@dataclass
class Tally:
    """What ``arbiter audit`` counts over all its files, and the exit status it gives."""

    games: int = 0
    findings: dict[str, int] = field(default_factory=dict)
    #: For each language, how many games read in it rather than in English.
    notations: dict[str, int] = field(default_factory=dict)
    invalid_files: list[dict[str, str]] = field(default_factory=list)
    #: How many games were not audited, for each reason (``variant Crazyhouse``).
    not_audited: dict[str, int] = field(default_factory=dict)
    has_findings: bool = False
    has_broken_input: bool = False
    has_internal_error: bool = False

    def add(self, game: GameAudit) -> None:
        """Count one game audited."""
        self.games += 1
        if game.not_audited is not None:
            self.not_audited[game.not_audited] = self.not_audited.get(game.not_audited, 0) + 1
        for finding in game.findings:
            self.findings[finding.kind] = self.findings.get(finding.kind, 0) + 1
        if game.error:
            self.findings["broken-game"] = self.findings.get("broken-game", 0) + 1
        if game.notation_hint is not None:
            for code in (game.notation_hint.code, *game.notation_hint.also):
                self.notations[code] = self.notations.get(code, 0) + 1
        self.has_findings = self.has_findings or game.has_findings
        self.has_broken_input = self.has_broken_input or game.error is not None
        self.has_internal_error = self.has_internal_error or game.is_internal_error

    def add_invalid_file(self, name: str, error: str) -> None:
        """Count a file that could not be audited: missing, unreadable, or not PGN."""
        self.invalid_files.append({"file": name, "error": error})
        self.has_broken_input = True

    @property
    def status(self) -> int:
        """0 no findings; 1 some findings (information items do not count); 2 some input invalid
        (a file missing or not PGN, a broken game); 3 an internal error. The highest applies."""
        if self.has_internal_error:
            return 3
        if self.has_broken_input:
            return 2
        return 1 if self.has_findings else 0

    @property
    def notation_hint(self) -> str | None:
        """The language most of the hinted games read in, as the text output's last line."""
        if not self.notations:
            return None
        code = min(self.notations, key=lambda c: (-self.notations[c], _preference(c)))
        name = f"{language(code).name} ({code})"
        return f"hint: {self.notations[code]} games read as {name}, not as English: try --notation {code}"

    def summary(self) -> dict[str, Any]:
        """The last line of ``--format json``."""
        notations = dict(sorted(self.notations.items(), key=lambda item: (-item[1], _preference(item[0]))))
        return {"games": self.games, "findings": self.findings, "notation_hints": notations,
                "invalid_files": self.invalid_files, "not_audited": self.not_audited}


class _Tokens(chess.pgn.BaseVisitor[None]):
    """Collects the headers, the SAN of each move as written, and the clock after each move,
    without judging the moves (the reader is told to skip each one: its board never moves)."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.sans: list[str] = []
        self.clocks: list[float | None] = []
        self.errors: list[str] = []
        #: What makes the game broken though its moves were read (a clock comment beyond bounds).
        self.broken: list[str] = []
        self.depth = 0
        self.is_game = False
        self.has_tags = False
        #: Whether a result is written in the main line's movetext (``1-0`` after the moves).
        self.is_result_written = False

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
                self.broken.append(f"ply {len(self.sans)}: bad [%clk] comment: {err}")

    def handle_error(self, error: Exception) -> None:
        self.errors.append(str(error))

    def result(self) -> None:
        return None


def _same(visitor: _Tokens) -> _Tokens:
    return visitor


def read_games(handle: TextIO) -> Iterator[tuple[int, _Tokens]]:
    """The games of a PGN stream, one at a time, as collected tokens, numbered as python-chess
    counts them (a text between games that holds no move is a game too)."""
    number = 0
    while True:
        visitor = _Tokens()
        try:
            chess.pgn.read_game(handle, Visitor=functools.partial(_same, visitor))
        except Exception as err:  # noqa: BLE001 - a broken game is reported, the next one read
            number += 1
            visitor.errors.append(f"unreadable game: {err}")
            yield number, visitor
            continue
        if not visitor.is_game:
            return
        number += 1
        yield number, visitor


_TOKEN = re.compile(
    r"""\d+\.+|\.\.\.|1-0|0-1|1/2-1/2|\*|\$\d+|[!?]{1,2}|--|Z0|0000|@|[()]|"""
    r"""[KQRBNP]?[a-h]?[1-8]?[x:-]?[a-h][1-8](=?[QRBNqrbn])?[+#]?[!?]*|[O0]-[O0](-[O0])?[+#]?[!?]*"""
)
#: Two tag pairs in the value python-chess's tag pattern reads on one line (its value is greedy).
_TAG_INSIDE = re.compile(r'"\]\s*\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"')
#: A tag pair at the start of a movetext line (movetext may follow it).
_TAG_FIRST = re.compile(r'\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"(?:[^"\\]|\\.)*"\]')


def text_notes(text: str) -> list[str]:
    """What python-chess reads in a game's text otherwise than it looks, each as a note with its
    line (the game's lines numbered from 1): a malformed tag line, passed over with all it holds;
    several tag pairs on one line, read as one; a tag pair read as movetext (after a byte-order
    mark or spaces, or in the movetext); and bytes that are not UTF-8."""
    notes = []
    if "\ufffd" in text:
        notes.append("bytes that are not UTF-8, read as U+FFFD")
    lines = text.split("\n")
    at, blanks = 0, 0
    while at < len(lines):  # the tags, as python-chess's reader takes them
        line = lines[at]
        if not line.startswith(("%", ";")):
            if not line.strip():
                if blanks:
                    break
                blanks += 1
            elif not line.startswith("["):
                break
            else:
                blanks = 0
                tag = chess.pgn.TAG_REGEX.match(line)
                if tag is None:
                    notes.append(f"line {at + 1}: malformed tag {line.strip()[:40]!r}: python-chess passes over the "
                                 "whole line")
                elif _TAG_INSIDE.search(tag.group(2)):
                    notes.append(f"line {at + 1}: several tag pairs on one line: python-chess reads them as one "
                                 f"{tag.group(1)} tag")
        at += 1
    in_comment = False
    runs: list[list[int]] = []  # the tag lines read as movetext, in runs: [first line, lines after it]
    for number, line in enumerate(lines[at:], start=at + 1):  # the movetext
        if not in_comment and not line.startswith(("%", ";")):
            stripped = line.lstrip(" \t\ufeff")
            if stripped.startswith("[") and _TAG_FIRST.match(stripped):
                if runs and sum(runs[-1]) == number - 1 and line.startswith("["):
                    runs[-1][1] += 1
                else:
                    runs.append([number, 0])
        in_comment = still_in_comment(line, in_comment)
    for first, after in runs:
        also = f", and the {after} tag line{'s' if after > 1 else ''} after it too" if after else ""
        notes.append(f"line {first}: {_read_as_movetext(lines[first - 1])}{also}")
    return notes


def _read_as_movetext(line: str) -> str:
    """Why python-chess reads the tag pair on ``line``, a movetext line, as movetext."""
    if line.startswith("\ufeff["):
        return ("a byte-order mark (U+FEFF) before a tag pair, where python-chess does not read it away (it does "
                "only on a game's first line): the tag is read as movetext")
    if line.startswith("["):
        return ("a tag pair after movetext, with no blank line between: python-chess reads it as movetext, not as "
                "the start of another game")
    return "a tag pair after spaces: python-chess reads it as movetext, not as a tag (a tag starts its line)"


def _result_note(game: GameAudit, tokens: _Tokens) -> str | None:
    """The note of a game whose movetext writes no result (python-chess reads it without one)."""
    if tokens.is_result_written or game.is_ended_after_tags:
        return None
    if "Result" not in tokens.headers:
        given = "its result is *"
    elif game.result in RESULTS:
        given = f"the Result tag gives {game.result}"
    else:
        given = f"the Result tag gives {game.result}, which is no PGN result: 1-0, 0-1, 1/2-1/2 or *"
    if not tokens.sans:
        return f"no moves and no result{' after the tags' if tokens.has_tags else ''} ({given})"
    return f"no result is written after the moves ({given})"


def is_ended_after_tags(text: str) -> bool:
    """Whether ``text`` (one game as :func:`game_texts` cuts it) is tags that two blank lines
    ended before any movetext, as python-chess reads them."""
    lines = [line for line in text.splitlines() if not line.startswith(("%", ";"))]
    return len(lines) >= 2 and all(not line.strip() or line.startswith("[") for line in lines) \
        and not lines[-1].strip() and not lines[-2].strip()


def audit_text(item: tuple[int, str], notation: str | None = None) -> GameAudit:
    """Audit one game given as PGN text (also in worker processes); its moves are written in
    ``notation`` (English by default). A failure of the arbiter itself is reported in the game,
    never raised: the other games still get audited."""
    number, text = item
    try:
        return _audit_text(number, text, notation)
    except Exception as err:  # noqa: BLE001 - a bug of ours must not hide the other games' findings
        return GameAudit(number, "?", "?", "*", error=f"internal error, please report it: {err!r}",
                         is_internal_error=True)


def _audit_text(number: int, text: str, notation: str | None) -> GameAudit:
    not_pgn = why_not_pgn(text)
    if not_pgn is not None:
        return GameAudit(number, "?", "?", "*", error=f"not a PGN game: {not_pgn}", is_pgn=False)
    lang = language(notation)
    if lang.code == DEFAULT:
        first = next(read_games(io.StringIO(text)), None)
        if first is None:
            return GameAudit(number, "?", "?", "*", error="empty game")
        tokens = first[1]
    else:
        tokens = _tokens_of_score(text)  # python-chess's reader knows only English SAN
    game = audit_game(number, tokens, lang)
    game.has_tags = tokens.has_tags
    game.is_ended_after_tags = is_ended_after_tags(text)
    result_note = _result_note(game, tokens)
    game.notes[:0] = [*text_notes(text), *([ENDED_AFTER_TAGS] if game.is_ended_after_tags else []),
                      *([result_note] if result_note else [])]
    if game.not_audited is not None:  # a variant's movetext (N@f3) is not chess's to judge
        return game
    trouble = list(tokens.broken)
    if tokens.sans:  # the reader stopped on the way: the moves after it are not audited
        trouble += [error for error in tokens.errors if error.startswith("unreadable game")]
    if trouble:
        game.error = "; ".join(filter(None, [game.error, *trouble]))
    if lang.code == DEFAULT and any(f.kind in ("illegal-move", "unreadable-move") for f in game.findings):
        game.notation_hint = notation_hint(text)  # only then: each other language reads the score
        game.notes += partly_read(text)
    return game


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
            found.append(f"{word!r} as {move.group()}")
    if not found:
        return []
    more = f" and {len(found) - 3} more" if len(found) > 3 else ""
    return [f"words python-chess reads only in part, as a move: {', '.join(found[:3])}{more}"]


_WORDS = re.compile(r"[()]|[^\s()]+")
_YAML_KEY = re.compile(r"^(---|[A-Za-z_][\w-]*:(\s|$)|- [A-Za-z_][\w-]*:(\s|$))")
_SQUARE = re.compile(r"[a-h][1-8]|[O0]-[O0]")


def why_not_pgn(text: str) -> str | None:
    """Why ``text`` (one game as :func:`game_texts` cuts it) holds no PGN game, or None if it
    does: a game has a line that starts with a tag pair (after spaces too, movetext after it),
    or movetext that is mostly moves, move numbers, variations and results, with at least a move
    or a result."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("%")]
    if any(_TAG_FIRST.match(line.lstrip(" \t\ufeff")) for line in lines):
        return None
    if lines and _YAML_KEY.match(lines[0]):
        return ("it reads as YAML (key: value), not as PGN (scenarios and incident reports go to "
                "arbiter run and arbiter validate)")
    body = re.sub(r"\{[^}]*\}|;[^\n]*", " ", "\n".join(lines))
    tokens = _WORDS.findall(body)
    moves = [token for token in tokens if _SQUARE.search(token) and _is_move_in_some_language(token)]
    readable = [token for token in tokens if _TOKEN.fullmatch(token) or token in moves]
    if (moves or any(token in RESULTS for token in tokens)) and 2 * len(readable) >= len(tokens):
        return None
    return 'no tag pair such as [Event "..."] and no movetext such as 1. e4 e5'


def _is_move_in_some_language(token: str) -> bool:
    move = MOVE_NUMBER.sub("", token).rstrip("!?")
    return bool(_TOKEN.fullmatch(move)) or any(lang.pattern.fullmatch(move) for lang in languages().values())


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
    codes = sorted((code for code, got in far.items() if got == best), key=_preference)
    first = language(codes[0])
    return NotationHint(first.code, first.name, best[0], plies, best[1], english_read, codes[1:])


_PROBE = 10
#: Among languages that read a score alike (German, Danish, Norwegian and Swedish share their
#: letters), the one most scoresheets are written in is named first.
_PREFERRED = ("de", "fr", "es", "ru", "it", "nl", "pt", "pl", "cs", "hu", "sr-Latn", "sr-Cyrl", "figurine")


def _preference(code: str) -> tuple[int, str]:
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
            move = _legal_move(board, text, lang)
        except ValueError:
            candidates = moves_named(board, text, lang, legal=False)
            if len(candidates) != 1:
                return read, illegal
            move = candidates[0]
            illegal += 1
        board.push(move)
    return min(limit, len(moves)), illegal


def _tokens_of_score(text: str) -> _Tokens:
    score = read_score(text)
    tokens = _Tokens()
    tokens.headers, tokens.sans, tokens.clocks = score.headers, score.moves, score.clocks
    tokens.has_tags = bool(score.headers)
    tokens.is_result_written = score.result is not None
    if score.result is not None and tokens.headers.get("Result", "*") == "*":  # as python-chess's reader
        tokens.headers["Result"] = score.result
    tokens.broken = score.errors
    return tokens


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


def audit_game(number: int, tokens: _Tokens, lang: Language | None = None) -> GameAudit:
    """Replay one game's score (moves in ``lang``, English by default) as the Laws would have
    it, and collect the findings."""
    lang = lang or language(None)
    headers = tokens.headers
    game = GameAudit(number, headers.get("White", "?"), headers.get("Black", "?"), headers.get("Result", "*"),
                     plies=len(tokens.sans))
    if tokens.errors and not tokens.sans:
        game.error = tokens.errors[0]
        return game
    variant = unaudited_variant(headers)
    if variant is not None:
        game.not_audited = f"variant {variant}"
        return game
    try:
        board = start_board(headers)
    except ValueError as err:
        game.error = f"bad FEN tag: {err}"
        return game
    ruleset = _ruleset(headers)
    key = position_key(board)
    occurrences: dict[Hashable, int] = {key: 1}
    # The positions that have occurred twice since the last capture or pawn move (no position
    # before it can occur again), by the side to move in them, with their occupied squares: a
    # move that reaches one brings its third occurrence, and the player may write it and claim
    # (9.2.1).
    twice: dict[chess.Color, dict[Hashable, chess.Bitboard]] = {chess.WHITE: {}, chess.BLACK: {}}
    claimed: dict[chess.Color, bool] = {chess.WHITE: False, chess.BLACK: False}
    ended_at: tuple[str, str, int] | None = None
    for ply, san in enumerate(tokens.sans, start=1):
        if ended_at is not None:
            reason, article, at = ended_at
            game.findings.append(Finding("ran-past-ending", article,
                                         f"the game ended at ply {at} by {reason}; later moves and the recorded "
                                         "result do not count", at))
            break
        mover = board.turn
        played: chess.Move | None
        try:
            played = board.parse_san(san) if lang.code == DEFAULT else _legal_move(board, san, lang)
        except ValueError:
            played = None
        seen = occurrences[key]
        if not claimed[mover] and (seen >= 3 or board.halfmove_clock >= 99 or twice[not mover]):
            claimed[mover] = _note_claim(game, board, seen, twice[not mover], ply, played, san, lang)
        move = played if played is not None else _as_played(game, board, san, ply, ruleset, lang)
        if move is None:
            return game
        board.push(move)
        game.moves.append(move)
        key = position_key(board)
        seen = occurrences[key] = occurrences.get(key, 0) + 1
        if seen == 2:
            twice[board.turn][key] = board.occupied
        elif not board.halfmove_clock and (twice[chess.WHITE] or twice[chess.BLACK]):
            twice = {chess.WHITE: {}, chess.BLACK: {}}
        ending = _automatic_ending(board, seen)
        if ending is not None:
            ended_at = (ending[0], ending[1], ply)
    _check_result(game, board, ended_at, tokens)
    return game


def _legal_move(board: chess.Board, text: str, lang: Language) -> chess.Move:
    """:func:`~arbiter.core.notation.legal_move`, and a null move (``--``) as python-chess reads one.

    :raises ValueError: if ``text`` names no legal move, or several.
    """
    return chess.Move.null() if text == NULL_MOVE else legal_move(board, text, lang)


#: The Variant tags played by the Laws of Chess (python-chess's names of standard chess).
_STANDARD = {name.lower() for name in chess.Board.aliases} | {"from position"}


def unaudited_variant(headers: dict[str, str]) -> str | None:
    """The variant a game's ``Variant`` tag names when it is not chess by the Laws (Crazyhouse,
    Antichess, an unknown name), or None: no tag, standard chess, Chess960."""
    name = headers.get("Variant", "").strip()
    if not name or name.lower() in _STANDARD or chess.pgn.Headers({"Variant": name}).is_chess960():
        return None
    return name


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


def _ruleset(headers: dict[str, str]) -> str:
    try:
        return ruleset_for(TimeControl.parse(headers["TimeControl"]))
    except (KeyError, TimeControlError):
        return "standard"


def _as_played(game: GameAudit, board: chess.Board, san: str, ply: int, ruleset: str,
               lang: Language) -> chess.Move | None:
    """An illegal move in the score: report it, and go on from the board as it would stand."""
    stands = ruleset in ("rapid", "blitz")
    rule = ("it would have stood: the opponent made his next move (A.5.2)" if stands
            else "it should have been corrected whenever found (7.5.1)")
    candidates = moves_named(board, san, lang, legal=False)
    why = "no piece can make it (3.10)"
    if len(candidates) == 1:
        move = candidates[0]
        if board.is_castling(move) or chess.square_distance(move.from_square, move.to_square) == 2 and \
                board.piece_type_at(move.from_square) == chess.KING:
            why = "castling is not allowed there (3.8.2)"
        elif board.is_into_check(move):
            why = "it leaves the own king in check (3.9)"
        elif board.piece_type_at(move.from_square) == chess.PAWN and chess.square_rank(move.to_square) in (0, 7):
            why = "the pawn reaching the last rank is not exchanged (3.7.3.3)"
    game.findings.append(Finding("illegal-move", "A.5.2" if stands else "7.5.1",
                                 f"{san!r} is not a legal move: {why}; {rule}", ply))
    if len(candidates) != 1:
        game.findings.append(Finding("unreadable-move", "3.10",
                                     f"{san!r} names no move a piece could make; the rest is not audited", ply))
        return None
    return candidates[0]


def _automatic_ending(board: chess.Board, occurrences: int) -> tuple[str, str] | None:
    if not any(board.generate_legal_moves()):  # one generation for mate and stalemate both
        return ("checkmate", "5.1.1") if board.is_check() else ("stalemate", "5.2.1")
    if is_dead(board):
        return "dead position", "5.2.2"
    if occurrences >= 5:
        return "fivefold repetition", "9.6.1"
    if board.halfmove_clock >= 150:
        return "75 moves", "9.6.2"
    return None


def _note_claim(game: GameAudit, board: chess.Board, occurrences: int, twice: dict[Hashable, chess.Bitboard],
                ply: int, played: chess.Move | None, san: str, lang: Language) -> bool:
    """Note, as information, that the player to move could claim threefold or fifty before ply
    ``ply``: with the position on the board (9.2.2, 9.3.2), or by writing a move that would bring
    it and declaring it instead of playing it (9.2.1, 9.3.1): the move of the score ``played``
    (written ``san``) if it brings it, else another legal move. Whether he could.

    ``occurrences`` counts the position on the board; ``twice`` holds the positions, with the
    opponent to move, that have occurred twice (with their occupied squares).
    """
    claim = _claim_moment(board, occurrences, twice, played)
    if claim is None:
        return False
    kind, article, written = claim
    name = "White" if board.turn == chess.WHITE else "Black"
    what = "a draw by repetition" if kind == "could-claim-threefold" else "the fifty-move rule"
    if written is None:
        how = ""
    elif written == played:
        how = f", writing {san} and declaring it instead of playing it"
    else:
        how = f", writing {write_san(board, written, lang)} and declaring it (the score has {san} there)"
    game.findings.append(Finding(kind, article, f"{name} could have claimed {what} before ply {ply}{how}", ply))
    return True


def _claim_moment(board: chess.Board, occurrences: int, twice: dict[Hashable, chess.Bitboard],
                  played: chess.Move | None) -> tuple[str, str, chess.Move | None] | None:
    """The claim the player to move could make now, as (kind, article, the move he would write,
    None for the position on the board), or None. The position on the board first, threefold
    before fifty; of the moves that bring a claim, the one played, else the first in UCI order."""
    if occurrences >= 3:
        return "could-claim-threefold", "9.2.2", None
    if board.halfmove_clock >= 100:
        return "could-claim-fifty", "9.3.2", None
    if twice:
        moves = _moves_to_third_occurrence(board, twice)
        if moves:
            return "could-claim-threefold", "9.2.1", played if played in moves else min(moves, key=chess.Move.uci)
    if board.halfmove_clock == 99:
        if played and not board.is_zeroing(played):  # a null move (--) is false: no move to write
            return "could-claim-fifty", "9.3.1", played
        quiet = [move for move in board.generate_legal_moves() if not board.is_zeroing(move)]
        if quiet:
            return "could-claim-fifty", "9.3.1", min(quiet, key=chess.Move.uci)
    return None


def _moves_to_third_occurrence(board: chess.Board, twice: dict[Hashable, chess.Bitboard]) -> list[chess.Move]:
    """The legal moves that reach one of the positions ``twice`` holds. Since the last capture or
    pawn move, such a move takes one piece to an empty square (castling cannot reach one: it gives
    up a castling right that every earlier position had), so its two squares are the two where
    the occupied squares differ: at most one move is tried for each position."""
    own = board.occupied_co[board.turn]
    found: list[chess.Move] = []
    for occupied in set(twice.values()):
        changed = occupied ^ board.occupied
        origin, target = changed & own, changed & ~board.occupied
        if chess.popcount(changed) != 2 or not origin or not target:
            continue
        move = chess.Move(chess.lsb(origin), chess.lsb(target))
        if not board.is_legal(move):
            continue
        board.push(move)
        reaches = position_key(board) in twice
        board.pop()
        if reaches:
            found.append(move)
    return found


def _check_result(game: GameAudit, board: chess.Board, ended_at: tuple[str, str, int] | None,
                  tokens: _Tokens) -> None:
    recorded = game.result
    if ended_at is not None:
        reason, article, ply = ended_at
        # the board stands where the game ended: the side to move is the one mated
        laws = ("0-1" if board.turn == chess.WHITE else "1-0") if reason == "checkmate" else "1/2-1/2"
        if "Result" not in tokens.headers:  # no result written, none contradicted: say what the Laws give
            game.notes.append(f"the game ended at ply {ply} by {reason} ({laws}, {article})")
        elif recorded != laws:
            game.findings.append(Finding("result-contradicted", article,
                                         f"the game ended by {reason} ({laws}); the recorded result is {recorded}",
                                         ply))
        return
    if recorded not in ("1-0", "0-1"):
        return
    winner = chess.WHITE if recorded == "1-0" else chess.BLACK
    termination = tokens.headers.get("Termination", "").lower()
    # the clock after each of the loser's moves (the first move is Black's when a FEN says so)
    first = board.turn if len(game.moves) % 2 == 0 else not board.turn
    loser_clocks = [c for i, c in enumerate(tokens.clocks) if (i % 2 == 0) == (first != winner)]
    by_time = "time" in termination or (bool(loser_clocks) and loser_clocks[-1] == 0)
    # CHA's fast check: a proof or nothing, in a few hundred microseconds (its author found it
    # complete on every time-out of the Lichess database); no helpmate is searched for here.
    proof = why_unwinnable_fast(board, winner)
    if proof is None:
        return
    article, how = ("6.9", "on time") if by_time else ("5.1.2", "by resignation")
    text = f"a win {how}, but the winner cannot mate ({proof}): a draw"
    game.findings.append(Finding("should-be-draw", article, text, len(tokens.sans)))
