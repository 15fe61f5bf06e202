"""The audit reads every game python-chess reads, move for move (issue 13, item 1).

python-chess (``chess.pgn.read_game``, the installed version) is the reference: for each game it
reads without ``game.errors``, the audit reads the same plies and moves and does not report the
game broken; what python-chess passes over, or what the score lacks, is a note. Each fixture holds
one group of the dialects found in bench/real (bench/real/SOURCES.md), in games modelled on the
ones there (shortened): no result written, tokens python-chess skips or reads otherwise, tag
lines, a ``[`` inside a comment, a game that is only a result or opens with a comment and
variations. Each game is compared in English, and in German with ``--notation de`` (the fixture
translated).
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import chess
import chess.pgn
import pytest

from arbiter.files.audit import audit_text
from arbiter.files.findings import GameAudit, pgn_games
from arbiter.files.pgntext import game_texts

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pgn"
GROUPS = ["no-result.pgn", "odd-tokens.pgn", "tags-on-lines.pgn", "comments.pgn"]


def _python_chess(path: Path) -> list[tuple[list[str], list[str], str]]:
    """Each game python-chess reads from ``path``: its errors, its main line's moves (UCI), its
    result."""
    games = []
    logger = logging.getLogger("chess.pgn")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # python-chess logs each error it keeps in game.errors
    try:
        with open(path, encoding="utf-8-sig") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                games.append(([str(error) for error in game.errors], [move.uci() for move in game.mainline_moves()],
                              game.headers["Result"]))
    finally:
        logger.setLevel(level)
    return games


def _audited(text: str, notation: str | None = None) -> list[GameAudit]:
    return list(pgn_games(audit_text(item, notation) for item in game_texts(io.StringIO(text))))


_GERMAN = {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S"}
_OUTSIDE = re.compile(r'("[^"\n]*"|\{[^}]*\}|;[^\n]*|\[[A-Za-z0-9_]+)')


def _german(english: str) -> str:
    """A fixture with its moves' piece letters in German (tests only: outside tag names, tag
    values and comments, a piece letter before a file, a rank or a capture)."""
    def letters(part: str) -> str:
        return re.sub(r"(?<![A-Za-z])([KQRBN])(?=[a-h1-8x])", lambda m: _GERMAN[m.group(1)], part)
    return "".join(part if _OUTSIDE.fullmatch(part) else letters(part) for part in _OUTSIDE.split(english))


def _compared(name: str, notation: str | None) -> Iterator[tuple[int, list[str], list[str], GameAudit]]:
    """Each game of the fixture as python-chess reads it (errors, moves) and as the audit does;
    the result is python-chess's."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    theirs = _python_chess(FIXTURES / name)
    ours = _audited(_german(text) if notation == "de" else text, notation)
    assert len(ours) == len(theirs)
    for number, ((errors, moves, result), game) in enumerate(zip(theirs, ours, strict=True), start=1):
        assert (number, game.result) == (number, result)
        yield number, errors, moves, game


@pytest.mark.parametrize("notation", [None, "de"], ids=["english", "german"])
@pytest.mark.parametrize("name", GROUPS)
def test_every_game_python_chess_reads_is_read_move_for_move_and_not_broken(name: str, notation: str | None) -> None:
    compared = list(_compared(name, notation))
    assert [(number, errors) for number, errors, _, _ in compared] == [(n, []) for n, _, _, _ in compared]
    assert [(number, game.error) for number, _, _, game in compared] == [(n, None) for n, _, _, _ in compared]
    assert [(number, game.plies, [move.uci() for move in game.moves]) for number, _, _, game in compared] == \
        [(number, len(moves), moves) for number, _, moves, _ in compared]
    assert [game.findings for _, _, _, game in compared] == [[]] * len(compared)


def _notes(name: str) -> list[tuple[str, list[str]]]:
    """Each game's result and notes, the audit's reading in English; none of them broken."""
    games = [game for _, _, _, game in _compared(name, None)]
    assert [game.error for game in games] == [None] * len(games)
    return [(game.result, game.notes) for game in games]


NO_RESULT = "no result is written after the moves (its result is *)"


def test_no_result_written_is_a_note_and_the_result_is_the_tags_or_unfinished() -> None:
    # a study, bare SAN (Lichess), a game cut off after its moves, a ; comment to the end of a line
    # (the moves after it are read), a mate with no result written
    assert _notes("no-result.pgn") == [
        ("*", ["no result is written after the moves (the Result tag gives *)"]),
        ("*", [NO_RESULT]),
        ("1-0", ["no result is written after the moves (the Result tag gives 1-0)"]),
        ("1-0", []),
        ("*", [NO_RESULT, "the game ended with Black's move 2 by checkmate (0-1, 5.1.1)"]),
    ]


def test_a_line_comment_ends_at_the_end_of_its_line() -> None:
    for text, notation in [("1. e4 e5 ; plain line comment\n2. Nf3 1-0\n", None),
                           ("1. e4 e5 ; eine Zeile\n2. Sf3 1-0\n", "de")]:
        [game] = _audited(text, notation)
        assert game.error is None
        assert (game.plies, [move.uci() for move in game.moves], game.result, game.notes) == \
            (3, ["e2e4", "e7e5", "g1f3"], "1-0", [])


def test_tokens_python_chess_skips_or_reads_otherwise() -> None:
    # NAGs written \$14, ⩱; e.p. apart and glued, ep; +-- (a null move to python-chess); results
    # ½-½, 1/2–1/2, 1–0 (an en dash), which python-chess does not read as results; Qxf7++; a move
    # cut off at the end (Kx)
    results = [result for result, _ in _notes("odd-tokens.pgn")]
    assert results == ["1/2-1/2", "1-0", "*", "+--", "½-½", "1/2–1/2", "*", "1-0", "1/2-1/2"]
    notes = [notes for _, notes in _notes("odd-tokens.pgn")]
    # what python-chess passes over is said, with its line: never a move number, a check sign or e.p.,
    # nor the backslash some tools write before a NAG (\$14)
    passed = "is neither a move nor any other part of PGN: python-chess passes over it"
    assert notes[0] == [f"line 7: '⩱' {passed}"]
    assert notes[1:3] == [[], []] and notes[7] == []
    no_pgn = "which is no PGN result: 1-0, 0-1, 1/2-1/2 or *"
    assert notes[3] == [f"no result is written after the moves (the Result tag gives +--, {no_pgn})"]
    assert notes[4:6] == [[f"line 3: '½-½' {passed}",
                           f"no moves and no result after the tags (the Result tag gives ½-½, {no_pgn})"],
                          [f"line 3: '1/2–1/2' {passed}",
                           f"no moves and no result after the tags (the Result tag gives 1/2–1/2, {no_pgn})"]]
    assert notes[6] == [f"line 1: '1–0' {passed}", NO_RESULT]
    assert notes[8] == [f"line 4: 'Kx' {passed}", "no result is written after the moves (the Result tag gives 1/2-1/2)"]


def test_tag_lines_as_python_chess_reads_them() -> None:
    assert _notes("tags-on-lines.pgn") == [
        # a tag pair and moves on one line: python-chess passes over the line, its moves too
        ("*", ["line 1: malformed tag '[Variant \"Standard\"] 1. e4 e5 2. Nf3 Nc6': python-chess passes over "
               "the whole line", NO_RESULT]),
        ("*", ["line 1: a tag pair after spaces: python-chess reads it as movetext, not as a tag (a tag starts "
               "its line)", NO_RESULT]),
        ("*", ["line 1: a tag pair after spaces: python-chess reads it as movetext, not as a tag (a tag starts "
               "its line)", "no moves and no result (its result is *)"]),
        # several tag pairs on one line: one tag, Event, holds the rest of the line
        ("0-1", ["line 1: several tag pairs on one line: python-chess reads them as one Event tag"]),
        # an unclosed quote: the tag is passed over, the tags after it are read
        ("1-0", ["line 1: malformed tag '[Event \"NII - Lille 2 / Tour Blanche Par': python-chess passes over "
                 "the whole line"]),
        # [pgn] ... [/pgn] wrappers: the first line is passed over with its moves, the moves after
        # the second [pgn] are the game's
        ("*", ["line 1: malformed tag '[pgn] 1. e4 e6 2. d4 d5 3. Nc3 Nf6 4. e5': python-chess passes over the "
               "whole line", "line 3: malformed tag '[pgn]': python-chess passes over the whole line",
               "line 5: '[/pgn]' is neither a move nor any other part of PGN: python-chess passes over it", NO_RESULT]),
        # a game straight after another, with no blank line between: one game to python-chess
        ("*", ["line 7: a tag pair after movetext, with no blank line between: python-chess reads it as movetext, "
               "not as the start of another game, and the 3 tag lines after it too"]),
    ]


def test_a_tag_line_inside_a_comment_and_games_opening_with_a_comment() -> None:
    # [#] at the start of a line inside a comment, a tag and a blank line inside one; a game that
    # is only its result; a game opening with a comment, its variations holding ; comments
    assert _notes("comments.pgn") == [("1/2-1/2", []), ("0-1", []), ("*", [NO_RESULT]), ("*", [NO_RESULT])]


def test_a_score_python_chess_reads_with_errors_keeps_its_findings_and_notes_the_words_read_in_part() -> None:
    # German read as English: python-chess reads Sf3 as the pawn move f3 and fails at Sg5 (g5, a
    # pawn that cannot get there): one notation finding (C.5, issue 31) in place of the illegal and
    # unreadable moves English would see, and the hint; the words read in part are a note
    text = ('[Result "1-0"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lc4 Sf6 4. Sg5 d5 5. exd5 Sxd5 6. Sxf7 Kxf7 7. Df3+ Ke6 '
            '8. Sc3 1-0\n')
    [game] = _audited(text)
    assert game.error is None
    assert [(f.kind, f.article) for f in game.findings] == [("notation", "C.5")]
    assert game.notation_hint is not None and game.notation_hint.code == "de"
    assert game.notes == ["words python-chess reads only in part, as a move: 'Sf3' as f3, 'Sc6' as c6, 'Lc4' as c4 "
                          "and 6 more"]
    with pytest.raises(ValueError, match="illegal san"):
        chess.pgn.read_game(io.StringIO(text), Visitor=_Raising)


class _Raising(chess.pgn.GameBuilder[chess.pgn.Game]):
    """python-chess's reader, raising its first error."""

    def handle_error(self, error: Exception) -> None:
        raise error
