"""The audit reads real archives as python-chess does (issue 13, items 1 and 6).

For every file of bench/real (real PGN from public archives, bench/real/SOURCES.md): the audit
reports as many games as ``chess.pgn.read_game`` reads; no game that python-chess reads without
``game.errors`` is reported broken; no game has an illegal or unreadable move unless
python-chess also fails on it; and each game python-chess reads without errors is read move for
move (the same plies, the same moves). The first three comparisons are bench/real_parity.py's,
which prints the details (``python -m bench.real_parity`` compares the whole files): each file is
audited once, as a whole ``arbiter audit --format json`` process. The moves are compared here, in
this process. Of the two bench files of a megabyte, only the first ``PREFIX_GAMES`` games (cut
where python-chess ends a game) are audited, to keep the run short. The files over 100 KB are
marked slow.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from pathlib import Path

import chess.pgn
import pytest

from arbiter.files.audit import audit_text
from arbiter.files.findings import pgn_games
from arbiter.files.pgntext import game_texts
from bench.real_parity import FileParity, check, real_files, report

LARGE = 70_000
PREFIX_BYTES = 500_000
PREFIX_GAMES = 300


def _params() -> list[object]:
    return [pytest.param(path, id=path.name, marks=[pytest.mark.slow] if path.stat().st_size > LARGE else [])
            for path in real_files()]


def prefix(path: Path, folder: Path, games: int = PREFIX_GAMES) -> Path:
    """``path`` itself, or for a large file its first ``games`` games as python-chess ends them."""
    if path.stat().st_size <= PREFIX_BYTES:
        return path
    text = path.read_text(encoding="utf-8")
    handle = io.StringIO(text)
    for _ in range(games):
        if chess.pgn.read_game(handle) is None:
            return path
    cut = folder / path.name
    cut.write_text(text[:handle.tell()], encoding="utf-8")
    return cut


@pytest.fixture(scope="module")
def prefixed(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], Path]:
    folder = tmp_path_factory.mktemp("real")
    done: dict[Path, Path] = {}

    def get(path: Path) -> Path:
        if path not in done:
            done[path] = prefix(path, folder)
        return done[path]
    return get


@pytest.fixture(scope="module")
def parity(prefixed: Callable[[Path], Path]) -> Callable[[Path], FileParity]:
    done: dict[Path, FileParity] = {}

    def get(path: Path) -> FileParity:
        if path not in done:
            done[path] = check(prefixed(path))
        return done[path]
    return get


def test_the_corpus_is_there() -> None:
    files = real_files()
    assert len(files) >= 5
    assert (files[0].parent / "SOURCES.md").is_file()
    assert (files[0].parent / "timeouts.txt").is_file()


def test_a_prefix_ends_where_python_chess_ends_a_game(tmp_path: Path) -> None:
    big = max(real_files(), key=lambda p: p.stat().st_size)
    cut = prefix(big, tmp_path, 7)
    assert cut != big
    with open(cut, encoding="utf-8") as handle:
        assert sum(1 for _ in iter(lambda: chess.pgn.read_game(handle), None)) == 7


@pytest.mark.parametrize("path", _params())
def test_as_many_games_as_python_chess(path: Path, parity: Callable[[Path], FileParity]) -> None:
    result = parity(path)
    if result.pc.crash or result.count_mismatch:
        pytest.fail(report(result), pytrace=False)


@pytest.mark.parametrize("path", _params())
def test_no_game_python_chess_reads_is_broken(path: Path, parity: Callable[[Path], FileParity]) -> None:
    result = parity(path)
    if result.broken_but_clean:
        pytest.fail(report(result), pytrace=False)


@pytest.mark.parametrize("path", _params())
def test_no_illegal_move_python_chess_reads(path: Path, parity: Callable[[Path], FileParity]) -> None:
    result = parity(path)
    if result.illegal_but_clean:
        pytest.fail(report(result), pytrace=False)


def _python_chess_games(text: str) -> list[tuple[bool, list[str]]]:
    """Each game python-chess reads: whether without errors, and its main line's moves (UCI)."""
    handle = io.StringIO(text)
    games = []
    logger = logging.getLogger("chess.pgn")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # python-chess logs every error it keeps in game.errors
    try:
        while (game := chess.pgn.read_game(handle)) is not None:
            games.append((not game.errors, [move.uci() for move in game.mainline_moves()]))
    finally:
        logger.setLevel(level)
    return games


@pytest.mark.parametrize("path", _params())
def test_every_game_python_chess_reads_is_read_move_for_move(path: Path, prefixed: Callable[[Path], Path]) -> None:
    # the file read as arbiter audit reads it: a byte-order mark read away, bad bytes replaced
    text = prefixed(path).read_text(encoding="utf-8-sig", errors="replace")
    theirs = _python_chess_games(text)
    ours = list(pgn_games(audit_text(item) for item in game_texts(io.StringIO(text))))
    assert len(ours) == len(theirs)
    differ = []
    for game, (clean, moves) in zip(ours, theirs, strict=True):
        if not clean or game.not_audited is not None:  # a variant's moves are not read
            continue
        replayed = [move.uci() for move in game.moves]
        # the audit replays the moves up to an ending by the Laws (the rest ran past it)
        stopped = any(f.kind == "ran-past-ending" for f in game.findings)
        if game.plies != len(moves) or replayed != moves[:len(replayed)] or (len(replayed) < len(moves)
                                                                              and not stopped):
            differ.append(f"game {game.number}: the audit reads {game.plies} plies and replays {len(replayed)}, "
                          f"python-chess reads {len(moves)}")
    assert differ == []
