"""The inputs of ``arbiter audit`` at archive scale: plain, gzip, bzip2 and zstandard PGN files and
standard input, read as one text stream in constant memory.

A file's compression is told by its name (``.gz``, ``.bz2``, ``.zst``); under any other name, by
its first bytes, so that a ``.pgn`` that is in fact compressed is read all the same. Every text is
decoded as the audit always decoded it: UTF-8, a byte-order mark at the start read away, bytes
that are not UTF-8 replaced.
"""

from __future__ import annotations

import bz2
import gzip
import io
import os
import re
import sys
import zlib
from collections.abc import Callable
from typing import IO, TextIO, cast

import zstandard

from arbiter.core.errors import ArbiterError
from arbiter.core.i18n import _

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
            raise OSError(_("standard input gives text, not bytes: it cannot be read as a {pgn} file").format(
                pgn="PGN"))
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
            raise ArchiveError(_("truncated {kind} data: {error}").format(kind=self.kind, error=err)) from None
        except (zlib.error, zstandard.ZstdError) as err:
            raise ArchiveError(_("corrupt {kind} data: {error}").format(kind=self.kind, error=err)) from None
        except OSError as err:
            if err.errno is not None:  # the disk, not the data
                raise
            raise ArchiveError(_("corrupt {kind} data, or not {kind}: {error}").format(kind=self.kind,
                                                                                       error=err)) from None
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
            raise EOFError(_("the file ends inside a frame"))
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
