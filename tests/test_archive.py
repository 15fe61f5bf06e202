"""arbiter audit's inputs at archive scale (docs/audit.md): gzip, bzip2 and zstandard files and
standard input read as the plain file is, a corrupt archive reported in one line, constant
memory, and the byte ranges of ``--engine dask`` cut exactly where ``game_texts`` cuts."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import os
import sys
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
import zstandard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Piped, examples

from arbiter.files import archive, daskaudit
from arbiter.files.archive import compression_of, open_text
from arbiter.files.daskaudit import ByteRange, RangeResult, byte_ranges, range_texts
from arbiter.files.pgntext import game_texts
from arbiter.cli import main

ROOT = Path(__file__).resolve().parent.parent
INPUTS = [*sorted((ROOT / "tests" / "fixtures" / "pgn").glob("*.pgn")), ROOT / "tests" / "data" / "real-games.pgn"]
CLEAN = '[Event "clean"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n'
ILLEGAL = '[Event "illegal"]\n[White "C"]\n[Black "D"]\n[Result "*"]\n\n1. e4 e5 2. Ke2 Qh4 3. Kf3 Qxe4+ 4. Kf3g4 *\n'

COMPRESS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    # the zstd command line's default: a checksum of the content at the end of each frame
    ".zst": lambda data: zstandard.ZstdCompressor(write_checksum=True).compress(data),
}


def corpus_head(games: int = 200) -> bytes:
    """The first ``games`` games of bench/corpus.pgn."""
    text = (ROOT / "bench" / "corpus.pgn").read_text(encoding="utf-8")
    return ("\n\n[Event".join(text.split("\n\n[Event")[:games]) + "\n").encode("utf-8")


def audit_out(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["audit", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def renamed(out: str, name: str, as_name: str) -> str:
    """The output with one file's name as another's (a game line starts with it; JSON quotes it)."""
    return out.replace(f"{name} game ", f"{as_name} game ").replace(f'"file": "{name}"', f'"file": "{as_name}"')


# -- 1. every format, and standard input, read as the plain file -------------------------------------


@pytest.mark.parametrize("source", INPUTS, ids=lambda p: p.name)
@pytest.mark.parametrize("output", ["text", "json"])
def test_each_compression_gives_the_plain_files_output(source: Path, output: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "games.pgn"
    plain.write_bytes(source.read_bytes())
    expected = audit_out(capsys, "--format", output, str(plain))
    for suffix, compress in COMPRESS.items():
        packed = tmp_path / f"games.pgn{suffix}"
        packed.write_bytes(compress(source.read_bytes()))
        status, out, err = audit_out(capsys, "--format", output, str(packed))
        assert (status, renamed(out, str(packed), str(plain)), err) == expected, suffix


@pytest.mark.slow
def test_two_hundred_corpus_games_read_alike_from_every_format_and_from_standard_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The texts of the games from every format; the whole output from the Lichess database's format
    (zstandard) and from standard input (auditing 200 games takes a second each time)."""
    data = corpus_head()
    plain = tmp_path / "corpus.pgn"
    plain.write_bytes(data)
    whole = _whole(str(plain))
    assert len(whole) == 200
    for suffix, compress in COMPRESS.items():
        packed = tmp_path / f"corpus.pgn{suffix}"
        packed.write_bytes(compress(data))
        assert _whole(str(packed)) == whole, suffix
    expected = audit_out(capsys, "--format", "json", str(plain))
    assert len(expected[1].splitlines()) == 201  # a line a game, and the summary
    status, out, err = audit_out(capsys, "--format", "json", str(tmp_path / "corpus.pgn.zst"))
    assert (status, renamed(out, str(tmp_path / "corpus.pgn.zst"), str(plain)), err) == expected
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(COMPRESS[".gz"](data)), encoding="utf-8"))
    status, out, err = audit_out(capsys, "--format", "json", "-")
    assert (status, renamed(out, "-", str(plain)), err) == expected


@pytest.mark.parametrize("source", INPUTS, ids=lambda p: p.name)
def test_standard_input_plain_or_compressed_gives_the_files_output(
        source: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    expected = audit_out(capsys, "--format", "json", str(source))
    for data in (source.read_bytes(), b"\xef\xbb\xbf" + source.read_bytes(), COMPRESS[".gz"](source.read_bytes())):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        status, out, err = audit_out(capsys, "--format", "json", "-")
        assert (status, renamed(out, "-", str(source)), err) == expected


def test_the_real_standard_input_of_the_command(tmp_path: Path, piped: Piped) -> None:
    """Through a real pipe (sys.stdin.buffer of a descriptor, not a stand-in); a byte-order mark at
    the start is read away."""
    source = tmp_path / "games.pgn"
    source.write_bytes(ILLEGAL.encode() + b"\n" + INPUTS[-1].read_bytes())
    through_pipe = piped(["audit", "-"], COMPRESS[".bz2"](b"\xef\xbb\xbf" + source.read_bytes()))
    named = piped(["audit", str(source)])
    assert through_pipe.returncode == named.returncode == 1
    assert through_pipe.stderr == named.stderr == ""
    assert through_pipe.stdout.replace("- game ", f"{source} game ") == named.stdout


def test_a_compressed_file_named_pgn_is_recognised_by_its_first_bytes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "games.pgn"
    plain.write_text(ILLEGAL, encoding="utf-8")
    expected = audit_out(capsys, str(plain))
    for suffix, compress in COMPRESS.items():
        hidden = tmp_path / f"hidden{suffix.replace('.', '-')}.pgn"
        hidden.write_bytes(compress(ILLEGAL.encode("utf-8")))
        status, out, err = audit_out(capsys, str(hidden))
        assert (status, renamed(out, str(hidden), str(plain)), err) == expected, suffix


def test_compression_is_told_by_the_suffix_then_by_the_magic_number() -> None:
    assert compression_of("a.pgn.gz", b"[Event") == "gzip"  # the name decides: a fault is then reported
    assert compression_of("A.PGN.ZST", b"") == "zstandard"
    assert compression_of("a.pgn.bz2", b"") == "bzip2"
    assert compression_of("a.pgn", gzip.compress(b"x")[:10]) == "gzip"
    assert compression_of("a.pgn", bz2.compress(b"x")[:10]) == "bzip2"
    assert compression_of("a.pgn", bz2.compress(b"")[:10]) == "bzip2"
    assert compression_of("-", COMPRESS[".zst"](b"x")[:10]) == "zstandard"
    assert compression_of("a.pgn", b"BZh9 is how my notes begin") is None  # no block magic after it
    assert compression_of("a.pgn", b'[Event "x"]') is None


def test_several_zstandard_frames_are_read_one_after_another(tmp_path: Path) -> None:
    path = tmp_path / "frames.pgn.zst"
    path.write_bytes(COMPRESS[".zst"](CLEAN.encode()) + COMPRESS[".zst"](("\n" + ILLEGAL).encode()))
    with open_text(str(path)) as handle:
        assert [text for _, text in game_texts(handle)] == [CLEAN, ILLEGAL]


# -- 2. a corrupt or truncated archive -----------------------------------------------------------------


def _damaged(data: bytes) -> dict[str, bytes]:
    """Archives of ``data`` cut short or with bytes overwritten in the middle, by name."""
    zst, gz, bz = COMPRESS[".zst"](data), gzip.compress(data), bz2.compress(data)
    middle = len(gz) // 2
    return {
        "truncated.pgn.gz": gz[: len(gz) * 2 // 3],
        "corrupt.pgn.gz": gz[:middle] + bytes(64) + gz[middle + 64:],
        "truncated.pgn.zst": zst[: len(zst) * 2 // 3],
        "corrupt.pgn.zst": zst[: len(zst) // 2] + bytes(64) + zst[len(zst) // 2 + 64:],
        "truncated.pgn.bz2": bz[: len(bz) * 2 // 3],
        "plain-named.pgn.gz": data,
    }


@pytest.mark.parametrize("name", list(_damaged(b"")))
def test_a_damaged_archive_is_one_error_line_and_the_other_files_are_audited(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = corpus_head(60)
    bad = tmp_path / name
    bad.write_bytes(_damaged(data)[name])
    good = tmp_path / "good.pgn"
    good.write_text(ILLEGAL, encoding="utf-8")
    status, out, err = audit_out(capsys, str(bad), str(good))
    assert status == 2
    [line] = err.splitlines()
    kind = {"gz": "gzip", "zst": "zstandard", "bz2": "bzip2"}[name.rsplit(".", 1)[1]]
    assert line.startswith(f"arbiter audit: {bad}: ")
    assert f"{kind} data" in line and ("truncated" in line or "corrupt" in line), line
    assert line.endswith("; the rest of the file is not read)")
    assert "Traceback" not in err
    assert f"{good} game 1 (C - D, *)" in out.splitlines()
    status, out, _ = audit_out(capsys, "--format", "json", str(bad), str(good))
    invalid = [entry["file"] for entry in json.loads(out.splitlines()[-1])["summary"]["invalid_files"]]
    assert status == 2 and invalid == [str(bad)]


@pytest.mark.slow
def test_the_games_before_a_truncation_are_audited_alike_in_one_process_and_in_several(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = corpus_head(120)
    bad = tmp_path / "cut.pgn.gz"
    bad.write_bytes(_damaged(data)["truncated.pgn.gz"])
    one = audit_out(capsys, "--format", "json", str(bad))
    assert one[0] == 2 and 10 < len(one[1].splitlines()) < 120
    assert f"after game {len(one[1].splitlines()) - 1};" in one[2]
    assert audit_out(capsys, "--format", "json", "--jobs", "2", str(bad)) == one


def test_a_zstandard_stream_cut_anywhere_inside_a_frame_is_truncated_and_between_frames_is_whole(
        tmp_path: Path) -> None:
    """zstandard's own stream reader ends a truncated stream silently; every cut is tried here, over
    frames with and without a checksum and content size, a skippable frame, and raw, run-length and
    compressed blocks."""
    frames = [zstandard.ZstdCompressor(write_checksum=True).compress(CLEAN.encode()),
              zstandard.ZstdCompressor(write_content_size=False).compress(b"\n" + ILLEGAL.encode() * 40),
              (0x184D2A53).to_bytes(4, "little") + (3).to_bytes(4, "little") + b"pad",
              zstandard.ZstdCompressor(level=1).compress(b" " * 300_000 + b"\n"),
              zstandard.ZstdCompressor(level=-5).compress(bytes(range(32, 127)) * 3 + b"\n")]
    whole = b"".join(frames)
    ends = {sum(len(frame) for frame in frames[:count]) for count in range(len(frames) + 1)}
    path = tmp_path / "cut.pgn.zst"
    wrong = []
    for cut in range(len(whole) + 1):
        path.write_bytes(whole[:cut])
        try:
            with open_text(str(path)) as handle:
                handle.read()
        except archive.ArchiveError:
            if cut in ends:
                wrong.append(cut)
        else:
            if cut not in ends:
                wrong.append(cut)
    assert wrong == []
    with open_text(str(path)) as handle:
        assert handle.read().startswith(CLEAN + "\n" + ILLEGAL)


# -- 3. constant memory ----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_large_zstandard_archive_is_read_in_constant_memory(tmp_path: Path) -> None:
    game = (ROOT / "tests" / "data" / "real-games.pgn").read_text(encoding="utf-8").split("\n\n[Event")[0] + "\n\n"
    path = tmp_path / "large.pgn.zst"
    with open(path, "wb") as raw, zstandard.ZstdCompressor(write_checksum=True).stream_writer(raw) as packed:
        for number in range(20_000):
            packed.write(game.replace("Third Rosenwald Trophy", f"Trophy {number}").encode("utf-8"))
    size = 20_000 * len(game)
    tracemalloc.start()
    try:
        with open_text(str(path)) as handle:
            count = sum(1 for _ in game_texts(handle))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 20_000
    assert size > 10_000_000
    assert peak < size / 10, f"peak {peak:,} bytes for {size:,} bytes of games"


# -- 4. byte ranges cut where game_texts cuts ---------------------------------------------------------------


class Done:
    """A task's result already there: the stand-in for a Dask future."""

    def __init__(self, value: RangeResult[tuple[int, str]]) -> None:
        self.value = value

    def result(self) -> RangeResult[tuple[int, str]]:
        return self.value

    def cancel(self) -> None:
        pass


def _texts_by_range(path: str, size: int, window: int = 3) -> tuple[list[tuple[int, str]], int]:
    """The file's game texts as the ranges give them, numbered on; and how many tasks ran."""
    tasks = []

    def submit(part: ByteRange) -> Done:
        tasks.append(part)
        return Done(range_texts(part))

    lists = daskaudit.ranges_in_order(submit, byte_ranges(path, size), window)
    return list(daskaudit.numbered_from(lists, lambda item, offset: (item[0] + offset, item[1]))), len(tasks)


def _whole(path: str) -> list[tuple[int, str]]:
    with open_text(path) as handle:
        return list(game_texts(handle))


_LINES = st.sampled_from([
    '[Event "a"]', '[White "W"]', '[Result "1-0"]', "[Event", "[", "[Black \"B\" ]   ", "",
    "", "", "   ", "\t", "1. e4 e5 2. Nf3 Nc6 1-0", "1. d4 {a comment", "that goes on", "}", "*", "{", "} 1-0",
    "1. e4 {", "[Event \"inside a comment\"]", "% an escape line", "; a line comment {", "1. e4 ; {", "1/2-1/2",
    "\ufeff[Event \"a mark\"]", "caf\u00e9 \u2658f3", "{ [Event \"x\"] }", "(1. c4 {", ")",
])
_ENDINGS = st.sampled_from(["\n", "\n", "\n", "\r\n", "\r"])


@st.composite
def pgn_bytes(draw: st.DrawFn) -> bytes:
    """PGN-like bytes: tags with and without movetext, comments holding blank lines and tag lines,
    escape lines, a byte-order mark, CRLF and CR endings, bytes that are not UTF-8."""
    lines = draw(st.lists(st.tuples(_LINES, _ENDINGS), max_size=60))
    data = "".join(line + ending for line, ending in lines).encode("utf-8")
    if draw(st.booleans()):
        data = b"\xef\xbb\xbf" + data
    if draw(st.booleans()) and data:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xe2\x82", b"\xc3"])) + data[at:]
    return data


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=pgn_bytes(), sizes=st.lists(st.integers(1, 400), min_size=1, max_size=4))
def test_the_ranges_together_give_the_whole_files_games(data: bytes, sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.pgn")
        with open(path, "wb") as handle:
            handle.write(data)
        whole = _whole(path)
        for size in [*sizes, 1, len(data) + 1]:
            assert _texts_by_range(path, size)[0] == whole, size


_COMMENTED = (CLEAN + "\n" + '[Event "commented"]\n[Result "*"]\n\n1. e4 { a note\n\n[Event "quoted in the note"]\n\n'
              "still the note } e5 *\n\n" + '[Event "tags"]\n\n[Site "after one blank line"]\n\n\n' + ILLEGAL)


_SIZES = range(1, len(_COMMENTED) + 2, 7)


@pytest.mark.parametrize("size", _SIZES)
def test_a_cut_in_a_comment_or_among_tags_is_joined_to_the_next_range(size: int, tmp_path: Path) -> None:
    path = tmp_path / "commented.pgn"
    path.write_text(_COMMENTED, encoding="utf-8")
    whole = _whole(str(path))
    assert len(whole) == 4 and whole[1][1].count("[Event") == 2 and "[Site" in whole[2][1]
    texts, tasks = _texts_by_range(str(path), size)
    assert texts == whole
    cuts = [part.end for part in byte_ranges(str(path), size)][:-1]
    inside = _COMMENTED.index('[Event "quoted') in cuts or _COMMENTED.index("[Site") in cuts
    assert (tasks > len(cuts) + 1) == inside  # a task again for each cut that fell inside a game
    if size in (1, 43, 106, 218):
        assert inside


def test_every_range_but_the_first_begins_with_a_tag_line_after_a_blank_line(tmp_path: Path) -> None:
    path = tmp_path / "corpus.pgn"
    path.write_bytes(corpus_head(50))
    parts = list(byte_ranges(str(path), 2000))
    assert len(parts) > 10 and parts[0].start == 0 and parts[-1].is_last
    data = path.read_bytes()
    for before, part in zip(parts, parts[1:], strict=False):
        assert before.end == part.start and data[part.start - 2:part.start + 1] == b"\n\n["
    assert parts[-1].end == len(data)
