"""Auditing PGN files against the Laws (``arbiter audit``): one game at a time, constant memory.

For each game: moves the score cannot contain (an illegal move, and whether under rapid or blitz
rules it would have stood, A.5.2; the game goes on from the board as it would stand), an
automatic ending the game ran past (mate, stalemate, dead position, fivefold, 75 moves), a result
the final position contradicts, a decisive result by time forfeit or resignation where the winner
could not mate (a draw by 6.9 / 5.1.2), and, as information, the first moment each player could
have claimed threefold repetition or fifty moves: by writing the move that brings it (9.2.1,
9.3.1), or with the position on the board (9.2.2, 9.3.2).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO
import io

import chess
import chess.pgn

from arbiter.clock import TimeControl, TimeControlError
from arbiter.laws import ruleset_for
from arbiter.notation import DEFAULT, Language, language, legal_move, moves_named
from arbiter.pgnread import MOVE_NUMBER, RESULTS, read_score
from arbiter.position import position_key
from arbiter.unwinnable import can_checkmate, is_dead


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


@dataclass
class GameAudit:
    """What the audit found in one game."""

    number: int
    white: str
    black: str
    result: str
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.number, "white": self.white, "black": self.black, "result": self.result,
                "findings": [f.as_dict() for f in self.findings], "error": self.error}


class _Tokens(chess.pgn.BaseVisitor[None]):
    """Collects the headers, the SAN of each move as written, and the clock after each move,
    without judging the moves (the reader is told to skip each one: its board never moves)."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.sans: list[str] = []
        self.clocks: list[float | None] = []
        self.errors: list[str] = []
        self.depth = 0

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def begin_variation(self) -> chess.pgn.SkipType | None:
        self.depth += 1
        return chess.pgn.SKIP

    def end_variation(self) -> None:
        self.depth -= 1

    def begin_parse_san(self, board: chess.Board, san: str) -> chess.pgn.SkipType:
        if self.depth == 0:
            self.sans.append(san)
            self.clocks.append(None)
        return chess.pgn.SKIP

    def visit_comment(self, comment: str | list[str]) -> None:
        text = comment if isinstance(comment, str) else " ".join(comment)
        match = chess.pgn.CLOCK_REGEX.search(text)
        if self.depth == 0 and self.clocks and match is not None:
            hours, minutes = int(match.group("hours")), int(match.group("minutes"))
            self.clocks[-1] = hours * 3600 + minutes * 60 + float(match.group("seconds"))

    def handle_error(self, error: Exception) -> None:
        self.errors.append(str(error))

    def result(self) -> None:
        return None


def _same(visitor: _Tokens) -> _Tokens:
    return visitor


def read_games(handle: TextIO) -> Iterator[tuple[int, _Tokens]]:
    """The games of a PGN stream, one at a time, as collected tokens."""
    number = 0
    while True:
        visitor = _Tokens()
        try:
            found = chess.pgn.read_game(handle, Visitor=functools.partial(_same, visitor))
        except Exception as err:  # noqa: BLE001 - a broken game is reported, the next one read
            number += 1
            visitor.errors.append(f"unreadable game: {err}")
            yield number, visitor
            continue
        if found is None and not visitor.headers and not visitor.sans:
            return
        number += 1
        yield number, visitor


_TOKEN = re.compile(
    r"""\d+\.+|\.\.\.|1-0|0-1|1/2-1/2|\*|\$\d+|[!?]{1,2}|--|Z0|0000|@|"""
    r"""[KQRBNP]?[a-h]?[1-8]?[x:-]?[a-h][1-8](=?[QRBNqrbn])?[+#]?[!?]*|[O0]-[O0](-[O0])?[+#]?[!?]*"""
)


def problems(text: str, lang: Language | None = None) -> list[str]:
    """What makes a game's text broken: a malformed tag line, unreadable movetext, no result
    (moves in ``lang``, English by default)."""
    found = []
    lines = text.splitlines()
    movetext = []
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            if chess.pgn.TAG_REGEX.match(stripped) is None:
                found.append(f"line {number}: malformed tag {stripped[:40]!r}")
        elif stripped and not stripped.startswith("%"):
            movetext.append(stripped)
    body = re.sub(r"\{[^}]*\}|;[^\n]*|\([^()]*\)", " ", " ".join(movetext))
    bad = [token for token in body.split() if not _TOKEN.fullmatch(token)
           and (lang is None or not lang.pattern.fullmatch(MOVE_NUMBER.sub("", token).rstrip("!?")))]
    if bad:
        found.append(f"unreadable movetext {' '.join(bad[:3])!r}")
    tokens = body.split()
    if not tokens or tokens[-1] not in RESULTS:
        found.append("the game is truncated: no result at its end")
    return found


def audit_text(item: tuple[int, str], notation: str | None = None) -> GameAudit:
    """Audit one game given as PGN text (also in worker processes); its moves are written in
    ``notation`` (English by default)."""
    number, text = item
    lang = language(notation)
    if lang.code == DEFAULT:
        first = next(read_games(io.StringIO(text)), None)
        if first is None:
            return GameAudit(number, "?", "?", "*", error="empty game")
        tokens = first[1]
    else:
        tokens = _tokens_of_score(text)  # python-chess's reader knows only English SAN
        if not tokens.headers and not tokens.sans:
            return GameAudit(number, "?", "?", "*", error="empty game")
    game = audit_game(number, tokens, lang)
    trouble = problems(text, None if lang.code == DEFAULT else lang)
    if trouble:
        game.error = "; ".join(filter(None, [game.error, *trouble]))
    return game


def _tokens_of_score(text: str) -> _Tokens:
    score = read_score(text)
    tokens = _Tokens()
    tokens.headers, tokens.sans, tokens.clocks = score.headers, score.moves, score.clocks
    return tokens


def game_texts(handle: TextIO) -> Iterator[tuple[int, str]]:
    """The raw text of each game, one at a time (a game starts at a tag line after movetext)."""
    number, in_moves = 0, False
    lines: list[str] = []
    for line in handle:
        if line.startswith("[") and in_moves:
            number += 1
            yield number, "".join(lines)
            lines, in_moves = [], False
        if line.strip() and not line.startswith("["):
            in_moves = True
        lines.append(line)
    if any(line.strip() for line in lines):
        yield number + 1, "".join(lines)


def audit_game(number: int, tokens: _Tokens, lang: Language | None = None) -> GameAudit:
    """Replay one game's score (moves in ``lang``, English by default) as the Laws would have
    it, and collect the findings."""
    lang = lang or language(None)
    headers = tokens.headers
    game = GameAudit(number, headers.get("White", "?"), headers.get("Black", "?"), headers.get("Result", "*"))
    if tokens.errors and not tokens.sans:
        game.error = tokens.errors[0]
        return game
    try:
        board = chess.Board(headers["FEN"]) if "FEN" in headers else chess.Board()
    except ValueError as err:
        game.error = f"bad FEN tag: {err}"
        return game
    ruleset = _ruleset(headers)
    key = position_key(board)
    occurrences: dict[Hashable, int] = {key: 1}
    claims: dict[chess.Color, bool] = {chess.WHITE: False, chess.BLACK: False}
    ended_at: tuple[str, str, int] | None = None
    for ply, san in enumerate(tokens.sans, start=1):
        if ended_at is not None:
            reason, article, at = ended_at
            game.findings.append(Finding("ran-past-ending", article,
                                         f"the game ended at ply {at} by {reason}; later moves and the recorded "
                                         "result do not count", at))
            break
        _note_claim(game, claims, board.turn, occurrences[key], board.halfmove_clock, ply)
        mover = board.turn
        move: chess.Move | None
        legal = True
        try:
            move = board.parse_san(san) if lang.code == DEFAULT else legal_move(board, san, lang)
        except ValueError:
            legal = False
            move = _as_played(game, board, san, ply, ruleset, lang)
        if move is None:
            return game
        board.push(move)
        key = position_key(board)
        occurrences[key] = occurrences.get(key, 0) + 1
        if legal:
            _note_claim(game, claims, mover, occurrences[key], board.halfmove_clock, ply, written=san)
        ending = _automatic_ending(board, occurrences[key])
        if ending is not None:
            ended_at = (ending[0], ending[1], ply)
    _check_result(game, board, ended_at, tokens)
    return game


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


def _note_claim(game: GameAudit, claimed: dict[chess.Color, bool], player: chess.Color, occurrences: int,
                halfmove_clock: int, ply: int, written: str | None = None) -> None:
    """The first moment ``player`` could have claimed threefold or fifty (information): with the
    position on the board (9.2.2, 9.3.2), or by writing the move ``written`` that brings it and
    declaring it instead of playing it (9.2.1, 9.3.1). ``occurrences`` and ``halfmove_clock`` are
    those of the position on the board, or after the written move."""
    if claimed[player]:
        return
    if occurrences >= 3:
        kind, article, what = "could-claim-threefold", "9.2.1" if written else "9.2.2", "a draw by repetition"
    elif halfmove_clock >= 100:
        kind, article, what = "could-claim-fifty", "9.3.1" if written else "9.3.2", "the fifty-move rule"
    else:
        return
    claimed[player] = True
    name = "White" if player == chess.WHITE else "Black"
    how = f", writing {written} and declaring it instead of playing it" if written else ""
    game.findings.append(Finding(kind, article, f"{name} could have claimed {what} before ply {ply}{how}", ply))


def _check_result(game: GameAudit, board: chess.Board, ended_at: tuple[str, str, int] | None,
                  tokens: _Tokens) -> None:
    recorded = game.result
    if ended_at is not None:
        reason, article, ply = ended_at
        laws = ("1-0" if ply % 2 else "0-1") if reason == "checkmate" else "1/2-1/2"
        if recorded != laws:
            game.findings.append(Finding("result-contradicted", article,
                                         f"the game ended by {reason} ({laws}); the recorded result is {recorded}",
                                         ply))
        return
    if recorded not in ("1-0", "0-1"):
        return
    winner = chess.WHITE if recorded == "1-0" else chess.BLACK
    termination = tokens.headers.get("Termination", "").lower()
    loser_clocks = [c for i, c in enumerate(tokens.clocks) if (i % 2 == 0) == (winner == chess.BLACK)]
    by_time = "time" in termination or (bool(loser_clocks) and loser_clocks[-1] == 0)
    verdict = can_checkmate(board, winner)
    if verdict.answer == "can":
        return
    article, how = ("6.9", "on time") if by_time else ("5.1.2", "by resignation")
    if verdict.answer == "cannot":
        text = f"a win {how}, but the winner cannot mate ({verdict.reason}): a draw"
        game.findings.append(Finding("should-be-draw", article, text, len(tokens.sans)))
    else:
        game.findings.append(Finding("undetermined", article,
                                     f"a win {how}; whether the winner could mate is undetermined ({verdict.reason})",
                                     len(tokens.sans)))
