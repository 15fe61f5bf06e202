"""The side-by-side benchmark (bench/sidebyside.py, issue 17) measures what it says: every variant
replays the whole game, and the figures are the medians of per-repetition totals."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest

from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.table.events import Event
from bench import sidebyside
from bench.games import CORPUS, ROOT


def _replayed(events: list[Event]) -> chess.Board:
    referee = Referee(Position(), Settings())
    for index, event in enumerate(events):
        referee.apply(event, index)
    return referee.position.board


def test_c_rules_the_long_form_as_a_file_and_c_acts_act_by_act(monkeypatch: pytest.MonkeyPatch) -> None:
    """c is ruled as ``arbiter run`` rules a file (most moves in one go, :meth:`Referee.apply_from`),
    c_acts act by act: the same rulings, each on its own event."""
    game = sidebyside.load(CORPUS, 1)[0]
    ruled: dict[str, list[tuple[int, str]]] = {}
    for variant in ("c", "c_acts"):
        referees: list[Referee] = []
        monkeypatch.setattr(sidebyside, "Referee", lambda *args, kept=referees: kept.append(Referee(*args)) or kept[-1])
        sidebyside.RUNS[variant](game)
        ruled[variant] = [(ruling.event, ruling.kind) for ruling in referees[0].rulings]
    assert ruled["c"] == ruled["c_acts"] and len(ruled["c"]) >= 3 * len(game.sans) - 2
    referee, index, in_one_go = Referee(Position(), Settings()), 0, 0
    while index < len(game.physical):
        taken = referee.apply_from(game.physical, index)
        index, in_one_go = index + taken, in_one_go + (taken > 1)
    assert in_one_go >= len(game.sans) * 3 // 4


@pytest.mark.slow
def test_b_and_c_play_every_move_of_the_game_as_a_does() -> None:
    for game in sidebyside.load(CORPUS, 6) + sidebyside.load(ROOT / "bench" / "real" / "twic1599.pgn", 6):
        for events in (game.plays, game.physical):
            played = _replayed(events)
            board = chess.Board()
            for san in game.sans[:len(played.move_stack)]:
                board.push_san(san)
            assert played.board_fen() == board.board_fen()
            # Every move, or every move up to a dead position (5.2.2: the game ends there; an
            # engine game may play on, bare kings and all).
            assert len(played.move_stack) == len(game.sans) or board.is_insufficient_material()
        assert game.text.lstrip().startswith("[")


def test_only_standard_games_from_the_initial_position_are_replayed(tmp_path: Path) -> None:
    pgn = tmp_path / "mixed.pgn"
    pgn.write_text('[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n[Variant "Chess960"]\n'
                   '[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"]\n\n1. e4 *\n\n'
                   '[Event "c"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/4k3/4K2R w K - 0 1"]\n\n1. Rh2+ *\n\n'
                   '[Event "d"]\n\n1. d4 d5 2. c4 *\n', encoding="utf-8")
    games = sidebyside.load(pgn)
    assert [game.sans for game in games] == [["e4", "e5"], ["d4", "d5", "c4"]]
    assert '[Event "d"]' in games[1].text and "Chess960" not in games[1].text


def test_figures_are_medians_of_the_repetitions_and_ratios_per_repetition(monkeypatch: pytest.MonkeyPatch) -> None:
    games = sidebyside.load(CORPUS, 2)
    totals = {"a": [1.0, 2.0, 3.0], "floor": [2.0, 2.0, 2.0], "b": [4.0, 10.0, 9.0], "c": [5.0, 5.0, 5.0],
              "c_acts": [8.0, 8.0, 8.0], "audit": [0.5, 1.0, 2.0]}
    monkeypatch.setattr(sidebyside, "interleaved", lambda games, repetitions: totals)
    out = sidebyside.figures(games, 3)
    plies = sum(len(game.sans) for game in games)
    assert out["a_us_per_move"] == 2.0e6 / plies
    assert (out["b_over_a"], out["b_over_a_min"], out["b_over_a_max"]) == (4.0, 3.0, 5.0)  # 4, 5, 3
    assert out["audit_games_per_cpu_s"] == 2 / 1.0
    assert (out["c_acts_over_a"], out["c_over_a"]) == (4.0, 2.5)  # 8/2, 5/2


def test_every_variant_runs_on_every_game_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    games = sidebyside.load(CORPUS, 7)
    seen: list[tuple[str, int]] = []
    for variant in sidebyside.VARIANTS:
        monkeypatch.setitem(sidebyside.RUNS, variant, lambda game, v=variant: seen.append((v, game.number)))
    totals = sidebyside.interleaved(games, 2)
    assert all(len(values) == 2 for values in totals.values())
    assert len(seen) == 2 * 7 * len(sidebyside.VARIANTS)
    firsts = {seen[index * len(sidebyside.VARIANTS)][0] for index in range(7)}
    assert firsts == set(sidebyside.VARIANTS)  # the order turns from game to game
