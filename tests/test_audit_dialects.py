"""arbiter audit on real-PGN dialects (issue 13, item 1): variations, comments and NAGs, glued
move numbers, Chess960 and other variants, read as python-chess reads them."""

from __future__ import annotations

import json
from pathlib import Path

import chess.pgn
import pytest

from arbiter.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pgn"



def _audit(capsys: pytest.CaptureFixture[str], name: str, *options: str) -> tuple[int, list[dict[str, object]]]:
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
