"""``arbiter audit --engine dask`` and ``--jobs N``: the games of the inputs audited by workers (a
Dask cluster's, or N processes of this machine: :class:`ProcessWorkers`), in order and numbered
as ``--jobs 1`` gives them.

On a Dask cluster a plain file is cut into byte ranges that the workers read themselves. Each cut is made at the
start of a line beginning with ``[`` after a blank line, and each worker checks, with
:func:`arbiter.files.pgntext.game_texts` itself, that its range ends where the whole file's
reading starts a game; where it does not (the cut fell in a comment, or between two tag lines),
the range is joined to the next one and audited again. A compressed file or standard input, which
cannot be cut without reading it from the start, is read here and sent in batches of games; so is
every file ``--jobs N`` audits (read through the file the command opened, as ``--jobs 1`` reads it).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import re
import signal
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Generic, Protocol, TextIO, TypeVar

from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import _, current_language
from arbiter.files.archive import ENCODING, ERRORS, is_plain_file
from arbiter.files.audit import audit_text
from arbiter.files.findings import GameAudit
from arbiter.files.pgntext import game_texts

if TYPE_CHECKING:
    from distributed import Client


class EngineError(ArbiterError):
    """``--engine dask`` cannot run: ``distributed`` is not installed, or the scheduler is not reached."""


T = TypeVar("T")
R_co = TypeVar("R_co", covariant=True)

#: A line the range's reader appends after a range: it ends up a game of its own exactly when the
#: whole file's reading, at the range's end, would start a new game with the next line (which
#: begins with "[" as it does).
PROBE = '[Probe "the range ends here"]\n'
#: Ranges of a plain file: about a quarter of a worker's share each, within these bounds.
SMALLEST_RANGE, LARGEST_RANGE = 1 << 14, 1 << 20
#: Games of a compressed file or standard input sent to a worker at once (a count or a size).
BATCH_GAMES, BATCH_CHARACTERS = 200, 1 << 20
_CANDIDATE = re.compile(rb"\n[ \t\r]*\n(?=\[)")
#: How much of a file is read at a time while looking for a cut.
_BLOCK = 1 << 16
#: How long the client waits for a scheduler named by --scheduler.
SCHEDULER_TIMEOUT = "10s"


class Outcome(Protocol[R_co]):
    """A task's result to come (a ``distributed.Future``, or one already there)."""

    def result(self) -> R_co: ...

    def cancel(self) -> object: ...


class Workers(Protocol):
    """What the audit needs of a Dask client: to submit a task, and how many threads run tasks."""

    def submit(self, func: Callable[..., T], /, *args: Any, pure: bool = ...) -> Outcome[T]: ...

    def nthreads(self) -> dict[str, int]: ...


@dataclass(frozen=True)
class ByteRange:
    """Bytes ``start`` to ``end`` of a plain PGN file, which a worker reads and audits."""

    path: str
    start: int
    end: int
    is_last: bool

    def joined(self, following: ByteRange) -> ByteRange:
        """This range and the one after it, as one."""
        return ByteRange(self.path, self.start, following.end, following.is_last)


@dataclass
class RangeResult(Generic[T]):
    """What a worker made of a range (the game texts, or their audits, numbered from 1), and
    whether the range ends where the whole file's reading starts a game; if not, its items are
    left out and the range must be joined to the next one."""

    items: list[T]
    ends_at_game_start: bool


def byte_ranges(path: str, size: int) -> Iterator[ByteRange]:
    """A plain file's ranges of about ``size`` bytes, each but the first beginning at a line that
    begins with ``[`` after a blank line (a cut :func:`range_texts` checks)."""
    path = os.path.abspath(path)  # workers may run elsewhere than here
    length = os.path.getsize(path)
    start = 0
    with open(path, "rb") as handle:
        while True:
            cut = _candidate_after(handle, start + size)
            if cut is None or cut >= length:
                yield ByteRange(path, start, length, True)
                return
            yield ByteRange(path, start, cut, False)
            start = cut


def _candidate_after(handle: IO[bytes], offset: int) -> int | None:
    """The first candidate cut at or after ``offset``; None when none is left."""
    handle.seek(offset)
    position, carried = offset, b""
    while block := handle.read(_BLOCK):
        window = carried + block
        match = _CANDIDATE.search(window)
        if match is not None:
            return position - len(carried) + match.end()
        carried = window[-64:]  # a blank line split between two blocks
        position += len(block)
    return None


def range_texts(part: ByteRange) -> RangeResult[tuple[int, str]]:
    """The game texts of a range, cut and numbered by :func:`arbiter.files.pgntext.game_texts`
    (from 1), read from the file and decoded as :func:`~arbiter.files.archive.open_text` decodes
    it; and whether the range ends where the whole file's reading starts a game.

    :raises OSError: the file cannot be read here (a worker that does not see it).
    """
    try:
        with open(part.path, "rb") as handle:
            handle.seek(part.start)
            data = handle.read(part.end - part.start)
    except OSError as err:  # on a worker: say so, the client can read the file
        unread = _("a Dask worker cannot read {path}: {error} (with --scheduler, the workers must see the file at "
                   "that path)").format(path=part.path, error=err.strerror or err)
        raise OSError(err.errno, unread) from None
    if not part.is_last:
        data += PROBE.encode("utf-8")
    # Each range but the first begins with "[" after a newline, so no character and no "\r\n" is
    # split, and the byte-order mark can only be at the very start.
    encoding = ENCODING if part.start == 0 else "utf-8"
    texts = list(game_texts(io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors=ERRORS)))
    if part.is_last:
        return RangeResult(texts, True)
    if texts[-1][1] != PROBE:
        return RangeResult([], False)
    return RangeResult(texts[:-1], True)


def audit_range(part: ByteRange, notation: str | None, lang: str | None = None,
                laws: str | None = None) -> RangeResult[GameAudit]:
    """A range's games audited (a task on a worker), numbered from 1, their findings said in
    ``lang``, by the edition ``laws`` (else each game's date); none when the range must be joined
    to the next one."""
    texts = range_texts(part)
    return RangeResult([audit_text(item, notation, lang, laws) for item in texts.items], texts.ends_at_game_start)


def audit_batch(batch: list[tuple[int, str]], notation: str | None, lang: str | None = None,
                laws: str | None = None) -> list[GameAudit]:
    """A batch of numbered game texts audited (a task on a worker), their findings said in ``lang``,
    by the edition ``laws`` (else each game's date)."""
    return [audit_text(item, notation, lang, laws) for item in batch]


def ranges_in_order(submit: Callable[[ByteRange], Outcome[RangeResult[T]]], ranges: Iterable[ByteRange],
                    window: int) -> Iterator[list[T]]:
    """Each range's items in the file's order, at most ``window`` ranges at work at once; a range
    whose end is not where the file's reading starts a game is joined to the next ones (one, then
    two, four, ...) until it is."""
    upcoming = iter(ranges)
    pending: deque[tuple[ByteRange, Outcome[RangeResult[T]]]] = deque()

    def fill() -> None:
        while len(pending) < window and (part := next(upcoming, None)) is not None:
            pending.append((part, submit(part)))

    try:
        fill()
        while pending:
            current, outcome = pending.popleft()
            result, width = outcome.result(), 1
            while not result.ends_at_game_start:
                for _ in range(width):
                    fill()
                    following, superseded = pending.popleft()
                    superseded.cancel()
                    current = current.joined(following)
                    if current.is_last:
                        break
                result, width = submit(current).result(), width * 2
            fill()
            yield result.items
    finally:
        for _, outcome in pending:
            outcome.cancel()


def batches_in_order(submit: Callable[[list[tuple[int, str]]], Outcome[list[T]]],
                     texts: Iterable[tuple[int, str]], window: int) -> Iterator[list[T]]:
    """Each batch's items in order, at most ``window`` batches at work at once. When reading the
    texts fails (a corrupt archive), the games read before are still given, then the error raised,
    as ``--jobs 1`` gives them."""
    upcoming = batches(texts)
    pending: deque[Outcome[list[T]]] = deque()
    failure: Exception | None = None
    try:
        while True:
            while failure is None and len(pending) < window:
                try:
                    batch = next(upcoming, None)
                except Exception as err:  # noqa: BLE001 - raised once the games before it are given
                    failure = err
                    break
                if batch is None:
                    break
                pending.append(submit(batch))
            if not pending:
                break
            yield pending.popleft().result()
    finally:
        for outcome in pending:
            outcome.cancel()
    if failure is not None:
        raise failure


def batches(texts: Iterable[tuple[int, str]], games: int = BATCH_GAMES,
            characters: int = BATCH_CHARACTERS) -> Iterator[list[tuple[int, str]]]:
    """Game texts in batches of ``games`` games or ``characters`` characters, whichever comes
    first; when reading fails, the batch read so far comes first, then the error."""
    batch: list[tuple[int, str]] = []
    size = 0
    try:
        for item in texts:
            batch.append(item)
            size += len(item[1])
            if len(batch) >= games or size >= characters:
                yield batch
                batch, size = [], 0
    except Exception:
        if batch:
            yield batch
        raise
    if batch:
        yield batch


def numbered_from(lists: Iterable[list[T]], renumber: Callable[[T, int], T]) -> Iterator[T]:
    """The items of lists each numbered from 1, numbered on through them all (as one file's)."""
    offset = 0
    for items in lists:
        for item in items:
            yield renumber(item, offset)
        offset += len(items)


def _renumbered_game(game: GameAudit, offset: int) -> GameAudit:
    return dataclasses.replace(game, number=game.number + offset) if offset else game


def audit_by_workers(client: Workers, name: str, handle: TextIO, notation: str | None,
                     lang: str | None = None, laws: str | None = None, ranges: bool = True) -> Iterator[GameAudit]:
    """Every game of one input audited by ``client``'s workers (a Dask cluster's, or this machine's
    processes for ``--jobs N``: :class:`ProcessWorkers`), in order and numbered as ``--jobs 1``
    gives them, their findings said in ``lang`` (the language in force here by default: a worker
    does not share it). With ``ranges`` (a Dask cluster's workers) a plain file goes in byte ranges
    that the workers read; anything else is read here from ``handle`` (the input opened by
    :func:`~arbiter.files.archive.open_text`) and sent in batches. ``--jobs N`` asks no ranges:
    its processes then audit what ``--jobs 1`` reads, through the same open file, even if its name
    is changed or removed meanwhile."""
    lang = lang or current_language()
    workers = max(1, sum(client.nthreads().values()))
    window = 2 * workers + 2
    if ranges and is_plain_file(name):
        size = max(SMALLEST_RANGE, min(LARGEST_RANGE, os.path.getsize(name) // (4 * workers)))
        results = ranges_in_order(lambda part: client.submit(audit_range, part, notation, lang, laws, pure=False),
                                  byte_ranges(name, size), window)
        yield from numbered_from(results, _renumbered_game)
        return
    for audited in batches_in_order(lambda batch: client.submit(audit_batch, batch, notation, lang, laws, pure=False),
                                    game_texts(handle), window):
        yield from audited


class ProcessWorkers:
    """``--jobs N``: ``processes`` processes of this machine as the audit's workers (:class:`Workers`),
    for every file of the command. A process that dies (killed, out of memory) fails its tasks
    (``BrokenProcessPool``) where a ``multiprocessing.Pool`` waited for it for ever, and a task
    not started yet is dropped when cancelled."""

    def __init__(self, executor: ProcessPoolExecutor, processes: int) -> None:
        self._executor = executor
        self._processes = processes

    def submit(self, func: Callable[..., T], /, *args: Any, pure: bool = True) -> Future[T]:
        return self._executor.submit(func, *args)

    def nthreads(self) -> dict[str, int]:
        return {"this machine": self._processes}


@contextlib.contextmanager
def process_workers(processes: int) -> Iterator[ProcessWorkers]:
    """``processes`` worker processes of this machine for the whole command, stopped at the end
    (at once, the tasks not started dropped, when the command stops early: Ctrl-C).

    :raises OSError: the processes cannot be started (a limit on processes or open files).
    """
    executor = ProcessPoolExecutor(processes, initializer=_leave_interrupts_to_the_command)
    try:
        yield ProcessWorkers(executor, processes)
    except BaseException:
        _stop(executor, early=True)
        raise
    _stop(executor, early=False)


def _leave_interrupts_to_the_command() -> None:
    """In a worker process: Ctrl-C is the command's to handle (it stops the workers); a worker
    interrupted too would print its traceback on the way out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(executor: ProcessPoolExecutor, early: bool) -> None:
    """Stop ``executor`` once the tasks at work are done (``early``: the ones not started dropped),
    then end any of its processes still alive. Not waiting for those at work left the interpreter's
    exit to wake a manager thread whose pipe was closed ("Exception ignored ... Bad file descriptor"
    after ``| head``); a pool whose start failed half way (a limit on processes or open files: each
    task said so) left processes that nothing told to stop, and the exit waited for them for ever.
    (``_processes``: the executor's own; Python 3.14 has ``terminate_workers``.)"""
    processes = list((getattr(executor, "_processes", None) or {}).values())  # shutdown forgets them
    executor.shutdown(wait=True, cancel_futures=early)
    for process in processes:
        if process.is_alive():
            process.terminate()


@contextlib.contextmanager
def dask_client(scheduler: str | None, workers: int) -> Iterator[Client]:
    """A client of the Dask scheduler at ``scheduler``; without one, of a local cluster of
    ``workers`` processes started here and closed at the end.

    :raises EngineError: ``distributed`` is not installed, or the scheduler cannot be reached.
    """
    try:
        import distributed
    except ImportError:
        raise EngineError(_("--engine dask needs the distributed package: pip install 'arbiter[dask]'")) from None
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout=SCHEDULER_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, ValueError) as err:  # TimeoutError is an OSError
            raise EngineError(_("cannot reach the Dask scheduler at {scheduler}: {error}").format(
                scheduler=scheduler, error=err)) from None
        with client:
            _load_core(client)
            yield client
        return
    import logging

    # One thread a worker: the audit is Python, held by the GIL. The scheduler's web server on a
    # free port: on 8787, taken by another cluster, it would warn. (The constructors are unannotated.)
    # The workers' logs only at CRITICAL: on a busy machine a worker of this cluster, closing with
    # it, logs a missed heartbeat as an ERROR with a traceback (seen in CI beside other tests); a
    # task that fails reaches the command through its result, not through the log.
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,  # type: ignore[no-untyped-call]
                                       processes=True, dashboard_address=":0", silence_logs=logging.CRITICAL)
    with cluster, distributed.Client(cluster) as client:  # type: ignore[no-untyped-call]
        _load_core(client)
        yield client


def _load_core(client: Client) -> None:
    """Every worker of ``client``'s cluster loads the compiled core in its main thread (and every
    worker that joins later): :mod:`arbiter.files.daskworker`."""
    from arbiter.files.daskworker import CoreLoader

    client.register_plugin(CoreLoader())
