"""Benchmark: what auditing an archive costs a game, and what a month of the Lichess database would
take (python -m bench.archive [--repetitions N] [--month-games G] [FILE...]).

For each file (by default tests/data/real-games.pgn and bench/corpus.pgn), through the command's
own entry point in this process, its output thrown away, each figure per game, the median of N
repetitions with the lowest and highest:

- ``jobs1_cpu_ms``: ``arbiter audit --jobs 1``, CPU time of this process (``time.process_time``);
- ``jobs2_wall_ms``: ``--jobs 2``, wall time (the pool's start included); ``jobs2_cpu_ms`` the CPU
  time of this process and of the pool's two processes;
- ``dask_wall_ms``: ``--engine dask --scheduler`` on a local cluster of two worker processes started
  beforehand (``dask_start_s``: its start, once), wall time; ``dask_cpu_ms`` the CPU time of the
  two workers, ``dask_client_cpu_ms`` that of this process (the client, and the local scheduler).

Wall times depend on what else the machine runs; CPU times much less. ``feed_games_per_s`` is how
fast this process reads a zstandard copy of the file and cuts it into games, the work that stays
with the client for a compressed file. The month figures divide the games of a month by the
workers, at the workers' CPU cost a game measured on the largest file; they assume games that
cost what these cost, and workers that scale as two do.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import logging
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import zstandard

from arbiter.files.archive import open_text
from arbiter.files.pgntext import game_texts
from arbiter.cli import main as arbiter

if TYPE_CHECKING:
    from distributed import Client

ROOT = Path(__file__).resolve().parent.parent
FILES = (ROOT / "tests" / "data" / "real-games.pgn", ROOT / "bench" / "corpus.pgn")
#: The order of a month of the Lichess standard database in 2024-2025 (about a hundred million
#: games); an assumption to scale by, not a measurement.
MONTH_GAMES = 100_000_000
WORKERS = (2, 16, 64, 256)


def _repeat(measure: Callable[[], float], repetitions: int) -> tuple[float, float, float]:
    """Median, lowest and highest of ``repetitions`` measurements."""
    values = [measure() for _ in range(repetitions)]
    return statistics.median(values), min(values), max(values)


def _quietly(argv: list[str]) -> int:
    with contextlib.redirect_stdout(io.StringIO()):
        return arbiter(argv)


def _cpu(argv: list[str]) -> float:
    start = time.process_time()
    _quietly(argv)
    return time.process_time() - start


def _wall(argv: list[str]) -> float:
    start = time.perf_counter()
    _quietly(argv)
    return time.perf_counter() - start


def _cpu_with_children(argv: list[str]) -> float:
    """CPU time of this process and of the processes it started and waited for (a pool's)."""
    before = time.process_time() + children_cpu()
    _quietly(argv)
    return time.process_time() + children_cpu() - before


def children_cpu() -> float:
    """The CPU time (user and system) of the processes this one started and waited for, so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _dask_cpu(client: Client, client_cpu: list[float], argv: list[str]) -> float:
    """CPU time of the cluster's workers for the command; this process's is added to ``client_cpu``."""
    workers, here = _workers_cpu(client), time.process_time()
    _quietly(argv)
    client_cpu.append(time.process_time() - here)
    return _workers_cpu(client) - workers


def _workers_cpu(client: Client) -> float:
    """The CPU time the cluster's worker processes have used so far, all together."""
    spent: dict[str, float] = client.run(time.process_time)
    return sum(spent.values())


def _games(path: Path) -> int:
    with open_text(str(path)) as handle:
        return sum(1 for _ in game_texts(handle))


def _feed_rate(path: Path, repetitions: int) -> float:
    """Games a second read from a zstandard copy of ``path`` and cut into games here."""
    with tempfile.TemporaryDirectory() as folder:
        packed = Path(folder) / "games.pgn.zst"
        packed.write_bytes(zstandard.ZstdCompressor(write_checksum=True).compress(path.read_bytes() * 10))

        def read() -> float:
            start = time.perf_counter()
            count = _games(packed)
            return count / (time.perf_counter() - start)

        return _repeat(read, repetitions)[0]


def bench_archive(paths: tuple[Path, ...] = FILES, repetitions: int = 5,
                  month_games: int = MONTH_GAMES) -> dict[str, float]:
    """The figures, by name: ``<file>_<figure>`` for each file, and the month estimates."""
    import distributed

    figures: dict[str, float] = {}
    start = time.perf_counter()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                                  dashboard_address=":0", silence_logs=logging.ERROR) as cluster, \
            distributed.Client(cluster) as client:  # type: ignore[no-untyped-call]
        figures["dask_start_s"] = time.perf_counter() - start
        for path in paths:
            games = _games(path)
            name = path.stem.replace("-", "_")
            figures[f"{name}_games"] = games
            on_dask = ["audit", "--engine", "dask", "--scheduler", cluster.scheduler_address, str(path)]
            client_cpu: list[float] = []
            runs: dict[str, tuple[Callable[[list[str]], float], list[str]]] = {
                "jobs1_cpu_ms": (_cpu, ["audit", "--jobs", "1", str(path)]),
                "jobs2_wall_ms": (_wall, ["audit", "--jobs", "2", str(path)]),
                "jobs2_cpu_ms": (_cpu_with_children, ["audit", "--jobs", "2", str(path)]),
                "dask_wall_ms": (_wall, on_dask),
                "dask_cpu_ms": (functools.partial(_dask_cpu, client, client_cpu), on_dask),
            }
            for figure, (measure, argv) in runs.items():
                median, low, high = _repeat(functools.partial(measure, argv), repetitions)
                figures[f"{name}_{figure}"] = median * 1000 / games
                figures[f"{name}_{figure}_min"] = low * 1000 / games
                figures[f"{name}_{figure}_max"] = high * 1000 / games
            figures[f"{name}_dask_client_cpu_ms"] = statistics.median(client_cpu) * 1000 / games
            figures[f"{name}_feed_games_per_s"] = _feed_rate(path, repetitions)
    largest = max(paths, key=lambda p: p.stat().st_size).stem.replace("-", "_")
    per_game = figures[f"{largest}_dask_cpu_ms"] / 1000  # worker-seconds a game
    for workers in WORKERS:
        figures[f"month_hours_{workers}_workers"] = month_games * per_game / workers / 3600
    figures["month_games"] = month_games
    figures["month_workers_one_zst_reader_feeds"] = figures[f"{largest}_feed_games_per_s"] * per_game
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.archive")
    parser.add_argument("files", nargs="*", type=Path, help="PGN files (default: real-games.pgn, corpus.pgn)")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--month-games", type=int, default=MONTH_GAMES)
    args = parser.parse_args(argv)
    figures = bench_archive(tuple(args.files) or FILES, args.repetitions, args.month_games)
    width = max(len(key) for key in figures)
    for key, value in figures.items():
        print(f"{key:{width}}  {value:14.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
