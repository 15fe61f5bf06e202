"""arbiter audit on awkward input: files that are not PGN, a byte-order mark, a score in another
language audited as English, and the exit status (docs/audit.md)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import chess.pgn
import pytest

from arbiter.files.pgntext import game_texts
from arbiter.cli import main
from tests.conftest import write_file as _write
from arbiter.core.notation import translate

ROOT = Path(__file__).resolve().parent.parent
GERMAN = ROOT / "examples" / "audit" / "german.pgn"
CORPUS = ROOT / "examples" / "audit" / "games.pgn"
CLEAN = '[Event "clean"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n'
ILLEGAL = '[Event "illegal"]\n[White "C"]\n[Black "D"]\n[Result "*"]\n\n1. e4 e5 2. Ke2 Qh4 3. Kf3 Qxe4+ 4. Kf3g4 *\n'
REPETITION = '[Event "repetition"]\n[Result "*"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n'


def _json_games(out: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    lines = [json.loads(line) for line in out.splitlines()]
    return lines[:-1], lines[-1]["summary"]


# -- 1. a file that holds no PGN game -----------------------------------------------------------


NOT_PGN = [
    ("scenario.yaml", "title: a scenario\nevents:\n  - white: play e4\n\nexpect:\n  to_move: black\n",
     "holds no PGN game: it reads as YAML (key: value), not as PGN (scenarios and incident reports go to "
     "arbiter run and arbiter validate)"),
    ("notes.txt", "These are my notes on the tournament.\nNothing here is a game.\n\nA second paragraph.\n",
     'holds no PGN game: no tag pair such as [Event "..."] and no movetext such as 1. e4 e5'),
    ("empty.pgn", "", "holds no PGN game: the file is empty"),
    ("blank.pgn", "\n\n   \n", "holds no PGN game: the file is empty"),
]


@pytest.mark.parametrize(("name", "text", "error"), NOT_PGN, ids=[case[0] for case in NOT_PGN])
def test_a_file_without_a_pgn_game_is_an_input_error_and_the_others_are_still_audited(
        name: str, text: str, error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, name, text)
    good = _write(tmp_path, "good.pgn", ILLEGAL)
    assert main(["audit", bad, good]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"arbiter audit: {bad}: {error}"]
    assert captured.out.splitlines()[0] == f"{good} game 1 (C - D, *)"
    assert "1 game audited" in captured.out.splitlines()
    assert bad not in captured.out
    assert main(["audit", "--format", "json", bad]) == 2
    games, summary = _json_games(capsys.readouterr().out)
    assert games == []
    assert summary["games"] == 0
    assert summary["invalid_files"] == [{"file": bad, "error": error}]


def test_a_text_that_is_no_game_among_real_games_is_a_broken_game_numbered_as_python_chess_counts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "notes.pgn", "Round 3, printed by the club.\n\n" + ILLEGAL)
    assert main(["audit", path]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [f"{path} game 1 (? - ?, *)",
                       '    broken game: not a PGN game: no tag pair such as [Event "..."] and no movetext such as '
                       "1. e4 e5"]
    assert out[2] == f"{path} game 2 (C - D, *)"


# -- 2. a byte-order mark -------------------------------------------------------------------------


def test_a_byte_order_mark_is_read_away_and_the_game_numbers_are_python_chess_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.pgn"
    path.write_bytes(b"\xef\xbb\xbf" + (ILLEGAL + "\n" + CLEAN + "\n" + REPETITION).encode("utf-8"))
    assert main(["audit", "--format", "json", str(path)]) == 1
    games, summary = _json_games(capsys.readouterr().out)
    with open(path, encoding="utf-8-sig") as handle:
        counted = []
        while (game := chess.pgn.read_game(handle)) is not None:
            counted.append(game.headers["Event"])
    assert [(g["game"], g["error"]) for g in games] == [(1, None), (2, None), (3, None)]
    assert [g["white"] for g in games] == ["C", "A", "?"]
    assert summary["games"] == len(counted) == 3
    assert [f["kind"] for f in games[0]["findings"]] == ["illegal-move"]
    # a caller who opens the file as plain UTF-8 gets the same games
    with open(path, encoding="utf-8") as handle:
        texts = [text for _, text in game_texts(handle)]
    assert len(texts) == 3 and texts[0].startswith('[Event "illegal"]')


# -- 3. a score in another language, audited as English --------------------------------------------


def test_a_german_score_audited_as_english_says_it_reads_as_german(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31, item 9: one ``notation`` finding a game (C.5 allows the letters), no misread
    illegal moves; a game the German reading finds illegal moves in says so, and is a fault."""
    assert main(["audit", str(GERMAN)]) == 1  # two of the games have an illegal move read in German
    out = capsys.readouterr().out.splitlines()
    findings = [line for line in out if line.startswith("    ") and not line.startswith("    note: ")]
    written = ("(C.5) the moves are written with the piece letters of German (de), as C.5 allows; English cannot "
               "read them: audit the score with --notation de")
    assert len(findings) == 4 and all(written in line for line in findings)
    assert sorted(line.split()[0] for line in findings) == ["notation", "notation", "notation-illegal",
                                                              "notation-illegal"]
    assert sum("; read so, it has 1 illegal move (" in line for line in findings) == 2
    assert not [line for line in out if "illegal-move" in line or "unreadable-move" in line or "hint: this" in line]
    assert out[-1] == "hint: 4 games read as German (de), not as English: try --notation de"
    main(["audit", "--format", "json", str(GERMAN)])
    games, summary = _json_games(capsys.readouterr().out)
    first = games[0]["notation_hint"]
    assert isinstance(first, dict)
    assert (first["code"], first["name"], first["plies_read"], first["plies"], first["illegal"]) == \
        ("de", "German", 14, 14, 1)
    assert first["english_plies_read"] == 0 and "sv" in first["also"]
    assert first["text"].startswith("this score reads as German (de): try --notation de")
    assert summary["notation_hints"]["de"] == 4


def test_no_hint_when_the_notation_is_given_or_the_score_is_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--format", "json", "--notation", "de", str(GERMAN)]) == 1
    games, summary = _json_games(capsys.readouterr().out)
    assert [g["notation_hint"] for g in games] == [None] * 4 and summary["notation_hints"] == {}
    assert main(["audit", "--format", "json", str(CORPUS)]) == 1  # 16 illegal moves, all English
    games, summary = _json_games(capsys.readouterr().out)
    assert all(g["notation_hint"] is None for g in games) and summary["notation_hints"] == {}


FAMOUS = [("fr", "French"), ("es", "Spanish"), ("ru", "Russian"), ("sr-Cyrl", "Serbian (Cyrillic)"),
          ("figurine", "Figurine"), ("hu", "Hungarian"), ("pl", "Polish")]


@pytest.mark.parametrize(("code", "name"), FAMOUS, ids=[case[0] for case in FAMOUS])
def test_a_famous_game_in_another_language_is_recognised(code: str, name: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    opera = GERMAN.read_text(encoding="utf-8").split("\n\n[Event")[-1]
    moves = opera.split("\n\n", 1)[1].split()
    german = [word if word[0].isdigit() else translate(word, "en", "de") for word in moves]
    written = " ".join(word if word[0].isdigit() else translate(word, code) for word in german)
    path = _write(tmp_path, f"opera-{code}.pgn", f'[Event "Opera"]\n[Result "1-0"]\n\n{written}\n')
    main(["audit", path])
    out = capsys.readouterr().out.splitlines()
    (finding,) = [line for line in out if line.startswith("    notation (C.5) ")]
    assert f"the piece letters of {name} ({code}), as C.5 allows" in finding and f"--notation {code}" in finding
    assert not [line for line in out if "illegal-move" in line]
    assert main(["audit", "--notation", code, path]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 game audited"]


# -- 4. the exit status ----------------------------------------------------------------------------


STATUS = [("clean", CLEAN, 0), ("information only", REPETITION, 0), ("an illegal move", ILLEGAL, 1),
          ("no result written: a note, python-chess reads the game", '[Event "x"]\n\n1. e4 e5 2. Nf3\n', 0),
          ("a bad FEN tag", '[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *\n', 2)]


@pytest.mark.parametrize(("what", "text", "status"), STATUS, ids=[case[0] for case in STATUS])
def test_exit_status(what: str, text: str, status: int, tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "game.pgn", text)
    assert main(["audit", path]) == status
    assert main(["audit", "--format", "json", "--jobs", "2", path]) == status


def test_the_highest_status_of_all_files_applies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean, illegal = _write(tmp_path, "clean.pgn", CLEAN), _write(tmp_path, "illegal.pgn", ILLEGAL)
    assert main(["audit", clean, illegal]) == 1
    assert main(["audit", clean, illegal, str(tmp_path / "missing.pgn")]) == 2
    assert capsys.readouterr().err.splitlines() == [f"arbiter audit: {tmp_path / 'missing.pgn'}: "
                                                    "No such file or directory"]


def test_the_exit_status_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["audit", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 no findings; 1 some findings" in text
    assert "information such as could-claim-threefold does not count" in text
    assert "2 some input invalid: a file missing or not PGN, a broken game" in text


def test_the_exit_status_is_documented() -> None:
    docs = " ".join((ROOT / "docs" / "audit.md").read_text(encoding="utf-8").split())
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for text in (docs, readme):
        assert "Exit status 0" in text and "could-claim-threefold" in text and "not PGN" in text


def test_game_texts_cut_where_python_chess_does() -> None:
    # a tag line straight after movetext is movetext to python-chess: only a blank line ends a game
    text = ('[Event "a"]\n\n1. e4 {a comment\n\nover a blank line} e5 *\n\nsome words\n\n'
            '1. d4 d5 *\n[Event "b"]\n1. Nf3\n\n1. c4 *\n\n[Event "tags only"]\n\n\n1. Nf3 *\n')
    handle = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append((dict(game.headers), [move.uci() for move in game.mainline_moves()]))
    texts = [t for _, t in game_texts(io.StringIO(text))]
    assert len(texts) == len(games) == 6
    assert [t.split("\n", 1)[0] for t in texts] == ['[Event "a"]', "some words", "1. d4 d5 *", "1. c4 *",
                                                    '[Event "tags only"]', "1. Nf3 *"]
    for t, (headers, moves) in zip(texts, games, strict=True):
        game = chess.pgn.read_game(io.StringIO(t))
        assert game is not None and (dict(game.headers), [m.uci() for m in game.mainline_moves()]) == (headers, moves)


@pytest.mark.parametrize(("score", "said"), [
    # the queen cannot pass the king on e7: no move of the board's is written, so none is judged
    ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Bxf7+ Ke7 5. Bb3 Qg5 *", "'Qg5' names no move a piece could make"),
    # either knight, b1 or f3, may go to d2: which was played is not known
    ("1. d4 d5 2. Nf3 Nf6 3. Nd2 *", "'Nd2' may be any of several moves"),
])
def test_a_move_the_score_cannot_name_is_unreadable_only(score: str, said: str) -> None:
    """Such a move was also reported as an illegal move "no piece can make it" (found by a helper
    auditing as a Bulgarian arbiter): what was played is not known, so it is not judged."""
    from arbiter.files.audit import audit_text

    game = audit_text((1, f'[Event "e"]\n\n{score}\n'))
    assert [(finding.kind, finding.text.split(";")[0]) for finding in game.findings] == [("unreadable-move", said)]
