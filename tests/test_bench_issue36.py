"""Issue 36's benchmarks measure what they say (their figures are never asserted here): the perft
bench finds a wrong count, the command-line bench's games and files are the ones it describes."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest
import yaml

from arbiter.core.legalcore import is_compiled_available
from bench import bound, commandline, perft


@pytest.mark.slow
def test_the_perft_bench_agrees_with_the_published_counts_and_finds_a_wrong_one(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    if not is_compiled_available():
        pytest.skip("rust-chess is not installed here")
    assert perft.main(["--depth", "3"]) == 0
    assert capsys.readouterr().out.count(" ok ") == 18
    fen, counts = perft.POSITIONS["initial"]
    monkeypatch.setitem(perft.POSITIONS, "initial", (fen, (20, 400, 8_903, *counts[3:])))
    assert perft.main(["--depth", "3"]) == 1
    assert "WRONG" in capsys.readouterr().out


def test_the_command_line_bench_writes_its_random_games_as_play_events(tmp_path: Path) -> None:
    games = commandline.random_games(count=3)
    for sans in games:  # 60 to 120 plies, fewer only where the game is over
        board = chess.Board()
        for san in sans:
            board.push_san(san)
        assert len(sans) <= 120 and (len(sans) >= 60 or board.is_game_over())
    commandline.write_scenarios(games, tmp_path / "whole")
    commandline.write_scenarios(games, tmp_path / "first", first_only=True)
    for number, sans in enumerate(games):
        whole = yaml.safe_load((tmp_path / "whole" / f"game{number:02d}.yaml").read_text(encoding="utf-8"))
        first = yaml.safe_load((tmp_path / "first" / f"game{number:02d}.yaml").read_text(encoding="utf-8"))
        assert [next(iter(event.values())) for event in whole["events"]] == [f"play {san}" for san in sans]
        assert len(first["events"]) == 1
    # run in this process too, every scenario passing: a failing run is refused, not timed
    assert commandline.in_process_cpu(tmp_path / "whole") >= 0
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    scenario = "title: t\nsource: Laws 3\nevents:\n  - white: play e4\nexpect: {to_move: white}\n"
    (wrong / "game.yaml").write_text(scenario, encoding="utf-8")
    with pytest.raises(RuntimeError, match="ended with 1"):
        commandline.in_process_cpu(wrong)
    archives = commandline.STANDARD_ARCHIVES
    assert archives and not any("crazyhouse" in path.name for path in archives)


def test_the_bound_experiment_switches_the_questions_off_and_restores_the_referee() -> None:
    import arbiter.laws.game as game_module
    from arbiter.core.position import Position

    is_dead, can_move = game_module.is_dead, Position.can_move
    stuck_pawn = chess.Board("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1")
    dead = chess.Board("8/8/4k3/8/8/4K3/8/8 w - - 0 1")
    with bound.variant("neither"):
        assert not game_module.is_dead(dead) and Position(stuck_pawn).can_move(chess.E2)
    assert (game_module.is_dead, Position.can_move) == (is_dead, can_move)
    assert game_module.is_dead(dead) and not Position(stuck_pawn).can_move(chess.E2)
    games = bound.load(bound.CORPUS, 2)
    ratios = bound.measure(games, 1)
    assert set(ratios) == set(bound.VARIANTS) and all(len(c) == len(b) == 1 for c, b in ratios.values())
    assert (game_module.is_dead, Position.can_move) == (is_dead, can_move)
