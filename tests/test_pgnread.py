"""Reading a PGN score written in another language than English."""

from __future__ import annotations

import chess

from arbiter.core.pgnread import read_score
from arbiter.files.scenario import loads

SCORE = """
[Event "Prvenstvo"]
[White "Petrović"]
[Black "Jovanović \\"Joca\\""]

1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Сf3 (2. Лc4 Сf6) 2... Сc6 {a comment; with [%clk 1:00:00] inside a
variation? no: main line} $1 3. Лb5!? a6 ; a line comment
4. Лa4 {[%clk 1:28:00]} 1-0
"""


def test_tags_main_line_clocks_and_result() -> None:
    score = read_score(SCORE)
    assert score.headers == {"Event": "Prvenstvo", "White": "Petrović", "Black": 'Jovanović "Joca"'}
    assert score.moves == ["e4", "e5", "Сf3", "Сc6", "Лb5!?", "a6", "Лa4"]
    assert score.clocks == [5390.0, 5380.0, None, 3600.0, None, None, 5280.0]
    assert score.result == "1-0"


def test_a_scenario_starts_from_a_serbian_pgn_with_its_clocks() -> None:
    text = "title: t\nsource: Laws 8.1.1\nnotation: sr-Cyrl\nstart:\n  pgn: |\n" + "".join(
        f"    {line}\n" for line in SCORE.strip().splitlines())
    scenario = loads(text, "x.yaml")
    assert scenario.start.fen() == "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4"
    assert scenario.start_clock is not None
    assert scenario.start_clock == {chess.WHITE: 5280.0, chess.BLACK: 3600.0}
