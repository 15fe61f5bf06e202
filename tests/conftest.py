"""Shared helpers: build a referee from a start and feed it events written as in scenarios."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path

import chess
import pytest

from arbiter.table.events import Event, parse_action
from arbiter.core.position import Position
from arbiter.laws.referee import Referee, Settings
from arbiter.laws.rulings import Ruling


def event(text: str, hand: str | None = None, at: float | None = None) -> Event:
    """``"white: touch g1"`` → an Event."""
    actor, action = text.split(":", 1)
    return Event(chess.WHITE if actor.strip() == "white" else chess.BLACK, parse_action(action.strip()),
                 action.strip(), at, hand, None, None)  # type: ignore[arg-type]


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


#: The files whose tests take longest, run first: in two processes (pytest-xdist, --dist loadfile)
#: the other process works through the rest meanwhile, instead of one process finishing alone.
_FIRST = ("test_cha.py", "test_notation.py", "test_properties.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: _FIRST.index(item.path.name) if item.path.name in _FIRST else len(_FIRST))
