"""a, b, c, the floor and the audit side by side (issue 17): interleaved per game, CPU time.

For every game of a corpus, in one process and one after another, each variant replays it and
its CPU time (``time.process_time``) is added to the variant's total for the repetition:

- a: python-chess ``push_san``, move by move;
- floor: python-chess doing only what the Laws need of every move (read the SAN, check it is
  legal, write its SAN with the check and mate signs, push, look for a legal reply, the key of the
  position for repetitions);
- b: the arbiter, as ``play`` events;
- c: the arbiter, in the long physical form (lift, remove, place, release, put, press), the
  events ruled as ``arbiter run`` rules a file's (``Referee.apply_from``: a plain move's acts in
  one go, each ruling on its own act; issue 36, seventh session);
- c_acts: the same events ruled act by act, as a live session rules them (``arbiter teach``,
  the web board, an e-board: the next act is not known yet);
- audit: ``arbiter audit``'s work on the game's PGN text (``arbiter.files.audit.audit_text``).

The order of the variants turns from game to game, so that no variant always runs first, and a
change of the machine's load during a repetition falls on all of them alike. Five repetitions;
each figure is the median of the repetitions with their min and max, and each ratio (b/a, c/a,
b/floor) is taken per repetition before its median: a ratio of medians would mix repetitions.
The machine's load (``os.getloadavg``) is kept with the figures.

``python -m bench.sidebyside [--games N] [--repetitions R]`` prints the table; ``python -m bench``
puts the figures into ``bench/results.json``.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path

import chess
import chess.pgn

from arbiter.core.position import Position, position_key
from arbiter.files.audit import audit_text
from arbiter.laws.referee import Referee, Settings
from arbiter.table.events import Event
from bench.games import CORPUS, physical, plays, real_corpus

VARIANTS = ("a", "floor", "b", "c", "c_acts", "audit")


class Game:
    """One game of a corpus, with everything each variant replays made beforehand."""

    __slots__ = ("number", "text", "sans", "plays", "physical")

    def __init__(self, number: int, text: str, sans: list[str]) -> None:
        self.number = number
        self.text = text
        self.sans = sans
        self.plays = plays(sans)
        self.physical = physical(sans)


def load(path: Path, limit: int | None = None) -> list[Game]:
    """The standard games of a PGN file that start from the initial position (the variants a,
    b, c and the floor replay from there), each with its own PGN text for the audit."""
    text = path.read_text(encoding="utf-8-sig")
    games: list[Game] = []
    handle = io.StringIO(text)
    while True:
        start = handle.tell()
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        end = handle.tell()
        headers = game.headers
        if "FEN" in headers or headers.get("Variant", "Standard").lower() not in ("standard", "chess"):
            continue
        if game.errors:
            continue
        board = game.board()
        sans = []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        if not sans:
            continue
        games.append(Game(len(games) + 1, text[start:end], sans))
        if limit is not None and len(games) >= limit:
            break
    return games


def _a(game: Game) -> None:
    board = chess.Board()
    for san in game.sans:
        board.push_san(san)


def _floor(game: Game) -> None:
    board = chess.Board()
    for san in game.sans:
        move = board.parse_san(san)
        board.is_legal(move)
        board.san_and_push(move)
        any(board.generate_legal_moves())
        position_key(board)


def _through(events: Sequence[Event]) -> None:
    referee = Referee(Position(), Settings())
    for index, event in enumerate(events):
        referee.apply(event, index)


def _b(game: Game) -> None:
    _through(game.plays)


def _c(game: Game) -> None:
    referee = Referee(Position(), Settings())
    events, index = game.physical, 0
    while index < len(events):
        index += referee.apply_from(events, index)


def _c_acts(game: Game) -> None:
    _through(game.physical)


def _audit(game: Game) -> None:
    audit_text((game.number, game.text))


RUNS: dict[str, Callable[[Game], None]] = {"a": _a, "floor": _floor, "b": _b, "c": _c, "c_acts": _c_acts,
                                           "audit": _audit}


def interleaved(games: Sequence[Game], repetitions: int) -> dict[str, list[float]]:
    """Per variant, its total CPU seconds over the games, one total per repetition."""
    totals: dict[str, list[float]] = {variant: [] for variant in VARIANTS}
    clock = time.process_time
    for _ in range(repetitions):
        gc.collect()
        sums = dict.fromkeys(VARIANTS, 0.0)
        for index, game in enumerate(games):
            turn = index % len(VARIANTS)
            for variant in VARIANTS[turn:] + VARIANTS[:turn]:
                run = RUNS[variant]
                start = clock()
                run(game)
                sums[variant] += clock() - start
        for variant in VARIANTS:
            totals[variant].append(sums[variant])
    return totals


def _spread(prefix: str, values: list[float]) -> dict[str, float]:
    return {prefix: statistics.median(values), f"{prefix}_min": min(values), f"{prefix}_max": max(values)}


def figures(games: Sequence[Game], repetitions: int, prefix: str = "") -> dict[str, float]:
    """The figures of one corpus: µs per move of a, floor, b, c, c_acts; the ratios; the audit's games
    per CPU second; the machine's load before and after."""
    plies = sum(len(game.sans) for game in games)
    load_before = os.getloadavg()[0]
    totals = interleaved(games, repetitions)
    load_after = os.getloadavg()[0]
    out: dict[str, float] = {f"{prefix}replayed_games": len(games), f"{prefix}plies": plies,
                             f"{prefix}repetitions": repetitions}
    for variant in ("a", "floor", "b", "c", "c_acts"):
        out.update(_spread(f"{prefix}{variant}_us_per_move", [t * 1e6 / plies for t in totals[variant]]))
    for top, bottom in (("b", "a"), ("c", "a"), ("c_acts", "a"), ("floor", "a"), ("b", "floor"), ("c", "floor")):
        ratios = [x / y for x, y in zip(totals[top], totals[bottom], strict=True)]
        out.update(_spread(f"{prefix}{top}_over_{bottom}", ratios))
    out.update(_spread(f"{prefix}audit_games_per_cpu_s", [len(games) / t for t in totals["audit"]]))
    out[f"{prefix}load_before"] = load_before
    out[f"{prefix}load_after"] = load_after
    return out


def memory_per_ply(games: Sequence[Game], plies: int = 200, count: int = 20) -> dict[str, float]:
    """Bytes a live game holds per ply after ``plies`` plies (``count`` games at once, traced
    with ``tracemalloc``), from the corpus's games of at least that length."""
    long_games = [game for game in games if len(game.sans) >= plies][:count]
    if not long_games:
        return {}
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    alive = []
    for game in long_games:
        referee = Referee(Position(), Settings())
        for index, event in enumerate(game.plays[:plies]):
            referee.apply(event, index)
        alive.append(referee)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return {"memory_bytes_per_ply": used / (len(alive) * plies), "memory_games": len(alive),
            "memory_plies": plies}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sidebyside")
    parser.add_argument("--games", type=int, default=None, help="the first N games of each corpus")
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args(argv)
    engine = load(CORPUS, args.games)
    real = load(real_corpus(smoke=False), args.games)
    out = figures(engine, args.repetitions)
    out.update(figures(real, args.repetitions, prefix="real_"))
    out.update(memory_per_ply(engine + real))
    width = max(len(key) for key in out)
    for key, value in out.items():
        print(f"{key:{width}}  {value:12.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
