"""How far could c/a fall without two questions the Laws ask? (issue 36, c/a ≤ 2.5)

An experiment, not a figure of the referee: a, b and c_acts of :mod:`bench.sidebyside` (the long
form ruled act by act, as a live session rules it; the sixth session's c, before a file's plain
moves went in one go) replayed on the engine corpus in four variants, interleaved game by game (the
variants' order turning from game to game), CPU time, the median of the repetitions with min and
max; "c/a" below is c_acts/a:

- ``as-is``: the referee as it is;
- ``no-5.2.2``: no dead-position check after a move (``is_dead`` answers False);
- ``no-4.5``: no question, when a piece is lifted, whether it can move (every piece can);
- ``neither``: both switched off.

No referee may do without either question (5.2.2 ends the game the moment a dead position is on
the board; 4.3.1 binds a player to move a touched piece only if it can be moved, 4.5): the
variants only show what the rest of c costs. The referee is restored before this returns.

``python -m bench.bound [--games N] [--repetitions R]`` prints the table.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import chess

import arbiter.laws.game as game_module
from arbiter.core.position import Position
from bench.games import CORPUS
from bench.sidebyside import Game, _a, _b, _c_acts, load

VARIANTS = ("as-is", "no-5.2.2", "no-4.5", "neither")


@contextmanager
def variant(name: str) -> Iterator[None]:
    """The referee with the questions ``name`` leaves out switched off, for the block's duration."""
    is_dead, can_move = game_module.is_dead, Position.can_move  # type: ignore[attr-defined]

    def never_dead(board: chess.Board) -> bool:
        return False

    def always_movable(self: Position, square: chess.Square) -> bool:
        return True

    if name in ("no-5.2.2", "neither"):
        game_module.is_dead = never_dead  # type: ignore[attr-defined]  # the name the game's ending calls
    if name in ("no-4.5", "neither"):
        Position.can_move = always_movable  # type: ignore[method-assign]
    try:
        yield
    finally:
        game_module.is_dead = is_dead  # type: ignore[attr-defined]
        Position.can_move = can_move  # type: ignore[method-assign]


def measure(games: list[Game], repetitions: int) -> dict[str, tuple[list[float], list[float]]]:
    """Per variant, c/a and b/a of each repetition."""
    ratios: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in VARIANTS}
    runs: tuple[Callable[[Game], None], ...] = (_a, _b, _c_acts)
    for _ in range(repetitions):
        totals = {name: [0.0, 0.0, 0.0] for name in VARIANTS}
        for number, game in enumerate(games):
            turn = number % len(VARIANTS)
            for name in VARIANTS[turn:] + VARIANTS[:turn]:
                with variant(name):
                    for index, run in enumerate(runs):
                        start = time.process_time()
                        run(game)
                        totals[name][index] += time.process_time() - start
        for name, (a, b, c) in totals.items():
            ratios[name][0].append(c / a)
            ratios[name][1].append(b / a)
    return ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bound", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args(argv)
    ratios = measure(load(CORPUS, args.games), args.repetitions)
    for name, (c_over_a, b_over_a) in ratios.items():
        print(f"{name:9} c/a {statistics.median(c_over_a):.2f} ({min(c_over_a):.2f}-{max(c_over_a):.2f})"
              f"   b/a {statistics.median(b_over_a):.2f} ({min(b_over_a):.2f}-{max(b_over_a):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
