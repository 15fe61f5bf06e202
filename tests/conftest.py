"""Shared helpers: build a referee from a start and feed it events written as in scenarios."""

from __future__ import annotations

import os
import random
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import chess
import pytest
from hypothesis import settings

from arbiter.table.events import Event, parse_action
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.laws.rulings import Ruling


#: How many times its own budget of examples each property test runs: 1 in CI and by default, so
#: that every run asks the same number of questions, drawn from the same seed (``derandomize``): a
#: loaded machine changes how long the suite takes, never what it proves. ``ARBITER_EXAMPLES=K``
#: runs K times as many, drawn afresh each run: a longer hunt, by hand.
EXAMPLES_SCALE = max(1, int(os.environ.get("ARBITER_EXAMPLES", "1") or "1"))

#: The servers the tests start keep their sessions in a directory of the test run, never in the
#: user's data directory (``arbiter serve``'s default store).
os.environ["XDG_DATA_HOME"] = str(Path(__import__("tempfile").mkdtemp(prefix="arbiter-test-data-")))


def examples(budget: int) -> int:
    """A property test's number of examples: its own ``budget`` in CI, scaled by ``ARBITER_EXAMPLES``."""
    return budget * EXAMPLES_SCALE


settings.register_profile("arbiter", max_examples=examples(100), deadline=None,
                          derandomize=EXAMPLES_SCALE == 1)
settings.load_profile("arbiter")


def event(text: str, hand: str | None = None, at: float | None = None) -> Event:
    """``"white: touch g1"`` → an Event."""
    actor, action = text.split(":", 1)
    return Event(chess.WHITE if actor.strip() == "white" else chess.BLACK, parse_action(action.strip()),
                 action.strip(), at, hand, None, None)  # type: ignore[arg-type]


def bitboards(board: chess.BaseBoard) -> tuple[int, ...]:
    """A board's pieces as its raw bitboards and marks of promoted pieces (a FEN would not show a
    bit left behind)."""
    return (board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings,
            board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.occupied, board.promoted)


def referee(fen: str | None = None, moves: Iterable[str] = (), arbiter: str = "watching") -> Referee:
    return Referee(Position.from_start(fen, list(moves)), Settings(arbiter=arbiter))  # type: ignore[arg-type]


def feed(ref: Referee, *texts: str | Event) -> list[Ruling]:
    """Apply events in order; all rulings they gave."""
    given: list[Ruling] = []
    for text in texts:
        ev = event(text) if isinstance(text, str) else text
        given += ref.apply(ev, len(ref.rulings))
    return given


def randomly_played(start: str, seed: int, plies: int) -> chess.Board:
    """The board after up to ``plies`` random legal moves from ``start`` (fewer if the game ends)."""
    board = chess.Board(start)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def write_file(folder: Path, name: str, text: str) -> str:
    """Write ``text`` to ``folder/name``; the path as a string, as the command line takes it."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def kinds(rulings: Sequence[Ruling]) -> list[tuple[str, str]]:
    return [(r.kind, r.article) for r in rulings]


@pytest.fixture
def ref() -> Referee:
    return referee()


class SteppingClock:
    """A CPU clock for the analysis's deadline that moves on by ``step`` seconds at each reading:
    a deadline is passed after a set number of readings, whatever the machine and its load."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def process_time(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


@pytest.fixture
def stepping_clock(monkeypatch: pytest.MonkeyPatch) -> SteppingClock:
    """The analysis's CPU clock replaced by a :class:`SteppingClock` of 10 ms a reading, so that a
    test of its deadline (a safety net) does not depend on how fast the machine is."""
    from arbiter.core import fastcheck, helpmate, unwinnable

    clock = SteppingClock(0.01)
    for module in (fastcheck, helpmate, unwinnable):
        monkeypatch.setattr(module, "time", clock)
    return clock


#: The files whose tests take longest, run first: in two processes (pytest-xdist, --dist loadfile)
#: the other process works through the rest meanwhile, instead of one process finishing alone.
#: Measured on 2026-12-05: CHA's sample about 55 s (in two processes of its own), the properties
#: 40 s, the browser 28 s, the notation 15 s; every other file a few seconds at most.
_FIRST = ("test_cha.py", "test_properties.py", "test_web_browser.py", "test_notation.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: _FIRST.index(item.path.name) if item.path.name in _FIRST else len(_FIRST))


@dataclass(frozen=True)
class Done:
    """What a command did: its exit status and what it printed."""

    returncode: int
    stdout: str
    stderr: str


def run_main(args: Sequence[str], typed: str | bytes, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch, cwd: Path | None = None) -> Done:
    """``arbiter ARGS`` through :func:`arbiter.cli.main` in this process, as the entry point calls it,
    its standard input a real pipe holding ``typed`` and then the end of input (what a shell's
    ``printf TYPED | arbiter ARGS`` gives); ``ARBITER_LANG`` unset, from ``cwd`` if given. A test
    needs a process of its own only for what a process alone shows (the entry point, a hang, the
    imports of a cold start, a server listening)."""
    from arbiter.cli import main

    if cwd is not None:
        monkeypatch.chdir(cwd)
    monkeypatch.delenv("ARBITER_LANG", raising=False)
    reading, writing = os.pipe()
    data = typed.encode() if isinstance(typed, str) else typed

    def write_ahead() -> None:  # in a thread: more than a pipe holds waits for the command to read
        with os.fdopen(writing, "wb") as ahead:
            ahead.write(data)

    writer = threading.Thread(target=write_ahead, daemon=True)
    writer.start()
    with os.fdopen(reading, encoding="utf-8") as stdin:
        monkeypatch.setattr(sys, "stdin", stdin)
        capsys.readouterr()
        try:
            status = main(list(args))
        finally:
            out, err = capsys.readouterr()
            stdin.buffer.read()  # what the command left unread, so that the writer ends
            writer.join()
    return Done(status, out, err)


#: ``piped(args, typed="", cwd=None)``: :func:`run_main` with the test's own capture and patches.
Piped = Callable[..., Done]


@pytest.fixture
def piped(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Piped:
    """Run ``arbiter ARGS`` in this process with answers piped ahead (:func:`run_main`)."""
    def run(args: Sequence[str], typed: str = "", cwd: Path | None = None) -> Done:
        return run_main(args, typed, capsys, monkeypatch, cwd)

    return run
