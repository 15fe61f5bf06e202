"""The benchmarks of issue 6, each beside its baseline; median and spread of several repetitions.

- moves (bench.sidebyside, issue 17): the engine corpus (bench/corpus.pgn) and the real games
  replayed by python-chess ``push_san`` (a), the floor of what the Laws need of every move,
  through the arbiter as ``play`` events (b), in the long physical form (c), and audited,
  interleaved per game in one process, CPU time, medians of five repetitions with min and max;
  the memory a live game holds per ply after 200 plies.
- scenarios: ``arbiter run scenarios/`` wall time, and the cold start on one small file.
- audit: games per second of ``arbiter audit`` on the corpus, ``--jobs 1`` and ``--jobs 2``.
- helpmate: the known positions (bench.helpmate).
- unwinnability: CHA's test positions (bench.unwinnability): median and 99th percentile CPU time
  per question beside CHA's published 336 µs, the share decided; the dead-position check.
- real: the audit on real games (bench/real: TWIC master games and two Lichess database samples),
  one job, two jobs and Dask on two local workers (bench.archive), beside the python-chess floor on
  the same file (its reader, and a legal-move generation after each move), in CPU time.
- teach: event-to-screen latency, median and 99th percentile.
- memory: bytes per live game with 1,000 games open at once.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import chess
import chess.pgn

from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from bench import sidebyside
from bench.games import CORPUS, event, real_corpus

ROOT = Path(__file__).resolve().parent.parent


def timed(function: Callable[[], object], repetitions: int) -> tuple[float, float]:
    """Median and spread (max - min) of the wall time of ``function``."""
    times = []
    for _ in range(repetitions):
        gc.collect()
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times) - min(times)


def _wall(command: list[str], repetitions: int) -> tuple[float, float]:
    return timed(lambda: subprocess.run(command, cwd=ROOT, capture_output=True, check=False), repetitions)


def bench_commands(repetitions: int, smoke: bool) -> dict[str, float]:
    arbiter = [sys.executable, "-m", "arbiter.cli"]
    figures: dict[str, float] = {}
    figures["scenarios_s"], figures["scenarios_spread_s"] = _wall([*arbiter, "run", "scenarios"], repetitions)
    one = "scenarios/touch/own-piece-touched-and-moved.yaml"
    figures["cold_start_s"], figures["cold_start_spread_s"] = _wall([*arbiter, "run", one], repetitions)

    def cold_start(bytecode: bool) -> tuple[float, float]:
        """Issue 17: median wall and CPU time of `arbiter run` on one file, a whole process each, the
        package's byte code present (compiled first) or not (a copy without __pycache__, none written)."""
        import os
        import resource
        import shutil
        import tempfile

        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        with tempfile.TemporaryDirectory() as tree:
            if bytecode:
                subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "arbiter")], check=True)
                where = ROOT
            else:
                where = Path(tree)
                shutil.copytree(ROOT / "arbiter", where / "arbiter", ignore=shutil.ignore_patterns("__pycache__"))
                (where / "rules").symlink_to(ROOT / "rules")
                env["PYTHONDONTWRITEBYTECODE"] = "1"
            env["PYTHONPATH"] = str(where)
            walls, cpus = [], []
            for _ in range(repetitions):
                before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
                subprocess.run([*arbiter, "run", str(ROOT / one)], cwd=where, env=env, capture_output=True, check=False)
                walls.append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        return statistics.median(walls), statistics.median(cpus)

    figures["cold_start_bytecode_s"], figures["cold_start_cpu_s"] = cold_start(True)
    figures["cold_start_no_bytecode_s"], figures["cold_start_no_bytecode_cpu_s"] = cold_start(False)
    corpus = str(CORPUS)
    games = 50 if smoke else 1000
    if smoke:
        text = CORPUS.read_text(encoding="utf-8").split("\n\n[Event")[:games]
        small = ROOT / "bench" / "smoke.pgn"
        small.write_text("\n\n[Event".join(text) + "\n", encoding="utf-8")
        corpus = str(small)
    for jobs in (1, 2):
        seconds, spread = _wall([*arbiter, "audit", "--jobs", str(jobs), corpus], repetitions)
        figures[f"audit_jobs{jobs}_games_per_s"] = games / seconds
        figures[f"audit_jobs{jobs}_spread_s"] = spread
    seconds, spread = timed(lambda: _pgn_floor(Path(corpus)), repetitions)
    figures["audit_floor_games_per_s"], figures["audit_floor_spread_s"] = games / seconds, spread
    return figures


def _pgn_floor(path: Path, every_reply: bool = False) -> None:
    """The audit's baseline, in this process: python-chess reading the PGN (its reader parses and
    pushes every move) and, after each move, looking for a legal reply (mate, stalemate: the least
    the audit must do), or with ``every_reply`` generating all the legal moves (issue 13's floor:
    "python-chess alone reading the same file and generating the legal moves after each move")."""
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                if every_reply:
                    list(board.generate_legal_moves())
                else:
                    any(board.generate_legal_moves())


def bench_teach(plies: int) -> dict[str, float]:
    from arbiter.cli.teach import new_session

    terminal = new_session(None, None, None, None, None, None, None)
    board = chess.Board()
    times = []
    for _ in range(plies):
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if not legal or terminal.session.view().result != "*":
            break
        move = legal[len(board.move_stack) * 7 % len(legal)]
        start = time.perf_counter()
        terminal.handle(f"play {move.uci()}")
        times.append(time.perf_counter() - start)
        board.push(move)
    times.sort()
    return {"teach_median_ms": statistics.median(times) * 1000,
            "teach_p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))] * 1000}


def bench_memory(count: int) -> dict[str, float]:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    games = []
    for _ in range(count):
        referee = Referee(Position(), Settings())
        referee.apply(event(chess.WHITE, "play e4"), 0)
        games.append(referee)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    used = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    return {"bytes_per_live_game": used / count, "live_games": count}


def bench_helpmate() -> dict[str, float]:
    from arbiter.core.unwinnable import can_checkmate
    from tests.test_unwinnable import KNOWN

    times = []
    for fen, color, _, why in KNOWN:
        start = time.perf_counter()
        can_checkmate(chess.Board(fen), color)
        times.append((time.perf_counter() - start, why))
    total = sum(t for t, _ in times)
    slowest = max(times)
    return {"helpmate_positions_per_s": len(times) / total, "helpmate_slowest_s": slowest[0]}


#: The real games of the throughput figures: standard chess from real archives (bench/real/SOURCES.md).
def _floor_cpu(path: Path, every_reply: bool = False) -> float:
    start = time.process_time()
    _pgn_floor(path, every_reply)
    return time.process_time() - start


def bench_real(repetitions: int, smoke: bool) -> dict[str, float]:
    """The audit's games per CPU-second on real games: one job, two jobs, Dask on two local
    workers, and the python-chess floor, medians with their min and max."""
    from bench.archive import bench_archive

    path = real_corpus(smoke)
    figures = bench_archive((path,), repetitions)
    name = path.stem.replace("-", "_")
    games = figures[f"{name}_games"]
    floors, issue_floors = [], []
    for _ in range(repetitions):  # the two floors interleaved
        floors.append(_floor_cpu(path))
        issue_floors.append(_floor_cpu(path, every_reply=True))
    floors.sort()
    issue_floors.sort()
    out = {"real_games": games}
    for figure in ("jobs1_cpu_ms", "jobs2_cpu_ms", "dask_cpu_ms"):
        out[f"real_audit_{figure.split('_')[0]}_games_per_cpu_s"] = 1000 / figures[f"{name}_{figure}"]
        out[f"real_audit_{figure.split('_')[0]}_games_per_cpu_s_min"] = 1000 / figures[f"{name}_{figure}_max"]
        out[f"real_audit_{figure.split('_')[0]}_games_per_cpu_s_max"] = 1000 / figures[f"{name}_{figure}_min"]
    out["real_audit_jobs2_wall_games_per_s"] = 1000 / figures[f"{name}_jobs2_wall_ms"]
    out["real_audit_dask_wall_games_per_s"] = 1000 / figures[f"{name}_dask_wall_ms"]
    out["real_floor_games_per_cpu_s"] = games / statistics.median(floors)
    out["real_floor_games_per_cpu_s_min"] = games / floors[-1]
    out["real_floor_games_per_cpu_s_max"] = games / floors[0]
    out["real_floor_all_replies_games_per_cpu_s"] = games / statistics.median(issue_floors)
    out["real_floor_all_replies_games_per_cpu_s_min"] = games / issue_floors[-1]
    out["real_floor_all_replies_games_per_cpu_s_max"] = games / issue_floors[0]
    out.update({key: value for key, value in figures.items() if key.startswith("month_")})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--smoke", action="store_true", help="a tiny corpus and one repetition (CI)")
    parser.add_argument("--repetitions", type=int, default=3, help="of the commands and the audit's jobs")
    parser.add_argument("--side-repetitions", type=int, default=5, help="of a, b, c, the floor and the audit")
    args = parser.parse_args(argv)
    repetitions = 1 if args.smoke else args.repetitions
    figures: dict[str, float] = {}
    load = os.getloadavg()
    figures.update({"load_1min_at_start": load[0], "load_5min_at_start": load[1], "cpus": os.cpu_count() or 0})
    engine = sidebyside.load(CORPUS, 20 if args.smoke else None)
    real = sidebyside.load(real_corpus(args.smoke), 20 if args.smoke else None)
    side_repetitions = 1 if args.smoke else args.side_repetitions
    figures.update(sidebyside.figures(engine, side_repetitions))
    figures.update(sidebyside.figures(real, side_repetitions, prefix="real_"))
    figures.update(sidebyside.memory_per_ply(engine + real))
    figures.update(bench_commands(repetitions, args.smoke))
    figures.update(bench_teach(40 if args.smoke else 200))
    figures.update(bench_memory(100 if args.smoke else 1000))
    figures.update(bench_real(repetitions, args.smoke))
    if not args.smoke:
        from bench.commandline import measure as bench_commandline
        from bench.unwinnability import bench as bench_unwinnability

        for name, (median, low, high) in bench_commandline(args.side_repetitions).items():
            figures.update({f"commandline_{name}": median, f"commandline_{name}_min": low,
                            f"commandline_{name}_max": high})
        figures.update(bench_helpmate())
        figures.update(bench_unwinnability(400))
    load = os.getloadavg()
    figures.update({"load_1min_at_end": load[0], "load_5min_at_end": load[1]})
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"{key:{width}}  {value:12.3f}")
    target = Path(__file__).resolve().parent / ("results-smoke.json" if args.smoke else "results.json")
    target.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0
