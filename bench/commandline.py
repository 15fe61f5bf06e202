"""Issue 36's two figures through the command line, whole processes, CPU time
(``python -m bench commandline [--repetitions N]``).

- **play**: 40 random games of 60 to 120 plies (a fixed seed), each a scenario file of ``play``
  events; ``arbiter run`` on the 40 files less ``arbiter run`` on 40 files of their first event
  only (the process's start, its imports and the files' reading), per move, against python-chess's
  ``push_san`` of the same moves in this process. Target: at most 3.0. Beside it, the same
  difference with ``arbiter run`` called in this process (``play_in_process_*``): the command's
  path without a process's start, whose jitter the whole-process figure carries.
- **audit**: ``arbiter audit --format json`` over the standard archives of ``bench/real`` in one
  process, against one process of python-chess merely reading the same files
  (``chess.pgn.read_game`` until the end of each), the start of both processes included.
  Target: at most 1.0.

The processes' CPU time is the children's (``RUSAGE_CHILDREN``, user and system); the variants
run one after another in each repetition, their order turning from one repetition to the next;
each figure is the median of the repetitions with the lowest and highest, each ratio taken per
repetition before its median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import chess
import yaml

from bench.archive import children_cpu

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "bench" / "real"
#: bench/real's archives of standard chess (its crazyhouse file is a variant the audit does not judge).
STANDARD_ARCHIVES = sorted(path for path in REAL.glob("*.pgn") if "crazyhouse" not in path.name)
ARBITER = [sys.executable, "-m", "arbiter"]
READ_ONLY = ("import sys, chess.pgn\n"
             "for name in sys.argv[1:]:\n"
             "    with open(name, encoding='utf-8-sig', errors='replace') as handle:\n"
             "        while chess.pgn.read_game(handle) is not None:\n"
             "            pass\n")


def random_games(count: int = 40, seed: int = 36) -> list[list[str]]:
    """``count`` random games of 60 to 120 plies (fewer where one ends), as SAN."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board, sans = chess.Board(), []
        plies = rng.randint(60, 120)
        while len(sans) < plies and not board.is_game_over():
            move = rng.choice(list(board.generate_legal_moves()))
            sans.append(board.san(move))
            board.push(move)
        games.append(sans)
    return games


def write_scenarios(games: list[list[str]], folder: Path, first_only: bool = False) -> None:
    """Each game as a scenario file of ``play`` events in ``folder`` (with ``first_only``, its
    first event alone), expecting the side to move after it."""
    folder.mkdir(parents=True, exist_ok=True)
    for number, sans in enumerate(games):
        played = sans[:1] if first_only else sans
        events = [{"white" if ply % 2 == 0 else "black": f"play {san}"} for ply, san in enumerate(played)]
        scenario = {"title": f"random game {number}", "source": "Laws 3", "events": events,
                    "expect": {"to_move": "white" if len(played) % 2 == 0 else "black"}}
        (folder / f"game{number:02d}.yaml").write_text(yaml.safe_dump(scenario), encoding="utf-8")


def child_cpu(command: list[str], statuses: tuple[int, ...] = (0,)) -> float:
    """The CPU time (user and system) of one process running ``command``; its output thrown away.

    :raises subprocess.CalledProcessError: if it ends with another status than ``statuses`` (a
        benchmark of a failing run means nothing; the audit's 1 says it found something).
    """
    before = children_cpu()
    done = subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    if done.returncode not in statuses:
        raise subprocess.CalledProcessError(done.returncode, command)
    return children_cpu() - before


def push_san_cpu(games: list[list[str]]) -> float:
    """The CPU time of python-chess's ``push_san`` over every move of ``games``, in this process."""
    start = time.process_time()
    for sans in games:
        board = chess.Board()
        for san in sans:
            board.push_san(san)
    return time.process_time() - start


def in_process_cpu(folder: Path) -> float:
    """The CPU time of ``arbiter run FOLDER`` called in this process (``arbiter.cli.main``, its
    output thrown away): the command's own path, without a process's start, whose tens of
    milliseconds of jitter the whole-process figure carries.

    :raises RuntimeError: if a scenario does not pass (a benchmark of a failing run means nothing).
    """
    import contextlib
    import io

    from arbiter.cli import main as arbiter_main

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        start = time.process_time()
        status = arbiter_main(["run", str(folder)])
        spent = time.process_time() - start
    if status != 0:
        raise RuntimeError(f"arbiter run {folder} ended with {status}: {printed.getvalue()[-500:]}")
    return spent


def _spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


def measure(repetitions: int) -> dict[str, tuple[float, float, float]]:
    """Both figures: per variant, the median, lowest and highest over ``repetitions``."""
    games = random_games()
    plies = sum(len(sans) for sans in games)
    with tempfile.TemporaryDirectory() as scratch:
        whole, first = Path(scratch) / "games", Path(scratch) / "first"
        write_scenarios(games, whole)
        write_scenarios(games, first, first_only=True)
        runs: dict[str, Callable[[], float]] = {
            "run_games": lambda: child_cpu([*ARBITER, "run", str(whole)]),
            "run_first_events": lambda: child_cpu([*ARBITER, "run", str(first)]),
            "push_san": lambda: push_san_cpu(games),
            "audit": lambda: child_cpu([*ARBITER, "audit", "--format", "json", *map(str, STANDARD_ARCHIVES)], (0, 1)),
            "read": lambda: child_cpu([sys.executable, "-c", READ_ONLY, *map(str, STANDARD_ARCHIVES)]),
            "in_process_games": lambda: in_process_cpu(whole),
            "in_process_first_events": lambda: in_process_cpu(first),
        }
        for run in runs.values():  # a first run of each: files cached, byte code written
            run()
        seconds: dict[str, list[float]] = {name: [] for name in runs}
        names = list(runs)
        for repetition in range(repetitions):
            turn = repetition % len(names)
            for name in names[turn:] + names[:turn]:
                seconds[name].append(runs[name]())
    per_move = [(games_s - first_s) / (plies - len(games)) for games_s, first_s in
                zip(seconds["run_games"], seconds["run_first_events"], strict=True)]
    push_san = [total / plies for total in seconds["push_san"]]
    in_process = [(games_s - first_s) / (plies - len(games)) for games_s, first_s in
                  zip(seconds["in_process_games"], seconds["in_process_first_events"], strict=True)]
    return {
        "play_in_process_us_per_move": _spread([value * 1e6 for value in in_process]),
        "play_in_process_over_push_san": _spread([a / b for a, b in zip(in_process, push_san, strict=True)]),
        "play_us_per_move": _spread([value * 1e6 for value in per_move]),
        "push_san_us_per_move": _spread([value * 1e6 for value in push_san]),
        "play_over_push_san": _spread([a / b for a, b in zip(per_move, push_san, strict=True)]),
        "audit_cpu_s": _spread(seconds["audit"]),
        "read_cpu_s": _spread(seconds["read"]),
        "audit_over_read": _spread([a / b for a, b in zip(seconds["audit"], seconds["read"], strict=True)]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench commandline", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repetitions", type=int, default=3)
    args = parser.parse_args(argv)
    for name, (median, low, high) in measure(args.repetitions).items():
        print(f"{name:24} {median:10.3f}   ({low:.3f}-{high:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
