"""arbiter audit --engine dask (docs/audit.md): on a two-worker cluster started here, the output of
``--jobs 1``, byte for byte and in the same order, for plain files cut into ranges (cuts inside
comments included), compressed files, standard input, invalid and damaged files; the errors of an
engine that cannot run; and the bounded window of tasks."""

from __future__ import annotations

import builtins
import contextlib
import gzip
import io
import logging
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed
import pytest
import zstandard

from arbiter.files import archive, daskaudit
from arbiter.files.audit import audit_text
from arbiter.files.pgntext import game_texts
from arbiter.cli import main
from tests.test_archive import _COMMENTED, CLEAN, ILLEGAL, INPUTS, audit_out, corpus_head

#: Every test here starts or uses a local Dask cluster (seconds): none is in the quick run.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a cluster of two worker processes, one thread each, as the command starts."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1,  # type: ignore[no-untyped-call]
                                  processes=True, dashboard_address=":0", silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Several files of every kind: plain ones cut into many ranges (some cuts inside a comment or
    among tags), a compressed one, one that is not PGN, a missing one, a truncated archive."""
    monkeypatch.setattr(daskaudit, "SMALLEST_RANGE", 64)
    corpus = tmp_path / "corpus.pgn"
    corpus.write_bytes(corpus_head(150))
    commented = tmp_path / "commented.pgn"
    commented.write_text(_COMMENTED, encoding="utf-8")
    packed = tmp_path / "games.pgn.zst"
    packed.write_bytes(zstandard.ZstdCompressor(write_checksum=True).compress(corpus_head(40) + ILLEGAL.encode()))
    notes = tmp_path / "notes.txt"
    notes.write_text("These are my notes on the tournament.\nNothing here is a game.\n", encoding="utf-8")
    cut = tmp_path / "cut.pgn.gz"
    whole = gzip.compress(corpus_head(40))
    cut.write_bytes(whole[: len(whole) // 2])
    return [*map(str, INPUTS), str(commented), str(corpus), str(packed), str(notes), str(tmp_path / "missing.pgn"),
            str(cut)]


@pytest.mark.parametrize("output", ["text", "json"])
def test_dask_gives_the_output_of_one_process(output: str, inputs: list[str], scheduler: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    one = audit_out(capsys, "--format", output, "--jobs", "1", *inputs)
    on_dask = audit_out(capsys, "--format", output, "--engine", "dask", "--scheduler", scheduler, *inputs)
    assert on_dask == one
    assert one[0] == 2
    for name, error in zip(inputs[-3:], ("holds no PGN game", "No such file", "truncated gzip data"), strict=True):
        assert f"arbiter audit: {name}: {error}" in one[2]


def test_standard_input_on_dask(scheduler: str, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    data = (CLEAN + "\n" + ILLEGAL).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    one = audit_out(capsys, "--format", "json", "-")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(gzip.compress(data)), encoding="utf-8"))
    assert audit_out(capsys, "--format", "json", "--engine", "dask", "--scheduler", scheduler, "-") == one
    assert one[0] == 1 and '"game": 2' in one[1]


def test_a_cut_inside_a_comment_is_joined_on_the_cluster_too(scheduler: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Real futures: the range after a cut inside a game is cancelled and the joined one audited."""
    monkeypatch.setattr(daskaudit, "SMALLEST_RANGE", 16)
    monkeypatch.setattr(daskaudit, "LARGEST_RANGE", 16)
    path = tmp_path / "commented.pgn"
    path.write_text(_COMMENTED * 3, encoding="utf-8")
    cuts = [part.end for part in daskaudit.byte_ranges(str(path), 16)]
    inside = [cut for cut in cuts if path.read_bytes()[cut:cut + 14] in (b'[Event "quoted', b'[Site "after o')]
    assert len(inside) >= 3
    with distributed.Client(scheduler) as client:  # type: ignore[no-untyped-call]
        games = list(daskaudit.audit_by_workers(client, str(path), io.StringIO(), None))
    with archive.open_text(str(path)) as handle:
        expected = [audit_text(item, None) for item in game_texts(handle)]
    assert [game.as_dict() for game in games] == [game.as_dict() for game in expected]
    assert len(games) == 12


def test_without_a_scheduler_the_command_starts_and_closes_a_local_cluster(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.pgn"
    path.write_text(CLEAN + "\n" + ILLEGAL, encoding="utf-8")
    one = audit_out(capsys, str(path))
    assert audit_out(capsys, "--engine", "dask", "--jobs", "2", str(path)) == one
    assert one[0] == 1


@pytest.mark.parametrize("scheduled", [False, True])
def test_the_workers_audit_on_the_compiled_core(scheduled: bool) -> None:
    """A worker runs its tasks in a thread of its own, and rust-chess must be loaded by its main
    thread (``legalcore._load_in_main_thread``): the command's client has every worker load it so
    at once (``daskworker.CoreLoader``), on a cluster started here or named by ``--scheduler``,
    before any task of ours has come. Without it the tasks could run on python-chess alone, at twice
    the CPU time a game (they did, while the core was the main thread's only)."""
    from arbiter.core.legalcore import is_compiled_available

    if not is_compiled_available():
        pytest.skip("rust-chess is not installed here")
    with contextlib.ExitStack() as stack:
        address = None
        if scheduled:  # a cluster of its own: no task of another test has loaded anything in it
            cluster = stack.enter_context(distributed.LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0",
                silence_logs=logging.ERROR))
            address = cluster.scheduler_address
        client = stack.enter_context(daskaudit.dask_client(address, 1))
        plugins = client.run_on_scheduler(lambda dask_scheduler: sorted(dask_scheduler.worker_plugins))
        loaded = client.run(lambda: "rust_chess" in sys.modules)  # sent by value: it imports nothing of ours
        answers = [client.submit(is_compiled_available, pure=False).result() for _ in range(3)]
    assert "arbiter-core-loader" in plugins  # also for a cluster it did not start
    assert list(loaded.values()) == [True]
    assert answers == [True, True, True]


def test_without_distributed_the_dask_engine_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def without_distributed(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "distributed" or name.startswith("distributed."):
            raise ModuleNotFoundError("No module named 'distributed'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_distributed)
    path = tmp_path / "games.pgn"
    path.write_text(CLEAN, encoding="utf-8")
    status, out, err = audit_out(capsys, "--engine", "dask", str(path))
    assert (status, out) == (2, "")
    assert err == "arbiter audit: --engine dask needs the distributed package: pip install 'arbiter[dask]'\n"


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daskaudit, "SCHEDULER_TIMEOUT", "1s")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    path = tmp_path / "games.pgn"
    path.write_text(CLEAN, encoding="utf-8")
    status, out, err = audit_out(capsys, "--engine", "dask", "--scheduler", f"tcp://127.0.0.1:{port}", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"arbiter audit: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: ")
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_scheduler_without_the_dask_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["audit", "--scheduler", "tcp://127.0.0.1:8786", str(INPUTS[0])])
    assert stop.value.code == 2
    assert "--scheduler ADDRESS names a Dask scheduler: it needs --engine dask" in capsys.readouterr().err


# -- the window of tasks ----------------------------------------------------------------------------------


class _Counted:
    """A stand-in for a Dask client that runs each task when its result is asked for, and counts
    the tasks submitted and not yet collected."""

    def __init__(self) -> None:
        self.at_work = 0
        self.most_at_work = 0
        self.cancelled = 0

    def submit(self, func: Any, /, *args: Any, pure: bool = True) -> _Task:
        self.at_work += 1
        self.most_at_work = max(self.most_at_work, self.at_work)
        return _Task(self, lambda: func(*args))

    def nthreads(self) -> dict[str, int]:
        return {"a": 1, "b": 1}


class _Task:
    def __init__(self, client: _Counted, run: Any) -> None:
        self.client, self.run, self.done = client, run, False

    def result(self) -> Any:
        self._leave()
        return self.run()

    def cancel(self) -> None:
        self.client.cancelled += 1
        self._leave()

    def _leave(self) -> None:
        if not self.done:
            self.done = True
            self.client.at_work -= 1


def test_at_most_a_window_of_ranges_or_batches_is_at_work_at_once(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daskaudit, "SMALLEST_RANGE", 16)
    monkeypatch.setattr(daskaudit, "LARGEST_RANGE", 16)  # cuts in the comments and among the tags
    monkeypatch.setattr(daskaudit, "BATCH_GAMES", 3)
    path = tmp_path / "commented.pgn"
    path.write_text(_COMMENTED * 20, encoding="utf-8")
    with archive.open_text(str(path)) as handle:
        expected = [audit_text(item, None).as_dict() for item in game_texts(handle)]
    window = 2 * 2 + 2
    plain = _Counted()
    assert [game.as_dict() for game in daskaudit.audit_by_workers(plain, str(path), io.StringIO(), None)] == expected
    assert plain.most_at_work <= window + 1 and plain.at_work == 0 and plain.cancelled > 0
    packed = tmp_path / "commented.pgn.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    batched = _Counted()
    with archive.open_text(str(packed)) as handle:
        games = [game.as_dict() for game in daskaudit.audit_by_workers(batched, str(packed), handle, None)]
    assert games == expected and batched.most_at_work <= window and batched.at_work == 0


def test_a_worker_that_cannot_read_the_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "games.pgn"
    path.write_text(CLEAN, encoding="utf-8")

    class Elsewhere(_Counted):
        """Workers on machines that do not see the file."""

        def submit(self, func: Any, /, *args: Any, pure: bool = True) -> _Task:
            path.unlink(missing_ok=True)
            return super().submit(func, *args, pure=pure)

    with pytest.raises(OSError, match=r"a Dask worker cannot read .*games\.pgn: No such file or directory \(with "
                                      r"--scheduler, the workers must see the file at that path\)"):
        list(daskaudit.audit_by_workers(Elsewhere(), str(path), io.StringIO(), None))


@pytest.mark.parametrize("output", ["text", "json"])
def test_dask_gives_the_output_of_one_process_in_serbian(output: str, inputs: list[str], scheduler: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The workers are given the language: the findings come back in Serbian, as with ``--jobs 1``."""
    one = audit_out(capsys, "--lang", "sr", "--format", output, "--jobs", "1", *inputs)
    on_dask = audit_out(capsys, "--lang", "sr", "--format", output, "--engine", "dask", "--scheduler", scheduler,
                        *inputs)
    assert on_dask == one
    assert "није правилан потез" in one[1]
