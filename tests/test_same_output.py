"""Issue 36: the compiled core changes nothing but the speed. The JSON of ``arbiter run`` over the
scenario library, and of ``arbiter audit`` over the real archives, are the same byte for byte with
the compiled core and with python-chess alone (``ARBITER_CORE=python``)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from arbiter.core import legalcore
from tests.conftest import Piped

ROOT = Path(__file__).resolve().parents[1]


def _digest(piped: Piped, monkeypatch: pytest.MonkeyPatch, args: list[str], compiled: bool) -> str:
    if compiled:
        monkeypatch.delenv("ARBITER_CORE", raising=False)
    else:
        monkeypatch.setenv("ARBITER_CORE", "python")
    legalcore._is_available.cache_clear()
    try:
        done = piped(args, cwd=ROOT)
    finally:
        legalcore._is_available.cache_clear()
    assert done.stdout, done.stderr
    return hashlib.sha256(done.stdout.encode()).hexdigest()


@pytest.mark.slow
def test_the_scenario_library_rules_the_same_with_and_without_the_compiled_core(
        piped: Piped, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["run", "--format", "json", "scenarios"]
    assert _digest(piped, monkeypatch, args, True) == _digest(piped, monkeypatch, args, False)


@pytest.mark.slow
def test_the_audit_of_real_archives_is_the_same_with_and_without_the_compiled_core(
        piped: Piped, monkeypatch: pytest.MonkeyPatch) -> None:
    archives = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bench" / "real").glob("*.pgn"))
    args = ["audit", "--format", "json", *archives]
    assert _digest(piped, monkeypatch, args, True) == _digest(piped, monkeypatch, args, False)
