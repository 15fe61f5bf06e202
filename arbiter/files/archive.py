"""The inputs of ``arbiter audit`` at archive scale: plain, gzip, bzip2 and zstandard PGN files and
standard input read as one text stream in constant memory; and ``--engine dask``, which audits
them on a Dask cluster with the output of ``--jobs 1``.

A file's compression is told by its name (``.gz``, ``.bz2``, ``.zst``); under any other name, by
its first bytes, so that a ``.pgn`` that is in fact compressed is read all the same. Every text is
decoded as the audit always decoded it: UTF-8, a byte-order mark at the start read away, bytes
that are not UTF-8 replaced.

On Dask, a plain file is cut into byte ranges that the workers read themselves. Each cut is made
at the start of a line beginning with ``[`` after a blank line, and each worker checks, with
:func:`arbiter.files.audit.game_texts` itself, that its range ends where the whole file's reading starts a
game; where it does not (the cut fell in a comment, or between two tag lines), the range is
joined to the next one and audited again. A compressed file or standard input, which cannot be
cut without reading it from the start, is read here and sent in batches of games.
"""

from __future__ import annotations

import bz2
import contextlib
import dataclasses
import gzip
import io
import os
import re
import sys
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Generic, Protocol, TextIO, TypeVar, cast

import zstandard

from arbiter.files.audit import GameAudit, audit_text, game_texts
from arbiter.core.errors import ArbiterError

if TYPE_CHECKING:
    from distributed import Client

GZIP, BZIP2, ZSTANDARD = "gzip", "bzip2", "zstandard"
#: The compression a file's name says, by its last suffix.
SUFFIXES = {".gz": GZIP, ".bz2": BZIP2, ".zst": ZSTANDARD}
#: How each compression's data begins (bzip2's: "BZh", the block size, then a block's or the
#: end's six-byte magic, so that a text beginning with "BZh" is not taken for bzip2).
_MAGIC = [(GZIP, re.compile(rb"\x1f\x8b")), (ZSTANDARD, re.compile(rb"\x28\xb5\x2f\xfd")),
          (BZIP2, re.compile(rb"BZh[1-9](\x31\x41\x59\x26\x53\x59|\x17\x72\x45\x38\x50\x90)", re.DOTALL))]
_HEAD = 10
_BUFFER = 1 << 16

ENCODING, ERRORS = "utf-8-sig", "replace"


class ArchiveError(ArbiterError):
    """A compressed input that cannot be decompressed: corrupt, truncated, or not in the format its
    name says. The games read before the fault still count."""


class EngineError(ArbiterError):
    """``--engine dask`` cannot run: ``distributed`` is not installed, or the scheduler is not reached."""


def compression_of(name: str, head: bytes) -> str | None:
    """The compression of an input called ``name`` whose first bytes are ``head``: the one its suffix
    says, else the one its magic number says; None for plain text."""
    for suffix, kind in SUFFIXES.items():
        if name.lower().endswith(suffix):
            return kind
    return next((kind for kind, magic in _MAGIC if magic.match(head)), None)


def open_bytes(path: str) -> IO[bytes]:
    """The decompressed bytes of ``path`` (``-``: standard input, which closing leaves open).

    :raises OSError: the file cannot be opened; standard input is no byte stream.
    :raises ArchiveError: (while reading) the compressed data is corrupt or truncated.
    """
    source: IO[bytes]
    if path == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:
            raise OSError("standard input gives text, not bytes: it cannot be read as a PGN file")
        head = _read_up_to(stdin, _HEAD)
        source = io.BufferedReader(_Chained(head, stdin, owns=False), _BUFFER)
    else:
        source = open(path, "rb")  # noqa: SIM115 - handed on, closed with what reads it
        try:
            if source.seekable():
                head = source.read(_HEAD)
                source.seek(0)
            else:  # a pipe given by name (a FIFO, <(zstdcat ...)): what was read is read again
                head = _read_up_to(source, _HEAD)
                source = io.BufferedReader(_Chained(head, source, owns=True), _BUFFER)
        except BaseException:
            source.close()
            raise
    kind = compression_of(path, head)
    if kind is None:
        return source
    return io.BufferedReader(_Decompressed(kind, source), _BUFFER)


def open_text(path: str) -> TextIO:
    """``path`` (``-``: standard input) as a text stream, read as it goes: decompressed as its name
    or its first bytes say, decoded as UTF-8 with a byte-order mark read away and bad bytes
    replaced, the lines as ``open`` gives them.

    :raises OSError: the file cannot be opened.
    :raises ArchiveError: (while reading) the compressed data is corrupt or truncated.
    """
    return io.TextIOWrapper(open_bytes(path), encoding=ENCODING, errors=ERRORS)


def is_plain_file(path: str) -> bool:
    """Whether ``path`` is a regular file of plain text, which Dask workers can read in ranges."""
    if path == "-" or not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as handle:
            return compression_of(path, handle.read(_HEAD)) is None
    except OSError:
        return False


def _read_up_to(stream: IO[bytes], size: int) -> bytes:
    """Up to ``size`` bytes, fewer only at the end of the stream (a pipe gives what it has)."""
    parts: list[bytes] = []
    wanted = size
    while wanted > 0:
        part = stream.read(wanted)
        if not part:
            break
        parts.append(part)
        wanted -= len(part)
    return b"".join(parts)


class _Chained(io.RawIOBase):
    """Bytes already read, then the rest of the stream they came from."""

    def __init__(self, head: bytes, rest: IO[bytes], owns: bool) -> None:
        super().__init__()
        self._head = head
        self._rest = rest
        self._owns = owns
        # read1: a pipe's bytes as they come, not once a whole buffer is full
        self._read = cast(Callable[[int], bytes], getattr(rest, "read1", rest.read))

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._head[:len(buffer)] if self._head else self._read(len(buffer))
        self._head = self._head[len(data):]
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        if self._owns and not self.closed:
            self._rest.close()
        super().close()


class _Decompressed(io.RawIOBase):
    """A compressed stream's bytes, decompressed as they are read; its faults as ArchiveError."""

    def __init__(self, kind: str, source: IO[bytes]) -> None:
        super().__init__()
        self.kind = kind
        self._source = source
        self._inner: IO[bytes]
        if kind == GZIP:
            self._inner = cast(IO[bytes], gzip.GzipFile(fileobj=source, mode="rb"))
        elif kind == BZIP2:
            self._inner = cast(IO[bytes], bz2.BZ2File(source, "rb"))
        else:
            self._inner = cast(IO[bytes], _ZstandardFrames(source))

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        try:
            data = self._inner.read(len(buffer))
        except EOFError as err:
            raise ArchiveError(f"truncated {self.kind} data: {err}") from None
        except (zlib.error, zstandard.ZstdError) as err:
            raise ArchiveError(f"corrupt {self.kind} data: {err}") from None
        except OSError as err:
            if err.errno is not None:  # the disk, not the data
                raise
            raise ArchiveError(f"corrupt {self.kind} data, or not {self.kind}: {err}") from None
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed:
            try:
                self._inner.close()
            finally:
                self._source.close()
        super().close()


class _ZstandardFrames(io.RawIOBase):
    """Zstandard frames one after another, decompressed as read by zstandard's ``stream_reader``
    (its output bounded by what is asked, however well the data compresses); a stream that ends
    inside a frame is an error. (``stream_reader`` ends such a stream silently, as if complete: an
    interrupted download would pass for a whole database.)"""

    def __init__(self, source: IO[bytes]) -> None:
        super().__init__()
        self._walker = _FrameWalker(source)
        self._reader = zstandard.ZstdDecompressor().stream_reader(cast(IO[bytes], self._walker),
                                                                  read_across_frames=True, closefd=False)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        size = self._reader.readinto(buffer)
        if size == 0 and not self._walker.is_between_frames:
            raise EOFError("the file ends inside a frame")
        return size

    def close(self) -> None:
        self._reader.close()  # type: ignore[no-untyped-call]  # zstandard's stub leaves it unannotated
        super().close()


class _FrameWalker(io.RawIOBase):
    """A zstandard stream's compressed bytes, passed on as read, while its frames are followed by
    their headers (RFC 8878: the frame header, each block's size, the checksum, skippable frames),
    to tell whether the stream stands between two frames."""

    _MAGIC, _SKIPPABLE = 0xFD2FB528, 0x184D2A50

    def __init__(self, source: IO[bytes]) -> None:
        super().__init__()
        self._source = source
        self._header = bytearray()
        self._wanted, self._expect = 4, "magic"  # the bytes of the next header, and which header
        self._skip = 0  # bytes of content to pass over
        self._checksum = False
        self._lost = False  # not a stream this walker can follow: the decompressor will say so

    @property
    def is_between_frames(self) -> bool:
        """Whether the bytes read so far end between two frames (or were no frames at all)."""
        return self._lost or (self._expect == "magic" and not self._header and not self._skip)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._source.read(len(buffer))
        buffer[:len(data)] = data
        if not self._lost:
            self._follow(memoryview(data))
        return len(data)

    def _follow(self, data: memoryview) -> None:
        while data and not self._lost:
            if self._skip:
                passed = min(self._skip, len(data))
                self._skip -= passed
                data = data[passed:]
                continue
            taken = min(self._wanted - len(self._header), len(data))
            self._header += data[:taken]
            data = data[taken:]
            if len(self._header) == self._wanted:
                header = bytes(self._header)
                self._header.clear()
                self._read_header(header)

    def _read_header(self, header: bytes) -> None:
        if self._expect == "magic":
            magic = int.from_bytes(header, "little")
            if magic == self._MAGIC:
                self._wanted, self._expect = 1, "descriptor"
            elif magic & 0xFFFFFFF0 == self._SKIPPABLE:
                self._wanted, self._expect = 4, "skippable"
            else:
                self._lost = True
        elif self._expect == "skippable":
            self._skip = int.from_bytes(header, "little")
            self._wanted, self._expect = 4, "magic"
        elif self._expect == "descriptor":
            descriptor = header[0]
            single_segment = bool(descriptor & 0x20)
            self._checksum = bool(descriptor & 0x04)
            content_size = (1 if single_segment else 0, 2, 4, 8)[descriptor >> 6]
            rest = (0 if single_segment else 1) + (0, 1, 2, 4)[descriptor & 0x03] + content_size
            self._wanted, self._expect = 3, "block"
            self._skip = rest  # the window, dictionary and content size: nothing to check here
        else:
            block = int.from_bytes(header, "little")
            kind, size = (block >> 1) & 0x03, block >> 3
            if kind == 3:  # reserved: corrupt, which the decompressor reports
                self._lost = True
                return
            self._skip = 1 if kind == 1 else size  # a run-length block holds one byte
            if block & 0x01:  # the last block: the checksum, then the next frame
                self._skip += 4 if self._checksum else 0
                self._wanted, self._expect = 4, "magic"


# -- Dask: plain files in byte ranges, other inputs in batches of games ------------------------------


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
    while block := handle.read(_BUFFER):
        window = carried + block
        match = _CANDIDATE.search(window)
        if match is not None:
            return position - len(carried) + match.end()
        carried = window[-64:]  # a blank line split between two blocks
        position += len(block)
    return None


def range_texts(part: ByteRange) -> RangeResult[tuple[int, str]]:
    """The game texts of a range, cut and numbered by :func:`arbiter.files.audit.game_texts` (from 1),
    read from the file and decoded as :func:`open_text` decodes it; and whether the range ends
    where the whole file's reading starts a game.

    :raises OSError: the file cannot be read here (a worker that does not see it).
    """
    try:
        with open(part.path, "rb") as handle:
            handle.seek(part.start)
            data = handle.read(part.end - part.start)
    except OSError as err:  # on a worker: say so, the client can read the file
        raise OSError(err.errno, f"a Dask worker cannot read {part.path}: {err.strerror or err} (with "
                                 "--scheduler, the workers must see the file at that path)") from None
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


def audit_range(part: ByteRange, notation: str | None) -> RangeResult[GameAudit]:
    """A range's games audited (a task on a worker), numbered from 1; none when the range must be
    joined to the next one."""
    texts = range_texts(part)
    return RangeResult([audit_text(item, notation) for item in texts.items], texts.ends_at_game_start)


def audit_batch(batch: list[tuple[int, str]], notation: str | None) -> list[GameAudit]:
    """A batch of numbered game texts audited (a task on a worker)."""
    return [audit_text(item, notation) for item in batch]


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


def audit_on_dask(client: Workers, name: str, handle: TextIO, notation: str | None) -> Iterator[GameAudit]:
    """Every game of one input audited on the cluster, in order and numbered as ``--jobs 1`` gives
    them: a plain file in byte ranges the workers read, anything else read from ``handle`` (the
    input opened by :func:`open_text`) and sent in batches."""
    workers = max(1, sum(client.nthreads().values()))
    window = 2 * workers + 2
    if is_plain_file(name):
        size = max(SMALLEST_RANGE, min(LARGEST_RANGE, os.path.getsize(name) // (4 * workers)))
        results = ranges_in_order(lambda part: client.submit(audit_range, part, notation, pure=False),
                                  byte_ranges(name, size), window)
        yield from numbered_from(results, _renumbered_game)
        return
    for audited in batches_in_order(lambda batch: client.submit(audit_batch, batch, notation, pure=False),
                                    game_texts(handle), window):
        yield from audited


@contextlib.contextmanager
def dask_client(scheduler: str | None, workers: int) -> Iterator[Client]:
    """A client of the Dask scheduler at ``scheduler``; without one, of a local cluster of
    ``workers`` processes started here and closed at the end.

    :raises EngineError: ``distributed`` is not installed, or the scheduler cannot be reached.
    """
    try:
        import distributed
    except ImportError:
        raise EngineError("--engine dask needs the distributed package: pip install 'arbiter[dask]'") from None
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout=SCHEDULER_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, ValueError) as err:  # TimeoutError is an OSError
            raise EngineError(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
        with client:
            yield client
        return
    import logging

    # One thread a worker: the audit is Python, held by the GIL. The scheduler's web server on a
    # free port: on 8787, taken by another cluster, it would warn. (The constructors are unannotated.)
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,  # type: ignore[no-untyped-call]
                                       processes=True, dashboard_address=":0", silence_logs=logging.ERROR)
    with cluster, distributed.Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client
