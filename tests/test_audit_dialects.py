"""arbiter audit on real-PGN dialects (issue 13, item 1): variations, comments and NAGs, glued
move numbers, Chess960 and other variants, read as python-chess reads them."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import chess.pgn
import pytest

from arbiter.files.audit import audit_text
from arbiter.files.pgntext import game_texts, start_board
from arbiter.cli import main
from arbiter.core.notation import legal_move
from arbiter.core.pgnread import read_score

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pgn"


def _audit(capsys: pytest.CaptureFixture[str], name: str, *options: str) -> tuple[int, list[dict[str, Any]]]:
    status = main(["audit", "--format", "json", *options, str(FIXTURES / name)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return status, lines


def _python_chess_count(name: str) -> int:
    with open(FIXTURES / name, encoding="utf-8-sig") as handle:
        count = 0
        while chess.pgn.read_game(handle) is not None:
            count += 1
    return count


@pytest.mark.parametrize("name", ["study.pgn", "twic.pgn", "chess960.pgn"])
def test_dialects_audit_clean_with_python_chess_count(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = _audit(capsys, name)
    games = lines[:-1]
    assert len(games) == _python_chess_count(name)
    assert [(g["findings"], g["error"]) for g in games] == [([], None)] * len(games)
    assert status == 0


def test_variation_is_not_read_as_main_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "v.pgn"
    # the main line ends in a position where 3...Qh4# is mate only if the variation is skipped
    path.write_text('[Result "0-1"]\n\n1. f3 (1. e4 e5 (1... c5 2. Nf3) 2. Nf3) 1... e5 $2 {x} 2. g4?! Qh4# 0-1\n')
    status, lines = _audit(capsys, str(path))
    assert status == 0 and lines[0]["findings"] == [] and lines[0]["error"] is None


def test_variants_are_not_audited_and_do_not_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = _audit(capsys, "variants.pgn")
    assert status == 0
    assert [g["not_audited"] for g in lines[:-1]] == ["variant Crazyhouse", "variant Antichess",
                                                      "variant Atomic", "variant Grasshopper"]
    assert all(g["findings"] == [] and g["error"] is None for g in lines[:-1])
    assert lines[-1]["summary"]["findings"] == {}
    assert main(["audit", str(FIXTURES / "variants.pgn")]) == 0
    out = capsys.readouterr().out
    assert "not audited: variant Crazyhouse" in out


def test_german_score_with_glued_numbers_and_variations(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "de.pgn"
    path.write_text('[Result "1-0"]\n\n1.e4 e5 2.Lc4 (2.Sf3 Sc6 (2...d6 3.d4)) 2...Sc6 {x} 3.Dh5 Sf6?? $4 '
                    '4.Dxf7# 1-0\n')
    status, lines = _audit(capsys, str(path), "--notation", "de")
    assert status == 0 and lines[0]["findings"] == [] and lines[0]["error"] is None


# -- issue 13, what is left of item 1 ---------------------------------------------------------------


def test_two_blank_lines_after_the_tags_say_why_game_one_has_no_moves(capsys: pytest.CaptureFixture[str]) -> None:
    # python-chess reads both games without an error: they are not broken, their notes say why
    status, lines = _audit(capsys, "blank-lines.pgn")
    games = lines[:-1]
    assert len(games) == _python_chess_count("blank-lines.pgn") == 3
    assert status == 0
    assert games[0]["note"] == ("two blank lines after its tags ended it before any move: its moves are read as "
                                "game 2, a game without tags")
    assert games[1]["note"] == ("no tags: most likely the moves of game 1, which two blank lines after its tags "
                                "ended before them")
    assert [g["error"] for g in games] == [None, None, None]
    assert games[1]["findings"] == [] and games[1]["result"] == "1-0"  # its moves are audited, and fine
    assert (games[2]["white"], games[2]["findings"], games[2]["note"]) == ("Dale, Kim", [], None)
    assert main(["audit", "--format", "json", "--jobs", "2", str(FIXTURES / "blank-lines.pgn")]) == 0
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == lines
    assert main(["audit", str(FIXTURES / "blank-lines.pgn")]) == 0
    out = capsys.readouterr().out.splitlines()
    name = FIXTURES / "blank-lines.pgn"
    assert out == [f"{name} game 1 (Hart, Sam - Rowe, Jo, 1-0)",
                   f"    note: {games[0]['note']}",
                   f"{name} game 2 (? - ?, 1-0)",
                   f"    note: {games[1]['note']}",
                   "3 games audited"]


def test_two_blank_lines_after_the_tags_before_a_game_with_tags_or_the_end(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "tags-only.pgn"
    path.write_text('[Event "Rapid"]\n[White "Hart, Sam"]\n[Black "Rowe, Jo"]\n[Result "*"]\n\n\n'
                    '[Event "Rapid"]\n[White "Dale, Kim"]\n[Black "Fox, Lee"]\n[Result "1-0"]\n\n'
                    '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n'
                    '[Event "Rapid"]\n[White "Rowe, Jo"]\n[Black "Dale, Kim"]\n[Result "*"]\n\n\n')
    status, lines = _audit(capsys, str(path))
    assert len(lines[:-1]) == _python_chess_count(str(path)) == 3
    assert [(g["error"], g["note"]) for g in lines[:-1]] == [
        (None, "two blank lines after its tags ended it before any move"), (None, None),
        (None, "two blank lines after its tags ended it before any move")]
    assert status == 0


def test_a_byte_order_mark_is_read_away_where_python_chess_reads_it_away(capsys: pytest.CaptureFixture[str]) -> None:
    # two files of a club, each written with a byte-order mark, put one after the other
    status, lines = _audit(capsys, "concatenated.pgn")
    assert status == 0
    assert len(lines[:-1]) == _python_chess_count("concatenated.pgn") == 3
    assert [(g["white"], g["error"]) for g in lines[:-1]] == [("Schmidt, Jan", None), ("Vogel, Anna", None),
                                                              ("Keller, Paul", None)]
    with open(FIXTURES / "concatenated.pgn", encoding="utf-8") as handle:  # not utf-8-sig: the same games
        assert [text.split("\n", 1)[0] for _, text in game_texts(handle)] == ['[Event "Bundesliga 2023-24"]'] * 3
    # the first file did not end with a blank line: python-chess reads the second one's tags as
    # moves of the last game before them (the byte-order mark is not on a game's first line), with
    # no error: the game is not broken, its note says so
    status, lines = _audit(capsys, "concatenated-no-blank.pgn")
    assert len(lines[:-1]) == _python_chess_count("concatenated-no-blank.pgn") == 3
    assert status == 0 and lines[1]["error"] is None
    assert lines[1]["note"] == ("line 11: a byte-order mark (U+FEFF) before a tag pair, where python-chess does not "
                                "read it away (it does only on a game's first line): the tag is read as movetext, "
                                "and the 7 tag lines after it too")


GAME_A = '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n'
GAME_B = '[Event "b"]\n[Site "s"]\n[Result "*"]\n\n1. d4 d5 *\n'
BOMS = {"at the start": "\ufeff" + GAME_A + "\n" + GAME_B,
        "after a blank line": GAME_A + "\n\ufeff" + GAME_B,
        "alone on the line after a blank line": GAME_A + "\n\ufeff\n" + GAME_B,
        "after two blank lines": GAME_A + "\n\n\ufeff" + GAME_B,
        "straight after movetext": GAME_A + "\ufeff" + GAME_B,
        "after a blank first line": "\n\ufeff" + GAME_A,
        "before a tag among tags": '[Event "a"]\n\ufeff[Site "x"]\n[Result "*"]\n\n1. e4 *\n',
        "before movetext": '[Event "a"]\n[Result "*"]\n\n\ufeff1. e4 e5 *\n'}


def test_a_byte_order_mark_anywhere_gives_python_chess_count() -> None:
    for where, text in BOMS.items():
        handle = io.StringIO(text)
        count = 0
        while chess.pgn.read_game(handle) is not None:
            count += 1
        assert len(list(game_texts(io.StringIO(text)))) == count, where


def _english(german: str) -> str:
    """A German score in English letters (tests only: piece letters before a square or a file)."""
    letters = {"K": "K", "D": "Q", "T": "R", "L": "B", "S": "N"}
    lines = []
    for line in german.splitlines():
        if not line.startswith("["):
            line = re.sub(r"(?<![A-Za-zäöü])([KDTLS])(?=[a-h1-8x])", lambda m: letters[m.group(1)], line)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _python_chess_moves(text: str) -> list[list[str]]:
    handle = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append([move.uci() for move in game.mainline_moves()])
    return games


def _german_moves(text: str) -> list[str]:
    score = read_score(text)
    board = start_board(score.headers)
    moves = []
    for written in score.moves:
        move = legal_move(board, written, "de")
        moves.append(move.uci())
        board.push(move)
    return moves


def test_a_german_club_file_is_audited_as_its_english_twin(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    # Chess960 (the Variant tag, and X-FEN castling rights), variations (nested), comments, NAGs,
    # move numbers glued to the move, and a result written only after the moves
    status, german = _audit(capsys, "german-club.pgn", "--notation", "de")
    assert status == 0
    assert len(german[:-1]) == _python_chess_count("german-club.pgn") == 4
    assert [(g["findings"], g["error"], g["result"]) for g in german[:-1]] == \
        [([], None, "1/2-1/2"), ([], None, "*"), ([], None, "1-0"), ([], None, "1-0")]
    text = (FIXTURES / "german-club.pgn").read_text(encoding="utf-8")
    english = tmp_path / "english-club.pgn"
    english.write_text(_english(text))
    status, lines = _audit(capsys, str(english))
    assert status == 0 and [{**g, "file": None} for g in lines] == [{**g, "file": None} for g in german]
    with open(FIXTURES / "german-club.pgn", encoding="utf-8") as handle:
        assert [_german_moves(game) for _, game in game_texts(handle)] == _python_chess_moves(_english(text))


#: Scores written in German, each in the dialect python-chess reads in English; each pair says
#: what python-chess does with it.
DIALECTS = {
    # parentheses before the first move open no variation: what they hold is the main line
    "parentheses before the first move": "{Aus dem Training} (1. d4 d5) 2. Sf3 Sf6 *\n",
    # a word with no square in it is passed over: an ellipsis, a number without its dot, a sign
    "words without a square": "1. e4 e5 2. Sf3 ... Sc6 3 Lb5 += a6 4. La4 ∞ Sf6 N 5. O-O *\n",
    # a malformed tag is passed over, and the tags after it are still read
    "a malformed tag": '[Event "Vereinsmeisterschaft]\n[FEN "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"]\n\n1. O-O-O Kf7 *\n',
    # the first game only, up to the blank line that ends it (not inside a comment), its result
    # missing; lines starting with % and ; passed over
    "two games": '[Event "a"]\n\n% Zeile für Programme\n1. e4 {ein Kommentar\n\nüber eine Leerzeile} e5\n'
                 '; Zeilenkommentar\n2. Sf3\n\n[Event "b"]\n\n1. d4 d5 *\n',
    # two blank lines after the tags end the game before its moves
    "two blank lines after the tags": '[Event "a"]\n[Result "*"]\n\n\n1. e4 e5 *\n',
}


@pytest.mark.parametrize("what", sorted(DIALECTS))
def test_the_german_reader_reads_what_python_chess_reads(what: str) -> None:
    german = DIALECTS[what]
    assert [_german_moves(german)] == _python_chess_moves(_english(german))[:1]
    english = chess.pgn.read_game(io.StringIO(_english(german)))
    assert english is not None
    assert read_score(german).headers.items() <= dict(english.headers).items()


def test_the_result_written_after_the_moves_only_counts_in_german_too() -> None:
    score = "[White \"Krause, Tim\"]\n\n1.e4 e5 2.Lc4 Sc6 3.Dh5 Sf6?? 4.Dxf7# 1-0\n"
    assert audit_text((1, score), "de").result == audit_text((1, _english(score))).result == "1-0"
